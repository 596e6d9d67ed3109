//! Writing a report's files (or a shard) into a folder, by the output
//! policy of `crate::files`: the folder is checked before the games are
//! played, a previous report or shard is never overwritten unless asked
//! (`--force`), and the files appear together or not at all (each is
//! written to a temporary file first, then renamed).

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::svg;
use crate::files;

const MARKDOWN: &str = "report.md";
const JSON: &str = "report.json";

/// The files of a report, in the order they are written.
pub fn report_files() -> Vec<String> {
    let mut names = vec![MARKDOWN.to_string(), JSON.to_string()];
    names.extend(svg::CHARTS.iter().map(|c| c.to_string()));
    names
}

/// The files of a report (see [`report_files`]) with their text, from the
/// report and its Markdown.
pub fn report_texts(report: &Value, markdown: String) -> Vec<(String, String)> {
    let json = serde_json::to_string_pretty(report).unwrap_or_default() + "\n";
    let mut files = vec![(MARKDOWN.to_string(), markdown), (JSON.to_string(), json)];
    files.extend(
        svg::charts(report)
            .into_iter()
            .map(|(name, svg)| (name.to_string(), svg)),
    );
    files
}

/// The file of shard `i/n`.
pub fn shard_file(shard: super::Shard) -> String {
    format!("shard-{}-of-{}.json", shard.index, shard.count)
}

/// Why the files cannot be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutError {
    /// The folder cannot be created or written to.
    Folder(String),
    /// A file of a previous run is there and `--force` was not given.
    Exists(String),
    /// Writing or renaming a file failed.
    Write(String),
}

impl OutError {
    /// The message, naming the folder or files.
    pub fn message(&self) -> &str {
        match self {
            OutError::Folder(m) | OutError::Exists(m) | OutError::Write(m) => m,
        }
    }
}

impl std::fmt::Display for OutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for OutError {}

/// Makes sure `dir` exists and takes files, and that none of `names` is in
/// it already unless `force`: called before the work starts.
pub fn prepare(dir: &Path, names: &[String], force: bool) -> Result<(), OutError> {
    fs::create_dir_all(dir)
        .map_err(|e| OutError::Folder(format!("cannot create directory {}: {e}", dir.display())))?;
    // A folder in the way would make a rename fail after others succeeded.
    if let Some(name) = names.iter().find(|n| dir.join(n).is_dir()) {
        return Err(OutError::Folder(format!(
            "cannot write {}: it is a directory",
            dir.join(name).display()
        )));
    }
    if !force {
        let present: Vec<&str> = names
            .iter()
            .filter(|n| dir.join(n).symlink_metadata().is_ok())
            .map(String::as_str)
            .collect();
        if !present.is_empty() {
            return Err(OutError::Exists(format!(
                "{} already holds {}; give --force to replace, or another --out",
                dir.display(),
                present.join(", ")
            )));
        }
    }
    // A probe, so that a read-only folder fails now rather than at the end.
    files::probe_folder(dir).map_err(|e| OutError::Folder(e.message().to_string()))
}

/// Writes `files` (name, text) into `dir` (see [`prepare`]): every file to a
/// temporary one first, then each renamed into place, so that a failure
/// leaves no partial set. Returns the paths written.
pub fn write(
    dir: &Path,
    files: &[(String, String)],
    force: bool,
) -> Result<Vec<PathBuf>, OutError> {
    let names: Vec<String> = files.iter().map(|(n, _)| n.clone()).collect();
    prepare(dir, &names, force)?;
    // Dropped temporary files are removed: a failure leaves none behind.
    let mut written = Vec::new();
    for (name, text) in files {
        let path = dir.join(name);
        let tmp = files::temporary(&path).and_then(|mut tmp| {
            std::io::Write::write_all(&mut tmp, text.as_bytes())?;
            Ok(tmp)
        });
        match tmp {
            Ok(tmp) => written.push((tmp, path)),
            Err(e) => {
                return Err(OutError::Write(format!(
                    "cannot write {}: {e}",
                    path.display()
                )));
            }
        }
    }
    let mut paths = Vec::new();
    for (tmp, path) in written {
        tmp.persist(&path).map_err(|e| {
            OutError::Write(format!("cannot write {}: {}", path.display(), e.error))
        })?;
        paths.push(path);
    }
    Ok(paths)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("gdl-output-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    fn files(text: &str) -> Vec<(String, String)> {
        ["a.txt", "b.txt"]
            .iter()
            .map(|n| (n.to_string(), text.to_string()))
            .collect()
    }

    #[test]
    fn writes_together_and_refuses_to_overwrite() {
        let d = dir("write");
        let paths = write(&d, &files("one"), false).expect("written");
        assert_eq!(paths.len(), 2);
        assert_eq!(fs::read_to_string(d.join("b.txt")).unwrap(), "one");
        let e = write(&d, &files("two"), false).unwrap_err();
        assert!(matches!(e, OutError::Exists(_)), "{e:?}");
        assert!(e.message().contains("a.txt, b.txt"), "{e:?}");
        assert_eq!(fs::read_to_string(d.join("a.txt")).unwrap(), "one");
        write(&d, &files("two"), true).expect("forced");
        assert_eq!(fs::read_to_string(d.join("a.txt")).unwrap(), "two");
        // Nothing but the files themselves is left.
        assert_eq!(fs::read_dir(&d).unwrap().count(), 2);
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn a_folder_in_the_way_stops_every_file() {
        let d = dir("blocked");
        fs::create_dir_all(d.join("b.txt")).unwrap();
        let e = write(&d, &files("one"), true).unwrap_err();
        assert!(e.message().contains("is a directory"), "{e:?}");
        // a.txt was not written either.
        assert!(!d.join("a.txt").exists());
        let _ = fs::remove_dir_all(&d);
    }
}
