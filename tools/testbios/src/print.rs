//! Text output: every byte through the B0 vector, and the `printf` subset
//! the programs use (`%s %c %d %i %u %x %X %p %%`, with `-`, `0`, a width
//! and `l`/`h` size letters, which change nothing on a 32-bit machine).

extern "C" {
    /// Calls B(3Dh) putchar through the vector at 0xB0 (`asm.rs`).
    fn b0_putchar(c: u32) -> u32;
}

/// One byte to the TTY.
pub fn out(c: u8) {
    // SAFETY: the B0 vector and dispatcher are in RAM before any Rust code
    // runs (the reset code copies them first); putchar takes any byte.
    unsafe {
        b0_putchar(u32::from(c));
    }
}

pub fn out_str(s: &[u8]) {
    for &c in s {
        out(c);
    }
}

/// `value` in hexadecimal, `digits` wide, zero-padded, with "0x".
pub fn out_hex(value: u32, digits: u32) {
    out_str(b"0x");
    for i in (0..digits).rev() {
        out(HEX_UPPER[(value >> (i * 4)) as usize & 0xF]);
    }
}

const HEX_LOWER: &[u8; 16] = b"0123456789abcdef";
const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Prints a NUL-terminated string; "<NULL>" for a null pointer.
///
/// # Safety
/// `s` is null or points at a NUL-terminated string.
pub unsafe fn out_cstr(s: *const u8) -> usize {
    if s.is_null() {
        out_str(b"<NULL>");
        return 6;
    }
    let mut n = 0;
    // SAFETY: the caller's contract: readable up to and including the NUL.
    while unsafe { *s.add(n) } != 0 {
        out(unsafe { *s.add(n) });
        n += 1;
    }
    n
}

/// Counts what it prints, for printf's return value.
struct Counter(usize);

impl Counter {
    fn put(&mut self, c: u8) {
        out(c);
        self.0 += 1;
    }

    /// `digits` (most significant first) padded to `width`.
    fn padded(&mut self, digits: &[u8], negative: bool, width: usize, zero: bool, left: bool) {
        let len = digits.len() + usize::from(negative);
        let pad = width.saturating_sub(len);
        if !left && !zero {
            (0..pad).for_each(|_| self.put(b' '));
        }
        if negative {
            self.put(b'-');
        }
        if !left && zero {
            (0..pad).for_each(|_| self.put(b'0'));
        }
        digits.iter().for_each(|&d| self.put(d));
        if left {
            (0..pad).for_each(|_| self.put(b' '));
        }
    }
}

/// Digits of `v` in `base`, into the end of `buf`; returns the used tail.
fn digits(mut v: u32, base: u32, table: &[u8; 16], buf: &mut [u8; 12]) -> usize {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = table[(v % base) as usize];
        v /= base;
        if v == 0 {
            return i;
        }
    }
}

/// The body of A(3Fh).
///
/// # Safety
/// `args[0]` is a NUL-terminated format and `args[1..]` hold one word for
/// each conversion in it (a string's pointer for `%s`).
pub unsafe fn printf(args: *const u32) -> i32 {
    let mut n = Counter(0);
    // SAFETY: the caller's contract.
    let fmt = unsafe { *args } as *const u8;
    let mut next_arg = 1;
    let mut arg = || {
        // SAFETY: one argument word for each conversion (the contract).
        let v = unsafe { *args.add(next_arg) };
        next_arg += 1;
        v
    };
    let mut i = 0;
    loop {
        // SAFETY: the format is NUL-terminated; `i` stops at its NUL.
        let c = unsafe { *fmt.add(i) };
        i += 1;
        match c {
            0 => break,
            b'%' => {}
            _ => {
                n.put(c);
                continue;
            }
        }
        let (mut left, mut zero, mut width) = (false, false, 0usize);
        let mut c = unsafe { *fmt.add(i) };
        i += 1;
        while c == b'-' || c == b'0' {
            left |= c == b'-';
            zero |= c == b'0';
            c = unsafe { *fmt.add(i) };
            i += 1;
        }
        while c.is_ascii_digit() {
            width = width * 10 + usize::from(c - b'0');
            c = unsafe { *fmt.add(i) };
            i += 1;
        }
        while c == b'l' || c == b'h' {
            c = unsafe { *fmt.add(i) };
            i += 1;
        }
        let mut buf = [0u8; 12];
        match c {
            b'%' => n.put(b'%'),
            b'c' => n.put(arg() as u8),
            b's' => {
                let s = arg() as *const u8;
                let mut len = 0;
                // SAFETY: `%s` takes a NUL-terminated string (the contract).
                while !s.is_null() && unsafe { *s.add(len) } != 0 {
                    len += 1;
                }
                let pad = width.saturating_sub(len);
                if !left {
                    (0..pad).for_each(|_| n.put(b' '));
                }
                // SAFETY: as above; null prints as the console's BIOS does.
                n.0 += unsafe { out_cstr(s) };
                if left {
                    (0..pad).for_each(|_| n.put(b' '));
                }
            }
            b'd' | b'i' => {
                let v = arg() as i32;
                let from = digits(v.unsigned_abs(), 10, HEX_LOWER, &mut buf);
                n.padded(&buf[from..], v < 0, width, zero, left);
            }
            b'u' => {
                let from = digits(arg(), 10, HEX_LOWER, &mut buf);
                n.padded(&buf[from..], false, width, zero, left);
            }
            b'x' | b'p' => {
                let from = digits(arg(), 16, HEX_LOWER, &mut buf);
                n.padded(&buf[from..], false, width, zero, left);
            }
            b'X' => {
                let from = digits(arg(), 16, HEX_UPPER, &mut buf);
                n.padded(&buf[from..], false, width, zero, left);
            }
            0 => break,
            other => {
                out_str(b"\nTESTBIOS HALT: printf conversion %");
                out(other);
                out_str(b" is not in the test BIOS\n");
                loop {
                    core::hint::spin_loop();
                }
            }
        }
    }
    n.0 as i32
}
