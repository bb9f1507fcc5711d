//! A Farewell to Kings for the PlayStation 1: the binary.
//!
//! On the PS1 this is the game's main loop over the PS1 layer (`ps1/`). On
//! the host it is a stub: host builds exist for tests and tools only.
#![cfg_attr(target_arch = "mips", no_std)]
#![cfg_attr(target_arch = "mips", no_main)]

#[cfg(target_arch = "mips")]
mod ps1;

#[cfg(target_arch = "mips")]
mod game_loop {
    use crate::aftk_line;
    use crate::ps1::gpu::Packets;
    use crate::ps1::pad::{Pad, Port};
    use crate::ps1::timer::{ticks_to_us, Clock};
    use crate::ps1::tty::Tty;
    use crate::ps1::video::{Video, HEIGHT, WIDTH};
    use farewell::draw::{DrawList, Rgb};
    use farewell::input::{Input, Names, PadReply};
    use farewell::perf::{FrameMeter, PerfReport};
    use psx::dprintln;

    #[no_mangle]
    fn main() {
        crate::ps1::clear_bss();
        crate::ps1::disable_interrupts();
        let mut tty = Tty::new();
        aftk_line!(tty, "BOOT {}", farewell::VERSION);

        let clock = Clock::start();
        let mut video = Video::new();
        let font = video.fb.load_default_font();
        let mut text = font.new_text_box((16, 16), (WIDTH - 16, HEIGHT - 16));
        let mut pad = Pad::new(Port::One);
        let mut packets = Packets::new();
        let mut list = DrawList::new();
        let mut input = Input::new();
        let mut meter = FrameMeter::new();
        let mut last_reply = PadReply::Absent;
        let mut logged_once = false;
        let mut last_perf: Option<PerfReport> = None;

        loop {
            video.swap();
            let start = clock.now();

            let reply = pad.poll(&clock);
            input.update(reply.buttons());
            if reply != last_reply || !logged_once {
                match reply {
                    PadReply::Pad(held) => aftk_line!(tty, "PAD {}", Names(held)),
                    PadReply::Absent => aftk_line!(tty, "PAD absent"),
                    PadReply::Unsupported(id) => aftk_line!(tty, "PAD unsupported 0x{:02x}", id),
                }
                last_reply = reply;
                logged_once = true;
            }

            list.clear();
            list.fill(0, 0, WIDTH as u16, HEIGHT as u16, Rgb(0, 80, 40));
            list.outline(8, 8, WIDTH as u16 - 16, HEIGHT as u16 - 16, 2, Rgb(200, 170, 60));
            for (i, b) in farewell::input::Buttons::all().iter().enumerate() {
                let lit = input.held().contains(b);
                let color = if lit { Rgb(255, 230, 120) } else { Rgb(20, 50, 30) };
                list.fill(24 + 17 * i as i16, 200, 14, 14, color);
            }
            list.shade(16, 150, 288, 40, Rgb(0, 0, 0));
            packets.build(&list);
            packets.send();
            packets.wait();
            text.reset();
            dprintln!(text, "A FAREWELL TO KINGS  {}", farewell::VERSION);
            dprintln!(text, "");
            dprintln!(text, "Frame {}", meter.frames());
            match reply {
                PadReply::Pad(held) => {
                    dprintln!(text, "Held: {}", Names(held));
                }
                PadReply::Absent => {
                    dprintln!(text, "Connect a controller to port 1");
                }
                PadReply::Unsupported(id) => {
                    dprintln!(text, "Controller 0x{:02x} not supported:", id);
                    dprintln!(text, "use a digital pad or DualShock");
                }
            }
            if let Some(p) = last_perf {
                dprintln!(text, "");
                dprintln!(text, "CPU avg {}us max {}us", p.avg_us, p.max_us);
                dprintln!(text, "Missed vblanks {}", p.missed);
            }

            video.draw_sync();
            let work_us = ticks_to_us(clock.ticks_since(start));
            let missed = video.wait_vblank();
            if let Some(report) = meter.record(work_us, missed) {
                aftk_line!(tty, "PERF {}", report);
                last_perf = Some(report);
            }
        }
    }
}

#[cfg(not(target_arch = "mips"))]
fn main() {
    eprintln!("farewell: this is the PS1 game; `make` (or `cargo build --release`) builds it for the PS1");
    std::process::exit(2);
}
