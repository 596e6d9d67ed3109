//! The commands that look at one game: `check`, `show`, `moves`,
//! `playout`, `perft` and `bench`.

use std::io::Write;
use std::time::Duration;

use serde::Serialize;
use serde_json::json;

use super::json::Doc;

use super::{
    BenchArgs, CheckArgs, ExplainArgs, Failure, InfoArgs, MovesArgs, PerftArgs, PlayoutArgs,
    ShowArgs, io, load, load_with, start_after, start_from,
};
use crate::action_space::Layout;
use crate::engine::{Action, Game, State};
use crate::ids::Player;
use crate::{explain, notation, picture, run, show};

pub(super) fn check_files(a: &CheckArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let mut failures = Vec::new();
    for path in &a.files {
        match load(path, &a.options) {
            Ok(game) => {
                writeln!(
                    out,
                    "{}: ok ({}, {} cells)",
                    path.display(),
                    game.rules.name,
                    game.board().len()
                )
                .map_err(io)?;
                for o in &game.rules.option_info {
                    let doc = if o.doc.is_empty() {
                        String::new()
                    } else {
                        format!("  # {}", o.doc)
                    };
                    writeln!(
                        out,
                        "  option {} = {}  ({}){doc}",
                        o.name, o.value, o.allowed
                    )
                    .map_err(io)?;
                }
                let sources = &game.rules.sources;
                for w in &sources.warnings {
                    let text = crate::report::render_warning(&sources.file, &sources.text, w);
                    write!(out, "{text}").map_err(io)?;
                }
            }
            Err(f) => failures.push(f),
        }
    }
    match failures.len() {
        0 => Ok(()),
        1 => Err(failures.pop().expect("one")),
        _ => {
            let code_game = failures.iter().any(|f| matches!(f, Failure::GameFile(_)));
            let text: String = failures
                .iter()
                .map(|f| f.message().to_string())
                .collect::<Vec<_>>()
                .join("\n");
            // The most telling code wins: a bad game file, then bad input.
            Err(if code_game {
                Failure::GameFile(text)
            } else if failures.iter().any(|f| matches!(f, Failure::Input(_))) {
                Failure::Input(text)
            } else {
                Failure::Io(text)
            })
        }
    }
}

pub(super) fn show_cmd(a: &ShowArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let game = load(&a.game.file, &a.game.options)?;
    if a.rules {
        return write!(out, "{}", show::rules_text(&game)).map_err(io);
    }
    let st = start_after(&game, a.position.as_deref(), &a.moves)?;
    if let (true, Some(name)) = (a.svg, &a.viewer) {
        let viewer = viewer(&game, &st, name)?;
        let caption = show::title(&game);
        return write!(out, "{}", picture::svg_as(&game, &st, viewer, &caption)).map_err(io);
    }
    if a.svg {
        let last = last_action(&game, a.position.as_deref(), &a.moves)?;
        let caption = show::title(&game);
        return write!(out, "{}", picture::svg(&game, &st, last, &caption)).map_err(io);
    }
    if let Some(name) = &a.viewer {
        let viewer = viewer(&game, &st, name)?;
        let shown = show::position_as(&game, &st, viewer);
        return writeln!(out, "{}\n{shown}", show::title(&game)).map_err(io);
    }
    let mut shown = show::position(&game, &st);
    // A game that declares how its positions are written shows the line,
    // for `--position` or another program (FEN).
    if game.rules.position_text.declared {
        let text = notation::write_position(&game, &st);
        shown = format!("{}\nposition: {text}\n", shown.trim_end());
    }
    writeln!(out, "{}\n{shown}", show::title(&game)).map_err(io)
}

/// The player `--as` names: a player's name, or a seat number from 1 (the
/// player sitting there now).
pub(super) fn viewer(game: &Game, st: &State, name: &str) -> Result<Player, Failure> {
    let players = &game.rules.players;
    if let Some(p) = players.iter().position(|p| p == name) {
        return Ok(Player::new(p));
    }
    let seat = name
        .parse::<usize>()
        .ok()
        .filter(|s| (1..=players.len()).contains(s));
    if let Some(s) = seat {
        return Ok(game.player_in_seat(st, s - 1));
    }
    Err(Failure::Input(format!(
        "error: --as {name}: not a player of {} ({}) nor a seat number from 1 to {}\n",
        game.rules.name,
        players.join(", "),
        players.len()
    )))
}

/// The last action of `moves`, to outline in a picture.
pub(super) fn last_action(
    game: &Game,
    position: Option<&str>,
    moves: &str,
) -> Result<Option<Action>, Failure> {
    let mut st = start_from(game, position)?;
    let played = explain::play_listed(game, &mut st, moves)
        .map_err(|e| Failure::Input(format!("error: in --moves, {e}\n")))?;
    Ok(played.last().copied())
}

pub(super) fn moves_cmd(a: &MovesArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let game = load(&a.game.file, &a.game.options)?;
    let st = start_after(&game, a.position.as_deref(), &a.moves)?;
    if let Some(result) = st.result() {
        // Nothing to list; an empty line would read as a stuck game.
        return Err(Failure::Input(format!(
            "error: the game is over after these moves ({}): no legal actions\n",
            show::result_text(&game, result)
        )));
    }
    if a.turns || a.notation.is_some() {
        let turns = notation::list_turns(&game, &st)
            .map_err(|e| Failure::Input(format!("error: {e}\n")))?;
        let written: Vec<String> = match a.notation {
            Some(style) => notation::write_turns(&game, &st, style, &turns),
            None => turns,
        };
        return writeln!(out, "{}", written.join(" ")).map_err(io);
    }
    let mut legal = Vec::new();
    game.legal_actions(&st, &mut legal);
    let text: Vec<String> = legal
        .iter()
        .map(|&m| notation::format(&game, &legal, m))
        .collect();
    writeln!(out, "{}", text.join(" ")).map_err(io)
}

/// `info`: the action space's blocks and the observation's planes.
pub(super) fn info_cmd(a: &InfoArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let game = load(&a.game.file, &a.game.options)?;
    let space = crate::action_space::ActionSpace::new(&game);
    let obs = crate::observation::Observation::new(&game);
    let board = game.board();
    let mut text = format!(
        "{}: {} cells, {} players\naction space: {} ids\n",
        show::title(&game),
        board.len(),
        game.rules.players.len(),
        space.size()
    );
    for b in space.blocks() {
        let (n, d) = (board.len(), board.ndirs());
        let layout = match b.layout {
            Layout::Options => format!(
                "option {}",
                space.describe(board, b.start).unwrap_or_default()
            ),
            Layout::Cells => format!("cells ({n})"),
            Layout::Steps => format!("steps ({n} cells x {d} directions)"),
            Layout::Jumps => format!("jumps ({n} cells x {d} directions)"),
            Layout::Moves => format!("moves ({n} x {n} cells)"),
        };
        let ids = format!("{}..{}", b.start, b.start + b.len);
        text += &format!("  {ids:<14} {layout}: {}\n", b.choices.join(", "));
    }
    let [planes, rows, cols] = obs.shape();
    text += &format!("observation: {planes} planes x {rows} rows x {cols} columns\n");
    for (i, name) in obs.plane_names().iter().enumerate() {
        text += &format!("  {i:<4} {name}\n");
    }
    write!(out, "{text}").map_err(io)
}

/// `explain`: which rule offers or refuses an action after `--moves`.
pub(super) fn explain_cmd(a: &ExplainArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let game = load(&a.game.file, &a.game.options)?;
    let st = start_after(&game, a.position.as_deref(), &a.moves)?;
    write!(out, "{}", crate::explain::explain(&game, &st, &a.action)).map_err(io)
}

pub(super) fn options_json(game: &Game) -> serde_json::Value {
    let map: serde_json::Map<String, serde_json::Value> = game
        .rules
        .options
        .iter()
        .map(|(k, v)| (k.clone(), json!(v)))
        .collect();
    serde_json::Value::Object(map)
}

/// The fields that open every JSON document about one game.
#[derive(Serialize)]
pub(super) struct GameDoc<'a> {
    pub game: &'a str,
    pub options: serde_json::Value,
}

impl GameDoc<'_> {
    pub fn of(game: &Game) -> GameDoc<'_> {
        GameDoc {
            game: &game.rules.name,
            options: options_json(game),
        }
    }
}

/// One game of `playout --json`.
#[derive(Serialize)]
struct PlayoutDoc {
    seed: u64,
    length: u32,
    result: String,
}

/// `playout`: each game printed as soon as it is played, then the mean.
pub(super) fn playout_cmd(a: &PlayoutArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let game = load_with(&a.game.file, &a.game.options, &a.shortcuts)?;
    let start = game.start();
    let mut total = 0u64;
    let mut doc = None;
    if a.json {
        let mut d = Doc::begin(out).map_err(io)?;
        d.fields(out, &GameDoc::of(&game)).map_err(io)?;
        d.begin_array(out, "playouts").map_err(io)?;
        doc = Some(d);
    }
    for i in 0..a.count {
        let p = run::playout(&game, &start, a.seed.wrapping_add(i), false);
        // A game cut short by `keep turns with` has no result to print.
        if let Some(cut) = crate::engine::take_turn_too_long() {
            return Err(super::too_long(cut));
        }
        total += u64::from(p.length);
        let result = show::result_word(&game, p.result);
        match &mut doc {
            Some(d) => d.element(
                out,
                &PlayoutDoc {
                    seed: p.seed,
                    length: p.length,
                    result,
                },
            ),
            None => writeln!(
                out,
                "seed {}: {result} after {}",
                p.seed,
                show::plies(u64::from(p.length))
            ),
        }
        .map_err(io)?;
    }
    let mean = total as f64 / a.count.max(1) as f64;
    match doc {
        Some(mut d) => {
            d.end_array(out).map_err(io)?;
            d.field(out, "mean_length", &mean).map_err(io)?;
            d.end(out).map_err(io)
        }
        None => writeln!(out, "mean length: {mean:.2}").map_err(io),
    }
}

/// `perft`: each depth printed as soon as it is counted.
pub(super) fn perft_cmd(a: &PerftArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let game = load_with(&a.game.file, &a.game.options, &a.shortcuts)?;
    let st = start_after(&game, a.position.as_deref(), &a.moves)?;
    let mut doc = None;
    if a.json {
        let mut d = Doc::begin(out).map_err(io)?;
        d.fields(out, &GameDoc::of(&game)).map_err(io)?;
        if !a.divide {
            d.begin_array(out, "depths").map_err(io)?;
        }
        doc = Some(d);
    } else if let Some(words) = &a.chance {
        writeln!(
            out,
            "chance: fixed to {words}, then each outcome counts as a node"
        )
        .map_err(io)?;
    } else if game.has_chance() {
        writeln!(
            out,
            "chance: each outcome of a decision made by chance counts as a node, as an action does"
        )
        .map_err(io)?;
    }
    let words: Vec<&str> = a
        .chance
        .as_deref()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let fix = |st: &State, k: usize| fixed_outcome(&game, st, k, &words);
    if a.divide {
        return perft_divide(&game, &st, a, doc, out);
    }
    for depth in 1..=usize::from(a.depth) {
        let c = if a.chance.is_some() {
            run::perft_depth_fixed(&game, &st, depth, &fix)
                .map_err(|e| Failure::Input(format!("error: --chance: {e}\n")))?
        } else if a.turns {
            run::perft_turns_depth(&game, &st, depth, a.unique).map_err(|e| match e {
                run::TurnsError::Long(e) => Failure::GameFile(format!("error: {e}\n")),
                run::TurnsError::TooMany(e) => Failure::Input(format!("error: {e}\n")),
            })?
        } else {
            run::perft_depth(&game, &st, depth, a.unique)
                .map_err(|e| Failure::Input(format!("error: {e}\n")))?
        };
        match (&mut doc, c.unique) {
            (Some(d), _) => d.element(out, &c),
            (None, Some(u)) => writeln!(out, "depth {}: {} nodes, {} unique", c.depth, c.nodes, u),
            (None, None) => writeln!(out, "depth {}: {} nodes", c.depth, c.nodes),
        }
        .map_err(io)?;
    }
    match doc {
        Some(mut d) => {
            d.end_array(out).map_err(io)?;
            d.end(out).map_err(io)
        }
        None => Ok(()),
    }
}

/// One first action's (or turn's) share of `perft --divide`.
#[derive(Serialize)]
struct DivideDoc {
    first: String,
    nodes: u64,
}

/// `perft --divide`: the deepest depth's count per first action (per first
/// whole turn with `--turns`), then the total.
fn perft_divide(
    game: &Game,
    st: &State,
    a: &PerftArgs,
    mut doc: Option<Doc>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let depth = usize::from(a.depth);
    let firsts: Vec<(String, u64)> = if a.turns {
        let turns = run::perft_turns_divide(game, st, depth)
            .map_err(|e| Failure::GameFile(format!("error: {e}\n")))?;
        (turns.into_iter())
            .map(|(actions, n)| (turn_text(game, st, &actions), n))
            .collect()
    } else {
        let mut legal = Vec::new();
        game.legal_actions(st, &mut legal);
        (run::perft_divide(game, st, depth).into_iter())
            .map(|(action, n)| (notation::format(game, &legal, action), n))
            .collect()
    };
    let total: u64 = firsts.iter().map(|f| f.1).sum();
    let first = if a.turns { "turn" } else { "action" };
    match &mut doc {
        Some(d) => {
            d.field(out, "depth", &depth).map_err(io)?;
            d.begin_array(out, "divide").map_err(io)?;
            for (text, nodes) in firsts {
                let first = DivideDoc { first: text, nodes };
                d.element(out, &first).map_err(io)?;
            }
            d.end_array(out).map_err(io)?;
            d.field(out, "nodes", &total).map_err(io)?;
        }
        None => {
            writeln!(out, "depth {depth}, divided by the first {first}:").map_err(io)?;
            for (text, nodes) in &firsts {
                writeln!(out, "{text}: {nodes}").map_err(io)?;
            }
            let n = firsts.len();
            writeln!(out, "total: {total} nodes, {n} first {first}s").map_err(io)?;
        }
    }
    match doc {
        Some(d) => d.end(out).map_err(io),
        None => Ok(()),
    }
}

/// A whole turn's actions from `st`, joined into one word as `moves
/// --turns` writes it.
fn turn_text(game: &Game, st: &State, actions: &[Action]) -> String {
    let mut at = st.clone();
    let mut legal = Vec::new();
    let parts: Vec<(Action, String)> = (actions.iter())
        .map(|&action| {
            game.legal_actions(&at, &mut legal);
            let text = notation::format(game, &legal, action);
            game.play_unchecked(&mut at, action);
            (action, text)
        })
        .collect();
    notation::join_turn(game, &parts)
}

/// The outcome `--chance` gives the decision made by chance in `st`, the
/// `k`-th of its line (from 0): `None` past the words given.
fn fixed_outcome(
    game: &Game,
    st: &State,
    k: usize,
    words: &[&str],
) -> Result<Option<Action>, String> {
    let Some(word) = words.get(k) else {
        return Ok(None);
    };
    let outcomes: Vec<Action> = game.chance_outcomes(st).into_iter().map(|o| o.0).collect();
    let texts: Vec<String> = (outcomes.iter())
        .map(|&a| notation::format(game, &outcomes, a))
        .collect();
    match texts.iter().position(|t| t == word) {
        Some(i) => Ok(Some(outcomes[i])),
        None => Err(format!(
            "`{word}` is not an outcome of chance's decision {} here ({})",
            k + 1,
            texts.join(", ")
        )),
    }
}

/// `bench --json`.
#[derive(Serialize)]
struct BenchDoc<'a> {
    #[serde(flatten)]
    game: GameDoc<'a>,
    playouts: u64,
    seconds: f64,
    playouts_per_sec: f64,
    mean_length: f64,
    plies_per_sec: f64,
}

pub(super) fn bench_cmd(a: &BenchArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if !(a.seconds > 0.0 && a.seconds <= 3600.0) {
        return Err(Failure::Input(
            "error: --seconds must be more than 0 and at most 3600\n".into(),
        ));
    }
    let budget = match a.playouts {
        Some(0) => {
            return Err(Failure::Input(
                "error: --playouts must be at least 1\n".into(),
            ));
        }
        Some(n) => run::Budget::Playouts(n),
        None => run::Budget::Time(Duration::from_secs_f64(a.seconds)),
    };
    let game = load_with(&a.game.file, &a.game.options, &a.shortcuts)?;
    if a.paths {
        return write!(out, "{}", game.paths()).map_err(io);
    }
    let start = game.start();
    let b = run::bench(&game, &start, budget, a.seed);
    if a.json {
        let doc = BenchDoc {
            game: GameDoc::of(&game),
            playouts: b.playouts,
            seconds: b.seconds,
            playouts_per_sec: b.playouts_per_sec(),
            mean_length: b.mean_length(),
            plies_per_sec: b.plies_per_sec(),
        };
        // Through a `Value`, whose keys are sorted, as before.
        let doc = serde_json::to_value(doc).map_err(|e| io(std::io::Error::other(e)))?;
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        )
        .map_err(io)
    } else {
        writeln!(
            out,
            "{}: {:.0} playouts/s, {:.0} plies/s, mean length {:.1} ({} playouts in {:.2} s)",
            show::title(&game),
            b.playouts_per_sec(),
            b.plies_per_sec(),
            b.mean_length(),
            b.playouts,
            b.seconds
        )
        .map_err(io)
    }
}
