//! `gdl analyze` and `gdl merge`: the game report, whole or in shards.

use std::io::Write;
use std::path::Path;

use super::{AnalyzeArgs, Failure, MergeArgs, io, unreadable};
use crate::analysis::{self, Shard};
use crate::files;

fn pretty(v: &serde_json::Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default() + "\n"
}

fn out_failure(e: analysis::output::OutError) -> Failure {
    match e {
        analysis::output::OutError::Exists(m) => Failure::Input(format!("error: {m}\n")),
        other => Failure::Io(format!("error: {}\n", other.message())),
    }
}

/// Writes `files` into `dir` together ([`analysis::output::write`]) and
/// lists them on `out`.
fn write_files(
    dir: &Path,
    files: Vec<(String, String)>,
    force: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    for path in analysis::output::write(dir, &files, force).map_err(out_failure)? {
        writeln!(out, "wrote {}", path.display()).map_err(io)?;
    }
    Ok(())
}

/// Prints or writes a finished report.
fn emit_report(
    analysis: &analysis::Analysis,
    json: bool,
    dir: Option<&Path>,
    force: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let report = analysis.report();
    let md = analysis::markdown::render(&report);
    match dir {
        Some(dir) => {
            let files = analysis::output::report_texts(&report, md);
            write_files(dir, files, force, out)
        }
        None if json => write!(out, "{}", pretty(&report)).map_err(io),
        None => write!(out, "{md}").map_err(io),
    }
}

pub(super) fn analyze_cmd(a: &AnalyzeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let source = crate::read(&a.game.file)?;
    let name = a.game.file.display().to_string();
    let game = crate::load_source(&source, &name, &a.game.options)?;
    let ladder = a.ladder.0.clone();
    let settings = analysis::Settings {
        seed: a.seed,
        games: a.games,
        mirror_budget: a
            .mirror_budget
            .unwrap_or_else(|| analysis::Settings::default_mirror_budget(&ladder)),
        ladder,
        ladder_games: a.ladder_games,
        mirror_games: a.mirror_games,
        solve_limit: a.solve_limit,
    };
    let threads = match a.threads {
        Some(t) => t as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let shard = a.shard.unwrap_or(Shard::ALL);
    if shard.count > settings.games {
        return Err(Failure::Input(format!(
            "error: --shard {shard}: {} shards for {} random games; give at most one shard per game\n",
            shard.count, settings.games
        )));
    }
    // The folder is checked before the games are played.
    let names = match a.shard {
        Some(s) => vec![analysis::output::shard_file(s)],
        None => analysis::output::report_files(),
    };
    if let Some(dir) = &a.out {
        analysis::output::prepare(dir, &names, a.force).map_err(out_failure)?;
    }
    let cancel = crate::cancel::Cancel::never();
    let result = match analysis::analyze(&game, &source, &settings, shard, threads, true, &cancel) {
        Ok(result) => result,
        Err(analysis::Stopped::TurnTooLong(cut)) => return Err(super::too_long(cut)),
        Err(analysis::Stopped::Cancelled) => unreachable!("the command line never cancels"),
    };
    if a.shard.is_some() {
        return match &a.out {
            Some(dir) => {
                let mut text = Vec::new();
                result.write_shard(&mut text).map_err(io)?;
                let text = String::from_utf8(text).unwrap_or_default();
                write_files(dir, names.into_iter().zip([text]).collect(), a.force, out)
            }
            None => result.write_shard(out).map_err(io),
        };
    }
    emit_report(&result, a.json, a.out.as_deref(), a.force, out)
}

pub(super) fn merge_cmd(a: &MergeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let mut shards = Vec::new();
    for path in &a.files {
        let name = path.display().to_string();
        // Parsed as it is read: no copy of the text is kept, and a device
        // stops at the cap (or at its first byte that is not JSON).
        let reader = files::open(path, files::Input::Shard).map_err(|e| unreadable(path, &e))?;
        let v: serde_json::Value = serde_json::from_reader(reader).map_err(|e| match e.io_error_kind() {
            Some(kind) => unreadable(path, &std::io::Error::new(kind, e.to_string())),
            None => Failure::Input(format!(
                "error: {name} is not valid JSON ({e}); give the files written by gdl analyze --shard i/n\n"
            )),
        })?;
        shards.push((name, v));
    }
    if let Some(dir) = &a.out {
        analysis::output::prepare(dir, &analysis::output::report_files(), a.force)
            .map_err(out_failure)?;
    }
    let merged = analysis::merge(&shards).map_err(|e| Failure::Input(format!("error: {e}\n")))?;
    emit_report(&merged, a.json, a.out.as_deref(), a.force, out)
}
