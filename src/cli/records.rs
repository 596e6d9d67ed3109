//! `gdl test` (a game's cases and snapshot, see [`crate::verify`]) and
//! `gdl replay` (a game record, see [`crate::record`]).

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{Failure, ReplayArgs, TestArgs, io, unreadable};
use crate::agent::{AgentSpec, GameRecord};
use crate::check::OptionChoice;
use crate::engine::{Action, Game};
use crate::notation;
use crate::record::{Record, TurnLog};
use crate::verify::{self, Verdict};
use crate::{files, picture, show};

pub(super) fn test_cmd(a: &TestArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let settings = verify::Settings {
        accept: a.accept,
        ci: std::env::var_os("CI").is_some(),
    };
    let files = verify::game_files(&a.paths).map_err(|e| Failure::Io(format!("error: {e}\n")))?;
    if files.is_empty() {
        return Err(Failure::Input(
            "error: no .gdl file in the folders given\n".into(),
        ));
    }
    let (mut passed, mut failed) = (0, 0);
    for file in &files {
        for o in verify::check_game(file, settings) {
            let name = format!("{} {}", file.display(), o.what);
            match o.verdict {
                Verdict::Passed => {
                    passed += 1;
                    writeln!(out, "ok      {name}")
                }
                Verdict::Pending(note) => {
                    passed += 1;
                    writeln!(out, "pending {name}\n  {note}")
                }
                Verdict::Failed(why) => {
                    failed += 1;
                    let why = why.replace('\n', "\n  ");
                    writeln!(out, "FAILED  {name}\n  {why}")
                }
            }
            .map_err(io)?;
        }
    }
    writeln!(out, "{passed} passed, {failed} failed").map_err(io)?;
    if failed > 0 {
        return Err(Failure::Checks(format!(
            "error: {failed} of {} checks failed\n",
            passed + failed
        )));
    }
    Ok(())
}

/// Reads a record file ([`files::read_text`]: capped, a byte-order mark
/// dropped), refusing what is not one with its line. A file too large or
/// not text is bad input (exit code 2), one that cannot be read an I/O
/// problem (3).
pub(super) fn read_record(path: &Path) -> Result<Record, Failure> {
    let name = path.display();
    let text = files::read_text(path, files::Input::Record).map_err(|e| unreadable(path, &e))?;
    Record::parse(&text).map_err(|e| Failure::Input(format!("error: {name}:{e}\n")))
}

/// The game a record was played on, and its file's text: the file it names,
/// as given or beside the record.
pub(super) fn record_game(path: &Path, record: &Record) -> Result<(Game, String), Failure> {
    let named = PathBuf::from(&record.file);
    let beside = path
        .parent()
        .map(|d| d.join(named.file_name().unwrap_or_default()));
    let file = match beside {
        Some(b) if !named.exists() && b.exists() => b,
        _ => named,
    };
    let source = crate::read(&file)?;
    let options = record
        .options
        .iter()
        .map(|o| o.parse::<OptionChoice>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Failure::Input(format!("error: {}:5: {e}\n", path.display())))?;
    let game = crate::load_source(&source, &file.display().to_string(), &options)?;
    Ok((game, source))
}

pub(super) fn replay_cmd(a: &ReplayArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let record = read_record(&a.record)?;
    let (game, source) = record_game(&a.record, &record)?;
    let (st, played) = record
        .replay(&game, &source, a.ply)
        .map_err(|e| Failure::Input(format!("error: {}:{e}\n", a.record.display())))?;
    if a.svg {
        let caption = format!("{}, ply {}", show::title(&game), played.len());
        return write!(
            out,
            "{}",
            picture::svg(&game, &st, played.last().copied(), &caption)
        )
        .map_err(io);
    }
    writeln!(
        out,
        "{}\n{}",
        show::title(&game),
        show::position(&game, &st)
    )
    .map_err(io)
}

/// Keeps a game being played in its record file, rewritten whole after
/// every action (through a temporary file), so that nothing is lost when
/// the session ends abruptly.
pub(super) struct Recorder {
    path: PathBuf,
    header: Record,
}

impl Recorder {
    pub(super) fn new(
        path: &Path,
        game: &Game,
        file: &Path,
        source: &str,
        seats: Vec<String>,
        seed: u64,
    ) -> Recorder {
        Recorder {
            path: path.to_path_buf(),
            header: Record {
                game: game.rules.name.clone(),
                file: file.display().to_string(),
                source_hash: crate::record::source_hash(source),
                options: game
                    .rules
                    .options
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect(),
                seats,
                seed,
                ..Record::default()
            },
        }
    }

    /// Writes the actions so far (in notation), grouped into turns, and
    /// the result once there is one.
    pub(super) fn save(
        &self,
        game: &Game,
        actions: &[String],
        result: Option<String>,
    ) -> Result<(), Failure> {
        let mut st = game.start();
        let mut log = TurnLog::default();
        let mut legal = Vec::new();
        for text in actions {
            game.legal_actions(&st, &mut legal);
            let a = notation::parse(game, &st, &legal, text)
                .map_err(|e| Failure::Input(format!("error: recording `{text}`: {e}\n")))?;
            log.push(&st, text.clone());
            game.play_unchecked(&mut st, a);
        }
        let record = Record {
            turns: log.turns(),
            result,
            ..self.header.clone()
        };
        let tmp = self.path.with_extension("record.tmp");
        std::fs::write(&tmp, record.render())
            .and_then(|()| std::fs::rename(&tmp, &self.path))
            .map_err(|e| {
                Failure::Io(format!(
                    "error: cannot write {}: {e}\n",
                    self.path.display()
                ))
            })
    }
}

/// The records `gdl match --record DIR` writes: `DIR/game-N.record`, one
/// per game, in the format of `play --record`.
pub(super) struct MatchRecords {
    dir: PathBuf,
    header: Record,
    agents: [AgentSpec; 2],
    /// Digits of the largest game number, for names that sort.
    width: usize,
}

impl MatchRecords {
    /// Creates the folder (and refuses one that cannot be made).
    pub(super) fn new(
        dir: &Path,
        game: &Game,
        file: &Path,
        agents: [AgentSpec; 2],
        count: u64,
    ) -> Result<MatchRecords, Failure> {
        std::fs::create_dir_all(dir).map_err(|e| {
            Failure::Io(format!(
                "error: cannot make the record folder {}: {e}\n",
                dir.display()
            ))
        })?;
        let text = &game.rules.sources.text;
        let header = Recorder::new(dir, game, file, text, Vec::new(), 0).header;
        Ok(MatchRecords {
            dir: dir.to_path_buf(),
            header,
            agents,
            width: count.to_string().len(),
        })
    }

    /// Writes the record of one game of the match.
    pub(super) fn write(
        &self,
        game: &Game,
        g: &GameRecord,
        actions: &[Action],
    ) -> Result<(), Failure> {
        let mut st = game.start();
        let mut log = TurnLog::default();
        let mut legal = Vec::new();
        for &a in actions {
            game.legal_actions(&st, &mut legal);
            log.push(&st, notation::format(game, &legal, a));
            game.play_unchecked(&mut st, a);
        }
        // At the start, player p sits in seat p; p1 sits in seat `p1_seat`.
        let seats = game
            .rules
            .players
            .iter()
            .enumerate()
            .map(|(p, name)| {
                let agent = if p == g.p1_seat { 0 } else { 1 };
                format!("{name}={}", self.agents[agent])
            })
            .collect();
        let record = Record {
            seats,
            seed: g.seed,
            turns: log.turns(),
            result: st.result().map(|r| show::result_text(game, r)),
            ..self.header.clone()
        };
        let path = self
            .dir
            .join(format!("game-{:0w$}.record", g.index + 1, w = self.width));
        std::fs::write(&path, record.render())
            .map_err(|e| Failure::Io(format!("error: cannot write {}: {e}\n", path.display())))
    }
}
