//! `gdl test`: a designer's own rule tests, without Rust. Beside a game file
//! `NAME.gdl` live its test cases (`NAME.tests`, see [`cases`]) and its
//! snapshot document (`NAME.snapshot`, see [`snapshot`]). Each case plays
//! its moves and checks its expectations; the snapshot is computed again
//! and compared with the stored one, a change shown as a diff. The shipped
//! games are tested through this same code by `cargo test`.

pub mod cases;
pub mod snapshot;

use std::path::{Path, PathBuf};

use crate::check::OptionChoice;
use crate::engine::{Game, State};
use crate::{explain, files, notation, run, show};

use cases::{Case, Expect};

/// How a run treats snapshots.
#[derive(Clone, Copy, Debug, Default)]
pub struct Settings {
    /// Write the snapshots computed now over the stored ones (`--accept`).
    pub accept: bool,
    /// Running in CI (the `CI` variable is set): a missing snapshot fails.
    pub ci: bool,
}

/// What became of one check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Everything expected held.
    Passed,
    /// With what went wrong, in the game's terms.
    Failed(String),
    /// A new snapshot written as `NAME.snapshot.new`, to review and accept.
    Pending(String),
}

/// One check of a game file: a case or the snapshot.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// `case "NAME" (FILE:LINE)`, `snapshot (FILE)`, or the case file
    /// when it cannot be read.
    pub what: String,
    /// Whether it passed, and if not, why.
    pub verdict: Verdict,
}

/// The game files a run covers: the files named, and the `.gdl` files of
/// the folders named (not their subfolders), in name order.
pub fn game_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let entries =
                std::fs::read_dir(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
            let mut games: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|f| f.extension().is_some_and(|x| x == "gdl"))
                .collect();
            games.sort();
            out.extend(games);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// The file beside `game` with extension `ext`.
pub fn beside(game: &Path, ext: &str) -> PathBuf {
    game.with_extension(ext)
}

fn load(path: &Path, options: &[String]) -> Result<Game, String> {
    let choices = options
        .iter()
        .map(|o| o.parse::<OptionChoice>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("bad option: {e}"))?;
    crate::load(path, &choices).map_err(|e| e.message().trim_end().to_string())
}

/// Runs every check of one game file: its cases, then its snapshot.
pub fn check_game(path: &Path, settings: Settings) -> Vec<Outcome> {
    let mut out = Vec::new();
    let tests = beside(path, "tests");
    let file = match files::read_text(&tests, files::Input::Tests) {
        Ok(text) => match cases::parse(&text) {
            Ok(f) => f,
            Err(e) => {
                out.push(Outcome {
                    what: format!("{}:{}", tests.display(), e.line),
                    verdict: Verdict::Failed(e.message),
                });
                return out;
            }
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => cases::CaseFile::default(),
        Err(e) => {
            out.push(Outcome {
                what: tests.display().to_string(),
                verdict: Verdict::Failed(files::cannot_read(&tests, &e)),
            });
            return out;
        }
    };
    for case in &file.cases {
        out.push(Outcome {
            what: format!("case \"{}\" ({}:{})", case.name, tests.display(), case.line),
            verdict: match run_case(path, case, &tests) {
                Ok(()) => Verdict::Passed,
                Err(why) => Verdict::Failed(why),
            },
        });
    }
    out.push(Outcome {
        what: format!("snapshot ({})", beside(path, "snapshot").display()),
        verdict: check_snapshot(path, &file.snapshot_options, settings),
    });
    out
}

fn run_case(path: &Path, case: &Case, tests: &Path) -> Result<(), String> {
    let game = load(path, &case.options)?;
    let mut st = game.start();
    explain::play_moves(&game, &mut st, &case.moves).map_err(|e| format!("moves: {e}"))?;
    let mut failures = Vec::new();
    for (line, expect) in &case.expects {
        if let Err(why) = check(&game, &st, expect) {
            failures.push(format!("{}:{line}: {why}", tests.display()));
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

/// The result as a case writes it.
fn result_text(game: &Game, st: &State) -> String {
    st.result()
        .map_or("not over".to_string(), |r| show::result_text(game, r))
}

fn check(game: &Game, st: &State, expect: &Expect) -> Result<(), String> {
    let mut legal = Vec::new();
    game.legal_actions(st, &mut legal);
    let listed: Vec<String> = legal
        .iter()
        .map(|&a| notation::format(game, &legal, a))
        .collect();
    match expect {
        Expect::Legal(want) => same_set("legal actions", "legal now", want, &listed),
        Expect::Turns(want) => {
            let turns = notation::list_turns(game, st).map_err(|e| format!("turns: {e}"))?;
            same_set("whole turns", "turns now", want, &turns)
        }
        // Single actions or whole turns joined (`d4/e5/f6`), as `--moves` reads them.
        Expect::Includes(want) => {
            let refused: Vec<String> = want
                .iter()
                .filter_map(|w| {
                    explain::parse_word(game, st, w)
                        .err()
                        .map(|e| e.to_string())
                })
                .collect();
            if refused.is_empty() {
                Ok(())
            } else {
                Err(format!("expected legal: {}", refused.join("; ")))
            }
        }
        Expect::Illegal(refuse) => {
            let taken: Vec<&String> = refuse
                .iter()
                .filter(|w| notation::parse_word(game, st, w).is_ok())
                .collect();
            if taken.is_empty() {
                Ok(())
            } else {
                Err(format!("expected illegal, but legal: {taken:?}"))
            }
        }
        Expect::Result(want) => {
            let have = result_text(game, st);
            if &have == want {
                Ok(())
            } else {
                Err(format!("result: expected `{want}`, the game says `{have}`"))
            }
        }
        Expect::Perft(want) => {
            let have: Vec<u64> = run::perft(game, st, want.len(), false)
                .iter()
                .map(|c| c.nodes)
                .collect();
            if &have == want {
                Ok(())
            } else {
                Err(format!("perft: expected {want:?}, counted {have:?}"))
            }
        }
        Expect::PerftTurns(want) => {
            let have: Vec<u64> = run::perft_turns(game, st, want.len(), false)
                .map_err(|e| format!("perft --turns: {e}"))?
                .iter()
                .map(|c| c.nodes)
                .collect();
            if &have == want {
                Ok(())
            } else {
                Err(format!(
                    "perft --turns: expected {want:?}, counted {have:?}"
                ))
            }
        }
        Expect::Position(want) => {
            let text = show::position(game, st);
            let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
            let joined = lines.join("\n");
            let have = joined.trim_end();
            if have == want.trim_end() {
                Ok(())
            } else {
                Err(format!(
                    "position differs:\n{}",
                    snapshot::diff(want, have, "expected", "now")
                ))
            }
        }
    }
}

/// Whether `have` (listed as the game lists them) are `want`, in any order.
fn same_set(what: &str, now: &str, want: &[String], listed: &[String]) -> Result<(), String> {
    let mut have = listed.to_vec();
    let mut want = want.to_vec();
    have.sort();
    want.sort();
    if have == want {
        return Ok(());
    }
    let missing: Vec<&String> = want.iter().filter(|w| !have.contains(w)).collect();
    let extra: Vec<&String> = have.iter().filter(|h| !want.contains(h)).collect();
    Err(format!(
        "{what} differ: missing {missing:?}, not expected {extra:?} ({now}: {})",
        listed.join(" ")
    ))
}

/// The snapshot document of a game: the default options, then each set.
pub fn document(path: &Path, option_sets: &[Vec<String>]) -> Result<String, String> {
    let mut doc = snapshot::section(&load(path, &[])?)?;
    for set in option_sets {
        doc.push_str("\n\n");
        doc.push_str(&snapshot::section(&load(path, set)?)?);
    }
    Ok(doc)
}

fn check_snapshot(path: &Path, option_sets: &[Vec<String>], settings: Settings) -> Verdict {
    let now = match document(path, option_sets) {
        Ok(doc) => doc,
        Err(why) => return Verdict::Failed(why),
    };
    let stored_path = beside(path, "snapshot");
    let pending_path = beside(path, "snapshot.new");
    let write = |p: &Path| files::write_atomically(p, &now).map_err(|e| e.message().to_string());
    // Only a snapshot that is not there at all is missing: one that cannot
    // be read (not text, a folder, a link to nothing) fails.
    let stored = match files::read_text(&stored_path, files::Input::Snapshot) {
        Ok(text) => Ok(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(()),
        Err(e) if settings.accept => {
            // Accepting replaces a damaged file, never a folder.
            if stored_path.is_dir() {
                return Verdict::Failed(files::cannot_read(&stored_path, &e));
            }
            Err(())
        }
        Err(e) => return Verdict::Failed(files::cannot_read(&stored_path, &e)),
    };
    match stored {
        Ok(stored) if stored == now => {
            let _ = std::fs::remove_file(&pending_path);
            Verdict::Passed
        }
        _ if settings.accept => match write(&stored_path) {
            Ok(()) => {
                let _ = std::fs::remove_file(&pending_path);
                Verdict::Passed
            }
            Err(e) => Verdict::Failed(e),
        },
        Ok(stored) => {
            if !settings.ci {
                let _ = write(&pending_path);
            }
            Verdict::Failed(format!(
                "the snapshot changed (accept with --accept after reviewing):\n{}",
                snapshot::diff(&stored, &now, "stored", "now")
            ))
        }
        Err(_) if settings.ci => Verdict::Failed(format!(
            "no snapshot {} (CI is set: run `gdl test --accept` and commit it)",
            stored_path.display()
        )),
        Err(_) => match write(&pending_path) {
            Ok(()) => Verdict::Pending(format!(
                "a new snapshot, written to {}: review it, then `gdl test --accept`",
                pending_path.display()
            )),
            Err(e) => Verdict::Failed(e),
        },
    }
}
