//! Tests of the square-board bit helpers.
use super::*;
use crate::board::Mask;

fn mask(sq: &SquareBits<7>, cells: &[&str]) -> Mask {
    let mut m = Mask::EMPTY;
    for s in cells {
        m.insert(sq.geometry().parse(s).unwrap() as usize);
    }
    m
}

#[test]
fn dilate_does_not_wrap_rows() {
    let sq = SquareBits::<7>::new(5);
    let d = sq.dilate(&mask(&sq, &["e1"]));
    assert_eq!(d, mask(&sq, &["d1", "e1", "e2"]));
    let d = sq.dilate(&mask(&sq, &["a2"]));
    assert_eq!(d, mask(&sq, &["a1", "a2", "a3", "b2"]));
    let d = sq.dilate(&mask(&sq, &["e5"]));
    assert_eq!(d, mask(&sq, &["e5", "d5", "e4"]));
}

#[test]
fn lines_and_bbox() {
    let sq = SquareBits::<2>::new(9);
    let mut m = BitSet::<2>::EMPTY;
    for s in ["g1", "h1", "i1", "a2", "a3", "a4", "h2"] {
        m.insert(sq.geometry().parse(s).unwrap() as usize);
    }
    let h: Vec<_> = sq.hline_starts(&m).iter().collect();
    assert_eq!(h, vec![sq.geometry().parse("g1").unwrap() as usize]);
    let v: Vec<_> = sq.vline_starts(&m).iter().collect();
    assert_eq!(v, vec![sq.geometry().parse("a2").unwrap() as usize]);
    let r = sq.bbox(&m);
    assert_eq!((r.x0, r.x1, r.y0, r.y1), (0, 8, 0, 3));
    let big = SquareBits::<7>::new(19);
    let r = big.bbox(&mask(&big, &["s19", "c4"]));
    assert_eq!((r.x0, r.x1, r.y0, r.y1), (2, 18, 3, 18));
}

#[test]
fn pieces_split_and_ring_shortcut() {
    let sq = SquareBits::<7>::new(5);
    // A plus: taking the centre leaves four single points.
    let plus = mask(&sq, &["c2", "b3", "c3", "d3", "c4"]);
    let c3 = sq.geometry().parse("c3").unwrap();
    assert_eq!(sq.pieces_without(&plus, c3).len(), 4);
    // A 2×2 block plus the centre: still one piece.
    let block = mask(&sq, &["c3", "d3", "c4", "d4"]);
    let p = sq.pieces_without(&block, c3);
    assert_eq!(p.len(), 1);
    assert_eq!(p.as_slice()[0], mask(&sq, &["d3", "c4", "d4"]));
    // A ring around the centre's row: removing b3 from a loop keeps it whole.
    let ring = mask(&sq, &["a2", "b2", "c2", "a3", "c3", "a4", "b4", "c4"]);
    let mut with_b3 = ring;
    with_b3.insert(sq.geometry().parse("b3").unwrap() as usize);
    // b3's neighbours a3, c3, b2, b4 are not ring-linked pairwise through corners? They
    // are (a2, c2, a4, c4 all present), so one piece.
    let p = sq.pieces_without(&with_b3, sq.geometry().parse("b3").unwrap());
    assert_eq!(p.len(), 1);
    // A long loop: removing a point with two opposite neighbours needs the flood.
    let p = sq.pieces_without(&ring, sq.geometry().parse("b2").unwrap());
    assert_eq!(p.len(), 1);
    let line = mask(&sq, &["a1", "b1", "c1", "d1", "e1"]);
    let p = sq.pieces_without(&line, sq.geometry().parse("c1").unwrap());
    assert_eq!(p.len(), 2);
    assert_eq!(p.as_slice()[0], mask(&sq, &["a1", "b1"]));
    assert_eq!(p.as_slice()[1], mask(&sq, &["d1", "e1"]));
}
