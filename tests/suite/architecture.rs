//! ARCHITECTURE.md's code map kept true, as rust-analyzer's tidy tests keep
//! its own: the map is the source of truth and the code is checked against it.
//!
//! How the map is read (its "Code map" section): each `###` heading before
//! "Tools", and each row of the tools' table, is an entry. An entry names
//! its modules in backticks (`ids.rs`, `board/`: heading or first column)
//! and what they use: the backticked names of its `Uses:` sentence (or last
//! column), parenthesised remarks left out; `everything` allows all. Every
//! entry may use the first one (the leaves) and its own modules. The
//! `engine/` section's bullets are entries of the same kind inside the
//! engine, their modules its sub-folders and their `Uses in engine:` names.
//!
//! How the code is read, a text scan rather than a parser: comments,
//! strings and character literals are blanked (lines kept), and so is each
//! item under `#[cfg(test)]` (found by matching braces) and every file a
//! `#[cfg(test)] mod name;` brings in. What remains is searched for paths
//! that start with `crate::` or `super::` (with `use` groups expanded); a
//! module's own children named without a prefix are not seen.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Uses the map forbids that stay for now, each to be removed when the code
/// stops needing it: (file under src/, start of the path it uses, why).
const ALLOWED: &[(&str, &str, &str)] = &[(
    "engine/movegen/turn_ends.rs",
    "engine::prepare",
    "reads prepare's `turn_tails::Tail` (a field of `Game`, in engine/mod.rs, \
     which is being edited elsewhere) and calls `guard_set`, `reads_marks`, \
     `moves_one_piece`; move them to play's side with that field",
)];

#[test]
fn architecture_code_map_covers_every_file_and_every_use() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let map = CodeMap::read(&doc);
    let mut errors = map.doc_errors(root);
    let test_only = test_only_files(root);
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).unwrap();
    let reexports = root_reexports(&lib);
    for file in rust_files(&root.join("src")) {
        let relative = file.strip_prefix(root.join("src")).unwrap().to_path_buf();
        if test_only.contains(&relative) {
            continue;
        }
        let source = std::fs::read_to_string(&file).unwrap();
        errors.extend(map.file_errors(&relative, &source, &reexports));
    }
    assert!(
        errors.is_empty(),
        "ARCHITECTURE.md's code map and src/ disagree (fix the code, or the map if the map is wrong):\n{}",
        errors.join("\n")
    );
}

/// One entry of the map: the modules it names and what they may use.
#[derive(Debug)]
struct Entry {
    modules: Vec<String>,
    uses: Vec<String>,
    everything: bool,
    /// Line of ARCHITECTURE.md where it starts, for messages.
    line: usize,
}

impl Entry {
    fn allows(&self, module: &str, leaves: &Entry) -> bool {
        self.everything
            || self.modules.iter().any(|m| m == module)
            || self.uses.iter().any(|m| m == module)
            || leaves.modules.iter().any(|m| m == module)
    }
}

struct CodeMap {
    /// The crate's entries in the map's order; the first is the leaves.
    entries: Vec<Entry>,
    /// The engine's sub-folders, in the same form.
    engine: Vec<Entry>,
}

impl CodeMap {
    fn read(doc: &str) -> CodeMap {
        let start = doc
            .find("\n## Code map\n")
            .expect("ARCHITECTURE.md has a \"## Code map\" section");
        let end = doc[start + 1..]
            .find("\n## ")
            .map_or(doc.len(), |i| start + 1 + i);
        let first_line = doc[..start].lines().count() + 1;
        let section: Vec<&str> = doc[start..end].lines().collect();
        let mut entries = Vec::new();
        let mut engine = Vec::new();
        let mut heading: Option<(usize, &str)> = None;
        let mut body = String::new();
        let mut in_tools = false;
        let mut in_engine = false;
        let mut bullet: Option<(usize, String)> = None;
        let close_bullet = |bullet: &mut Option<(usize, String)>, engine: &mut Vec<Entry>| {
            if let Some((line, text)) = bullet.take() {
                let (name, rest) = text.split_once(':').unwrap_or((&text, ""));
                let uses = sentence_after(rest, "Uses in engine:").unwrap_or_else(|| {
                    panic!("ARCHITECTURE.md:{line}: an engine bullet needs \"Uses in engine:\"")
                });
                engine.push(Entry {
                    modules: module_names(name),
                    everything: uses.iter().any(|u| u == "everything"),
                    uses,
                    line,
                });
            }
        };
        for (i, text) in section.iter().enumerate() {
            let line = first_line + i;
            if let Some(title) = text.strip_prefix("### ") {
                close_bullet(&mut bullet, &mut engine);
                if let Some((at, title)) = heading.take() {
                    entries.push(heading_entry(at, title, &body));
                }
                body.clear();
                in_tools = title.starts_with("Tools");
                in_engine = title.starts_with("`engine/`");
                if !in_tools && !title.starts_with("Known exceptions") {
                    heading = Some((line, title));
                }
                continue;
            }
            if in_tools && text.starts_with("| `") {
                let cells: Vec<&str> = text.trim_matches('|').split(" | ").collect();
                let uses = names(cells[cells.len() - 1]);
                entries.push(Entry {
                    modules: module_names(cells[0]),
                    everything: uses.iter().any(|u| u == "everything"),
                    uses,
                    line,
                });
                continue;
            }
            if in_engine {
                if let Some(item) = text.strip_prefix("- ") {
                    close_bullet(&mut bullet, &mut engine);
                    bullet = Some((line, item.to_string()));
                    continue;
                }
                if let Some((_, b)) = bullet.as_mut() {
                    if text.starts_with("  ") {
                        b.push(' ');
                        b.push_str(text.trim());
                        continue;
                    }
                    close_bullet(&mut bullet, &mut engine);
                }
            }
            body.push_str(text);
            body.push('\n');
        }
        close_bullet(&mut bullet, &mut engine);
        if let Some((at, title)) = heading {
            entries.push(heading_entry(at, title, &body));
        }
        assert!(
            entries.len() > 5,
            "too few code map entries read: {entries:?}"
        );
        assert!(engine.len() > 3, "too few engine entries read: {engine:?}");
        CodeMap { entries, engine }
    }

    /// The map's own claims: an entry uses only what is listed before it
    /// (or in itself), and every module it names exists.
    fn doc_errors(&self, root: &Path) -> Vec<String> {
        let mut errors = Vec::new();
        for (i, entry) in self.entries.iter().enumerate() {
            for used in &entry.uses {
                let before = self.entries[..=i].iter().any(|e| e.modules.contains(used));
                if !before && used != "everything" {
                    errors.push(format!(
                        "ARCHITECTURE.md:{}: {:?} uses `{used}`, which the map lists after it (or not at all)",
                        entry.line, entry.modules
                    ));
                }
            }
            for module in &entry.modules {
                let exists = ["src", ""].iter().any(|dir| {
                    let base = root.join(dir);
                    base.join(format!("{module}.rs")).exists() || base.join(module).is_dir()
                });
                if !exists {
                    errors.push(format!(
                        "ARCHITECTURE.md:{}: `{module}` is in the map but not in src/",
                        entry.line
                    ));
                }
            }
        }
        for entry in &self.engine {
            for name in entry
                .modules
                .iter()
                .chain(&entry.uses)
                .filter(|n| *n != "everything")
            {
                let dir = root.join("src/engine");
                if !dir.join(format!("{name}.rs")).exists() && !dir.join(name).is_dir() {
                    errors.push(format!(
                        "ARCHITECTURE.md:{}: `{name}` is not in src/engine/",
                        entry.line
                    ));
                }
            }
        }
        errors
    }

    /// The file's uses the map does not allow, and a file it has no entry for.
    fn file_errors(
        &self,
        file: &Path,
        source: &str,
        reexports: &BTreeMap<String, String>,
    ) -> Vec<String> {
        let shown = Path::new("src").join(file).display().to_string();
        let module_path = module_path(file);
        let top = &module_path[0];
        let Some(entry) = self.entries.iter().find(|e| e.modules.contains(top)) else {
            return vec![format!(
                "{shown}: no entry of ARCHITECTURE.md's code map names `{top}`"
            )];
        };
        let engine_part = (top == "engine").then(|| {
            // engine/mod.rs is the bullet `mod.rs`.
            let part = module_path.get(1).map_or("mod", String::as_str);
            self.engine
                .iter()
                .find(|e| e.modules.iter().any(|m| m == part))
        });
        if let Some(None) = engine_part {
            return vec![format!(
                "{shown}: no bullet of ARCHITECTURE.md's `engine/` entry names `{}`",
                module_path.get(1).map_or("mod", String::as_str)
            )];
        }
        let mut errors = Vec::new();
        let code = without_tests(&blank_comments_and_strings(source));
        for (line, mut path) in crate_paths(&code, &module_path) {
            // `crate::LoadError` is load's, re-exported by lib.rs.
            if let Some(module) = reexports.get(&path[0]) {
                path.insert(0, module.clone());
            }
            let used = &path[0];
            let joined = path.join("::");
            let allowed_here = ALLOWED.iter().any(|(f, start, _)| {
                Path::new(f) == file
                    && (joined == *start || joined.starts_with(&format!("{start}::")))
            });
            if !entry.allows(used, &self.entries[0]) && !allowed_here {
                errors.push(format!(
                    "{shown}:{line}: uses `crate::{}`, but its entry (ARCHITECTURE.md:{}) may not use `{used}`",
                    path.join("::"),
                    entry.line
                ));
            }
            if let (Some(Some(part)), true, Some(sub)) =
                (engine_part, used == "engine", path.get(1))
            {
                let is_part = self.engine.iter().any(|e| e.modules.contains(sub));
                if is_part && !part.allows(sub, &Entry::none()) && !allowed_here {
                    errors.push(format!(
                        "{shown}:{line}: uses `crate::{}`, but its engine entry (ARCHITECTURE.md:{}) may not use `{sub}`",
                        path.join("::"),
                        part.line
                    ));
                }
            }
        }
        errors
    }
}

impl Entry {
    fn none() -> Entry {
        Entry {
            modules: Vec::new(),
            uses: Vec::new(),
            everything: false,
            line: 0,
        }
    }
}

fn heading_entry(line: usize, title: &str, body: &str) -> Entry {
    let uses = sentence_after(body, "Uses:").unwrap_or_else(|| {
        panic!("ARCHITECTURE.md:{line}: a code map entry needs a \"Uses:\" sentence")
    });
    Entry {
        modules: module_names(title),
        everything: uses.iter().any(|u| u == "everything"),
        uses,
        line,
    }
}

/// The names of the sentence that follows `label`, up to its full stop.
fn sentence_after(text: &str, label: &str) -> Option<Vec<String>> {
    let text = text.replace('\n', " ");
    let at = text.find(label)? + label.len();
    let rest = without_parentheses(&text[at..]);
    let end = rest
        .find(". ")
        .or_else(|| rest.rfind('.'))
        .unwrap_or(rest.len());
    Some(names(&rest[..end]))
}

fn without_parentheses(text: &str) -> String {
    let mut depth = 0;
    text.chars()
        .filter(|&c| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => return depth == 0,
            }
            false
        })
        .collect()
}

/// Backticked plain names (`engine`) and the word everything.
fn names(text: &str) -> Vec<String> {
    let text = without_parentheses(text);
    let mut found: Vec<String> = text
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .map(str::to_string)
        .collect();
    if text
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w == "everything")
    {
        found.push("everything".to_string());
    }
    found
}

/// Backticked module names: `ids.rs` and `board/` give `ids` and `board`.
fn module_names(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|n| n.strip_suffix(".rs").or_else(|| n.strip_suffix('/')))
        .filter(|n| !n.contains('/'))
        .map(str::to_string)
        .collect()
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for item in std::fs::read_dir(dir).unwrap() {
        let path = item.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// A file's module path: `engine/movegen/offer.rs` is engine, movegen, offer;
/// `lib.rs` and `main.rs` are the crate's roots, named so.
fn module_path(file: &Path) -> Vec<String> {
    let mut parts: Vec<String> = file
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.strip_suffix(".rs").unwrap();
    if stem != "mod" {
        parts.push(stem.to_string());
    }
    parts
}

/// The items lib.rs re-exports at the crate's root, each with its module.
fn root_reexports(lib: &str) -> BTreeMap<String, String> {
    let code = without_tests(&blank_comments_and_strings(lib));
    let chars: Vec<char> = code.chars().collect();
    let mut found = BTreeMap::new();
    for (at, _) in code.match_indices("pub use ") {
        let mut paths = Vec::new();
        let mut i = code[..at].chars().count() + "pub use ".len();
        use_tree(&chars, &mut i, Vec::new(), &mut paths);
        for path in paths.into_iter().filter(|p| p.len() > 1) {
            found.insert(path[path.len() - 1].clone(), path[0].clone());
        }
    }
    found
}

/// Files under src/ that only tests compile (`#[cfg(test)] mod name;`).
fn test_only_files(root: &Path) -> BTreeSet<PathBuf> {
    let src = root.join("src");
    let mut found = BTreeSet::new();
    for file in rust_files(&src) {
        let code = blank_comments_and_strings(&std::fs::read_to_string(&file).unwrap());
        let relative = file.strip_prefix(&src).unwrap();
        let dir: PathBuf = match relative.file_name().unwrap().to_str().unwrap() {
            "mod.rs" | "lib.rs" | "main.rs" => relative.parent().unwrap().to_path_buf(),
            name => relative
                .parent()
                .unwrap()
                .join(name.strip_suffix(".rs").unwrap()),
        };
        let mut rest = code.as_str();
        while let Some(at) = rest.find("#[cfg(test)]") {
            rest = &rest[at + "#[cfg(test)]".len()..];
            let words: Vec<&str> = rest.split_whitespace().take(3).collect();
            if let ["mod", name, ..] | ["pub", "mod", name] = words[..]
                && let Some(name) = name.strip_suffix(';')
            {
                let file = dir.join(format!("{name}.rs"));
                found.insert(if src.join(&file).exists() {
                    file
                } else {
                    dir.join(name).join("mod.rs")
                });
            }
        }
    }
    found
}

/// The source with comments, strings and character literals turned to
/// spaces, newlines kept so that lines still count.
fn blank_comments_and_strings(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    let blank = |out: &mut String, from: &[char]| {
        for &c in from {
            out.push(if c == '\n' { '\n' } else { ' ' });
        }
    };
    while i < chars.len() {
        let rest = &chars[i..];
        let end = if rest.starts_with(&['/', '/']) {
            rest.iter().position(|&c| c == '\n').unwrap_or(rest.len())
        } else if rest.starts_with(&['/', '*']) {
            let mut depth = 0;
            let mut j = 0;
            loop {
                if rest[j..].starts_with(&['/', '*']) {
                    depth += 1;
                    j += 2;
                } else if rest[j..].starts_with(&['*', '/']) {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break j;
                    }
                } else {
                    j += 1;
                }
            }
        } else if let Some(len) = raw_string_len(rest) {
            len
        } else if rest[0] == '"'
            && (i == 0 || !chars[i - 1].is_alphanumeric() || chars[i - 1] == 'b')
        {
            let mut j = 1;
            while rest[j] != '"' {
                j += if rest[j] == '\\' { 2 } else { 1 };
            }
            j + 1
        } else if rest[0] == '\'' && rest.len() > 2 && (rest[1] == '\\' || rest[2] == '\'') {
            // A character literal; a lifetime ('a) has no closing quote.
            let mut j = if rest[1] == '\\' { 2 } else { 1 };
            while rest[j] != '\'' {
                j += 1;
            }
            j + 1
        } else {
            out.push(rest[0]);
            i += 1;
            continue;
        };
        blank(&mut out, &rest[..end]);
        i += end;
    }
    out
}

/// The length of a raw string (`r"..."`, `r#"..."#`, `br"..."`) at the start.
fn raw_string_len(rest: &[char]) -> Option<usize> {
    let start = if rest.starts_with(&['b', 'r']) {
        2
    } else if rest[0] == 'r' {
        1
    } else {
        return None;
    };
    let hashes = rest[start..].iter().take_while(|&&c| c == '#').count();
    if rest.get(start + hashes) != Some(&'"') {
        return None;
    }
    let body = start + hashes + 1;
    let close: Vec<char> = std::iter::once('"')
        .chain(std::iter::repeat_n('#', hashes))
        .collect();
    (body..rest.len())
        .find(|&j| rest[j..].starts_with(&close))
        .map(|j| j + close.len())
}

/// The code with each item under `#[cfg(test)]` blanked: up to its `;`, or
/// its body's closing brace if a `{` comes first.
fn without_tests(code: &str) -> String {
    let mut out = code.to_string();
    let mut from = 0;
    while let Some(at) = out[from..].find("#[cfg(test)]").map(|i| i + from) {
        let bytes = out.as_bytes();
        let mut j = at;
        while bytes[j] != b'{' && bytes[j] != b';' {
            j += 1;
        }
        if bytes[j] == b'{' {
            let mut depth = 0;
            loop {
                match bytes[j] {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
        }
        let blanked: String = out[at..=j]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        out.replace_range(at..=j, &blanked);
        from = j + 1;
    }
    out
}

/// Every path into the crate that the code names, as (line, segments from
/// the crate's root): `crate::a::b`, `super::x` resolved from the file's
/// module path, `use crate::{a, b::c}` expanded.
fn crate_paths(code: &str, module_path: &[String]) -> Vec<(usize, Vec<String>)> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '\n' {
            line += 1;
        }
        let starts_word = i == 0
            || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_' || chars[i - 1] == ':');
        let word: String = chars[i..]
            .iter()
            .take_while(|c| c.is_alphanumeric() || **c == '_')
            .collect();
        let is_path = chars[i + word.len()..].starts_with(&[':', ':']);
        if starts_word && is_path && (word == "crate" || word == "super") {
            let mut base: Vec<String> = Vec::new();
            let mut j = i;
            if word == "super" {
                base = module_path.to_vec();
                while chars[j..].starts_with(&['s', 'u', 'p', 'e', 'r', ':', ':']) {
                    base.pop();
                    j += 7;
                }
            } else {
                j += 7;
            }
            let mut trees = Vec::new();
            use_tree(&chars, &mut j, base, &mut trees);
            for path in trees {
                if !path.is_empty() {
                    found.push((line, path));
                }
            }
            line += chars[i..j].iter().filter(|&&c| c == '\n').count();
            i = j;
            continue;
        }
        i += word.len().max(1);
    }
    found
}

/// Reads a path or `use` tree at `at`, pushing each full path it names.
fn use_tree(chars: &[char], at: &mut usize, prefix: Vec<String>, found: &mut Vec<Vec<String>>) {
    let skip_space = |at: &mut usize| {
        while *at < chars.len() && chars[*at].is_whitespace() {
            *at += 1;
        }
    };
    let mut path = prefix;
    loop {
        skip_space(at);
        if chars.get(*at) == Some(&'{') {
            *at += 1;
            loop {
                use_tree(chars, at, path.clone(), found);
                skip_space(at);
                match chars.get(*at) {
                    Some(',') => *at += 1,
                    Some('}') => {
                        *at += 1;
                        return;
                    }
                    _ => return,
                }
                skip_space(at);
                if chars.get(*at) == Some(&'}') {
                    *at += 1;
                    return;
                }
            }
        }
        let word: String = chars[*at..]
            .iter()
            .take_while(|c| c.is_alphanumeric() || **c == '_')
            .collect();
        *at += word.len();
        if word == "*" || word.is_empty() {
            if chars.get(*at) == Some(&'*') {
                *at += 1;
            }
            found.push(path);
            return;
        }
        if word != "self" {
            path.push(word);
        }
        if chars[*at..].starts_with(&[':', ':']) {
            *at += 2;
        } else {
            found.push(path);
            return;
        }
    }
}
