//! What the server knows of a connection's link: when it last heard from the client, and
//! whether the client closed it. Every byte read from the socket counts, the replies to the
//! SSH keepalives included (sent after `KEEPALIVE` without a word from the client), so a
//! live link is never silent for much longer than that; a link that went silent and was then
//! dropped by the keepalives was dead since it last spoke, and a player's clock stops there
//! ([`LinkWatch::silent_since`]).

use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// How long a silent client waits for the server's keepalive.
pub const KEEPALIVE: Duration = Duration::from_secs(5);
/// Keepalives without an answer before the link is dropped: a dead link is noticed after
/// `KEEPALIVE × (KEEPALIVE_MAX + 1)` = 25 s of silence.
pub const KEEPALIVE_MAX: usize = 4;

/// When a link was last heard from.
#[derive(Debug)]
pub struct LinkWatch {
    last: Mutex<Instant>,
    closed: AtomicBool,
}

impl Default for LinkWatch {
    fn default() -> LinkWatch {
        LinkWatch {
            last: Mutex::new(Instant::now()),
            closed: AtomicBool::new(false),
        }
    }
}

impl LinkWatch {
    fn heard(&self) {
        if let Ok(mut t) = self.last.lock() {
            *t = Instant::now();
        }
    }

    /// Since when the link has been silent, if it went silent for longer than a live link
    /// ever is (a keepalive and its answer) and the client did not close it: a link lost,
    /// not one closed.
    pub fn silent_since(&self, now: Instant) -> Option<Instant> {
        if self.closed.load(Ordering::SeqCst) {
            return None;
        }
        let last = *self.last.lock().ok()?;
        (now.saturating_duration_since(last) > KEEPALIVE + Duration::from_secs(2)).then_some(last)
    }
}

/// A connection's stream, watched.
pub struct Heard<S> {
    inner: S,
    watch: Arc<LinkWatch>,
}

impl<S> Heard<S> {
    /// Watches `inner` into `watch`.
    pub fn new(inner: S, watch: Arc<LinkWatch>) -> Heard<S> {
        Heard { inner, watch }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Heard<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = &r {
            if buf.filled().len() > before {
                self.watch.heard();
            } else {
                self.watch.closed.store(true, Ordering::SeqCst);
            }
        }
        r
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Heard<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[test]
    fn a_read_is_heard_and_an_end_is_a_close() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let (a, mut b) = tokio::io::duplex(64);
            let watch = Arc::new(LinkWatch::default());
            let mut heard = Heard::new(a, watch.clone());
            let later = Instant::now() + Duration::from_secs(60);
            // Nothing heard for a minute and no close: silent since the start.
            assert!(watch.silent_since(later).is_some());
            b.write_all(b"hi").await.unwrap();
            let mut buf = [0u8; 8];
            let n = heard.read(&mut buf).await.unwrap();
            assert_eq!(n, 2);
            let t = watch.silent_since(Instant::now() + Duration::from_secs(60));
            assert!(t.is_some_and(|t| t.elapsed() < Duration::from_secs(5)));
            assert_eq!(watch.silent_since(Instant::now()), None, "just heard");
            drop(b);
            assert_eq!(heard.read(&mut buf).await.unwrap(), 0);
            assert_eq!(watch.silent_since(later), None, "closed, not lost");
        });
    }
}
