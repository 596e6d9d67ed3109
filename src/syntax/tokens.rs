//! The words of a game file, read without the grammar: for the tools that
//! must work on text that may not parse (the language server, `gdl fmt`).
//! A word is what the grammar's `name` rule reads (a keyword too), so a
//! name found here is the name the parser sees.

use crate::diagnostic::Span;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// A word: a name, a keyword or a cell label (`a1`).
    Word,
    /// Digits, with maybe a fraction.
    Number,
    /// `"..."`, up to its closing quote or the end of its line.
    Quoted,
    /// `#` to the end of the line.
    Comment,
    /// Any other character (`(`, `,`, `=`, ...).
    Punct,
}

/// One token and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

/// The tokens of `text`, in order; white space is not a token.
pub fn tokens(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        let kind = match c {
            b' ' | b'\t' | b'\r' | b'\n' => {
                i += 1;
                continue;
            }
            b'#' => {
                i = line_end(bytes, i);
                TokenKind::Comment
            }
            b'"' => {
                let end = line_end(bytes, i + 1);
                i = match bytes[i + 1..end].iter().position(|&b| b == b'"') {
                    Some(k) => i + 1 + k + 1,
                    None => end,
                };
                TokenKind::Quoted
            }
            _ if c.is_ascii_alphabetic() => {
                i = word_end(bytes, i);
                TokenKind::Word
            }
            _ if c.is_ascii_digit() => {
                i = digits_end(bytes, i);
                if bytes.get(i) == Some(&b'.') && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
                    i = digits_end(bytes, i + 1);
                }
                TokenKind::Number
            }
            _ => {
                // One character, however many bytes it takes.
                i += text[i..].chars().next().map_or(1, char::len_utf8);
                TokenKind::Punct
            }
        };
        out.push(Token {
            kind,
            span: Span::new(start, i),
        });
    }
    out
}

/// Whether `text` is one word as the grammar's `name` reads it.
pub fn is_word(text: &str) -> bool {
    let bytes = text.as_bytes();
    !bytes.is_empty() && bytes[0].is_ascii_alphabetic() && word_end(bytes, 0) == bytes.len()
}

fn line_end(bytes: &[u8], from: usize) -> usize {
    bytes[from.min(bytes.len())..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |k| from + k)
}

fn digits_end(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    i
}

/// The end of the word starting at `i`: letters, digits and `_`, and `-`
/// only with a letter or digit after it.
fn word_end(bytes: &[u8], mut i: usize) -> usize {
    i += 1;
    loop {
        match bytes.get(i) {
            Some(b) if b.is_ascii_alphanumeric() || *b == b'_' => i += 1,
            Some(b'-') if bytes.get(i + 1).is_some_and(u8::is_ascii_alphanumeric) => i += 2,
            _ => return i,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<(TokenKind, &str)> {
        tokens(text)
            .iter()
            .map(|t| (t.kind, &text[t.span.start..t.span.end]))
            .collect()
    }

    #[test]
    fn reads_words_as_the_grammar_does() {
        use TokenKind::*;
        assert_eq!(
            words("define in-check = attacked(own and king) # a-b \"x\"\n"),
            vec![
                (Word, "define"),
                (Word, "in-check"),
                (Punct, "="),
                (Word, "attacked"),
                (Punct, "("),
                (Word, "own"),
                (Word, "and"),
                (Word, "king"),
                (Punct, ")"),
                (Comment, "# a-b \"x\""),
            ]
        );
        assert_eq!(
            words("a- -b 2.5 3. \"open\nx é"),
            vec![
                (Word, "a"),
                (Punct, "-"),
                (Punct, "-"),
                (Word, "b"),
                (Number, "2.5"),
                (Number, "3"),
                (Punct, "."),
                (Quoted, "\"open"),
                (Word, "x"),
                (Punct, "é"),
            ]
        );
        assert!(is_word("en-passant") && is_word("a1"));
        assert!(!is_word("a-") && !is_word("1a") && !is_word("") && !is_word("a b"));
    }
}
