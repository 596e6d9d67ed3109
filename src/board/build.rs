//! Building a board from its spec: the generated shape, less the removed
//! cells, plus the links, as the graph and the tables play reads.

use std::collections::HashMap;

use petgraph::graph::NodeIndex;

use super::*;

/// Builds a board from its spec.
pub fn build(spec: &BoardSpec) -> Result<Board, BoardError> {
    let g = generate::generate(&spec.shape)?;
    let n0 = g.cells.len();

    // Removal.
    let lookup0: HashMap<String, usize> = g
        .cells
        .iter()
        .enumerate()
        .map(|(i, c)| (c.label.to_ascii_lowercase(), i))
        .collect();
    let mut keep = vec![true; n0];
    for l in &spec.remove {
        match lookup0.get(&l.to_ascii_lowercase()) {
            Some(&i) => keep[i] = false,
            None => return Err(BoardError::UnknownLabel(l.clone())),
        }
    }
    let mut new_index = vec![usize::MAX; n0];
    let mut graph = BoardGraph::with_capacity(n0, n0 * g.dir_vecs.len() / 2);
    for (i, cell) in g.cells.iter().enumerate() {
        if keep[i] {
            new_index[i] = graph.add_node(cell.clone()).index();
        }
    }
    if graph.node_count() == 0 {
        return Err(BoardError::Empty);
    }

    // Directional edges, each adjacency once (from the smaller index).
    for (i, cell) in g.cells.iter().enumerate() {
        if !keep[i] {
            continue;
        }
        for (d, &(dc, dr)) in g.dir_vecs.iter().enumerate() {
            if let Some(&j) = g.coords.get(&(cell.col + dc, cell.row + dr))
                && keep[j]
                && new_index[i] < new_index[j]
            {
                graph.add_edge(
                    NodeIndex::new(new_index[i]),
                    NodeIndex::new(new_index[j]),
                    Edge {
                        dir: Some(Dir::new(d)),
                        link: false,
                    },
                );
            }
        }
    }

    // Links.
    let mut links = 0;
    for (a, b) in &spec.links {
        let find = |l: &String| match lookup0.get(&l.to_ascii_lowercase()) {
            None => Err(BoardError::UnknownLabel(l.clone())),
            Some(&i) if !keep[i] => Err(BoardError::LinkToRemoved(l.clone())),
            Some(&i) => Ok(new_index[i]),
        };
        let (ia, ib) = (find(a)?, find(b)?);
        if ia == ib {
            return Err(BoardError::SelfLink(a.clone()));
        }
        let (lo, hi) = (NodeIndex::new(ia.min(ib)), NodeIndex::new(ia.max(ib)));
        if graph.find_edge(lo, hi).is_none() {
            // Found again by label: `find` gave the new indices.
            let (oa, ob) = (
                lookup0[&a.to_ascii_lowercase()],
                lookup0[&b.to_ascii_lowercase()],
            );
            let dir = gap_direction(&g, &keep, oa, ob)
                .map(|d| if ia < ib { d } else { opposite_dir(g.dirs, d) });
            graph.add_edge(lo, hi, Edge { dir, link: true });
            links += 1;
        }
    }

    let map = |v: &[usize]| -> Vec<Cell> {
        let mut out: Vec<Cell> = v
            .iter()
            .filter(|&&i| keep[i])
            .map(|&i| Cell::new(new_index[i]))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    };
    let sides = g.sides.iter().map(|s| map(s)).collect();
    let corners = map(&g.corners);

    Ok(Board::from_graph(
        spec.shape.clone(),
        g.layout,
        graph,
        g.dirs,
        g.side_names,
        sides,
        corners,
        links,
        Frame::of(&g.cells),
    ))
}

/// The direction from cell `a` to cell `b` of the generated shape when they
/// lie on one straight line of the grid with only removed (or missing)
/// cells between them: a link across such a gap continues the line, so
/// steps, lines and rays follow it (the points of a morris board).
fn gap_direction(g: &generate::Generated, keep: &[bool], a: usize, b: usize) -> Option<Dir> {
    let (ca, cb) = (&g.cells[a], &g.cells[b]);
    let (dc, dr) = (cb.col - ca.col, cb.row - ca.row);
    let d = g.dir_vecs.iter().position(|&(vc, vr)| {
        // b = a + k (vc, vr) for some k >= 2.
        let k = if vc != 0 { dc / vc } else { dr / vr };
        k >= 2
            && (vc * k, vr * k) == (dc, dr)
            && (1..k).all(
                |t| match g.coords.get(&(ca.col + t * vc, ca.row + t * vr)) {
                    Some(&i) => !keep[i],
                    None => true,
                },
            )
    });
    d.map(Dir::new)
}

/// The direction opposite `d`, by angle.
fn opposite_dir(dirs: &[DirInfo], d: Dir) -> Dir {
    let a = (dirs[d.index()].angle + 180).rem_euclid(360);
    Dir::new(dirs.iter().position(|x| x.angle == a).unwrap_or(d.index()))
}
