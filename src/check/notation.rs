//! `notation: san, long-algebraic`: how players write the game's turns.
//! Checked here (known styles, each once, one `notation` item), written and
//! read by [`crate::notation`].

use crate::diagnostic::{Diagnostic, closest};
use crate::rules::{NOTATION_STYLES, NotationStyle};

use super::Checker;

impl<'a> Checker<'a> {
    pub(super) fn notation(&mut self) -> Vec<NotationStyle> {
        let file = self.file;
        let mut styles = Vec::new();
        for (i, (names, span)) in file.notations.iter().enumerate() {
            if i > 0 {
                self.error(
                    *span,
                    "the notation is given twice: give one `notation` line",
                );
                continue;
            }
            for name in names {
                let Some(&(_, style, _)) = NOTATION_STYLES.iter().find(|s| s.0 == name.text) else {
                    let known = NOTATION_STYLES.iter().map(|s| s.0);
                    let msg = format!("`{}` is not a notation gdl knows", name.text);
                    let list: Vec<&str> = known.clone().collect();
                    let help = match closest(&name.text, known) {
                        Some(n) => format!("did you mean `{n}`?"),
                        None => format!("the notations are {}", list.join(", ")),
                    };
                    self.errors
                        .push(Diagnostic::at(name.span, msg).with_help(help));
                    continue;
                };
                if styles.contains(&style) {
                    let msg = format!("`{}` is named twice", name.text);
                    self.error(name.span, msg);
                }
                styles.push(style);
            }
        }
        // gdl's own alone is the same as no declaration.
        if styles == [NotationStyle::Gdl] {
            styles.clear();
        }
        styles
    }
}
