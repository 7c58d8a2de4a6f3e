//! The fully naive oracle (see the parent module).
