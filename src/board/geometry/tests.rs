use super::*;

fn all_boards() -> Vec<&'static Geometry> {
    let mut v: Vec<_> = (5..=19).map(Geometry::square).collect();
    v.extend((3..=12).map(Geometry::hex));
    v
}

#[test]
fn cell_counts() {
    for n in 3..=12 {
        assert_eq!(
            Geometry::hex(n).cells(),
            3 * n * (n - 1) + 1,
            "hex side {n}"
        );
    }
    for n in 5..=19 {
        assert_eq!(Geometry::square(n).cells(), n * n);
    }
    assert!(Geometry::hex(12).cells() <= MAX_CELLS);
    const { assert!(Mask::CAPACITY >= MAX_CELLS) };
}

#[test]
fn neighbours_are_symmetric_and_distinct() {
    for g in all_boards() {
        for c in g.all_cells() {
            let ns = g.neighbours(c);
            for &d in ns {
                assert_ne!(c, d);
                assert!(
                    g.neighbours(d).contains(&c),
                    "{} ↔ {}",
                    g.name(c),
                    g.name(d)
                );
            }
            let mut sorted = ns.to_vec();
            sorted.dedup();
            assert_eq!(sorted.len(), ns.len());
            assert!(
                ns.windows(2).all(|w| w[0] < w[1]),
                "neighbours in board order"
            );
        }
    }
}

#[test]
fn hex_corners_have_three_neighbours() {
    for n in 3..=12 {
        let g = Geometry::hex(n);
        let corners = g.corners();
        assert_eq!(corners.len(), 6);
        for c in g.all_cells() {
            let deg = g.neighbours(c).len();
            if corners.contains(&c) {
                assert_eq!(deg, 3, "corner {}", g.name(c));
            } else if g.is_edge(c) {
                assert_eq!(deg, 4, "edge {}", g.name(c));
            } else {
                assert_eq!(deg, 6);
            }
        }
        let mid = Geometry::letter(n - 1);
        let last = Geometry::letter(2 * n - 2);
        let names: Vec<String> = corners.iter().map(|&c| g.name(c)).collect();
        assert_eq!(
            names,
            vec![
                format!("a{n}"),
                format!("a{}", 2 * n - 1),
                format!("{mid}1"),
                format!("{mid}{}", 2 * n - 1),
                format!("{last}1"),
                format!("{last}{n}"),
            ]
        );
    }
}

#[test]
fn notation_round_trips() {
    for g in all_boards() {
        for c in g.all_cells() {
            let name = g.name(c);
            assert_eq!(g.parse(&name), Some(c), "{name}");
            assert_eq!(g.parse(&name.to_uppercase()), Some(c));
        }
    }
}

#[test]
fn notation_examples_and_rejects() {
    let g = Geometry::hex(8);
    assert_eq!(g.coords(g.parse("a8").unwrap()), (0, 8));
    assert_eq!(g.coords(g.parse("h1").unwrap()), (7, 1));
    assert_eq!(g.coords(g.parse("o8").unwrap()), (14, 8));
    for bad in ["a7", "a16", "h0", "p1", "", "a", "8a", "a08", "a1x", "h-1"] {
        assert_eq!(g.parse(bad), None, "{bad}");
    }
    let s = Geometry::square(9);
    assert_eq!(s.parse("a1"), Some(0));
    assert_eq!(s.parse("i1"), Some(8));
    assert_eq!(s.parse("a2"), Some(9));
    assert_eq!(s.parse("i9"), Some(80));
    for bad in ["j1", "a10", "a0", "11"] {
        assert_eq!(s.parse(bad), None, "{bad}");
    }
}

#[test]
fn hex_rows_follow_spec() {
    let g = Geometry::hex(3);
    let rows: Vec<Vec<String>> = (0..5)
        .map(|r| {
            g.all_cells()
                .filter(|&c| g.coords(c).0 == r)
                .map(|c| g.name(c))
                .collect()
        })
        .collect();
    assert_eq!(rows[0], ["a3", "a4", "a5"]);
    assert_eq!(rows[1], ["b2", "b3", "b4", "b5"]);
    assert_eq!(rows[2], ["c1", "c2", "c3", "c4", "c5"]);
    assert_eq!(rows[3], ["d1", "d2", "d3", "d4"]);
    assert_eq!(rows[4], ["e1", "e2", "e3"]);
    // Offset picture: x = 2k + r; a3 sits above between b2 and b3.
    assert_eq!(g.screen_column(g.parse("a3").unwrap()), 6);
    assert_eq!(g.screen_column(g.parse("b2").unwrap()), 5);
    assert_eq!(g.screen_column(g.parse("c1").unwrap()), 4);
    assert_eq!(g.screen_column(g.parse("e1").unwrap()), 6);
}

#[test]
fn partner_map_is_point_reflection() {
    for n in 3..=12 {
        let g = Geometry::hex(n);
        for c in g.all_cells() {
            let (r, k) = g.coords(c);
            let p = g.reflect(c);
            assert_eq!(g.coords(p), (2 * n - 2 - r, 2 * n - k));
            assert_eq!(g.reflect(p), c);
            assert_eq!(g.is_edge(c), g.is_edge(p));
        }
        let corners = g.corners();
        // a{n} ↔ {last}{n}, a{2n-1} ↔ {last}1, {mid}1 ↔ {mid}{2n-1}.
        assert_eq!(g.reflect(corners[0]), corners[5]);
        assert_eq!(g.reflect(corners[1]), corners[4]);
        assert_eq!(g.reflect(corners[2]), corners[3]);
    }
}

#[test]
fn ring_covers_the_edge_in_order() {
    for n in 3..=12 {
        let g = Geometry::hex(n);
        let ring = g.ring();
        assert_eq!(ring.len(), 6 * (n - 1));
        let edge: Vec<Cell> = g.all_cells().filter(|&c| g.is_edge(c)).collect();
        let mut sorted = ring.clone();
        sorted.sort();
        assert_eq!(sorted, edge);
        assert_eq!(g.name(ring[0]), format!("a{n}"));
        for w in 0..ring.len() {
            assert!(
                g.adjacent(ring[w], ring[(w + 1) % ring.len()]),
                "ring step {w}"
            );
        }
        // The opposite half of the ring is the point reflection of the first half.
        let half = 3 * (n - 1);
        for i in 0..half {
            assert_eq!(g.reflect(ring[i]), ring[i + half]);
        }
        // Clockwise: the second cell is to the right of the first on the top row.
        assert_eq!(g.name(ring[1]), format!("a{}", n + 1));
    }
}
