//! Raw CD sectors: Mode 2 Form 1 (2352 bytes: sync, header, XA subheader,
//! 2048 bytes of data, EDC, ECC), per ECMA-130 and the CD-ROM XA spec.

/// Bytes in a raw sector.
pub const RAW: usize = 2352;
/// User data in a Form 1 sector.
pub const DATA: usize = 2048;
/// Sectors before LBA 0 (the 2-second pregap): the header's address is
/// LBA + 150, in minute:second:frame, 75 frames a second.
pub const PREGAP: u32 = 150;

/// XA subheader submode bits.
pub mod submode {
    /// End of record.
    pub const EOR: u8 = 0x01;
    /// Data sector.
    pub const DATA: u8 = 0x08;
    /// End of file.
    pub const EOF: u8 = 0x80;
}

fn bcd(n: u32) -> u8 {
    (((n / 10) << 4) | (n % 10)) as u8
}

/// The minute:second:frame address of an LBA, in BCD.
pub fn msf(lba: u32) -> [u8; 3] {
    let a = lba + PREGAP;
    [bcd(a / (60 * 75)), bcd(a / 75 % 60), bcd(a % 75)]
}

/// The EDC: CRC-32 with polynomial x^32+x^31+x^16+x^15+x^4+x^3+x+1
/// (0x8001801B), least significant bit first, initial value 0.
pub fn edc(data: &[u8]) -> u32 {
    static TABLE: std::sync::OnceLock<[u32; 256]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [0u32; 256];
        for (i, e) in t.iter_mut().enumerate() {
            let mut r = i as u32;
            for _ in 0..8 {
                r = if r & 1 != 0 { (r >> 1) ^ 0xD801_8001 } else { r >> 1 };
            }
            *e = r;
        }
        t
    });
    data.iter().fold(0u32, |crc, &b| (crc >> 8) ^ table[((crc ^ u32::from(b)) & 0xFF) as usize])
}

/// Multiplication by x in GF(2^8) modulo x^8+x^4+x^3+x^2+1 (0x11D).
fn gf_double(a: u8) -> u8 {
    (a << 1) ^ if a & 0x80 != 0 { 0x1D } else { 0 }
}

/// Computes one set of Reed-Solomon product-code parity (P or Q) over the
/// sector bytes from offset 12, as ECMA-130 Annex A lays them out: for each
/// of `major` codewords, `minor` symbols at stride `inc` (wrapping), parity
/// written to `dest` and `dest + major`.
fn rs_parity(sector: &mut [u8; RAW], major: usize, minor: usize, mult: usize, inc: usize, dest: usize) {
    let size = major * minor;
    // Inverse of (1 + x) times the folded value: ecc_b_lut in the usual
    // tables, computed on the fly (b ^ 2b = 3b; find v with 3v = w).
    let mut inv3 = [0u8; 256];
    for v in 0..=255u8 {
        inv3[usize::from(v ^ gf_double(v))] = v;
    }
    for m in 0..major {
        let mut index = (m >> 1) * mult + (m & 1);
        let (mut a, mut b) = (0u8, 0u8);
        for _ in 0..minor {
            let t = sector[12 + index];
            index += inc;
            if index >= size {
                index -= size;
            }
            a ^= t;
            b ^= t;
            a = gf_double(a);
        }
        a = inv3[usize::from(gf_double(a) ^ b)];
        sector[dest + m] = a;
        sector[dest + m + major] = a ^ b;
    }
}

/// A Mode 2 Form 1 sector at `lba` holding `data` (up to 2048 bytes,
/// zero-padded), with the given submode.
pub fn form1(lba: u32, data: &[u8], sub: u8) -> [u8; RAW] {
    let mut s = [0u8; RAW];
    s[1..11].fill(0xFF);
    let [m, sec, f] = msf(lba);
    s[12..16].copy_from_slice(&[m, sec, f, 2]);
    let subheader = [0, 0, sub, 0];
    s[16..20].copy_from_slice(&subheader);
    s[20..24].copy_from_slice(&subheader);
    let n = data.len().min(DATA);
    s[24..24 + n].copy_from_slice(&data[..n]);
    let e = edc(&s[16..2072]);
    s[2072..2076].copy_from_slice(&e.to_le_bytes());
    // ECC is computed with the header taken as zero (Mode 2), then restored.
    let header = [s[12], s[13], s[14], s[15]];
    s[12..16].fill(0);
    rs_parity(&mut s, 86, 24, 2, 86, 0x81C);
    rs_parity(&mut s, 52, 43, 86, 88, 0x8C8);
    s[12..16].copy_from_slice(&header);
    s
}
