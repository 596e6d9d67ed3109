//! `view: SET`: what each player sees of the position (hidden information).

use crate::rules::SetExpr;

use super::Checker;

impl<'a> Checker<'a> {
    /// The one `view` of the game, lowered; `None` when there is none (every
    /// player sees everything). A second `view` is an error at its set.
    pub(super) fn view(&mut self) -> Option<SetExpr> {
        let file = self.file;
        let (first, more) = file.views.split_first()?;
        for again in more {
            self.error(
                again.span,
                "a game has one `view`; join the cells each player sees with `or` in the first",
            );
        }
        self.in_view = true;
        let view = self.set(first);
        self.in_view = false;
        Some(view)
    }
}
