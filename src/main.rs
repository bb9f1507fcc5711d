#![cfg_attr(target_arch = "mips", no_std)]
#![cfg_attr(target_arch = "mips", no_main)]

#[cfg(target_arch = "mips")]
#[no_mangle]
fn main() {
    psx::println!("AFTK BOOT {}", farewell::VERSION);
    loop {}
}

#[cfg(not(target_arch = "mips"))]
fn main() {
    eprintln!("farewell: this is the PS1 game; `cargo build --release` builds it for the PS1");
    std::process::exit(2);
}
