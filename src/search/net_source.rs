//! Where a `net` player's network comes from: the weights file named by `file=`, else the
//! network shipped for the game and board ([`crate::games::Spec::nets`]). Each is read and
//! checked once per program run; a missing or corrupt one makes the player play as `default`,
//! said once on stderr in one line when a `net` player was asked for by name (levels 9 and 10
//! play `default` without a word where a board has no network: the interface owns the
//! terminal then).

use crate::games::GameKind;
use crate::nn::Network;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

type Loaded = Result<Arc<Network>, String>;

/// The network for `kind` on boards of `size`, or why there is none (said on stderr the first
/// time it is asked for with `announce`).
pub fn network_for(kind: GameKind, size: usize, file: Option<&str>, announce: bool) -> Loaded {
    /// Each source's result, and whether its failure has been said.
    static CACHE: OnceLock<Mutex<HashMap<String, (Loaded, bool)>>> = OnceLock::new();
    let key = format!("{}/{size}/{}", kind.name(), file.unwrap_or(""));
    let mut cache = CACHE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let (loaded, said) = cache
        .entry(key)
        .or_insert_with(|| (load(kind, size, file), false));
    if let Err(e) = loaded {
        if announce && !*said {
            eprintln!("tessera: {e}; the net player plays as default");
            *said = true;
        }
    }
    loaded.clone()
}

fn load(kind: GameKind, size: usize, file: Option<&str>) -> Loaded {
    let net = match file {
        Some(path) => Network::load(std::path::Path::new(path)).map_err(|e| e.to_string())?,
        None => {
            let bytes = kind
                .spec()
                .nets
                .iter()
                .find(|(s, _)| *s == size)
                .map(|(_, b)| *b)
                .ok_or_else(|| format!("no network is shipped for {kind} on size {size}"))?;
            Network::from_bytes(bytes)
                .map_err(|e| format!("the shipped network for {kind} {size}: {e}"))?
        }
    };
    let h = net.header();
    if h.game != kind.name() || h.size != size {
        return Err(format!(
            "the network {} is for {} {}, not {kind} {size}",
            file.unwrap_or("shipped"),
            h.game,
            h.size
        ));
    }
    Ok(Arc::new(net))
}
