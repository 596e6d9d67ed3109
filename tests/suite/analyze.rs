//! `gdl analyze` and `gdl merge`: the symmetries found on every shipped
//! board (counts worked out by hand), the report's JSON (snapshot), shards
//! merging into the very report of a single run, results independent of the
//! number of threads, and the checks `merge` makes on its shards.

use gdl::ids::Cell;
use std::path::Path;
use std::process::Command;

use gdl::analysis::symmetry::{RowsColumns, Symmetry, symmetries};
use gdl::analysis::{self, Analysis, Settings, Shard, markdown};
use gdl::cancel::Cancel;
use gdl::load;

use crate::common::gdl;
use gdl::engine::{Action, ActionKind, Game};
use serde_json::Value;

fn game(file: &str, options: &[&str]) -> (Game, String) {
    let choices: Vec<_> = options.iter().map(|o| o.parse().expect("option")).collect();
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("games")
        .join(file);
    let game = load(&path, &choices).expect("the game loads");
    let source = std::fs::read_to_string(&path).expect("the file reads");
    (game, source)
}

fn syms(file: &str, options: &[&str]) -> (Game, Vec<Symmetry>) {
    let (g, _) = game(file, options);
    let s = symmetries(&g.rules);
    (g, s)
}

fn names(s: &[Symmetry]) -> Vec<&str> {
    s.iter().map(|s| s.name.as_str()).collect()
}

/// The names of the symmetries that swap the players' regions.
fn swapping(s: &[Symmetry]) -> Vec<&str> {
    s.iter()
        .filter(|s| s.swaps_players())
        .map(|s| s.name.as_str())
        .collect()
}

fn cell(g: &Game, label: &str) -> Cell {
    g.board().cell_by_label(label).expect("a cell")
}

fn image(g: &Game, s: &Symmetry, label: &str) -> String {
    g.board().label(s.cells[cell(g, label).index()]).to_string()
}

const SQUARE: [&str; 8] = [
    "identity",
    "rotation 90°",
    "rotation 180°",
    "rotation 270°",
    "reflection, axis 0°",
    "reflection, axis 45°",
    "reflection, axis 90°",
    "reflection, axis 135°",
];

// Counts include the identity throughout.

#[test]
fn tictactoe_has_the_8_symmetries_of_the_square() {
    let (g, s) = syms("tictactoe.gdl", &[]);
    assert_eq!(names(&s), SQUARE);
    // No regions: every symmetry keeps the players as they are.
    assert!(swapping(&s).is_empty());
    // Rotation by 90° counterclockwise: the bottom-left corner goes to the
    // bottom-right, the top-left to the bottom-left.
    assert_eq!(image(&g, &s[1], "a1"), "c1");
    assert_eq!(image(&g, &s[1], "a3"), "a1");
    assert_eq!(image(&g, &s[2], "a1"), "c3");
    // Reflection in the horizontal axis (0°): top and bottom exchange.
    assert_eq!(image(&g, &s[4], "a1"), "a3");
    assert_eq!(image(&g, &s[4], "b2"), "b2");
    // In the diagonal a1-c3 (45°): a1 stays, c1 and a3 exchange.
    assert_eq!(image(&g, &s[5], "a1"), "a1");
    assert_eq!(image(&g, &s[5], "c1"), "a3");
    for sym in &s {
        assert!(sym.fixed_cells.contains(&cell(&g, "b2")));
        assert!(sym.notes.is_empty(), "{sym:?}");
    }
}

#[test]
fn hex_rhombus_has_a_half_turn_and_two_colour_swapping_diagonal_reflections() {
    let (g, s) = syms("hex.gdl", &[]);
    // The rhombus: its half turn, and its reflections in the long diagonal
    // (a1-k11, drawn at 150°) and in the short one (k1-a11, at 60°).
    assert_eq!(
        names(&s),
        [
            "identity",
            "rotation 180°",
            "reflection, axis 60°",
            "reflection, axis 150°"
        ]
    );
    // The half turn keeps each player's sides (top <-> bottom for black,
    // left <-> right for white); both reflections give black's sides to white.
    assert_eq!(
        swapping(&s),
        ["reflection, axis 60°", "reflection, axis 150°"]
    );
    let half = &s[1];
    assert_eq!(image(&g, half, "a1"), "k11");
    assert_eq!(image(&g, half, "c1"), "i11");
    assert_eq!(image(&g, half, "a4"), "k8");
    assert_eq!(half.fixed_cells, vec![cell(&g, "f6")]);
    // The short diagonal k1-a11 stays; the top row becomes the right column.
    let short = &s[2];
    assert_eq!(image(&g, short, "k1"), "k1");
    assert_eq!(image(&g, short, "a11"), "a11");
    assert_eq!(image(&g, short, "a1"), "k11");
    assert_eq!(image(&g, short, "c1"), "k9");
    assert_eq!(short.fixed_cells.len(), 11);
    // The long diagonal a1-k11 stays; the top row becomes the left column.
    let long = &s[3];
    assert_eq!(image(&g, long, "a1"), "a1");
    assert_eq!(image(&g, long, "k11"), "k11");
    assert_eq!(image(&g, long, "c1"), "a3");
    assert_eq!(long.players, vec![1, 0]);
    // The same shapes on an even board: the half turn then fixes no cell.
    let (_, s4) = syms("hex.gdl", &["size=4"]);
    assert_eq!(s4.len(), 4);
    assert!(s4[1].fixed_cells.is_empty());
}

#[test]
fn pinch_square_quarter_turns_and_diagonal_reflections_swap_the_edges() {
    let (_, s) = syms("pinch.gdl", &[]);
    assert_eq!(names(&s), SQUARE);
    assert_eq!(
        swapping(&s),
        [
            "rotation 90°",
            "rotation 270°",
            "reflection, axis 45°",
            "reflection, axis 135°"
        ]
    );
    // Pinch turns directions by 90°: reflections carry a note about it.
    for sym in &s {
        assert_eq!(sym.reflection, !sym.notes.is_empty(), "{sym:?}");
    }
}

#[test]
fn ecalper_hexhex_has_12_symmetries() {
    let (g, s) = syms("ecalper.gdl", &[]);
    assert_eq!(s.len(), 12);
    assert_eq!(s.iter().filter(|s| s.reflection).count(), 6);
    let turns: Vec<i32> = s.iter().filter(|s| !s.reflection).map(|s| s.turn).collect();
    assert_eq!(turns, [0, 60, 120, 180, 240, 300]);
    assert!(swapping(&s).is_empty());
    // Every rotation turns about the centre cell, g7.
    for sym in s.iter().filter(|s| !s.reflection && s.turn != 0) {
        assert_eq!(sym.fixed_cells, vec![cell(&g, "g7")]);
    }
    // Axes through corners hold 13 cells, axes through sides 7.
    let axis: Vec<usize> = s
        .iter()
        .filter(|s| s.reflection)
        .map(|s| s.fixed_cells.len())
        .collect();
    assert_eq!(axis, [13, 7, 13, 7, 13, 7]);
}

#[test]
fn carteso_square_exchanges_rows_and_columns_in_4_of_its_8() {
    let (_, s) = syms("carteso.gdl", &[]);
    assert_eq!(names(&s), SQUARE);
    let exchanged: Vec<&str> = s
        .iter()
        .filter(|s| s.rows_columns == Some(RowsColumns::Exchanged))
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(
        exchanged,
        [
            "rotation 90°",
            "rotation 270°",
            "reflection, axis 45°",
            "reflection, axis 135°"
        ]
    );
}

#[test]
fn equi_hexagons_and_diamonds() {
    // Sides 4,3,4,3,4,3: a third of a turn, and three reflections through
    // the middles of opposite sides; corners (used by the first placement)
    // map onto corners.
    let (_, s) = syms("equi.gdl", &[]);
    assert_eq!(
        names(&s),
        [
            "identity",
            "rotation 120°",
            "rotation 240°",
            "reflection, axis 30°",
            "reflection, axis 90°",
            "reflection, axis 150°"
        ]
    );
    assert_eq!(syms("equi.gdl", &["board=hex5"]).1.len(), 12);
    // The diamond cut from a square board with diagonal adjacency.
    assert_eq!(names(&syms("equi.gdl", &["board=omni5"]).1), SQUARE);
    assert_eq!(names(&syms("equi.gdl", &["board=square5"]).1), SQUARE);
}

#[test]
fn a_fixed_set_in_the_rules_breaks_the_symmetries_that_move_it() {
    let source = "game Corner
        board square(3) with diagonals
        players x, o
        pieces stone
        turn: place stone at empty except cells(a1)
        end if line(own, 3): mover wins
        end if count(empty) = 1: draw";
    let game =
        gdl::load_source(source, "test.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()));
    let rules = &game.rules;
    // Only the maps that keep a1: the identity and the a1-c3 diagonal.
    assert_eq!(
        names(&symmetries(rules)),
        ["identity", "reflection, axis 45°"]
    );
}

#[test]
fn images_of_placements_and_moves() {
    let (g, s) = syms("tictactoe.gdl", &[]);
    let place = Action {
        choice: 0,
        kind: ActionKind::OnCell(cell(&g, "a1")),
    };
    let img = s[2].image(&g, place).expect("a placement has an image");
    assert_eq!(g.board().label(img.cell().expect("a cell")), "c3");
    assert_eq!(s[1].image(&g, Action::pie()), None);
    // A move: its cells both turn.
    let (g, s) = syms("equi.gdl", &["board=square5"]);
    let step = g
        .rules
        .choices
        .iter()
        .position(|c| c.name == "disc-step")
        .expect("disc-step") as u16;
    let a = Action {
        choice: step,
        kind: ActionKind::Moves {
            from: cell(&g, "a1"),
            to: cell(&g, "a2"),
        },
    };
    // Rotation by 90°: a1 goes to e1, a2 (north of it) to d1 (west of e1).
    let img = s[1].image(&g, a).expect("a move has an image");
    assert_eq!(
        gdl::notation::move_cells(&g, img).map(|(f, t)| (
            g.board().label(f).to_string(),
            g.board().label(t).to_string()
        )),
        Some(("e1".to_string(), "d1".to_string()))
    );
}

#[test]
fn the_mirror_copies_when_it_can() {
    let (g, s) = syms("tictactoe.gdl", &[]);
    // Game 1: the mirror sits second; rotation by 180°.
    let m = analysis::mirror_game(&g, &s[2], 20, 7, 1, &Cancel::never());
    assert_eq!(m.record.p1_seat, 1);
    assert!(m.actions >= 2, "{m:?}");
    assert!(m.mirrored >= 1 && m.mirrored <= m.actions, "{m:?}");
}

fn settings(games: u64, ladder: &[u64], ladder_games: u64, mirror_games: u64) -> Settings {
    Settings {
        seed: 3,
        games,
        ladder: ladder.to_vec(),
        ladder_games,
        mirror_games,
        mirror_budget: Settings::default_mirror_budget(ladder),
        solve_limit: analysis::DEFAULT_SOLVE_LIMIT,
    }
}

fn without_timing(mut v: Value) -> Value {
    v.as_object_mut().expect("an object").remove("timing");
    v
}

/// The Markdown without its machine-dependent last section.
fn markdown_without_timing(report: &Value) -> String {
    let md = markdown::render(report);
    let cut = md.find("## Timing").expect("a timing section");
    md[..cut].to_string()
}

#[test]
fn results_do_not_depend_on_threads() {
    let (g, src) = game("hex.gdl", &["size=4"]);
    let set = settings(40, &[5, 20], 4, 2);
    let one = analysis::analyze(&g, &src, &set, Shard::ALL, 1, false, &Cancel::never())
        .expect("not stopped");
    let two = analysis::analyze(&g, &src, &set, Shard::ALL, 2, false, &Cancel::never())
        .expect("not stopped");
    let three = analysis::analyze(&g, &src, &set, Shard::ALL, 3, false, &Cancel::never())
        .expect("not stopped");
    assert_eq!(one.raw, two.raw);
    assert_eq!(one.raw, three.raw);
    assert_eq!(without_timing(one.report()), without_timing(three.report()));
    // Every section played.
    assert_eq!(one.raw.random.len(), 40);
    assert_eq!(one.raw.ladder.len(), 1);
    assert_eq!(one.raw.top.len(), 4);
    assert_eq!(one.raw.mirror.len(), 3);
    // A different seed, different games.
    let other = analysis::analyze(
        &g,
        &src,
        &Settings { seed: 4, ..set },
        Shard::ALL,
        2,
        false,
        &Cancel::never(),
    )
    .expect("not stopped");
    assert_ne!(one.raw.random, other.raw.random);
}

/// Runs the shards, sends each through JSON text, and merges them.
fn shards(g: &Game, src: &str, set: &Settings, n: u64) -> Vec<(String, Value)> {
    (1..=n)
        .map(|i| {
            let a = analysis::analyze(
                g,
                src,
                set,
                Shard { index: i, count: n },
                2,
                false,
                &Cancel::never(),
            )
            .expect("not stopped");
            let text = serde_json::to_string_pretty(&a.shard_json()).unwrap();
            (
                format!("shard{i}.json"),
                serde_json::from_str(&text).unwrap(),
            )
        })
        .collect()
}

#[test]
fn merged_shards_make_the_report_of_a_single_run() {
    let (g, src) = game("hex.gdl", &["size=4"]);
    let set = settings(31, &[5, 10, 20], 5, 3);
    let whole = analysis::analyze(&g, &src, &set, Shard::ALL, 2, false, &Cancel::never())
        .expect("not stopped");
    let parts = shards(&g, &src, &set, 3);
    // Each shard has its slice: games 0, 3, 6, ... in the first.
    let first = analysis::Raw::from_json(&parts[0].1["raw"]).unwrap();
    let idx: Vec<u64> = first.random.iter().map(|g| g.index).collect();
    assert_eq!(idx[..4], [0, 3, 6, 9]);
    assert_eq!(first.random.len(), 11);
    let merged: Analysis = analysis::merge(&parts).expect("the shards merge");
    assert_eq!(merged.raw, whole.raw);
    let (a, b) = (merged.report(), whole.report());
    assert_eq!(without_timing(a.clone()), without_timing(b.clone()));
    assert_eq!(markdown_without_timing(&a), markdown_without_timing(&b));
    // In any order.
    let mut reversed = parts.clone();
    reversed.reverse();
    assert_eq!(analysis::merge(&reversed).unwrap().raw, whole.raw);
    // The timing of the shards adds up.
    assert_eq!(merged.timing.random_games, 31);
    assert_eq!(merged.timing.threads, vec![2, 2, 2]);
}

fn merge_error(parts: &[(String, Value)]) -> String {
    analysis::merge(parts).expect_err("the merge fails")
}

#[test]
fn merge_refuses_shards_that_do_not_belong_together() {
    let (g, src) = game("tictactoe.gdl", &[]);
    let set = settings(12, &[5, 10], 2, 1);
    let parts = shards(&g, &src, &set, 3);
    // Missing, repeated, from another run, from a different split.
    let e = merge_error(&parts[..2]);
    assert!(e.contains("missing shard 3/3"), "{e}");
    let e = merge_error(&[parts[0].clone(), parts[0].clone(), parts[2].clone()]);
    assert!(e.contains("both shard 1/3"), "{e}");
    let other = shards(
        &g,
        &src,
        &Settings {
            seed: 9,
            ..set.clone()
        },
        3,
    );
    let e = merge_error(&[parts[0].clone(), other[1].clone(), parts[2].clone()]);
    assert!(
        e.contains("not shards of the same run") && e.contains("settings.seed: 3 vs 9"),
        "{e}"
    );
    let halves = shards(&g, &src, &set, 2);
    let e = merge_error(&[parts[0].clone(), halves[1].clone()]);
    assert!(e.contains("all shards must be i/3"), "{e}");
    let (hex, hex_src) = game("hex.gdl", &["size=3"]);
    let e = merge_error(&[
        parts[0].clone(),
        shards(&hex, &hex_src, &set, 3)[1].clone(),
        parts[2].clone(),
    ]);
    assert!(e.contains("game") || e.contains("board"), "{e}");
    // A shard missing a game of its slice, or holding a game of another.
    let mut cut = parts.clone();
    cut[1].1["raw"]["random"].as_array_mut().unwrap().pop();
    let e = merge_error(&cut);
    assert!(e.contains("random games are not those of shard 2/3"), "{e}");
    let mut moved = parts.clone();
    moved[1].1["raw"]["random"][0]["index"] = 0.into();
    assert!(merge_error(&moved).contains("not those of shard 2/3"));
    // Not a shard at all, or a damaged one.
    let report = analysis::analyze(&g, &src, &set, Shard::ALL, 1, false, &Cancel::never())
        .expect("not stopped")
        .report();
    let e = merge_error(&[("report.json".into(), report)]);
    assert!(e.contains("report.json is not a shard"), "{e}");
    let mut bad = parts.clone();
    bad[0].1["raw"]["top"][0]["winner"] = "me".into();
    assert!(merge_error(&bad).contains("bad winner"));
    assert!(merge_error(&[]).contains("no shard"));
}

#[test]
fn shard_and_ladder_arguments() {
    assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
    for bad in ["3/2", "0/2", "1/0", "2", "a/b", "1/2/3", "-1/2", ""] {
        let e = bad.parse::<Shard>().unwrap_err();
        assert!(e.contains("i/n"), "{bad}: {e}");
    }
    assert_eq!(
        analysis::parse_ladder("10,100,1000"),
        Ok(vec![10, 100, 1000])
    );
    assert_eq!(analysis::parse_ladder("7"), Ok(vec![7]));
    for bad in ["100,10", "10,10", "0,5", "1s,10", "", "10,,20"] {
        assert!(analysis::parse_ladder(bad).is_err(), "{bad}");
    }
}

/// The report of a small seeded run through the binary, timing removed and
/// the version and source fingerprint redacted.
#[test]
fn tictactoe_report_json() {
    let out = Command::new(env!("CARGO_BIN_EXE_gdl"))
        .args([
            "analyze",
            "games/tictactoe.gdl",
            "--games",
            "50",
            "--ladder",
            "5,20",
            "--ladder-games",
            "4",
            "--mirror-games",
            "2",
            "--threads",
            "2",
            "--json",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("gdl runs");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let mut v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(v["timing"]["random_games_per_sec"].as_f64().unwrap() > 0.0);
    v = without_timing(v);
    v["gdl_version"] = "[version]".into();
    v["source_fnv1a64"] = "[fingerprint]".into();
    insta::assert_snapshot!(
        "tictactoe_report",
        serde_json::to_string_pretty(&v).unwrap()
    );
}

/// A game whose only action is followed by `depth` nested effect groups.
fn deeply_nested_game(depth: usize) -> std::path::PathBuf {
    let text = format!(
        "game \"Deep\"\nboard square(3) with diagonals\nplayers x, o\npieces stone\n\
         turn: place stone at empty then {}convert enemy{}\n\
         end if line(own, 3): mover wins\nend if count(empty) = 0: draw\n",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    let path = std::env::temp_dir().join(format!("gdl-deep-{}-{depth}.gdl", std::process::id()));
    std::fs::write(&path, text).expect("a temporary file");
    path
}

/// Issue 8: the games of `match` and `analyze` ran on threads with smaller
/// stacks than the main thread's, so a file that `check` and `playout`
/// accept aborted them (even with one thread). Whatever the checker's
/// limits, no command may die of a signal, and a refusal says why.
#[test]
fn deep_nesting_does_not_abort_match_or_analyze() {
    let path = deeply_nested_game(3000);
    let file = path.to_str().expect("a UTF-8 path");
    let checked = gdl(&["check", file]);
    for args in [
        &["playout", file, "-n", "2"][..],
        &[
            "match", file, "--p1", "random", "--p2", "mcts:20", "-n", "2",
        ],
        &[
            "match",
            file,
            "--p1",
            "random",
            "--p2",
            "mcts:20",
            "-n",
            "4",
            "--threads",
            "2",
        ],
        &[
            "analyze",
            file,
            "--games",
            "4",
            "--ladder",
            "5,10",
            "--ladder-games",
            "2",
            "--mirror-games",
            "1",
            "--threads",
            "1",
        ],
    ] {
        // `gdl` fails the test if the process ends by a signal.
        let run = gdl(args);
        if checked.code == 0 {
            assert_eq!(run.code, 0, "{args:?}: {run:?}");
        } else {
            assert!(!run.stderr.is_empty(), "{args:?}: {run:?}");
        }
    }
    let _ = std::fs::remove_file(&path);
}

/// Issue 8: tampered or impossible shards are refused with a message that
/// names the file and the field, never a panic, a hang or a wrong report.
#[test]
fn merge_refuses_impossible_records() {
    let (g, src) = game("tictactoe.gdl", &[]);
    let set = settings(12, &[5, 10], 2, 1);
    let parts = shards(&g, &src, &set, 3);
    assert!(analysis::merge(&parts).is_ok());
    let refused = |change: &dyn Fn(&mut Value), file: usize, field: &str| {
        let mut bad = parts.clone();
        change(&mut bad[file].1);
        let e = merge_error(&bad);
        let name = &parts[file].0;
        assert!(
            e.contains(name.as_str()) && e.contains(field),
            "{field}: {e}"
        );
    };
    // A first random game won by a player, and one drawn or unfinished.
    let random = parts[0].1["raw"]["random"].as_array().unwrap();
    let won = random
        .iter()
        .position(|r| r["result"].is_u64())
        .expect("a won game");
    let ply_limit = parts[0].1["header"]["ply_limit"].as_u64().unwrap();

    // A shard count of 2^62 (a capacity overflow before) or 2^40 (an 8 TB
    // allocation).
    for count in [1u64 << 62, 1 << 40] {
        refused(&|v| v["shard"]["count"] = count.into(), 0, "shard");
    }
    // 10^15 games in every shard's settings (a loop over 10^15 indices).
    let mut huge = parts.clone();
    for p in &mut huge {
        p.1["header"]["settings"]["games"] = 1_000_000_000_000_000u64.into();
    }
    let e = merge_error(&huge);
    assert!(e.contains("shard1.json") && e.contains("games"), "{e}");
    // More images than actions (a panic in the Wilson interval).
    refused(
        &|v| v["raw"]["mirror"][0][0]["mirrored"] = 1000.into(),
        0,
        "mirrored",
    );
    // A seat or a player that does not exist, a winner on a draw.
    refused(
        &|v| v["raw"]["random"][won]["winner_seat"] = 8.into(),
        0,
        "winner_seat",
    );
    refused(
        &|v| v["raw"]["random"][won]["result"] = 7.into(),
        0,
        "result",
    );
    refused(
        &|v| v["raw"]["random"][won]["result"] = "draw".into(),
        0,
        "winner_seat",
    );
    refused(&|v| v["raw"]["top"][0]["result"] = 5.into(), 1, "result");
    // Past the ply limit, a branching count that makes the sums wrap.
    refused(
        &|v| v["raw"]["random"][0]["plies"] = u32::MAX.into(),
        2,
        "plies",
    );
    refused(
        &|v| v["raw"]["random"][0]["plies"] = (ply_limit + 1).into(),
        2,
        "plies",
    );
    refused(
        &|v| v["raw"]["branching"][1] = u64::MAX.into(),
        1,
        "branching",
    );
    // More distinct actions than plies.
    refused(
        &|v| {
            let fake: Vec<Value> = (0..1000).map(|c| serde_json::json!([c, 0])).collect();
            v["raw"]["actions"] = fake.into();
        },
        1,
        "actions",
    );
    // A seed that is not the game's, a seat that is not p1's.
    refused(&|v| v["raw"]["ladder"][0][0]["seed"] = 5.into(), 0, "seed");
    refused(&|v| v["raw"]["top"][0]["p1_seat"] = 2.into(), 0, "p1_seat");
    // Counts in the timing that do not match the records.
    refused(
        &|v| v["timing"]["random_plies"] = u64::MAX.into(),
        1,
        "random_plies",
    );
    // A first action off the board, by a player who does not exist, or
    // half given.
    refused(
        &|v| v["raw"]["random"][0]["first_cell"] = 9.into(),
        0,
        "first_cell",
    );
    refused(
        &|v| v["raw"]["random"][0]["first_player"] = 2.into(),
        0,
        "first_cell",
    );
    refused(
        &|v| v["raw"]["random"][0]["first_player"] = Value::Null,
        0,
        "first_cell",
    );
}

/// The first actions of the random games: every game that acted on a cell
/// counts once, at the cell of its first such action; the heat map shows
/// each played cell with its count, and the start picture the board.
#[test]
fn first_actions_are_counted_and_drawn() {
    let (g, src) = game("ecalper.gdl", &["size=3"]);
    let set = settings(40, &[], 0, 0);
    let r = &analysis::analyze(&g, &src, &set, Shard::ALL, 1, false, &Cancel::never())
        .expect("not stopped")
        .report();
    let section = &r["first_actions"];
    let cells = section["cells"].as_array().expect("cells");
    let total: u64 = cells.iter().map(|c| c["count"].as_u64().unwrap()).sum();
    assert_eq!(total, 40, "every game acts on a cell: {section}");
    assert_eq!(section["games"], 40);
    for c in cells {
        let rate = &c["mover_wins"];
        assert_eq!(rate["of"], c["count"], "{c}");
        assert!(rate["count"].as_u64() <= rate["of"].as_u64(), "{c}");
        assert!(
            g.board()
                .cell_by_label(c["cell"].as_str().unwrap())
                .is_some()
        );
    }
    let map = analysis::svg::first_actions_map(r);
    let doc = roxmltree::Document::parse(&map).expect("the heat map is XML");
    let labels: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("heat"))
        .filter_map(|n| n.text())
        .filter(|t| !t.is_empty())
        .collect();
    // Two lines a cell: the count, then the rate.
    assert_eq!(labels.len(), 2 * cells.len(), "{map}");
    let shown: u64 = labels
        .iter()
        .step_by(2)
        .map(|t| t.parse::<u64>().unwrap())
        .sum();
    assert_eq!(shown, 40);
    let start = analysis::svg::start_picture(r);
    let doc = roxmltree::Document::parse(&start).expect("the start picture is XML");
    let drawn = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .count();
    assert_eq!(drawn, g.board().len());
}

#[test]
fn merge_says_what_is_wrong() {
    let (g, src) = game("tictactoe.gdl", &[]);
    let set = settings(12, &[5, 10], 2, 1);
    let parts = shards(&g, &src, &set, 3);
    // A game of the slice replaced by another: which index, not "(4 games
    // where 4 were expected)".
    let mut moved = parts.clone();
    moved[1].1["raw"]["random"][2]["index"] = 4.into();
    let e = merge_error(&moved);
    assert!(e.contains("index 4 where 7 was expected"), "{e}");
    // Shards of different games: said so, not "different board.edges".
    let (hex, hex_src) = game("hex.gdl", &["size=3"]);
    let other = shards(&hex, &hex_src, &set, 3);
    let e = merge_error(&[parts[0].clone(), other[1].clone(), parts[2].clone()]);
    assert!(e.contains("shards of different games"), "{e}");
    let (hex4, hex4_src) = game("hex.gdl", &["size=4"]);
    let e = merge_error(&[
        other[0].clone(),
        shards(&hex4, &hex4_src, &set, 3)[1].clone(),
        other[2].clone(),
    ]);
    assert!(e.contains("different options"), "{e}");
    // The same game from an edited file.
    let edited = shards(&g, &format!("{src}\n# edited\n"), &set, 3);
    let e = merge_error(&[parts[0].clone(), edited[1].clone(), parts[2].clone()]);
    assert!(e.contains("different files"), "{e}");
}

/// A small tic-tac-toe analysis through the binary, with `extra` arguments.
fn analyze_ttt(extra: &[&str]) -> crate::common::Run {
    let args = [
        &[
            "analyze",
            "games/tictactoe.gdl",
            "--games",
            "20",
            "--ladder",
            "5,10",
            "--ladder-games",
            "2",
            "--mirror-games",
            "1",
            "--threads",
            "2",
        ][..],
        extra,
    ]
    .concat();
    gdl(&args)
}

fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gdl-analyze-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn shard_arguments_say_what_is_wrong() {
    let e = "1/1000001".parse::<Shard>().unwrap_err();
    assert!(e.contains("at most 1000000 shards"), "{e}");
    // Shard 2/3 of 10 games: 1, 4, 7; of 1 game: none.
    let s = Shard { index: 2, count: 3 };
    assert_eq!((s.games_of(10), s.nth(0), s.nth(2)), (3, 1, 7));
    assert_eq!((s.games_of(1), s.games_of(2)), (0, 1));
    let run = analyze_ttt(&["--shard", "25/30"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stderr.contains("30 shards for 20 random games"),
        "{run:?}"
    );
}

#[test]
fn analyze_out_is_checked_before_the_games_and_never_overwritten() {
    // A folder that cannot be created (under a file): refused at once,
    // before 10^6 games.
    let dir = fresh_dir("blocked");
    std::fs::write(&dir, "a file").unwrap();
    let inside = dir.join("report");
    let run = gdl(&[
        "analyze",
        "games/tictactoe.gdl",
        "--games",
        "1000000",
        "--out",
        inside.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 3, "{run:?}");
    assert!(run.stderr.contains("cannot create directory"), "{run:?}");
    let _ = std::fs::remove_file(&dir);

    // A report, then another into the same folder: refused without --force.
    let dir = fresh_dir("again");
    let d = dir.to_str().unwrap();
    assert_eq!(analyze_ttt(&["--out", d]).code, 0);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    // No temporary file left behind.
    assert_eq!(
        names,
        [
            "first-actions.svg",
            "ladder.svg",
            "lengths.svg",
            "mirror.svg",
            "report.json",
            "report.md",
            "start.svg"
        ]
    );
    std::fs::write(dir.join("report.md"), "mine").unwrap();
    let run = analyze_ttt(&["--out", d, "--seed", "2"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stderr.contains("already holds") && run.stderr.contains("--force"),
        "{run:?}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("report.md")).unwrap(),
        "mine"
    );
    let run = analyze_ttt(&["--out", d, "--seed", "2", "--force"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        std::fs::read_to_string(dir.join("report.md"))
            .unwrap()
            .starts_with("# Analysis")
    );
    // The same for a shard, and for merge.
    assert_eq!(analyze_ttt(&["--shard", "1/2", "--out", d]).code, 0);
    let run = analyze_ttt(&["--shard", "1/2", "--out", d]);
    assert!(
        run.code == 2 && run.stderr.contains("shard-1-of-2.json"),
        "{run:?}"
    );
    assert_eq!(analyze_ttt(&["--shard", "2/2", "--out", d]).code, 0);
    let (s1, s2) = (dir.join("shard-1-of-2.json"), dir.join("shard-2-of-2.json"));
    let merge = |extra: &[&str]| {
        let args = [
            &[
                "merge",
                s1.to_str().unwrap(),
                s2.to_str().unwrap(),
                "--out",
                d,
            ][..],
            extra,
        ]
        .concat();
        gdl(&args)
    };
    let run = merge(&[]);
    assert!(run.code == 2 && run.stderr.contains("--force"), "{run:?}");
    assert_eq!(merge(&["--force"]).code, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A shard is written straight from the records (no `Value` in between, for
/// millions of games): the very bytes the `Value` would give.
#[test]
fn shards_are_written_as_their_json_value() {
    let (g, src) = game("tictactoe.gdl", &[]);
    let a = analysis::analyze(
        &g,
        &src,
        &settings(12, &[5, 10], 2, 1),
        Shard { index: 1, count: 2 },
        2,
        false,
        &Cancel::never(),
    )
    .expect("not stopped");
    assert!(!a.raw.mirror.is_empty() && !a.raw.top.is_empty() && !a.raw.ladder[0].is_empty());
    let mut direct = Vec::new();
    a.write_shard(&mut direct).unwrap();
    let via_value = serde_json::to_string_pretty(&a.shard_json()).unwrap() + "\n";
    assert_eq!(String::from_utf8(direct).unwrap(), via_value);
}
