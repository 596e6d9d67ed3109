//! Hostile input (issue 25): game files whose board uses itself, records,
//! rule tests, snapshots and shards that are damaged, endless or tampered
//! with, outputs that would overwrite work, and counts that could grow
//! without bound. Each must end in a clear message naming the file (and
//! line), with the documented exit code, never a panic, a hang or a check
//! that passes wrongly.

use std::path::{Path, PathBuf};

use crate::common::gdl;

/// A fresh folder for one test's files, removed first if a previous run
/// left it.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gdl-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

fn text(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

// ---------------------------------------------------------------- boards

#[test]
fn a_board_that_uses_itself_is_refused_at_its_place() {
    let dir = scratch("board");
    let game = dir.join("b.gdl");
    for (board, col) in [
        ("square(corners)", 14),
        ("square(row(1))", 14),
        ("square(dark)", 14),
        ("square(cells(a1))", 14),
        ("square(count(box(corners)))", 14),
        ("square(3, count(top))", 17),
        ("square(3) if count(corners) = 4", 20),
        ("square(3) if top", 20),
        ("hexhex(2) if some d: own at d", 20),
    ] {
        std::fs::write(
            &game,
            format!(
                "game b\nboard {board}\nplayers x, o\npieces stone\nturn: place stone at empty\n"
            ),
        )
        .expect("written");
        let r = gdl(&["check", text(&game)]);
        assert_eq!(r.code, 1, "board {board}: {r:?}");
        let place = format!("{}:2:{col}", game.display());
        assert!(
            r.stderr.contains(&place),
            "board {board}: no {place}: {r:?}"
        );
        assert!(
            r.stderr.contains("cannot use the board") || r.stderr.contains("only use options"),
            "board {board}: {r:?}"
        );
    }
}

// ---------------------------------------------------------------- reading

/// Copies a shipped game with its `.tests` and `.snapshot` into `dir`.
fn copy_game(dir: &Path, name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    for ext in ["gdl", "tests", "snapshot"] {
        let from = root.join(format!("{name}.{ext}"));
        if from.exists() {
            std::fs::copy(&from, dir.join(format!("{name}.{ext}"))).expect("copied");
        }
    }
    dir.join(format!("{name}.gdl"))
}

#[test]
fn endless_inputs_stop_at_their_cap() {
    if !Path::new("/dev/zero").exists() {
        return;
    }
    let dir = scratch("endless");
    let game = copy_game(&dir, "tictactoe");
    for (args, cap, code) in [
        (vec!["replay", "/dev/zero"], "16 MiB, the most a record", 2),
        (
            vec!["play", text(&game), "--resume", "/dev/zero"],
            "16 MiB, the most a record",
            2,
        ),
        (vec!["check", "/dev/zero"], "1 MiB, the most a game file", 3),
    ] {
        let r = gdl(&args);
        assert_eq!(r.code, code, "{args:?}: {r:?}");
        assert!(
            r.stderr
                .starts_with("error: cannot read /dev/zero: the file is larger than")
                && r.stderr.contains(cap),
            "{args:?}: {r:?}"
        );
    }
    // A shard is parsed as it is read: the device's first byte is refused.
    let r = gdl(&["merge", "/dev/zero"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.stderr.starts_with("error: /dev/zero is not valid JSON"),
        "{r:?}"
    );
    // A pipe that never ends: `yes | gdl replay /dev/stdin`.
    let endless = vec![b'y'; (16 << 20) + 4096];
    let r = crate::common::gdl_with_bytes(&["replay", "/dev/stdin"], &endless);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("larger than 16 MiB"), "{r:?}");
    // A test-case file that is a link to the device.
    #[cfg(unix)]
    {
        let tests = dir.join("tictactoe.tests");
        std::fs::remove_file(&tests).expect("removed");
        std::os::unix::fs::symlink("/dev/zero", &tests).expect("linked");
        let r = gdl(&["test", text(&game)]);
        assert_eq!(r.code, 1, "{r:?}");
        assert!(
            r.stdout.contains("FAILED") && r.stdout.contains("larger than 16 MiB"),
            "{r:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_snapshot_that_cannot_be_read_fails_instead_of_counting_as_missing() {
    let dir = scratch("snapshot");
    let game = copy_game(&dir, "tictactoe");
    let snapshot = dir.join("tictactoe.snapshot");
    let stored = std::fs::read(&snapshot).expect("the snapshot");
    let mut damaged = stored.clone();
    damaged.insert(30, 0xff);
    type Make<'a> = Box<dyn Fn() + 'a>;
    let mut cases: Vec<(&str, Make)> = vec![
        (
            "not UTF-8",
            Box::new(|| std::fs::write(&snapshot, &damaged).expect("written")),
        ),
        (
            "a folder",
            Box::new(|| std::fs::create_dir(&snapshot).expect("a folder")),
        ),
    ];
    #[cfg(unix)]
    cases.push((
        "a link to nothing",
        Box::new(|| {
            std::os::unix::fs::symlink(dir.join("gone.snapshot"), &snapshot).expect("linked")
        }),
    ));
    for (what, make) in cases {
        let _ = std::fs::remove_file(&snapshot);
        let _ = std::fs::remove_dir(&snapshot);
        make();
        let r = gdl(&["test", text(&game)]);
        assert_eq!(r.code, 1, "{what}: {r:?}");
        assert!(
            r.stdout.contains("FAILED  ") && r.stdout.contains("cannot read"),
            "{what}: {r:?}"
        );
        assert!(!r.stdout.contains("pending"), "{what}: {r:?}");
    }
    let _ = std::fs::remove_file(&snapshot);
    let _ = std::fs::remove_dir(&snapshot);
    // A byte-order mark before the stored text is accepted.
    std::fs::write(&snapshot, [&b"\xef\xbb\xbf"[..], &stored].concat()).expect("written");
    let r = gdl(&["test", text(&game)]);
    assert_eq!(r.code, 0, "{r:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_byte_order_mark_is_accepted_in_every_input() {
    let dir = scratch("bom");
    let game = copy_game(&dir, "tictactoe");
    let bom = |p: &Path| {
        let text = std::fs::read(p).expect("read");
        std::fs::write(p, [&b"\xef\xbb\xbf"[..], &text].concat()).expect("written");
    };
    bom(&game);
    bom(&dir.join("tictactoe.tests"));
    let r = gdl(&["check", text(&game)]);
    assert_eq!(r.code, 0, "{r:?}");
    // The snapshot's hash and text are of the game without its mark.
    let r = gdl(&["test", text(&game)]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("0 failed"), "{r:?}");
    let record = dir.join("game.record");
    let r = gdl(&[
        "play",
        text(&game),
        "--x",
        "random",
        "--record",
        text(&record),
    ]);
    assert_eq!(r.code, 0, "{r:?}");
    bom(&record);
    let r = gdl(&["replay", text(&record)]);
    assert_eq!(r.code, 0, "{r:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
