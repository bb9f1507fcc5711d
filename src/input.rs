//! The pad, in platform-neutral terms.
//!
//! - [`Buttons`]: a set of PS1 pad buttons. The bit order is the controller's
//!   own (the two button bytes of a poll, low byte first, active low on the
//!   wire), so the PS1 driver turns a reply into a set with one `!`.
//! - [`PadReply`]: what a poll of the controller port returned, decoded from
//!   the raw bytes (digital pad, DualShock in either mode, nothing there).
//! - [`Input`]: the buttons of this frame and the last, giving pressed and
//!   released edges and D-pad auto-repeat for cursor movement.
//!
//! Host tests drive all of this with synthetic input; the PS1 layer only reads
//! the bytes off the wire.

use core::fmt;

bitflags::bitflags! {
    /// A set of PS1 pad buttons.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct Buttons: u16 {
        /// Select.
        const SELECT = 1 << 0;
        /// Left stick click (DualShock).
        const L3 = 1 << 1;
        /// Right stick click (DualShock).
        const R3 = 1 << 2;
        /// Start.
        const START = 1 << 3;
        /// D-pad up.
        const UP = 1 << 4;
        /// D-pad right.
        const RIGHT = 1 << 5;
        /// D-pad down.
        const DOWN = 1 << 6;
        /// D-pad left.
        const LEFT = 1 << 7;
        /// L2.
        const L2 = 1 << 8;
        /// R2.
        const R2 = 1 << 9;
        /// L1.
        const L1 = 1 << 10;
        /// R1.
        const R1 = 1 << 11;
        /// Triangle.
        const TRIANGLE = 1 << 12;
        /// Circle.
        const CIRCLE = 1 << 13;
        /// Cross (X).
        const CROSS = 1 << 14;
        /// Square.
        const SQUARE = 1 << 15;
        /// The four directions of the D-pad: the buttons that auto-repeat.
        const DPAD = Self::UP.bits() | Self::RIGHT.bits() | Self::DOWN.bits() | Self::LEFT.bits();
    }
}

/// Lower-case names of the buttons, in bit order, as the event log writes them.
const NAMES: [(Buttons, &str); 16] = [
    (Buttons::SELECT, "select"),
    (Buttons::L3, "l3"),
    (Buttons::R3, "r3"),
    (Buttons::START, "start"),
    (Buttons::UP, "up"),
    (Buttons::RIGHT, "right"),
    (Buttons::DOWN, "down"),
    (Buttons::LEFT, "left"),
    (Buttons::L2, "l2"),
    (Buttons::R2, "r2"),
    (Buttons::L1, "l1"),
    (Buttons::R1, "r1"),
    (Buttons::TRIANGLE, "triangle"),
    (Buttons::CIRCLE, "circle"),
    (Buttons::CROSS, "cross"),
    (Buttons::SQUARE, "square"),
];

impl Buttons {
    /// The set from the two button bytes of a pad reply (active low).
    pub fn from_wire(low: u8, high: u8) -> Self {
        Self::from_bits_retain(!u16::from_le_bytes([low, high]))
    }

    /// The button with this event-log name (`cross`, `up`, ...), if any.
    pub fn from_log_name(name: &str) -> Option<Self> {
        NAMES.iter().find(|(_, n)| n.eq_ignore_ascii_case(name)).map(|(b, _)| *b)
    }

    /// Writes the set as the event log does: names joined by `+` in bit
    /// order, or `-` for the empty set.
    pub fn write_names(self, out: &mut dyn crate::out::Out) -> fmt::Result {
        let mut first = true;
        for (button, name) in NAMES {
            if self.contains(button) {
                if !first {
                    out.put_str("+")?;
                }
                out.put_str(name)?;
                first = false;
            }
        }
        if first {
            out.put_str("-")?;
        }
        Ok(())
    }
}

/// The event-log form of a button set (see [`Buttons::write_names`]).
pub struct Names(pub Buttons);

impl crate::out::Text for Names {
    fn text(&self, f: &mut dyn crate::out::Out) -> core::fmt::Result {
        self.0.write_names(f)
    }
}

/// The command bytes of a pad poll: address the controller, then "read
/// buttons" (0x42), then zeros while the reply comes back.
pub const POLL_COMMAND: [u8; 9] = [0x01, 0x42, 0, 0, 0, 0, 0, 0, 0];

/// What one poll of a controller port found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadReply {
    /// Nothing answered: no controller, or it was pulled out.
    Absent,
    /// A device answered with an ID this game does not read (a mouse, a
    /// light gun, a DualShock stuck in config mode, or a garbled reply).
    Unsupported(u8),
    /// A digital pad (ID 0x41) or a DualShock (0x73 analog, 0x53 the green
    /// "analog" mode) and the buttons it holds. Sticks are ignored.
    Pad(Buttons),
}

impl PadReply {
    /// Decodes the bytes received during a poll (one per byte of
    /// [`POLL_COMMAND`] sent, as many as the device acknowledged).
    ///
    /// Byte 1 is the device ID: the high nibble its type, the low nibble how
    /// many 16-bit words of data follow byte 2 (which is always 0x5A).
    pub fn decode(received: &[u8]) -> Self {
        let (id, marker) = match received {
            [_, id, marker, ..] => (*id, *marker),
            [_, 0xFF] | [_] | [] => return Self::Absent,
            [_, id] => return Self::Unsupported(*id),
        };
        if id == 0xFF {
            return Self::Absent;
        }
        let digital_like = matches!(id, 0x41 | 0x53 | 0x73);
        if !digital_like || marker != 0x5A {
            return Self::Unsupported(id);
        }
        match received.get(3..5) {
            Some([low, high]) => Self::Pad(Buttons::from_wire(*low, *high)),
            _ => Self::Unsupported(id),
        }
    }

    /// The buttons held, or none when no pad answered.
    pub fn buttons(self) -> Buttons {
        match self {
            Self::Pad(b) => b,
            Self::Absent | Self::Unsupported(_) => Buttons::empty(),
        }
    }
}

/// Frames a D-pad direction is held before it starts repeating (about a
/// quarter of a second at 60 Hz, as menus of the era did).
pub const REPEAT_DELAY: u16 = 15;
/// Frames between repeats once repeating (7.5 moves per second at 60 Hz:
/// fast enough to cross the 14-column grid in two seconds, slow enough to
/// stop on the cell you want).
pub const REPEAT_INTERVAL: u16 = 8;

/// The pad's state over time: what is held, what changed this frame, and
/// which D-pad directions fire this frame (on press and then by auto-repeat).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Input {
    held: Buttons,
    pressed: Buttons,
    released: Buttons,
    repeated: Buttons,
    /// Frames the current D-pad combination has been held unchanged.
    dpad_frames: u16,
}

impl Input {
    /// No buttons held.
    pub const fn new() -> Self {
        Self {
            held: Buttons::empty(),
            pressed: Buttons::empty(),
            released: Buttons::empty(),
            repeated: Buttons::empty(),
            dpad_frames: 0,
        }
    }

    /// Advances one frame with the buttons held now.
    pub fn update(&mut self, now: Buttons) {
        let before = self.held;
        self.pressed = now & !before;
        self.released = before & !now;
        self.held = now;

        let dpad = now & Buttons::DPAD;
        if dpad.is_empty() || dpad != before & Buttons::DPAD {
            // A new direction (or none): fire what was just pressed and start
            // the delay again, so a diagonal change never skips a cell.
            self.dpad_frames = 0;
            self.repeated = self.pressed & Buttons::DPAD;
        } else {
            self.dpad_frames = self.dpad_frames.saturating_add(1);
            let t = self.dpad_frames;
            let fire = t >= REPEAT_DELAY && (t - REPEAT_DELAY) % REPEAT_INTERVAL == 0;
            self.repeated = if fire { dpad } else { Buttons::empty() };
        }
    }

    /// Buttons held this frame.
    pub fn held(&self) -> Buttons {
        self.held
    }

    /// Buttons that went down this frame.
    pub fn pressed(&self) -> Buttons {
        self.pressed
    }

    /// Buttons that came up this frame.
    pub fn released(&self) -> Buttons {
        self.released
    }

    /// D-pad directions that fire this frame: on the press, then every
    /// [`REPEAT_INTERVAL`] frames after [`REPEAT_DELAY`].
    pub fn repeated(&self) -> Buttons {
        self.repeated
    }
}

crate::display_via_text!(Names);
