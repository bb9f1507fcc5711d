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
    use crate::ps1::timer::{ticks_to_us, Clock, Instant};
    use crate::ps1::tty::Tty;
    use crate::ps1::video::Video;
    use farewell::draw::DrawList;
    use farewell::input::{Input, Names, PadReply};
    use farewell::perf::{FrameMeter, FrameTimes};
    use farewell::ui::catalogue::CATALOGUE;
    use farewell::ui::paint::{palette, text_centred};
    use farewell::ui::render;
    use farewell::ui::skin::AtlasSkin;
    use farewell::ui::App;

    /// The games, each with its own estimate of a thinking step's time.
    const GAMES: usize = CATALOGUE.len();

    /// How fast the estimate of a thinking step's time forgets a long one,
    /// per frame that thinks (with the hint worked out before the player
    /// asks, nearly every frame thinks: at 100 us a frame, a rare 4 ms step
    /// of Four Kingdoms was forgotten within a second and overran a frame;
    /// at 20 us, Four Kingdoms' longest node, 3.5 ms, was 0.8 ms forgotten
    /// by the time the next came): the estimate stays near the longest
    /// step, and the game's margin covers only what it cannot foresee.
    const STEP_DECAY_US: u32 = 5;

    /// How fast the estimate of the drawing's time forgets a busy frame,
    /// per frame (3 ms a second).
    const RENDER_DECAY_US: u32 = 50;

    /// A frame: one vblank period, NTSC (59.94 Hz) or PAL (50 Hz).
    const FRAME_US: u32 = if cfg!(feature = "pal") { 20_000 } else { 16_683 };

    /// What a frame should take at most: 60% of a vblank (10 ms NTSC,
    /// 12 ms PAL), so that a console slower than the emulator in its GPU
    /// or DMA still keeps every vblank. A frame over it is logged (`AFTK
    /// SLOW`, with where its time went); the scripts hold each Mednafen
    /// run to its own budget (`perf 0 US`).
    const BUDGET_US: u32 = FRAME_US * 3 / 5;

    /// Frames between two `AFTK SLOW` lines at least (the frame meter's
    /// report has the longest of the rest).
    const SLOW_EVERY: u32 = 30;

    /// The waits a sector needs on the wire: 128 bytes and the command's
    /// dozen at the card's 250 kHz, and the acknowledge handshake of each
    /// byte (about 6 ms measured in Mednafen). The byte pump moves it while
    /// the frame waits for the GPU and the vblank; a sector starts only in
    /// a frame whose waits leave it that long, so that the next frame
    /// rarely has any of it left to finish before polling the pad.
    const CARD_US: u32 = 6_500;

    /// The draw list, the packets and the GPU at most, with a margin: up to
    /// 1.9 + 3.5 + 2.4 ms measured in Mednafen (a 12x8 demo frame, with
    /// the collection's panels and sound), where 5.5 ms let a card sector
    /// make a demo frame late.
    const DRAW_US: u32 = 8_000;

    /// How far into a frame the event log may go on being handed to the
    /// BIOS: the frame keeps within its budget (what does not fit goes in
    /// the next frames).
    const TTY_UNTIL_US: u32 = BUDGET_US - 600;

    /// Frames between two `AFTK TICK` lines (half a second: about 40
    /// bytes a second of log).
    const TICK_EVERY: u32 = 30;

    /// The most a frame hands the BIOS's TTY, whatever is left of its
    /// budget: a slow BIOS (OpenBIOS's printf in Mednafen: 45 µs a byte;
    /// a DUART at 115,200 baud: 87 µs) used all the time up to
    /// `TTY_UNTIL_US`, and the thinking step the frame runs anyway when it
    /// has had no room for one (up to 5 ms on the 14x9 grid) took the
    /// frame to 69% of a vblank. 2 ms is 1,000 bytes of the test BIOS's
    /// TTY, 40,000 of PCSX-Reloaded's: the emulators' logs still drain in
    /// the frame they are written (a move's position is about 600 bytes).
    const TTY_MAX_US: u32 = 2_000;

    /// How far into a frame a thinking step may end at the latest, less
    /// the game's margin (how much longer than its estimate a step can
    /// run: `think_margin_us` of its catalogue entry).
    const THINK_UNTIL_US: u32 = BUDGET_US - 300;

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
        let mut storage = crate::ps1::storage::Storage::boot(&mut app, &mut tty);
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
        /// A hint asked for and not drawn yet is being timed: the CPU time
        /// spent thinking on it, and its frames.
        hint_open: bool,
        hint_us: u32,
        hint_frames: u32,
        /// The drawing's time lately (draw list, packets, what is left of
        /// the GPU's work after the thinking): the largest of the recent
        /// frames, forgotten slowly. The 14x9 grid takes 10 ms of a frame to
        /// draw, the menus 4: a card sector starts only where it leaves
        /// room.
        render_us: u32,
        /// The longest thinking step lately (forgotten slowly), each
        /// game's own (a King Albert node takes a tenth of a 14x9 grid's
        /// placement judged): at first, the longest its catalogue entry
        /// names.
        step_us: [u32; GAMES],
        /// Each game's `think_margin_us`.
        margin_us: [u32; GAMES],
        /// The last frame had work but no room to start a step.
        starved: bool,
        /// The last update's time (a card sector starts only where the
        /// drawing, an update as long and the thinking leave it room).
        update_us: u32,
        /// The frame of the last `AFTK SLOW` line.
        slow_at: Option<u32>,
        /// Thinking steps (a placement judged, in A Farewell to Kings) and
        /// their CPU time since the last hint shown: the HINT line gives
        /// their mean, the cost of one judgement on the console.
        steps: u32,
        steps_us: u32,
    }

    impl Frame {
        fn new() -> Self {
            Frame {
                packets: Packets::new(),
                list: DrawList::new(),
                input: Input::new(),
                meter: FrameMeter::new(),
                last_reply: None,
                hint_open: false,
                hint_us: 0,
                hint_frames: 0,
                render_us: DRAW_US,
                step_us: CATALOGUE.map(|s| s.think_step_us),
                margin_us: CATALOGUE.map(|s| s.think_margin_us),
                starved: false,
                update_us: 0,
                slow_at: None,
                steps: 0,
                steps_us: 0,
            }
        }

        /// One frame: the pad; a card sector when there is room; the
        /// drawing of what the last frame left, sent to the GPU; while the
        /// GPU draws, the update with its sounds, the event log and the
        /// thinking; the vblank and the frame meter. A press is acted on in
        /// the frame that polls it and shown in the next (one frame, 17 ms,
        /// later than drawing after the update): the update's work (a move,
        /// its position logged) no longer adds to the drawing's.
        fn run(
            &mut self,
            clock: &Clock,
            video: &mut Video,
            spu: &mut crate::ps1::spu::Spu,
            app: &mut App,
            storage: &mut crate::ps1::storage::Storage,
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
            // A card sector only in a frame whose waits leave room for it:
            // after the drawing as measured lately (a loss screen's shaded
            // grid takes 10 ms to draw), the update as long as the last one,
            // and the thinking, which goes on to the frame's budget. The
            // step only hands the session the last sector's result and
            // starts the next; the sector's bytes move while the frame waits.
            let t = clock.now();
            let drawn_us = finish_us + self.render_us.max(DRAW_US) + self.update_us;
            let busy_until = if app.thinking() { drawn_us.max(THINK_UNTIL_US) } else { drawn_us };
            if busy_until + CARD_US <= FRAME_US {
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
            // The frame's sounds: effects keyed on, the songs stepped.
            let sounds = app.take_sounds();
            spu.frame(sounds.pending(), app.music(), app.volumes, tty);
            let update_us = ticks_to_us(clock.ticks_since(t));
            self.update_us = update_us;
            let t = clock.now();
            let elapsed = ticks_to_us(clock.ticks_since(start));
            let tty_bytes = tty.drain(clock, TTY_UNTIL_US.saturating_sub(elapsed).min(TTY_MAX_US));
            let tty_us = ticks_to_us(clock.ticks_since(t));
            let think_us = self.think(clock, start, app, storage);
            let t = clock.now();
            self.packets.wait_with(|| storage.pump());
            video.draw_sync();
            let gpu_us = ticks_to_us(clock.ticks_since(t));
            self.render_us = self.render_us.saturating_sub(RENDER_DECAY_US).max(draw_us + packets_us + gpu_us);
            let missed = video.wait_vblank_with(|| storage.pump());
            let times = FrameTimes { update_us, think_us, card_us, draw_us, packets_us, tty_us, gpu_us, tty_bytes };
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

        /// Times a hint from the frame whose update took Square to the frame
        /// that draws it, both counted, and logs it (`AFTK HINT`) in the
        /// frame it is drawn: the update and the thinking run while the GPU
        /// draws a frame, so what they find is drawn in the next (a hint
        /// worked out before Square comes shows 2 frames after it).
        fn count_hint_frame(&mut self, app: &mut App, tty: &mut Tty) {
            // An event of the deal in play (a new deal is none, whatever the
            // last one showed).
            if app.hints().is_none() {
                self.hint_open = false;
                self.hint_us = 0;
                self.hint_frames = 0;
                return;
            }
            let shown = app.take_hint_shown();
            let asked = app.hint_asked();
            if !self.hint_open && (asked || shown) {
                // The frame whose update took Square.
                self.hint_frames = 1;
            }
            if self.hint_open || asked || shown {
                self.hint_frames += 1;
            }
            if shown {
                aftk_line!(
                    tty,
                    "HINT us=",
                    self.hint_us,
                    " frames=",
                    self.hint_frames,
                    " steps=",
                    self.steps,
                    " step_us=",
                    self.steps_us / self.steps.max(1)
                );
                self.steps = 0;
                self.steps_us = 0;
            }
            // Timed while asked (a move made instead cancels it).
            self.hint_open = asked && !shown;
            if !self.hint_open {
                self.hint_us = 0;
                self.hint_frames = 0;
            }
        }

        /// Gives the fair player (a hint being worked out, or the demo's
        /// next move) what is left of the frame's budget while the GPU
        /// draws, a step at a time, moving the card's bytes between steps;
        /// returns the time it took. `start` is when the frame began.
        fn think(
            &mut self,
            clock: &Clock,
            start: Instant,
            app: &mut App,
            storage: &mut crate::ps1::storage::Storage,
        ) -> u32 {
            let t0 = clock.now();
            // A hint the player asked for and has not seen: its thinking
            // counts towards its time (pondering before the player asks
            // does not).
            let asked = app.hint_asked();
            let mut busy = app.thinking();
            // Start a step only when one as long as the longest lately still
            // ends by `THINK_UNTIL_US` (a step can take a few milliseconds: a
            // 14x9 grid judged, a solver's node). A frame that could start
            // none, after one that started none either, runs one anyway, so
            // that thinking never stalls.
            let game = app.playing().map_or(0, |p| p.id().index()).min(GAMES - 1);
            let until = THINK_UNTIL_US.saturating_sub(self.margin_us[game]);
            let step_us = &mut self.step_us[game];
            let mut steps = 0u32;
            while busy {
                let before = ticks_to_us(clock.ticks_since(start));
                // The step's cost in the game's usual steps (a position
                // judged whole is two placements judged).
                let weight = app.step_weight().max(1);
                if before + *step_us * weight > until && !(steps == 0 && self.starved) {
                    break;
                }
                busy = app.think(1);
                storage.pump();
                steps += 1;
                let took = ticks_to_us(clock.ticks_since(start)) - before;
                *step_us = (*step_us).max(took / weight);
                self.steps = self.steps.saturating_add(1);
                self.steps_us = self.steps_us.saturating_add(took);
            }
            self.starved = busy && steps == 0;
            // Forgotten only while thinking: an idle minute must not make
            // the next hint's first steps overrun.
            if steps > 0 {
                *step_us = step_us.saturating_sub(STEP_DECAY_US);
            }
            let think_us = ticks_to_us(clock.ticks_since(t0));
            if asked {
                self.hint_us = self.hint_us.saturating_add(think_us);
            }
            think_us
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
            // The heartbeat the emulator tests count their waits by.
            if n % TICK_EVERY == 0 {
                aftk_line!(tty, "TICK frame=", n);
            }
            if missed > 0 {
                aftk_line!(tty, "LATE frame=", n, " ", times);
            }
            if times.total_us() > BUDGET_US && self.slow_at.is_none_or(|at| n.wrapping_sub(at) >= SLOW_EVERY) {
                self.slow_at = Some(n);
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
