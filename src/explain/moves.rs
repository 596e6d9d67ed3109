//! The sets of one choice, checked against the cells a word names: the
//! cell of a placement, conversion or removal; the origin, path and
//! target of a move.

use super::Stage;
use super::sets::Seen;
use crate::cellset::CellSet;
use crate::ids::Cell;
use crate::rules::sources::{Role, SourcedSet};
use crate::rules::{ChoiceKind, Dir};

type Checked = Result<(), (Stage, String)>;

/// The set of `role` of choice `c`, as written.
fn part<'a>(seen: &'a Seen, c: u16, role: Role) -> Option<&'a SourcedSet> {
    let source = seen.game.rules.sources.choices.get(c as usize)?;
    source
        .parts
        .iter()
        .find(|(r, _)| *r == role)
        .map(|(_, s)| s)
}

/// Why `cell` is not in the set `role` of `c`, if it is not.
fn within(seen: &Seen, c: u16, role: Role, cell: usize, stage: Stage) -> Checked {
    let Some(s) = part(seen, c, role) else {
        return Ok(());
    };
    if seen.game.probe_set(seen.st, &s.set, None).contains(cell) {
        return Ok(());
    }
    Err((stage, seen.outside(s, cell)))
}

/// A placement, conversion or removal on `cell`.
pub fn cell(seen: &Seen, c: u16, cell: usize) -> Checked {
    within(seen, c, Role::At, cell, Stage::Origin)?;
    let piece = seen.game.piece_at(seen.st, Cell::new(cell));
    let label = seen.label(cell);
    let why = match (&seen.game.rules.choices[c as usize].kind, piece) {
        (ChoiceKind::Place { .. }, Some(_)) => {
            format!(
                "a piece is placed only on an empty cell, and {}",
                seen.contents(cell)
            )
        }
        (ChoiceKind::Convert(_) | ChoiceKind::Remove(_), None) => format!("{label} is empty"),
        (ChoiceKind::Convert(_), Some(p)) if p.owner == Some(seen.st.mover) => {
            format!("{} already", seen.contents(cell))
        }
        (ChoiceKind::Sow { ring, .. }, _) => {
            let rules = &seen.game.rules;
            let ring = &rules.rings[*ring as usize];
            let kind = rules.counters.as_deref().unwrap_or("counter");
            if ring.place[cell] == u32::MAX {
                format!("{label} is not on the ring `{}`", ring.names[0])
            } else if seen.game.tally(seen.st, Cell::new(cell)) == 0 {
                format!("{label} holds no {kind}")
            } else {
                return Ok(());
            }
        }
        _ => return Ok(()),
    };
    Err((Stage::Shape, why))
}

/// A line drawn from `from` to `to` (a `draw` action), `from` in its FROM.
fn drawing(seen: &Seen, c: u16, line: u8, from: usize, to: usize) -> Checked {
    let game = seen.game;
    let (f, t) = (seen.label(from), seen.label(to));
    let board = game.board();
    let Some(d) = (0..board.ndirs())
        .find(|&d| board.neighbor(Cell::new(from), crate::ids::Dir::new(d)) == Some(Cell::new(to)))
    else {
        let why = format!("a line joins two neighbours, and {t} is not next to {f}");
        return Err((Stage::Shape, why));
    };
    within(seen, c, Role::To, to, Stage::Target)?;
    let kind = &game.rules.lines[line as usize];
    if game.has_mark(seen.st, Cell::new(from), kind.marks[d].index()) {
        let why = format!(
            "the line `{}` between {f} and {t} is drawn already",
            kind.name
        );
        return Err((Stage::Target, why));
    }
    // Between two cells of both sets, the line is offered from the first.
    if to < from && within(seen, c, Role::From, to, Stage::Origin).is_ok() {
        let why = format!("this line is written {t}-{f}, from the cell the board lists first");
        return Err((Stage::Shape, why));
    }
    Ok(())
}

/// A move from `from` to `to`.
pub fn moving(seen: &Seen, c: u16, from: usize, to: usize) -> Checked {
    let game = seen.game;
    let kind = &game.rules.choices[c as usize].kind;
    let word = kind.noun();
    within(seen, c, Role::From, from, Stage::Origin)?;
    if let ChoiceKind::Draw { line, .. } = kind {
        return drawing(seen, c, *line, from, to);
    }
    // A shift moves a block, whose centre may be empty.
    if !matches!(kind, ChoiceKind::Shift { .. })
        && game.piece_at(seen.st, Cell::new(from)).is_none()
    {
        let why = format!("there is no piece on {} to move", seen.label(from));
        return Err((Stage::Origin, why));
    }
    let cells = game.board().len();
    let all = CellSet::from_cells(cells, 0..cells);
    let lands = |over: &CellSet, target: &CellSet| {
        game.moves_from(seen.st, c, from, over, target)
            .iter()
            .any(|a| a.move_cells() == Some((Cell::new(from), Cell::new(to))))
    };
    if !lands(&all, &all) {
        // A move of this kind in another direction ranks above a move of
        // another kind: `a3-b2` is a step backwards, not a short jump.
        let line = between(seen, from, to);
        let near = game
            .board()
            .neighbors(Cell::new(from))
            .contains(&Cell::new(to));
        let way = match kind {
            ChoiceKind::Step { .. } => near,
            ChoiceKind::Jump { .. } => line.as_ref().is_some_and(|l| l.len() == 1),
            ChoiceKind::Slide { .. } | ChoiceKind::Hop { .. } | ChoiceKind::Shift { .. } => {
                line.is_some()
            }
            _ => false,
        };
        if let (ChoiceKind::Hop { .. }, Some(l)) = (kind, &line) {
            hop_way(seen, l)?;
        }
        if let (ChoiceKind::Shift { toward, limit, .. }, Some(l)) = (kind, &line) {
            shift_way(seen, c, from, to, l, toward.as_ref(), *limit)?;
        }
        let (f, t) = (seen.label(from), seen.label(to));
        let why = if let ChoiceKind::Slide {
            along: Some(k), by, ..
        } = kind
        {
            let track = &game.rules.tracks[*k as usize];
            let how_far = match by {
                Some(crate::rules::Distance::Cells(n)) => format!("exactly {n} places"),
                Some(_) | None => "exactly as many places as its `by` number says now".into(),
            };
            format!(
                "a {word} of this rule goes {how_far} along track `{}`, which does not \
                 take the piece from {f} to {t}",
                track.name
            )
        } else if let (ChoiceKind::Slide { by: Some(by), .. }, Some(l)) = (kind, &line)
            && way
        {
            let far = l.len() + 1;
            let exactly = match by {
                crate::rules::Distance::Cells(n) => format!("exactly {n} cells"),
                crate::rules::Distance::LineCount(_) => {
                    "exactly as many cells as its `by` count along that line".to_string()
                }
                crate::rules::Distance::Number(_) => {
                    "exactly as many cells as its `by` number says now".to_string()
                }
            };
            format!("a {word} of this rule goes {exactly}, and {t} is {far} cells from {f}")
        } else if way {
            format!("{t} is not in a direction a {word} of this rule takes from {f}")
        } else {
            format!("no {word} of this rule leads from {f} to {t}")
        };
        let leap = matches!(kind, ChoiceKind::Leap { .. });
        return Err((
            if way || leap {
                Stage::Shape
            } else {
                Stage::Kind
            },
            why,
        ));
    }
    within(seen, c, Role::To, to, Stage::Target)?;
    if let ChoiceKind::Slide {
        along: Some(k),
        loops,
        ..
    } = kind
        && let Some(circuit) = &game.rules.tracks[*k as usize].circuit
    {
        circuit_ways(seen, c, circuit, from, to, *loops)?;
    }
    // The cells crossed: the jumped one, or a slide's way.
    let crossed = between(seen, from, to).unwrap_or_default();
    match kind {
        ChoiceKind::Jump { .. } | ChoiceKind::Slide { .. } => {
            if let Some(s) = part(seen, c, Role::Over) {
                let over = game.probe_set(seen.st, &s.set, None);
                if let Some(&m) = crossed.iter().find(|&&m| !over.contains(m)) {
                    return Err((Stage::Target, seen.outside(s, m)));
                }
            } else if let Some(&m) = crossed
                .iter()
                .find(|&&m| game.piece_at(seen.st, Cell::new(m)).is_some())
            {
                let why = format!("the way is blocked: {}", seen.contents(m));
                return Err((Stage::Target, why));
            }
        }
        ChoiceKind::Hop { .. } => {
            let screen = hop_way(seen, &crossed)?;
            if let Some(s) = part(seen, c, Role::Over) {
                let over = game.probe_set(seen.st, &s.set, None);
                if !over.contains(screen) {
                    return Err((Stage::Target, seen.outside(s, screen)));
                }
            }
        }
        ChoiceKind::Leap {
            leap,
            over: Some(_),
            ..
        } => {
            let legs = game.leap_legs(*leap, Cell::new(from), Cell::new(to));
            if let (Some(legs), Some(s)) = (legs, part(seen, c, Role::Over)) {
                let over = game.probe_set(seen.st, &s.set, None);
                for leg in legs {
                    let Some(leg) = leg else {
                        return Err((Stage::Target, "its way leaves the board".to_string()));
                    };
                    if !over.contains(leg.index()) {
                        let why = format!("its leg: {}", seen.outside(s, leg.index()));
                        return Err((Stage::Target, why));
                    }
                }
            }
        }
        ChoiceKind::Shift { toward, limit, .. } => {
            shift_way(seen, c, from, to, &crossed, toward.as_ref(), *limit)?;
        }
        ChoiceKind::Step { .. }
        | ChoiceKind::Leap { over: None, .. }
        | ChoiceKind::Move { .. }
        | ChoiceKind::Draw { .. }
        | ChoiceKind::Place { .. }
        | ChoiceKind::Convert(_)
        | ChoiceKind::Remove(_)
        | ChoiceKind::Pick(_)
        | ChoiceKind::Deal { .. }
        | ChoiceKind::Sow { .. }
        | ChoiceKind::Pass
        | ChoiceKind::Swap
        | ChoiceKind::Choose { .. }
        | ChoiceKind::Rotate(_) => {}
    }
    Ok(())
}

/// Why a block cannot shift from `from` past the centres `crossed`: too
/// far, not toward a cell of TOWARD, or stopped on the way by a cell it
/// newly covers that is not in PATH.
fn shift_way(
    seen: &Seen,
    c: u16,
    from: usize,
    to: usize,
    crossed: &[usize],
    toward: Option<&crate::rules::SetExpr>,
    limit: Option<u32>,
) -> Checked {
    let board = seen.game.board();
    let next = crossed.first().copied().or(Some(to));
    let to_cell = |a: usize, b: usize| {
        (0..board.ndirs())
            .map(Dir::new)
            .find(|&d| board.neighbor(Cell::new(a), d) == Some(Cell::new(b)))
    };
    // The direction: toward the first centre crossed, or the target.
    let Some(d) = next.and_then(|n| to_cell(from, n)) else {
        return Ok(());
    };
    let far = crossed.len() + 1;
    if let Some(n) = limit
        && far > n as usize
    {
        let why = format!("a block moves at most {n} cells by this rule, and this move goes {far}");
        return Err((Stage::Shape, why));
    }
    let lead = board.neighbor(Cell::new(from), d).map(|x| x.index());
    if let (Some(t), Some(lead)) = (toward, lead)
        && !seen.game.probe_set(seen.st, t, None).contains(lead)
    {
        let why = format!(
            "a block moves only toward a cell next to its centre that its rule's `toward` names, and {}",
            seen.contents(lead)
        );
        return Err((Stage::Shape, why));
    }
    let block = |x: usize| -> Vec<usize> {
        let mut b = vec![x];
        b.extend(
            (0..board.ndirs())
                .filter_map(|e| board.neighbor(Cell::new(x), Dir::new(e)).map(|n| n.index())),
        );
        b
    };
    let path = part(seen, c, Role::Over).map(|s| (s, seen.game.probe_set(seen.st, &s.set, None)));
    let mut before = block(from);
    for &x in crossed {
        let now = block(x);
        for &y in now.iter().filter(|y| !before.contains(y)) {
            let blocked = match &path {
                Some((_, p)) => !p.contains(y),
                None => seen.game.piece_at(seen.st, Cell::new(y)).is_some(),
            };
            if blocked {
                let what = match &path {
                    Some((s, _)) => seen.outside(s, y),
                    None => seen.contents(y),
                };
                let why = format!(
                    "the block stops at {}, where it covers {}: {what}",
                    seen.label(x),
                    seen.label(y)
                );
                return Err((Stage::Target, why));
            }
        }
        before = now;
    }
    Ok(())
}

/// The one piece a hop crosses (its screen), or why the cells it crosses
/// hold none or more than one.
fn hop_way(seen: &Seen, crossed: &[usize]) -> Result<usize, (Stage, String)> {
    let mut pieces = crossed
        .iter()
        .copied()
        .filter(|&m| seen.game.piece_at(seen.st, Cell::new(m)).is_some());
    match (pieces.next(), pieces.next()) {
        (Some(screen), None) => Ok(screen),
        (None, _) => Err((
            Stage::Target,
            "a hop goes over a piece, and there is none on the way".to_string(),
        )),
        (Some(_), Some(m)) => Err((
            Stage::Target,
            format!("a hop goes over one piece only: {}", seen.contents(m)),
        )),
    }
}

/// The cells strictly between two cells of one straight line of the
/// board, in order (`None` when they are not on one).
fn between(seen: &Seen, from: usize, to: usize) -> Option<Vec<usize>> {
    let board = seen.game.board();
    for d in 0..board.ndirs() {
        let mut way = Vec::new();
        let mut at = from;
        while let Some(n) = board.neighbor(Cell::new(at), Dir::new(d)) {
            if n == Cell::new(to) {
                return Some(way);
            }
            if way.len() > board.len() {
                break;
            }
            way.push(n.index());
            at = n.index();
        }
    }
    None
}

/// A slide round a circuit from `from` to `to`: fine if some way round
/// gets there over cells it may cross, through `loops` loops; else each
/// way's first stop, or that it gets there before a loop.
fn circuit_ways(
    seen: &Seen,
    c: u16,
    circuit: &crate::rules::Circuit,
    from: usize,
    to: usize,
    loops: u8,
) -> Result<(), (Stage, String)> {
    let game = seen.game;
    let over = part(seen, c, Role::Over).map(|s| game.probe_set(seen.st, &s.set, None));
    let open = |x: usize| match &over {
        Some(set) => set.contains(x),
        None => game.piece_at(seen.st, Cell::new(x)).is_none(),
    };
    let mut stops = Vec::new();
    for &start in &circuit.places[from] {
        for forward in [true, false] {
            let mut there = false;
            circuit.walk(start as usize, forward, |x, passed| {
                if x == from {
                    return true;
                }
                if x == to {
                    there = passed >= loops;
                    if !there {
                        stops.push(format!("one reaches {} before any loop", seen.label(to)));
                    }
                    return false;
                }
                if !open(x) {
                    stops.push(seen.contents(x));
                    return false;
                }
                true
            });
            if there {
                return Ok(());
            }
        }
    }
    stops.sort();
    stops.dedup();
    let why = if stops.is_empty() {
        format!(
            "{} is on no way round from {}",
            seen.label(to),
            seen.label(from)
        )
    } else {
        format!(
            "no way round from {} gets there: {}",
            seen.label(from),
            stops.join("; ")
        )
    };
    Err((Stage::Target, why))
}
