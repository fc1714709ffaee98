//! Standard input for `tessera gtp`, read on a thread of its own so that the engine notices when
//! the input has ended while it is thinking.
//!
//! [`Input`] is a [`BufRead`] over what the reader thread has read (at most a few chunks ahead,
//! so a flood of input is never held in memory whole). Once the input has reached its end and
//! every byte of it has been consumed by the protocol loop, the `closed` flag is set: nothing
//! more will come, and a think without a time limit (a player with only an iteration limit)
//! stops instead of running on for a client that has gone.

use std::io::{BufRead, Read};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Arc;

/// Bytes read at a time.
const CHUNK: usize = 64 * 1024;

/// Chunks read ahead of the protocol loop.
const AHEAD: usize = 4;

#[derive(Debug)]
struct State {
    /// The source has reached its end.
    eof: AtomicBool,
    /// Bytes read but not yet consumed.
    pending: AtomicUsize,
    closed: Arc<AtomicBool>,
}

impl State {
    fn settle(&self) {
        if self.eof.load(SeqCst) && self.pending.load(SeqCst) == 0 {
            self.closed.store(true, SeqCst);
        }
    }
}

/// Input read by a thread (see the module).
#[derive(Debug)]
pub struct Input {
    rx: Receiver<Vec<u8>>,
    chunk: Vec<u8>,
    pos: usize,
    state: Arc<State>,
}

impl Input {
    /// Reads `source` on a new thread; `closed` is set once it has ended and been consumed.
    pub fn spawn(mut source: impl Read + Send + 'static, closed: Arc<AtomicBool>) -> Input {
        let state = Arc::new(State {
            eof: AtomicBool::new(false),
            pending: AtomicUsize::new(0),
            closed,
        });
        let (tx, rx) = sync_channel::<Vec<u8>>(AHEAD);
        let shared = state.clone();
        std::thread::spawn(move || loop {
            let mut buf = vec![0u8; CHUNK];
            let n = match source.read(&mut buf) {
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => 0,
            };
            if n == 0 {
                shared.eof.store(true, SeqCst);
                shared.settle();
                return;
            }
            buf.truncate(n);
            shared.pending.fetch_add(n, SeqCst);
            if tx.send(buf).is_err() {
                return;
            }
        });
        Input {
            rx,
            chunk: Vec::new(),
            pos: 0,
            state,
        }
    }
}

impl Read for Input {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Input {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.pos == self.chunk.len() {
            match self.rx.recv() {
                Ok(chunk) => {
                    self.chunk = chunk;
                    self.pos = 0;
                }
                Err(_) => return Ok(&[]),
            }
        }
        Ok(&self.chunk[self.pos..])
    }

    fn consume(&mut self, n: usize) {
        let n = n.min(self.chunk.len() - self.pos);
        self.pos += n;
        self.state.pending.fetch_sub(n, SeqCst);
        self.state.settle();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_is_set_only_once_everything_is_consumed() {
        let closed = Arc::new(AtomicBool::new(false));
        let mut input = Input::spawn(std::io::Cursor::new(b"one\ntwo\n".to_vec()), closed.clone());
        let mut line = String::new();
        input.read_line(&mut line).unwrap();
        assert_eq!(line, "one\n");
        // "two" is still to be read, whatever the reader thread has seen.
        assert!(!closed.load(SeqCst));
        line.clear();
        input.read_line(&mut line).unwrap();
        assert_eq!(line, "two\n");
        line.clear();
        assert_eq!(input.read_line(&mut line).unwrap(), 0);
        assert!(closed.load(SeqCst));
    }
}
