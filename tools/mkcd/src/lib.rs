//! A bootable PS1 disc image: raw Mode 2 Form 1 sectors ([`sector`]) with
//! an ISO 9660 filesystem holding `SYSTEM.CNF` and `PSX.EXE`.
//!
//! Layout (logical block = sector):
//!
//! | LBA | contents |
//! |---|---|
//! | 0-15 | system area: license data if supplied, else zeros |
//! | 16 | primary volume descriptor (`PLAYSTATION`, CD-XA001 marker) |
//! | 17 | volume descriptor set terminator |
//! | 18 | little-endian path table |
//! | 19 | big-endian path table |
//! | 20 | root directory |
//! | 21 | `SYSTEM.CNF` |
//! | 22.. | `PSX.EXE` |
//! | then | 150 empty sectors, so drives do not read off the end |
//!
//! ISO 9660 level 1 names, no Rock Ridge (PCSX-Reloaded's HLE BIOS cannot
//! parse Rock Ridge records and refuses such a disc); directory records
//! carry the CD-XA system-use field, as Sony's tools write them.

pub mod sector;

use sector::{form1, submode, DATA, RAW};

/// `SYSTEM.CNF`: boot file, thread control blocks, events, stack.
pub const SYSTEM_CNF: &str = "BOOT = cdrom:\\PSX.EXE;1\r\nTCB = 4\r\nEVENT = 10\r\nSTACK = 801FFFF0\r\n";

/// Size of the license data a console checks (sectors 0-15's user data).
pub const LICENSE_BYTES: usize = 16 * DATA;

/// What `mkcd` says on stderr when it writes a disc without license data.
/// The BIOS reads a licence string (sector 4) and the "PS" logo (sectors
/// 5-11) from the system area; some versions compare the logo with their
/// own copy and refuse the disc when it differs (psx-spx, "CDROM ISO Volume
/// Descriptors", System Area).
pub const NO_LICENSE_WARNING: &str = "warning: no --license: sectors 0-15 are zeros. \
Emulators and US/Asian consoles boot such a disc (through a modchip or a softmod); \
Japanese consoles never accept a missing or changed logo, European ones with BIOS 4.0E or later \
(4.1E: SCPH-7002/7502/9002, and the PSone SCPH-102) refuse it too unless a modchip patches the region check; \
give your region's license file (16 x 2048 or 16 x 2352 bytes) to boot it there";

/// Empty sectors written after the last file.
pub const TAIL: u32 = 150;

/// What went wrong.
#[derive(Debug, PartialEq, Eq)]
pub enum Error {
    /// The exe does not start with `PS-X EXE`.
    NotAnExe,
    /// The header does not describe the file (why, in words).
    BadHeader(&'static str),
    /// The license file is not 16 x 2048 or 16 x 2352 bytes.
    LicenseSize(usize),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::NotAnExe => write!(f, "not a PS-X EXE (it must start with \"PS-X EXE\")"),
            Error::BadHeader(why) => write!(f, "PS-X EXE header: {why}"),
            Error::LicenseSize(n) => write!(f, "license data must be {} or {} bytes, not {n}", LICENSE_BYTES, 16 * RAW),
        }
    }
}

fn both16(v: u16) -> [u8; 4] {
    let [a, b] = v.to_le_bytes();
    [a, b, b, a]
}

fn both32(v: u32) -> [u8; 8] {
    let l = v.to_le_bytes();
    let b = v.to_be_bytes();
    [l[0], l[1], l[2], l[3], b[0], b[1], b[2], b[3]]
}

/// A fixed recording date: images are reproducible byte for byte.
const DATE7: [u8; 7] = [125, 1, 1, 0, 0, 0, 0]; // 2025-01-01 00:00:00 GMT
const DATE17: &[u8; 17] = b"2025010100000000\0";

/// A directory record (ISO 9660 9.1) with the XA system-use field.
fn dir_record(name: &[u8], lba: u32, size: u32, is_dir: bool) -> Vec<u8> {
    let mut r = vec![0u8; 33];
    r[2..10].copy_from_slice(&both32(lba));
    r[10..18].copy_from_slice(&both32(size));
    r[18..25].copy_from_slice(&DATE7);
    r[25] = if is_dir { 2 } else { 0 };
    r[28..32].copy_from_slice(&both16(1));
    r[32] = name.len() as u8;
    r.extend_from_slice(name);
    if r.len() % 2 == 1 {
        r.push(0);
    }
    // CD-XA: group and user id 0, attributes (Form 1 data, readable;
    // directory bit for directories), "XA", file number 0.
    let attr: u16 = if is_dir { 0x8D55 } else { 0x0D55 };
    r.extend_from_slice(&[0, 0, 0, 0]);
    r.extend_from_slice(&attr.to_be_bytes());
    r.extend_from_slice(b"XA");
    r.extend_from_slice(&[0; 6]);
    r[0] = r.len() as u8;
    r
}

fn padded(s: &str, n: usize) -> Vec<u8> {
    let mut v: Vec<u8> = s.bytes().take(n).collect();
    v.resize(n, b' ');
    v
}

/// Sectors a file of `len` bytes takes (at least one).
fn sectors_for(len: usize) -> u32 {
    len.div_ceil(DATA).max(1) as u32
}

/// Checks what the BIOS relies on when it loads the exe from the disc: a
/// 2 KiB header, then whole 2 KiB sectors of text (the BIOS reads sectors),
/// loaded inside RAM above the BIOS area, with the entry point in it.
pub fn check_header(exe: &[u8]) -> Result<(), Error> {
    let word = |at: usize| exe.get(at..at + 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    const HEADER: usize = 2048;
    if exe.len() <= HEADER || (exe.len() - HEADER) % DATA != 0 {
        return Err(Error::BadHeader("the file is not a 2 KiB header plus whole 2 KiB sectors"));
    }
    let (pc, load, size) = match (word(0x10), word(0x18), word(0x1C)) {
        (Some(pc), Some(load), Some(size)) => (pc, load, size),
        _ => return Err(Error::BadHeader("too short")),
    };
    if size as usize != exe.len() - HEADER {
        return Err(Error::BadHeader("the text size field does not match the file"));
    }
    let ram = 0x8001_0000u32..0x8020_0000;
    if !ram.contains(&load) || load.checked_add(size).is_none_or(|end| end > ram.end) {
        return Err(Error::BadHeader("the text does not load inside RAM above the BIOS area"));
    }
    if !(load..load + size).contains(&pc) {
        return Err(Error::BadHeader("the entry point is outside the text"));
    }
    Ok(())
}

/// Builds the image: returns the raw `.bin` bytes.
pub fn build(exe: &[u8], license: Option<&[u8]>) -> Result<Vec<u8>, Error> {
    if !exe.starts_with(b"PS-X EXE") {
        return Err(Error::NotAnExe);
    }
    check_header(exe)?;
    let license: Option<Vec<u8>> = match license {
        None => None,
        Some(l) if l.len() == LICENSE_BYTES => Some(l.to_vec()),
        // A raw dump of sectors 0-15: keep each sector's user data.
        Some(l) if l.len() == 16 * RAW => Some(l.chunks(RAW).flat_map(|s| s[24..24 + DATA].to_vec()).collect()),
        Some(l) => return Err(Error::LicenseSize(l.len())),
    };
    let cnf = SYSTEM_CNF.as_bytes();
    let (root_lba, cnf_lba, exe_lba) = (20u32, 21u32, 22u32);
    let exe_sectors = sectors_for(exe.len());
    let end = exe_lba + exe_sectors;
    let total = end + TAIL;

    // Root directory: ".", "..", then files in name order.
    let mut root = Vec::new();
    root.extend(dir_record(&[0], root_lba, DATA as u32, true));
    root.extend(dir_record(&[1], root_lba, DATA as u32, true));
    root.extend(dir_record(b"PSX.EXE;1", exe_lba, exe.len() as u32, false));
    root.extend(dir_record(b"SYSTEM.CNF;1", cnf_lba, cnf.len() as u32, false));

    // Path tables: the root alone.
    let path_l = [1u8, 0, root_lba.to_le_bytes()[0], root_lba.to_le_bytes()[1], 0, 0, 1, 0, 0, 0];
    let mut path_m = path_l;
    path_m[2..6].copy_from_slice(&root_lba.to_be_bytes());
    path_m[6..8].copy_from_slice(&1u16.to_be_bytes());

    // Primary volume descriptor (ISO 9660 8.4).
    let mut pvd = vec![0u8; DATA];
    pvd[0] = 1;
    pvd[1..6].copy_from_slice(b"CD001");
    pvd[6] = 1;
    pvd[8..40].copy_from_slice(&padded("PLAYSTATION", 32));
    pvd[40..72].copy_from_slice(&padded("PLAYSTATION", 32));
    pvd[80..88].copy_from_slice(&both32(total));
    pvd[120..124].copy_from_slice(&both16(1));
    pvd[124..128].copy_from_slice(&both16(1));
    pvd[128..132].copy_from_slice(&both16(DATA as u16));
    pvd[132..140].copy_from_slice(&both32(path_l.len() as u32));
    pvd[140..144].copy_from_slice(&18u32.to_le_bytes());
    pvd[148..152].copy_from_slice(&19u32.to_be_bytes());
    let root_rec = dir_record(&[0], root_lba, DATA as u32, true);
    pvd[156..156 + 34].copy_from_slice(&root_rec[..34]);
    pvd[156] = 34; // the PVD's root record has no system-use field
    pvd[190..318].copy_from_slice(&padded("FAREWELL", 128));
    pvd[318..446].copy_from_slice(&padded("", 128));
    pvd[446..574].copy_from_slice(&padded("", 128));
    pvd[574..702].copy_from_slice(&padded("PLAYSTATION", 128));
    pvd[702..739].copy_from_slice(&padded("", 37));
    pvd[739..776].copy_from_slice(&padded("", 37));
    pvd[776..813].copy_from_slice(&padded("", 37));
    pvd[813..830].copy_from_slice(DATE17);
    pvd[830..847].copy_from_slice(DATE17);
    pvd[847..864].copy_from_slice(b"0000000000000000\0");
    pvd[864..881].copy_from_slice(b"0000000000000000\0");
    pvd[881] = 1;
    pvd[1024..1032].copy_from_slice(b"CD-XA001");

    let mut term = vec![0u8; DATA];
    term[0] = 255;
    term[1..6].copy_from_slice(b"CD001");
    term[6] = 1;

    let last = submode::DATA | submode::EOR | submode::EOF;
    let mut img = Vec::with_capacity(total as usize * RAW);
    for lba in 0..16u32 {
        let data = license.as_ref().map(|l| &l[lba as usize * DATA..(lba as usize + 1) * DATA]).unwrap_or(&[]);
        img.extend_from_slice(&form1(lba, data, submode::DATA));
    }
    img.extend_from_slice(&form1(16, &pvd, submode::DATA | submode::EOR));
    img.extend_from_slice(&form1(17, &term, last));
    img.extend_from_slice(&form1(18, &path_l, last));
    img.extend_from_slice(&form1(19, &path_m, last));
    img.extend_from_slice(&form1(root_lba, &root, last));
    img.extend_from_slice(&form1(cnf_lba, cnf, last));
    for i in 0..exe_sectors {
        let from = i as usize * DATA;
        let chunk = &exe[from..(from + DATA).min(exe.len())];
        let sub = if i + 1 == exe_sectors { last } else { submode::DATA };
        img.extend_from_slice(&form1(exe_lba + i, chunk, sub));
    }
    for lba in end..total {
        img.extend_from_slice(&form1(lba, &[], submode::DATA));
    }
    Ok(img)
}

/// The cue sheet for an image file named `bin_name`.
pub fn cue(bin_name: &str) -> String {
    format!("FILE \"{bin_name}\" BINARY\r\n  TRACK 01 MODE2/2352\r\n    INDEX 01 00:00:00\r\n")
}
