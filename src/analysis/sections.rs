//! The report's sections, computed from the header and the raw records,
//! as documents that serde writes (keys sorted, as `serde_json::Value`
//! keeps them).

use serde::Serialize;
use serde_json::{Map, Value};

use super::header::mcts;
use super::records::to_json;
use super::{FIRST_ACTIONS_NOTE, MIRROR_NOTES, RANDOM_NOTES, RandomGame, Raw, Settings, Z95};
use crate::agent::{self, AgentSpec, GameRecord, MatchReport, Tally};
use crate::engine::GameResult;
use crate::rules::Player;

/// Rounds to 4 decimals, so that reports do not depend on the last bits of
/// floating-point functions.
fn r4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4 + 0.0
}

/// A count among `of` as a rate with its 95% interval.
#[derive(Serialize)]
struct Rate {
    count: u64,
    of: u64,
    rate: f64,
    ci95: [f64; 2],
}

fn rate(count: u64, of: u64) -> Rate {
    let p = if of == 0 {
        0.0
    } else {
        count as f64 / of as f64
    };
    let (lo, hi) = agent::wilson(p, of, Z95);
    Rate {
        count,
        of,
        rate: r4(p),
        ci95: [r4(lo), r4(hi)],
    }
}

/// A [`Tally`] with its score and interval, rounded by `round`.
#[derive(Serialize)]
pub struct TallyDoc {
    /// Games counted.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Games lost.
    pub losses: u64,
    /// Draws, including unfinished games.
    pub draws: u64,
    /// Unfinished games (counted among the draws).
    pub unfinished: u64,
    /// `(wins + draws/2) / games`, rounded.
    pub score: f64,
    /// The 95% Wilson interval of the score, rounded.
    pub ci95: [f64; 2],
}

impl TallyDoc {
    /// The document of `t`, its score and interval passed through `round`
    /// (a fixed number of decimals for reports that must compare equal).
    pub fn new(t: &Tally, round: impl Fn(f64) -> f64) -> TallyDoc {
        let (lo, hi) = t.interval();
        TallyDoc {
            games: t.games,
            wins: t.wins,
            losses: t.losses,
            draws: t.draws,
            unfinished: t.unfinished,
            score: round(t.score()),
            ci95: [round(lo), round(hi)],
        }
    }
}

fn tally(t: &Tally) -> TallyDoc {
    TallyDoc::new(t, r4)
}

// ------------------------------------------------------------ random play

#[derive(Serialize)]
struct Bin {
    from: u64,
    to: u64,
    games: u64,
}

#[derive(Serialize)]
struct Histogram {
    bin_width: u64,
    bins: Vec<Bin>,
}

/// Histogram bins: the narrowest width of 1, 2, 5, 10, 20, 50, ... that
/// needs at most 20 bins, starting at a multiple of the width.
fn histogram(values: &[u32]) -> Histogram {
    let (Some(&min), Some(&max)) = (values.iter().min(), values.iter().max()) else {
        return Histogram {
            bin_width: 1,
            bins: Vec::new(),
        };
    };
    let (min, max) = (min as u64, max as u64);
    let mut width = 1u64;
    let mut k = 0;
    loop {
        let lo = min / width * width;
        if (max - lo) / width < 20 {
            break;
        }
        k += 1;
        width = [1, 2, 5][k % 3] * 10u64.pow(k as u32 / 3);
    }
    let lo = min / width * width;
    let nbins = ((max - lo) / width + 1) as usize;
    let mut counts = vec![0u64; nbins];
    for &v in values {
        counts[((v as u64 - lo) / width) as usize] += 1;
    }
    let bins = counts
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            let from = lo + i as u64 * width;
            Bin {
                from,
                to: from + width - 1,
                games: n,
            }
        })
        .collect();
    Histogram {
        bin_width: width,
        bins,
    }
}

#[derive(Serialize)]
struct SeatRate {
    seat: usize,
    #[serde(flatten)]
    rate: Rate,
}

#[derive(Serialize)]
struct PlayerRate<'a> {
    player: &'a str,
    #[serde(flatten)]
    rate: Rate,
}

#[derive(Serialize)]
struct Length {
    games: u64,
    mean: f64,
    sd: f64,
    min: Option<u32>,
    max: Option<u32>,
    histogram: Histogram,
}

#[derive(Serialize)]
struct Branching {
    plies: u64,
    mean: f64,
}

#[derive(Serialize)]
struct Distinct {
    games: u64,
    count: usize,
}

#[derive(Serialize)]
struct TreeSize {
    games: u64,
    log10_path: f64,
    log10_b_pow_d: f64,
}

#[derive(Serialize)]
struct RandomPlay<'a> {
    games: u64,
    by_seat: Vec<SeatRate>,
    draws: Rate,
    unfinished: Rate,
    by_player: Vec<PlayerRate<'a>>,
    seats_swapped: Rate,
    length: Length,
    branching: Branching,
    distinct_actions: Distinct,
    tree_size: TreeSize,
    notes: &'static str,
}

#[derive(Serialize)]
#[serde(untagged)]
enum RandomSection<'a> {
    NoGames { games: u64 },
    Played(Box<RandomPlay<'a>>),
}

fn random_section<'a>(players: &'a [String], raw: &Raw) -> RandomSection<'a> {
    let games = &raw.random;
    let n = games.len() as u64;
    if n == 0 {
        return RandomSection::NoGames { games: 0 };
    }
    let count = |f: &dyn Fn(&RandomGame) -> bool| games.iter().filter(|g| f(g)).count() as u64;
    let by_seat = (0..players.len())
        .map(|s| SeatRate {
            seat: s + 1,
            rate: rate(count(&|g| g.winner_seat == Some(s)), n),
        })
        .collect();
    let by_player = players
        .iter()
        .enumerate()
        .map(|(p, name)| PlayerRate {
            player: name,
            rate: rate(
                count(&|g| g.result == Some(GameResult::Win(Player::new(p)))),
                n,
            ),
        })
        .collect();
    let lengths: Vec<u32> = games.iter().map(|g| g.plies).collect();
    let total: u64 = lengths.iter().map(|&l| l as u64).sum();
    let mean = total as f64 / n as f64;
    let sd = if n > 1 {
        (lengths
            .iter()
            .map(|&l| (l as f64 - mean).powi(2))
            .sum::<f64>()
            / (n - 1) as f64)
            .sqrt()
    } else {
        0.0
    };
    let plies: u64 = raw.branching.iter().sum();
    // Wide enough for any merged counts (each shard's fits in 64 bits).
    let legal: u128 = raw
        .branching
        .iter()
        .enumerate()
        .map(|(b, &k)| b as u128 * u128::from(k))
        .sum();
    let mean_b = if plies == 0 {
        0.0
    } else {
        legal as f64 / plies as f64
    };
    let path: f64 = raw
        .branching
        .iter()
        .enumerate()
        .filter(|&(b, &k)| b > 0 && k > 0)
        .map(|(b, &k)| k as f64 * (b as f64).log10())
        .sum::<f64>()
        / n as f64;
    let bd = if mean_b > 0.0 {
        mean * mean_b.log10()
    } else {
        0.0
    };
    RandomSection::Played(Box::new(RandomPlay {
        games: n,
        by_seat,
        draws: rate(count(&|g| g.result == Some(GameResult::Draw)), n),
        unfinished: rate(count(&|g| g.result.is_none()), n),
        by_player,
        seats_swapped: rate(count(&|g| g.swapped), n),
        length: Length {
            games: n,
            mean: r4(mean),
            sd: r4(sd),
            min: lengths.iter().min().copied(),
            max: lengths.iter().max().copied(),
            histogram: histogram(&lengths),
        },
        branching: Branching {
            plies,
            mean: r4(mean_b),
        },
        distinct_actions: Distinct {
            games: n,
            count: raw.actions.len(),
        },
        tree_size: TreeSize {
            games: n,
            log10_path: r4(path),
            log10_b_pow_d: r4(bd),
        },
        notes: RANDOM_NOTES,
    }))
}

// ----------------------------------------------------------- search games

fn match_report(agents: [AgentSpec; 2], games: Vec<GameRecord>) -> MatchReport {
    MatchReport {
        agents,
        seed: 0,
        games,
        search: [None, None],
    }
}

/// Where a score's 95% interval lies: `above` or `below` one half,
/// `unclear` when it contains it.
fn verdict(t: &Tally) -> &'static str {
    let (lo, hi) = t.interval();
    if t.games == 0 {
        "no games"
    } else if lo > 0.5 {
        "above"
    } else if hi < 0.5 {
        "below"
    } else {
        "unclear"
    }
}

#[derive(Serialize)]
struct Pair {
    weaker: String,
    stronger: String,
    games: usize,
    stronger_score: TallyDoc,
    stronger_in_seat1: TallyDoc,
    stronger_in_seat2: TallyDoc,
    first_seat: TallyDoc,
    verdict: &'static str,
}

#[derive(Serialize)]
struct Top {
    agent: String,
    games: usize,
    first_seat: TallyDoc,
    mean_length: f64,
    seats_swapped: Rate,
    verdict: &'static str,
}

#[derive(Serialize)]
#[serde(untagged)]
enum LadderSection<'a> {
    Skipped {
        skipped: &'static str,
    },
    Played {
        budgets: &'a [u64],
        games_per_pair: u64,
        pairs: Vec<Pair>,
        top: Top,
    },
}

fn ladder_section<'a>(players: usize, settings: &'a Settings, raw: &Raw) -> LadderSection<'a> {
    if players != 2 {
        return LadderSection::Skipped {
            skipped: "the ladder needs a game of 2 players",
        };
    }
    let ladder = &settings.ladder;
    let (Some(&top), true) = (ladder.last(), settings.ladder_games > 0) else {
        return LadderSection::Skipped {
            skipped: "no ladder games asked for",
        };
    };
    let pairs = raw
        .ladder
        .iter()
        .enumerate()
        .map(|(k, games)| {
            let r = match_report([mcts(ladder[k]), mcts(ladder[k + 1])], games.clone());
            let stronger = r.tally(1, None);
            let verdict = match verdict(&stronger) {
                "above" => "the stronger budget scores more (95% CI above 0.5)",
                "below" => "the weaker budget scores more (95% CI below 0.5)",
                "unclear" => "no clear difference at this sample size (95% CI contains 0.5)",
                other => other,
            };
            Pair {
                weaker: mcts(ladder[k]).to_string(),
                stronger: mcts(ladder[k + 1]).to_string(),
                games: games.len(),
                stronger_score: tally(&stronger),
                stronger_in_seat1: tally(&r.tally(1, Some(0))),
                stronger_in_seat2: tally(&r.tally(1, Some(1))),
                first_seat: tally(&r.seat_tally(0)),
                verdict,
            }
        })
        .collect();
    let r = match_report([mcts(top), mcts(top)], raw.top.clone());
    let first = r.seat_tally(0);
    let mean_len = if raw.top.is_empty() {
        0.0
    } else {
        raw.top.iter().map(|g| g.plies as f64).sum::<f64>() / raw.top.len() as f64
    };
    let verdict = match verdict(&first) {
        "above" => "the first seat scores more (95% CI above 0.5)",
        "below" => "the second seat scores more (95% CI below 0.5)",
        "unclear" => "no clear seat advantage at this sample size (95% CI contains 0.5)",
        other => other,
    };
    LadderSection::Played {
        budgets: ladder,
        games_per_pair: settings.ladder_games,
        pairs,
        top: Top {
            agent: mcts(top).to_string(),
            games: raw.top.len(),
            first_seat: tally(&first),
            mean_length: r4(mean_len),
            seats_swapped: rate(
                raw.top.iter().filter(|g| g.swapped).count() as u64,
                raw.top.len() as u64,
            ),
            verdict,
        },
    }
}

#[derive(Serialize)]
struct MirrorResult<'a> {
    symmetry: &'a Value,
    regions: &'a Value,
    games: usize,
    mirror_score: TallyDoc,
    mirror_in_seat1: TallyDoc,
    mirror_in_seat2: TallyDoc,
    mirrored: Rate,
    verdict: &'static str,
}

#[derive(Serialize)]
#[serde(untagged)]
enum MirrorSection<'a> {
    Skipped {
        skipped: &'a str,
    },
    Played {
        opponent: String,
        games_per_symmetry: u64,
        fallback: &'static str,
        method: &'static str,
        results: Vec<MirrorResult<'a>>,
    },
}

fn mirror_section<'a>(header: &'a Value, settings: &Settings, raw: &Raw) -> MirrorSection<'a> {
    let plan = &header["mirror_plan"];
    if let Some(why) = plan["skipped"].as_str() {
        return MirrorSection::Skipped { skipped: why };
    }
    let syms = &header["symmetry"]["symmetries"];
    let tested: Vec<u64> = plan["symmetries"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    let opponent = mcts(settings.mirror_budget);
    let results = tested
        .iter()
        .zip(&raw.mirror)
        .map(|(&j, games)| {
            let sym = &syms[j as usize];
            let records: Vec<GameRecord> = games.iter().map(|g| g.record.clone()).collect();
            let r = match_report([AgentSpec::Random, opponent], records);
            let score = r.tally(0, None);
            let verdict = match verdict(&score) {
                "above" => "copying wins here (95% CI above 0.5): look for a mirror strategy",
                "below" => "copying loses (95% CI below 0.5)",
                "unclear" => "no clear result at this sample size (95% CI contains 0.5)",
                other => other,
            };
            MirrorResult {
                symmetry: &sym["name"],
                regions: &sym["regions"],
                games: games.len(),
                mirror_score: tally(&score),
                mirror_in_seat1: tally(&r.tally(0, Some(0))),
                mirror_in_seat2: tally(&r.tally(0, Some(1))),
                mirrored: rate(
                    games.iter().map(|g| g.mirrored as u64).sum(),
                    games.iter().map(|g| g.actions as u64).sum(),
                ),
                verdict,
            }
        })
        .collect();
    MirrorSection::Played {
        opponent: opponent.to_string(),
        games_per_symmetry: settings.mirror_games,
        fallback: "random",
        method: MIRROR_NOTES,
        results,
    }
}

// ------------------------------------------------------- first actions

/// The cells where random games made their first action on a cell, and how
/// often the player who made it won.
#[derive(Serialize)]
struct FirstActionsSection {
    note: &'static str,
    /// Random games with an action on a cell.
    games: u64,
    /// Every cell played first at least once, in board order.
    cells: Vec<FirstCell>,
}

#[derive(Serialize)]
struct FirstCell {
    cell: String,
    count: u64,
    /// Wins of the player who played there, among those games.
    mover_wins: Rate,
}

fn first_actions_section(labels: &[String], raw: &Raw) -> FirstActionsSection {
    let mut counts = vec![(0u64, 0u64); labels.len()];
    for g in &raw.random {
        let Some(f) = g.first else { continue };
        if let Some(c) = counts.get_mut(f.cell as usize) {
            c.0 += 1;
            if g.result == Some(GameResult::Win(Player::new(f.player.into()))) {
                c.1 += 1;
            }
        }
    }
    FirstActionsSection {
        note: FIRST_ACTIONS_NOTE,
        games: counts.iter().map(|c| c.0).sum(),
        cells: counts
            .iter()
            .zip(labels)
            .filter(|((n, _), _)| *n > 0)
            .map(|(&(n, wins), label)| FirstCell {
                cell: label.clone(),
                count: n,
                mover_wins: rate(wins, n),
            })
            .collect(),
    }
}

// ------------------------------------------------------------- the report

/// The report: the header (without the mirror plan, which the mirror
/// section shows), then the sections.
#[derive(Serialize)]
struct ReportDoc<'a> {
    #[serde(flatten)]
    header: Map<String, Value>,
    random: RandomSection<'a>,
    first_actions: FirstActionsSection,
    ladder: LadderSection<'a>,
    mirror: MirrorSection<'a>,
}

/// The report's deterministic part, from the header and the records of
/// every game.
pub fn report(header: &Value, raw: &Raw) -> Value {
    let players: Vec<String> = header["players"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|p| p.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let labels: Vec<String> = header["layout"]["cells"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|c| c["label"].as_str().unwrap_or("?").to_string())
                .collect()
        })
        .unwrap_or_default();
    let settings = Settings::from_json(&header["settings"]).unwrap_or_else(|_| Settings::new(0));
    let mut head = header.as_object().cloned().unwrap_or_default();
    head.remove("mirror_plan");
    to_json(ReportDoc {
        header: head,
        random: random_section(&players, raw),
        first_actions: first_actions_section(&labels, raw),
        ladder: ladder_section(players.len(), &settings, raw),
        mirror: mirror_section(header, &settings, raw),
    })
}
