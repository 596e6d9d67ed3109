//! `gdl match`: many games between two agents, and their scores.

use std::io::Write;

use serde::Serialize;

use super::commands::GameDoc;
use super::json::Doc;
use super::records::MatchRecords;
use super::{Failure, MatchArgs, io, load};
use crate::agent::{self, AgentSpec};
use crate::analysis::TallyDoc;
use crate::engine::Game;
use crate::show;

/// How the score rate and its interval are computed, for the output.
const SCORE_NOTE: &str = "score = (wins + draws/2) / games; unfinished games count as draws\n\
     95% CI = Wilson score interval of the score p over n games, z = 1.96: \
     (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)";

/// One agent's side of a match, in JSON.
#[derive(Serialize)]
struct SideDoc {
    #[serde(flatten)]
    all: TallyDoc,
    agent: String,
    seat1: TallyDoc,
    seat2: TallyDoc,
    search: Option<SearchDoc>,
}

#[derive(Serialize)]
struct SearchDoc {
    iterations: u64,
    seconds: f64,
    iterations_per_sec: f64,
}

#[derive(Serialize)]
struct MatchGameDoc {
    index: u64,
    seed: u64,
    p1_seat: usize,
    result: String,
    winner: Option<&'static str>,
    plies: u32,
    swapped: bool,
}

/// The fields before the games in `match --json`.
#[derive(Serialize)]
struct MatchHeader<'a> {
    #[serde(flatten)]
    game: GameDoc<'a>,
    seed: u64,
    count: u64,
}

/// The fields after the games in `match --json`.
#[derive(Serialize)]
struct MatchSummary {
    p1: SideDoc,
    p2: SideDoc,
    first_seat: TallyDoc,
    score_note: String,
}

/// A tally with its score and interval unrounded.
fn tally_doc(t: &agent::Tally) -> TallyDoc {
    TallyDoc::new(t, |x| x)
}

/// The agents' names in the output: `p1` and `p2`, as their flags.
const IDS: [&str; 2] = ["p1", "p2"];

/// `gdl match`: the agents and the game checked, then the games played and
/// reported as JSON ([`json_match`]) or as a table ([`print_match`]).
pub(super) fn match_cmd(a: &MatchArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let specs = [a.p1, a.p2];
    for (name, spec) in IDS.iter().zip(specs) {
        if spec == AgentSpec::Human {
            return Err(Failure::Input(format!(
                "error: --{name} human: a match is played by random and mcts:BUDGET agents only\n"
            )));
        }
    }
    let game = load(&a.game.file, &a.game.options)?;
    if game.rules.players.len() != 2 {
        return Err(Failure::Input(format!(
            "error: {}: a match needs a game of 2 players, this one has {}\n",
            a.game.file.display(),
            game.rules.players.len()
        )));
    }
    // One record per game in the --record folder, as `play --record` writes.
    let records = match &a.record {
        Some(dir) => Some(MatchRecords::new(
            dir,
            &game,
            &a.game.file,
            specs,
            a.count,
            a.force,
        )?),
        None => None,
    };
    let keep = records.is_some();
    let keep_record = |g: &agent::GameRecord, actions: &[crate::engine::Action]| match &records {
        Some(r) => r.write(&game, g, actions),
        None => Ok(()),
    };
    if a.json {
        return json_match(a, out, &game, keep, keep_record);
    }
    let threads = usize::from(a.threads);
    let report =
        agent::stream_match_kept(&game, specs, a.count, threads, a.seed, keep, keep_record)?;
    print_match(a, out, &game, &report)
}

/// `match --json`: the header, each game as it is played (the text has only
/// the table, at the end), then the tallies.
fn json_match(
    a: &MatchArgs,
    out: &mut dyn Write,
    game: &Game,
    keep: bool,
    mut keep_record: impl FnMut(&agent::GameRecord, &[crate::engine::Action]) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let specs = [a.p1, a.p2];
    let mut doc = Doc::begin(out).map_err(io)?;
    let header = MatchHeader {
        game: GameDoc::of(game),
        seed: a.seed,
        count: a.count,
    };
    doc.fields(out, &header).map_err(io)?;
    doc.begin_array(out, "games").map_err(io)?;
    let report = agent::stream_match_kept(
        game,
        specs,
        a.count,
        usize::from(a.threads),
        a.seed,
        keep,
        |g, actions| {
            doc.element(
                out,
                &MatchGameDoc {
                    index: g.index,
                    seed: g.seed,
                    p1_seat: g.p1_seat + 1,
                    result: show::result_word(game, g.result),
                    winner: g.winner.map(|w| IDS[w]),
                    plies: g.plies,
                    swapped: g.swapped,
                },
            )
            .map_err(io)?;
            keep_record(g, actions)
        },
    )?;
    doc.end_array(out).map_err(io)?;
    let side = |k: usize| SideDoc {
        all: tally_doc(&report.tally(k, None)),
        agent: specs[k].to_string(),
        seat1: tally_doc(&report.tally(k, Some(0))),
        seat2: tally_doc(&report.tally(k, Some(1))),
        search: report.search[k].map(|s| SearchDoc {
            iterations: s.iterations,
            seconds: s.seconds,
            iterations_per_sec: s.iterations_per_sec(),
        }),
    };
    let summary = MatchSummary {
        p1: side(0),
        p2: side(1),
        first_seat: tally_doc(&report.seat_tally(0)),
        score_note: SCORE_NOTE.replace('\n', "; "),
    };
    doc.fields(out, &summary).map_err(io)?;
    doc.end(out).map_err(io)
}

/// The match as text: a line saying what was played, the table of each
/// agent's tallies (in all, in each seat) and the first seat's, each
/// search's speed, and how the score is computed.
fn print_match(
    a: &MatchArgs,
    out: &mut dyn Write,
    game: &Game,
    report: &agent::MatchTotals,
) -> Result<(), Failure> {
    let specs = [a.p1, a.p2];
    let names: Vec<String> = (0..2).map(|k| format!("{} {}", IDS[k], specs[k])).collect();
    let width = names
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(0)
        .max("first seat".len());
    writeln!(
        out,
        "{}: {} vs {}, {} {}, seed {}",
        show::title(game),
        names[0],
        names[1],
        a.count,
        if a.count == 1 { "game" } else { "games" },
        a.seed
    )
    .map_err(io)?;
    let row = |out: &mut dyn Write, label: &str, t: &agent::Tally| {
        let (lo, hi) = t.interval();
        let unfinished = if t.unfinished > 0 {
            format!("  ({} unfinished)", t.unfinished)
        } else {
            String::new()
        };
        writeln!(
            out,
            "{label:<width$} {:>6} {:>6} {:>6} {:>6} {:>6.3}  {lo:.3}-{hi:.3}{unfinished}",
            t.games,
            t.wins,
            t.losses,
            t.draws,
            t.score()
        )
        .map_err(io)
    };
    writeln!(
        out,
        "{:<width$} {:>6} {:>6} {:>6} {:>6} {:>6}  95% CI",
        "", "games", "wins", "losses", "draws", "score"
    )
    .map_err(io)?;
    for k in 0..2 {
        row(out, &names[k], &report.tally(k, None))?;
        row(out, "  in seat 1", &report.tally(k, Some(0)))?;
        row(out, "  in seat 2", &report.tally(k, Some(1)))?;
    }
    row(out, "first seat", &report.seat_tally(0))?;
    for k in 0..2 {
        if let Some(s) = report.search[k] {
            writeln!(
                out,
                "{}: {} iterations in {:.2} s of search, {:.0} iterations/s",
                names[k],
                s.iterations,
                s.seconds,
                s.iterations_per_sec()
            )
            .map_err(io)?;
        }
    }
    writeln!(out, "{SCORE_NOTE}").map_err(io)
}
