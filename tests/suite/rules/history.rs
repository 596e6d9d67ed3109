//! Position history: `repetitions` (earlier turn starts on this position
//! with the same player to move) and `seen-before` (whoever moved).

use super::*;

fn compile(src: &str) -> Game {
    gdl::load_source(src, "test.gdl", &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

const KINGS: &str = "game R board square(3) players x, o pieces king
     setup: x king at cells(a1), o king at cells(c3)";

#[test]
fn the_third_occurrence_of_a_position_draws() {
    let g = compile(&format!(
        "{KINGS}
         turn: step own to empty
         end if repetitions >= 2: draw"
    ));
    let shuffle = "a1-a2 c3-c2 a2-a1 c2-c3";
    // Back at the start once: not yet.
    assert!(!after(&g, shuffle).is_over());
    let seven = after(&g, &format!("{shuffle} a1-a2 c3-c2 a2-a1"));
    assert!(!seven.is_over());
    let eight = after(&g, &format!("{shuffle} {shuffle}"));
    assert_eq!(winner(&g, &eight).as_deref(), Some("draw"));
    // The same arrangement with the other player to move is another
    // position: after x passes, o is to move on the start's arrangement.
    let g = compile(&format!(
        "{KINGS}
         turn: step own to empty | pass
         end if repetitions >= 1: draw"
    ));
    assert!(!after(&g, "pass").is_over());
    assert_eq!(winner(&g, &after(&g, "pass pass")).as_deref(), Some("draw"));
}

#[test]
fn seen_before_refuses_a_move_that_recreates_an_earlier_position() {
    let g = compile(&format!(
        "{KINGS}
         turn: step own to empty keep if not seen-before"
    ));
    // o going back to c3 would recreate the start position.
    let st = after(&g, "a1-a2 c3-c2 a2-a1");
    assert_eq!(legal(&g, &st), set(&["c2-b2", "c2-c1"]));
    // Without the clause it is allowed.
    let plain = compile(&format!("{KINGS} turn: step own to empty"));
    assert!(legal(&plain, &after(&plain, "a1-a2 c3-c2 a2-a1")).contains("c2-c3"));
}

#[test]
fn a_copied_state_keeps_its_history() {
    let g = compile(&format!(
        "{KINGS}
         turn: step own to empty
         end if repetitions >= 1: draw"
    ));
    let mut st = after(&g, "a1-a2 c3-c2 a2-a1");
    let mut copy = g.start();
    copy.clone_from(&st);
    notation::play_moves(&g, &mut st, "c2-c3").expect("legal");
    notation::play_moves(&g, &mut copy, "c2-c3").expect("legal");
    assert_eq!(winner(&g, &st).as_deref(), Some("draw"));
    assert_eq!(winner(&g, &copy).as_deref(), Some("draw"));
}

#[test]
fn changed_compares_with_the_position_the_turn_began_on() {
    // Two steps a turn; the second may not bring the king back.
    let g = compile(&format!(
        "{KINGS}
         turn: step own to empty, step own to empty keep if changed"
    ));
    let st = after(&g, "a1-a2");
    assert_eq!(legal(&g, &st), set(&["a2-a3", "a2-b2"]));
    // Positions of earlier turns may come back: after x's a1-a2 a2-b2 and
    // o's two steps, x may step back to a2 (not to where its turn began).
    let st = after(&g, "a1-a2 a2-b2 c3-c2 c2-c1 b2-a2");
    assert!(legal(&g, &st).contains("a2-a1"));
    assert!(!legal(&g, &st).contains("a2-b2"));
    // Without the clause the king may come back.
    let plain = compile(&format!(
        "{KINGS} turn: step own to empty, step own to empty"
    ));
    assert!(legal(&plain, &after(&plain, "a1-a2")).contains("a2-a1"));
}
