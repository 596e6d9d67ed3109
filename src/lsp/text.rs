//! Where things are, in the editor's terms: byte offsets to and from
//! line/character positions (UTF-16 code units unless the client takes
//! UTF-8), and `file://` URIs to and from paths.

use lsp_types::{Position, Range, Uri};

use crate::diagnostic::Span;

/// How the client counts characters in a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Bytes (the client offered `utf-8`).
    Utf8,
    /// UTF-16 code units: the protocol's default.
    Utf16,
}

/// A text's line starts, for converting positions.
pub struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
    encoding: Encoding,
}

impl<'a> Lines<'a> {
    pub fn new(text: &'a str, encoding: Encoding) -> Lines<'a> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Lines {
            text,
            starts,
            encoding,
        }
    }

    /// The position of byte `offset` (clamped to the text).
    pub fn position(&self, offset: usize) -> Position {
        let offset = floor_char(self.text, offset.min(self.text.len()));
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let before = &self.text[self.starts[line]..offset];
        let character = match self.encoding {
            Encoding::Utf8 => before.len(),
            Encoding::Utf16 => before.encode_utf16().count(),
        };
        Position::new(line as u32, character as u32)
    }

    /// The range of a span.
    pub fn range(&self, span: Span) -> Range {
        Range::new(self.position(span.start), self.position(span.end))
    }

    /// The byte offset of a position: a character past the line's end is
    /// its end, a line past the text's end is the text's end.
    pub fn offset(&self, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return self.text.len();
        };
        let end = self
            .starts
            .get(position.line as usize + 1)
            .map_or(self.text.len(), |&s| s - 1);
        let line = &self.text[start..end];
        let wanted = position.character as usize;
        let mut counted = 0;
        for (i, c) in line.char_indices() {
            if counted >= wanted {
                return start + i;
            }
            counted += match self.encoding {
                Encoding::Utf8 => c.len_utf8(),
                Encoding::Utf16 => c.len_utf16(),
            };
        }
        end
    }

    /// The range of the whole text.
    pub fn whole(&self) -> Range {
        Range::new(Position::new(0, 0), self.position(self.text.len()))
    }
}

fn floor_char(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// The path a `file:` URI names; for any other URI, its text (a file
/// that is not saved yet: its bases are looked for in the working
/// folder).
pub fn uri_to_file(uri: &Uri) -> String {
    let text = uri.as_str();
    match text.strip_prefix("file://") {
        Some(rest) => {
            // `file://host/path` is not a local file: keep it whole.
            if !rest.starts_with('/') {
                return text.to_string();
            }
            percent_decode(rest)
        }
        None => text.to_string(),
    }
}

/// The `file:` URI of a path (made absolute from the working folder).
pub fn file_to_uri(file: &str) -> Option<Uri> {
    if file.contains(':') && !file.starts_with('/') {
        // Already a URI (an unsaved document's name).
        return file.parse().ok();
    }
    let path = std::path::Path::new(file);
    let absolute = match path.is_absolute() {
        true => path.to_path_buf(),
        false => std::env::current_dir().ok()?.join(path),
    };
    let mut uri = String::from("file://");
    for b in absolute.to_string_lossy().bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                uri.push(b as char)
            }
            _ => uri.push_str(&format!("%{b:02X}")),
        }
    }
    uri.parse().ok()
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && let (Some(h), Some(l)) = (
                bytes.get(i + 1).and_then(|&b| hex(b)),
                bytes.get(i + 2).and_then(|&b| hex(b)),
            )
        {
            out.push((h * 16 + l) as u8);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_or_bytes() {
        let text = "ab\né x\n\nlast";
        let lines = Lines::new(text, Encoding::Utf16);
        assert_eq!(lines.position(0), Position::new(0, 0));
        assert_eq!(lines.position(3), Position::new(1, 0));
        assert_eq!(lines.position(6), Position::new(1, 2)); // after "é "
        assert_eq!(lines.offset(Position::new(1, 2)), 6);
        assert_eq!(lines.offset(Position::new(1, 99)), 7);
        assert_eq!(lines.offset(Position::new(9, 0)), text.len());
        assert_eq!(lines.position(text.len()), Position::new(3, 4));
        let bytes = Lines::new(text, Encoding::Utf8);
        assert_eq!(bytes.position(6), Position::new(1, 3));
        assert_eq!(bytes.offset(Position::new(1, 3)), 6);
        // Inside a character: its start.
        assert_eq!(lines.position(4), Position::new(1, 0));
    }

    #[test]
    fn file_uris_round_trip() {
        let uri: Uri = "file:///tmp/my%20games/chess.gdl".parse().unwrap();
        assert_eq!(uri_to_file(&uri), "/tmp/my games/chess.gdl");
        let back = file_to_uri("/tmp/my games/chess.gdl").unwrap();
        assert_eq!(back.as_str(), uri.as_str());
        let unsaved: Uri = "untitled:Untitled-1".parse().unwrap();
        assert_eq!(uri_to_file(&unsaved), "untitled:Untitled-1");
        assert_eq!(
            file_to_uri("untitled:Untitled-1").unwrap().as_str(),
            "untitled:Untitled-1"
        );
    }
}
