//! Lets the linker find `unpack.ld` (named by the target spec).
fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    println!("cargo:rustc-link-search=native={dir}");
    println!("cargo:rerun-if-changed=unpack.ld");
}
