#[test]
fn version_is_set() { assert!(!farewell::VERSION.is_empty()); }
