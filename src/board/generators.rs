//! The board generators a game file names (`board square(8, 8)`), as one
//! table: the checker's name list, "did you mean", the count of sizes and
//! the shape built all read [`GENERATORS`], so a new generator is one entry
//! (plus its [`Shape`] and its `Display`, its layout in `generate.rs`, its
//! directions in `check/directions.rs` and its documentation).

use super::Shape;

/// One board generator.
pub struct Generator {
    /// The name game files call it by (`square`).
    pub name: &'static str,
    /// How many sizes it takes (any one of these counts).
    pub sizes: &'static [usize],
    /// How to call it, for the error about a wrong count of sizes.
    pub usage: &'static str,
    /// Whether `with diagonals` applies to its boards.
    pub diagonals: bool,
    /// The shape for the sizes (as many as one of `sizes` says) and
    /// whether `with diagonals` was given.
    pub shape: fn(&[u32], bool) -> Shape,
}

/// Size `i`, or the first size when it is left out (`square(5)` is 5 by 5).
fn size(sizes: &[u32], i: usize) -> u32 {
    sizes.get(i).or(sizes.first()).copied().unwrap_or(1)
}

/// Every generator, in the order "did you mean" and the list of boards show.
pub const GENERATORS: &[Generator] = &[
    Generator {
        name: "square",
        sizes: &[1, 2],
        usage: "square(width, height) or square(side)",
        diagonals: true,
        shape: |s, diagonals| Shape::Square {
            w: size(s, 0),
            h: size(s, 1),
            diagonals,
        },
    },
    Generator {
        name: "hexhex",
        sizes: &[1],
        usage: "hexhex(side)",
        diagonals: false,
        shape: |s, _| Shape::HexHex { n: size(s, 0) },
    },
    Generator {
        name: "rhombus",
        sizes: &[1, 2],
        usage: "rhombus(width, height) or rhombus(side)",
        diagonals: false,
        shape: |s, _| Shape::Rhombus {
            w: size(s, 0),
            h: size(s, 1),
        },
    },
    Generator {
        name: "hexagon",
        sizes: &[6],
        usage: "hexagon(a, b, c, d, e, f): six side lengths clockwise from the top",
        diagonals: false,
        shape: |s, _| Shape::Hexagon {
            sides: std::array::from_fn(|i| size(s, i)),
        },
    },
    Generator {
        name: "star",
        sizes: &[1],
        usage: "star(side): a hexagon of that side with a triangle on each side",
        diagonals: false,
        shape: |s, _| Shape::Star { n: size(s, 0) },
    },
];

/// The generator called `name`, if there is one.
pub fn generator(name: &str) -> Option<&'static Generator> {
    GENERATORS.iter().find(|g| g.name == name)
}
