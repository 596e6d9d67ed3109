//! "Why not?": which rule refuses an action, in the game's own terms and
//! with the rule's place in the file, and for a legal action, which rule
//! offers it and what it would change.
//!
//! Every choice of the rules that the word could name is checked, in the
//! order the engine offers actions: is it a choice of the step the player
//! is in, does its guard hold, is the cell (or the move's origin, path and
//! target) in its sets, does an earlier priority group come first. The
//! choice that gets furthest explains the refusal. Explanations are not a
//! hot path: they copy the position and evaluate sets afresh
//! (`Game::probe_set`).

mod change;
mod conditions;
pub mod intent;
mod moves;
mod probe;
mod sets;

use crate::engine::{Action, Game, GameResult, Refusal, State};
use crate::notation::{self, MovesError, NotationError};
use crate::rules::{ChoiceKind, Step, TurnWhen};
use crate::show;
use intent::{Intent, Target, intents};
use sets::Seen;

/// How far a choice got before it refused the action: the furthest
/// explains the refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    NotInStep,
    Guard,
    Origin,
    /// A move of another kind (a jump between neighbours).
    Kind,
    Shape,
    Target,
    /// Everything the choice asks holds but its guard.
    Guarded,
    /// Offered, but refused by its `keep if` on the position it leads to.
    Kept,
    Priority,
    Legal,
}

/// Why `text` (one action) is not legal in `st`, when a rule says so;
/// `None` when the word names no choice of the rules or is legal.
pub fn why_not(game: &Game, st: &State, text: &str) -> Option<String> {
    if st.is_over() {
        return Some(game_over(game, st));
    }
    let seen = Seen { game, st };
    let mut best: Option<(Stage, String)> = None;
    for i in intents(game, text) {
        let (stage, why) = refusal(&seen, i);
        if best.as_ref().is_none_or(|(s, _)| stage > *s) {
            best = Some((stage, why));
        }
    }
    best.filter(|(s, _)| *s != Stage::Legal).map(|(_, why)| why)
}

/// `error`, which notation returned for a word in `st` (the position where
/// the refused part was read), with the reasons only the rules can give:
/// the rule that refuses an action, the name a misspelt word probably
/// meant, who won a finished game.
pub fn reasons(game: &Game, st: &State, error: NotationError) -> NotationError {
    match error {
        NotationError::Illegal(text, _) => match why_not(game, st, &text) {
            Some(why) => NotationError::Illegal(text, why),
            // No rule could make it: a misspelt name, maybe.
            None => match intent::meant(game, &text) {
                Some(meant) => NotationError::Unknown(text, meant),
                None => NotationError::Illegal(text, String::new()),
            },
        },
        NotationError::Unknown(text, _) => {
            let meant = intent::meant(game, &text).unwrap_or_default();
            NotationError::Unknown(text, meant)
        }
        NotationError::NotACell(text, examples, _) => {
            let why = why_not(game, st, &text).unwrap_or_default();
            NotationError::NotACell(text, examples, why)
        }
        NotationError::GameOver(_) => NotationError::GameOver(game_over(game, st)),
        NotationError::InTurn { index, part, error } => NotationError::InTurn {
            index,
            part,
            error: Box::new(reasons(game, st, *error)),
        },
        e @ (NotationError::Ambiguous(..)
        | NotationError::SeveralTurns { .. }
        | NotationError::EmptyPart(_)) => e,
    }
}

/// [`notation::parse`], with the reasons of a refusal ([`reasons`]).
pub fn parse(
    game: &Game,
    st: &State,
    legal: &[Action],
    text: &str,
) -> Result<Action, NotationError> {
    notation::parse(game, st, legal, text).map_err(|e| reasons(game, st, e))
}

/// [`notation::parse_word`], with the reasons of a refusal ([`reasons`]),
/// given in the position where the refused part of the word was read.
pub fn parse_word(game: &Game, st: &State, text: &str) -> Result<Vec<Action>, NotationError> {
    let mut st = st.clone();
    let mut played = Vec::new();
    match notation::play_word(game, &mut st, &mut Vec::new(), text, &mut played) {
        Ok(()) => Ok(played),
        Err(e) => Err(reasons(game, &st, e)),
    }
}

/// [`notation::play_listed`], with the reasons of a refusal ([`reasons`]).
pub fn play_listed(game: &Game, st: &mut State, moves: &str) -> Result<Vec<Action>, MovesError> {
    notation::play_listed(game, st, moves).map_err(|e| MovesError {
        error: reasons(game, st, e.error),
        ..e
    })
}

/// [`notation::play_moves`], with the reasons of a refusal ([`reasons`]).
pub fn play_moves(game: &Game, st: &mut State, moves: &str) -> Result<(), MovesError> {
    play_listed(game, st, moves).map(drop)
}

/// The explanation `gdl explain` prints for `text` in `st`, legal or not.
pub fn explain(game: &Game, st: &State, text: &str) -> String {
    let mut legal = Vec::new();
    game.legal_actions(st, &mut legal);
    match parse_word(game, st, text) {
        Ok(actions) if actions.len() == 1 => {
            let a = actions[0];
            let by = if a.is_pie() {
                match game.rules.sources.swaps.iter().find(|(_, on, _)| *on) {
                    Some((_, _, span)) => game.rules.sources.cite(*span),
                    None => "the pie rule".into(),
                }
            } else {
                cite_choice(game, a.choice)
            };
            let mut out = format!("`{}` is legal: {by}\n", text.trim());
            if !a.is_pie() && game.rules.choices[a.choice as usize].staying {
                out.push_str("  `staying`: the piece stays on its cell; the effects decide\n");
            }
            out.push_str(&change::after(game, st, a));
            out
        }
        Ok(actions) => {
            let mut out = format!(
                "`{}` is a legal turn of {} actions:\n",
                text.trim(),
                actions.len()
            );
            let mut st = st.clone();
            for a in actions {
                game.legal_actions(&st, &mut legal);
                let shown = notation::format(game, &legal, a);
                out.push_str(&format!("  `{shown}`: {}\n", cite_choice(game, a.choice)));
                game.play_unchecked(&mut st, a);
            }
            out
        }
        Err(e) => format!("{e}\n"),
    }
}

/// A choice quoted from the file with its place, or named when the game
/// came without its text.
pub fn cite_choice(game: &Game, c: u16) -> String {
    let sources = &game.rules.sources;
    match sources.choices.get(c as usize) {
        Some(s) if !sources.quote(s.span).is_empty() => sources.cite(s.span),
        _ => format!("`{}`", game.rules.choices[c as usize].name),
    }
}

/// The game is over: who won, by which `end if` (a step of the turn, an
/// item, or `end if stuck`), and why its condition held.
fn game_over(game: &Game, st: &State) -> String {
    let result = match st.result() {
        Some(GameResult::Win(p)) => format!("{} won", game.rules.players[p.index()]),
        Some(GameResult::Draw) | None => "it was drawn".to_string(),
    };
    let sources = &game.rules.sources;
    let words = |reason: Option<&str>| reason.map(|r| format!(" ({r})")).unwrap_or_default();
    let by = match show::ending(game, st) {
        show::Ending::Cond(cond, reason) => {
            let why = conditions::met(game, st, cond);
            let cite = sources.cite(cond.span);
            match why.is_empty() {
                true => format!("{}, as {cite} holds", words(reason)),
                false => format!("{}, as {cite} holds: {why}", words(reason)),
            }
        }
        show::Ending::Stuck(rule, reason) => {
            let player = &game.rules.players[st.mover.index()];
            match rule {
                None => format!(": {player} could not act"),
                Some((span, when)) => {
                    let why = when
                        .map(|c| conditions::stated(game, st, c))
                        .filter(|w| !w.is_empty())
                        .map(|w| format!(": {w}"))
                        .unwrap_or_default();
                    format!(
                        "{}: {player} could not act, under {}{why}",
                        words(reason),
                        sources.cite(span)
                    )
                }
            }
        }
    };
    format!("the game is over: {result}{by}")
}

/// How far choice intent `i` gets, and why it stops there.
fn refusal(seen: &Seen, i: Intent) -> (Stage, String) {
    let (game, st) = (seen.game, seen.st);
    if i.target == Target::Pie {
        return pie(game, st);
    }
    let cite = cite_choice(game, i.choice);
    let entries = game.step_entries(st);
    let Some(k) = entries.iter().position(|(c, _, _)| *c == i.choice) else {
        return (Stage::NotInStep, not_in_step(game, st, i.choice, &cite));
    };
    let (_, guard, group) = &entries[k];
    if let Some(g) = guard
        && !game.probe_cond(st, g, None)
    {
        let (t, s) = game.turn_position(st);
        let source = game
            .rules
            .sources
            .turns
            .get(t)
            .and_then(|t| t.steps.get(s)?.get(k)?.as_ref());
        let mut why = match source {
            Some(g) => format!(
                "{cite} is offered only when {} holds, and it does not now",
                game.rules.sources.cite(g.span)
            ),
            None => format!("{cite} is offered only when its condition holds, and it does not now"),
        };
        // Only the guard refuses it: the choice would offer it otherwise,
        // which outranks another rule's shape or target.
        let unguarded = game
            .offers_unfiltered(st)
            .iter()
            .any(|a| a.choice == i.choice && matches_target(game, *a, i));
        if let Some(g) = source
            && unguarded
        {
            let unmet = conditions::unmet(game, st, g);
            if !unmet.is_empty() {
                why = format!("{why}: {unmet}");
            }
        }
        let stage = if unguarded {
            Stage::Guarded
        } else {
            Stage::Guard
        };
        return (stage, why);
    }
    let checked = match i.target {
        Target::Cell(c) => moves::cell(seen, i.choice, c.index()),
        Target::Move(from, to) => moves::moving(seen, i.choice, from.index(), to.index()),
        Target::Value(None) => Err((Stage::Origin, values_of(game, i.choice))),
        Target::Value(Some(_)) | Target::Bare | Target::Pie => Ok(()),
    };
    if let Err((stage, why)) = checked {
        return (stage, format!("{cite}: {why}"));
    }
    // Everything the choice asks holds: it is offered unless an earlier
    // group of the step offers something.
    let unfiltered = game.offers_unfiltered(st);
    let is_it = |a: &Action| a.choice == i.choice && matches_target(game, *a, i);
    if !unfiltered.iter().any(is_it) {
        return (Stage::Target, format!("{cite} does not offer it here"));
    }
    let mut legal = Vec::new();
    game.legal_actions(st, &mut legal);
    if legal.iter().any(is_it) {
        return (Stage::Legal, String::new());
    }
    if game.tried(st).iter().any(is_it) {
        let why = format!(
            "{cite} was named at this decision and there was no such move: a failed try is not offered again until a move is played"
        );
        return (Stage::Kept, why);
    }
    if let Some(&a) = unfiltered.iter().find(|a| is_it(a))
        && let Some(k) = game.failing_keep(st, a)
    {
        let why = match game.rules.sources.choices.get(a.choice as usize) {
            Some(source) if k < source.keep.len() => {
                conditions::refusal(game, st, a, &source.keep[k])
            }
            // A game compiled without its text.
            _ => format!(
                "{cite} keeps an action only if its `keep if` holds after it, and it would not"
            ),
        };
        return (Stage::Kept, why);
    }
    if let Some(&a) = unfiltered.iter().find(|a| is_it(a))
        && let Some(refusal) = game.preference_gap(st, a)
    {
        return match refusal {
            Refusal::Worse(this, best) => (Stage::Kept, preferred(game, st, this, best)),
            Refusal::TooLong(cut) => (Stage::Kept, cut.to_string()),
        };
    }
    let group_of = |c: u16| entries.iter().filter(|e| e.0 == c).map(|e| e.2).min();
    match legal
        .iter()
        .find(|a| !a.is_pie() && group_of(a.choice).is_some_and(|g| g < *group))
    {
        Some(&first) => (
            Stage::Priority,
            format!(
                "{} is possible (`{}`) and comes first, before {cite}",
                cite_choice(game, first.choice),
                notation::format(game, &legal, first)
            ),
        ),
        None => (Stage::Target, format!("{cite} does not offer it here")),
    }
}

/// Why `keep turns with` refuses an action: the number the best turns
/// reach, and the best a turn starting with the action reaches.
fn preferred(game: &Game, st: &State, this: f64, best: f64) -> String {
    let sources = &game.rules.sources;
    let item = sources.prefer.map_or_else(
        || "`keep turns with`".to_string(),
        |span| sources.cite(span),
    );
    let number = sources
        .prefer_number
        .map(|span| sources.quote(span))
        .filter(|n| !n.is_empty())
        .map_or_else(|| "its number".to_string(), |n| format!("`{n}`"));
    let most = game.rules.prefer.as_ref().is_some_and(|p| p.most);
    let worse = if most { "or less" } else { "or more" };
    let player = &game.rules.players[st.mover.index()];
    format!(
        "{item} allows only the turns after which {number} is {best} (for {player}), and every \
         turn starting with it ends with {number} at {this} {worse}"
    )
}

/// The values a `choose` offers, for a value it does not.
fn values_of(game: &Game, c: u16) -> String {
    let ChoiceKind::Choose { var, values, .. } = &game.rules.choices[c as usize].kind else {
        return "not one of its values".into();
    };
    let v = &game.rules.variables[*var as usize];
    let shown: Vec<String> = values.iter().map(|&x| v.show(x)).collect();
    format!("its values are {}", shown.join(", "))
}

fn matches_target(game: &Game, a: Action, i: Intent) -> bool {
    match i.target {
        Target::Move(from, to) => a.move_cells() == Some((from, to)),
        Target::Cell(_) | Target::Value(_) | Target::Bare | Target::Pie => {
            i.action(game) == Some(a)
        }
    }
}

/// The pie rule's `swap`, not offered now.
fn pie(game: &Game, st: &State) -> (Stage, String) {
    if game.pie_offered(st) {
        return (Stage::Legal, String::new());
    }
    let sources = &game.rules.sources;
    let Some(&(turn, on, span)) = sources.swaps.iter().find(|s| s.1).or(sources.swaps.first())
    else {
        return (Stage::NotInStep, "this game has no pie rule".into());
    };
    let cite = sources.cite(span);
    let why = if !on {
        format!("the pie rule {cite} is off with these options")
    } else if st.turn == turn {
        format!("the pie rule {cite} offers `swap` only as the first action of turn {turn}")
    } else {
        format!(
            "the pie rule {cite} offers `swap` only at turn {turn}; this is turn {}",
            st.turn
        )
    };
    (Stage::NotInStep, why)
}

/// A choice of another step or turn: where it is offered.
fn not_in_step(game: &Game, st: &State, c: u16, cite: &str) -> String {
    let rules = &game.rules;
    let sources = &rules.sources;
    let (now_turn, now_step) = game.turn_position(st);
    let mut places = Vec::new();
    for (t, turn) in rules.turns.iter().enumerate() {
        for (s, step) in turn.steps.iter().enumerate() {
            if let Step::Choose { choices, .. } = step
                && choices.iter().any(|e| e.0 == c)
            {
                places.push((t, s));
            }
        }
    }
    let offered_now = game
        .step_entries(st)
        .first()
        .map(|e| format!("; now the turn offers {}", cite_choice(game, e.0)))
        .unwrap_or_default();
    if let Some(&(_, s)) = places.iter().find(|(t, _)| *t == now_turn) {
        let when = if s < now_step {
            "an earlier"
        } else {
            "a later"
        };
        return format!(
            "{cite} is not offered now: it belongs to {when} step of the turn{offered_now}"
        );
    }
    let Some(&(t, _)) = places.first() else {
        return format!("{cite} is not offered by any turn with these options");
    };
    let at = sources
        .turns
        .get(t)
        .map_or_else(String::new, |s| sources.at(s.span));
    let when = match &rules.turns[t].when {
        TurnWhen::Number(n) => format!("only at turn {n} ({at}); this is turn {}", st.turn),
        TurnWhen::If(_) => format!("only in the turns of {at}, whose condition does not hold now"),
        TurnWhen::Always => format!("only in the ordinary turn ({at}), not in this one"),
    };
    format!("{cite} is offered {when}{offered_now}")
}
