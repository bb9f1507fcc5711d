//! The event log's transport: whole lines through the BIOS TTY (`printf`).
//!
//! Emulators show the TTY on their console; on hardware a serial cable or a
//! dev board carries it. Each line is built in a fixed buffer and handed to
//! the BIOS in one `printf("%s")` call of at most [`CHUNK`] bytes: the BIOS's
//! own formatting buffer is about 500 bytes, and psx's `println!` panics on a
//! piece of 128 bytes or more, so neither is used for long lines.

use core::fmt;

/// Largest piece handed to the BIOS in one call (plus its NUL).
const CHUNK: usize = 255;

/// A line writer: collects text, flushes it to the BIOS in chunks.
pub struct Tty {
    buf: [u8; CHUNK + 1],
    len: usize,
}

impl Tty {
    /// An empty writer.
    pub const fn new() -> Self {
        Tty { buf: [0; CHUNK + 1], len: 0 }
    }

    /// Hands what is buffered to the BIOS.
    pub fn flush(&mut self) {
        if self.len == 0 {
            return;
        }
        self.buf[self.len] = 0;
        // SAFETY: both strings are NUL-terminated (`buf[len] = 0` above, and
        // the literal), and `%s` consumes exactly the one pointer passed.
        // BIOS printf (A(3Fh)) is safe to call with interrupts off.
        unsafe {
            psx::sys::kernel::psx_printf(b"%s\0".as_ptr() as *const i8, self.buf.as_ptr());
        }
        self.len = 0;
    }
}

impl fmt::Write for Tty {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for &b in s.as_bytes() {
            // A NUL would end the BIOS's string early: drop it.
            if b == 0 {
                continue;
            }
            self.buf[self.len] = b;
            self.len += 1;
            // Lines are batched: one BIOS call per full buffer, and one at
            // the end of each frame (`flush`), not one per line.
            if self.len == CHUNK {
                self.flush();
            }
        }
        Ok(())
    }
}

/// Writes one `AFTK ...` line to the TTY: `aftk_line!(tty, "PAD {}", x)`.
#[macro_export]
macro_rules! aftk_line {
    ($tty:expr, $($args:tt)*) => {{
        use core::fmt::Write as _;
        let _ = $tty.write_str("AFTK ");
        let _ = $tty.write_fmt(format_args!($($args)*));
        let _ = $tty.write_str("\n");
        $tty.flush();
    }};
}
