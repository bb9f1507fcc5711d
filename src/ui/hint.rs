//! One hint behaviour for every game: where a screen's hint stands.
//!
//! A screen works out the move for the position on the table before the
//! player asks (the App *ponders* in the frames' spare time), keeps the
//! answer until a move changes the position, and shows it at once when
//! Square is pressed; asked before the answer is found, the screen says
//! "Thinking..." and shows it when it comes. A press that changes the
//! table drops the work (a move, or a card put back while the hint was
//! landing on it). The screen owns its thinker; this keeps the state
//! every game shares, so the rules are written once.

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
}

impl<M> Default for HintState<M> {
    fn default() -> Self {
        HintState { working: false, asked: false, kept: None }
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
        self.working = false;
        self.kept = Some(m);
        core::mem::take(&mut self.asked)
    }

    /// The work is dropped (the player changed the table meanwhile, or the
    /// screen gave up); a kept answer stays.
    pub fn cancel(&mut self) {
        self.working = false;
        self.asked = false;
    }

    /// The position changed: the kept answer is for another one.
    pub fn forget(&mut self) {
        self.cancel();
        self.kept = None;
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
}
