//! Syntax errors for people: what was expected, in words, and the keyword a
//! misspelt word was probably meant as.

use super::{Rule, too_deep};
use crate::diagnostic::{Diagnostic, Span};

/// The reserved words: the grammar's `keyword` rule, which no name may be
/// (a test keeps the two the same).
pub const KEYWORDS: &[&str] = &[
    "game",
    "option",
    "players",
    "pieces",
    "piece",
    "marks",
    "mark",
    "region",
    "define",
    "action",
    "turn",
    "end",
    "if",
    "else",
    "then",
    "at",
    "where",
    "and",
    "or",
    "not",
    "except",
    "some",
    "every",
    "marking",
    "keep",
    "place",
    "convert",
    "remove",
    "pass",
    "repeat",
    "clear",
    "unmark",
    "with",
    "without",
    "link",
    "most",
    "least",
    "draw",
    "choose",
    "from",
    "each",
    "effect",
    "variables",
    "variable",
    "step",
    "jump",
    "over",
    "to",
    "make",
    "into",
    "set",
    "while",
    "setup",
    "slide",
    "leap",
    "move",
    "reserve",
    "hop",
];

/// The grammar's other words: they are not reserved, so they may be names
/// too (`swap`, `board`). With [`KEYWORDS`], every word of the grammar (a
/// test checks it); a misspelling may be meant as any of them.
pub const OTHER_WORDS: &[&str] = &[
    "board",
    "based",
    "on",
    "try",
    "among",
    "down",
    "omit",
    "first",
    "last",
    "actions",
    "swap",
    "again",
    "wins",
    "loses",
    "diagonals",
    "neutral",
    "list",
    "group",
    "times",
    "in",
    "x",
    "toward",
    "roll",
    "pick",
    "deal",
    "chance",
    "view",
    "rotate",
    "by",
    "counters",
    "stacks",
    "lines",
    "ring",
    "track",
    "circuit",
    "loop",
    "around",
    "sow",
    "shift",
    "up",
    "along",
    "skipping",
    "take",
    "position",
    "text",
    "mover",
    "flags",
    "cell",
    "number",
    "moves",
    "turns",
    "captures",
    "hands",
    "pocket",
    "hand",
    "as",
    "picture",
    "notation",
    "checkered",
    "discs",
    "check",
    "owners",
    "cells",
    "staying",
];

/// Every word of the grammar, for "did you mean".
fn words() -> impl Iterator<Item = &'static str> {
    KEYWORDS.iter().chain(OTHER_WORDS).copied()
}

/// The word (letters, digits, `-`, `_`) that covers byte `pos`, if any.
/// `pos` must be a character boundary; the text around it may be any UTF-8.
fn word_at(source: &str, pos: usize) -> Option<(usize, usize)> {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let start = source[..pos]
        .char_indices()
        .rev()
        .find(|&(_, c)| !is_word(c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let end = source[pos..]
        .find(|c: char| !is_word(c))
        .map_or(source.len(), |i| pos + i);
    (end > start).then_some((start, end))
}

/// The word just before byte `pos`, skipping white space.
fn word_before(source: &str, pos: usize) -> Option<(usize, usize)> {
    let trimmed = source[..pos].trim_end();
    // The start of the last character, which may take several bytes.
    let (last, _) = trimmed.char_indices().next_back()?;
    word_at(source, last)
}

pub(super) fn syntax_error(source: &str, error: pest::error::Error<Rule>) -> Diagnostic {
    let pos = match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    // pest guards its own stack: deep nesting fails with "stack limit reached".
    if let pest::error::ErrorVariant::CustomError { message } = &error.variant
        && message.contains("limit reached")
    {
        return too_deep(pos);
    }
    // A string that runs to the end of its line.
    if source[pos..].starts_with('"') {
        let line_end = source[pos + 1..]
            .find('\n')
            .map_or(source.len(), |i| pos + 1 + i);
        if !source[pos + 1..line_end].contains('"') {
            return Diagnostic::at(Span::new(pos, line_end), "this string is never closed")
                .with_help("end it with `\"` on the same line");
        }
    }
    let mut wanted: Vec<String> = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => positives
            .iter()
            .filter_map(|r| describe(*r))
            .map(str::to_string)
            .collect(),
        pest::error::ErrorVariant::CustomError { message } => vec![message.clone()],
    };
    if let Some(attempts) = error.parse_attempts() {
        for token in attempts.expected_tokens() {
            // Separators only: words and operators are covered by the rule
            // names above ("an operator", "a comparison").
            let token = token.to_string();
            if matches!(token.as_str(), ":" | "," | "(" | ")" | "|" | "=" | "..") {
                wanted.push(format!("`{token}`"));
            }
        }
    }
    if wanted.iter().any(|w| w == "a comparison") {
        wanted.retain(|w| w != "`=`");
    }
    wanted.sort();
    wanted.dedup();
    let message = match wanted.len() {
        0 => "syntax error".to_string(),
        1 => format!("syntax error: expected {}", wanted[0]),
        _ => {
            let last = wanted.pop().unwrap_or_default();
            format!("syntax error: expected {} or {}", wanted.join(", "), last)
        }
    };
    // `where` binds loosest, so inside an action's sets (`leap own (1, 2)
    // to empty where C`) it ends the set before it: parentheses fix it.
    if let Some((start, end)) = word_at(source, pos)
        && start == pos
        && &source[start..end] == "where"
    {
        return Diagnostic::at(Span::new(start, end), message).with_help(
            "a set with `where` inside an action (the pieces that move, the cells they reach) \
             needs parentheses round it: `to (empty where C)`, `leap (own and knight where C) (1, 2)`",
        );
    }
    // A keyword where a name should be (`marks from, landed`).
    if wanted.iter().any(|w| w == "a name")
        && let Some((start, end)) = word_at(source, pos)
        && start == pos
        && KEYWORDS.contains(&&source[start..end])
    {
        let word = &source[start..end];
        return Diagnostic::at(Span::new(start, end), message).with_help(format!(
            "`{word}` is a keyword of the language, so it cannot be a name: pick another"
        ));
    }
    // A misspelt keyword: at the error, or just before it (`plase stone`).
    for (start, end) in [word_at(source, pos), word_before(source, pos)]
        .into_iter()
        .flatten()
    {
        let word = &source[start..end];
        // Short words (`o`, `x`) are names far more often than typos.
        if words().any(|w| w == word) || word.len() < 3 {
            continue;
        }
        if let Some(near) = crate::diagnostic::closest(word, words()) {
            return Diagnostic::at(Span::new(start, end), message)
                .with_help(format!("did you mean `{near}`?"));
        }
    }
    Diagnostic::at(Span::new(pos, pos), message)
}

/// What a rule is called in an error message; `None` for rules a user never
/// needs to hear about.
fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "end of file",
        Rule::game_item => "`game`",
        Rule::option_item => "`option`",
        Rule::board_item => "`board`",
        Rule::players_item => "`players`",
        Rule::pieces_item => "`pieces`",
        Rule::marks_item => "`marks`",
        Rule::lines_item | Rule::lines_kw => "`lines`",
        Rule::drawn_lines => "lines (`LINE from CELLS to CELLS`)",
        Rule::draw_lines | Rule::draw_move => "`draw`",
        Rule::counters_item => "`counters`",
        Rule::stacks_item | Rule::stacks_kw => "`stacks`",
        Rule::based_item | Rule::based_kw => "`based on`",
        Rule::on_kw => "`on`",
        Rule::try_item | Rule::try_kw => "`try`",
        Rule::among_kw => "`among`",
        Rule::prefer_bound => "`up to` or `down to`",
        Rule::down_kw => "`down`",
        Rule::omit_item | Rule::omit_kw => "`omit`",
        Rule::omit_turn => "a turn rule (`turn 0`)",
        Rule::text_find => "a piece to find (`last white rook at row(1)`)",
        Rule::text_end => "`first` or `last`",
        Rule::onto_item => "`captures to REGION`",
        Rule::ring_item => "`ring`",
        Rule::track_item | Rule::track_kw => "`track`",
        Rule::track_list => "a player's cells (`PLAYER = CELL CELL ...`)",
        Rule::track_cells => "cells",
        Rule::position_word => "`position text`",
        Rule::slide_along => "`along`",
        Rule::circuit_item | Rule::circuit_kw => "`circuit`",
        Rule::circuit_part => "a cell or `loop`",
        Rule::loop_kw => "`loop`",
        Rule::around_kw => "`around`",
        Rule::counter_count => "a count (`N x`)",
        Rule::sow_move => "`sow`",
        Rule::sow_skip => "`skipping`",
        Rule::shift_move | Rule::shift_kw => "`shift`",
        Rule::shift_toward => "`toward`",
        Rule::shift_limit | Rule::up_kw => "`up to`",
        Rule::take_cells | Rule::take_kw => "`take`",
        Rule::counters_kw => "`counters`",
        Rule::ring_kw => "`ring`",
        Rule::sow_kw => "`sow`",
        Rule::along_kw => "`along`",
        Rule::skipping_kw => "`skipping`",
        Rule::region_item => "`region`",
        Rule::define_item => "`define`",
        Rule::define_params => "parameters (`(d, s)`)",
        Rule::variables_item => "`variables`",
        Rule::effect_item => "`effect`",
        Rule::choose => "`choose`",
        Rule::roll | Rule::roll_kw => "`roll`",
        Rule::pick | Rule::pick_kw => "`pick`",
        Rule::deal | Rule::deal_kw => "`deal`",
        Rule::by_chance | Rule::chance_kw => "`by chance:`",
        Rule::each_group => "`each group`",
        Rule::each_member => "`each NAME in FAMILY`",
        Rule::effect_ref => "an effect",
        Rule::list_kw => "`list`",
        Rule::signed_number => "a number",
        Rule::choice_group => "an action",
        Rule::while_cond => "`while`",
        Rule::else_kw => "`else`",
        Rule::step_move => "`step`",
        Rule::jump_move => "`jump`",
        Rule::hop_move => "`hop`",
        Rule::slide_move => "`slide`",
        Rule::slide_over => "`over`",
        Rule::slide_by | Rule::by_kw => "`by`",
        Rule::leap_toward | Rule::toward_kw => "`toward`",
        Rule::leap_move => "`leap`",
        Rule::leap_over => "`over`",
        Rule::move_any => "`move`",
        Rule::rotate_move | Rule::rotate_kw => "`rotate`",
        Rule::make_cells => "`make`",
        Rule::place_cells => "`place`",
        Rule::move_piece => "`move`",
        Rule::set_var => "`set`",
        // Wherever `neutral` may come, `pieces` may too: name the common one.
        Rule::neutral => "`pieces`",
        Rule::action_item => "`action`",
        Rule::action_group => "actions (`A | B`)",
        Rule::swap_item => "`swap at turn N`",
        Rule::setup_item => "`setup`",
        Rule::reserve_item => "`reserve`",
        Rule::reserve_entry => "a reserve (`PLAYER PIECE = COUNT`)",
        Rule::hand_item | Rule::captures_kw | Rule::hand_kw => "`captures to hand`",
        Rule::hand_entry | Rule::as_kw => "a kind in hand (`KIND as KIND`)",
        Rule::placement | Rule::setup_entry => "a placement (`PLAYER PIECE at CELLS`)",
        Rule::move_dirs | Rule::dirs_term => "directions",
        Rule::turn_item => "`turn`",
        Rule::end_item => "`end if`",
        Rule::keep_item => "`keep actions if`",
        Rule::view_item | Rule::view_kw => "`view`",
        Rule::view_part => "`owners` or `hands`",
        Rule::notation_item | Rule::notation_kw => "`notation`",
        Rule::picture_item | Rule::picture_kw => "`picture`",
        Rule::picture_part => "`checkered`, `discs`, `check KIND` or a glyph (`KIND = \"GLYPH\"`)",
        Rule::check_part | Rule::check_kw => "`check KIND`",
        Rule::checkered_kw => "`checkered`",
        Rule::discs_kw => "`discs`",
        Rule::glyph => "a glyph (`KIND = \"GLYPH\"`)",
        Rule::prefer_item => "`keep turns with`",
        Rule::position_item => "`position text`",
        Rule::text_field
        | Rule::text_board
        | Rule::text_mover
        | Rule::text_flags
        | Rule::text_cell
        | Rule::text_cells
        | Rule::text_number
        | Rule::text_moves
        | Rule::text_turn
        | Rule::text_hands
        | Rule::text_pocket
        | Rule::text_dash
        | Rule::var_start
        | Rule::kw_board
        | Rule::kw_mover
        | Rule::kw_flags
        | Rule::kw_cell
        | Rule::kw_cells
        | Rule::kw_number => {
            "a field (`board`, `mover`, `flags`, `cell`, `number`, `moves`, `turn`, `hands`, `pocket`, `-`)"
        }
        Rule::text_flag => "a flag (`LETTER = CELLS`)",
        Rule::text_word => "a name",
        Rule::text_plus => "a letter after `+`",
        Rule::text_tilde => "a letter before `~`",
        Rule::name | Rule::action_ref => "a name",
        Rule::int | Rule::int_range => "a whole number",
        Rule::number | Rule::literal | Rule::word => "a value",
        Rule::string => "a quoted string",
        Rule::expr
        | Rule::disjunction
        | Rule::conjunction
        | Rule::negation
        | Rule::comparison
        | Rule::sum
        | Rule::product
        | Rule::signed
        | Rule::relative
        | Rule::primary
        | Rule::call
        | Rule::call_name
        | Rule::turn_number
        | Rule::players_word => "an expression",
        Rule::quantifier | Rule::some | Rule::every => "`some d:` or `every d:`",
        Rule::where_op => "`where`",
        Rule::or_op => "`or`",
        Rule::and_op => "`and`",
        Rule::except_op => "`except`",
        Rule::not_op => "`not`",
        Rule::at_op => "`at`",
        Rule::cmp_op => "a comparison",
        Rule::plus | Rule::minus | Rule::star => "an operator",
        Rule::step | Rule::choice_step | Rule::end_step => "a step",
        Rule::times => "`x` (times)",
        Rule::guarded_choice | Rule::choice => "an action",
        Rule::place => "`place`",
        Rule::convert | Rule::convert_cells => "`convert`",
        Rule::remove | Rule::remove_cells => "`remove`",
        Rule::pass => "`pass`",
        Rule::swap => "`swap`",
        Rule::again => "`again`",
        Rule::guard => "`if`",
        Rule::marking => "`marking`",
        Rule::staying => "`staying`",
        Rule::on_pieces => "`on pieces`",
        Rule::keep_if => "`keep if`",
        Rule::effect | Rule::effect_group => "an effect",
        Rule::clear => "`clear`",
        Rule::mark_cells => "`mark`",
        Rule::unmark_cells => "`unmark`",
        Rule::repeat => "`repeat`",
        Rule::if_effect => "`if`",
        Rule::outcome | Rule::compare | Rule::compare_key => {
            "an outcome (`mover wins`, `draw`, `most ...`)"
        }
        Rule::draw => "`draw`",
        Rule::player_wins | Rule::wins | Rule::loses => "`wins` or `loses`",
        Rule::most | Rule::least => "`most` or `least`",
        Rule::option_values => "option values (`1..9` or `a | b`)",
        Rule::with_diagonals => "`with diagonals`",
        Rule::without => "`without`",
        Rule::links | Rule::link_pair => "`link`",
        Rule::player_binding => "`PLAYER = cells`",
        Rule::turn_when => "a turn number or `if`",
        Rule::file
        | Rule::keyword
        | Rule::WHITESPACE
        | Rule::COMMENT
        | Rule::item
        | Rule::board_modifier
        | Rule::choice_kind
        | Rule::ident_char => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of the grammar: those its `keyword` rule reserves, and all
    /// the quoted words of its rules (comments left out).
    fn grammar_words() -> (Vec<String>, Vec<String>) {
        let grammar = include_str!("../../grammar/gdl.pest");
        let code: String = grammar
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        // The quoted strings of a piece of grammar (`"\""` is a quote).
        let quoted = |text: &str| -> Vec<String> {
            let mut words = Vec::new();
            let mut chars = text.chars();
            while let Some(c) = chars.next() {
                if c != '"' {
                    continue;
                }
                let mut word = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        // An escape stays one, so `\\n` is no word.
                        '\\' => {
                            word.push('\\');
                            word.extend(chars.next());
                        }
                        '"' => break,
                        c => word.push(c),
                    }
                }
                if !word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase()) {
                    words.push(word);
                }
            }
            words.sort();
            words.dedup();
            words
        };
        let start = code
            .find("keyword = @{")
            .expect("the grammar has a keyword rule");
        let end = start + code[start..].find('}').expect("the rule ends");
        (quoted(&code[start..end]), quoted(&code))
    }

    /// The language reference lists the keywords (§2): the same ones.
    #[test]
    fn keywords_are_documented() {
        let docs = include_str!("../../docs/language.md");
        let start = docs
            .find("**Keywords** cannot be used as names: `")
            .expect("the reference lists the keywords");
        let list = docs[start..].split('`').nth(1).expect("a quoted list");
        let mut documented: Vec<&str> = list.split_whitespace().collect();
        documented.sort_unstable();
        let mut keywords = KEYWORDS.to_vec();
        keywords.sort_unstable();
        assert_eq!(documented, keywords);
    }

    #[test]
    fn keywords_are_the_grammars() {
        let (reserved, all) = grammar_words();
        let mut keywords: Vec<String> = KEYWORDS.iter().map(|w| w.to_string()).collect();
        keywords.sort();
        assert_eq!(
            keywords, reserved,
            "KEYWORDS and the grammar's keyword rule differ"
        );
        let mut known: Vec<String> = words().map(str::to_string).collect();
        known.sort();
        assert_eq!(
            known, all,
            "KEYWORDS + OTHER_WORDS and the grammar's words differ"
        );
    }
}
