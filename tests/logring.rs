//! The event log kept in RAM (`farewell::logring`): its layout is what the
//! web page and the PCSX ReARMed lane read (tools/web/logring.js).

use farewell::logring::{offset, LogRing, MAGIC, SIZE};
use std::mem::size_of;

fn collect(ring: &LogRing, read: u32) -> (u32, Vec<u8>) {
    let (lost, a, b) = ring.since(read);
    (lost, [a, b].concat())
}

#[test]
fn the_layout_is_the_readers_contract() {
    // The numbers tools/web/site/logring.js reads at (and the module's
    // table): a field moved breaks the web page and the PCSX ReARMed lane.
    assert_eq!(offset::MAGIC, 0);
    assert_eq!(offset::ADDR, 12);
    assert_eq!(offset::SIZE, 16);
    assert_eq!(offset::WRITTEN, 20);
    assert_eq!(offset::DATA, 24);
    assert_eq!(size_of::<LogRing>(), 24 + SIZE);
    assert_eq!(std::mem::align_of::<LogRing>(), 4, "the reader scans 4-byte words for the magic");
    assert!(SIZE.is_power_of_two(), "the count wraps at 2^32 onto the same cell");
    assert_eq!(&MAGIC, b"AFTK LOGRING");
}

#[test]
fn a_new_ring_is_unmarked_until_it_logs() {
    let mut ring = Box::new(LogRing::new());
    assert!(!ring.is_marked());
    ring.write(b"AFTK BOOT 0.1.0\n");
    assert!(ring.is_marked());
    assert_eq!(ring.written(), 16);
    assert_eq!(collect(&ring, 0), (0, b"AFTK BOOT 0.1.0\n".to_vec()));
    assert_eq!(collect(&ring, 16), (0, vec![]));
}

#[test]
fn a_reader_behind_by_less_than_the_ring_reads_everything_across_the_wrap() {
    let mut ring = Box::new(LogRing::new());
    let mut all = Vec::new();
    let mut read = 0u32;
    let mut got = Vec::new();
    for i in 0..5000u32 {
        let line = format!("AFTK LINE {i} {}\n", "x".repeat((i % 37) as usize));
        ring.write(line.as_bytes());
        all.extend_from_slice(line.as_bytes());
        if i % 7 == 0 {
            let (lost, bytes) = collect(&ring, read);
            assert_eq!(lost, 0);
            read = read.wrapping_add(bytes.len() as u32);
            got.extend(bytes);
        }
    }
    let (lost, bytes) = collect(&ring, read);
    assert_eq!(lost, 0);
    got.extend(bytes);
    assert!(all.len() > 4 * SIZE);
    assert_eq!(got, all);
}

#[test]
fn a_reader_too_far_behind_is_told_how_much_it_lost() {
    let mut ring = Box::new(LogRing::new());
    let text: Vec<u8> = (0..SIZE + 1000).map(|i| b'a' + (i % 26) as u8).collect();
    ring.write(&text[..500]);
    ring.write(&text[500..]);
    let (lost, bytes) = collect(&ring, 0);
    assert_eq!(lost, 1000);
    assert_eq!(bytes, &text[1000..]);
    // One write longer than the ring keeps its end.
    let mut ring = Box::new(LogRing::new());
    ring.write(&text);
    assert_eq!(collect(&ring, 0), (1000, text[1000..].to_vec()));
}

#[test]
fn the_count_wraps_at_two_to_the_32() {
    let mut ring = Box::new(LogRing::new());
    // 4 GiB less 10 bytes of log, a MiB at a time (each write keeps only
    // its last SIZE bytes, as the ring would).
    let mib = vec![b'.'; 1 << 20];
    for _ in 0..4095 {
        ring.write(&mib);
    }
    ring.write(&mib[10..]);
    assert_eq!(ring.written(), u32::MAX - 9);
    let read = ring.written();
    ring.write(b"twenty bytes, across");
    assert_eq!(ring.written(), 10);
    assert_eq!(collect(&ring, read), (0, b"twenty bytes, across".to_vec()));
}
