//! One hint behaviour for every game: where a screen's hint stands.
//!
//! A screen works out the move for the position on the table before the
//! player asks (the App *ponders* in the frames' spare time), keeps the
//! answer until a move changes the position, and shows it at once when
//! Square is pressed; asked before the answer is found, the screen says
//! "Thinking..." and shows it when it comes. Only a change of position (a
//! move played or taken back) drops the work: any other press (a refused
//! X, a card picked up or put back, the cursor moved) leaves it going, and
//! a press that acts while the player waits for the hint withdraws the
//! asking only ([`HintState::withdraw`]). A game with a deeper search
//! goes on past the quick answer while the position stands, and a deep
//! answer it finds replaces the one kept ([`HintState::found_at`]): the
//! longer the player looks, the better the hint Square shows at once. The
//! screen owns its thinker; this keeps the state every game shares, so the
//! rules are written once.

/// What a press of Square finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask<M> {
    /// The answer is known: show it now (`None`: no move exists).
    Show(Option<M>),
    /// Start working it out (no work was under way).
    Start,
    /// Work is under way: its answer is shown when found.
    Wait,
}

/// Where a screen's hint stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintState<M> {
    /// Work on the position on the table is under way.
    working: bool,
    /// The player asked: the answer is shown when found.
    asked: bool,
    /// The answer for the position on the table.
    kept: Option<Option<M>>,
    /// The kept answer is a deep one: found by the search that goes on
    /// past the quick answer while the position stands.
    deep: bool,
    /// Frames that worked on the position on the table, and the last.
    frames: u32,
    last: Option<u32>,
}

impl<M> Default for HintState<M> {
    fn default() -> Self {
        HintState { working: false, asked: false, kept: None, deep: false, frames: 0, last: None }
    }
}

impl<M: Copy> HintState<M> {
    /// Square pressed.
    pub fn ask(&mut self) -> Ask<M> {
        if let Some(m) = self.kept {
            return Ask::Show(m);
        }
        self.asked = true;
        if core::mem::replace(&mut self.working, true) {
            Ask::Wait
        } else {
            Ask::Start
        }
    }

    /// The App has time to spare: true when the screen should start
    /// working out the answer nobody asked for yet (none is kept and no
    /// work is under way).
    pub fn ponder(&mut self) -> bool {
        if self.kept.is_some() || self.working {
            return false;
        }
        self.working = true;
        true
    }

    /// The answer was found: kept for the position; true when the player
    /// asked for it (show it now).
    pub fn found(&mut self, m: Option<M>) -> bool {
        self.found_at(m, false)
    }

    /// An answer was found, `deep` or quick: it replaces the one kept (a
    /// deep answer comes after the quick one, from the work that goes on
    /// while the position stands); true when the player asked and waits
    /// for it (show it now).
    pub fn found_at(&mut self, m: Option<M>, deep: bool) -> bool {
        self.working = false;
        self.kept = Some(m);
        self.deep = deep;
        core::mem::take(&mut self.asked)
    }

    /// Frame `frame` works on the position on the table (counted once
    /// however many steps it takes).
    pub fn thought(&mut self, frame: u32) {
        if self.last != Some(frame) {
            self.last = Some(frame);
            self.frames = self.frames.saturating_add(1);
        }
    }

    /// Whether the kept answer is a deep one, and the frames that worked
    /// on the position so far (the `AFTK HINT` line's `answer=` and
    /// `pondered=`).
    pub fn depth(&self) -> (bool, u32) {
        (self.deep && self.kept.is_some(), self.frames)
    }

    /// The player did something else while waiting for the hint (a press
    /// that acts on the table and changed no position: a refused X, a card
    /// picked up or put back). The hint is no longer shown when found: it
    /// would take the cursor, or the card held, from under the player's
    /// hand, answering a question they have moved on from. The work goes
    /// on, for the position is still the one on the table, and its answer
    /// is kept: the next Square shows it at once, or waits only for what
    /// is left of the work (a press never costs the work done).
    pub fn withdraw(&mut self) {
        self.asked = false;
    }

    /// The work is dropped (the position changed, or the screen gave up);
    /// a kept answer stays.
    pub fn cancel(&mut self) {
        self.working = false;
        self.asked = false;
    }

    /// The position changed: the kept answer is for another one.
    pub fn forget(&mut self) {
        self.cancel();
        self.kept = None;
        self.deep = false;
        self.frames = 0;
        self.last = None;
    }

    /// Work is under way (asked for or not).
    pub fn working(&self) -> bool {
        self.working
    }

    /// The player asked and the answer is not shown yet.
    pub fn asked(&self) -> bool {
        self.asked
    }

    /// The answer kept for the position on the table.
    pub fn kept(&self) -> Option<Option<M>> {
        self.kept
    }
}

/// A line of moves kept for the next hints: its first move is the hint for
/// the position it was kept at, and once that move is played there the
/// next one is the hint for the position it made. A game whose search
/// plans further than one move keeps the plan so, and the hints that
/// follow it come at once: King Albert its solver's winning line, A
/// Farewell to Kings the rest of the turn its search planned. `K` says
/// which position a move is for (a board, a hash of the position).
#[derive(Clone, Debug)]
pub struct KeptLine<M, K, const N: usize> {
    moves: heapless::Vec<M, N>,
    /// The position the first move is for; none while the line is being
    /// made.
    at: Option<K>,
}

impl<M, K, const N: usize> Default for KeptLine<M, K, N> {
    fn default() -> Self {
        KeptLine { moves: heapless::Vec::new(), at: None }
    }
}

impl<M: Copy + PartialEq, K: PartialEq, const N: usize> KeptLine<M, K, N> {
    /// Keeps `moves` (as many as fit) for the position `at`.
    pub fn keep(&mut self, at: K, moves: &[M]) {
        self.clear();
        for m in moves {
            self.push(*m);
        }
        self.at = Some(at);
    }

    /// Adds a move to the line being made (a line read a part at a time);
    /// false when the line is full.
    pub fn push(&mut self, m: M) -> bool {
        self.moves.push(m).is_ok()
    }

    /// The line made is for the position `at`.
    pub fn set_at(&mut self, at: K) {
        self.at = Some(at);
    }

    /// The line's move for the position `at`, if the line is for it.
    pub fn next(&self, at: &K) -> Option<M> {
        if self.at.as_ref() == Some(at) {
            self.moves.first().copied()
        } else {
            None
        }
    }

    /// `m` was played in the position `before`, which became `after`: the
    /// line goes on from its next move if `m` was its move there, and is
    /// dropped if not.
    pub fn played(&mut self, m: M, before: &K, after: K) {
        if self.next(before) == Some(m) {
            self.moves.remove(0);
            self.at = Some(after);
        } else {
            self.clear();
        }
    }

    /// Drops the line.
    pub fn clear(&mut self) {
        self.moves.clear();
        self.at = None;
    }

    /// The moves kept, the next first.
    pub fn moves(&self) -> &[M] {
        &self.moves
    }

    /// True when no more moves fit.
    pub fn is_full(&self) -> bool {
        self.moves.is_full()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_worked_out_before_the_player_asks_is_shown_at_once() {
        let mut h = HintState::<u8>::default();
        assert!(h.ponder(), "nothing kept: start");
        assert!(!h.ponder(), "already under way");
        assert!(!h.found(Some(7)), "nobody asked: not shown");
        assert!(!h.working());
        assert_eq!(h.ask(), Ask::Show(Some(7)));
        assert_eq!(h.ask(), Ask::Show(Some(7)), "asked again: the same, at once");
        assert!(!h.ponder(), "kept: nothing to work out");
    }

    #[test]
    fn asked_while_pondering_the_answer_shows_when_found() {
        let mut h = HintState::<u8>::default();
        assert!(h.ponder());
        assert_eq!(h.ask(), Ask::Wait, "the work under way goes on");
        assert!(h.asked());
        assert!(h.found(None), "asked: shown");
        assert!(!h.asked());
        assert_eq!(h.ask(), Ask::Show(None));
    }

    #[test]
    fn asked_with_nothing_under_way_starts_the_work() {
        let mut h = HintState::<u8>::default();
        assert_eq!(h.ask(), Ask::Start);
        assert!(h.working() && h.asked());
        assert_eq!(h.ask(), Ask::Wait);
    }

    #[test]
    fn a_move_forgets_the_answer_and_a_cancel_keeps_it() {
        let mut h = HintState::<u8>::default();
        h.ponder();
        h.found(Some(1));
        h.cancel();
        assert_eq!(h.kept(), Some(Some(1)));
        h.forget();
        assert_eq!(h.kept(), None);
        assert_eq!(h.ask(), Ask::Start);
        h.cancel();
        assert!(!h.working() && !h.asked());
        assert!(h.ponder(), "after a cancel the App may ponder again");
    }

    #[test]
    fn a_withdrawn_ask_keeps_the_work_and_its_answer_for_the_next_square() {
        let mut h = HintState::<u8>::default();
        assert_eq!(h.ask(), Ask::Start);
        h.withdraw();
        assert!(h.working() && !h.asked(), "the work goes on, nobody waits for it");
        assert!(!h.ponder(), "under way: not started again");
        assert_eq!(h.ask(), Ask::Wait, "asked again: the same work, not a new one");
        h.withdraw();
        assert!(!h.found(Some(3)), "withdrawn: kept, not shown");
        assert_eq!(h.ask(), Ask::Show(Some(3)), "the next Square shows it at once");
        h.forget();
        assert_eq!(h.ask(), Ask::Start, "another position: worked out anew");
    }

    #[test]
    fn a_deep_answer_replaces_the_quick_one_and_a_move_forgets_both() {
        let mut h = HintState::<u8>::default();
        assert!(h.ponder());
        h.thought(10);
        h.thought(10);
        h.thought(11);
        assert!(!h.found(Some(1)), "nobody asked");
        assert_eq!(h.depth(), (false, 2), "quick, two frames of work");
        assert_eq!(h.ask(), Ask::Show(Some(1)));
        h.thought(12);
        assert!(!h.found_at(Some(2), true), "shown already: kept, not shown again");
        assert_eq!(h.ask(), Ask::Show(Some(2)), "the next Square shows the deep answer");
        assert_eq!(h.depth(), (true, 3));
        h.forget();
        assert_eq!(h.depth(), (false, 0));
        assert_eq!(h.ask(), Ask::Start);
        assert!(h.found_at(None, true), "asked and waiting: shown");
    }

    #[test]
    fn a_kept_line_gives_its_moves_while_they_are_played_and_drops_on_another() {
        let mut l = KeptLine::<u8, u32, 4>::default();
        assert_eq!(l.next(&0), None, "nothing kept");
        l.keep(10, &[1, 2, 3]);
        assert_eq!(l.next(&10), Some(1));
        assert_eq!(l.next(&11), None, "another position");
        l.played(1, &10, 11);
        assert_eq!(l.next(&11), Some(2), "followed: the next move");
        assert_eq!(l.next(&10), None);
        l.played(9, &11, 12);
        assert_eq!(l.next(&12), None, "left: dropped");
        assert!(l.moves().is_empty());
        l.keep(20, &[5]);
        l.played(5, &20, 21);
        assert_eq!(l.next(&21), None, "played to its end");
    }

    #[test]
    fn a_line_being_made_gives_nothing_until_its_position_is_set() {
        let mut l = KeptLine::<u8, u32, 2>::default();
        assert!(l.push(1) && l.push(2));
        assert!(!l.push(3) && l.is_full(), "full");
        assert_eq!(l.next(&0), None);
        l.set_at(0);
        assert_eq!(l.next(&0), Some(1));
        l.played(1, &7, 8);
        assert_eq!(l.next(&8), None, "played elsewhere: dropped");
    }
}
