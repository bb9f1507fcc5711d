//! The controller and memory card port (SIO0) as its registers: the order
//! of reads and writes a byte exchange needs, on any implementation of the
//! registers ([`Registers`]: the PS1's, in the binary's `ps1::sio`, or a
//! model of the port and a card in the host tests). No hardware here.
//!
//! The pad and the memory card share the port and its protocol: select the
//! slot (/JOY low), then for each byte sent one comes back; a device that
//! has more to say pulses /ACK after the byte, which the port latches in its
//! status register (bit 9) when "DSR interrupt" is enabled in the control
//! register (no CPU interrupt is taken: I_MASK stays 0). No /ACK in time
//! means the device is done, or absent.
//!
//! References (nocash PSX specifications, psx-spx): "Serial Interfaces
//! (SIO)" for the registers, "Controller and Memory Card Overview" for the
//! /ACK latch.

use crate::memcard::wire::Line;

/// JOY_STAT: a received byte waits in the RX FIFO ("RX FIFO Not Empty").
pub const STAT_RX_READY: u16 = 1 << 1;
/// JOY_STAT: the level of /ACK now (1: low, asserted; "DSR Input Level").
pub const STAT_ACK_LOW: u16 = 1 << 7;
/// JOY_STAT: the device pulsed /ACK (latched; cleared by [`CTRL_ACK`]).
pub const STAT_ACK_LATCHED: u16 = 1 << 9;

/// JOY_CTRL: transmit enable.
pub const CTRL_TX_ENABLE: u16 = 1 << 0;
/// JOY_CTRL: drive /JOY low, selecting the device on the chosen slot.
pub const CTRL_SELECT: u16 = 1 << 1;
/// JOY_CTRL: acknowledge (clear) the latched status bits.
pub const CTRL_ACK: u16 = 1 << 4;
/// JOY_CTRL: latch /ACK pulses into JOY_STAT bit 9.
pub const CTRL_ACK_IRQ_ENABLE: u16 = 1 << 12;
/// JOY_CTRL: slot 2 instead of slot 1.
pub const CTRL_PORT2: u16 = 1 << 13;

/// Longest wait for a byte to come back, from when it was sent: 8 bits at
/// 250 kHz are 32 µs.
pub const BYTE_TIMEOUT_US: u32 = crate::memcard::wire::BYTE_TIMEOUT_US;
/// Longest wait for /ACK after the byte came back (the pad's exchange).
pub const ACK_TIMEOUT_US: u32 = crate::memcard::wire::ACK_TIMEOUT_US;

/// The port's registers and a clock: what [`Port`] needs of the machine.
pub trait Registers {
    /// A moment of the clock.
    type Instant: Copy;
    /// Now.
    fn now(&self) -> Self::Instant;
    /// Microseconds since `t`.
    fn us_since(&self, t: Self::Instant) -> u32;
    /// Reads JOY_STAT.
    fn stat(&mut self) -> u16;
    /// Writes JOY_CTRL.
    fn set_ctrl(&mut self, value: u16);
    /// Writes JOY_DATA (TX): starts a byte's transfer.
    fn write_data(&mut self, byte: u8);
    /// Reads JOY_DATA (RX): the oldest byte of the RX FIFO.
    fn read_data(&mut self) -> u8;
    /// Clears the port's request in the interrupt controller (I_STAT bit
    /// 7; CPU interrupts are off, this keeps I_STAT tidy).
    fn clear_irq(&mut self) {}
}

/// Which slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// The left slot (pad 1, memory card 1).
    One,
    /// The right slot.
    Two,
}

/// The JOY_CTRL value that selects `slot`'s device, /ACK latched.
pub fn selected(slot: Slot) -> u16 {
    let port_bit = if slot == Slot::Two { CTRL_PORT2 } else { 0 };
    CTRL_TX_ENABLE | CTRL_SELECT | CTRL_ACK_IRQ_ENABLE | port_bit
}

/// How long [`Port::send`] waits at most for /ACK to rise before it
/// acknowledges the latch: a pulse is about 100 cycles (3 µs); a Sony
/// mouse can hold /ACK low until it is spoken to (psx-spx, "Plugging and
/// Unplugging Cautions": "code that waits for /ACK=HIGH should use
/// timeouts").
pub const ACK_RELEASE_US: u32 = 10;

/// An /ACK latched this soon after a byte was sent is not taken as its
/// reply: the byte is 32 µs on the wire, so a latch seen earlier is a stale
/// one (see [`Port::received`]).
pub const ACK_ALONE_AFTER_US: u32 = 24;

/// Bytes the RX FIFO holds at most (psx-spx, "SIO_RX_DATA Notes").
const RX_FIFO: usize = 8;

/// The port one byte at a time, without waiting: what the memory card's
/// byte pump ([`crate::memcard::wire`]) steps, and what the pad's
/// [`Port::exchange`] waits on.
///
/// The order of the register accesses (psx-spx):
/// - select: /JOY low with the latch acknowledged, then whatever waits in
///   the RX FIFO read and dropped, so that every reply read is the reply
///   to the byte just sent;
/// - send: once the last byte's /ACK pulse is over (JOY_STAT.7 clear),
///   acknowledge the latch (JOY_CTRL.4), then write the byte. The latch
///   "CANNOT be acknowledged while the external /IRQ input is still low;
///   ie. one must first wait until SIO0_STAT.7=0, and then set
///   SIO0_CTRL.4=1" ("DSR (/ACK) Controller and Memory Card - Byte
///   Received Interrupt"): acknowledged at once, as soon as the latch is
///   seen, it stays set and the next byte seems answered before it is;
/// - received: the RX FIFO not empty (JOY_STAT.1) is a reply. An /ACK
///   latched without it also counts, but only once the byte has had time
///   to arrive ([`ACK_ALONE_AFTER_US`]): PCSX-Reloaded's memory card
///   latches the /ACK and leaves RX ready clear for a few bytes, the byte
///   waiting in the data register all the same;
/// - acked: the latch (JOY_STAT.9).
pub struct Port<R: Registers> {
    regs: R,
    slot: Slot,
    /// JOY_CTRL while the device is selected.
    ctrl: u16,
    /// When the byte in flight was sent.
    sent: Option<R::Instant>,
}

impl<R: Registers> Port<R> {
    /// The port, for the device in `slot` (not selected yet).
    pub const fn new(regs: R, slot: Slot) -> Self {
        Port { regs, slot, ctrl: 0, sent: None }
    }

    /// The registers (the host tests' model).
    pub fn regs(&self) -> &R {
        &self.regs
    }

    /// The registers, to change (the host tests' model).
    pub fn regs_mut(&mut self) -> &mut R {
        &mut self.regs
    }

    /// Selects the device and empties the RX FIFO (the caller waits the
    /// settle time before the first byte).
    pub fn select(&mut self) {
        self.ctrl = selected(self.slot);
        self.regs.set_ctrl(self.ctrl | CTRL_ACK);
        // Only while JOY_STAT.1 says a byte is there: a read of the data
        // register with none waiting would advance PCSX-Reloaded's card.
        for _ in 0..RX_FIFO {
            if self.regs.stat() & STAT_RX_READY == 0 {
                break;
            }
            let _ = self.regs.read_data();
        }
        self.sent = None;
    }

    /// Acknowledges the last byte's /ACK latch once the pulse is over,
    /// then sends `byte`.
    pub fn send(&mut self, byte: u8) {
        let start = self.regs.now();
        while self.regs.stat() & STAT_ACK_LOW != 0 && self.regs.us_since(start) < ACK_RELEASE_US {}
        self.regs.set_ctrl(self.ctrl | CTRL_ACK);
        self.regs.write_data(byte);
        self.sent = Some(self.regs.now());
    }

    /// The byte back, once it is in: reads the data register once when it
    /// answers.
    pub fn received(&mut self) -> Option<u8> {
        let stat = self.regs.stat();
        let answered = stat & STAT_RX_READY != 0
            || (stat & STAT_ACK_LATCHED != 0 && self.sent.is_some_and(|t| self.regs.us_since(t) >= ACK_ALONE_AFTER_US));
        answered.then(|| self.regs.read_data())
    }

    /// The device pulled /ACK since the last byte was sent.
    pub fn acked(&mut self) -> bool {
        self.regs.stat() & STAT_ACK_LATCHED != 0
    }

    /// Deselects the device and clears the port's latched bits (the
    /// interrupt controller's first: psx-spx, "Interrupt Acknowledge
    /// Notes").
    pub fn deselect(&mut self) {
        self.regs.clear_irq();
        self.regs.set_ctrl(CTRL_ACK);
        self.regs.set_ctrl(0);
        self.sent = None;
    }

    /// Sends a byte and waits for its reply: the byte received and whether
    /// the device acknowledged it (wants to go on); `None` when nothing
    /// came back. (The pad: a few bytes a frame.)
    pub fn exchange(&mut self, byte: u8) -> Option<(u8, bool)> {
        self.send(byte);
        let start = self.regs.now();
        let got = loop {
            if let Some(b) = self.received() {
                break b;
            }
            if self.regs.us_since(start) > BYTE_TIMEOUT_US {
                return None;
            }
        };
        let start = self.regs.now();
        loop {
            if self.acked() {
                return Some((got, true));
            }
            if self.regs.us_since(start) > ACK_TIMEOUT_US {
                return Some((got, false));
            }
        }
    }
}

impl<R: Registers> Line for Port<R> {
    type Instant = R::Instant;

    fn now(&self) -> R::Instant {
        self.regs.now()
    }

    fn us_since(&self, t: R::Instant) -> u32 {
        self.regs.us_since(t)
    }

    fn select(&mut self) {
        Port::select(self);
    }

    fn send(&mut self, byte: u8) {
        Port::send(self, byte);
    }

    fn received(&mut self) -> Option<u8> {
        Port::received(self)
    }

    fn acked(&mut self) -> bool {
        Port::acked(self)
    }

    fn deselect(&mut self) {
        Port::deselect(self);
    }
}
