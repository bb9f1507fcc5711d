//! The controller port's byte exchange (farewell::sio) on a model of SIO0's
//! registers, as the nocash PSX specifications (psx-spx) describe them,
//! with a memory card or a pad on the other end; the model's clock counts
//! CPU cycles and moves on with every register access, as the console's
//! does.
//!
//! What the model keeps of the hardware (psx-spx, "Serial Interfaces
//! (SIO)" and "Controller and Memory Card Overview"):
//! - a byte takes 1088 cycles (8 bits at 250 kHz); its reply goes into an
//!   8-byte RX FIFO (JOY_STAT.1 while not empty); a read of an empty FIFO
//!   returns the last byte received;
//! - the device pulls /ACK low for about 100 cycles some time after the
//!   byte (JOY_STAT.7 while low); with JOY_CTRL.12 set, that latches
//!   JOY_STAT.9, which JOY_CTRL.4 clears, except while /ACK is still low
//!   ("SIO0_STAT.9 ... CANNOT be acknowledged while the external /IRQ input
//!   is still low"): the latch stays set;
//! - the FIFO keeps what nobody read across selections.
//!
//! And PCSX-Reloaded's quirk, which the exchange works round: its memory
//! card leaves RX ready clear and only latches the /ACK, the byte waiting
//! in the data register.

use farewell::memcard::session::{IoError, Port as _};
use farewell::memcard::wire::{Driver, Line};
use farewell::memcard::SECTOR;
use farewell::sio::{Port, Registers, Slot, STAT_ACK_LATCHED, STAT_ACK_LOW, STAT_RX_READY};
use std::cell::Cell;
use std::collections::VecDeque;
use std::task::Poll;

/// CPU cycles a second.
const CPU_HZ: u64 = 33_868_800;
/// Cycles a register access takes in the model.
const ACCESS: u64 = 8;
/// Cycles a byte takes on the wire: 8 bits at 250 kHz (JOY_BAUD 0x88).
const BYTE: u64 = 8 * 0x88;
/// Cycles /ACK stays low (psx-spx: "the LOW duration is circa 100 clock
/// cycles").
const ACK_LOW: u64 = 100;
/// A memory card's /ACK, after the byte's end: psx-spx "Memory Card
/// Read/Write Commands", Timings: "IRQ7 is usually triggered circa 1500
/// cycles after sending a byte (counted from the begin of the first bit)".
const CARD_ACK: u64 = 1500 - BYTE;
/// A pad's /ACK after the byte's end (a few µs).
const PAD_ACK: u64 = 200;

/// JOY_CTRL bits the model looks at.
const CTRL_SELECT: u16 = 1 << 1;
const CTRL_ACK: u16 = 1 << 4;
const CTRL_ACK_IRQ_ENABLE: u16 = 1 << 12;

/// What answers on the other end: the reply to the last byte of `sent`
/// (the selection's bytes so far) and, if it acknowledges, its /ACK's
/// delay in cycles after the byte's end.
type Device = Box<dyn FnMut(&[u8]) -> (u8, Option<u64>)>;

/// SIO0's registers and a device in the slot.
struct Sio0Model {
    /// Cycles since the start (reading the clock is a register access
    /// too: the counters').
    t: Cell<u64>,
    ctrl: u16,
    device: Device,
    sent: Vec<u8>,
    /// The byte on the wire: when it ends, its reply, its /ACK's delay.
    in_flight: Option<(u64, u8, Option<u64>)>,
    fifo: VecDeque<u8>,
    last: u8,
    /// The last /ACK pulse: low from, until; and whether it has latched.
    pulse: Option<(u64, u64, bool)>,
    latch: bool,
    /// PCSX-Reloaded: the /ACK latched at the byte's end, its level never
    /// seen low; and for the bytes of a command in this range, RX ready
    /// left clear, the reply in the data register.
    pcsx: Option<std::ops::Range<usize>>,
    /// Acknowledges (JOY_CTRL.4) written while /ACK was low: ignored.
    ignored_acks: usize,
}

impl Sio0Model {
    fn new(device: Device) -> Sio0Model {
        Sio0Model {
            t: Cell::new(0),
            ctrl: 0,
            device,
            sent: Vec::new(),
            in_flight: None,
            fifo: VecDeque::new(),
            last: 0,
            pulse: None,
            latch: false,
            pcsx: None,
            ignored_acks: 0,
        }
    }

    /// One register access: the clock moves on, the wire with it.
    fn tick(&mut self) {
        self.t.set(self.t.get() + ACCESS);
        let now = self.t.get();
        if let Some((end, reply, ack)) = self.in_flight {
            if now >= end {
                self.in_flight = None;
                let no_rx = self.pcsx.as_ref().is_some_and(|r| r.contains(&self.sent.len().wrapping_sub(1)));
                if no_rx {
                    self.last = reply;
                } else if self.fifo.len() < 8 {
                    self.fifo.push_back(reply);
                }
                if let Some(d) = ack {
                    let (from, len) = if self.pcsx.is_some() { (end, 0) } else { (end + d, ACK_LOW) };
                    self.pulse = Some((from, from + len, false));
                }
            }
        }
        if let Some((from, until, false)) = self.pulse {
            if now >= from {
                self.pulse = Some((from, until, true));
                self.latch |= self.ctrl & CTRL_ACK_IRQ_ENABLE != 0;
            }
        }
    }

    fn ack_is_low(&self) -> bool {
        self.pulse.is_some_and(|(from, until, _)| (from..until).contains(&self.t.get()))
    }

    /// Moves the clock on by `us` microseconds (the CPU busy elsewhere).
    fn spend_us(&mut self, us: u64) {
        let end = self.t.get() + us * CPU_HZ / 1_000_000;
        while self.t.get() < end {
            self.tick();
        }
    }
}

impl Registers for Sio0Model {
    type Instant = u64;

    fn now(&self) -> u64 {
        self.t.set(self.t.get() + ACCESS);
        self.t.get()
    }

    fn us_since(&self, t: u64) -> u32 {
        let now = self.now();
        ((now - t) * 1_000_000 / CPU_HZ) as u32
    }

    fn stat(&mut self) -> u16 {
        self.tick();
        let mut s = 0b101; // TX ready, TX idle
        if !self.fifo.is_empty() {
            s |= STAT_RX_READY;
        }
        if self.ack_is_low() {
            s |= STAT_ACK_LOW;
        }
        if self.latch {
            s |= STAT_ACK_LATCHED;
        }
        s
    }

    fn set_ctrl(&mut self, value: u16) {
        self.tick();
        if value & CTRL_ACK != 0 {
            if self.ack_is_low() {
                self.ignored_acks += 1;
            } else {
                self.latch = false;
            }
        }
        let was = self.ctrl & CTRL_SELECT != 0;
        self.ctrl = value & !CTRL_ACK;
        if self.ctrl & CTRL_SELECT == 0 {
            // Deselected: the device forgets the command.
            self.sent.clear();
            self.in_flight = None;
        } else if !was {
            self.sent.clear();
        }
    }

    fn write_data(&mut self, byte: u8) {
        self.tick();
        let end = self.t.get() + BYTE;
        if self.ctrl & CTRL_SELECT != 0 {
            self.sent.push(byte);
            let (reply, ack) = (self.device)(&self.sent);
            self.in_flight = Some((end, reply, ack));
        } else {
            // Nothing selected: the data line floats high.
            self.in_flight = Some((end, 0xFF, None));
        }
    }

    fn read_data(&mut self) -> u8 {
        self.tick();
        if let Some(b) = self.fifo.pop_front() {
            self.last = b;
        }
        self.last
    }
}

/// Sector `n`'s byte `i` on the model card.
fn card_byte(n: u16, i: usize) -> u8 {
    (usize::from(n) * 7 + i * 13 + 1) as u8
}

/// A memory card answering read commands (psx-spx, "Memory Card
/// Read/Write Commands"), each /ACK `ack` cycles after its byte, and the
/// one after the 7th byte of a read (Sony's late one) `late` cycles more.
fn card(ack: u64, late: u64) -> Device {
    Box::new(move |rx: &[u8]| {
        let i = rx.len() - 1;
        if rx[0] != 0x81 {
            return (0xFF, None);
        }
        let sector = || u16::from_be_bytes([rx[4], rx[5]]);
        let (reply, acked) = match (i, rx.get(1).copied()) {
            (0, _) => (0xFF, true),
            (1, Some(b'R')) => (0x00, true),
            (2, _) => (0x5A, true),
            (3, _) => (0x5D, true),
            (4, _) => (0x00, true),
            (5, _) => (rx[4], true),
            (6, _) => (0x5C, true),
            (7, _) => (0x5D, true),
            (8, _) => (rx[4], true),
            (9, _) => (rx[5], true),
            (10..=137, _) => (card_byte(sector(), i - 10), true),
            (138, _) => ((0..SECTOR).fold(rx[4] ^ rx[5], |a, k| a ^ card_byte(sector(), k)), true),
            (139, _) => (b'G', false),
            _ => (0xFF, false),
        };
        let delay = if i == 6 { ack + late } else { ack };
        (reply, acked.then_some(delay))
    })
}

/// A digital pad with `buttons` held (active low), answering the poll
/// command `01 42 00 00 00`.
fn pad(buttons: u16) -> Device {
    Box::new(move |rx: &[u8]| {
        let [lo, hi] = (!buttons).to_le_bytes();
        match (rx.len() - 1, rx[0]) {
            (_, b) if b != 0x01 => (0xFF, None),
            (0, _) => (0xFF, Some(PAD_ACK)),
            (1, _) => (0x41, Some(PAD_ACK)),
            (2, _) => (0x5A, Some(PAD_ACK)),
            (3, _) => (lo, Some(PAD_ACK)),
            (4, _) => (hi, None),
            _ => (0xFF, None),
        }
    })
}

/// Reads sector `n` through the byte pump on the model, polling without a
/// pause (the tightest loop the console runs: `Driver::finish`).
fn read_sector(model: Sio0Model, n: u16) -> (Result<[u8; SECTOR], ()>, Sio0Model) {
    let mut d = Driver::new(Port::new(model, Slot::One));
    d.set_blocking(true);
    let mut buf = [0u8; SECTOR];
    let got = match d.read(n, &mut buf) {
        Poll::Ready(Ok(_)) => Ok(buf),
        _ => Err(()),
    };
    (got, into_model(d))
}

fn into_model(mut d: Driver<Port<Sio0Model>>) -> Sio0Model {
    let line = d.line_mut();
    let regs = line.regs_mut();
    std::mem::replace(regs, Sio0Model::new(Box::new(|_| (0xFF, None))))
}

fn want(n: u16) -> [u8; SECTOR] {
    std::array::from_fn(|i| card_byte(n, i))
}

#[test]
fn a_sector_reads_with_the_ack_latch_cleared_only_once_ack_is_high() {
    // The pump sends the next byte as soon as it sees the /ACK latched,
    // while /ACK is still low: an acknowledge then leaves the latch set,
    // and a stale latch must not pass for the next byte's reply.
    let (got, m) = read_sector(Sio0Model::new(card(CARD_ACK, 0)), 17);
    assert_eq!(got, Ok(want(17)), "the sector read through the model");
    assert_eq!(m.ignored_acks, 0, "an acknowledge was written while /ACK was low");
}

#[test]
fn a_stale_byte_in_the_rx_fifo_is_drained_at_select() {
    // A byte left in the FIFO (by the loader, the BIOS, a reply that came
    // after its timeout) must not shift every reply of the next command.
    let mut m = Sio0Model::new(card(CARD_ACK, 0));
    m.fifo.extend([0x41, 0x5A]);
    let (got, _) = read_sector(m, 300);
    assert_eq!(got, Ok(want(300)));
}

#[test]
fn pcsx_reloaded_s_card_latches_the_ack_without_rx_ready() {
    let mut m = Sio0Model::new(card(CARD_ACK, 0));
    m.pcsx = Some(1..6);
    let (got, _) = read_sector(m, 63);
    assert_eq!(got, Ok(want(63)));
}

#[test]
fn a_sony_card_s_late_ack_after_the_7th_byte_of_a_read() {
    // psx-spx, Memory Card Timings: "after the 7th byte of the Read
    // command, an additional delay of circa 31000 cycles occurs before
    // IRQ7 gets triggered" (original Sony cards).
    let (got, _) = read_sector(Sio0Model::new(card(CARD_ACK, 31_000)), 5);
    assert_eq!(got, Ok(want(5)));
}

#[test]
fn the_pad_answers_poll_after_poll_exchanged_back_to_back() {
    let mut port = Port::new(Sio0Model::new(pad(0x1008)), Slot::One);
    for frame in 0..3 {
        port.select();
        port.regs_mut().spend_us(20);
        let mut got = Vec::new();
        for &b in &[0x01, 0x42, 0x00, 0x00, 0x00] {
            match port.exchange(b) {
                Some((r, acked)) => {
                    got.push(r);
                    if !acked {
                        break;
                    }
                }
                None => break,
            }
        }
        port.deselect();
        let [lo, hi] = (!0x1008u16).to_le_bytes();
        assert_eq!(got, [0xFF, 0x41, 0x5A, lo, hi], "poll {frame}");
        assert_eq!(port.regs().ignored_acks, 0, "poll {frame}: an acknowledge while /ACK was low");
        port.regs_mut().spend_us(16_000);
    }
}

#[test]
fn no_card_is_noticed_after_the_timeouts() {
    let m = Sio0Model::new(Box::new(|_| (0xFF, None)));
    let mut d = Driver::new(Port::new(m, Slot::One));
    d.set_blocking(true);
    let mut buf = [0u8; SECTOR];
    assert_eq!(d.read(0, &mut buf), Poll::Ready(Err(IoError::NoCard)));
    let us = d.line().us_since(0);
    assert!(us < 2_000, "{us} µs");
}
