//! Any text as a game file: parsing and checking may refuse it, never panic;
//! a game that compiles is played for a few random plies.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rand::SeedableRng;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = gdl::load_source(source, "fuzz.gdl", &[]) else {
        return;
    };
    let mut st = game.start();
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(1);
    for _ in 0..100 {
        match game.random_action(&st, &mut rng) {
            Some(a) => game.play_unchecked(&mut st, a),
            None => break,
        }
    }
});
