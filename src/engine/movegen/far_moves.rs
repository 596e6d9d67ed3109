//! Slides, leaps, hops, block shifts and moves to any cell: the moves such
//! a choice offers, found by walking the ray, leap and block tables (or
//! every cell, for `move`) over the choice's cached target sets (from,
//! path, to, and a fourth: the set a `line-count` slide counts, the
//! occupied cells for a hop, what a shift moves toward); nothing is
//! allocated.

use super::slot::Part::{Fourth, From, Over, To};
use crate::cellset;
use crate::engine::tables::leaps::NO_TARGET;
use crate::engine::{Action, Game, Shortcut};
use crate::limits::MAX_CELL_WORDS;
use crate::rules::*;

impl Game {
    /// Calls `f` with each move a far-moving choice `c` (slide, leap, hop,
    /// shift, move) offers, given its cached targets `t`, until `f`
    /// returns false.
    #[inline]
    pub(crate) fn each_far_move(
        &self,
        c: u16,
        player: Player,
        t: &[u64],
        mut f: impl FnMut(Action) -> bool,
    ) {
        let w = self.words;
        let (from, path, to) = (From.of(t, w), Over.of(t, w), To.of(t, w));
        match &self.rules.choices[c as usize].kind {
            ChoiceKind::Slide { by: Some(by), .. } => {
                self.each_distance_move(c, player, by, t, f);
            }
            ChoiceKind::Slide {
                by: None,
                along: Some(k),
                loops,
                ..
            } => self.each_circuit_move(c, *k, *loops, t, &mut f),
            ChoiceKind::Slide { by: None, .. } => {
                let rays = &self.rays;
                let (mask, near) = self.move_dirs(c, player);
                for a in cellset::cells(from) {
                    // A piece none of whose neighbours it may enter or
                    // cross offers no slide.
                    let m = &near[a * w..(a + 1) * w];
                    if (0..w).all(|j| m[j] & (path[j] | to[j]) == 0) {
                        continue;
                    }
                    for d in each_dir(mask) {
                        for &x in rays.ray(a, d) {
                            let x = x as usize;
                            // It may stop on any cell of TO it reaches, and
                            // goes on only over cells of PATH.
                            if cellset::contains(to, x) && !f(Action::far(c, a, x)) {
                                return;
                            }
                            if !cellset::contains(path, x) {
                                break;
                            }
                        }
                    }
                }
            }
            ChoiceKind::Leap { over: Some(_), .. } => {
                // Only leaps whose legs are all cells of OVER (in the path
                // slot).
                let table = self.leaps.of_choice(c, player);
                let per = table.legs_per;
                for a in cellset::cells(from) {
                    let legs = table.legs_from(a);
                    for (k, &x) in table.from(a).iter().enumerate() {
                        let x = x as usize;
                        if x != NO_TARGET as usize
                            && cellset::contains(to, x)
                            && legs[k * per..(k + 1) * per].iter().all(|&leg| {
                                leg != NO_TARGET && cellset::contains(path, leg as usize)
                            })
                            && !f(Action::far(c, a, x))
                        {
                            return;
                        }
                    }
                }
            }
            ChoiceKind::Leap { over: None, .. } => {
                let table = self.leaps.of_choice(c, player);
                let masks = !table.masks.is_empty();
                for a in cellset::cells(from) {
                    if masks {
                        let m = &table.masks[a * w..(a + 1) * w];
                        if (0..w).all(|j| m[j] & to[j] == 0) {
                            continue;
                        }
                    }
                    for &x in table.from(a) {
                        let x = x as usize;
                        if x != NO_TARGET as usize
                            && cellset::contains(to, x)
                            && !f(Action::far(c, a, x))
                        {
                            return;
                        }
                    }
                }
            }
            ChoiceKind::Hop { .. } => {
                let occupied = Fourth.of(t, w);
                let (mask, _) = self.move_dirs(c, player);
                for a in cellset::cells(from) {
                    for d in each_dir(mask) {
                        let mut ray = self.rays.ray(a, d).iter().map(|&x| x as usize);
                        // Over empty cells to the first piece: the screen.
                        let Some(screen) = ray.find(|&x| cellset::contains(occupied, x)) else {
                            continue;
                        };
                        if !cellset::contains(path, screen) {
                            continue;
                        }
                        // Then over empty cells, to a cell of TO, up to the
                        // next piece.
                        for x in ray {
                            if cellset::contains(to, x) && !f(Action::moving(c, a, true, d, x)) {
                                return;
                            }
                            if cellset::contains(occupied, x) {
                                break;
                            }
                        }
                    }
                }
            }
            ChoiceKind::Shift { limit, .. } => {
                let toward = Fourth.of(t, w);
                let nd = self.rules.board.ndirs();
                let limit = limit.map_or(usize::MAX, |n| n as usize);
                // Direction by direction, the centres whose neighbour that
                // way is in TOWARD, a set at a time.
                let mut leads = [0u64; crate::limits::MAX_CELL_WORDS];
                let leads = &mut leads[..w];
                for d in 0..nd {
                    self.shifts.before(d, toward, leads);
                    for j in 0..w {
                        leads[j] &= from[j];
                    }
                    for a in cellset::cells(leads) {
                        for &x in self.rays.ray(a, d).iter().take(limit) {
                            let x = x as usize;
                            if cellset::contains(to, x) && !f(Action::far(c, a, x)) {
                                return;
                            }
                            // On only while the cells it newly covers are in PATH.
                            if !self
                                .blocks
                                .front(x, d)
                                .iter()
                                .all(|&y| cellset::contains(path, y as usize))
                            {
                                break;
                            }
                        }
                    }
                }
            }
            ChoiceKind::Move { .. } => {
                for a in cellset::cells(from) {
                    for x in cellset::cells(to) {
                        if x != a && !f(Action::far(c, a, x)) {
                            return;
                        }
                    }
                }
            }
            ChoiceKind::Draw { .. } => {
                // The lines `offer` kept, a set per direction from the
                // fourth part on, listed by their first cell.
                let board = &self.rules.board;
                let (nd, table) = (board.ndirs(), board.neighbor_table());
                let ways = &t[Fourth as usize * w..];
                for a in cellset::cells(from) {
                    for d in 0..nd {
                        if cellset::contains(&ways[d * w..(d + 1) * w], a)
                            && !f(Action::far(c, a, table[a * nd + d] as usize))
                        {
                            return;
                        }
                    }
                }
            }
            ChoiceKind::Place { .. }
            | ChoiceKind::Convert(_)
            | ChoiceKind::Remove(_)
            | ChoiceKind::Pick(_)
            | ChoiceKind::Deal { .. }
            | ChoiceKind::Sow { .. }
            | ChoiceKind::Pass
            | ChoiceKind::Swap
            | ChoiceKind::Choose { .. }
            | ChoiceKind::Rotate(_)
            | ChoiceKind::Step { .. }
            | ChoiceKind::Jump { .. } => {}
        }
    }

    /// The moves of a `slide ... along TRACK by N` choice: per piece, one
    /// look-up of its place on the mover's list, then of the cell N places
    /// on, and a check of the cells in between. Not inlined: the other
    /// slides' loops stay as they were (Lines of Action's were 3% slower).
    #[inline(never)]
    fn each_track_move(
        &self,
        c: u16,
        player: Player,
        k: u16,
        by: &Distance,
        t: &[u64],
        f: &mut dyn FnMut(Action) -> bool,
    ) {
        let w = self.words;
        let (from, path, to) = (From.of(t, w), Over.of(t, w), To.of(t, w));
        let track = &self.rules.tracks[k as usize];
        let (cells, place) = (&track.cells[player.index()], &track.place[player.index()]);
        let n = match by {
            Distance::Cells(n) => *n as usize,
            Distance::Number(_) => Fourth.of(t, w)[0] as usize,
            Distance::LineCount(_) => 0,
        };
        if n == 0 {
            return;
        }
        for a in cellset::cells(from) {
            let i = place[a] as usize;
            let Some(&x) = cells.get(i.saturating_add(n)) else {
                continue;
            };
            let x = x as usize;
            if cellset::contains(to, x)
                && cells[i + 1..i + n]
                    .iter()
                    .all(|&y| cellset::contains(path, y as usize))
                && !f(Action::far(c, a, x))
            {
                return;
            }
        }
    }

    /// The moves of a slide along a circuit (`slide ... around CIRCUIT`):
    /// from each place of the piece's cell on the circuit, either way,
    /// over cells of PATH (and its own cell, where the way comes back
    /// through it), to a cell of TO it crosses or the first cell not in
    /// PATH, once `loops` loops are behind it. A cell reached by two ways
    /// is one move. Not inlined, as `each_track_move`.
    #[inline(never)]
    fn each_circuit_move(
        &self,
        c: u16,
        k: u16,
        loops: u8,
        t: &[u64],
        f: &mut dyn FnMut(Action) -> bool,
    ) {
        let w = self.words;
        let (from, path, to) = (From.of(t, w), Over.of(t, w), To.of(t, w));
        let Some(circuit) = &self.rules.tracks[k as usize].circuit else {
            return;
        };
        let mut reached = [0u64; MAX_CELL_WORDS];
        for a in cellset::cells(from) {
            let reached = &mut reached[..w];
            reached.fill(0);
            for &start in &circuit.places[a] {
                for forward in [true, false] {
                    let mut stop = false;
                    circuit.walk(start as usize, forward, |x, passed| {
                        if x == a {
                            return true;
                        }
                        if passed >= loops
                            && cellset::contains(to, x)
                            && !cellset::contains(reached, x)
                        {
                            cellset::insert(reached, x);
                            if !f(Action::far(c, a, x)) {
                                stop = true;
                                return false;
                            }
                        }
                        cellset::contains(path, x)
                    });
                    if stop {
                        return;
                    }
                }
            }
        }
    }

    /// The moves of a `slide ... by` choice: along each axis (a direction
    /// and its opposite) the distance is counted once, then each way it is
    /// one look-up in the ray and a check of the cells crossed.
    #[inline]
    fn each_distance_move(
        &self,
        c: u16,
        player: Player,
        by: &Distance,
        t: &[u64],
        mut f: impl FnMut(Action) -> bool,
    ) {
        let w = self.words;
        let (from, path, to) = (From.of(t, w), Over.of(t, w), To.of(t, w));
        if let ChoiceKind::Slide { along: Some(k), .. } = &self.rules.choices[c as usize].kind {
            return self.each_track_move(c, player, *k, by, t, &mut f);
        }
        // The distance when it is the same for every piece and direction.
        let fixed = match by {
            Distance::Cells(n) => Some(*n as usize),
            Distance::Number(_) => Some(Fourth.of(t, w)[0] as usize),
            Distance::LineCount(_) => None,
        };
        let (mask, _) = self.move_dirs(c, player);
        for a in cellset::cells(from) {
            for &(d, back) in &self.line_tables.dirs {
                if mask & (1 << d | 1 << back) == 0 {
                    continue;
                }
                let n = match fixed {
                    Some(n) => n,
                    None => self.lines.count(a, d, Fourth.of(t, w)),
                };
                // `n` 0 (a number below 1) finds no cell: `wrapping_sub`.
                for e in [d, back] {
                    if mask & 1 << e == 0 {
                        continue;
                    }
                    let ray = self.rays.ray(a, e);
                    let Some(&x) = ray.get(n.wrapping_sub(1)) else {
                        continue;
                    };
                    let x = x as usize;
                    if cellset::contains(to, x)
                        && ray[..n - 1]
                            .iter()
                            .all(|&y| cellset::contains(path, y as usize))
                        && !f(Action::far(c, a, x))
                    {
                        return;
                    }
                }
            }
        }
    }

    /// How many moves a far-moving choice offers.
    #[inline]
    pub(in crate::engine) fn far_moves_count(&self, c: u16, player: Player, t: &[u64]) -> usize {
        let w = self.words;
        if let ChoiceKind::Move { .. } = &self.rules.choices[c as usize].kind {
            // Every piece to every other cell of TO.
            let (from, to) = (From.of(t, w), To.of(t, w));
            return cellset::count(from) * cellset::count(to) - cellset::count_and(from, to);
        }
        if let ChoiceKind::Leap { over: None, .. } = &self.rules.choices[c as usize].kind
            && !self.leaps.of_choice(c, player).masks.is_empty()
        {
            // A leap's targets from a cell are distinct: one AND per word.
            let table = self.leaps.of_choice(c, player);
            let (from, to) = (From.of(t, w), To.of(t, w));
            return cellset::cells(from)
                .map(|a| cellset::count_and(&table.masks[a * w..(a + 1) * w], to))
                .sum();
        }
        if let ChoiceKind::Slide {
            by: None,
            along: None,
            ..
        } = &self.rules.choices[c as usize].kind
            && w == 1
            && self.shortcuts.has(Shortcut::SlidesByFill)
            && let Some(n) = self.slides_by_fill(c, player, t)
        {
            return n;
        }
        if let ChoiceKind::Slide {
            by: Some(Distance::Cells(n)),
            along: None,
            ..
        } = &self.rules.choices[c as usize].kind
            && w == 1
            && self.shortcuts.has(Shortcut::SlidesByFill)
            && let Some(n) = self.slides_by_distance(c, player, *n, t)
        {
            return n;
        }
        let mut n = 0;
        self.each_far_move(c, player, t, |_| {
            n += 1;
            true
        });
        n
    }

    /// How many moves a slide offers on a board of one word, by filling:
    /// along each direction, the cells one step from FROM, then one step
    /// on from those of them in PATH, until nothing is added; each cell of
    /// TO so reached is one move. A target is reached from one piece only
    /// when no piece stands on PATH (the first piece back from it along the
    /// direction is its origin), so the count is exact then; `None`
    /// otherwise, or where a direction is no single shift.
    #[inline(never)]
    fn slides_by_fill(&self, c: u16, player: Player, t: &[u64]) -> Option<usize> {
        let (from, path, to) = (From.word(t), Over.word(t), To.word(t));
        if from & path != 0 {
            return None;
        }
        let board = &self.rules.board;
        let (mask, _) = self.move_dirs(c, player);
        let mut n = 0;
        for d in each_dir(mask) {
            // One step along `d`: the cells whose neighbour the other way
            // is in the set.
            let back = board.opposite(crate::ids::Dir::new(d)).index();
            let one = self.shifts.one_word(back)?;
            let step = |x: u64| crate::engine::tables::shifts::shift_word(x, one);
            let mut reached = step(from);
            loop {
                let more = reached | step(reached & path);
                if more == reached {
                    break;
                }
                reached = more;
            }
            n += (reached & to).count_ones() as usize;
        }
        Some(n)
    }

    /// How many moves a slide by exactly `n` cells offers on a board of
    /// one word: along each direction, FROM moved one cell, kept on PATH,
    /// moved again, `n` times; each cell of TO so reached is one move (the
    /// piece that reaches it is the one `n` cells back). `None` where a
    /// direction is no single shift or has no opposite (the walk skips it).
    #[inline(never)]
    fn slides_by_distance(&self, c: u16, player: Player, n: u32, t: &[u64]) -> Option<usize> {
        if n == 0 {
            // No cell is 0 cells along a ray: the walk finds none either.
            return Some(0);
        }
        let (from, path, to) = (From.word(t), Over.word(t), To.word(t));
        let board = &self.rules.board;
        let (mask, _) = self.move_dirs(c, player);
        let mut total = 0;
        for d in each_dir(mask) {
            let back = board.opposite(crate::ids::Dir::new(d)).index();
            if back == d {
                return None;
            }
            let one = self.shifts.one_word(back)?;
            let step = |x: u64| crate::engine::tables::shifts::shift_word(x, one);
            let mut reached = step(from);
            for _ in 1..n {
                reached = step(reached & path);
            }
            total += (reached & to).count_ones() as usize;
        }
        Some(total)
    }

    /// The `k`-th move of a far-moving choice.
    #[inline]
    pub(in crate::engine) fn nth_far_move(
        &self,
        c: u16,
        player: Player,
        t: &[u64],
        k: usize,
    ) -> Action {
        let (mut i, mut found) = (0, None);
        self.each_far_move(c, player, t, |a| {
            if i == k {
                found = Some(a);
                return false;
            }
            i += 1;
            true
        });
        found.expect("k < offered")
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::same_games::{game, same_games};
    use crate::rules::{ChoiceKind, Step};

    /// The slides counted by filling are the slides walked, at every ply
    /// of random games of the chess variants on boards of one word.
    #[test]
    fn slides_counted_by_filling_are_the_slides_walked() {
        let mut filled = 0;
        for file in ["gardner-chess", "los-alamos-chess", "skirmish", "chess"] {
            let path = format!("games/{file}.gdl");
            let g = game(&std::fs::read_to_string(&path).expect("reads"), &[]);
            same_games(&g, &g, 4, 120, |s, _| {
                let Some(Step::Choose { choices, .. }) = g.current_step(s) else {
                    return;
                };
                for (i, (c, _, _)) in choices.iter().enumerate() {
                    let ChoiceKind::Slide { by: None, .. } = g.rules.choices[*c as usize].kind
                    else {
                        continue;
                    };
                    let t = g.slot(s, i);
                    let mut walked = 0;
                    g.each_far_move(*c, s.mover, t, |_| {
                        walked += 1;
                        true
                    });
                    if let Some(n) = g.slides_by_fill(*c, s.mover, t) {
                        assert_eq!(n, walked, "{file}");
                        filled += 1;
                    }
                }
            });
        }
        assert!(filled > 1000, "{filled} counts by filling");
    }
}
