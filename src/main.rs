//! A Farewell to Kings for the PlayStation 1: the binary.
//!
//! On the PS1 this is the game's main loop over the PS1 layer (`ps1/`). On
//! the host it is a stub: host builds exist for tests and tools only.
#![cfg_attr(target_arch = "mips", no_std)]
#![cfg_attr(target_arch = "mips", no_main)]
#![cfg_attr(target_arch = "mips", feature(asm_experimental_arch))]

#[cfg(target_arch = "mips")]
mod ps1;

#[cfg(target_arch = "mips")]
mod game_loop {
    use crate::aftk_line;
    use crate::ps1::gpu::Packets;
    use crate::ps1::pad;
    use crate::ps1::sio::{self, Slot};
    use crate::ps1::storage::Storage;
    use crate::ps1::timer::{ticks_to_us, Clock, Instant};
    use crate::ps1::tty::Tty;
    use crate::ps1::video::Video;
    use farewell::draw::DrawList;
    use farewell::frame::{self, HintTimer, Scheduler, StepCost, Thinking, Timing};
    use farewell::input::{Input, Names, PadReply};
    use farewell::perf::{FrameMeter, FrameTimes};
    use farewell::ui::catalogue::CATALOGUE;
    use farewell::ui::paint::{palette, text_centred};
    use farewell::ui::render;
    use farewell::ui::screen::ScreenInfo;
    use farewell::ui::skin::AtlasSkin;
    use farewell::ui::App;

    /// The games, each with its own estimate of a thinking step's time.
    const GAME_COUNT: usize = CATALOGUE.len();

    #[no_mangle]
    fn main() {
        // The boot so far (the unpacking), before the clock restarts the
        // counter it was counted on.
        let before_main = crate::ps1::timer::lines_before_main();
        crate::ps1::clear_bss();
        crate::ps1::disable_interrupts();
        let mut tty = Tty::new();
        tty.probe();
        aftk_line!(tty, "BOOT ", farewell::VERSION);

        let clock = Clock::start();
        let main_at = clock.now();
        // Each swap clears the next frame's buffer to the felt, which every
        // screen's draw list starts with (the packets leave that fill out).
        let mut video = Video::new(palette::FELT);
        // The card art and the font, packed at build time.
        crate::ps1::vram::upload_atlas();
        sio::init();
        // The samples into SPU RAM; silent until the first frame's sounds.
        let mut spu = crate::ps1::spu::Spu::init(farewell::sound::Volumes::default());
        if !spu.ok() {
            aftk_line!(tty, "SPU not answering: no sound");
        }
        let mut app = App::new();
        let mut storage = Storage::boot(&mut app, &mut tty);
        tty.flush();
        // Reading the card took several frames: start the frame meter on a
        // fresh vblank rather than count those as missed.
        let _ = video.wait_vblank();
        let mut frame = Frame::new();
        frame.run(&clock, &mut video, &mut spu, &mut app, &mut storage, &mut tty);
        // The first frame drawn: how long the boot took, from the start of
        // the unpacking (when the game was packed) and from `main`.
        let in_main = ticks_to_us(clock.ticks_since(main_at));
        match before_main.map(crate::ps1::timer::lines_to_us) {
            Some(unpack) => aftk_line!(tty, "FIRST us=", unpack + in_main, " main_us=", in_main),
            None => aftk_line!(tty, "FIRST main_us=", in_main),
        }
        loop {
            frame.run(&clock, &mut video, &mut spu, &mut app, &mut storage, &mut tty);
        }
    }

    /// What the frame loop keeps from frame to frame.
    struct Frame {
        packets: Packets,
        list: DrawList,
        input: Input,
        meter: FrameMeter,
        last_reply: Option<PadReply>,
        /// What each frame does and how long it may think.
        schedule: Scheduler<GAME_COUNT>,
        /// The hint asked for and not drawn yet.
        hint: HintTimer,
    }

    /// The hint's thinking as the scheduler drives it: the game's, with the
    /// card's bytes moved between steps, timed on the root counters from
    /// the frame's start.
    struct Work<'a> {
        clock: &'a Clock,
        start: Instant,
        app: &'a mut App,
        storage: &'a mut Storage,
    }

    impl Thinking for Work<'_> {
        fn elapsed_us(&self) -> u32 {
            ticks_to_us(self.clock.ticks_since(self.start))
        }
        fn thinking(&self) -> bool {
            self.app.pondering()
        }
        fn weight(&self) -> u32 {
            self.app.step_weight()
        }
        fn step(&mut self) -> bool {
            let busy = self.app.think(1);
            self.storage.pump();
            busy
        }
    }

    impl Frame {
        fn new() -> Self {
            let cost = |s: &ScreenInfo| StepCost { step_us: s.think_step_us, margin_us: s.think_margin_us };
            Frame {
                packets: Packets::new(),
                list: DrawList::new(),
                input: Input::new(),
                meter: FrameMeter::new(),
                last_reply: None,
                schedule: Scheduler::new(Timing::BUILT, CATALOGUE.map(cost)),
                hint: HintTimer::new(),
            }
        }

        /// One frame, in [`frame`]'s order: the pad; a card sector when
        /// there is room; the drawing of what the last frame left, sent to
        /// the GPU; while the GPU draws, the update with its sounds, the
        /// event log and the thinking; the vblank and the frame meter. A
        /// press is acted on in the frame that polls it and shown in the
        /// next (one frame, 17 ms, later than drawing after the update): the
        /// update's work (a move, its position logged) does not add to the
        /// drawing's.
        fn run(
            &mut self,
            clock: &Clock,
            video: &mut Video,
            spu: &mut crate::ps1::spu::Spu,
            app: &mut App,
            storage: &mut Storage,
            tty: &mut Tty,
        ) {
            video.swap();
            let start = clock.now();
            // The pad shares the port with the card: a sector the last
            // frame's waits did not finish ends first (counted as card time).
            storage.finish();
            let finish_us = ticks_to_us(clock.ticks_since(start));
            let reply = pad::poll(clock, Slot::One);
            self.log_pad(reply, tty);
            self.input.update(reply.buttons());
            // The frame shows what the last frame's update and thinking
            // left: a hint they found is on screen from now.
            self.count_hint_frame(app, tty);
            // The step only hands the session the last sector's result and
            // starts the next; the sector's bytes move while the frame waits.
            let t = clock.now();
            if self.schedule.card_room(finish_us, app.pondering()) {
                storage.step(app, tty);
            }
            let card_us = finish_us + ticks_to_us(clock.ticks_since(t));
            let (draw_us, packets_us) = self.draw(clock, app, reply);
            // While the GPU draws: the update (the pad's press acted on, a
            // move and its log; shown in the next frame) and its sounds,
            // the event log, then the thinking, each up to the frame's
            // budget (what does not fit goes on in the next frames).
            let t = clock.now();
            app.update(&self.input, tty);
            let sounds = app.take_sounds();
            spu.frame(sounds.pending(), app.music(), app.volumes, tty);
            let update_us = ticks_to_us(clock.ticks_since(t));
            self.schedule.updated(update_us);
            let t = clock.now();
            let tty_bytes = tty.drain(clock, self.schedule.tty_us(ticks_to_us(clock.ticks_since(start))));
            let tty_us = ticks_to_us(clock.ticks_since(t));
            let think_us = self.think(clock, start, app, storage);
            let t = clock.now();
            self.packets.wait_with(|| storage.pump());
            video.draw_sync();
            let gpu_us = ticks_to_us(clock.ticks_since(t));
            self.schedule.drawn(draw_us + packets_us + gpu_us);
            let missed = video.wait_vblank_with(|| storage.pump());
            let times = FrameTimes { card_us, draw_us, packets_us, update_us, tty_us, think_us, gpu_us, tty_bytes };
            self.report(times, missed, tty);
        }

        /// Logs the pad when what it answers changes.
        fn log_pad(&mut self, reply: PadReply, tty: &mut Tty) {
            if Some(reply) == self.last_reply {
                return;
            }
            match reply {
                PadReply::Pad(held) => aftk_line!(tty, "PAD ", Names(held)),
                PadReply::Absent => aftk_line!(tty, "PAD absent"),
                PadReply::Unsupported(id) => aftk_line!(tty, "PAD unsupported 0x", farewell::out::Hex::lower(id)),
            }
            self.last_reply = Some(reply);
        }

        /// Logs a hint (`AFTK HINT`) in the frame that draws it, timed
        /// from the frame whose update took Square ([`HintTimer`]).
        fn count_hint_frame(&mut self, app: &mut App, tty: &mut Tty) {
            let in_deal = app.hints().is_some();
            let shown = in_deal && app.take_hint_shown();
            if let Some(line) = self.hint.frame(in_deal, in_deal && app.hint_asked(), shown) {
                let (deep, pondered) = app.hint_depth();
                let line = farewell::frame::HintShown { deep, pondered, ..line };
                aftk_line!(tty, "HINT ", line);
            }
        }

        /// Gives the fair player (a hint being worked out, or the demo's
        /// next move) what is left of the frame's budget while the GPU
        /// draws, as the scheduler says, moving the card's bytes between
        /// steps; returns the time it took. `start` is when the frame began.
        fn think(&mut self, clock: &Clock, start: Instant, app: &mut App, storage: &mut Storage) -> u32 {
            // A hint the player asked for and has not seen: its thinking
            // counts towards its time (pondering before the player asks
            // does not).
            let asked = app.hint_asked();
            let game = app.playing().map_or(0, |p| p.id().index());
            let thought = self.schedule.think(game, &mut Work { clock, start, app, storage });
            self.hint.thought(asked, thought);
            thought.us
        }

        /// Draws the frame (with a word when no usable pad answers) and
        /// starts the GPU on it: the draw list's and the packets' times.
        fn draw(&mut self, clock: &Clock, app: &App, reply: PadReply) -> (u32, u32) {
            let skin = AtlasSkin;
            let t = clock.now();
            render::draw(app, self.input.held(), &skin, &mut self.list);
            let list = &mut self.list;
            match reply {
                PadReply::Pad(_) => {}
                PadReply::Absent => {
                    list.fill(40, 100, 240, 40, palette::BOX);
                    list.outline(40, 100, 240, 40, 1, palette::CURSOR);
                    text_centred(list, &skin, 160, 116, "Connect a controller", palette::TEXT);
                }
                PadReply::Unsupported(_) => {
                    list.fill(20, 100, 280, 40, palette::BOX);
                    list.outline(20, 100, 280, 40, 1, palette::CURSOR);
                    text_centred(list, &skin, 160, 110, "Use a digital pad", palette::TEXT);
                    text_centred(list, &skin, 160, 122, "or a DualShock", palette::TEXT);
                }
            }
            let draw_us = ticks_to_us(clock.ticks_since(t));
            let t = clock.now();
            self.packets.build(&self.list, palette::FELT);
            self.packets.send();
            let packets_us = ticks_to_us(clock.ticks_since(t));
            (draw_us, packets_us)
        }

        /// A late frame's line (where its time went), and the frame meter's
        /// report every 600 frames.
        fn report(&mut self, times: FrameTimes, missed: u32, tty: &mut Tty) {
            let n = self.meter.frames();
            if frame::tick(n) {
                aftk_line!(tty, "TICK frame=", n);
            }
            if missed > 0 {
                aftk_line!(tty, "LATE frame=", n, " ", times);
            }
            if self.schedule.slow(n, times.total_us()) {
                aftk_line!(tty, "SLOW frame=", n, " us=", times.total_us(), " ", times);
            }
            if let Some(report) = self.meter.record(times, missed, tty.state()) {
                aftk_line!(tty, "PERF ", report);
            }
        }
    }
}

#[cfg(not(target_arch = "mips"))]
fn main() {
    eprintln!("farewell: this is the PS1 game; `make` (or `cargo build --release`) builds it for the PS1");
    std::process::exit(2);
}
