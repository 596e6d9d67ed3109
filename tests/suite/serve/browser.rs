//! The playground's page in a real browser (headless Chromium through
//! chromedriver): win a game of Tic-tac-toe by clicking, move a pawn of
//! Breakthrough by clicking it and its target, break the rules in the
//! editor and see the error at its line, then fix them and see the board
//! again. Screenshots of the steps are kept in `target/serve-screenshots/`.

use std::path::PathBuf;

use super::client;
use super::webdriver::Browser;
use crate::common::gdl;

/// Where the screenshots go.
fn shots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target folder")
        .join("serve-screenshots");
    std::fs::create_dir_all(&dir).expect("the screenshot folder");
    dir
}

/// A script that is true once the board has `n` cells and the page's
/// status says `text`.
fn board_ready(n: usize, text: &str) -> String {
    format!(
        "return document.querySelectorAll('#board .cell').length === {n} && \
         document.getElementById('status').textContent.includes({text:?});"
    )
}

#[test]
fn the_page_plays_and_edits_the_rules_in_a_browser() {
    let served = client::serve(client::game_copies(
        "serve-browser",
        &["tictactoe.gdl", "breakthrough.gdl"],
    ));
    let shots = shots();
    let Some(b) = Browser::start(1280, 1000) else {
        return;
    };
    b.open(&format!("http://{}/", served.addr));
    b.wait_for("the first game", &board_ready(64, "to move"));

    // Tic-tac-toe: x takes the diagonal.
    b.click("#game option[value='games/tictactoe.gdl']");
    b.wait_for("Tic-tac-toe", &board_ready(9, "x to move"));
    // The rules coloured as editors colour them (the same TextMate grammar):
    // the layer under the editor holds the same text.
    b.wait_for(
        "the rules coloured",
        "const words = c => [...document.querySelectorAll('#editor-colours .tok-' + c)]\
         .map(e => e.textContent).join(' ');\
         return document.getElementById('editor-colours').textContent === \
         document.getElementById('editor').value + '\\n' && \
         words('comment-line').startsWith('# Tic-tac-toe: three in a row') && \
         words('keyword-control') === 'game with players pieces turn place at end if end if draw' && \
         words('support-function') === 'line count' && \
         words('constant-language') === 'empty own mover empty' && \
         words('constant-numeric') === '3 3 0';",
    );
    for (i, cell) in ["b2", "a2", "a1", "c2", "c3"].iter().enumerate() {
        b.click(&format!("#board [data-cell='{cell}']"));
        b.wait_for(
            &format!("{cell} played"),
            &format!(
                "return document.querySelectorAll('#moves li').length === {};",
                i + 1
            ),
        );
    }
    b.wait_for(
        "the win",
        "return document.getElementById('status').textContent === 'Game over: x wins';",
    );
    b.screenshot(&shots.join("1-tictactoe-won.png"));

    // Breakthrough: a pawn, its targets highlighted, then one of them.
    b.click("#game option[value='games/breakthrough.gdl']");
    b.wait_for("Breakthrough", &board_ready(64, "to move"));
    b.click("#board [data-cell='b2']");
    b.wait_for(
        "b2's targets",
        "return ['a3', 'b3', 'c3'].every(c => document.querySelector(`#board [data-cell='${c}']`)\
         .classList.contains('target'));",
    );
    b.screenshot(&shots.join("2-breakthrough-pawn-chosen.png"));
    b.click("#board [data-cell='b3']");
    b.wait_for(
        "b2-b3 played",
        "return document.getElementById('moves').textContent === 'b2-b3';",
    );
    b.screenshot(&shots.join("3-breakthrough-moved.png"));

    // The rules broken at the end of the file: the error at its line, with
    // the message `gdl check` prints.
    let path = served.dir.join("games/breakthrough.gdl");
    let text = std::fs::read_to_string(&path).unwrap();
    let added = "end if nosuchset: draw";
    let line = text.matches('\n').count() + 1;
    let broken = served.dir.join("broken.gdl");
    std::fs::write(&broken, format!("{text}{added}")).unwrap();
    let check = gdl(&["check", broken.to_str().unwrap()]);
    let message = check
        .stderr
        .lines()
        .next()
        .unwrap()
        .trim_start_matches("error: ");
    b.click("#editor");
    b.type_keys("#editor", &format!("\u{E009}\u{E010}\u{E000}{added}"));
    b.wait_for(
        "the error at its line",
        &format!(
            "return [...document.querySelectorAll('#errors li')].some(li => \
             li.textContent.startsWith('games/breakthrough.gdl:{line}:8: ' + {message:?}));"
        ),
    );
    assert_eq!(
        b.script("return document.getElementById('board').classList.contains('stale');"),
        true
    );
    b.wait_for(
        "the typed words coloured",
        "return [...document.querySelectorAll('#editor-colours .tok-keyword-control')]\
         .slice(-3).map(e => e.textContent).join(' ') === 'end if draw';",
    );
    b.screenshot(&shots.join("4-rules-broken.png"));

    // Fixed: the board is back, from the start.
    b.type_keys("#editor", &"\u{E003}".repeat(added.len()));
    b.wait_for(
        "the board again",
        "return document.querySelectorAll('#errors li').length === 0 && \
         !document.getElementById('board').classList.contains('stale') && \
         document.getElementById('rules-state').textContent === 'rules OK' && \
         document.querySelectorAll('#board .cell').length === 64;",
    );
    assert_eq!(
        b.script("return document.getElementById('editor').value;"),
        text.as_str()
    );
    b.screenshot(&shots.join("5-rules-fixed.png"));

    // Edited in the page and on disk at once: Save does not overwrite the
    // other edit, but shows it and asks.
    b.type_keys("#editor", "\u{E009}\u{E010}\u{E000}# mine");
    let theirs = format!("# theirs\n{text}");
    std::fs::write(&path, &theirs).unwrap();
    b.wait_for(
        "the change on disk seen",
        "return document.getElementById('save-state').textContent.includes('changed on disk');",
    );
    b.click("#save");
    b.wait_for(
        "the conflict shown",
        "return !document.getElementById('conflict').hidden && \
         document.getElementById('conflict-text').textContent.startsWith('# theirs');",
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), theirs);
    b.screenshot(&shots.join("6-save-conflict.png"));
    b.click("#conflict-mine");
    b.wait_for(
        "saved over it",
        "return document.getElementById('conflict').hidden && \
         document.getElementById('save-state').textContent.startsWith('saved');",
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        format!("{text}# mine")
    );
}

#[test]
fn agents_undo_hints_and_records_in_a_browser() {
    let served = client::serve(client::game_copies("serve-browser", &["tictactoe.gdl"]));
    let Some(b) = Browser::start(1280, 1000) else {
        return;
    };
    b.open(&format!("http://{}/?game=games/tictactoe.gdl", served.addr));
    b.wait_for("Tic-tac-toe", &board_ready(9, "x to move"));
    let moves = |n: usize| format!("return document.querySelectorAll('#moves li').length === {n};");

    // A random player in seat 2 answers each move; undo takes back both.
    b.click("#seat-2 option[value='random']");
    b.click("#board [data-cell='b2']");
    b.wait_for("the agent's answer", &moves(2));
    b.click("#undo");
    b.wait_for("both moves taken back", &moves(0));
    b.click("#redo");
    b.wait_for("one move again", &moves(1));

    // A click where nothing is legal says why, with the rule's line.
    b.click("#seat-2 option[value='human']");
    b.click("#board [data-cell='b2']");
    b.wait_for(
        "the reason",
        "return document.getElementById('message').textContent.includes(\
         \"(games/tictactoe.gdl:8): b2 is not in `empty`: b2 holds x's stone\");",
    );
    b.click("#hint");
    b.wait_for(
        "a hint",
        "return document.getElementById('message').textContent.startsWith('Hint: MCTS would play ');",
    );

    // An action typed in notation.
    b.type_keys("#notation", "a1\u{E007}");
    b.wait_for("a1 typed", &moves(2));

    // A record opened is replayed one action at a time.
    let record = client::post(
        &served.addr,
        "/api/record",
        &serde_json::json!({ "game": "games/tictactoe.gdl", "moves": ["b2", "a2", "a1", "c2", "c3"] }),
    );
    assert_eq!(record.status, 200, "{}", record.body);
    let path = served.dir.join("won.record");
    std::fs::write(&path, &record.body).unwrap();
    b.type_keys("#open-record", path.to_str().unwrap());
    b.wait_for(
        "the record",
        "return document.getElementById('message').textContent.startsWith('Record opened: 5 actions');",
    );
    b.wait_for("the start", &moves(0));
    for n in 1..=5 {
        b.click("#redo");
        b.wait_for(&format!("action {n}"), &moves(n));
    }
    b.wait_for(
        "the win",
        "return document.getElementById('status').textContent === 'Game over: x wins';",
    );

    // An analysis in the background: its progress, then its report and charts.
    b.click("#analysis summary");
    b.script(
        "document.getElementById('analysis-games').value = '20'; \
         document.getElementById('analysis-search').value = '1'; return true;",
    );
    b.click("#analyze");
    b.wait_for(
        "the analysis",
        "return document.getElementById('analysis-state').textContent.startsWith('done in') && \
         document.querySelectorAll('#analysis-charts svg').length === 5 && \
         document.getElementById('analysis-report').textContent.includes('Tic-tac-toe');",
    );
    b.script("document.getElementById('analysis').scrollIntoView(); return true;");
    b.screenshot(&shots().join("6-analysis.png"));

    // The file edited on disk (in the designer's own editor) is read again.
    let file = served.dir.join("games/tictactoe.gdl");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(
        &file,
        text.replace("\"Tic-tac-toe\"", "\"Noughts and crosses\""),
    )
    .unwrap();
    b.wait_for(
        "the new rules",
        "return document.getElementById('editor').value.includes('Noughts and crosses') && \
         document.querySelector('#board svg title').textContent === 'Noughts and crosses';",
    );
}

#[test]
fn a_game_of_hidden_information_shows_one_players_view_in_a_browser() {
    let served = client::serve(client::game_copies(
        "serve-browser",
        &["phantom-tictactoe.gdl"],
    ));
    let Some(b) = Browser::start(1280, 1000) else {
        return;
    };
    b.open(&format!(
        "http://{}/?game=games/phantom-tictactoe.gdl",
        served.addr
    ));
    let unseen = |n: usize| {
        format!(
            "return !document.getElementById('view-box').hidden && \
             document.querySelectorAll('#board .unseen').length === {n};"
        )
    };
    // x's view to begin with: nothing seen yet.
    b.wait_for("x's view", &unseen(9));
    b.click("#board [data-cell='b2']");
    b.wait_for("x's stone, in x's view", &unseen(8));
    // o's view: x's stone is not there; o tries b2, finds it, tries again.
    b.click("#view option[value='o']");
    b.wait_for("o's view", &unseen(9));
    b.click("#board [data-cell='b2']");
    b.wait_for("x's stone found by o", &unseen(8));
    b.wait_for(
        "o tries again",
        "return document.getElementById('status').textContent === 'o to move (seen by o)';",
    );
    b.screenshot(&shots().join("7-phantom-o-view.png"));
    // Everything: both players' stones, no cell hidden.
    b.click("#view option[value='']");
    b.wait_for(
        "everything",
        &unseen(0).replace("!document.getElementById('view-box').hidden && ", ""),
    );
    assert_eq!(
        b.script("return document.querySelectorAll('#board .piece').length;"),
        serde_json::json!(1)
    );
}

#[test]
fn the_board_drags_flips_steps_with_keys_and_keeps_its_address() {
    let served = client::serve(client::game_copies(
        "serve-browser",
        &["breakthrough.gdl", "tictactoe.gdl"],
    ));
    let Some(b) = Browser::start(1280, 1000) else {
        return;
    };
    b.open(&format!(
        "http://{}/?game=games/breakthrough.gdl",
        served.addr
    ));
    b.wait_for("Breakthrough", &board_ready(64, "white to move"));
    // The status in a player's words; the rules' names only when asked.
    let status =
        |text: &str| format!("return document.getElementById('status').textContent === '{text}';");
    b.wait_for("a player's status", &status("Turn 1: white to move"));
    assert_eq!(
        b.script("return document.getElementById('facts').hidden;"),
        true
    );
    b.click("#internals");
    b.wait_for(
        "the rules' status",
        &status("turn 1, ply 1: white to move (seat 1): step | step"),
    );
    b.click("#internals");
    b.wait_for("a player's status again", &status("Turn 1: white to move"));
    // A pawn dragged from b2 to b3, then black's from g7 to g6.
    let moves = |text: &str| {
        format!(
            "return [...document.querySelectorAll('#moves li')].map(li => li.textContent).join(' ') === '{text}';"
        )
    };
    b.drag("#board [data-cell='b2']", "#board [data-cell='b3']");
    b.wait_for("b2-b3 dragged", &moves("b2-b3"));
    b.drag("#board [data-cell='g7']", "#board [data-cell='g6']");
    b.wait_for("g7-g6 dragged", &moves("b2-b3 g7-g6"));
    // Dropped where no move goes: nothing is played.
    b.drag("#board [data-cell='c2']", "#board [data-cell='c5']");
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(b.script(&moves("b2-b3 g7-g6")), true);
    // Flipped: white's side at the top, its cells' labels upright.
    b.click("#flip");
    b.wait_for(
        "the board flipped",
        "const a1 = document.querySelector(\"#board [data-cell='a1']\").getBoundingClientRect();\
         const a8 = document.querySelector(\"#board [data-cell='a8']\").getBoundingClientRect();\
         const h1 = document.querySelector(\"#board [data-cell='h1']\").getBoundingClientRect();\
         return a1.top < a8.top && a1.left > h1.left;",
    );
    b.screenshot(&shots().join("8-flipped.png"));
    // The address holds it all.
    let url = b.script("return location.href;");
    let url = url.as_str().expect("the address");
    assert!(
        url.contains("game=games%2Fbreakthrough.gdl")
            && url.contains("o=size%3D8")
            && url.contains("m=b2-b3&m=g7-g6")
            && url.contains("flip=1"),
        "{url}"
    );
    // The arrow keys step back and forth through the moves.
    b.key("\u{E012}");
    b.wait_for("one ply back", &moves("b2-b3"));
    b.key("\u{E011}");
    b.wait_for("back to the start", &moves(""));
    b.key("\u{E014}");
    b.wait_for("one ply on", &moves("b2-b3"));
    b.key("\u{E010}");
    b.wait_for("to the end", &moves("b2-b3 g7-g6"));
    // A reload (or the link shared) shows the same position, flipped.
    b.open(url);
    b.wait_for("the same moves after a reload", &moves("b2-b3 g7-g6"));
    assert_eq!(
        b.script("return document.getElementById('board').classList.contains('flipped') && document.getElementById('status').textContent.includes('white to move');"),
        true
    );
    // An address whose moves do not play: the game from its start, and why.
    b.open(&format!(
        "http://{}/?game=games/tictactoe.gdl&m=b2&m=b2",
        served.addr
    ));
    b.wait_for(
        "the refused moves said",
        "return document.querySelectorAll('#moves li').length === 0 && \
         document.querySelectorAll('#board .cell').length === 9 && \
         document.getElementById('message').textContent.includes('b2');",
    );
    // A seat given to an agent is not kept for the next game picked.
    b.click("#seat-2 option[value='random']");
    b.click("#game option[value='games/breakthrough.gdl']");
    b.wait_for("Breakthrough again", &board_ready(64, "white to move"));
    assert_eq!(
        b.script("return document.getElementById('seat-2').value;"),
        "human"
    );
}
