//! A sector command on the wire, one byte exchange at a time, without
//! waiting: the memory card's read and write commands as a state machine
//! ([`Command`]) and the byte pump that paces them on the controller port
//! ([`Driver`]), stepped whenever the frame has a moment, so the CPU never
//! spins on the card while the frame has work.
//!
//! No hardware here: a [`Line`] is the port (the PS1's SIO0 registers, or a
//! model of a card in the host tests) and its clock.
//!
//! # The protocol
//!
//! Select the slot, then for each byte sent one comes back; a card that
//! has more to say pulses /ACK after the byte (latched by the port), and
//! the next byte may go once it has. Read: `81 52 00 00 MSB LSB 00 00 00
//! 00` then 128 data bytes, a checksum (XOR of the address and data) and
//! an end byte, `47` ("G") when good; the card answers `5A 5D` to the two
//! bytes after the command, `5C 5D` after the address, then the address
//! again. Write: `81 57 00 00 MSB LSB`, 128 data bytes, the checksum,
//! `00 00 00`; the card answers `5C 5D` then `47`. Every byte but the last
//! is acknowledged. The reply to the command byte is the card's FLAG: bit 3
//! set means "new" (see [`super::session`]).
//!
//! # Timing
//!
//! A byte takes 32 µs at the port's 250 kHz; a card acknowledges it within
//! about 100 µs, except a read's 7th byte, which an original Sony card
//! acknowledges about 0.92 ms late ([`LATE_ACK_TIMEOUT_US`]). The pump never waits for either: [`Driver::poll`] looks at
//! the port, hands a reply that has come to the command and sends the next
//! byte, and returns. A reply is judged missing only when the port still
//! shows none after its timeout, counted from when the byte was sent: a
//! poll that comes late (the frame was drawing) still finds a byte that
//! came in time, and a card pulled out mid-sector is still noticed (no
//! /ACK: the sector fails).
//! A command started by a request is not put on the wire until the next
//! poll (the frame starts a sector before it draws, and polls only once
//! the GPU draws): the card is selected only while its bytes move. It
//! stays selected between polls (the CPU's work between them: a thinking
//! step, a few milliseconds at most); the slot's pad can only be polled
//! once the command is over ([`Driver::finish`]).

use super::session::{IoError, Port};
use super::SECTOR;
use core::task::Poll;

/// Microseconds between selecting the card and its first byte.
pub const SELECT_SETTLE_US: u32 = 20;
/// Longest wait for a byte to come back, from when it was sent: 8 bits at
/// 250 kHz are 32 µs.
pub const BYTE_TIMEOUT_US: u32 = 120;
/// Longest wait for /ACK after the byte came back: pads answer within
/// ~10 µs; memory cards and slow third-party pads within ~100.
pub const ACK_TIMEOUT_US: u32 = 200;
/// Longest wait for /ACK after a read command's 7th byte (the first `00`
/// after the sector number), which original Sony cards acknowledge late:
/// "after the 7th byte of the Read command, an additional delay of circa
/// 31000 cycles occurs before IRQ7 gets triggered (that strange extra delay
/// occurs only on original Sony cards)" (psx-spx, "Memory Card Read/Write
/// Commands", Timings): 0.92 ms, given more than twice that.
pub const LATE_ACK_TIMEOUT_US: u32 = 2_500;

/// FLAG bit 3: the card is new (inserted or powered up, not written since).
/// A completed write clears it.
pub const FLAG_NEW: u8 = 0x08;

/// The memory-card address byte (a pad answers to 0x01).
const CARD: u8 = 0x81;
/// The card's "good" end byte.
const GOOD: u8 = b'G';

/// Bytes of a read command on the wire (the last one unacknowledged).
const READ_LEN: u16 = 10 + SECTOR as u16 + 2;
/// Bytes of a write command on the wire.
const WRITE_LEN: u16 = 6 + SECTOR as u16 + 4;

/// Why a sector command failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WireError {
    /// Nothing answered in the slot.
    NoCard,
    /// Something answered, but not as a memory card does.
    Protocol,
    /// The data's checksum did not match.
    Checksum,
    /// The card reported a bad sector or a write error.
    BadSector,
    /// A guarded write met a card whose FLAG says "new": the command was
    /// dropped before the sector number, nothing was written.
    NewCard,
}

impl WireError {
    /// As the session sees it.
    pub fn io(self) -> IoError {
        match self {
            WireError::NoCard => IoError::NoCard,
            WireError::NewCard => IoError::NewCard,
            WireError::Protocol | WireError::Checksum | WireError::BadSector => IoError::Failed,
        }
    }
}

/// Which sector command, on which sector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// Read sector n.
    Read(u16),
    /// Write sector n; `true`: guarded (dropped on a new card).
    Write(u16, bool),
}

/// What to do after a reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Send this byte and hand its reply to [`Command::reply`].
    Send(u8),
    /// The command is over: deselect the card. `Ok` holds the FLAG.
    Done(Result<u8, WireError>),
}

/// One sector command: the bytes to send and what the card must answer.
#[derive(Clone, Debug)]
pub struct Command {
    request: Request,
    /// The byte whose reply comes next (0: the address byte).
    pos: u16,
    /// The sector's data: what a write sends, what a read received.
    data: [u8; SECTOR],
    /// The XOR of the address and the data so far.
    sum: u8,
    /// The card's FLAG (the reply to the command byte).
    flag: u8,
    /// A read's checksum byte as the card sent it.
    check: u8,
}

impl Command {
    /// Reads sector `n`.
    pub fn read(n: u16) -> Command {
        Command::new(Request::Read(n), [0; SECTOR])
    }

    /// Writes `data` to sector `n`. With `guard`, a card whose FLAG says
    /// new gets nothing after the command byte: it abandons the command
    /// and writes nothing ([`WireError::NewCard`]).
    pub fn write(n: u16, data: &[u8; SECTOR], guard: bool) -> Command {
        Command::new(Request::Write(n, guard), *data)
    }

    fn new(request: Request, data: [u8; SECTOR]) -> Command {
        let [msb, lsb] = request.sector().to_be_bytes();
        Command { request, pos: 0, data, sum: msb ^ lsb, flag: 0, check: 0 }
    }

    /// What this command is.
    pub fn request(&self) -> Request {
        self.request
    }

    /// The sector's data (a read's, once it is done).
    pub fn data(&self) -> &[u8; SECTOR] {
        &self.data
    }

    /// The first byte to send, once the card is selected.
    pub fn first(&self) -> u8 {
        CARD
    }

    /// True when the byte in flight is the last: the card does not
    /// acknowledge it, so its reply is complete as soon as it is in.
    pub fn last(&self) -> bool {
        self.pos + 1 == self.len()
    }

    /// Longest wait for the /ACK of the byte in flight, after its reply
    /// came back ([`LATE_ACK_TIMEOUT_US`] where a Sony card is late).
    pub fn ack_timeout_us(&self) -> u32 {
        match (self.request, self.pos) {
            (Request::Read(_), 6) => LATE_ACK_TIMEOUT_US,
            _ => ACK_TIMEOUT_US,
        }
    }

    fn len(&self) -> u16 {
        match self.request {
            Request::Read(_) => READ_LEN,
            Request::Write(..) => WRITE_LEN,
        }
    }

    /// Takes the reply to the byte in flight: the byte back and whether
    /// the card acknowledged it, `None` when nothing came back.
    pub fn reply(&mut self, reply: Option<(u8, bool)>) -> Next {
        let pos = self.pos;
        let got = match reply {
            // The last byte: acknowledged or not, its reply ends it.
            Some((b, _)) if self.last() => return Next::Done(self.end(b)),
            Some((b, true)) => b,
            // Nothing acknowledged the address byte: no card.
            _ if pos == 0 => return Next::Done(Err(WireError::NoCard)),
            None if self.last() => return Next::Done(Err(WireError::Protocol)),
            None => return Next::Done(Err(WireError::NoCard)),
            Some((_, false)) => return Next::Done(Err(WireError::Protocol)),
        };
        let [msb, lsb] = self.request.sector().to_be_bytes();
        let checked = match (self.request, pos) {
            (_, 1) => {
                self.flag = got;
                match self.request {
                    Request::Write(_, true) if got & FLAG_NEW != 0 => Err(WireError::NewCard),
                    _ => Ok(()),
                }
            }
            (_, 2) => expect(got, 0x5A, WireError::Protocol),
            (_, 3) => expect(got, 0x5D, WireError::Protocol),
            (Request::Read(_), 6) | (Request::Write(..), 135) => expect(got, 0x5C, WireError::Protocol),
            (Request::Read(_), 7) | (Request::Write(..), 136) => expect(got, 0x5D, WireError::Protocol),
            (Request::Read(_), 8) => expect(got, msb, WireError::BadSector),
            (Request::Read(_), 9) => expect(got, lsb, WireError::BadSector),
            (Request::Read(_), p @ 10..=137) => {
                self.data[usize::from(p - 10)] = got;
                self.sum ^= got;
                Ok(())
            }
            (Request::Read(_), 138) => {
                self.check = got;
                Ok(())
            }
            (Request::Write(..), p @ 6..=133) => {
                self.sum ^= self.data[usize::from(p - 6)];
                Ok(())
            }
            _ => Ok(()),
        };
        if let Err(e) = checked {
            return Next::Done(Err(e));
        }
        self.pos += 1;
        Next::Send(self.byte(self.pos))
    }

    /// The byte sent at `pos` (after the address byte).
    fn byte(&self, pos: u16) -> u8 {
        let [msb, lsb] = self.request.sector().to_be_bytes();
        match (self.request, pos) {
            (Request::Read(_), 1) => b'R',
            (Request::Write(..), 1) => b'W',
            (_, 4) => msb,
            (_, 5) => lsb,
            (Request::Write(..), p @ 6..=133) => self.data[usize::from(p - 6)],
            (Request::Write(..), 134) => self.sum,
            _ => 0,
        }
    }

    /// The reply to the last byte: the end of the command.
    fn end(&self, end: u8) -> Result<u8, WireError> {
        if matches!(self.request, Request::Read(_)) && self.check != self.sum {
            return Err(WireError::Checksum);
        }
        if end != GOOD {
            return Err(WireError::BadSector);
        }
        Ok(self.flag)
    }
}

impl Request {
    fn sector(self) -> u16 {
        match self {
            Request::Read(n) | Request::Write(n, _) => n,
        }
    }
}

fn expect(got: u8, want: u8, e: WireError) -> Result<(), WireError> {
    if got == want {
        Ok(())
    } else {
        Err(e)
    }
}

/// The controller port, as the pump needs it, and a clock.
pub trait Line {
    /// A moment of the clock.
    type Instant: Copy;
    /// Now.
    fn now(&self) -> Self::Instant;
    /// Microseconds since `t`.
    fn us_since(&self, t: Self::Instant) -> u32;
    /// Selects the card's slot (its latched /ACK cleared).
    fn select(&mut self);
    /// Clears the latched /ACK and sends a byte.
    fn send(&mut self, byte: u8);
    /// The byte back, once it is in (`None` until then). Called until it
    /// answers, and not again for the same byte.
    fn received(&mut self) -> Option<u8>;
    /// The card has acknowledged the byte (latched since it was sent).
    fn acked(&mut self) -> bool;
    /// Deselects the slot.
    fn deselect(&mut self);
}

/// Where the byte in flight stands.
#[derive(Clone, Copy)]
enum Phase<I> {
    /// No command, or one done (its result waits in `done`).
    Idle,
    /// A command waits for the next poll to select the card.
    Start,
    /// Selected at this moment; the first byte goes after the settle time.
    Settle(I),
    /// A byte went at this moment; its reply is awaited.
    Rx(I),
    /// The reply came back; its /ACK is awaited (the byte was sent then).
    Ack(I, u8),
}

/// The byte pump: one sector command at a time on a [`Line`], stepped by
/// [`Driver::poll`]; as a [`Port`], it answers [`Poll::Pending`] until the
/// sector asked for is done, then that sector's result.
pub struct Driver<L: Line> {
    line: L,
    command: Option<Command>,
    phase: Phase<L::Instant>,
    done: Option<Result<u8, WireError>>,
    /// Every request runs to its end before the port answers (at boot,
    /// before the frames start).
    blocking: bool,
}

impl<L: Line> Driver<L> {
    /// A driver on `line`, idle.
    pub const fn new(line: L) -> Self {
        Driver { line, command: None, phase: Phase::Idle, done: None, blocking: false }
    }

    /// Makes the port answer every request when it is done (spinning), or
    /// not.
    pub fn set_blocking(&mut self, blocking: bool) {
        self.blocking = blocking;
    }

    /// The line.
    pub fn line(&self) -> &L {
        &self.line
    }

    /// The line, to change (the host tests' model).
    pub fn line_mut(&mut self) -> &mut L {
        &mut self.line
    }

    /// True while a command is on the wire (the card is selected) or
    /// waits for the next poll to go on it.
    pub fn busy(&self) -> bool {
        !matches!(self.phase, Phase::Idle)
    }

    /// Starts `command`: the next poll selects the card, its first byte
    /// goes at a later one.
    fn start(&mut self, command: Command) {
        self.phase = Phase::Start;
        self.command = Some(command);
        self.done = None;
    }

    /// Moves the command on as far as the port allows without waiting:
    /// takes a reply that has come (or is overdue), sends the next byte.
    /// Returns [`Driver::busy`].
    pub fn poll(&mut self) -> bool {
        loop {
            let reply = match self.phase {
                Phase::Idle => return false,
                Phase::Start => {
                    self.line.select();
                    self.phase = Phase::Settle(self.line.now());
                    return true;
                }
                Phase::Settle(t) => {
                    if self.line.us_since(t) < SELECT_SETTLE_US {
                        return true;
                    }
                    let first = self.command.as_ref().map_or(CARD, Command::first);
                    self.send(first);
                    continue;
                }
                Phase::Rx(t) => match self.line.received() {
                    Some(b) if self.command.as_ref().is_some_and(Command::last) => Some((b, false)),
                    Some(b) => {
                        self.phase = Phase::Ack(t, b);
                        continue;
                    }
                    None if self.line.us_since(t) > BYTE_TIMEOUT_US => None,
                    None => return true,
                },
                Phase::Ack(t, b) => {
                    let ack_timeout = self.command.as_ref().map_or(ACK_TIMEOUT_US, Command::ack_timeout_us);
                    if self.line.acked() {
                        Some((b, true))
                    } else if self.line.us_since(t) > BYTE_TIMEOUT_US + ack_timeout {
                        Some((b, false))
                    } else {
                        return true;
                    }
                }
            };
            let next = match self.command.as_mut() {
                Some(c) => c.reply(reply),
                None => Next::Done(Err(WireError::Protocol)),
            };
            match next {
                Next::Send(b) => self.send(b),
                Next::Done(result) => {
                    self.line.deselect();
                    self.phase = Phase::Idle;
                    self.done = Some(result);
                    return false;
                }
            }
        }
    }

    fn send(&mut self, byte: u8) {
        self.line.send(byte);
        self.phase = Phase::Rx(self.line.now());
    }

    /// Runs the command on the wire to its end (the slot's pad needs the
    /// port). Returns whether there was one.
    pub fn finish(&mut self) -> bool {
        let was = self.busy();
        while self.poll() {}
        was
    }

    /// The result of `request`: done, or started (or going on) and
    /// pending. A finished command of another request is dropped and
    /// `request` started; one still on the wire goes on first.
    fn request(&mut self, request: Request, make: impl FnOnce() -> Command) -> Poll<Result<u8, WireError>> {
        let current = self.command.as_ref().map(Command::request);
        let started = !self.busy() && (current != Some(request) || self.done.is_none());
        if started {
            self.start(make());
        }
        if self.blocking {
            while self.poll() {}
        } else if !started {
            self.poll();
        }
        if self.busy() || self.command.as_ref().map(Command::request) != Some(request) {
            // On the wire still, or another request's command was.
            return Poll::Pending;
        }
        match self.done.take() {
            Some(result) => Poll::Ready(result),
            None => Poll::Pending,
        }
    }
}

impl<L: Line> Port for Driver<L> {
    fn read(&mut self, n: u16, buf: &mut [u8; SECTOR]) -> Poll<Result<bool, IoError>> {
        let result = match self.request(Request::Read(n), || Command::read(n)) {
            Poll::Pending => return Poll::Pending,
            Poll::Ready(r) => r,
        };
        if let (Ok(_), Some(c)) = (result, &self.command) {
            buf.copy_from_slice(c.data());
        }
        Poll::Ready(result.map(|flag| flag & FLAG_NEW != 0).map_err(WireError::io))
    }

    fn write(&mut self, n: u16, data: &[u8; SECTOR], guard: bool) -> Poll<Result<(), IoError>> {
        match self.request(Request::Write(n, guard), || Command::write(n, data, guard)) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(r) => Poll::Ready(r.map(|_| ()).map_err(WireError::io)),
        }
    }
}
