//! The parse tree's items to the AST ([`GameFile`]): one function per kind
//! of item; expressions are read in `expressions.rs`, turns, actions and
//! effects in `turns.rs`.

use super::expressions::{expr, int, literal, name, span};
use super::text::text_field;
use super::turns::{choice, effect, guard, guarded_choices, outcome, step};
use super::{P, Rule};
use crate::ast::*;
use crate::diagnostic::Span;

/// An option's name: a name, or `players` (the word is a keyword).
fn option_name(pair: P) -> Name {
    match pair.as_rule() {
        Rule::players_word => Name {
            text: pair.as_str().to_string(),
            span: span(&pair),
        },
        _ => name(pair),
    }
}

pub(super) fn unquote(s: &str) -> String {
    s.trim_matches('"').to_string()
}

/// Adds one top-level item to the file: a dispatch on the item's rule,
/// each kind of item read by a function of its own below.
pub(super) fn add_item(game: &mut GameFile, item: P) {
    let item_span = span(&item);
    let rule = item.as_rule();
    let mut inner = item.into_inner();
    match rule {
        Rule::game_item => {
            let p = inner.next().expect("game name");
            let text = if p.as_rule() == Rule::string {
                unquote(p.as_str())
            } else {
                p.as_str().to_string()
            };
            game.name = Some((text, span(&p)));
        }
        Rule::option_item => game.options.push(option_decl(inner)),
        Rule::board_item => game.boards.push(board_decl(inner, item_span)),
        Rule::players_item => game.players.push(players_decl(inner)),
        Rule::pieces_item => {
            let mut neutral = false;
            for p in inner {
                if p.as_rule() == Rule::neutral {
                    neutral = true;
                } else {
                    game.pieces.push((name(p), neutral));
                }
            }
        }
        Rule::variables_item => {
            for p in inner {
                match p.as_rule() {
                    Rule::var_start => {
                        let var = game.variables.last().expect("a name first").clone();
                        let value = p.into_inner().next().expect("a number");
                        let number = Name {
                            text: value.as_str().to_string(),
                            span: span(&value),
                        };
                        game.variable_starts.push((var, number));
                    }
                    _ => game.variables.push(name(p)),
                }
            }
        }
        Rule::effect_item => {
            let n = name(inner.next().expect("effect name"));
            let e = effect(inner.next().expect("effect body"));
            game.effects.push((n, e));
        }
        Rule::marks_item => {
            let on_pieces = inner.clone().any(|p| p.as_rule() == Rule::on_pieces);
            for p in inner.filter(|p| p.as_rule() == Rule::name) {
                if on_pieces {
                    game.piece_marks.push(name(p.clone()));
                }
                game.marks.push(name(p));
            }
        }
        Rule::lines_item => game
            .lines
            .extend(inner.filter(|p| p.as_rule() == Rule::name).map(name)),
        Rule::counters_item => game
            .counters
            .extend(inner.filter(|p| p.as_rule() == Rule::name).map(name)),
        Rule::ring_item => {
            let mut names = inner.filter(|p| p.as_rule() == Rule::name).map(name);
            let a = names.next().expect("ring direction");
            let b = names.next().expect("ring direction back");
            game.rings.push(RingDecl {
                names: [a, b],
                cells: names.collect(),
                span: item_span,
            });
        }
        Rule::track_item => {
            let mut inner = inner.filter(|p| p.as_rule() != Rule::track_kw);
            let name_ = name(inner.next().expect("track name"));
            let cells = |p: P| p.into_inner().map(name).collect::<Vec<_>>();
            let lists = inner
                .map(|p| match p.as_rule() {
                    Rule::track_list => {
                        let mut two = p.into_inner();
                        let player = name(two.next().expect("player"));
                        (Some(player), cells(two.next().expect("cells")))
                    }
                    _ => (None, cells(p)),
                })
                .collect();
            game.tracks.push(TrackDecl {
                name: name_,
                lists,
                span: item_span,
            });
        }
        Rule::circuit_item => {
            let mut inner = inner.filter(|p| p.as_rule() != Rule::circuit_kw);
            let name_ = name(inner.next().expect("circuit name"));
            let parts = inner
                .map(|p| (p.as_rule() != Rule::loop_kw).then(|| name(p)))
                .collect();
            game.circuits.push(CircuitDecl {
                name: name_,
                parts,
                span: item_span,
            });
        }
        Rule::region_item => {
            let name = name(inner.next().expect("region name"));
            let body = shared_or_per_player(inner.collect());
            game.regions.push(RegionDecl { name, body });
        }
        Rule::define_item => {
            let n = name(inner.next().expect("define name"));
            let mut rest: Vec<P> = inner.collect();
            if rest
                .first()
                .is_some_and(|p| p.as_rule() == Rule::define_params)
            {
                let params = rest.remove(0).into_inner().map(name).collect();
                game.define_params.push((n.text.clone(), params));
            }
            let body = shared_or_per_player(rest);
            game.defines.push((n, body));
        }
        Rule::action_item => {
            let n = name(inner.next().expect("action name"));
            let body = inner.next().expect("action body");
            match body.as_rule() {
                Rule::action_group => game.action_groups.push((n, guarded_choices(body))),
                _ => game.actions.push((n, choice(body))),
            }
        }
        Rule::swap_item => {
            let turn = int(inner.next().expect("swap turn"));
            let guard = inner.next().map(guard);
            game.swaps.push(SwapDecl {
                turn,
                guard,
                span: item_span,
            });
        }
        Rule::setup_item => game.setups.push(setup_decl(inner)),
        Rule::reserve_item => game.reserves.push(reserve_decl(inner)),
        Rule::hand_item => game.hands.push(hand_decl(inner, item_span)),
        Rule::onto_item => game
            .captures_onto
            .extend(inner.filter(|p| p.as_rule() == Rule::name).map(name)),
        Rule::stacks_item => game.stacks.push(item_span),
        // Read by composition (src/compose.rs) before the parse; here only
        // in a text parsed alone, which the checker refuses.
        Rule::based_item | Rule::omit_item => game.uncomposed.push(item_span),
        Rule::turn_item => game.turns.push(turn_decl(inner, item_span)),
        Rule::keep_item => game.keeps.push(expr(inner.next().expect("condition"))),
        Rule::try_item => {
            let mut names =
                inner.filter(|p| p.as_rule() == Rule::name || p.as_rule() == Rule::effect);
            let real = name(names.next().expect("real actions"));
            let named = name(names.next().expect("named actions"));
            game.tries.push(TryDecl {
                real,
                named,
                failing: names.next().map(effect),
                span: item_span,
            });
        }
        Rule::picture_item => {
            let mut picture = PictureDecl {
                checkered: false,
                discs: false,
                check: None,
                glyphs: Vec::new(),
                span: item_span,
            };
            for part in inner.filter(|p| p.as_rule() == Rule::picture_part) {
                let part = part.into_inner().next().expect("a part");
                match part.as_rule() {
                    Rule::checkered_kw => picture.checkered = true,
                    Rule::discs_kw => picture.discs = true,
                    Rule::check_part => {
                        let kind = part.into_inner().find(|p| p.as_rule() == Rule::name);
                        picture.check = kind.map(name);
                    }
                    _ => {
                        let mut glyph = part.into_inner();
                        let kind = name(glyph.next().expect("a kind"));
                        let text = glyph.next().expect("a glyph");
                        picture
                            .glyphs
                            .push((kind, unquote(text.as_str()), span(&text)));
                    }
                }
            }
            game.pictures.push(picture);
        }
        Rule::notation_item => {
            let styles = inner.filter(|p| p.as_rule() == Rule::name).map(name);
            game.notations.push((styles.collect(), item_span));
        }
        Rule::view_item => {
            let mut part = None;
            let mut set = None;
            for p in inner {
                match p.as_rule() {
                    Rule::view_part => part = Some(p.as_str()),
                    Rule::view_kw => {}
                    _ => set = Some(expr(p)),
                }
            }
            let set = set.expect("view set");
            match part {
                Some("owners") => game.view_owners.push(set),
                Some(_) => game.view_hands.push(set),
                None => game.views.push(set),
            }
        }
        Rule::prefer_item => {
            let most = inner.next().expect("most or least").as_rule() == Rule::most;
            let value = expr(inner.next().expect("number"));
            let bound = inner.next().map(|b| {
                let mut b = b.into_inner();
                let up = b.next().expect("up or down").as_rule() == Rule::up_kw;
                (up, expr(b.next().expect("number")))
            });
            game.prefers.push(PreferDecl {
                most,
                value,
                bound,
                span: item_span,
            });
        }
        Rule::position_item => {
            let fields = inner.map(text_field).collect();
            game.position_texts.push((fields, item_span));
        }
        Rule::end_item => {
            let cond = expr(inner.next().expect("end condition"));
            let outcome = outcome(inner.next().expect("outcome"));
            let reason = inner.next().map(|p| unquote(p.as_str()));
            game.ends.push(EndDecl {
                cond,
                outcome,
                reason,
            });
        }
        Rule::EOI => {}
        // Every other rule lives inside an item; the grammar never yields it here.
        Rule::file
        | Rule::based_kw
        | Rule::on_kw
        | Rule::omit_kw
        | Rule::omit_turn
        | Rule::text_find
        | Rule::text_end
        | Rule::option_values
        | Rule::int_range
        | Rule::literal
        | Rule::with_diagonals
        | Rule::without
        | Rule::links
        | Rule::link_pair
        | Rule::player_binding
        | Rule::turn_when
        | Rule::step
        | Rule::end_step
        | Rule::choice_step
        | Rule::times
        | Rule::guarded_choice
        | Rule::guard
        | Rule::choice
        | Rule::place
        | Rule::convert
        | Rule::remove
        | Rule::pass
        | Rule::swap
        | Rule::again
        | Rule::action_ref
        | Rule::marking
        | Rule::staying
        | Rule::try_kw
        | Rule::among_kw
        | Rule::prefer_bound
        | Rule::down_kw
        | Rule::on_pieces
        | Rule::keep_if
        | Rule::effect
        | Rule::clear
        | Rule::mark_cells
        | Rule::unmark_cells
        | Rule::convert_cells
        | Rule::remove_cells
        | Rule::repeat
        | Rule::if_effect
        | Rule::effect_group
        | Rule::outcome
        | Rule::draw
        | Rule::player_wins
        | Rule::wins
        | Rule::loses
        | Rule::compare
        | Rule::compare_key
        | Rule::most
        | Rule::least
        | Rule::expr
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
        | Rule::quantifier
        | Rule::turn_number
        | Rule::players_word
        | Rule::where_op
        | Rule::or_op
        | Rule::and_op
        | Rule::except_op
        | Rule::not_op
        | Rule::at_op
        | Rule::some
        | Rule::every
        | Rule::cmp_op
        | Rule::plus
        | Rule::minus
        | Rule::star
        | Rule::number
        | Rule::word
        | Rule::int
        | Rule::string
        | Rule::name
        | Rule::keyword
        | Rule::WHITESPACE
        | Rule::COMMENT
        | Rule::item
        | Rule::text_field
        | Rule::text_board
        | Rule::text_mover
        | Rule::text_flags
        | Rule::text_flag
        | Rule::picture_kw
        | Rule::notation_kw
        | Rule::picture_part
        | Rule::checkered_kw
        | Rule::discs_kw
        | Rule::check_part
        | Rule::check_kw
        | Rule::glyph
        | Rule::text_cell
        | Rule::text_cells
        | Rule::kw_cells
        | Rule::text_number
        | Rule::text_moves
        | Rule::text_turn
        | Rule::text_hands
        | Rule::text_plus
        | Rule::text_tilde
        | Rule::text_pocket
        | Rule::action_group
        | Rule::text_dash
        | Rule::var_start
        | Rule::kw_board
        | Rule::text_word
        | Rule::kw_mover
        | Rule::kw_flags
        | Rule::kw_cell
        | Rule::kw_number
        | Rule::board_modifier
        | Rule::choice_kind
        | Rule::ident_char
        | Rule::list_kw
        | Rule::signed_number
        | Rule::choice_group
        | Rule::track_kw
        | Rule::circuit_kw
        | Rule::circuit_part
        | Rule::define_params
        | Rule::loop_kw
        | Rule::around_kw
        | Rule::position_word
        | Rule::track_list
        | Rule::track_cells
        | Rule::slide_along
        | Rule::while_cond
        | Rule::else_kw
        | Rule::step_move
        | Rule::jump_move
        | Rule::hop_move
        | Rule::leap_over
        | Rule::slide_move
        | Rule::slide_over
        | Rule::slide_by
        | Rule::by_kw
        | Rule::leap_move
        | Rule::move_any
        | Rule::rotate_move
        | Rule::rotate_kw
        | Rule::leap_toward
        | Rule::toward_kw
        | Rule::move_dirs
        | Rule::dirs_term
        | Rule::placement
        | Rule::reserve_entry
        | Rule::hand_entry
        | Rule::captures_kw
        | Rule::hand_kw
        | Rule::as_kw
        | Rule::call_name
        | Rule::make_cells
        | Rule::place_cells
        | Rule::move_piece
        | Rule::set_var
        | Rule::neutral
        | Rule::choose
        | Rule::roll
        | Rule::roll_kw
        | Rule::pick
        | Rule::pick_kw
        | Rule::deal
        | Rule::deal_kw
        | Rule::by_chance
        | Rule::chance_kw
        | Rule::view_kw
        | Rule::view_part
        | Rule::each_group
        | Rule::each_member
        | Rule::effect_ref
        | Rule::counter_count
        | Rule::counters_kw
        | Rule::stacks_kw
        | Rule::ring_kw
        | Rule::sow_kw
        | Rule::along_kw
        | Rule::skipping_kw
        | Rule::take_kw
        | Rule::sow_move
        | Rule::sow_skip
        | Rule::shift_move
        | Rule::shift_toward
        | Rule::shift_limit
        | Rule::shift_kw
        | Rule::up_kw
        | Rule::lines_kw
        | Rule::setup_entry
        | Rule::drawn_lines
        | Rule::draw_lines
        | Rule::draw_move
        | Rule::take_cells => {}
    }
}

/// The parts of an item after its keyword, as the parse tree gives them.
type ItemParts<'i> = pest::iterators::Pairs<'i, Rule>;

/// `option NAME: VALUES = DEFAULT ["DOC"]`: the values (a list, a range
/// or `list`), then the default and the doc.
fn option_decl(mut inner: ItemParts) -> OptionDecl {
    let name = option_name(inner.next().expect("option name"));
    let values_pair = inner.next().expect("option values");
    let values_span = span(&values_pair);
    let first = values_pair.into_inner();
    let mut list = Vec::new();
    let mut range = None;
    for v in first {
        match v.as_rule() {
            Rule::int_range => {
                let mut ends = v.into_inner();
                // Below 10^15 (checked above), so exact in an i64.
                let mut end = || {
                    ends.next()
                        .map_or(0, |p| p.as_str().parse().unwrap_or(i64::MAX))
                };
                let lo = end();
                let hi = end();
                range = Some(OptionValues::Range(lo, hi));
            }
            Rule::list_kw => range = Some(OptionValues::AnyList),
            _ => list.push(literal(v)),
        }
    }
    let mut default = Vec::new();
    let mut default_span: Option<Span> = None;
    let mut doc = None;
    for p in inner {
        if p.as_rule() == Rule::string {
            doc = Some(unquote(p.as_str()));
        } else {
            let s = span(&p);
            default_span = Some(match default_span {
                Some(d) => Span::new(d.start, s.end),
                None => s,
            });
            default.push(literal(p));
        }
    }
    let default_span = default_span.unwrap_or(values_span);
    OptionDecl {
        name,
        values: range.unwrap_or(OptionValues::List(list)),
        values_span,
        default,
        default_span,
        doc,
    }
}

/// `board GENERATOR(ARGS) MODIFIERS [if COND]`: diagonals, cells left out
/// and links, in any order.
fn board_decl(mut inner: ItemParts, item_span: Span) -> BoardDecl {
    let generator = name(inner.next().expect("generator"));
    let mut board = BoardDecl {
        generator,
        args: Vec::new(),
        diagonals: false,
        without: Vec::new(),
        links: Vec::new(),
        guard: None,
        span: item_span,
    };
    for p in inner {
        match p.as_rule() {
            Rule::expr => board.args.push(expr(p)),
            Rule::with_diagonals => board.diagonals = true,
            Rule::guard => board.guard = Some(guard(p)),
            Rule::without => board.without.extend(p.into_inner().map(name)),
            Rule::links => {
                // A chain `a1 d1 g1` links each cell to the next.
                for chain in p.into_inner() {
                    let cells: Vec<Name> = chain.into_inner().map(name).collect();
                    for two in cells.windows(2) {
                        board.links.push((two[0].clone(), two[1].clone()));
                    }
                }
            }
            _ => {}
        }
    }
    board
}

/// `players NAMES [if COND]`.
fn players_decl(inner: ItemParts) -> PlayersDecl {
    let mut decl = PlayersDecl {
        names: Vec::new(),
        guard: None,
    };
    for p in inner {
        match p.as_rule() {
            Rule::guard => decl.guard = Some(guard(p)),
            _ => decl.names.push(name(p)),
        }
    }
    decl
}

/// `setup [if COND]: PLACEMENTS`, with the lines drawn at the start.
fn setup_decl(inner: ItemParts) -> SetupDecl {
    let mut setup = SetupDecl {
        guard: None,
        placements: Vec::new(),
        lines: Vec::new(),
    };
    for p in inner {
        match p.as_rule() {
            Rule::guard => setup.guard = Some(guard(p)),
            Rule::drawn_lines => setup.lines.push(super::turns::lines(p)),
            _ => setup.placements.push(placement(p)),
        }
    }
    setup
}

/// `reserve [if COND]: ENTRIES`.
fn reserve_decl(inner: ItemParts) -> ReserveDecl {
    let mut reserve = ReserveDecl {
        guard: None,
        entries: Vec::new(),
    };
    for p in inner {
        match p.as_rule() {
            Rule::guard => reserve.guard = Some(guard(p)),
            _ => reserve.entries.push(reserve_entry(p)),
        }
    }
    reserve
}

/// `captures to hand: CAPTURED as HELD, ...`: each entry's two kinds.
fn hand_decl(inner: ItemParts, item_span: Span) -> HandDecl {
    let mut entries = Vec::new();
    for p in inner {
        if p.as_rule() == Rule::hand_entry {
            let mut names = p
                .into_inner()
                .filter(|n| n.as_rule() == Rule::name)
                .map(name);
            let captured = names.next().expect("captured kind");
            let held = names.next().expect("kind in hand");
            entries.push((captured, held));
        }
    }
    HandDecl {
        entries,
        span: item_span,
    }
}

/// `turn [N | if COND]: STEPS`.
fn turn_decl(inner: ItemParts, item_span: Span) -> TurnDecl {
    let mut when = TurnWhen::Always;
    let mut steps = Vec::new();
    for p in inner {
        match p.as_rule() {
            Rule::turn_when => {
                let w = p.into_inner().next().expect("turn condition");
                when = if w.as_rule() == Rule::int {
                    TurnWhen::Number(int(w))
                } else {
                    TurnWhen::If(guard(w))
                };
            }
            _ => steps.push(step(p)),
        }
    }
    TurnDecl {
        when,
        steps,
        span: item_span,
    }
}

/// `[PLAYER] PIECE = COUNT` in a `reserve`.
fn reserve_entry(pair: P) -> ReserveEntry {
    let s = span(&pair);
    let mut names = Vec::new();
    let mut count = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::name => names.push(name(p)),
            _ => count = Some(expr(p)),
        }
    }
    let piece = names.pop().expect("piece");
    ReserveEntry {
        player: names.pop(),
        piece,
        count: count.expect("count"),
        span: s,
    }
}

/// `[PLAYER] PIECE at SET` in a `setup`.
pub(super) fn placement(pair: P) -> Placement {
    let s = span(&pair);
    let mut names = Vec::new();
    let mut at = None;
    let mut count = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::name => names.push(name(p)),
            Rule::counter_count => {
                let n = p.into_inner().next().expect("a count");
                count = Some(Expr {
                    span: span(&n),
                    kind: match n.as_rule() {
                        Rule::int => ExprKind::Number(n.as_str().to_string()),
                        _ => ExprKind::Name(n.as_str().to_string()),
                    },
                });
            }
            _ => at = Some(expr(p)),
        }
    }
    let piece = names.pop().expect("a placement names a piece");
    Placement {
        count,
        player: names.pop(),
        piece,
        at: at.expect("a placement has cells"),
        span: s,
    }
}

/// `= EXPR`, or `: PLAYER = EXPR, PLAYER = EXPR` (regions, definitions).
fn shared_or_per_player(rest: Vec<P>) -> RegionBody {
    if rest.len() == 1 && rest[0].as_rule() == Rule::expr {
        return RegionBody::Shared(expr(rest.into_iter().next().expect("one")));
    }
    RegionBody::PerPlayer(
        rest.into_iter()
            .map(|b| {
                let mut two = b.into_inner();
                let player = name(two.next().expect("player"));
                let e = expr(two.next().expect("value"));
                (player, e)
            })
            .collect(),
    )
}
