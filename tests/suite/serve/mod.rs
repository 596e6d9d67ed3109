//! `gdl serve`, the playground: its JSON API (`api`) and its page in a
//! real browser (`browser`, through `webdriver`), both against the binary
//! on a free port (`client`).

mod api;
mod browser;
mod client;
mod load;
mod mutated;
mod saves;
mod webdriver;
