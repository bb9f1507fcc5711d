//! Host tests of the platform-neutral pad layer: button sets, the decoding of
//! raw controller replies, edges and D-pad auto-repeat.

use farewell::input::{Buttons, Input, Names, PadReply, REPEAT_DELAY, REPEAT_INTERVAL};

/// A digital pad reply holding `held` (the wire is active low).
fn digital_reply(held: Buttons) -> [u8; 5] {
    let [low, high] = (!held.bits()).to_le_bytes();
    [0xFF, 0x41, 0x5A, low, high]
}

#[test]
fn wire_bits_follow_the_controller_protocol() {
    // Per the pad protocol, byte 3 bit 4 is Up and byte 4 bit 6 is Cross,
    // both active low.
    assert_eq!(Buttons::from_wire(!0x10, 0xFF), Buttons::UP);
    assert_eq!(Buttons::from_wire(0xFF, !0x40), Buttons::CROSS);
    assert_eq!(Buttons::from_wire(0xFF, 0xFF), Buttons::empty());
    assert_eq!(Buttons::from_wire(0, 0), Buttons::all());
}

#[test]
fn digital_pad_reply_decodes_every_button_alone() {
    for bit in 0..16 {
        let b = Buttons::from_bits_retain(1 << bit);
        assert_eq!(PadReply::decode(&digital_reply(b)), PadReply::Pad(b), "bit {bit}");
    }
}

#[test]
fn dualshock_replies_in_both_modes_decode_buttons_and_ignore_sticks() {
    let [low, high] = (!(Buttons::CROSS | Buttons::LEFT).bits()).to_le_bytes();
    let analog = [0xFF, 0x73, 0x5A, low, high, 0x80, 0x80, 0x00, 0xFF];
    assert_eq!(PadReply::decode(&analog), PadReply::Pad(Buttons::CROSS | Buttons::LEFT));
    let green = [0xFF, 0x53, 0x5A, low, high, 1, 2, 3, 4];
    assert_eq!(PadReply::decode(&green), PadReply::Pad(Buttons::CROSS | Buttons::LEFT));
}

#[test]
fn no_answer_means_absent() {
    assert_eq!(PadReply::decode(&[]), PadReply::Absent);
    assert_eq!(PadReply::decode(&[0xFF]), PadReply::Absent);
    assert_eq!(PadReply::decode(&[0xFF, 0xFF]), PadReply::Absent);
    assert_eq!(PadReply::decode(&[0xFF, 0xFF, 0xFF, 0xFF, 0xFF]), PadReply::Absent);
    assert_eq!(PadReply::Absent.buttons(), Buttons::empty());
}

#[test]
fn other_devices_and_garbled_replies_are_unsupported_not_buttons() {
    // A mouse (0x12), config mode (0xF3), a bad marker byte, a short reply.
    assert_eq!(PadReply::decode(&[0xFF, 0x12, 0x5A, 0, 0, 0, 0]), PadReply::Unsupported(0x12));
    assert_eq!(PadReply::decode(&[0xFF, 0xF3, 0x5A, 0, 0, 0, 0]), PadReply::Unsupported(0xF3));
    assert_eq!(PadReply::decode(&[0xFF, 0x41, 0x00, 0, 0]), PadReply::Unsupported(0x41));
    assert_eq!(PadReply::decode(&[0xFF, 0x41, 0x5A, 0]), PadReply::Unsupported(0x41));
    assert_eq!(PadReply::Unsupported(0x12).buttons(), Buttons::empty());
}

#[test]
fn replies_too_short_to_hold_buttons_are_never_buttons() {
    // Every reply of up to three bytes, exhaustively: none holds the two
    // button bytes, so none decodes as a pad. An ID of 0xFF (or no ID) is
    // no pad at all; any other ID is a device we cannot read.
    for a in 0..=255u8 {
        assert_eq!(PadReply::decode(&[a]), PadReply::Absent);
        for b in 0..=255u8 {
            let expected = if b == 0xFF { PadReply::Absent } else { PadReply::Unsupported(b) };
            for reply in [&[a, b][..], &[a, b, 0x5A], &[a, b, a]] {
                assert_eq!(PadReply::decode(reply), expected, "{reply:02X?}");
                assert_eq!(PadReply::decode(reply).buttons(), Buttons::empty());
            }
        }
    }
}

#[test]
fn names_are_written_in_bit_order_and_parse_back() {
    let set = Buttons::CROSS | Buttons::UP | Buttons::SELECT;
    assert_eq!(Names(set).to_string(), "select+up+cross");
    assert_eq!(Names(Buttons::empty()).to_string(), "-");
    for bit in 0..16 {
        let b = Buttons::from_bits_retain(1 << bit);
        let name = Names(b).to_string();
        assert_eq!(Buttons::from_log_name(&name), Some(b), "{name}");
    }
    assert_eq!(Buttons::from_log_name("CROSS"), Some(Buttons::CROSS));
    assert_eq!(Buttons::from_log_name("x"), None);
}

#[test]
fn pressed_and_released_are_edges_of_one_frame() {
    let mut input = Input::new();
    input.update(Buttons::CROSS);
    assert_eq!(input.pressed(), Buttons::CROSS);
    assert_eq!(input.held(), Buttons::CROSS);
    input.update(Buttons::CROSS | Buttons::CIRCLE);
    assert_eq!(input.pressed(), Buttons::CIRCLE, "cross was already down");
    input.update(Buttons::CIRCLE);
    assert_eq!(input.pressed(), Buttons::empty());
    assert_eq!(input.released(), Buttons::CROSS);
    input.update(Buttons::empty());
    assert_eq!(input.released(), Buttons::CIRCLE);
    assert_eq!(input.held(), Buttons::empty());
}

/// Frames (counting from 0 = the press) on which a held button fires.
fn firing_frames(held: Buttons, frames: u16) -> Vec<u16> {
    let mut input = Input::new();
    (0..frames)
        .filter(|_| {
            input.update(held);
            input.repeated() == held
        })
        .collect()
}

#[test]
fn held_direction_fires_on_press_then_repeats_after_the_delay() {
    let frames = firing_frames(Buttons::RIGHT, REPEAT_DELAY + 3 * REPEAT_INTERVAL + 1);
    let expected: Vec<u16> = [
        0,
        REPEAT_DELAY,
        REPEAT_DELAY + REPEAT_INTERVAL,
        REPEAT_DELAY + 2 * REPEAT_INTERVAL,
        REPEAT_DELAY + 3 * REPEAT_INTERVAL,
    ]
    .to_vec();
    assert_eq!(frames, expected);
}

#[test]
fn face_buttons_do_not_repeat() {
    let mut input = Input::new();
    for _ in 0..100 {
        input.update(Buttons::CROSS);
        assert!(input.repeated().is_empty());
    }
}

#[test]
fn changing_direction_fires_at_once_and_restarts_the_delay() {
    let mut input = Input::new();
    for _ in 0..(REPEAT_DELAY + 2) {
        input.update(Buttons::RIGHT);
    }
    input.update(Buttons::DOWN);
    assert_eq!(input.repeated(), Buttons::DOWN);
    for _ in 1..REPEAT_DELAY {
        input.update(Buttons::DOWN);
        assert!(input.repeated().is_empty(), "no repeat before the delay");
    }
    input.update(Buttons::DOWN);
    assert_eq!(input.repeated(), Buttons::DOWN);
}

#[test]
fn releasing_and_pressing_again_fires_immediately() {
    let mut input = Input::new();
    input.update(Buttons::LEFT);
    input.update(Buttons::empty());
    input.update(Buttons::LEFT);
    assert_eq!(input.repeated(), Buttons::LEFT);
}
