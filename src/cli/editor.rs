//! The commands for editing game files: `gdl lsp` (the language server,
//! `src/lsp/`) and `gdl fmt` (the layout it formats to).

use std::io::Write;

use super::args::FmtArgs;
use super::records::output_failure;
use super::{Failure, io};
use crate::files::{self, Input, Output};

pub(super) fn lsp_cmd() -> Result<(), Failure> {
    crate::lsp::serve_stdio().map_err(|e| Failure::Io(format!("error: gdl lsp: {e}\n")))
}

pub(super) fn fmt_cmd(a: &FmtArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let mut unformatted = Vec::new();
    for path in &a.files {
        let text = files::read_text(path, Input::Game)
            .map_err(|e| Failure::Io(format!("error: {}\n", files::cannot_read(path, &e))))?;
        // Read as the parser does: a byte-order mark is not text.
        let formatted = crate::syntax::format(&text);
        if formatted == text {
            continue;
        }
        if a.check {
            writeln!(out, "{}", path.display()).map_err(io)?;
            unformatted.push(path.display().to_string());
        } else {
            Output::existing(path)
                .and_then(|o| o.write(&formatted))
                .map_err(output_failure)?;
            writeln!(out, "formatted {}", path.display()).map_err(io)?;
        }
    }
    match unformatted.len() {
        0 => Ok(()),
        n => Err(Failure::Checks(format!(
            "error: {n} file{} not laid out as `gdl fmt` would: run `gdl fmt` on {}\n",
            if n == 1 { " is" } else { "s are" },
            if n == 1 { "it" } else { "them" }
        ))),
    }
}
