//! `tessera match` (written next).
