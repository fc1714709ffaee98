//! Where a network comes from: the weights file named by `file=`, else the network shipped for
//! the game and board ([`crate::games::Spec::nets`]); and whether it fits the position's input
//! layout. Each source is read and checked once per program run and kept, keyed by game,
//! board size and file; every search asks again for the position it searches, so that a
//! player moving to another board or game never runs one board's network on another's input.
//!
//! A missing, corrupt or unfitting network makes a `net` player play `mcts`. Where the player
//! was asked for by name (`net:…`) the reason is said once on stderr in one line; levels 9 and
//! 10 and `default` fall back without a word where a board has no network ([`NetSourceError::
//! NotShipped`]: the interface owns the terminal then, and the panel says what plays).

use crate::games::{GameKind, NetShape};
use crate::nn::{NetError, Network};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Why there is no network for a position.
#[derive(Clone, Debug, thiserror::Error)]
pub enum NetSourceError {
    /// The game has no network for the board (and no file was named).
    #[error("no network is shipped for {kind} on size {size}")]
    NotShipped {
        /// The game.
        kind: GameKind,
        /// The board's size.
        size: usize,
    },
    /// The file (or the shipped bytes) could not be read or is not a valid network.
    #[error("{0}")]
    Unreadable(Arc<NetError>),
    /// The network is for another game or board.
    #[error("the network {source_name} is for {game} {size}, not {kind} {board}")]
    OtherBoard {
        /// The file, or `shipped`.
        source_name: String,
        /// The network's game.
        game: String,
        /// The network's board size.
        size: usize,
        /// The position's game.
        kind: GameKind,
        /// The position's board size.
        board: usize,
    },
    /// The network's input or output layout is not this program's for the game.
    #[error("the network for {0} does not fit this program's input layout")]
    DoesNotFit(GameKind),
}

type Loaded = Result<Arc<Network>, NetSourceError>;

/// A source: the game, the board's size and the file (empty: the shipped network).
type Source = (GameKind, usize, String);

/// The network for a position of `kind` on a board of `size` whose input layout is `shape`
/// (`None`: the game reads no network), from `file` or the shipped one; or why there is none,
/// said on stderr the first time with `announce` unless the board simply has no network.
pub fn network_for(
    kind: GameKind,
    size: usize,
    shape: Option<NetShape>,
    file: Option<&str>,
    announce: bool,
) -> Loaded {
    /// Each source's result, and whether its failure has been said.
    static CACHE: OnceLock<Mutex<HashMap<Source, (Loaded, bool)>>> = OnceLock::new();
    let key = (kind, size, file.unwrap_or("").to_string());
    let mut cache = CACHE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let (loaded, said) = cache
        .entry(key)
        .or_insert_with(|| (load(kind, size, shape, file), false));
    if let Err(e) = loaded {
        let quiet = matches!(e, NetSourceError::NotShipped { .. }) && file.is_none();
        if announce && !*said && !quiet {
            eprintln!("tessera: {e}; the net player plays as mcts");
            *said = true;
        }
    }
    loaded.clone()
}

fn load(kind: GameKind, size: usize, shape: Option<NetShape>, file: Option<&str>) -> Loaded {
    let unreadable = |e: NetError| NetSourceError::Unreadable(Arc::new(e));
    let net = match file {
        Some(path) => Network::load(std::path::Path::new(path)).map_err(unreadable)?,
        None => {
            let bytes = kind
                .spec()
                .nets
                .iter()
                .find(|(s, _)| *s == size)
                .map(|(_, b)| *b)
                .ok_or(NetSourceError::NotShipped { kind, size })?;
            Network::from_bytes(bytes).map_err(unreadable)?
        }
    };
    let h = net.header();
    if h.game != kind.name() || h.size != size {
        return Err(NetSourceError::OtherBoard {
            source_name: file.unwrap_or("shipped").to_string(),
            game: h.game.clone(),
            size: h.size,
            kind,
            board: size,
        });
    }
    let fits = shape.is_some_and(|s| {
        (
            s.version,
            s.height,
            s.width,
            s.binary_planes,
            s.scalar_planes,
            s.policy_planes,
            s.policy_extras,
        ) == (
            h.input_version,
            h.height,
            h.width,
            h.binary_planes,
            h.scalar_planes,
            h.policy_planes,
            h.policy_extras,
        )
    });
    if !fits {
        return Err(NetSourceError::DoesNotFit(kind));
    }
    Ok(Arc::new(net))
}
