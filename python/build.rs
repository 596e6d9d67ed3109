//! Builds the list of shipped games (`games/*.gdl`) into the extension, so
//! that `gdl.load_game("chess")` works wherever the package is installed.

use std::fmt::Write;
use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("../games");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "gdl"))
        .collect();
    files.sort();
    let mut out = String::from("pub static GAMES: &[(&str, &str)] = &[\n");
    for f in files {
        let name = f.file_stem().unwrap().to_str().unwrap();
        let path = f.canonicalize().unwrap();
        writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let target = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("games.rs");
    std::fs::write(target, out).unwrap();
}
