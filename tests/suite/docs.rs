//! The language reference's examples: every `gdl` block that is a whole
//! game (it has a `game` line and a `turn`) compiles, and plays a few plies.

/// The `gdl` blocks of docs/language.md, with the line each starts on.
fn blocks() -> Vec<(usize, String)> {
    let docs = include_str!("../../docs/language.md");
    let mut out = Vec::new();
    let mut block: Option<(usize, String)> = None;
    for (i, line) in docs.lines().enumerate() {
        match (&mut block, line.trim_end()) {
            (None, "```gdl") => block = Some((i + 2, String::new())),
            (Some(_), "```") => out.extend(block.take()),
            (Some((_, b)), l) => {
                b.push_str(l);
                b.push('\n');
            }
            (None, _) => {}
        }
    }
    out
}

#[test]
fn whole_games_in_the_reference_compile_and_play() {
    let games: Vec<_> = blocks()
        .into_iter()
        .filter(|(_, b)| {
            b.lines().any(|l| l.starts_with("game ")) && b.lines().any(|l| l.starts_with("turn"))
        })
        .collect();
    assert!(games.len() >= 10, "only {} whole games found", games.len());
    for (line, text) in games {
        let name = format!("docs/language.md:{line}");
        let g = gdl::load_source(&text, &name, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        let mut st = g.start();
        let mut list = Vec::new();
        for _ in 0..4 {
            g.legal_actions(&st, &mut list);
            let Some(&a) = list.first() else { break };
            g.play(&mut st, a).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}
