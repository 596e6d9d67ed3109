//! `gdl analyze` for the page, in the background: one run at a time, on
//! one thread (the others answer requests), with its progress and a way to
//! stop it.
//!
//! The run is cut into shards (`gdl analyze --shard i/n`) played one after
//! another and merged at the end ([`crate::analysis::merge`]), which gives
//! the very report of a single run: so the page can say how many of the
//! shards are done. A cancelled run stops within a second: the flag reaches
//! the games (between random games, between plies and inside searches), and
//! the run frees its thread for the next one.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::cancel::Cancel;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use serde_json::{Value, json};

use super::games::Loaded;
use super::http::ApiError;
use crate::analysis::{self, Settings, Shard};

/// The most random games a run from the page may play.
pub const MAX_GAMES: u64 = 20_000;
/// The most search games per ladder pair or symmetry.
pub const MAX_SEARCH_GAMES: u64 = 50;
/// Most positions the playground's *Perfect play* numbers: a fraction of
/// a second for a game with more, so that a cancel is not kept waiting.
pub const MAX_SOLVE_LIMIT: u64 = 20_000;
/// The largest ladder budget, in iterations per action.
pub const MAX_LADDER_BUDGET: u64 = 2_000;
/// Shards a run is cut into (fewer when it has fewer random games).
const SHARDS: u64 = 10;

/// How a run ended, or that it goes on.
enum Outcome {
    Running,
    Done {
        markdown: String,
        charts: Vec<(String, String)>,
    },
    Failed(String),
    Cancelled,
}

/// One run.
struct Run {
    id: u64,
    game: String,
    started: Instant,
    shards: u64,
    done: Arc<AtomicU64>,
    cancel: Cancel,
    outcome: Arc<Mutex<Outcome>>,
    /// Whether its thread is still playing (a cancelled run stops soon).
    busy: Arc<AtomicBool>,
}

/// The runs of this server: the latest only.
#[derive(Default)]
pub struct Runs {
    latest: Mutex<Option<Run>>,
    next: AtomicU64,
}

/// A whole number field of a request, within `lo..=hi`, or its default.
fn count(request: &Value, key: &str, default: u64, lo: u64, hi: u64) -> Result<u64, ApiError> {
    match request.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(v) => match v.as_u64() {
            Some(n) if (lo..=hi).contains(&n) => Ok(n),
            _ => Err(ApiError::bad(format!(
                "`{key}` must be a whole number from {lo} to {hi}"
            ))),
        },
    }
}

/// The settings a request asks for, within the page's caps (smaller than
/// the command line's: a run from the page should take seconds).
pub fn settings(request: &Value) -> Result<Settings, ApiError> {
    let ladder = match request.get("ladder") {
        None | Some(Value::Null) => vec![10, 100],
        Some(Value::String(s)) => analysis::parse_ladder(s).map_err(ApiError::bad)?,
        Some(_) => return Err(ApiError::bad("`ladder` must be budgets such as \"10,100\"")),
    };
    if ladder.last().is_some_and(|&b| b > MAX_LADDER_BUDGET) {
        return Err(ApiError::bad(format!(
            "ladder budgets of at most {MAX_LADDER_BUDGET} iterations here (gdl analyze runs more)"
        )));
    }
    let settings = Settings {
        seed: count(request, "seed", 1, 0, u64::MAX)?,
        games: count(request, "games", 200, 1, MAX_GAMES)?,
        mirror_budget: Settings::default_mirror_budget(&ladder),
        ladder,
        ladder_games: count(request, "ladder_games", 4, 0, MAX_SEARCH_GAMES)?,
        mirror_games: count(request, "mirror_games", 4, 0, MAX_SEARCH_GAMES)?,
        solve_limit: count(request, "solve_limit", MAX_SOLVE_LIMIT, 0, MAX_SOLVE_LIMIT)?,
    };
    settings.check().map_err(ApiError::bad)?;
    Ok(settings)
}

impl Runs {
    /// Starts a run of `loaded` with `settings`; refused while another is
    /// still playing.
    pub fn start(&self, loaded: Loaded, settings: Settings) -> Result<Value, ApiError> {
        let mut latest = self.latest.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(run) = latest.as_ref()
            && run.busy.load(Ordering::Relaxed)
        {
            return Err(ApiError::new(
                409,
                format!(
                    "analysis {} of {} is still running: wait for it, or cancel it",
                    run.id, run.game
                ),
            ));
        }
        let shards = SHARDS.min(settings.games);
        let run = Run {
            id: self.next.fetch_add(1, Ordering::Relaxed) + 1,
            game: loaded.name.clone(),
            started: Instant::now(),
            shards,
            done: Arc::default(),
            cancel: Cancel::new(),
            outcome: Arc::new(Mutex::new(Outcome::Running)),
            busy: Arc::new(AtomicBool::new(true)),
        };
        let (done, cancel, outcome, busy) = (
            run.done.clone(),
            run.cancel.clone(),
            run.outcome.clone(),
            run.busy.clone(),
        );
        std::thread::spawn(move || {
            let result = play(&loaded, &settings, shards, &done, &cancel);
            *outcome.lock().unwrap_or_else(|p| p.into_inner()) = result;
            busy.store(false, Ordering::Relaxed);
        });
        let answer = json!({ "run": run.id, "game": run.game, "shards": shards });
        *latest = Some(run);
        Ok(answer)
    }

    /// Where run `id` is: running (shards done of all), done (the report
    /// in Markdown and its charts), failed or cancelled.
    pub fn progress(&self, id: u64) -> Result<Value, ApiError> {
        let latest = self.latest.lock().unwrap_or_else(|p| p.into_inner());
        let run = latest.as_ref().filter(|r| r.id == id).ok_or_else(|| {
            ApiError::new(404, format!("no analysis {id} (only the latest is kept)"))
        })?;
        let outcome = run.outcome.lock().unwrap_or_else(|p| p.into_inner());
        let mut answer = json!({
            "run": run.id,
            "game": run.game,
            "shards": run.shards,
            "done": run.done.load(Ordering::Relaxed),
            "seconds": run.started.elapsed().as_secs_f64(),
        });
        let more = match &*outcome {
            Outcome::Running => json!({ "state": "running" }),
            Outcome::Done { markdown, charts } => {
                let charts: Vec<Value> = charts
                    .iter()
                    .map(|(name, svg)| json!({ "name": name, "svg": svg }))
                    .collect();
                json!({ "state": "done", "markdown": markdown, "charts": charts })
            }
            Outcome::Failed(e) => json!({ "state": "failed", "error": e }),
            Outcome::Cancelled => json!({ "state": "cancelled" }),
        };
        if let (Value::Object(a), Value::Object(m)) = (&mut answer, more) {
            a.extend(m);
        }
        Ok(answer)
    }

    /// Asks run `id` to stop: it stops within a second (the searches look
    /// at the flag every few iterations), reporting `cancelled`.
    pub fn cancel(&self, id: u64) -> Result<Value, ApiError> {
        let latest = self.latest.lock().unwrap_or_else(|p| p.into_inner());
        match latest.as_ref().filter(|r| r.id == id) {
            Some(run) => {
                run.cancel.cancel();
                Ok(json!({ "run": id, "cancelled": true }))
            }
            None => Err(ApiError::new(404, format!("no analysis {id}"))),
        }
    }
}

/// Plays the shards one after another, then merges them into the report.
fn play(
    loaded: &Loaded,
    settings: &Settings,
    shards: u64,
    done: &AtomicU64,
    cancel: &Cancel,
) -> Outcome {
    let mut parts = Vec::new();
    for i in 1..=shards {
        if cancel.is_cancelled() {
            return Outcome::Cancelled;
        }
        let shard = match Shard::new(i, shards) {
            Ok(s) => s,
            Err(e) => return Outcome::Failed(e),
        };
        let game = &loaded.game;
        let part = match analysis::analyze(game, &loaded.source, settings, shard, 1, false, cancel)
        {
            Ok(part) => part,
            Err(analysis::Stopped::Cancelled) => return Outcome::Cancelled,
            Err(analysis::Stopped::TurnTooLong(cut)) => return Outcome::Failed(cut.to_string()),
        };
        parts.push((format!("shard {shard}"), part.shard_json()));
        done.store(i, Ordering::Relaxed);
    }
    match analysis::merge(&parts) {
        Ok(whole) => {
            let report = whole.report();
            let markdown = analysis::markdown::render(&report);
            let charts = analysis::svg::charts(&report)
                .into_iter()
                .map(|(n, s)| (n.to_string(), s))
                .collect();
            Outcome::Done { markdown, charts }
        }
        Err(e) => Outcome::Failed(e),
    }
}
