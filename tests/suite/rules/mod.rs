//! Rule tests: each rule of the rule pages (`docs/rules/`) played out on
//! the shipped game files, plus independent reference implementations of
//! Pinch's captures and Ecalper's scoring, checked against many random games.

use crate::common::{after, game};
use std::collections::BTreeSet;

use gdl::engine::{Game, GameResult, State};
use gdl::notation;
use gdl::rules::Player;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

pub fn legal(g: &Game, st: &State) -> BTreeSet<String> {
    let mut list = Vec::new();
    g.legal_actions(st, &mut list);
    list.iter()
        .map(|&a| notation::format(g, &list, a))
        .collect()
}

pub fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// The player name on a cell, or "" when empty.
pub fn at(g: &Game, st: &State, label: &str) -> String {
    let c = g
        .board()
        .cell_by_label(label)
        .unwrap_or_else(|| panic!("no cell {label}"));
    match g.piece_at(st, c) {
        Some(p) => p
            .owner
            .map_or(String::new(), |o| g.rules.players[o.index()].clone()),
        None => String::new(),
    }
}

pub fn winner(g: &Game, st: &State) -> Option<String> {
    match st.result() {
        Some(GameResult::Win(p)) => Some(g.rules.players[p.index()].clone()),
        Some(GameResult::Draw) => Some("draw".into()),
        None => None,
    }
}

mod breakthrough;
mod carteso;
mod connection;
mod distance;
mod drawn_lines;
mod ecalper;
mod equi;
mod families;
mod groups;
mod hand;
mod history;
mod keep;
mod lines_of_action;
mod moving;
mod pinch;
mod ranks;
mod rays;
mod rotate;
mod shifts;
mod stacks;
mod surakarta;
mod turns;
