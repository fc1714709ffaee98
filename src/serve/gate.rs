//! The door of `tessera serve`: connections that have not logged in yet. A connection is
//! "waiting" from its accept until its game session starts (key exchange, authentication, the
//! terminal and shell requests); the gate keeps at most [`Gate::total`] of them, at most
//! [`Gate::per_address`] from one address, and none longer than [`LOGIN_TIME`].
//!
//! When a connection comes in over a limit, the newcomer is let in and the waiting connection
//! most likely to be hostile is closed at once: the one least far along (handshake before
//! authentication before the shell), and among those the one that has been silent longest. A
//! real client answers within a round trip, so it is never the most silent for long; a
//! connection that says nothing, stops after its banner or dribbles a byte now and then is.
//!
//! Closing works through the socket itself ([`Guarded`]): once a connection is closed its reads
//! and writes fail, so the SSH session ends and drops the socket whatever it was waiting for.

use std::collections::HashMap;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// How long a connection may take from its accept to its game session (handshake,
/// authentication, terminal and shell).
pub const LOGIN_TIME: Duration = Duration::from_secs(20);

/// How far a waiting connection has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub enum Stage {
    /// Banners and key exchange.
    Handshake = 0,
    /// Key exchange done: offering keys.
    Authenticating = 1,
    /// Logged in: asking for its terminal and shell.
    Authenticated = 2,
}

/// What the gate and a connection's socket share.
#[derive(Debug)]
pub struct Watch {
    epoch: Instant,
    /// Milliseconds from `epoch` to the last byte the client sent (or its accept).
    heard: AtomicU64,
    stage: AtomicU8,
    closed: AtomicBool,
    wakers: Mutex<[Option<Waker>; 2]>,
}

impl Watch {
    fn new(epoch: Instant) -> Watch {
        let w = Watch {
            epoch,
            heard: AtomicU64::new(0),
            stage: AtomicU8::new(Stage::Handshake as u8),
            closed: AtomicBool::new(false),
            wakers: Mutex::new([None, None]),
        };
        w.heard_now();
        w
    }

    fn heard_now(&self) {
        let ms = self.epoch.elapsed().as_millis() as u64;
        self.heard.store(ms, Ordering::Relaxed);
    }

    fn silent_ms(&self, now_ms: u64) -> u64 {
        now_ms.saturating_sub(self.heard.load(Ordering::Relaxed))
    }

    /// The connection has come this far.
    pub fn reached(&self, stage: Stage) {
        self.stage.fetch_max(stage as u8, Ordering::Relaxed);
    }

    fn stage(&self) -> u8 {
        self.stage.load(Ordering::Relaxed)
    }

    /// Closes the connection: its socket's reads and writes fail from now on.
    fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
        let wakers = std::mem::take(&mut *self.wakers.lock().unwrap_or_else(|e| e.into_inner()));
        for w in wakers.into_iter().flatten() {
            w.wake();
        }
    }

    /// Whether the connection was closed; else remembers who to wake when it is.
    fn check(&self, slot: usize, cx: &Context<'_>) -> io::Result<()> {
        {
            let mut w = self.wakers.lock().unwrap_or_else(|e| e.into_inner());
            if !w[slot].as_ref().is_some_and(|o| o.will_wake(cx.waker())) {
                w[slot] = Some(cx.waker().clone());
            }
        }
        if self.closed.load(Ordering::SeqCst) {
            Err(io::Error::new(
                io::ErrorKind::ConnectionAborted,
                "closed by the server before login",
            ))
        } else {
            Ok(())
        }
    }
}

/// A socket whose reads and writes fail once the gate closes its connection; every byte the
/// client sends is noted.
pub struct Guarded<S> {
    inner: S,
    watch: Arc<Watch>,
}

impl<S: AsyncRead + Unpin> AsyncRead for Guarded<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        self.watch.check(0, cx)?;
        let before = buf.filled().len();
        let r = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(r, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.watch.heard_now();
        }
        r
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Guarded<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.watch.check(1, cx)?;
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.watch.check(1, cx)?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

struct Waiting {
    addr: IpAddr,
    accepted: Instant,
    watch: Arc<Watch>,
}

/// What the gate did when a connection came in.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Entered {
    /// The newcomer's number (for [`Gate::admit`] and [`Gate::leave`]).
    pub id: u64,
    /// Waiting connections closed to make room: (over the per-address limit, over the total).
    pub closed: (usize, usize),
}

/// The connections waiting to log in.
pub struct Gate {
    /// Most waiting connections.
    pub total: usize,
    /// Most waiting connections from one address.
    pub per_address: usize,
    epoch: Instant,
    state: Mutex<(u64, HashMap<u64, Waiting>)>,
}

impl Gate {
    /// A gate with these limits (each at least 1).
    pub fn new(total: usize, per_address: usize) -> Gate {
        Gate {
            total: total.max(1),
            per_address: per_address.clamp(1, total.max(1)),
            epoch: Instant::now(),
            state: Mutex::new((0, HashMap::new())),
        }
    }

    /// Lets a connection in (closing others if it is over a limit); returns its number and
    /// the socket to hand to the SSH session.
    pub fn enter<S>(&self, addr: IpAddr, socket: S) -> (Entered, Arc<Watch>, Guarded<S>) {
        let watch = Arc::new(Watch::new(self.epoch));
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let now_ms = self.epoch.elapsed().as_millis() as u64;
        let mut closed = (0, 0);
        let from_addr = st.1.values().filter(|w| w.addr == addr).count();
        if from_addr >= self.per_address {
            closed.0 = evict(
                &mut st.1,
                now_ms,
                from_addr + 1 - self.per_address,
                Some(addr),
            );
        }
        if st.1.len() >= self.total {
            let over = st.1.len() + 1 - self.total;
            closed.1 = evict(&mut st.1, now_ms, over, None);
        }
        st.0 += 1;
        let id = st.0;
        st.1.insert(
            id,
            Waiting {
                addr,
                accepted: Instant::now(),
                watch: watch.clone(),
            },
        );
        let guarded = Guarded {
            inner: socket,
            watch: watch.clone(),
        };
        (Entered { id, closed }, watch, guarded)
    }

    /// The connection's game session started: it no longer waits.
    pub fn admit(&self, id: u64) {
        self.state
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .1
            .remove(&id);
    }

    /// The connection ended.
    pub fn leave(&self, id: u64) {
        self.admit(id);
    }

    /// Closes the connections that have waited longer than `limit`; returns how many.
    pub fn expire(&self, limit: Duration) -> usize {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let before = st.1.len();
        st.1.retain(|_, w| {
            let keep = w.accepted.elapsed() < limit;
            if !keep {
                w.watch.close();
            }
            keep
        });
        before - st.1.len()
    }

    /// How many connections wait.
    pub fn waiting(&self) -> usize {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).1.len()
    }
}

/// Closes `n` waiting connections (of `addr` if given): the least far along, then the most
/// silent, then the oldest. Returns how many were closed.
fn evict(map: &mut HashMap<u64, Waiting>, now_ms: u64, n: usize, addr: Option<IpAddr>) -> usize {
    let mut closed = 0;
    for _ in 0..n {
        let victim = map
            .iter()
            .filter(|(_, w)| addr.is_none_or(|a| w.addr == a))
            .min_by_key(|(id, w)| {
                (
                    w.watch.stage(),
                    std::cmp::Reverse(w.watch.silent_ms(now_ms)),
                    **id,
                )
            })
            .map(|(id, _)| *id);
        match victim.and_then(|id| map.remove(&id)) {
            Some(w) => {
                w.watch.close();
                closed += 1;
            }
            None => break,
        }
    }
    closed
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    fn ip(n: u8) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(10, 0, 0, n))
    }

    #[test]
    fn over_the_limit_the_least_advanced_and_most_silent_connection_goes() {
        let gate = Gate::new(3, 3);
        let (a, wa, _) = gate.enter(ip(1), ());
        let (_, wb, _) = gate.enter(ip(2), ());
        let (_, wc, _) = gate.enter(ip(3), ());
        assert_eq!(a.closed, (0, 0));
        // b is logging in, a spoke last, c is the most silent of those still in the handshake.
        wb.reached(Stage::Authenticating);
        std::thread::sleep(Duration::from_millis(5));
        wa.heard_now();
        let (d, _, _) = gate.enter(ip(4), ());
        assert_eq!(d.closed, (0, 1));
        assert!(wc.closed.load(Ordering::SeqCst));
        assert!(!wa.closed.load(Ordering::SeqCst) && !wb.closed.load(Ordering::SeqCst));
        assert_eq!(gate.waiting(), 3);
    }

    #[test]
    fn one_address_cannot_take_every_place() {
        let gate = Gate::new(10, 2);
        let (_, first, _) = gate.enter(ip(1), ());
        gate.enter(ip(1), ());
        let (e, _, _) = gate.enter(ip(1), ());
        assert_eq!(e.closed, (1, 0));
        assert!(first.closed.load(Ordering::SeqCst));
        gate.enter(ip(2), ());
        assert_eq!(gate.waiting(), 3);
    }

    #[test]
    fn admitted_and_departed_connections_free_their_place_and_the_slow_expire() {
        let gate = Gate::new(2, 2);
        let (a, _, _) = gate.enter(ip(1), ());
        let (b, wb, _) = gate.enter(ip(1), ());
        gate.admit(a.id);
        gate.leave(b.id);
        assert_eq!(gate.waiting(), 0);
        let (_, wc, _) = gate.enter(ip(1), ());
        assert_eq!(gate.expire(Duration::ZERO), 1);
        assert!(wc.closed.load(Ordering::SeqCst) && !wb.closed.load(Ordering::SeqCst));
    }

    #[tokio::test]
    async fn a_closed_connection_cannot_read_or_write() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let gate = Gate::new(1, 1);
        let (mut near, far) = tokio::io::duplex(64);
        let (_, _, mut g) = gate.enter(ip(1), far);
        near.write_all(b"SSH-2.0-x\r\n").await.unwrap();
        let mut buf = [0u8; 16];
        assert!(g.read(&mut buf).await.unwrap() > 0);
        // A second connection from the address closes the first, even while it waits.
        let reading = tokio::spawn(async move { g.read(&mut buf).await });
        tokio::task::yield_now().await;
        gate.enter(ip(1), ());
        let r = reading.await.unwrap();
        assert_eq!(r.unwrap_err().kind(), io::ErrorKind::ConnectionAborted);
    }
}
