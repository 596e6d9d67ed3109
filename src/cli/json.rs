//! JSON written as it is produced: one pretty-printed document per run
//! whose arrays are written an element at a time, so that a long run keeps
//! flat memory and an interrupted one keeps what it printed. The text is
//! what `serde_json::to_string_pretty` gives for the whole document, with
//! its keys in the order written (header fields, the array, then the
//! summary fields).

use std::io::{self, Write};

use serde::Serialize;

/// An object being written to `out`: `{`, then fields and at most one open
/// array at a time, then `}` from [`Doc::end`].
/// Each method writes to the `out` it is given, always the same one.
pub struct Doc {
    /// Whether a field has been written (the next one needs a comma).
    fields: bool,
    /// Whether the open array has an element yet.
    elements: bool,
}

/// `value` pretty-printed, its lines after the first indented by `indent`.
fn pretty<T: Serialize>(value: &T, indent: &str) -> io::Result<String> {
    let text = serde_json::to_string_pretty(value).map_err(io::Error::other)?;
    Ok(text.replace('\n', &format!("\n{indent}")))
}

impl Doc {
    pub fn begin(out: &mut dyn Write) -> io::Result<Doc> {
        out.write_all(b"{")?;
        Ok(Doc {
            fields: false,
            elements: false,
        })
    }

    fn key(&mut self, out: &mut dyn Write, key: &str) -> io::Result<()> {
        let comma = if self.fields { "," } else { "" };
        self.fields = true;
        write!(out, "{comma}\n  \"{key}\": ")
    }

    /// Writes `key: value`.
    pub fn field<T: Serialize>(
        &mut self,
        out: &mut dyn Write,
        key: &str,
        value: &T,
    ) -> io::Result<()> {
        self.key(out, key)?;
        let text = pretty(value, "  ")?;
        out.write_all(text.as_bytes())
    }

    /// Writes each field of `value`, an object (a struct or map).
    pub fn fields<T: Serialize>(&mut self, out: &mut dyn Write, value: &T) -> io::Result<()> {
        let value = serde_json::to_value(value).map_err(io::Error::other)?;
        if let serde_json::Value::Object(map) = value {
            for (k, v) in &map {
                self.field(out, k, v)?;
            }
        }
        Ok(())
    }

    /// Opens the array `key`; then [`Doc::element`] for each element and
    /// [`Doc::end_array`].
    pub fn begin_array(&mut self, out: &mut dyn Write, key: &str) -> io::Result<()> {
        self.key(out, key)?;
        self.elements = false;
        out.write_all(b"[")
    }

    pub fn element<T: Serialize>(&mut self, out: &mut dyn Write, value: &T) -> io::Result<()> {
        let comma = if self.elements { "," } else { "" };
        self.elements = true;
        let text = pretty(value, "    ")?;
        write!(out, "{comma}\n    {text}")
    }

    pub fn end_array(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.elements {
            out.write_all(b"\n  ]")
        } else {
            out.write_all(b"]")
        }
    }

    /// Closes the object, with a newline.
    pub fn end(self, out: &mut dyn Write) -> io::Result<()> {
        if self.fields {
            out.write_all(b"\n}\n")
        } else {
            out.write_all(b"}\n")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_same_text_as_serde_json() {
        let mut out = Vec::new();
        let mut doc = Doc::begin(&mut out).unwrap();
        doc.field(&mut out, "game", &"Hex").unwrap();
        doc.field(&mut out, "options", &json!({"size": 3, "swap": [1, 2]}))
            .unwrap();
        doc.begin_array(&mut out, "games").unwrap();
        for i in 0..2 {
            doc.element(&mut out, &json!({"seed": i, "list": [i]}))
                .unwrap();
        }
        doc.end_array(&mut out).unwrap();
        doc.begin_array(&mut out, "none").unwrap();
        doc.end_array(&mut out).unwrap();
        doc.field(&mut out, "mean", &1.5).unwrap();
        doc.end(&mut out).unwrap();
        let whole = json!({
            "game": "Hex",
            "options": {"size": 3, "swap": [1, 2]},
            "games": [{"seed": 0, "list": [0]}, {"seed": 1, "list": [1]}],
            "none": [],
            "mean": 1.5,
        });
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&text).unwrap(),
            whole
        );
        // serde_json sorts the keys of a `Value`; the layout is the same
        // but for the commas after the last element.
        let mut lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches(',')).collect();
        let pretty = serde_json::to_string_pretty(&whole).unwrap();
        let mut expected: Vec<&str> = pretty.lines().map(|l| l.trim_end_matches(',')).collect();
        lines.sort_unstable();
        expected.sort_unstable();
        assert_eq!(lines, expected);
    }
}
