//! The Rust inference (`tessera::nn`) against the training code's own outputs: the tiny
//! networks and expected outputs in `tests/data/nets/` were written by
//! `tools/nets/train.py --test-vectors` from PyTorch in eval mode (batch norm folded at
//! export). The tolerance is the file's (1e-4), relative for outputs above 1 in size.

use serde_json::Value;
use tessera::nn::Network;

fn close(what: &str, got: f32, want: f64, tolerance: f64) {
    let scale = want.abs().max(1.0);
    assert!(
        ((got as f64) - want).abs() <= tolerance * scale,
        "{what}: Rust {got}, PyTorch {want}"
    );
}

fn check(name: &str) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/nets");
    let vectors: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join(format!("{name}-vectors.json"))).unwrap(),
    )
    .unwrap();
    let net = Network::load(&dir.join(format!("{name}.tnet"))).unwrap();
    let tolerance = vectors["tolerance"].as_f64().unwrap();
    let points = net.header().height * net.header().width;
    let mut ws = net.workspace(4);
    let cases = vectors["cases"].as_array().unwrap();
    assert!(!cases.is_empty());
    // Format 1 vector files predate the two fields: one plane, one extra.
    let field = |key: &str| vectors[key].as_u64().unwrap_or(1) as usize;
    assert_eq!(
        (net.header().policy_planes, net.header().policy_extras),
        (field("policy_planes"), field("policy_extras")),
        "{name}: the policy's shape"
    );
    let mut batch = Vec::new();
    for case in cases {
        let bits: Vec<f32> = case["bits"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_f64().unwrap() as f32)
            .collect();
        let mut input = bits.clone();
        for s in case["scalars"].as_array().unwrap() {
            let s = s.as_f64().unwrap() as f32;
            input.extend(bits[..points].iter().map(|&on| on * s));
        }
        assert_eq!(input.len(), net.input_len());
        batch.extend_from_slice(&input);
    }
    // All cases in one batch, and each alone: the same outputs.
    let together = net.evaluate(&batch, cases.len(), &mut ws);
    for (k, case) in cases.iter().enumerate() {
        let alone = net.evaluate(
            &batch[k * net.input_len()..(k + 1) * net.input_len()],
            1,
            &mut ws,
        );
        for out in [&together[k], &alone[0]] {
            let label = format!("{name} {}", case["name"]);
            assert_eq!(
                out.policy.len(),
                case["policy"].as_array().unwrap().len(),
                "{label} policy length"
            );
            close(
                &format!("{label} value"),
                out.value,
                case["value"].as_f64().unwrap(),
                tolerance,
            );
            close(
                &format!("{label} score"),
                out.score,
                case["score"].as_f64().unwrap(),
                tolerance,
            );
            for (i, want) in case["policy"].as_array().unwrap().iter().enumerate() {
                match want.as_f64() {
                    Some(w) => close(&format!("{label} policy {i}"), out.policy[i], w, tolerance),
                    None => assert_eq!(out.policy[i], f32::NEG_INFINITY, "{label} off-board {i}"),
                }
            }
            for (i, want) in case["ownership"].as_array().unwrap().iter().enumerate() {
                if let Some(w) = want.as_f64() {
                    close(
                        &format!("{label} ownership {i}"),
                        out.ownership[i],
                        w,
                        tolerance,
                    );
                }
            }
        }
    }
}

#[test]
fn square_network_matches_pytorch() {
    check("tiny");
}

#[test]
fn hexhex_network_matches_pytorch() {
    check("tiny-hex");
}

/// Format 2: two policy planes and three extra entries.
#[test]
fn network_with_policy_planes_matches_pytorch() {
    check("tiny-planes");
}

/// Each shipped network was trained with the grid symmetries its input lists; on a position
/// that has them all — the empty board at the start of a game with agreed komi — its policy
/// has them too, up to what training left (the tolerance: a quarter of the largest prior).
#[test]
fn shipped_networks_give_a_symmetric_position_a_symmetric_policy() {
    use tessera::games::{encode_net_input, symmetry_image, AnyGame, Game, GameKind, NetInput};
    let mut checked = 0;
    for kind in GameKind::ALL {
        for &(size, bytes) in kind.spec().nets {
            let size = format!("size={size}");
            let game =
                AnyGame::from_args(kind.name(), &[size.as_str(), "protocol=agreed"]).unwrap();
            assert!(
                game.turns_completed() == 0 && game.net_index(tessera::games::Step::Pass).is_some()
            );
            let net = Network::from_bytes(bytes).unwrap();
            let shape = game.net_shape().unwrap();
            let (mut bits, mut input) = (Vec::new(), Vec::new());
            assert!(encode_net_input(&game, &mut bits, &mut input));
            let out = net.evaluate(&input, 1, &mut net.workspace(1)).remove(0);
            let points = shape.points();
            // Every placement entry: each policy plane's on-board points.
            let entries: Vec<(usize, usize)> = (0..shape.policy_planes)
                .flat_map(|plane| (0..points).map(move |i| (plane, i)))
                .filter(|&(_, i)| input[i] == 1.0)
                .collect();
            let at = |(plane, i): (usize, usize)| out.policy[plane * points + i];
            let top = entries
                .iter()
                .map(|&e| at(e))
                .fold(f32::NEG_INFINITY, f32::max);
            let sum: f32 = entries.iter().map(|&e| (at(e) - top).exp()).sum();
            let p = |e: (usize, usize)| (at(e) - top).exp() / sum;
            let mut worst = 0f32;
            for name in shape.symmetries {
                for &(plane, i) in &entries {
                    let j = symmetry_image(name, shape.height, shape.width, i);
                    worst = worst.max((p((plane, i)) - p((plane, j))).abs());
                }
            }
            let largest = entries.iter().map(|&e| p(e)).fold(0.0, f32::max);
            eprintln!("{kind} {size}: largest prior {largest:.4}, largest asymmetry {worst:.4}");
            assert!(
                worst < 0.25 * largest,
                "{kind}: asymmetry {worst} against a largest prior of {largest}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 1, "no shipped network");
}
