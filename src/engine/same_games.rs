//! For tests of the engine's shortcuts: the same pseudo-random games played
//! on two builds of one game (with a shortcut and without it), which must
//! offer the same actions and reach the same results at every ply.

use super::{Action, Game, Shortcut, State};

/// A game built from source text with options given as (name, value).
pub(super) fn game(source: &str, options: &[(&str, &str)]) -> Game {
    // A shipped game based on another finds it in games/.
    let composed = crate::syntax::compose(source, "games/game.gdl", &crate::load::base_beside)
        .unwrap_or_else(|f| panic!("{}", f.diagnostic));
    let text = composed.as_ref().map_or(source, |c| c.text.as_str());
    let file = crate::syntax::parse(text).expect("parses");
    let options: Vec<_> = options
        .iter()
        .map(|(n, v)| crate::check::OptionChoice {
            name: n.to_string(),
            value: v.to_string(),
        })
        .collect();
    Game::new(crate::check::compile(&file, &options).expect("compiles"))
}

/// Plays `games` games of at most `plies` plies on `g` and `plain` at once,
/// comparing the legal actions and the results at every ply, and calling
/// `each` on every pair of positions before its actions are compared.
pub(super) fn same_games(
    g: &Game,
    plain: &Game,
    games: u64,
    plies: usize,
    mut each: impl FnMut(&mut State, &mut State),
) {
    let (mut a, mut b) = (Vec::<Action>::new(), Vec::<Action>::new());
    for seed in 0..games {
        let (mut s, mut t) = (g.start(), plain.start());
        let mut r = seed;
        for _ in 0..plies {
            each(&mut s, &mut t);
            g.legal_actions(&s, &mut a);
            plain.legal_actions(&t, &mut b);
            assert_eq!(a, b);
            assert_eq!(s.result(), t.result());
            if a.is_empty() {
                break;
            }
            r = super::mix(r.wrapping_add(1));
            let act = a[(r % a.len() as u64) as usize];
            g.play_unchecked(&mut s, act);
            plain.play_unchecked(&mut t, act);
        }
    }
}

/// `g` prepared again with shortcut `s` off (and the others as in `g`).
pub(super) fn without(g: &Game, s: Shortcut) -> Game {
    Game::prepare((*g.rules).clone(), g.shortcuts().without(s))
}
