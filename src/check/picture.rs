//! `picture: checkered, KIND = "GLYPH", ...`: how pictures draw the game
//! (the playground, `--svg`). Checked here, read only by
//! [`crate::picture`]: light and dark squares on a square board, and a
//! glyph per kind of piece.

use crate::board::Shape;
use crate::diagnostic::closest;
use crate::limits::MAX_GLYPH_CHARS;
use crate::rules::Picture;

use super::Checker;

impl<'a> Checker<'a> {
    pub(super) fn picture(&mut self) -> Picture {
        let file = self.file;
        let mut picture = Picture {
            checkered: false,
            discs: false,
            glyphs: vec![None; self.pieces.len()],
            check: None,
        };
        for (i, decl) in file.pictures.iter().enumerate() {
            if i > 0 {
                self.error(
                    decl.span,
                    "the picture is described twice: give one `picture` line",
                );
                continue;
            }
            picture.discs = decl.discs;
            if let Some(kind) = &decl.check {
                picture.check = self.picture_kind(kind);
            }
            if decl.checkered && !self.board_unknown {
                match self.board().shape() {
                    Shape::Square { .. } => picture.checkered = true,
                    _ => self.error(decl.span, "`checkered` is for square boards only"),
                }
            }
            for (kind, glyph, span) in &decl.glyphs {
                let Some(k) = self.picture_kind(kind) else {
                    continue;
                };
                if picture.glyphs[k].is_some() {
                    let msg = format!("`{}` is given a glyph twice", kind.text);
                    self.error(kind.span, msg);
                }
                let chars = glyph.chars().count();
                if chars == 0 || chars > MAX_GLYPH_CHARS || glyph.chars().any(char::is_control) {
                    let msg = format!(
                        "a glyph is 1 to {MAX_GLYPH_CHARS} characters, not control characters"
                    );
                    self.limit(*span, msg);
                }
                picture.glyphs[k] = Some(glyph.clone());
            }
        }
        picture
    }

    /// The kind `kind` names, or an error with the name probably meant.
    fn picture_kind(&mut self, kind: &crate::ast::Name) -> Option<usize> {
        let found = self.pieces.iter().position(|p| *p == kind.text);
        if found.is_none() {
            let msg = format!("`{}` is not a kind of piece of this game", kind.text);
            let near = closest(&kind.text, self.pieces.iter().map(String::as_str));
            let d = crate::diagnostic::Diagnostic::at(kind.span, msg);
            self.errors.push(match near {
                Some(n) => d.with_help(format!("did you mean `{n}`?")),
                None => d,
            });
        }
        found
    }
}
