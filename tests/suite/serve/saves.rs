//! Saving from the playground loses nothing and changes nothing by
//! surprise: concurrent saves of one file never tear it, a save never
//! follows a link planted beside the file, the file keeps its mode and its
//! hard links, a read-only file is refused, and a save over a version it
//! did not start from is refused with the text on disk.

use std::collections::HashSet;
use std::path::Path;

use serde_json::{Value, json};

use super::client::{self, Served, post};

const GAME: &str = "games/tictactoe.gdl";

fn served() -> Served {
    client::serve(client::game_copies("serve-saves", &["tictactoe.gdl"]))
}

/// The hash the server gives the file's text now.
fn disk_hash(s: &Served) -> Value {
    let a = post(&s.addr, "/api/source", &json!({ "game": GAME }));
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()["hash"].clone()
}

/// The text of save `k` of writer `w`: long enough that a torn write
/// would show, and a valid game.
fn text_of(original: &str, w: usize, k: usize) -> String {
    let comment = format!("# writer {w}, save {k}: {}\n", "x".repeat(20_000 + 997 * w));
    format!("{comment}{original}")
}

/// Hidden files beside the game: temporary files left behind.
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir.join("games"))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect()
}

#[test]
fn concurrent_saves_of_one_file_never_tear_it() {
    let s = served();
    let path = s.dir.join(GAME);
    let original = std::fs::read_to_string(&path).unwrap();
    let writers = 6;
    for round in 0..25 {
        let texts: Vec<String> = (0..writers).map(|w| text_of(&original, w, round)).collect();
        let answers: Vec<(usize, client::Answer)> = std::thread::scope(|scope| {
            let handles: Vec<_> = texts
                .iter()
                .enumerate()
                .map(|(w, text)| {
                    let addr = s.addr.clone();
                    scope.spawn(move || {
                        let body = json!({ "game": GAME, "source": text, "base": null });
                        (w, post(&addr, "/api/save", &body))
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let on_disk = std::fs::read_to_string(&path).unwrap();
        assert!(
            texts.contains(&on_disk),
            "round {round}: the file is not one whole save ({} bytes)",
            on_disk.len()
        );
        for (w, a) in answers {
            assert_eq!(a.status, 200, "round {round}, writer {w}: {}", a.body);
            let mine = post(
                &s.addr,
                "/api/game",
                &json!({ "game": GAME, "source": texts[w] }),
            );
            assert_eq!(a.json()["hash"], mine.json()["hash"], "round {round}");
        }
        // The last save answered is the text on disk.
        let now = post(&s.addr, "/api/source", &json!({ "game": GAME })).json();
        assert_eq!(now["source"], on_disk);
    }
    assert_eq!(leftovers(&s.dir), Vec::<String>::new());
}

#[test]
fn saves_from_one_version_are_taken_once_and_the_rest_refused_with_the_disks_text() {
    let s = served();
    let path = s.dir.join(GAME);
    let original = std::fs::read_to_string(&path).unwrap();
    for round in 0..10 {
        let base = disk_hash(&s);
        let texts: Vec<String> = (0..4).map(|w| text_of(&original, w, round)).collect();
        let answers: Vec<client::Answer> = std::thread::scope(|scope| {
            let handles: Vec<_> = texts
                .iter()
                .map(|text| {
                    let (addr, base) = (s.addr.clone(), base.clone());
                    scope.spawn(move || {
                        post(
                            &addr,
                            "/api/save",
                            &json!({ "game": GAME, "source": text, "base": base }),
                        )
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let on_disk = std::fs::read_to_string(&path).unwrap();
        let taken: Vec<&client::Answer> = answers.iter().filter(|a| a.status == 200).collect();
        assert_eq!(taken.len(), 1, "round {round}: {answers:?}");
        for a in answers.iter().filter(|a| a.status != 200) {
            assert_eq!(a.status, 409, "{}", a.body);
            let refused = a.json();
            assert_eq!(refused["source"], on_disk);
            assert!(
                refused["error"]
                    .as_str()
                    .unwrap()
                    .contains("changed on disk"),
                "{}",
                a.body
            );
        }
        assert_eq!(taken[0].json()["hash"], disk_hash(&s));
    }
    // A save that names no version is refused: it would overwrite blindly.
    let a = post(
        &s.addr,
        "/api/save",
        &json!({ "game": GAME, "source": original }),
    );
    assert_eq!(a.status, 400, "{}", a.body);
    assert!(a.json()["error"].as_str().unwrap().contains("`base`"));
    // The page's own file changed under it (another editor): refused, and
    // the file is left as that editor wrote it.
    let base = disk_hash(&s);
    std::fs::write(&path, format!("# edited elsewhere\n{original}")).unwrap();
    let a = post(
        &s.addr,
        "/api/save",
        &json!({ "game": GAME, "source": original, "base": base }),
    );
    assert_eq!(a.status, 409, "{}", a.body);
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .starts_with("# edited elsewhere")
    );
    // Saved again from the version now on disk: taken.
    let a = post(
        &s.addr,
        "/api/save",
        &json!({ "game": GAME, "source": original, "base": a.json()["hash"] }),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), original);
}

#[cfg(unix)]
#[test]
fn a_save_keeps_the_files_mode_and_links_and_never_follows_a_planted_link() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let s = served();
    let path = s.dir.join(GAME);
    let original = std::fs::read_to_string(&path).unwrap();
    let save = |text: &str| {
        post(
            &s.addr,
            "/api/save",
            &json!({ "game": GAME, "source": text, "base": null }),
        )
    };
    // Links at every temporary name an earlier build used, leading out.
    let outside = s.dir.join("outside.txt");
    std::fs::write(&outside, "untouched").unwrap();
    let pid = s.pid();
    for name in [
        format!(".tictactoe.gdl.{pid}.tmp"),
        ".tictactoe.gdl.tmp".to_string(),
    ] {
        std::os::unix::fs::symlink(&outside, s.dir.join("games").join(name)).unwrap();
    }
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    let a = save(&format!("# one\n{original}"));
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "untouched");
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("# one"));
    assert_eq!(std::fs::metadata(&path).unwrap().mode() & 0o777, 0o600);
    // The game is still listed (it did not turn into a link).
    let games = client::request(&s.addr, "GET", "/api/games", &[], b"").json();
    assert_eq!(games["games"][0]["game"], GAME);

    // A hard link elsewhere sees the save: the file is written, not cut.
    let other = s.dir.join("other-name.gdl");
    std::fs::hard_link(&path, &other).unwrap();
    let a = save(&format!("# two\n{original}"));
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(
        std::fs::read_to_string(&other)
            .unwrap()
            .starts_with("# two")
    );
    assert_eq!(std::fs::metadata(&path).unwrap().nlink(), 2);
    std::fs::remove_file(&other).unwrap();

    // A read-only file is refused, and left as it is.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let before = std::fs::read_to_string(&path).unwrap();
    let a = save(&format!("# three\n{original}"));
    assert_eq!(a.status, 403, "{}", a.body);
    assert!(
        a.json()["error"].as_str().unwrap().contains("read-only"),
        "{}",
        a.body
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    assert_eq!(std::fs::metadata(&path).unwrap().mode() & 0o777, 0o444);
    let planted: HashSet<String> = leftovers(&s.dir).into_iter().collect();
    assert_eq!(planted.len(), 2, "only the planted links: {planted:?}");
}
