//! The pad, polled directly through the port: no BIOS pad functions and
//! no interrupts.
//!
//! Why: psx 0.1.8's `sys::gamepad` goes through the BIOS InitPad/StartPad,
//! whose interrupt handler, under PCSX-Reloaded's HLE BIOS, clobbers the
//! stack (garbage buttons, then a hang). Polling the port is also what works
//! on every real console: the pad only speaks when spoken to.
//!
//! A poll sends [`POLL_COMMAND`] (address the pad, "read buttons") and reads
//! the reply until the pad stops acknowledging; the platform-neutral
//! [`PadReply::decode`] makes sense of it.

use super::sio::{Slot, Transfer};
use super::timer::Clock;
use farewell::input::{PadReply, POLL_COMMAND};

/// Polls the pad in `slot` once. Never blocks for more than about two
/// milliseconds, whatever is (or is not) plugged in.
pub fn poll(clock: &Clock, slot: Slot) -> PadReply {
    let mut received = [0u8; POLL_COMMAND.len()];
    let mut count = 0;
    {
        let mut t = Transfer::begin(clock, slot);
        for (i, &byte) in POLL_COMMAND.iter().enumerate() {
            let Some((got, acked)) = t.exchange(byte) else { break };
            received[i] = got;
            count = i + 1;
            // The reply's length is in the ID byte: stop once it is all in,
            // so a digital pad is not asked for bytes it does not have.
            let done = i >= 2 && i + 1 >= 3 + 2 * usize::from(received[1] & 0x0F);
            if !acked || done {
                break;
            }
        }
    }
    PadReply::decode(received.get(..count).unwrap_or(&[]))
}
