use super::*;

fn shape(size: usize, blocks: usize, channels: usize) -> NetHeader {
    let mut h = NetHeader::shape(size, size, 6, 2, blocks, channels, 16);
    h.game = "test".into();
    h.score_scale = 20.0;
    h.trained = serde_json::json!({"steps": 0, "note": "random"});
    h
}

/// Deterministic pseudo-random inputs: binary planes 0/1 (plane 0 the mask, given), scalar
/// planes constant on the board, 0 off it.
fn random_input(net: &Network, on_board: &dyn Fn(usize, usize) -> bool, seed: u64) -> Vec<f32> {
    let h = net.header();
    let (hgt, wid) = (h.height, h.width);
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut input = vec![0.0; net.input_len()];
    for y in 0..hgt {
        for x in 0..wid {
            if !on_board(y, x) {
                continue;
            }
            let i = y * wid + x;
            input[i] = 1.0;
            for plane in 1..h.binary_planes {
                input[plane * hgt * wid + i] = (next() % 3 == 0) as u8 as f32;
            }
        }
    }
    for s in 0..h.scalar_planes {
        let value = (next() % 1000) as f32 / 500.0 - 1.0;
        let plane = h.binary_planes + s;
        for i in 0..hgt * wid {
            input[plane * hgt * wid + i] = value * input[i];
        }
    }
    input
}

/// The forward pass of docs/nets.md written plainly: direct convolutions, f64 sums, one
/// position.
fn reference(net: &Network, input: &[f32]) -> (Vec<f64>, f64, f64, Vec<f64>) {
    let hd = net.header();
    let (hgt, wid) = (hd.height, hd.width);
    let hw = hgt * wid;
    let (c, cin, vh) = (hd.channels, hd.input_planes(), hd.value_hidden);
    let p = &net.payload;
    let w = |l: &Layer| p[l.w.clone()].iter().map(|&x| x as f64).collect::<Vec<_>>();
    let b = |l: &Layer| p[l.b.clone()].iter().map(|&x| x as f64).collect::<Vec<_>>();
    let mask: Vec<f64> = input[..hw].iter().map(|&x| x as f64).collect();
    let conv3 = |x: &[f64], planes_in: usize, l: &Layer| -> Vec<f64> {
        let (wt, bias) = (w(l), b(l));
        let mut out = vec![0.0; c * hw];
        for co in 0..c {
            for y in 0..hgt {
                for xx in 0..wid {
                    let mut s = bias[co];
                    for ci in 0..planes_in {
                        for ky in 0..3 {
                            for kx in 0..3 {
                                let sy = y as isize + ky as isize - 1;
                                let sx = xx as isize + kx as isize - 1;
                                if sy < 0 || sx < 0 || sy >= hgt as isize || sx >= wid as isize {
                                    continue;
                                }
                                let v = x[ci * hw + sy as usize * wid + sx as usize];
                                s += wt[((co * planes_in + ci) * 3 + ky) * 3 + kx] * v;
                            }
                        }
                    }
                    out[co * hw + y * wid + xx] = s;
                }
            }
        }
        out
    };
    let relu_mask = |v: &mut [f64]| {
        for (i, x) in v.iter_mut().enumerate() {
            *x = x.max(0.0) * mask[i % hw];
        }
    };
    let x0: Vec<f64> = input.iter().map(|&x| x as f64).collect();
    let mut t = conv3(&x0, cin, &net.stem);
    relu_mask(&mut t);
    for [a, bl] in &net.blocks {
        let mut t2 = conv3(&t, c, a);
        relu_mask(&mut t2);
        let r = conv3(&t2, c, bl);
        for (ti, ri) in t.iter_mut().zip(&r) {
            *ti += ri;
        }
        relu_mask(&mut t);
    }
    let on_board: f64 = mask.iter().sum();
    let g: Vec<f64> = (0..c)
        .map(|ch| t[ch * hw..(ch + 1) * hw].iter().sum::<f64>() / on_board)
        .collect();
    // Output `o` of a 1×1 convolution at point `i`.
    let one_by_one = |l: &Layer, o: usize, i: usize| -> f64 {
        let (wt, bias) = (w(l), b(l));
        bias[o]
            + (0..c)
                .map(|ch| wt[o * c + ch] * t[ch * hw + i])
                .sum::<f64>()
    };
    let mut policy: Vec<f64> = (0..hd.policy_planes)
        .flat_map(|plane| (0..hw).map(move |i| (plane, i)))
        .map(|(plane, i)| {
            if mask[i] == 0.0 {
                f64::NEG_INFINITY
            } else {
                one_by_one(&net.policy, plane, i)
            }
        })
        .collect();
    let (pw, pb) = (w(&net.pass), b(&net.pass));
    for e in 0..hd.policy_extras {
        policy.push(pb[e] + (0..c).map(|ch| pw[e * c + ch] * g[ch]).sum::<f64>());
    }
    let ownership = (0..hw).map(|i| one_by_one(&net.own, 0, i).tanh()).collect();
    let (v1w, v1b, v2w, v2b) = (w(&net.v1), b(&net.v1), w(&net.v2), b(&net.v2));
    let h: Vec<f64> = (0..vh)
        .map(|k| (v1b[k] + (0..c).map(|ch| v1w[k * c + ch] * g[ch]).sum::<f64>()).max(0.0))
        .collect();
    let out = |j: usize| v2b[j] + (0..vh).map(|k| v2w[j * vh + k] * h[k]).sum::<f64>();
    let value = out(0).tanh();
    let score = out(1) * hd.score_scale as f64;
    (policy, value, score, ownership)
}

fn close(what: &str, got: f32, want: f64) {
    if want.is_infinite() {
        assert_eq!(got as f64, want, "{what}");
        return;
    }
    // Relative, with a floor so that values near zero are held to 1e-5 absolute.
    let tol = 1e-4 * want.abs().max(0.1);
    assert!(
        (got as f64 - want).abs() <= tol,
        "{what}: {got} against the reference's {want}"
    );
}

fn check_against_reference(net: &Network, on_board: &dyn Fn(usize, usize) -> bool, seed: u64) {
    let input = random_input(net, on_board, seed);
    let mut ws = net.workspace(1);
    let e = net.evaluate(&input, 1, &mut ws).pop().unwrap();
    let (policy, value, score, ownership) = reference(net, &input);
    assert_eq!(e.policy.len(), policy.len());
    for (i, (&g, &w)) in e.policy.iter().zip(&policy).enumerate() {
        close(&format!("policy[{i}]"), g, w);
    }
    for (i, (&g, &w)) in e.ownership.iter().zip(&ownership).enumerate() {
        close(&format!("ownership[{i}]"), g, w);
    }
    close("value", e.value, value);
    close("score", e.score, score);
}

#[test]
fn the_gemm_forward_equals_a_direct_convolution_on_9x9() {
    let net = Network::random(shape(9, 3, 16), 11).unwrap();
    for seed in 1..4 {
        check_against_reference(&net, &|_, _| true, seed);
    }
}

#[test]
fn the_gemm_forward_equals_a_direct_convolution_with_off_board_corners() {
    let net = Network::random(shape(7, 2, 12), 5).unwrap();
    // A hexhex-like board on an axial grid: two opposite corners are off the board.
    let on = |y: usize, x: usize| y + x >= 2 && y + x <= 10;
    let input = random_input(&net, &on, 3);
    let e = net
        .evaluate(&input, 1, &mut net.workspace(1))
        .pop()
        .unwrap();
    assert_eq!(e.policy[0], f32::NEG_INFINITY);
    assert_eq!(e.policy[48], f32::NEG_INFINITY);
    assert!(e.policy[24].is_finite() && e.policy[49].is_finite());
    for seed in 1..4 {
        check_against_reference(&net, &on, seed);
    }
}

#[test]
fn a_rectangular_grid_matches_the_reference() {
    let mut h = shape(5, 1, 8);
    h.width = 6;
    let net = Network::random(h, 2).unwrap();
    check_against_reference(&net, &|y, x| y != 4 || x != 0, 9);
    // Grids one point wide or high (every shifted im2col row wraps at once).
    for (hgt, wid) in [(1, 4), (3, 1), (1, 1)] {
        let mut h = shape(hgt, 1, 4);
        h.width = wid;
        let net = Network::random(h, 4).unwrap();
        check_against_reference(&net, &|_, _| true, 2);
    }
}

#[test]
fn a_batch_gives_the_same_results_as_single_evaluations() {
    let net = Network::random(shape(9, 2, 16), 3).unwrap();
    let inputs: Vec<Vec<f32>> = (0..5)
        .map(|s| random_input(&net, &|y, x| s % 2 == 0 || y + x > 1, s as u64 + 1))
        .collect();
    let mut ws = net.workspace(1);
    let singles: Vec<Evaluation> = inputs
        .iter()
        .map(|i| net.evaluate(i, 1, &mut ws).pop().unwrap())
        .collect();
    // The workspace grows for the batch; a fresh one for 5 gives the same.
    let batch = net.evaluate(&inputs.concat(), 5, &mut ws);
    let fresh = net.evaluate(&inputs.concat(), 5, &mut net.workspace(5));
    assert_eq!(batch, fresh);
    assert_eq!(batch.len(), 5);
    for (b, s) in batch.iter().zip(&singles) {
        for (x, y) in b.policy.iter().zip(&s.policy) {
            assert!(
                x == y || (x - y).abs() <= 1e-5 * y.abs().max(1.0),
                "{x} {y}"
            );
        }
        for (x, y) in b.ownership.iter().zip(&s.ownership) {
            assert!((x - y).abs() <= 1e-5, "{x} {y}");
        }
        assert!((b.value - s.value).abs() <= 1e-5);
        assert!((b.score - s.score).abs() <= 1e-4 * s.score.abs().max(1.0));
    }
}

/// Format 2: several policy planes and extras, against the plain reference, and written back
/// as format 2 with the two fields.
#[test]
fn policy_planes_and_extras_follow_the_reference_and_round_trip() {
    for (planes, extras) in [(2, 3), (2, 0), (3, 1)] {
        let mut header = shape(5, 1, 6);
        (header.policy_planes, header.policy_extras) = (planes, extras);
        let net = Network::random(header, 11).unwrap();
        assert_eq!(net.policy_len(), planes * 25 + extras);
        check_against_reference(&net, &|r, c| r > 0 || c > 1, 3);
        let bytes = net.to_bytes();
        let len = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
        let json: serde_json::Value = serde_json::from_slice(&bytes[12..12 + len]).unwrap();
        assert_eq!(
            (
                &json["format"],
                &json["policy_planes"],
                &json["policy_extras"]
            ),
            (&2.into(), &planes.into(), &extras.into())
        );
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back.header(), net.header());
        assert_eq!(back.to_bytes(), bytes);
    }
}

#[test]
fn to_bytes_and_from_bytes_round_trip() {
    let net = Network::random(shape(9, 2, 8), 7).unwrap();
    let bytes = net.to_bytes();
    assert_eq!(&bytes[..8], b"TSRNET01");
    let back = Network::from_bytes(&bytes).unwrap();
    assert_eq!(back.header(), net.header());
    assert_eq!(back.payload, net.payload);
    assert_eq!(back.to_bytes(), bytes);
    // The header holds the file-level fields of docs/nets.md.
    let len = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
    let json: serde_json::Value = serde_json::from_slice(&bytes[12..12 + len]).unwrap();
    // One policy plane and one extra: format 1, without format 2's fields.
    assert_eq!(json["format"], 1);
    assert!(json.get("policy_planes").is_none() && json.get("policy_extras").is_none());
    assert_eq!(json["payload_floats"], net.payload.len());
    assert_eq!(bytes.len(), 12 + len + 4 * net.payload.len());
    let sum = json["checksum"].as_str().unwrap();
    assert_eq!(sum, fnv1a64(&bytes[12 + len..]));
    assert!(sum.starts_with("fnv1a64:") && sum.len() == 24);
    // Through a file too.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("n.tnet");
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(Network::load(&path).unwrap().payload, net.payload);
}

#[test]
fn fnv1a64_matches_the_published_vectors() {
    assert_eq!(fnv1a64(b""), "fnv1a64:cbf29ce484222325");
    assert_eq!(fnv1a64(b"a"), "fnv1a64:af63dc4c8601ec8c");
    assert_eq!(fnv1a64(b"foobar"), "fnv1a64:85944171f73967e8");
}

fn problem(bytes: &[u8]) -> NetProblem {
    Network::from_bytes(bytes)
        .unwrap_err()
        .problem()
        .unwrap()
        .clone()
}

#[test]
fn a_corrupted_byte_is_a_checksum_error_naming_the_file() {
    let net = Network::random(shape(5, 1, 4), 1).unwrap();
    let mut bytes = net.to_bytes();
    let last = bytes.len() - 3;
    bytes[last] ^= 0x10;
    assert!(matches!(problem(&bytes), NetProblem::Checksum { .. }));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.tnet");
    std::fs::write(&path, &bytes).unwrap();
    let msg = Network::load(&path).unwrap_err().to_string();
    assert!(
        msg.starts_with(&format!(
            "the weights file {} is corrupt: checksum fnv1a64:",
            path.display()
        )),
        "{msg}"
    );
    assert!(
        msg.contains("does not match the payload's fnv1a64:"),
        "{msg}"
    );
}

#[test]
fn truncated_files_bad_magic_and_bad_headers_are_told_apart() {
    let net = Network::random(shape(5, 1, 4), 1).unwrap();
    let bytes = net.to_bytes();
    let p = problem(&bytes[..bytes.len() - 1]);
    assert!(
        matches!(
            p,
            NetProblem::Truncated {
                part: "payload",
                ..
            }
        ),
        "{p:?}"
    );
    assert!(
        p.to_string().starts_with("is truncated: its payload needs"),
        "{p}"
    );
    assert!(matches!(
        problem(&bytes[..20]),
        NetProblem::Truncated { part: "header", .. }
    ));
    assert!(matches!(
        problem(&bytes[..10]),
        NetProblem::Truncated { .. }
    ));
    assert!(matches!(problem(&bytes[..4]), NetProblem::Truncated { .. }));
    assert_eq!(problem(b""), NetProblem::BadMagic);
    let mut other = bytes.clone();
    other[..8].copy_from_slice(b"PK\x03\x04abcd");
    assert_eq!(problem(&other), NetProblem::BadMagic);
    assert_eq!(
        Network::from_bytes(&other).unwrap_err().to_string(),
        "the weights file is not a tessera network: it does not start with \"TSRNET01\""
    );
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(problem(&longer), NetProblem::TrailingBytes(1));
    let missing = std::path::Path::new("/nonexistent/x.tnet");
    let msg = Network::load(missing).unwrap_err().to_string();
    assert!(
        msg.starts_with("cannot read the weights file /nonexistent/x.tnet"),
        "{msg}"
    );
}

/// `bytes` with its header replaced by `edit(header)` (the payload kept).
fn with_header(bytes: &[u8], edit: impl Fn(&mut serde_json::Value)) -> Vec<u8> {
    let len = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
    let mut json: serde_json::Value = serde_json::from_slice(&bytes[12..12 + len]).unwrap();
    edit(&mut json);
    let text = serde_json::to_vec(&json).unwrap();
    let mut out = b"TSRNET01".to_vec();
    out.extend_from_slice(&(text.len() as u32).to_le_bytes());
    out.extend_from_slice(&text);
    out.extend_from_slice(&bytes[12 + len..]);
    out
}

#[test]
fn headers_that_disagree_with_the_payload_are_rejected() {
    let net = Network::random(shape(5, 1, 4), 1).unwrap();
    let bytes = net.to_bytes();
    // A header edit that keeps the shape is fine (unknown fields are ignored).
    let ok = with_header(&bytes, |h| h["comment"] = "x".into());
    assert!(Network::from_bytes(&ok).is_ok());
    let p = problem(&with_header(&bytes, |h| h["format"] = 3.into()));
    assert_eq!(p, NetProblem::Format(3));
    // Format 2 names its policy's shape; format 1 must not.
    let p = problem(&with_header(&bytes, |h| h["format"] = 2.into()));
    assert!(matches!(p, NetProblem::Header(_)), "{p:?}");
    let p = problem(&with_header(&bytes, |h| h["policy_planes"] = 1.into()));
    assert!(matches!(p, NetProblem::Header(_)), "{p:?}");
    let two = with_header(&bytes, |h| {
        h["format"] = 2.into();
        h["policy_planes"] = 1.into();
        h["policy_extras"] = 1.into();
    });
    assert_eq!(Network::from_bytes(&two).unwrap().header(), net.header());
    let p = problem(&with_header(&two, |h| h["policy_planes"] = 2.into()));
    assert!(matches!(p, NetProblem::PayloadLength { .. }), "{p:?}");
    let p = problem(&with_header(&two, |h| h["policy_planes"] = 0.into()));
    assert!(matches!(p, NetProblem::Shape(_)), "{p:?}");
    let p = problem(&with_header(&bytes, |h| h["channels"] = 5.into()));
    assert!(matches!(p, NetProblem::PayloadLength { .. }), "{p:?}");
    let p = problem(&with_header(&bytes, |h| h["blocks"] = 2.into()));
    assert!(matches!(p, NetProblem::PayloadLength { .. }), "{p:?}");
    let p = problem(&with_header(&bytes, |h| h["binary_planes"] = 0.into()));
    assert!(matches!(p, NetProblem::Shape(_)), "{p:?}");
    let p = problem(&with_header(&bytes, |h| h["height"] = 100_000.into()));
    assert!(matches!(p, NetProblem::Shape(_)), "{p:?}");
    let p = problem(&with_header(&bytes, |h| {
        h.as_object_mut().unwrap().remove("checksum");
    }));
    assert!(matches!(p, NetProblem::Header(_)), "{p:?}");
    assert!(p.to_string().contains("checksum"), "{p}");
    let p = problem(&with_header(&bytes, |h| h["checksum"] = "crc32:0".into()));
    assert!(matches!(p, NetProblem::Checksum { .. }), "{p:?}");
}

#[test]
fn input_len_and_flops_follow_the_shape() {
    let net = Network::random(NetHeader::shape(9, 9, 6, 2, 4, 32, 32), 1).unwrap();
    assert_eq!(net.input_len(), 8 * 81);
    assert_eq!(net.policy_len(), 82);
    assert_eq!(net.shape_name(), "4x32 9x9");
    let mflop = net.flops() / 1e6;
    assert!((12.0..13.0).contains(&mflop), "{mflop}");
    assert!(net.evaluate(&[], 0, &mut net.workspace(1)).is_empty());
}
