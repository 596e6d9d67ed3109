//! `gdl test` (a game's cases and snapshot, see [`crate::verify`]) and
//! `gdl replay` (a game record, see [`crate::record`]).

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{Failure, ReplayArgs, TestArgs, io, unreadable};
use crate::agent::{AgentSpec, GameRecord};
use crate::check::OptionChoice;
use crate::engine::{Action, Game};
use crate::record::{Record, TurnLog};
use crate::verify::{self, Verdict};
use crate::{explain, notation};
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

/// The game a record was played on, and its file's text: the file it
/// names, as written (from the current folder, or absolute), else from the
/// record's folder, else beside the record. When none is there, the message
/// names the record, its line and every place looked at.
pub(super) fn record_game(path: &Path, record: &Record) -> Result<(Game, String), Failure> {
    let named = PathBuf::from(&record.file);
    let folder = path.parent().unwrap_or(Path::new(""));
    let mut places = vec![named.clone()];
    if named.is_relative() {
        places.push(folder.join(&named));
    }
    if let Some(name) = named.file_name() {
        places.push(folder.join(name));
    }
    places.dedup();
    let Some(file) = places.iter().find(|p| p.exists()).cloned() else {
        let looked: Vec<String> = places.iter().map(|p| p.display().to_string()).collect();
        return Err(Failure::Io(format!(
            "error: {}:line {}: the game file `{}` is not found (looked for {})\n",
            path.display(),
            record.line_of("file"),
            record.file,
            looked.join(", ")
        )));
    };
    let source = crate::read(&file)?;
    let options = record_options(path, record)?;
    let game = crate::load_source(&source, &file.display().to_string(), &options)
        .map_err(|e| blame_record(path, record, e))?;
    Ok((game, source))
}

/// The options of a record, each `NAME=VALUE`; a word that is not is
/// blamed on the record's `options:` line.
pub(super) fn record_options(path: &Path, record: &Record) -> Result<Vec<OptionChoice>, Failure> {
    record
        .options
        .iter()
        .map(|o| o.parse::<OptionChoice>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| {
            Failure::Input(format!(
                "error: {}:line {}: options: {e}\n",
                path.display(),
                record.line_of("options")
            ))
        })
}

/// The failure for a game that did not load with a record's options: an
/// option the game refuses is the record's fault (its `options:` line), not
/// the game file's nor the command line's.
pub(super) fn blame_record(path: &Path, record: &Record, e: crate::LoadError) -> Failure {
    match e {
        crate::LoadError::Options(o) => {
            let lines: Vec<String> = o
                .diagnostics
                .iter()
                .map(|d| {
                    format!(
                        "error: {}:line {}: options: {d} (in {})\n",
                        path.display(),
                        record.line_of("options"),
                        o.file
                    )
                })
                .collect();
            Failure::Input(lines.concat())
        }
        other => other.into(),
    }
}

/// The formats of other programs' records, told by the file's extension.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Foreign {
    Pgn,
    Pdn,
    Csa,
    Sgf,
}

impl Foreign {
    fn of(path: &Path) -> Option<Foreign> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "pgn" => Some(Foreign::Pgn),
            "pdn" => Some(Foreign::Pdn),
            "csa" => Some(Foreign::Csa),
            "sgf" => Some(Foreign::Sgf),
            _ => None,
        }
    }
}

/// A PGN or SGF file read as a record of the game of `--game` (with the
/// options an SGF's root sets); the game and its file's text.
fn read_foreign(
    path: &Path,
    format: Foreign,
    game_file: Option<&Path>,
) -> Result<(Record, Game, String), Failure> {
    let example = match format {
        Foreign::Pgn => "games/chess.gdl",
        Foreign::Pdn => "games/international-draughts.gdl",
        Foreign::Csa => "games/shogi.gdl",
        Foreign::Sgf => "games/go.gdl",
    };
    let Some(file) = game_file else {
        return Err(Failure::Input(format!(
            "error: {}: the record does not say which game file it is played on: give it \
             with `--game {example}`\n",
            path.display()
        )));
    };
    let source = crate::read(file)?;
    let name = file.display().to_string();
    let text = files::read_text(path, files::Input::Record).map_err(|e| unreadable(path, &e))?;
    let refused =
        |e: &dyn std::fmt::Display| Failure::Input(format!("error: {}:{e}\n", path.display()));
    let (record, game) = match format {
        Foreign::Pgn | Foreign::Pdn | Foreign::Csa => {
            let game = crate::load_source(&source, &name, &[])?;
            let read = match format {
                Foreign::Pdn => crate::pdn::read,
                Foreign::Csa => crate::csa::read,
                _ => crate::pgn::read,
            };
            let record = read(&game, &name, &source, &text).map_err(|e| refused(&e))?;
            (record, game)
        }
        Foreign::Sgf => {
            let plain = crate::load_source(&source, &name, &[])?;
            let declared: Vec<String> =
                plain.rules.options.iter().map(|(k, _)| k.clone()).collect();
            let options = crate::sgf::options(&declared, &text).map_err(|e| refused(&e))?;
            // A value the game does not allow is the SGF's fault, at its
            // property.
            for (choice, property) in &options {
                if let Err(crate::LoadError::Options(o)) =
                    crate::load_source(&source, &name, std::slice::from_ref(choice))
                {
                    let why: Vec<String> = o.diagnostics.iter().map(|d| d.to_string()).collect();
                    return Err(refused(&format!(
                        "{property}: {} (in {name})",
                        why.join("; ")
                    )));
                }
            }
            let options: Vec<_> = options.into_iter().map(|(c, _)| c).collect();
            let game = crate::load_source(&source, &name, &options)?;
            let record = crate::sgf::read(&game, &name, &source, &text).map_err(|e| refused(&e))?;
            (record, game)
        }
    };
    Ok((record, game, source))
}

pub(super) fn replay_cmd(a: &ReplayArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let (record, game, source) = match Foreign::of(&a.record) {
        Some(format) => read_foreign(&a.record, format, a.game.as_deref())?,
        None => {
            if a.game.is_some() {
                return Err(Failure::Input(format!(
                    "error: --game is for PGN, PDN, CSA and SGF records; {} names its game file itself\n",
                    a.record.display()
                )));
            }
            let record = read_record(&a.record)?;
            let (game, source) = record_game(&a.record, &record)?;
            (record, game, source)
        }
    };
    if a.pgn || a.pdn || a.csa || a.sgf {
        let write = match (a.pgn, a.pdn, a.csa) {
            (true, _, _) => crate::pgn::write,
            (_, true, _) => crate::pdn::write,
            (_, _, true) => crate::csa::write,
            _ => crate::sgf::write,
        };
        let text = write(&game, &source, &record)
            .map_err(|e| Failure::Input(format!("error: {}: {e}\n", a.record.display())))?;
        return write!(out, "{text}").map_err(io);
    }
    let refused = |e: crate::record::RecordError| {
        Failure::Input(format!("error: {}:{e}\n", a.record.display()))
    };
    // The whole record is checked, and an earlier ply must be in it.
    let (mut st, mut played) = record.replay(&game, &source, None).map_err(refused)?;
    if let Some(ply) = a.ply {
        if ply > played.len() {
            return Err(Failure::Input(format!(
                "error: --ply {ply}: {} has {} (give --ply 0 to {})\n",
                a.record.display(),
                show::plies(played.len() as u64),
                played.len()
            )));
        }
        (st, played) = record.replay(&game, &source, Some(ply)).map_err(refused)?;
    }
    if let Some(name) = &a.viewer {
        let viewer = super::commands::viewer(&game, &st, name)?;
        let shown = match a.svg {
            true => {
                let caption = format!("{}, ply {}", show::title(&game), played.len());
                picture::svg_as(&game, &st, viewer, &caption)
            }
            false => format!(
                "{}\n{}",
                show::title(&game),
                show::position_as(&game, &st, viewer)
            ),
        };
        return writeln!(out, "{}", shown.trim_end()).map_err(io);
    }
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
    .map_err(io)?;
    // A result the rules did not reach (a resignation, a draw agreed) is
    // the record's own: said after the whole game.
    match (&record.result, st.is_over(), a.ply) {
        (Some(result), false, None) => writeln!(out, "result: {result}").map_err(io),
        _ => Ok(()),
    }
}

/// Keeps a game being played in its record file, rewritten whole after
/// every action (atomically: see [`files::write_atomically`]), so that
/// nothing is lost when the session ends abruptly. Its file was checked
/// before the game started ([`files::Output`]).
pub(super) struct Recorder {
    output: files::Output,
    header: Record,
}

/// The record's header for a game about to be played from `file`.
fn header(game: &Game, file: &Path, source: &str, seats: Vec<String>, seed: u64) -> Record {
    Record {
        game: game.rules.name.clone(),
        file: file.display().to_string(),
        source_hash: crate::record::source_hash(source),
        options: crate::record::option_words(game),
        seats,
        seed,
        ..Record::default()
    }
}

impl Recorder {
    /// A new record of the game about to be played from `file`.
    pub(super) fn new(
        output: files::Output,
        game: &Game,
        file: &Path,
        source: &str,
        seats: Vec<String>,
        seed: u64,
        position: Option<&str>,
    ) -> Recorder {
        let mut header = header(game, file, source, seats, seed);
        header.position = position.map(str::to_string);
        Recorder { output, header }
    }

    /// The record read back, going on: its header (game, file, options,
    /// seats and seed) is kept as it is.
    pub(super) fn resumed(output: files::Output, record: &Record) -> Recorder {
        Recorder {
            output,
            header: Record {
                turns: Vec::new(),
                result: None,
                lines: Vec::new(),
                ..record.clone()
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
        let mut st = super::start_from(game, self.header.position.as_deref())?;
        let mut log = TurnLog::default();
        let mut legal = Vec::new();
        for text in actions {
            game.legal_actions(&st, &mut legal);
            let a = explain::parse(game, &st, &legal, text)
                .map_err(|e| Failure::Input(format!("error: recording `{text}`: {e}\n")))?;
            log.push(&st, text.clone());
            game.play_unchecked(&mut st, a);
        }
        let record = Record {
            turns: log.turns(),
            result,
            ..self.header.clone()
        };
        self.output.write(&record.render()).map_err(output_failure)
    }
}

/// The failure for an output refused or not written ([`files::Output`]):
/// a file in the way is bad input, the rest an I/O problem.
pub(super) fn output_failure(e: files::OutputError) -> Failure {
    match e {
        files::OutputError::Refused(m) => Failure::Input(format!("error: {m}\n")),
        files::OutputError::Io(m) => Failure::Io(format!("error: {m}\n")),
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
    /// Creates the folder, and refuses one that cannot be made or written
    /// to, or that holds a record this match would write (`game-N.record`
    /// for N up to `count`) unless `force`: all before the first game.
    pub(super) fn new(
        dir: &Path,
        game: &Game,
        file: &Path,
        agents: [AgentSpec; 2],
        count: u64,
        force: bool,
    ) -> Result<MatchRecords, Failure> {
        std::fs::create_dir_all(dir).map_err(|e| {
            Failure::Io(format!(
                "error: cannot make the record folder {}: {e}\n",
                dir.display()
            ))
        })?;
        files::probe_folder(dir).map_err(output_failure)?;
        let text = &game.rules.sources.text;
        let records = MatchRecords {
            dir: dir.to_path_buf(),
            header: header(game, file, text, Vec::new(), 0),
            agents,
            width: count.to_string().len(),
        };
        if !force {
            // The folder's names, read once: a million games are a
            // million names, not a million questions to the system.
            let names: std::collections::HashSet<std::ffi::OsString> = std::fs::read_dir(dir)
                .map_err(|e| {
                    Failure::Io(format!(
                        "error: cannot read the folder {}: {e}\n",
                        dir.display()
                    ))
                })?
                .filter_map(|e| e.ok().map(|e| e.file_name()))
                .collect();
            let present: Vec<String> = (0..count)
                .map(|i| records.path(i))
                .filter(|p| p.file_name().is_some_and(|n| names.contains(n)))
                .take(4)
                .map(|p| p.display().to_string())
                .collect();
            if !present.is_empty() {
                return Err(Failure::Input(format!(
                    "error: --record {}: the folder already holds {}{}: give --force to replace them, or another folder\n",
                    dir.display(),
                    present.join(", "),
                    if present.len() == 4 { ", ..." } else { "" }
                )));
            }
        }
        Ok(records)
    }

    /// The record of game `index` (from 0).
    fn path(&self, index: u64) -> PathBuf {
        self.dir
            .join(format!("game-{:0w$}.record", index + 1, w = self.width))
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
        files::write_atomically(&self.path(g.index), &record.render()).map_err(output_failure)
    }
}
