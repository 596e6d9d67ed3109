//! The TextMate grammar of game files, made from the language's own
//! tables (keywords, built-in functions and names), so that it never
//! lags the parser. `editors/vscode/syntaxes/gdl.tmLanguage.json` is this
//! text (a test compares them) and the playground's editor colours its
//! text with the same patterns (`/gdl.tmLanguage.json`).

use serde_json::{Value, json};

use crate::syntax::{KEYWORDS, OTHER_WORDS};

/// Not a letter, digit, `_` or `-` before or after: a whole word.
const BEFORE: &str = "(?<![A-Za-z0-9_-])";
const AFTER: &str = "(?![A-Za-z0-9_-])";
/// A name, as the grammar's `name` rule reads it.
const NAME: &str = "[A-Za-z][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*";

/// The grammar, as JSON text (two-space indents, a line end at the end).
pub fn textmate() -> String {
    let mut text = serde_json::to_string_pretty(&grammar()).expect("JSON of JSON values");
    text.push('\n');
    text
}

fn grammar() -> Value {
    let functions: Vec<&str> = crate::check::function_names().collect();
    let names: Vec<&str> = crate::check::name_list().collect();
    // One-letter words (`x` of `3 x`) are too often a game's own names.
    let other: Vec<&str> = OTHER_WORDS
        .iter()
        .copied()
        .filter(|w| w.len() > 1)
        .collect();
    json!({
        "name": "gdl",
        "scopeName": "source.gdl",
        "fileTypes": ["gdl"],
        "patterns": [
            { "name": "comment.line.number-sign.gdl", "match": "#.*$" },
            { "name": "string.quoted.double.gdl", "match": "\"[^\"\\n]*\"?" },
            {
                "match": format!("{BEFORE}(define|region|action|effect|option|track|ring)\\s+({NAME})"),
                "captures": {
                    "1": { "name": "keyword.control.gdl" },
                    "2": { "name": "entity.name.function.gdl" }
                }
            },
            { "name": "keyword.control.gdl", "match": words(KEYWORDS, AFTER) },
            { "name": "support.function.gdl", "match": words(&functions, "(?=\\s*\\()") },
            { "name": "constant.language.gdl", "match": words(&names, AFTER) },
            { "name": "keyword.other.gdl", "match": words(&other, AFTER) },
            { "name": "constant.numeric.gdl", "match": format!("{BEFORE}[0-9]+(?:\\.[0-9]+)?") }
        ]
    })
}

/// A pattern matching any of `words` as a whole word, longest first.
fn words(words: &[&str], after: &str) -> String {
    let mut sorted = words.to_vec();
    sorted.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    sorted.dedup();
    format!("{BEFORE}(?:{}){after}", sorted.join("|"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "editors/vscode/syntaxes/gdl.tmLanguage.json";

    #[test]
    fn the_editors_grammar_is_made_from_the_tables() {
        let made = textmate();
        if std::env::var_os("GDL_WRITE_GRAMMAR").is_some() {
            std::fs::write(FILE, &made).expect("the grammar written");
        }
        let file = std::fs::read_to_string(FILE).expect("the grammar file");
        assert!(
            file == made,
            "{FILE} is not the grammar the tables make: run `GDL_WRITE_GRAMMAR=1 cargo test grammar`"
        );
        let value: Value = serde_json::from_str(&file).expect("JSON");
        let pattern = value["patterns"][3]["match"].as_str().expect("a pattern");
        let inner = &pattern[BEFORE.len() + 3..pattern.len() - AFTER.len() - 1];
        let mut listed: Vec<&str> = inner.split('|').collect();
        let mut keywords = KEYWORDS.to_vec();
        listed.sort();
        keywords.sort();
        assert_eq!(listed, keywords);
    }
}
