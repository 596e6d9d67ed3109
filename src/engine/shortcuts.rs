//! The engine's speed shortcuts, each a named switch. Every shortcut is a
//! table or a lowered form that prepare builds beside the plain path it
//! stands in for; switched off, prepare leaves it empty and play takes the
//! plain path, which must give the same actions, positions and results.
//! So any shortcut can be compared with the plain path, alone
//! (`gdl perft --without NAME`) or all at once (`--plain`), and
//! `tests/suite/shortcuts.rs` does so on every shipped game.

use std::fmt;

/// One speed shortcut of the engine (see [`Shortcut::ALL`] for each one's
/// name and what it does).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shortcut {
    /// Set expressions lowered into flat register programs.
    Programs,
    /// `where` conditions lowered to test one cell.
    CellTests,
    /// On a board of one word, all the sets of a step's choices as one
    /// register code per view.
    StepSets,
    /// On a board of one word, whole steps offered with no evaluation
    /// context.
    WordOffers,
    /// `where` sets that several choices of a step share, computed once.
    SharedSets,
    /// Lines watched incrementally: only cells changed since the last
    /// look are tested.
    WatchedLines,
    /// On a board of one word, runs of a line's length found by doubling
    /// shifts.
    LineRuns,
    /// Each cell's runs of each line length as precomputed sets.
    LineWindows,
    /// Whole sets moved a step along a direction by word shifts, rather
    /// than cell by cell.
    SetShifts,
    /// Steps and jumps counted a direction at a time by whole-set shifts.
    MovesByShifts,
    /// Steps counted per cell by one AND of its neighbour set, where each
    /// cell reaches each neighbour one way only.
    MoveCounts,
    /// On a board of one word, steps counted and the k-th found as words.
    WordSteps,
    /// On a board of one word, slides counted by filling along each
    /// direction (by any distance or by a fixed one).
    SlidesByFill,
    /// `keep if` conditions judged by the cells they read, without a trial.
    KeepReads,
    /// What may follow a decision, known ahead, so that perft by turns
    /// counts the last level without playing it.
    TurnTails,
    /// Neighbours of a large set found by shifting it along each direction.
    NeighborShifts,
    /// Fixed sets of `connected` kept as bits in the union-find.
    Anchors,
    /// Groups of a player's pieces answered by the union-find, where one
    /// kind of piece is owned.
    GroupAnswers,
    /// The turn rule after the numbered turns found without evaluating.
    LateTurn,
    /// `keep if` of a placement judged from the cells next to it, without
    /// a trial, where its effects surely do nothing there (a Go stone next
    /// to an empty point and no enemy stone: no capture, no suicide, and
    /// the position it makes known from the hash).
    QuietPlaces,
}

impl Shortcut {
    /// Every shortcut with its name on the command line, in a fixed order.
    pub const ALL: [(Shortcut, &'static str); 20] = [
        (Shortcut::Programs, "programs"),
        (Shortcut::CellTests, "cell-tests"),
        (Shortcut::StepSets, "step-sets"),
        (Shortcut::WordOffers, "word-offers"),
        (Shortcut::SharedSets, "shared-sets"),
        (Shortcut::WatchedLines, "watched-lines"),
        (Shortcut::LineRuns, "line-runs"),
        (Shortcut::LineWindows, "line-windows"),
        (Shortcut::SetShifts, "set-shifts"),
        (Shortcut::MovesByShifts, "moves-by-shifts"),
        (Shortcut::MoveCounts, "move-counts"),
        (Shortcut::WordSteps, "word-steps"),
        (Shortcut::SlidesByFill, "slides-by-fill"),
        (Shortcut::KeepReads, "keep-reads"),
        (Shortcut::TurnTails, "turn-tails"),
        (Shortcut::NeighborShifts, "neighbor-shifts"),
        (Shortcut::Anchors, "anchors"),
        (Shortcut::GroupAnswers, "group-answers"),
        (Shortcut::LateTurn, "late-turn"),
        (Shortcut::QuietPlaces, "quiet-places"),
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        Shortcut::ALL[self.bit() as usize].1
    }

    fn bit(self) -> u32 {
        // The order of `ALL`: checked by a test.
        match self {
            Shortcut::Programs => 0,
            Shortcut::CellTests => 1,
            Shortcut::StepSets => 2,
            Shortcut::WordOffers => 3,
            Shortcut::SharedSets => 4,
            Shortcut::WatchedLines => 5,
            Shortcut::LineRuns => 6,
            Shortcut::LineWindows => 7,
            Shortcut::SetShifts => 8,
            Shortcut::MovesByShifts => 9,
            Shortcut::MoveCounts => 10,
            Shortcut::WordSteps => 11,
            Shortcut::SlidesByFill => 12,
            Shortcut::KeepReads => 13,
            Shortcut::TurnTails => 14,
            Shortcut::NeighborShifts => 15,
            Shortcut::Anchors => 16,
            Shortcut::GroupAnswers => 17,
            Shortcut::LateTurn => 18,
            Shortcut::QuietPlaces => 19,
        }
    }
}

impl std::str::FromStr for Shortcut {
    type Err = String;

    fn from_str(s: &str) -> Result<Shortcut, String> {
        Shortcut::ALL
            .iter()
            .find(|(_, name)| *name == s)
            .map(|&(k, _)| k)
            .ok_or_else(|| {
                let names: Vec<&str> = Shortcut::ALL.iter().map(|(_, n)| *n).collect();
                format!("no shortcut `{s}`: the shortcuts are {}", names.join(", "))
            })
    }
}

/// Which shortcuts a game is prepared with: all by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shortcuts(u32);

impl Shortcuts {
    /// Every shortcut on: the default.
    pub fn all() -> Shortcuts {
        Shortcuts((1 << Shortcut::ALL.len()) - 1)
    }

    /// Every shortcut off: the plain path throughout.
    pub fn none() -> Shortcuts {
        Shortcuts(0)
    }

    /// These shortcuts with `s` switched off.
    pub fn without(self, s: Shortcut) -> Shortcuts {
        Shortcuts(self.0 & !(1 << s.bit()))
    }

    /// Whether shortcut `s` is on.
    pub fn has(self, s: Shortcut) -> bool {
        self.0 & 1 << s.bit() != 0
    }

    /// The shortcuts switched off, in [`Shortcut::ALL`]'s order.
    pub fn off(self) -> impl Iterator<Item = Shortcut> {
        Shortcut::ALL
            .into_iter()
            .map(|(s, _)| s)
            .filter(move |&s| !self.has(s))
    }
}

impl Default for Shortcuts {
    fn default() -> Shortcuts {
        Shortcuts::all()
    }
}

impl fmt::Display for Shortcuts {
    /// `all`, `none`, or `all but NAME, NAME`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let off: Vec<&str> = self.off().map(Shortcut::name).collect();
        match off.len() {
            0 => write!(f, "all"),
            n if n == Shortcut::ALL.len() => write!(f, "none"),
            _ => write!(f, "all but {}", off.join(", ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_shortcut_has_its_own_bit_and_name() {
        for (i, (s, name)) in Shortcut::ALL.into_iter().enumerate() {
            assert_eq!(s.bit() as usize, i, "{name}");
            assert_eq!(s.name(), name);
            assert_eq!(name.parse::<Shortcut>(), Ok(s));
            let one_off = Shortcuts::all().without(s);
            assert_eq!(one_off.off().collect::<Vec<_>>(), [s]);
            assert_eq!(one_off.to_string(), format!("all but {name}"));
        }
        assert_eq!(Shortcuts::none().off().count(), Shortcut::ALL.len());
        assert_eq!(Shortcuts::none().to_string(), "none");
        assert_eq!(Shortcuts::all().to_string(), "all");
        let e = "fast".parse::<Shortcut>().unwrap_err();
        assert!(e.starts_with("no shortcut `fast`: the shortcuts are programs, "));
    }
}
