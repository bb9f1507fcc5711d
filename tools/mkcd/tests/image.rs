//! The disc image checked by independent means: EDC by a bitwise CRC,
//! ECC by Reed-Solomon syndromes computed from the GF(2^8) definition, and
//! the filesystem read back by `isoinfo` (Debian's genisoimage).

use mkcd::sector::{edc, form1, msf, RAW};
use mkcd::{build, Error, LICENSE_BYTES, SYSTEM_CNF, TAIL};
use std::process::Command;

/// Bitwise CRC-32/0x8001801B, LSB first, init 0: no table.
fn edc_bitwise(data: &[u8]) -> u32 {
    let mut crc = 0u32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 { (crc >> 1) ^ 0xD801_8001 } else { crc >> 1 };
        }
    }
    crc
}

/// GF(2^8) multiplication modulo 0x11D, shift and add.
fn gf_mul(mut a: u8, mut b: u8) -> u8 {
    let mut p = 0u8;
    while b != 0 {
        if b & 1 != 0 {
            p ^= a;
        }
        let carry = a & 0x80 != 0;
        a <<= 1;
        if carry {
            a ^= 0x1D;
        }
        b >>= 1;
    }
    p
}

fn alpha_pow(n: usize) -> u8 {
    (0..n).fold(1u8, |acc, _| gf_mul(acc, 2))
}

/// Both syndromes of a codeword c_0..c_{n-1}: sum c_i and sum c_i a^(n-1-i).
fn syndromes(code: &[u8]) -> (u8, u8) {
    let n = code.len();
    let s0 = code.iter().fold(0, |a, &c| a ^ c);
    let s1 = code.iter().enumerate().fold(0, |a, (i, &c)| a ^ gf_mul(c, alpha_pow(n - 1 - i)));
    (s0, s1)
}

/// Checks every P and Q codeword of a sector (header taken as zero).
fn assert_ecc_valid(sector: &[u8; RAW]) {
    let mut s = *sector;
    s[12..16].fill(0);
    let b = &s[12..];
    // P: 86 columns of 24 words (2 bytes each, low/high), parity at 0x81C.
    for major in 0..86 {
        // Column byte at word (minor * 43 + major/2), byte (major & 1).
        let mut code: Vec<u8> = (0..24).map(|minor| b[2 * (minor * 43 + (major >> 1)) + (major & 1)]).collect();
        code.push(s[0x81C + major]);
        code.push(s[0x81C + 86 + major]);
        assert_eq!(syndromes(&code), (0, 0), "P column {major}");
    }
    // Q: 52 diagonals of 43 words over the 1118 words (header..P parity).
    for major in 0..52 {
        let code: Vec<u8> = (0..43)
            .map(|minor| {
                let word = ((major >> 1) * 43 + minor * 44) % 1118;
                b[2 * word + (major & 1)]
            })
            .collect::<Vec<u8>>()
            .into_iter()
            .chain([s[0x8C8 + major], s[0x8C8 + 52 + major]])
            .collect();
        assert_eq!(syndromes(&code), (0, 0), "Q diagonal {major}");
    }
}

/// A PS-EXE of `len` bytes rounded up to whole sectors, with a header the
/// BIOS would accept: load at 0x80010000, entry point 0x80010100.
fn fake_exe(len: usize) -> Vec<u8> {
    let len = 2048 + (len.saturating_sub(2048)).div_ceil(2048).max(1) * 2048;
    let mut e = vec![0u8; len];
    for (i, b) in e.iter_mut().enumerate().skip(2048) {
        *b = (i * 7 % 251) as u8;
    }
    e[..8].copy_from_slice(b"PS-X EXE");
    e[0x10..0x14].copy_from_slice(&0x8001_0100u32.to_le_bytes());
    e[0x18..0x1C].copy_from_slice(&0x8001_0000u32.to_le_bytes());
    e[0x1C..0x20].copy_from_slice(&((len - 2048) as u32).to_le_bytes());
    e
}

#[test]
fn exe_headers_the_bios_could_not_load_are_refused() {
    let good = fake_exe(6000);
    assert_eq!(mkcd::check_header(&good), Ok(()));
    let mut short = good.clone();
    short.truncate(5000);
    assert!(matches!(mkcd::check_header(&short), Err(Error::BadHeader(_))), "not whole sectors");
    let mut size = good.clone();
    size[0x1C] ^= 0x08;
    assert!(matches!(mkcd::check_header(&size), Err(Error::BadHeader(_))), "size field");
    let mut load = good.clone();
    load[0x18..0x1C].copy_from_slice(&0x8000_0000u32.to_le_bytes());
    assert!(matches!(mkcd::check_header(&load), Err(Error::BadHeader(_))), "over the BIOS area");
    let mut pc = good.clone();
    pc[0x10..0x14].copy_from_slice(&0x8000_0100u32.to_le_bytes());
    assert!(matches!(mkcd::check_header(&pc), Err(Error::BadHeader(_))), "entry outside");
    assert!(matches!(build(&size, None), Err(Error::BadHeader(_))));
}

#[test]
fn edc_matches_a_bitwise_crc() {
    for data in [&b""[..], b"123456789", &[0xFF; 2056][..], &(0..=255).collect::<Vec<u8>>()[..]] {
        assert_eq!(edc(data), edc_bitwise(data));
    }
}

#[test]
fn sector_layout_sync_header_subheader_edc() {
    let s = form1(0, b"hello", 0x89);
    assert_eq!(&s[..12], &[0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 0]);
    assert_eq!(&s[12..16], &[0x00, 0x02, 0x00, 2], "LBA 0 is 00:02:00, mode 2");
    assert_eq!(&s[16..24], &[0, 0, 0x89, 0, 0, 0, 0x89, 0]);
    assert_eq!(&s[24..29], b"hello");
    assert_eq!(u32::from_le_bytes(s[2072..2076].try_into().unwrap()), edc_bitwise(&s[16..2072]));
    assert_eq!(msf(16 * 75 * 60 - 150 + 75 + 1), [0x16, 0x01, 0x01]);
}

#[test]
fn ecc_codewords_have_zero_syndromes() {
    for (lba, data) in [(0u32, vec![]), (16, vec![0xA5; 2048]), (4499, (0..2048).map(|i| (i * 31) as u8).collect())] {
        assert_ecc_valid(&form1(lba, &data, 0x08));
    }
}

#[test]
fn image_refuses_what_is_not_an_exe_and_bad_license_sizes() {
    assert_eq!(build(b"MZ\x90\x00", None), Err(Error::NotAnExe));
    assert_eq!(build(&fake_exe(4096), Some(&[0u8; 100])), Err(Error::LicenseSize(100)));
    assert!(build(&fake_exe(4096), Some(&vec![0u8; LICENSE_BYTES])).is_ok());
}

#[test]
fn a_disc_without_license_data_is_warned_about() {
    let dir = std::env::temp_dir().join(format!("mkcd-warn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join("a.exe");
    std::fs::write(&exe, fake_exe(4096)).unwrap();
    let run = |license: Option<&std::path::Path>| {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_mkcd"));
        c.arg("--exe").arg(&exe).arg("--out").arg(dir.join("a.bin"));
        if let Some(l) = license {
            c.arg("--license").arg(l);
        }
        let out = c.output().unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    let stderr = run(None);
    assert!(stderr.contains("warning: no --license") && stderr.contains("Japanese"), "{stderr}");
    let license = dir.join("license.dat");
    std::fs::write(&license, vec![0x11u8; mkcd::LICENSE_BYTES]).unwrap();
    assert_eq!(run(Some(&license)), "");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn license_data_goes_into_sectors_0_to_15_only_when_given() {
    let exe = fake_exe(5000);
    let plain = build(&exe, None).unwrap();
    assert!(plain[..16 * RAW].chunks(RAW).all(|s| s[24..2072].iter().all(|b| *b == 0)));
    let lic: Vec<u8> = (0..LICENSE_BYTES).map(|i| (i % 13) as u8 + 1).collect();
    let licensed = build(&exe, Some(&lic)).unwrap();
    for (i, s) in licensed[..16 * RAW].chunks(RAW).enumerate() {
        assert_eq!(&s[24..2072], &lic[i * 2048..(i + 1) * 2048]);
    }
    assert_eq!(&plain[16 * RAW..], &licensed[16 * RAW..], "nothing else changes");
}

#[test]
fn every_sector_has_valid_edc_and_ecc_and_the_tail_pads_the_end() {
    let img = build(&fake_exe(9000), None).unwrap();
    assert_eq!(img.len() % RAW, 0);
    let n = img.len() / RAW;
    assert_eq!(n as u32, 22 + 5 + TAIL); // header + 4 text sectors = 5
    for (lba, s) in img.chunks(RAW).enumerate() {
        let s: &[u8; RAW] = s.try_into().unwrap();
        assert_eq!(&s[12..15], &msf(lba as u32));
        assert_eq!(u32::from_le_bytes(s[2072..2076].try_into().unwrap()), edc_bitwise(&s[16..2072]));
        if lba % 7 == 0 {
            assert_ecc_valid(s);
        }
    }
}

#[test]
fn isoinfo_lists_exactly_system_cnf_and_psx_exe_with_their_contents() {
    let exe = fake_exe(12345);
    let exe_len = exe.len();
    let img = build(&exe, None).unwrap();
    let iso: Vec<u8> = img.chunks(RAW).flat_map(|s| s[24..2072].to_vec()).collect();
    let dir = std::env::temp_dir().join(format!("mkcd-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let iso_path = dir.join("image.iso");
    std::fs::write(&iso_path, &iso).unwrap();
    let isoinfo = |args: &[&str]| {
        let out = Command::new("isoinfo")
            .arg("-i")
            .arg(&iso_path)
            .args(args)
            .output()
            .expect("isoinfo (Debian package genisoimage) must be installed: tools/setup installs it");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        out.stdout
    };
    let listing = String::from_utf8(isoinfo(&["-l"])).unwrap();
    let files: Vec<&str> = listing.lines().filter(|l| l.starts_with('-')).collect();
    assert_eq!(files.len(), 2, "{listing}");
    assert!(files.iter().any(|l| l.contains(&format!(" {exe_len} ")) && l.ends_with("PSX.EXE;1 ")), "{listing}");
    assert!(
        files.iter().any(|l| l.contains(&format!(" {} ", SYSTEM_CNF.len())) && l.ends_with("SYSTEM.CNF;1 ")),
        "{listing}"
    );
    assert_eq!(isoinfo(&["-x", "/PSX.EXE;1"]), exe);
    assert_eq!(isoinfo(&["-x", "/SYSTEM.CNF;1"]), SYSTEM_CNF.as_bytes());
    let info = String::from_utf8(isoinfo(&["-d"])).unwrap();
    assert!(info.contains("System id: PLAYSTATION"), "{info}");
    assert!(info.contains("Volume id: PLAYSTATION"), "{info}");
    assert!(info.contains("NO Rock Ridge present"), "{info}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_cue_sheet_names_the_bin_as_one_mode2_track() {
    assert_eq!(
        mkcd::cue("farewell.bin"),
        "FILE \"farewell.bin\" BINARY\r\n  TRACK 01 MODE2/2352\r\n    INDEX 01 00:00:00\r\n"
    );
}
