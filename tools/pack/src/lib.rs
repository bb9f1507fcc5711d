//! Packing a PS-EXE: the unpacker's PS-EXE (`tools/unpack`), then a
//! trailer saying where the game goes and how it starts, then the game's
//! body packed (`tools/lz`; the format is in the game's
//! `src/lz.rs`). The BIOS loads the file and starts the unpacker, which
//! puts the game in place and starts it.
//!
//! The header of a PS-EXE (2 KiB, little-endian words): "PS-X EXE" at 0,
//! the entry point at 0x10, the global pointer at 0x14, the load address
//! at 0x18, the body's size at 0x1C (a multiple of 2 KiB), an area to zero
//! at 0x28/0x2C, and the stack at 0x30 plus 0x34.

/// The header's size, and the unit of a body's size.
pub const SECTOR: usize = 2048;

/// Room left for the stack between the packed file's end and the top of
/// the stack at least.
pub const STACK_ROOM: u32 = 256 * 1024;

/// The trailer's magic (the unpacker checks it).
pub const MAGIC: [u8; 4] = *b"KPK2";

/// A PS-EXE's header fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub entry: u32,
    pub gp: u32,
    pub load: u32,
    pub size: u32,
    pub bss_size: u32,
    pub stack: u32,
}

fn word(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// The header of `exe`, which must be a whole PS-EXE.
pub fn header(exe: &[u8], what: &str) -> Result<Header, String> {
    if exe.len() < SECTOR || &exe[..8] != b"PS-X EXE" {
        return Err(format!("{what} is not a PS-EXE (no \"PS-X EXE\" header)"));
    }
    let h = Header {
        entry: word(exe, 0x10),
        gp: word(exe, 0x14),
        load: word(exe, 0x18),
        size: word(exe, 0x1C),
        bss_size: word(exe, 0x2C),
        stack: word(exe, 0x30).wrapping_add(word(exe, 0x34)),
    };
    if h.size as usize > exe.len() - SECTOR {
        return Err(format!(
            "{what}: the header's size ({}) is more than the file holds ({})",
            h.size,
            exe.len() - SECTOR
        ));
    }
    Ok(h)
}

/// The packed PS-EXE: `unpacker` followed by `game`, packed.
pub fn pack(unpacker: &[u8], game: &[u8]) -> Result<Vec<u8>, String> {
    let u = header(unpacker, "the unpacker")?;
    let g = header(game, "the game")?;
    if g.bss_size != 0 {
        return Err("the game asks the BIOS to zero memory (a BSS in its header): the unpacker does not".into());
    }
    // The stack as the BIOS would set it: the header's, else the usual top.
    let stack = if g.stack == 0 { 0x801F_FFF0 } else { g.stack };
    let body = &game[SECTOR..SECTOR + g.size as usize];
    if g.load < 0x8001_0000 || g.load as u64 + body.len() as u64 > u.load as u64 {
        return Err(format!(
            "the game ({:#010x}, {} bytes) does not fit between the BIOS and the unpacker at {:#010x}",
            g.load,
            body.len(),
            u.load
        ));
    }
    let stream = lz::pack(body);
    let mut out = unpacker[..SECTOR + u.size as usize].to_vec();
    out.extend_from_slice(&MAGIC);
    for w in [g.load, body.len() as u32, g.entry, stack, g.gp, stream.len() as u32] {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out.extend_from_slice(&stream);
    out.resize(out.len().div_ceil(SECTOR) * SECTOR, 0);
    let size = (out.len() - SECTOR) as u32;
    if u.load as u64 + size as u64 + STACK_ROOM as u64 > stack as u64 {
        return Err(format!("the packed file ({size} bytes at {:#010x}) leaves the stack too little room", u.load));
    }
    out[0x1C..0x20].copy_from_slice(&size.to_le_bytes());
    Ok(out)
}

/// Where the trailer of a packed file lies (just after the unpacker's
/// image), for checking.
pub fn unpack_with(
    packed: &[u8],
    unpacker_size: u32,
    decode: impl Fn(&[u8], &mut [u8]) -> bool,
) -> Result<(Header, Vec<u8>), String> {
    let at = SECTOR + unpacker_size as usize;
    let t = packed.get(at..at + 28).ok_or("the packed file is cut short")?;
    if t[..4] != MAGIC {
        return Err("no trailer after the unpacker".into());
    }
    let h = Header {
        entry: word(t, 12),
        gp: word(t, 20),
        load: word(t, 4),
        size: word(t, 8),
        bss_size: 0,
        stack: word(t, 16),
    };
    let len = word(t, 24) as usize;
    let stream = packed.get(at + 28..at + 28 + len).ok_or("the packed stream is cut short")?;
    let mut body = vec![0; h.size as usize];
    if !decode(stream, &mut body) {
        return Err("the packed stream does not unpack".into());
    }
    Ok((h, body))
}
