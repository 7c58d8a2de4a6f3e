//! The backward oracle (see the parent module).
