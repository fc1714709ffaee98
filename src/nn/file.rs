//! The weights file (`TSRNET01`, formats 1 and 2 of docs/nets.md): the header, the checks a file must
//! pass before its floats are trusted, and the writer that produces the same bytes back.

use super::Network;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// The eight bytes every weights file starts with.
pub const MAGIC: &[u8; 8] = b"TSRNET01";

/// The newest file format this build reads and writes. Format 2 adds `policy_planes` and
/// `policy_extras`; a format 1 file is the case of one plane and one extra (pass), and a
/// network of that shape is written as format 1, byte for byte as before.
pub const FORMAT: u32 = 2;

/// The largest grid side accepted (the payload does not depend on the grid, so without a bound
/// a corrupt header could ask for any workspace).
const MAX_SIDE: usize = 256;

/// What a network is: its grid, its input planes and its size, as its file's header says
/// (docs/nets.md, "Weights file"). The file-level fields (`format`, `payload_floats`,
/// `checksum`) are checked on reading and computed on writing, so they are not kept here.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NetHeader {
    /// The game the network plays (free text to this module).
    pub game: String,
    /// The game's board size (free to this module; the grid is `height × width`).
    pub size: usize,
    /// The version of the input planes' meaning.
    pub input_version: u32,
    /// Grid rows.
    pub height: usize,
    /// Grid columns.
    pub width: usize,
    /// 0/1 planes first in the input; plane 0 is the on-board mask.
    pub binary_planes: usize,
    /// Planes constant over the board, after the binary ones.
    pub scalar_planes: usize,
    /// Residual blocks.
    pub blocks: usize,
    /// Channels of the trunk.
    pub channels: usize,
    /// Hidden units of the value head.
    pub value_hidden: usize,
    /// Policy planes: one per kind of placement (a stone colour), each `height × width`.
    pub policy_planes: usize,
    /// Policy entries after the planes (pass, and the game's other non-placement steps).
    pub policy_extras: usize,
    /// The score output's unit: the raw output times this is a margin in points.
    pub score_scale: f32,
    /// Free-form provenance (data, steps, date).
    #[serde(default)]
    pub trained: serde_json::Value,
}

impl NetHeader {
    /// A header for a network of the given shape (game `""`, size `height`, input version 1,
    /// score scale 1, no provenance): for tests and benchmarks.
    pub fn shape(
        height: usize,
        width: usize,
        binary_planes: usize,
        scalar_planes: usize,
        blocks: usize,
        channels: usize,
        value_hidden: usize,
    ) -> NetHeader {
        NetHeader {
            game: String::new(),
            size: height,
            input_version: 1,
            height,
            width,
            binary_planes,
            scalar_planes,
            blocks,
            channels,
            value_hidden,
            policy_planes: 1,
            policy_extras: 1,
            score_scale: 1.0,
            trained: serde_json::Value::Null,
        }
    }

    /// Input planes: binary then scalar.
    pub fn input_planes(&self) -> usize {
        self.binary_planes + self.scalar_planes
    }

    /// The policy's length: `policy_planes` planes of `height · width` logits, then
    /// `policy_extras` entries.
    pub fn policy_len(&self) -> usize {
        self.policy_planes * self.height * self.width + self.policy_extras
    }

    /// The file format of this shape: 1 for one policy plane and one extra, else 2.
    fn format(&self) -> u32 {
        if (self.policy_planes, self.policy_extras) == (1, 1) {
            1
        } else {
            2
        }
    }

    /// The payload's length in floats for this shape (the order of docs/nets.md), after
    /// checking that the shape makes sense.
    pub fn payload_floats(&self) -> Result<usize, NetProblem> {
        let bad = |what: String| Err(NetProblem::Shape(what));
        if self.height == 0 || self.width == 0 || self.height > MAX_SIDE || self.width > MAX_SIDE {
            return bad(format!(
                "a {}×{} grid (each side must be 1..={MAX_SIDE})",
                self.height, self.width
            ));
        }
        if self.binary_planes == 0 {
            return bad("no binary planes (plane 0 is the on-board mask)".into());
        }
        if self.channels == 0 || self.value_hidden == 0 {
            return bad(format!(
                "{} channels and {} value-head units (both must be at least 1)",
                self.channels, self.value_hidden
            ));
        }
        if self.policy_planes == 0 || self.policy_planes > 16 || self.policy_extras > 16 {
            return bad(format!(
                "{} policy planes and {} extra policy entries (1..=16 planes, 0..=16 extras)",
                self.policy_planes, self.policy_extras
            ));
        }
        if !self.score_scale.is_finite() {
            return bad(format!("score_scale {}", self.score_scale));
        }
        let c = self.channels;
        let count = (|| {
            let cin = self.binary_planes.checked_add(self.scalar_planes)?;
            let stem = c.checked_mul(cin)?.checked_mul(9)?.checked_add(c)?;
            let block = c
                .checked_mul(c)?
                .checked_mul(9)?
                .checked_add(c)?
                .checked_mul(2)?;
            let blocks = block.checked_mul(self.blocks)?;
            let (pp, pe) = (self.policy_planes, self.policy_extras);
            let heads = (pp + pe + 1) * (c + 1);
            let v1 = self
                .value_hidden
                .checked_mul(c)?
                .checked_add(self.value_hidden)?;
            let v2 = self.value_hidden.checked_mul(2)?.checked_add(2)?;
            stem.checked_add(blocks)?
                .checked_add(heads)?
                .checked_add(v1)?
                .checked_add(v2)
        })();
        match count {
            Some(n) if n <= u32::MAX as usize => Ok(n),
            _ => bad(format!(
                "{} blocks of {} channels is too large",
                self.blocks, self.channels
            )),
        }
    }
}

/// The header as the file holds it: [`NetHeader`] and the file-level fields.
#[derive(Serialize, Deserialize)]
struct FileHeader {
    format: u32,
    game: String,
    size: usize,
    input_version: u32,
    height: usize,
    width: usize,
    binary_planes: usize,
    scalar_planes: usize,
    blocks: usize,
    channels: usize,
    value_hidden: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    policy_planes: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    policy_extras: Option<usize>,
    score_scale: f32,
    payload_floats: usize,
    checksum: String,
    #[serde(default)]
    trained: serde_json::Value,
}

/// What is wrong with a weights file's bytes (the file itself is named by [`NetError`]).
#[derive(Clone, Debug, PartialEq)]
pub enum NetProblem {
    /// The file does not start with `TSRNET01`.
    BadMagic,
    /// The file ends before the part named.
    Truncated {
        /// The part that is cut short.
        part: &'static str,
        /// Bytes that part needs.
        needed: usize,
        /// Bytes present.
        present: usize,
    },
    /// Bytes after the payload.
    TrailingBytes(usize),
    /// The header is not the JSON object of docs/nets.md.
    Header(String),
    /// A format this build does not read.
    Format(u32),
    /// The shape fields make no network.
    Shape(String),
    /// `payload_floats` disagrees with the shape.
    PayloadLength {
        /// The header's `payload_floats`.
        header: usize,
        /// The count the shape implies.
        shape: usize,
    },
    /// The payload's checksum is not the header's.
    Checksum {
        /// The header's `checksum`.
        header: String,
        /// The payload's.
        payload: String,
    },
    /// A weight is NaN or infinite.
    NonFinite(usize),
}

impl fmt::Display for NetProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetProblem::BadMagic => write!(
                f,
                "is not a tessera network: it does not start with {:?}",
                std::str::from_utf8(MAGIC).unwrap_or("")
            ),
            NetProblem::Truncated {
                part,
                needed,
                present,
            } => write!(
                f,
                "is truncated: its {part} needs {needed} bytes, {present} are present"
            ),
            NetProblem::TrailingBytes(n) => {
                write!(f, "is corrupt: {n} bytes follow the payload")
            }
            NetProblem::Header(e) => write!(f, "has an unreadable header: {e}"),
            NetProblem::Format(n) => write!(
                f,
                "has format {n}; this build reads formats 1 to {FORMAT} (docs/nets.md)"
            ),
            NetProblem::Shape(what) => write!(f, "describes an impossible network: {what}"),
            NetProblem::PayloadLength { header, shape } => write!(
                f,
                "is corrupt: its header says the payload holds {header} floats, \
                 its shape needs {shape}"
            ),
            NetProblem::Checksum { header, payload } => write!(
                f,
                "is corrupt: checksum {header} does not match the payload's {payload}"
            ),
            NetProblem::NonFinite(i) => {
                write!(
                    f,
                    "is corrupt: weight {i} of the payload is not a finite number"
                )
            }
        }
    }
}

/// Why a network could not be loaded; the message names the file and what is wrong with it.
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    /// The file could not be read.
    #[error("cannot read the weights file {}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's reason (in the message, so not a `source`).
        error: std::io::Error,
    },
    /// No network has the shape asked for ([`Network::random`]).
    #[error("cannot build a network of that shape: {0}")]
    Shape(String),
    /// The bytes are not a valid network.
    #[error("the weights file{} {problem}", path.as_ref().map(|p| format!(" {}", p.display())).unwrap_or_default())]
    Invalid {
        /// The file, when the bytes came from one.
        path: Option<PathBuf>,
        /// What is wrong.
        problem: NetProblem,
    },
}

impl NetError {
    /// What is wrong with the bytes, when they were read.
    pub fn problem(&self) -> Option<&NetProblem> {
        match self {
            NetError::Io { .. } | NetError::Shape(_) => None,
            NetError::Invalid { problem, .. } => Some(problem),
        }
    }
}

impl From<NetProblem> for NetError {
    fn from(problem: NetProblem) -> Self {
        NetError::Invalid {
            path: None,
            problem,
        }
    }
}

/// FNV-1a 64 over `bytes`, written as the header writes it: `fnv1a64:` and 16 lower-case hex
/// digits.
pub fn fnv1a64(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("fnv1a64:{h:016x}")
}

impl Network {
    /// Reads a weights file (docs/nets.md); errors name the file.
    pub fn load(path: &Path) -> Result<Network, NetError> {
        let bytes = std::fs::read(path).map_err(|error| NetError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        Network::from_bytes(&bytes).map_err(|e| match e {
            NetError::Invalid { problem, .. } => NetError::Invalid {
                path: Some(path.to_path_buf()),
                problem,
            },
            io => io,
        })
    }

    /// Parses a weights file's bytes: magic, header, format, shape, payload length, checksum
    /// and finite weights are all checked before the network is built.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        Ok(parse(bytes)?)
    }

    /// The weights file's bytes for this network (compact JSON header, checksum computed).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::with_capacity(4 * self.payload.len());
        for x in &self.payload {
            payload.extend_from_slice(&x.to_le_bytes());
        }
        let h = &self.header;
        let format = h.format();
        let v2 = |n: usize| (format >= 2).then_some(n);
        let file_header = FileHeader {
            format,
            game: h.game.clone(),
            size: h.size,
            input_version: h.input_version,
            height: h.height,
            width: h.width,
            binary_planes: h.binary_planes,
            scalar_planes: h.scalar_planes,
            blocks: h.blocks,
            channels: h.channels,
            value_hidden: h.value_hidden,
            policy_planes: v2(h.policy_planes),
            policy_extras: v2(h.policy_extras),
            score_scale: h.score_scale,
            payload_floats: self.payload.len(),
            checksum: fnv1a64(&payload),
            trained: h.trained.clone(),
        };
        let json = serde_json::to_vec(&file_header).expect("a header serialises");
        let mut out = Vec::with_capacity(12 + json.len() + payload.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(json.len() as u32).to_le_bytes());
        out.extend_from_slice(&json);
        out.extend_from_slice(&payload);
        out
    }
}

fn parse(bytes: &[u8]) -> Result<Network, NetProblem> {
    let truncated = |part, needed, present| NetProblem::Truncated {
        part,
        needed,
        present,
    };
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        // A short file that starts like a network is truncated; anything else is not one.
        if bytes.len() < MAGIC.len() && MAGIC.starts_with(bytes) && !bytes.is_empty() {
            return Err(truncated("magic", MAGIC.len(), bytes.len()));
        }
        return Err(NetProblem::BadMagic);
    }
    if bytes.len() < 12 {
        return Err(truncated("header length", 4, bytes.len() - 8));
    }
    let header_len = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes")) as usize;
    let rest = &bytes[12..];
    if rest.len() < header_len {
        return Err(truncated("header", header_len, rest.len()));
    }
    let (json, payload) = rest.split_at(header_len);
    let fh: FileHeader =
        serde_json::from_slice(json).map_err(|e| NetProblem::Header(e.to_string()))?;
    let (policy_planes, policy_extras) = match (fh.format, fh.policy_planes, fh.policy_extras) {
        (1, None, None) => (1, 1),
        (2, Some(p), Some(e)) => (p, e),
        (1, ..) => {
            let what = "format 1 cannot have policy_planes and policy_extras";
            return Err(NetProblem::Header(what.into()));
        }
        (2, ..) => {
            let what = "format 2 needs policy_planes and policy_extras";
            return Err(NetProblem::Header(what.into()));
        }
        (n, ..) => return Err(NetProblem::Format(n)),
    };
    let header = NetHeader {
        game: fh.game,
        size: fh.size,
        input_version: fh.input_version,
        height: fh.height,
        width: fh.width,
        binary_planes: fh.binary_planes,
        scalar_planes: fh.scalar_planes,
        blocks: fh.blocks,
        channels: fh.channels,
        value_hidden: fh.value_hidden,
        policy_planes,
        policy_extras,
        score_scale: fh.score_scale,
        trained: fh.trained,
    };
    let floats = header.payload_floats()?;
    if fh.payload_floats != floats {
        return Err(NetProblem::PayloadLength {
            header: fh.payload_floats,
            shape: floats,
        });
    }
    let needed = 4 * floats;
    if payload.len() < needed {
        return Err(truncated("payload", needed, payload.len()));
    }
    if payload.len() > needed {
        return Err(NetProblem::TrailingBytes(payload.len() - needed));
    }
    let sum = fnv1a64(payload);
    if !fh.checksum.eq_ignore_ascii_case(&sum) {
        return Err(NetProblem::Checksum {
            header: fh.checksum,
            payload: sum,
        });
    }
    let weights: Vec<f32> = payload
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes(b.try_into().expect("4 bytes")))
        .collect();
    if let Some(i) = weights.iter().position(|w| !w.is_finite()) {
        return Err(NetProblem::NonFinite(i));
    }
    Ok(Network::from_payload(header, weights))
}
