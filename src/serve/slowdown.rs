//! The slow-down on refused keys. Each refusal of a key from an address waits a little longer
//! than the one before it (keyed by the key's fingerprint and the address, so that one address
//! or one key does not slow the others), up to [`CAP`]; the waits of one connection add up to at
//! most [`PER_CONNECTION`], so a key that is let in after others were refused on the same
//! connection (an SSH client offers its keys in turn) waits at most that long.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The first refusal's wait; each further one doubles it.
pub const STEP: Duration = Duration::from_millis(125);
/// The longest wait of one refusal.
pub const CAP: Duration = Duration::from_secs(1);
/// The longest total wait of one connection.
pub const PER_CONNECTION: Duration = Duration::from_secs(1);
/// A key and address without a refusal for this long start again from [`STEP`].
pub const FORGET: Duration = Duration::from_secs(600);
/// Most (key, address) pairs remembered; the longest quiet is forgotten first.
pub const REMEMBERED: usize = 10_000;

/// Refusals remembered by (fingerprint, address).
#[derive(Default)]
pub struct Slowdown {
    table: Mutex<HashMap<(String, IpAddr), (u32, Instant)>>,
}

impl Slowdown {
    /// A key was refused: how long its refusal should wait (before the connection's budget).
    pub fn refused(&self, fingerprint: &str, ip: IpAddr, now: Instant) -> Duration {
        let mut t = self.table.lock().unwrap_or_else(|e| e.into_inner());
        if t.len() >= REMEMBERED {
            t.retain(|_, (_, at)| now.saturating_duration_since(*at) < FORGET);
            if t.len() >= REMEMBERED {
                if let Some(oldest) = t
                    .iter()
                    .min_by_key(|(_, (_, at))| *at)
                    .map(|(k, _)| k.clone())
                {
                    t.remove(&oldest);
                }
            }
        }
        let e = t.entry((fingerprint.to_string(), ip)).or_insert((0, now));
        if now.saturating_duration_since(e.1) >= FORGET {
            e.0 = 0;
        }
        e.0 = e.0.saturating_add(1);
        e.1 = now;
        wait(e.0)
    }

    /// A key was let in from an address: its refusals are forgotten.
    pub fn let_in(&self, fingerprint: &str, ip: IpAddr) {
        self.table
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&(fingerprint.to_string(), ip));
    }

    /// How many pairs are remembered.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.table.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Whether none is.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The wait of the `n`th refusal in a row (from 1).
pub fn wait(n: u32) -> Duration {
    STEP.saturating_mul(1 << n.saturating_sub(1).min(16))
        .min(CAP)
}

/// What one connection has waited so far.
#[derive(Debug, Default)]
pub struct Budget {
    spent: Duration,
}

impl Budget {
    /// How much of `want` this connection may still wait (and counts it as waited).
    pub fn take(&mut self, want: Duration) -> Duration {
        let d = want.min(PER_CONNECTION.saturating_sub(self.spent));
        self.spent += d;
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    const A: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1));
    const B: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 2));

    #[test]
    fn refusals_of_one_key_from_one_address_wait_longer_up_to_the_cap() {
        let s = Slowdown::default();
        let t = Instant::now();
        let waits: Vec<u128> = (0..6)
            .map(|_| s.refused("SHA256:k", A, t).as_millis())
            .collect();
        assert_eq!(waits, vec![125, 250, 500, 1000, 1000, 1000]);
        // Another address, another key: their own count.
        assert_eq!(s.refused("SHA256:k", B, t), STEP);
        assert_eq!(s.refused("SHA256:j", A, t), STEP);
        // Forgotten after a quiet while, and when the key is let in.
        assert_eq!(s.refused("SHA256:k", A, t + FORGET), STEP);
        s.let_in("SHA256:k", A);
        assert_eq!(s.refused("SHA256:k", A, t), STEP);
    }

    #[test]
    fn a_connection_waits_one_second_at_most_in_all() {
        let s = Slowdown::default();
        let t = Instant::now();
        let mut b = Budget::default();
        // Keys refused often before: each wants the cap.
        for _ in 0..8 {
            s.refused("SHA256:k", A, t);
        }
        let total: Duration = (0..5).map(|_| b.take(s.refused("SHA256:k", A, t))).sum();
        assert_eq!(total, PER_CONNECTION);
        assert_eq!(b.take(CAP), Duration::ZERO);
    }

    #[test]
    fn the_table_is_bounded() {
        let s = Slowdown::default();
        let t = Instant::now();
        for i in 0..(REMEMBERED + 50) {
            s.refused(
                &format!("SHA256:{i}"),
                A,
                t + Duration::from_millis(i as u64),
            );
        }
        assert_eq!(s.len(), REMEMBERED);
        assert!(!s.is_empty());
    }
}
