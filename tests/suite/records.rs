//! Game records: every shipped game round-trips (a seeded random game
//! written as a record, read back and replayed to the same position and
//! result), and damaged records are refused at the right line.

use std::path::Path;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use crate::common::game;
use gdl::engine::Game;
use gdl::notation;
use gdl::record::{Record, TurnLog, source_hash};
use gdl::show;

/// A seeded random game of `file` as a record, with the source it was
/// played from.
fn recorded(file: &str, options: &[&str], seed: u64) -> (Game, String, Record) {
    let g = game(file, options);
    let source = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
        .expect("the game file");
    let mut st = g.start();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut legal = Vec::new();
    let mut log = TurnLog::default();
    for _ in 0..2000 {
        g.legal_actions(&st, &mut legal);
        let Some(a) = g.random_action(&st, &mut rng) else {
            break;
        };
        log.push(&st, notation::format(&g, &legal, a));
        g.play_unchecked(&mut st, a);
    }
    let record = Record {
        game: g.rules.name.clone(),
        file: file.to_string(),
        source_hash: source_hash(&source),
        options: g
            .rules
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect(),
        seats: g
            .rules
            .players
            .iter()
            .map(|p| format!("{p}=random"))
            .collect(),
        seed,
        position: None,
        turns: log.turns(),
        result: st.result().map(|r| show::result_text(&g, r)),
        lines: Vec::new(),
        keys: Vec::new(),
        tags: Vec::new(),
        comments: Vec::new(),
    };
    (g, source, record)
}

#[test]
fn every_shipped_game_round_trips() {
    // Smaller boards where the defaults make long games.
    let small = [
        ("games/hex.gdl", &["size=5"][..]),
        ("games/pinch.gdl", &["size=5", "capture=remove"][..]),
        ("games/ecalper.gdl", &["size=3"][..]),
        ("games/carteso.gdl", &["size=4", "komi=0.5,1.5"][..]),
        ("games/equi.gdl", &["board=square5"][..]),
    ];
    let files = crate::common::shipped_games();
    assert!(files.len() >= 20, "{files:?}");
    for file in &files {
        let file = file.as_str();
        let options = small
            .iter()
            .find(|(f, _)| *f == file)
            .map_or(&[][..], |(_, o)| *o);
        let (g, source, record) = recorded(file, options, 3);
        let text = record.render();
        let read = Record::parse(&text).unwrap_or_else(|e| panic!("{file}: {e}\n{text}"));
        assert_eq!(read.turns, record.turns, "{file}");
        assert_eq!(read.result, record.result, "{file}");
        let (st, played) = read
            .replay(&g, &source, None)
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let actions: usize = record.turns.iter().map(Vec::len).sum();
        assert_eq!(played.len(), actions, "{file}");
        assert_eq!(
            st.result().map(|r| show::result_text(&g, r)),
            record.result,
            "{file}"
        );
        // A turn of several actions is one line (Ecalper's, Equi's).
        if file.contains("ecalper") {
            assert!(record.turns.iter().any(|t| t.len() == 3), "{file}: {text}");
        }
        // An earlier ply.
        let (early, _) = read.replay(&g, &source, Some(2)).expect("two plies");
        assert_eq!(early.ply, 2, "{file}");
    }
}

/// The line where `damage` makes the record fail, and the message.
fn refused(damage: impl Fn(&str) -> String) -> (usize, String) {
    let (g, source, record) = recorded("games/tictactoe.gdl", &[], 5);
    let text = damage(&record.render());
    let e = Record::parse(&text)
        .and_then(|r| r.replay(&g, &source, None).map(drop))
        .expect_err(&text);
    (e.line, e.message)
}

#[test]
fn damaged_records_are_refused_at_their_line() {
    // An illegal action (the first turn's cell again on turn 2).
    let (line, msg) = refused(|t| {
        let first = t.lines().find(|l| l.starts_with("turn 1:")).unwrap()[8..].to_string();
        let second = t
            .lines()
            .find(|l| l.starts_with("turn 2:"))
            .unwrap()
            .to_string();
        t.replace(&second, &format!("turn 2: {first}"))
    });
    assert_eq!(line, 9, "{msg}");
    assert!(msg.contains("turn 2"), "{msg}");
    // Cut off in the header.
    let (line, msg) = refused(|t| t.lines().take(3).collect::<Vec<_>>().join("\n"));
    assert!(msg.contains("truncated") && line == 3, "{line}: {msg}");
    // Another version of the file.
    let (line, msg) = refused(|t| {
        let source = t
            .lines()
            .find(|l| l.starts_with("source:"))
            .unwrap()
            .to_string();
        t.replace(&source, "source: fnv1a64:0000000000000000")
    });
    assert!(line == 4 && msg.contains("has changed"), "{line}: {msg}");
    // A turn missing, a line after the result, a wrong result.
    let (line, msg) = refused(|t| {
        let second = t
            .lines()
            .find(|l| l.starts_with("turn 2:"))
            .unwrap()
            .to_string();
        t.replace(&format!("{second}\n"), "")
    });
    assert!(
        line == 9 && msg.contains("expected turn 2"),
        "{line}: {msg}"
    );
    let (line, msg) = refused(|t| format!("{t}turn 99: a1\n"));
    assert!(msg.contains("follow the result"), "{line}: {msg}");
    let (_, msg) = refused(|t| {
        let result = t.lines().last().unwrap().to_string();
        t.replace(&result, "result: draw")
    });
    assert!(msg.contains("the record says `draw`"), "{msg}");
    let (line, msg) = refused(|_| "hello".into());
    assert!(line == 1 && msg.contains("not a gdl record"), "{msg}");
}

#[test]
fn every_shipped_game_round_trips_in_joined_turns() {
    // A random game, each turn written as one word (`d4/e5/f6`) and read
    // back from the start: the same position after every turn.
    let files = crate::common::shipped_games();
    assert!(files.len() >= 6, "{files:?}");
    for file in files {
        let g = game(&file, &[]);
        for seed in 1..=4 {
            let game_played = gdl::run::playout(&g, &g.start(), seed, true);
            let mut st = g.start();
            let mut turn_start = st.clone();
            // Each turn's word and the position after it.
            let mut words = Vec::new();
            let mut hashes = Vec::new();
            let mut turn = Vec::new();
            for &a in &game_played.actions {
                let before = st.turn;
                turn.push(a);
                g.play_unchecked(&mut st, a);
                if st.is_over() || st.turn != before {
                    words.push(notation::format_turn(&g, &turn_start, &turn));
                    hashes.push(st.hash());
                    turn.clear();
                    turn_start.clone_from(&st);
                }
            }
            let several = words
                .iter()
                .any(|w| w.contains('/') || w.matches('-').count() > 1);
            let mut read = g.start();
            for (word, hash) in words.iter().zip(&hashes) {
                notation::play_moves(&g, &mut read, word)
                    .unwrap_or_else(|e| panic!("{file} seed {seed}: {e}"));
                assert_eq!(read.hash(), *hash, "{file} seed {seed}: after `{word}`");
            }
            assert_eq!(read.result(), st.result(), "{file} seed {seed}");
            if file.contains("ecalper") {
                assert!(several, "{file}: {words:?}");
            }
        }
    }
}

#[test]
fn a_record_may_join_each_turn_into_one_word() {
    let (g, source, record) = recorded("games/ecalper.gdl", &["size=3"], 4);
    let (want, _) = record.replay(&g, &source, None).expect("replays");
    let joined = Record {
        turns: record.turns.iter().map(|t| vec![t.join("/")]).collect(),
        ..record.clone()
    };
    let read = Record::parse(&joined.render()).expect("parses");
    assert!(read.turns[0][0].contains('/'), "{:?}", read.turns);
    let (st, played) = read.replay(&g, &source, None).expect("replays joined");
    assert_eq!(st.hash(), want.hash());
    assert_eq!(
        played.len(),
        record.turns.iter().map(Vec::len).sum::<usize>()
    );
    // Stopping inside a joined turn.
    let (early, played) = read.replay(&g, &source, Some(2)).expect("two plies");
    assert_eq!((early.ply, played.len()), (2, 2));
    // A word that runs into the next turn is refused at its line.
    let mut crossing = read.clone();
    let next = crossing.turns[1][0].split('/').next().unwrap().to_string();
    crossing.turns[0][0] = format!("{}/{next}", crossing.turns[0][0]);
    crossing.lines = Vec::new();
    let e = crossing
        .replay(&g, &source, None)
        .expect_err("crosses a turn");
    assert_eq!(e.line, 8, "{e}");
    assert!(e.message.contains("the turn ends after"), "{e}");
    crossing.turns[0][0] = format!("{}//", read.turns[0][0]);
    let e = crossing
        .replay(&g, &source, None)
        .expect_err("an empty part");
    assert!(e.message.contains("has an empty action"), "{e}");
}

/// `gdl match --record DIR`: one record per game, each replayed by
/// `gdl replay` to the result the match found.
#[test]
fn match_records_round_trip_through_replay() {
    use crate::common::gdl;
    for (file, options, p2) in [
        ("games/tictactoe.gdl", "", "random"),
        ("games/hex.gdl", "size=4", "mcts:20"),
        ("games/draughts.gdl", "", "random"),
    ] {
        let dir = std::env::temp_dir().join(format!(
            "gdl-match-record-{}-{}",
            std::process::id(),
            file.replace('/', "-")
        ));
        let _ = std::fs::remove_dir_all(&dir);
        let dir_text = dir.display().to_string();
        let mut args = vec![
            "match", file, "--p1", "random", "--p2", p2, "-n", "3", "--json",
        ];
        if !options.is_empty() {
            args.extend(["-o", options]);
        }
        args.extend(["--record", &dir_text]);
        let r = gdl(&args);
        assert_eq!(r.code, 0, "{r:?}");
        let doc: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
        let games = doc["games"].as_array().expect("games");
        assert_eq!(games.len(), 3);
        for (i, g) in games.iter().enumerate() {
            let path = dir.join(format!("game-{}.record", i + 1));
            let text = std::fs::read_to_string(&path).expect("a record per game");
            let record = Record::parse(&text).expect("parses");
            assert_eq!(record.seed, g["seed"].as_u64().unwrap(), "{text}");
            let plies: usize = record.turns.iter().map(Vec::len).sum();
            assert_eq!(plies as u64, g["plies"].as_u64().unwrap(), "{text}");
            let r = gdl(&["replay", &path.display().to_string()]);
            assert_eq!(r.code, 0, "{file} game {i}: {r:?}\n{text}");
            let said = record.result.clone().expect("a finished game");
            let winner = g["result"].as_str().unwrap();
            assert!(said.starts_with(winner), "{said} vs {winner}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn match_record_into_an_unwritable_folder_is_refused() {
    let r = crate::common::gdl(&[
        "match",
        "games/tictactoe.gdl",
        "--p1",
        "random",
        "--p2",
        "random",
        "-n",
        "1",
        "--record",
        "Cargo.toml/records",
    ]);
    assert_eq!(r.code, 3, "{r:?}");
    assert!(
        r.stderr
            .starts_with("error: cannot make the record folder Cargo.toml/records:"),
        "{r:?}"
    );
}

/// `gdl replay --as PLAYER`: a record of a game with hidden information
/// replayed as each player saw it, at a ply and at the end.
#[test]
fn a_record_replays_as_one_player_saw_it() {
    use crate::common::gdl;
    let (_, _, record) = recorded("games/phantom-tictactoe.gdl", &[], 5);
    let path = std::env::temp_dir().join(format!("gdl-view-{}.record", std::process::id()));
    std::fs::write(&path, record.render()).unwrap();
    let p = path.display().to_string();
    let whole = gdl(&["replay", &p]);
    assert_eq!(whole.code, 0, "{whole:?}");
    assert!(!whole.stdout.contains('?'), "{}", whole.stdout);
    let x = gdl(&["replay", &p, "--ply", "1", "--as", "x"]);
    assert_eq!(x.code, 0, "{x:?}");
    assert!(x.stdout.contains("seen by x"), "{}", x.stdout);
    // After x's first stone, x sees one cell and o none.
    assert_eq!(x.stdout.matches('?').count(), 8 + 1, "{}", x.stdout);
    let o = gdl(&["replay", &p, "--ply", "1", "--as", "2"]);
    assert!(o.stdout.contains("seen by o"), "{}", o.stdout);
    assert_eq!(o.stdout.matches('?').count(), 9 + 1, "{}", o.stdout);
    let svg = gdl(&["replay", &p, "--ply", "1", "--as", "o", "--svg"]);
    assert_eq!(
        svg.stdout.matches("class=\"unseen\"").count(),
        9,
        "{}",
        svg.stdout
    );
    let bad = gdl(&["replay", &p, "--as", "z"]);
    assert_ne!(bad.code, 0);
    assert!(bad.stderr.contains("--as z: not a player"), "{bad:?}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn draughts_games_round_trip_through_pdn() {
    for (file, seed) in [
        ("games/international-draughts.gdl", 3),
        ("games/draughts.gdl", 4),
        ("games/canadian-draughts.gdl", 5),
    ] {
        let (g, source, record) = recorded(file, &[], seed);
        let text = gdl::pdn::write(&g, &source, &record).expect("written");
        let back = gdl::pdn::read(&g, file, &source, &text).expect("read back");
        let replay = |r: &Record| r.replay(&g, &source, None).expect("replays").0;
        assert_eq!(replay(&back).hash(), replay(&record).hash(), "{file}");
        assert_eq!(back.result, record.result, "{file}: {text}");
        // Numbered squares, and captures with `x`.
        let moves = text.split("\n\n").nth(1).expect("moves");
        assert!(
            moves.starts_with("1. ") && moves.contains('x'),
            "{file}: {moves}"
        );
        assert!(
            !moves.chars().any(|c| c.is_alphabetic() && c != 'x'),
            "{file}: {moves}"
        );
    }
}

#[test]
fn a_pdn_fen_sets_up_men_and_kings() {
    let file = "games/international-draughts.gdl";
    let g = game(file, &[]);
    let source = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
        .expect("the game file");
    // White's king on 28 takes the man on 23 and goes on to 19 or 14.
    let text = "[FEN \"W:WK28,46-50:B23,1\"]\n\n1. 28x14 *\n";
    let record = gdl::pdn::read(&g, file, &source, text).expect("read");
    let (st, _) = record.replay(&g, &source, None).expect("replays");
    let written = gdl::pdn::write(&g, &source, &record).expect("written");
    // The position it started from, written back.
    assert!(
        written.contains("[FEN \"W:WK28,46,47,48,49,50:B1,23\"]"),
        "{written}"
    );
    assert_eq!(st.ply, 1, "{written}");
    // The king on 14, the man taken.
    let square = |k: usize| g.piece_at(&st, notation::pdn_cells(&g)[k - 1]);
    let king = square(14).expect("a piece on 14");
    assert_eq!(g.rules.pieces[king.kind.index()], "king");
    assert!(square(23).is_none() && square(28).is_none());
    let bad = gdl::pdn::read(&g, file, &source, "[FEN \"W:WK28:B0\"]\n\n*\n").unwrap_err();
    assert!(bad.to_string().contains("`0` is no square"), "{bad}");
}
