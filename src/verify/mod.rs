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
use crate::notation::NotationError;
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
    // A game is loaded once per set of options, not once per case (a
    // suite of 960 perft positions).
    let mut games: Vec<(Vec<String>, Result<Game, String>)> = Vec::new();
    for case in &file.cases {
        let i = match games.iter().position(|(o, _)| *o == case.options) {
            Some(i) => i,
            None => {
                games.push((case.options.clone(), load(path, &case.options)));
                games.len() - 1
            }
        };
        let game = games[i].1.as_ref().map_err(String::clone);
        let run = game.and_then(|g| run_case_on(g, case, &tests.display().to_string()));
        out.push(Outcome {
            what: format!("case \"{}\" ({}:{})", case.name, tests.display(), case.line),
            verdict: match run {
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

/// Runs one case on a game loaded from its text `source` (`file` names it),
/// with the case's options; `tests` names the case file in messages. As
/// `gdl test` runs it, without the files (the fuzz target uses it).
pub fn run_case_source(source: &str, file: &str, case: &Case, tests: &str) -> Result<(), String> {
    let choices = case
        .options
        .iter()
        .map(|o| o.parse::<OptionChoice>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("bad option: {e}"))?;
    let game = crate::load_source(source, file, &choices)
        .map_err(|e| e.message().trim_end().to_string())?;
    run_case_on(&game, case, tests)
}

fn run_case_on(game: &Game, case: &Case, tests: &str) -> Result<(), String> {
    let mut st = match &case.from {
        None => game.start(),
        Some(text) => crate::notation::read_position(game, text)
            .map(|p| game.start_at(&p))
            .map_err(|e| format!("from: {e}"))?,
    };
    explain::play_moves(game, &mut st, &case.moves).map_err(|e| format!("moves: {e}"))?;
    let mut failures = Vec::new();
    for (line, expect) in &case.expects {
        if let Err(why) = check(game, &st, expect) {
            failures.push(format!("{tests}:{line}: {why}"));
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

/// A position's text against a case's block, line by line without
/// trailing spaces.
fn same_picture(what: &str, want: &str, text: &str) -> Result<(), String> {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let joined = lines.join("\n");
    let have = joined.trim_end();
    if have == want.trim_end() {
        Ok(())
    } else {
        Err(format!(
            "{what} differs:\n{}",
            snapshot::diff(want, have, "expected", "now")
        ))
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
        // Each word must be an action of the game (as `includes:` reads
        // them) that is refused here: a word that names no action at all
        // (a typo, a cell off the board) fails, or it would pass forever.
        Expect::Illegal(refuse) => {
            let mut taken = Vec::new();
            let mut unknown = Vec::new();
            for w in refuse {
                match explain::parse_word(game, st, w) {
                    Ok(_) => taken.push(w),
                    Err(e) => {
                        if let Some(why) = not_an_action(game, st, w, &e) {
                            unknown.push(why);
                        }
                    }
                }
            }
            let mut problems = Vec::new();
            if !taken.is_empty() {
                problems.push(format!("expected illegal, but legal: {taken:?}"));
            }
            if !unknown.is_empty() {
                problems.push(format!(
                    "illegal: expects actions of the game that are refused here, not words that name none: {}",
                    unknown.join("; ")
                ));
            }
            if problems.is_empty() {
                Ok(())
            } else {
                Err(problems.join("\n"))
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
        // Each depth is compared as soon as it is counted: a wrong count
        // stops the case there, before the deeper (and far larger) ones.
        Expect::Perft(want) => same_counts("perft", want, |depth| {
            run::perft_depth(game, st, depth, false)
                .map(|c| c.nodes)
                .map_err(|e| e.to_string())
        }),
        Expect::PerftTurns(want) => same_counts("perft --turns", want, |depth| {
            run::perft_turns_depth(game, st, depth, false)
                .map(|c| c.nodes)
                .map_err(|e| e.to_string())
        }),
        Expect::Text(want) => {
            let have = crate::notation::write_position(game, st);
            if have == *want {
                Ok(())
            } else {
                Err(format!("the position's text is `{have}`, not `{want}`"))
            }
        }
        Expect::Position(want) => same_picture("position", want, &show::position(game, st)),
        Expect::View(player, want) => {
            let players = &game.rules.players;
            let Some(p) = players.iter().position(|n| n == player) else {
                return Err(format!(
                    "view {player}: not a player of the game ({})",
                    players.join(", ")
                ));
            };
            let text = show::position_as(game, st, crate::ids::Player::new(p));
            same_picture(&format!("{player}'s view"), want, &text)
        }
    }
}

/// Counts each depth of `want` in turn with `count`, stopping at the
/// first that differs.
fn same_counts(
    what: &str,
    want: &[u64],
    mut count: impl FnMut(usize) -> Result<u64, String>,
) -> Result<(), String> {
    let mut have = Vec::new();
    for (i, &w) in want.iter().enumerate() {
        let n = count(i + 1).map_err(|e| format!("{what}: {e}"))?;
        have.push(n);
        if n != w {
            let stopped = if have.len() < want.len() {
                " (stopped at the first count that differs)"
            } else {
                ""
            };
            return Err(format!(
                "{what}: expected {want:?}, counted {have:?}{stopped}"
            ));
        }
    }
    Ok(())
}

/// Why `word`, refused with `e`, is no action of the game at all (a word
/// that names nothing, an empty part of a joined turn, one that could be
/// several actions), or `None` when it is one that is refused here. After
/// the end of the game every word is refused: whether it names an action
/// is asked of the start, since names and cells do not change in play.
fn not_an_action(game: &Game, st: &State, word: &str, e: &NotationError) -> Option<String> {
    match e {
        NotationError::Unknown(..) | NotationError::EmptyPart(_) | NotationError::Ambiguous(..) => {
            Some(e.to_string())
        }
        NotationError::InTurn { error, .. } => not_an_action(game, st, word, error),
        NotationError::GameOver(_) => {
            let start = game.start();
            if st.is_over() && !start.is_over() {
                match explain::parse_word(game, &start, word) {
                    Err(e) if !matches!(e, NotationError::GameOver(_)) => {
                        not_an_action(game, &start, word, &e)
                    }
                    _ => None,
                }
            } else {
                None
            }
        }
        NotationError::Illegal(..)
        | NotationError::NotACell(..)
        | NotationError::SeveralTurns { .. } => None,
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
