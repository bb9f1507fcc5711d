//! The collection's own text writer: the event log, the screen's text,
//! refusals and hints, and every game's notation are written through it,
//! never through `core::fmt` (its formatting machinery and the `write!`
//! calls would be about 10 KB of the console's code).
//!
//! - [`Out`] is where text goes: anything with `fmt::Write::write_str` is
//!   one (a `heapless::String`, the console's TTY, a host `String`, a
//!   `fmt::Formatter`), through `write_str` alone.
//! - [`Text`] is what can be written: `str`, `char`, the integers, a card
//!   ([`crate::cards::Card`]), a move, and the padded and hexadecimal
//!   numbers of [`Pad`] and [`Hex`].
//! - [`put!`](crate::put) writes a list of them: `put!(out, "AFTK NEW game=",
//!   id, " seed=", seed, "\n")`.
//!
//! Host tools keep `core::fmt`: a type's `Display` is its [`Text`], through
//! [`display_via_text!`](crate::display_via_text).

use core::fmt;

/// Where text goes. Every `fmt::Write` is one, through `write_str` only
/// (none of `core::fmt`'s formatting comes with it).
pub trait Out {
    /// Writes `s`; an error when the text does not fit (a buffer full).
    fn put_str(&mut self, s: &str) -> fmt::Result;
}

impl<W: fmt::Write + ?Sized> Out for W {
    fn put_str(&mut self, s: &str) -> fmt::Result {
        self.write_str(s)
    }
}

/// An [`Out`] that keeps nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Discard;

impl fmt::Write for Discard {
    fn write_str(&mut self, _: &str) -> fmt::Result {
        Ok(())
    }
}

/// An [`Out`] as a trait object, for [`put!`](crate::put): a sink given by
/// value (`put!(line, ...)`), by reference or as `&mut dyn Out` alike.
pub trait AsOut {
    /// Itself, as `&mut dyn Out`.
    fn as_out(&mut self) -> &mut dyn Out;
}

impl<T: Out> AsOut for T {
    fn as_out(&mut self) -> &mut dyn Out {
        self
    }
}

impl AsOut for dyn Out + '_ {
    fn as_out(&mut self) -> &mut dyn Out {
        self
    }
}

/// Something that writes itself as text.
pub trait Text {
    /// Writes it to `out`.
    fn text(&self, out: &mut dyn Out) -> fmt::Result;
}

/// Writes each of the arguments (each a [`Text`]) to the [`Out`] given
/// first, stopping at the first error; evaluates to the `fmt::Result`.
/// `put!(out, "AFTK MOVE ", m, "\n")`.
#[macro_export]
macro_rules! put {
    ($out:expr $(, $x:expr)* $(,)?) => {
        $crate::out::put_all({ use $crate::out::AsOut as _; $out.as_out() }, &[$(&$x),*])
    };
}

/// Writes `pieces` in order, stopping at the first error: what
/// [`put!`](crate::put) calls (one call a line, as `write!` makes, rather
/// than one a piece at every call site).
#[inline(never)]
pub fn put_all(out: &mut dyn Out, pieces: &[&dyn Text]) -> fmt::Result {
    for p in pieces {
        p.text(out)?;
    }
    Ok(())
}

/// Implements `Display` (for the host tools and tests) through the types'
/// [`Text`]: `display_via_text!(Move, Loss)`.
#[macro_export]
macro_rules! display_via_text {
    ($($t:ty),* $(,)?) => {$(
        impl core::fmt::Display for $t {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                $crate::out::Text::text(self, f)
            }
        }
    )*};
}

impl Text for str {
    fn text(&self, out: &mut dyn Out) -> fmt::Result {
        out.put_str(self)
    }
}

impl<T: Text + ?Sized> Text for &T {
    fn text(&self, out: &mut dyn Out) -> fmt::Result {
        (**self).text(out)
    }
}

impl<T: Text + ?Sized> Text for &mut T {
    fn text(&self, out: &mut dyn Out) -> fmt::Result {
        (**self).text(out)
    }
}

impl Text for char {
    fn text(&self, out: &mut dyn Out) -> fmt::Result {
        out.put_str(self.encode_utf8(&mut [0; 4]))
    }
}

impl<const N: usize> Text for heapless::String<N> {
    fn text(&self, out: &mut dyn Out) -> fmt::Result {
        out.put_str(self)
    }
}

impl Text for bool {
    /// `true` or `false`, as `Display` has them.
    fn text(&self, out: &mut dyn Out) -> fmt::Result {
        out.put_str(if *self { "true" } else { "false" })
    }
}

/// The decimal digits of `n` (`0` to `9` each), at the end of `buf`.
fn digits(mut n: u32, buf: &mut [u8; 10]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &buf[at..]
}

/// The sixteen digits, then `a` to `f`.
const DIGITS: &[u8; 22] = b"0123456789ABCDEFabcdef";

/// Writes the digits `ds` (each 0 to 15; `lower` for `a`-`f`), one piece
/// of up to 10 characters.
fn put_digits(ds: &[u8], lower: bool, out: &mut dyn Out) -> fmt::Result {
    let mut line = heapless::String::<10>::new();
    for &d in ds {
        let d = usize::from(d) + if lower && d > 9 { 6 } else { 0 };
        let _ = line.push(char::from(DIGITS.get(d).copied().unwrap_or(b'?')));
    }
    out.put_str(&line)
}

/// Writes `n` in decimal.
#[inline(never)]
pub fn put_u32(n: u32, out: &mut dyn Out) -> fmt::Result {
    put_digits(digits(n, &mut [0; 10]), false, out)
}

/// Writes `n` in decimal, with `-` when negative.
#[inline(never)]
pub fn put_i32(n: i32, out: &mut dyn Out) -> fmt::Result {
    if n < 0 {
        out.put_str("-")?;
    }
    put_u32(n.unsigned_abs(), out)
}

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl Text for $t {
            fn text(&self, out: &mut dyn Out) -> fmt::Result {
                put_u32(*self as u32, out)
            }
        }
    )*};
}
// `usize` is 32 bits on the console; on the host, a count past `u32::MAX`
// is written saturated (no count of the collection comes near).
unsigned!(u8, u16, u32);

impl Text for usize {
    fn text(&self, out: &mut dyn Out) -> fmt::Result {
        put_u32(u32::try_from(*self).unwrap_or(u32::MAX), out)
    }
}

macro_rules! signed {
    ($($t:ty),*) => {$(
        impl Text for $t {
            fn text(&self, out: &mut dyn Out) -> fmt::Result {
                put_i32(i32::from(*self), out)
            }
        }
    )*};
}
signed!(i8, i16, i32);

/// A number right-aligned in `width` characters, padded with `fill` on
/// the left (`b'0'` zeros, anything else spaces): `Pad(7, 2, b'0')` is `07` (as `{:02}`), `Pad(7, 3, b' ')` is
/// `  7` (as `{:3}`). A number wider than `width` is written whole.
#[derive(Clone, Copy, Debug)]
pub struct Pad(pub u32, pub u8, pub u8);

impl Text for Pad {
    fn text(&self, out: &mut dyn Out) -> fmt::Result {
        let mut buf = [0; 10];
        let d = digits(self.0, &mut buf);
        let fill = if self.2 == b'0' { "0" } else { " " };
        for _ in d.len()..usize::from(self.1) {
            out.put_str(fill)?;
        }
        put_digits(d, false, out)
    }
}

/// A byte as two hexadecimal digits, upper case (as `{:02X}`), or lower
/// case with [`Hex::lower`] (as `{:02x}`).
#[derive(Clone, Copy, Debug)]
pub struct Hex(pub u8, pub bool);

impl Hex {
    /// `b` in upper case digits (`5A`).
    pub fn upper(b: u8) -> Hex {
        Hex(b, false)
    }

    /// `b` in lower case digits (`5a`).
    pub fn lower(b: u8) -> Hex {
        Hex(b, true)
    }
}

impl Text for Hex {
    fn text(&self, out: &mut dyn Out) -> fmt::Result {
        put_digits(&[self.0 >> 4, self.0 & 15], self.1, out)
    }
}

/// A string in double quotes, escaped as `Debug` escapes one: `\"`, `\\`,
/// `\n`, `\r`, `\t`, `\0`, and other control characters as `\u{1b}`;
/// everything else as it is (where `Debug` would also escape unprintable
/// and combining characters outside ASCII).
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(pub &'a str);

impl Text for Quoted<'_> {
    fn text(&self, out: &mut dyn Out) -> fmt::Result {
        out.put_str("\"")?;
        let mut plain = 0;
        for (i, c) in self.0.char_indices() {
            let esc = match c {
                '"' => "\\\"",
                '\\' => "\\\\",
                '\n' => "\\n",
                '\r' => "\\r",
                '\t' => "\\t",
                '\0' => "\\0",
                c if c.is_control() => "",
                _ => continue,
            };
            out.put_str(self.0.get(plain..i).unwrap_or(""))?;
            plain = i + c.len_utf8();
            if esc.is_empty() {
                let code = u32::from(c);
                let ds = [(code >> 12) as u8 & 15, (code >> 8) as u8 & 15, (code >> 4) as u8 & 15, code as u8 & 15];
                let first = ds.iter().position(|&d| d != 0).unwrap_or(3);
                out.put_str("\\u{")?;
                put_digits(&ds[first..], true, out)?;
                out.put_str("}")?;
            } else {
                out.put_str(esc)?;
            }
        }
        out.put_str(self.0.get(plain..).unwrap_or(""))?;
        out.put_str("\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    extern crate std;
    use std::string::String;

    fn text(t: &dyn Text) -> String {
        let mut s = String::new();
        t.text(&mut s).unwrap();
        s
    }

    #[test]
    fn numbers_are_written_in_decimal_as_display_writes_them() {
        for n in [0, 1, 9, 10, 99, 100, 4_294_967_295u32, 1_000_000_000, 123_456_789] {
            assert_eq!(text(&n), std::format!("{n}"));
        }
        for n in [0, -1, 1, i32::MIN, i32::MAX, -10, 42] {
            assert_eq!(text(&n), std::format!("{n}"));
        }
        assert_eq!(text(&u32::MAX), "4294967295");
        assert_eq!(text(&i32::MIN), "-2147483648");
        assert_eq!(text(&255u8), "255");
        assert_eq!(text(&65_535u16), "65535");
        assert_eq!(text(&-128i8), "-128");
        assert_eq!(text(&-32_768i16), "-32768");
        assert_eq!(text(&7usize), "7");
    }

    #[test]
    fn padded_numbers_fill_on_the_left_and_never_cut() {
        assert_eq!(text(&Pad(7, 2, b'0')), "07");
        assert_eq!(text(&Pad(0, 3, b' ')), "  0");
        assert_eq!(text(&Pad(123, 2, b'0')), "123");
        assert_eq!(text(&Pad(5, 0, b'0')), "5");
        assert_eq!(text(&Pad(u32::MAX, 12, b' ')), "  4294967295");
        for n in [0u32, 5, 42, 999] {
            assert_eq!(text(&Pad(n, 3, b'0')), std::format!("{n:03}"));
        }
    }

    #[test]
    fn bytes_in_hexadecimal_are_two_upper_case_digits() {
        for b in [0u8, 9, 10, 0x5a, 0xff] {
            assert_eq!(text(&Hex::upper(b)), std::format!("{b:02X}"));
            assert_eq!(text(&Hex::lower(b)), std::format!("{b:02x}"));
        }
    }

    #[test]
    fn cards_strings_and_chars_are_written_as_they_are() {
        assert_eq!(text(&Card::parse("Qd").unwrap()), "Qd");
        assert_eq!(text(&Card::parse("th").unwrap()), "Th");
        assert_eq!(text(&"x y"), "x y");
        assert_eq!(text(&'♦'), "♦");
        assert_eq!(text(&true), "true");
        for s in ["10s", "", "a\"b\\c", "tab\there\n", "\u{1b}[0m\u{7f}", "Q♦ é", "\0"] {
            assert_eq!(text(&Quoted(s)), std::format!("{s:?}"));
        }
    }

    #[test]
    fn put_writes_its_arguments_in_order_and_stops_at_a_full_buffer() {
        let mut s = String::new();
        let card = Card::parse("9h").unwrap();
        put!(&mut s, "AFTK NEW game=", "albert", " seed=", 0u32, " ", card, " ", -3i32, "\n").unwrap();
        assert_eq!(s, "AFTK NEW game=albert seed=0 9h -3\n");
        let mut small: heapless::String<4> = heapless::String::new();
        assert!(put!(&mut small, "ab", "cde", "f").is_err());
        assert_eq!(small, "ab");
    }
}
