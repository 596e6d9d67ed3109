use super::*;
use rand::SeedableRng;

fn shipped() -> Vec<(String, Game)> {
    let mut paths: Vec<_> = std::fs::read_dir("games")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "gdl"))
        .collect();
    paths.sort();
    assert!(paths.len() > 30, "the shipped games are found");
    paths
        .into_iter()
        .map(|p| (p.display().to_string(), crate::load(&p, &[]).unwrap()))
        .collect()
}

fn load(text: &str) -> Game {
    crate::load_source(text, "test.gdl", &[]).unwrap()
}

// Along seeded random games of every shipped game: every legal action has
// an id in range, ids are distinct in a position, an id leads back to its
// action, and its description names the action as notation does.
#[test]
fn action_space_ids_of_shipped_games_are_distinct_and_round_trip() {
    for (name, game) in shipped() {
        let space = ActionSpace::new(&game);
        let board = game.board();
        let (mut legal, mut ids) = (Vec::new(), Vec::new());
        for seed in 0..3 {
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let mut st = game.start();
            for _ in 0..150 {
                if st.is_over() {
                    break;
                }
                game.legal_actions(&st, &mut legal);
                space
                    .ids(board, &legal, &mut ids)
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                for (&a, &id) in legal.iter().zip(&ids) {
                    assert!(id < space.size(), "{name}: {a:?} -> {id}");
                    assert_eq!(space.action(&game, &st, id), Some(a), "{name}");
                    let text = crate::notation::format(&game, &legal, a);
                    let described = space.describe(board, id).unwrap();
                    let bare = text.rsplit(':').next().unwrap();
                    assert!(described.ends_with(bare), "{name}: {described} for {text}");
                }
                let a = game.random_action(&st, &mut rng).unwrap();
                game.play(&mut st, a).unwrap();
            }
        }
    }
}

#[test]
fn action_space_ids_are_fixed_by_the_rules() {
    let chess = crate::load("games/chess.gdl".as_ref(), &[]).unwrap();
    let space = ActionSpace::new(&chess);
    let board = chess.board();
    // Far moves in one lane (the castlings go to different cells, the
    // other moves move other kinds), steps in two (the en passant take and
    // the pawn's take share kind and directions, and whether the cell
    // taken on is occupied is not known from the rules), and the four
    // promotions.
    let layouts: Vec<Layout> = space.blocks().iter().map(|b| b.layout).collect();
    assert_eq!(layouts.iter().filter(|l| **l == Layout::Options).count(), 4);
    assert_eq!(layouts.iter().filter(|l| **l == Layout::Moves).count(), 1);
    assert_eq!(layouts.iter().filter(|l| **l == Layout::Steps).count(), 2);
    assert_eq!(space.size(), 4 + 64 * 64 + 2 * 64 * 8);
    // e2-e4 has one id, in whatever position it is legal.
    let mut st = chess.start();
    let mut legal = Vec::new();
    chess.legal_actions(&st, &mut legal);
    let e4 = crate::notation::parse(&chess, &st, &legal, "e2-e4").unwrap();
    let id = space.id(board, e4).unwrap();
    crate::notation::play_moves(&chess, &mut st, "g1-f3 g8-f6").unwrap();
    chess.legal_actions(&st, &mut legal);
    let again = crate::notation::parse(&chess, &st, &legal, "e2-e4").unwrap();
    assert_eq!(space.id(board, again), Some(id));
    assert_eq!(space.describe(board, id).as_deref(), Some("e2-e4"));
    assert_eq!(space.describe(board, space.size()), None);
}

#[test]
fn action_space_gives_clashing_placements_lanes_of_their_own() {
    let game = load(
        "board square(3)\nplayers a, b\npieces x, y\n\
         action px = place x at empty\naction py = place y at empty\n\
         turn: px | py | pass\nend if count(empty) = 0: draw\n",
    );
    let space = ActionSpace::new(&game);
    assert_eq!(space.size(), 9 + 9 + 1);
    let st = game.start();
    let mut legal = Vec::new();
    game.legal_actions(&st, &mut legal);
    let mut ids = Vec::new();
    space.ids(game.board(), &legal, &mut ids).unwrap();
    assert_eq!(legal.len(), 19);
    let described: Vec<String> = ids
        .iter()
        .map(|&i| space.describe(game.board(), i).unwrap())
        .collect();
    assert!(described.contains(&"px:a1".to_string()), "{described:?}");
    assert!(described.contains(&"py:a1".to_string()), "{described:?}");
    assert!(described.contains(&"pass".to_string()), "{described:?}");
}

#[test]
fn action_space_shares_a_lane_between_steps_never_offered_together() {
    // Two turns, each placing a different kind: one lane of cells.
    let game = load(
        "board square(3)\nplayers a, b\npieces x, y\n\
         action px = place x at empty\naction py = place y at empty\n\
         turn: px, py\nend if count(empty) = 0: draw\n",
    );
    let space = ActionSpace::new(&game);
    assert_eq!(space.size(), 9);
}
