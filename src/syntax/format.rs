//! `gdl fmt` and the language server's formatting: the layout a file is
//! kept in, changed only in white space, so that the tokens (and so the
//! meaning, comments and line breaks) stay as written:
//! - line ends are `\n`, with no white space before them;
//! - tabs that indent a line are four spaces each;
//! - no space before a comma, one after it (unless the line ends there
//!   or a comment follows, which keeps its column);
//! - at most one blank line in a row, none at the start, and one line end
//!   at the end.

use super::tokens::{TokenKind, tokens};

/// The text laid out as above.
pub fn format(text: &str) -> String {
    let text = text.replace("\r\n", "\n");
    let mut out = String::with_capacity(text.len());
    let mut blank_lines = 0;
    for line in text.split('\n') {
        let line = format_line(line);
        if line.is_empty() {
            blank_lines += 1;
            continue;
        }
        if !out.is_empty() && blank_lines > 0 {
            out.push('\n');
        }
        blank_lines = 0;
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// One line: its indentation (tabs as spaces), then its tokens with the
/// white space between them kept, except around commas; none at the end.
fn format_line(line: &str) -> String {
    let body = line.trim_start_matches([' ', '\t']);
    let indent = &line[..line.len() - body.len()];
    let mut out = indent.replace('\t', "    ");
    let toks = tokens(body);
    for (i, t) in toks.iter().enumerate() {
        if i > 0 {
            let before = &toks[i - 1];
            let gap = &body[before.span.end..t.span.start];
            let comma = |k: &super::tokens::Token| {
                k.kind == TokenKind::Punct && &body[k.span.start..k.span.end] == ","
            };
            if comma(t) {
                // No space before a comma.
            } else if comma(before) && t.kind != TokenKind::Comment {
                out.push(' ');
            } else {
                out.push_str(gap);
            }
        }
        out.push_str(&body[t.span.start..t.span.end]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_only_white_space() {
        let text = "\r\n\n# a game\r\nsetup: x at cells(a1 ,b1,c1),  \n\t y at row(2)\t\n\n\n\nend if x:  draw";
        assert_eq!(
            format(text),
            "# a game\nsetup: x at cells(a1, b1, c1),\n     y at row(2)\n\nend if x:  draw\n"
        );
        // Commas in comments and quotes are text.
        let text = "option a: 1 | 2 = 1 \"a,b ,c\" # x ,y\nmarks a,    # kept\n";
        assert_eq!(format(text), text);
        assert_eq!(format(&format(text)), format(text));
        assert_eq!(format(""), "");
    }

    #[test]
    fn keeps_every_token_of_every_game_file() {
        use super::super::tokens::tokens;
        let words = |t: &str| -> Vec<String> {
            tokens(t)
                .iter()
                .map(|k| t[k.span.start..k.span.end].to_string())
                .collect()
        };
        let mut files = 0;
        for folder in ["games", "tests/errors", "tests/suite/rules"] {
            let Ok(entries) = std::fs::read_dir(folder) else {
                continue;
            };
            for entry in entries {
                let path = entry.expect("a folder entry").path();
                if path.extension().is_none_or(|e| e != "gdl") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).expect("a game file");
                let formatted = format(&text);
                assert_eq!(words(&formatted), words(&text), "{}", path.display());
                assert_eq!(format(&formatted), formatted, "{}", path.display());
                files += 1;
            }
        }
        assert!(files > 100, "{files} files");
    }
}
