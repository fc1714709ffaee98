//! Tests of the exact solvers: agreement with the plain alpha-beta and with random play-outs,
//! and the region-sum search against the board-keyed one.

mod exact;
mod exact_mtd;
mod linage_sum;
