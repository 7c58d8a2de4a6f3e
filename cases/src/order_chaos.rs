//! Order and Chaos: the ORDER players that the checks play against.
