//! Which files `gdl serve` may read and write: the game files and folders
//! given on its command line, and nothing else.
//!
//! A request names a game by the name it is listed under (`games/hex.gdl`:
//! the folder as given, joined with the file's name). A name that is not
//! listed now is refused before any file is opened, so `..`, absolute
//! paths and files beside the served ones never reach the file system. A
//! folder's `.gdl` files are listed (not its subfolders') only when their
//! canonical path is inside the folder's: a link that leads out of it is
//! left out, and the check is made again on every request, so a link made
//! after the server started is refused too.

use std::path::{Path, PathBuf};

/// One path given on the command line.
#[derive(Clone, Debug)]
struct Root {
    /// As given, for the names of its files.
    given: PathBuf,
    /// Canonical, for the checks.
    canonical: PathBuf,
    /// A folder of game files, else one game file.
    folder: bool,
}

/// A game file the server may touch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// The name requests use, and messages show (`games/hex.gdl`).
    pub name: String,
    /// Where it is: canonical, so a link inside a folder is followed once,
    /// when it is listed.
    pub path: PathBuf,
}

/// The files and folders served.
#[derive(Clone, Debug)]
pub struct Served {
    roots: Vec<Root>,
}

impl Served {
    /// The files and folders `paths`, each of which must exist (a file or a
    /// folder); the message names the first that does not.
    pub fn new(paths: &[PathBuf]) -> Result<Served, String> {
        let mut roots = Vec::new();
        for p in paths {
            let canonical = p
                .canonicalize()
                .map_err(|e| format!("cannot serve {}: {e}", p.display()))?;
            if !canonical.is_dir() && canonical.extension().is_none_or(|x| x != "gdl") {
                return Err(format!(
                    "cannot serve {}: give game files (`.gdl`) or folders of them",
                    p.display()
                ));
            }
            roots.push(Root {
                given: p.clone(),
                folder: canonical.is_dir(),
                canonical,
            });
        }
        Ok(Served { roots })
    }

    /// Every game file served now, in the order of the paths given and
    /// then by name; the same file given twice is listed once.
    pub fn list(&self) -> Vec<Listed> {
        let mut out: Vec<Listed> = Vec::new();
        for root in &self.roots {
            if !root.folder {
                out.push(Listed {
                    name: root.given.display().to_string(),
                    path: root.canonical.clone(),
                });
                continue;
            }
            let Ok(entries) = std::fs::read_dir(&root.canonical) else {
                continue;
            };
            let mut names: Vec<String> = entries
                .filter_map(Result::ok)
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| n.ends_with(".gdl") && !n.starts_with('.'))
                .collect();
            names.sort();
            for n in names {
                let Ok(path) = root.canonical.join(&n).canonicalize() else {
                    continue;
                };
                if path.parent() == Some(root.canonical.as_path()) && path.is_file() {
                    out.push(Listed {
                        name: root.given.join(&n).display().to_string(),
                        path,
                    });
                }
            }
        }
        let mut seen = std::collections::HashSet::new();
        out.retain(|l| seen.insert(l.path.clone()));
        out
    }

    /// The game file listed as `name`, or why not (for a 403 answer).
    pub fn resolve(&self, name: &str) -> Result<Listed, String> {
        self.list()
            .into_iter()
            .find(|l| l.name == name)
            .ok_or_else(|| {
                format!(
                    "`{}` is not one of the game files served: give a name from /api/games",
                    crate::diagnostic::shorten(name)
                )
            })
    }

    /// The listed file whose name ends as `file` does, for a record that
    /// was written elsewhere (`games/hex.gdl` from another folder).
    pub fn find_by_file_name(&self, file: &str) -> Option<Listed> {
        let list = self.list();
        if let Some(l) = list.iter().find(|l| l.name == file) {
            return Some(l.clone());
        }
        let wanted = Path::new(file).file_name()?;
        list.into_iter()
            .find(|l| Path::new(&l.name).file_name() == Some(wanted))
    }

    /// The paths given, for the greeting.
    pub fn describe(&self) -> String {
        let given: Vec<String> = self
            .roots
            .iter()
            .map(|r| r.given.display().to_string())
            .collect();
        given.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_listed_names_resolve() {
        let d = std::env::temp_dir().join(format!("gdl-serve-paths-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("games")).unwrap();
        std::fs::write(d.join("games/a.gdl"), "game a\n").unwrap();
        std::fs::write(d.join("secret.gdl"), "game s\n").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(d.join("secret.gdl"), d.join("games/out.gdl")).unwrap();
        let served = Served::new(&[d.join("games")]).unwrap();
        let names: Vec<String> = served.list().into_iter().map(|l| l.name).collect();
        assert_eq!(names, [d.join("games/a.gdl").display().to_string()]);
        let games = d.join("games").display().to_string();
        for bad in [
            format!("{games}/../secret.gdl"),
            format!("{games}/out.gdl"),
            "/etc/passwd".to_string(),
        ] {
            assert!(served.resolve(&bad).is_err(), "{bad}");
        }
        assert!(served.resolve(&format!("{games}/a.gdl")).is_ok());
        assert!(Served::new(&[d.join("nowhere")]).is_err());
        std::fs::write(d.join("notes.txt"), "").unwrap();
        assert!(Served::new(&[d.join("notes.txt")]).is_err());
        assert!(Served::new(&[d.join("secret.gdl")]).is_ok());
        let _ = std::fs::remove_dir_all(&d);
    }
}
