//! A writer thread: the hub decides under its lock what is to be written (a game's record,
//! its meta, a removal; a line of the log) and hands it here; a thread of its own writes it,
//! in the order given, so that no session waits on the disk while the hub is locked. The
//! server has two: the games' files (`Hub::writer`) and the log (`log::init`).
//!
//! A graceful stop [`Writer::flush`]es (every write handed over is done when it returns); a
//! crash loses at most the writes still queued — in practice the one turn being written.

use std::sync::mpsc::{channel, Sender};

type Job = Box<dyn FnOnce() + Send>;

/// Hands writes to the writer thread.
#[derive(Clone)]
pub struct Writer {
    /// `None` when the thread could not start: then each write is done at once.
    tx: Option<Sender<Job>>,
}

impl Writer {
    /// Starts the writer thread.
    pub fn start() -> Writer {
        let (tx, rx) = channel::<Job>();
        let spawned = std::thread::Builder::new()
            .name("tessera-writer".into())
            .spawn(move || {
                for job in rx {
                    // A write that panics loses itself, not the writes after it.
                    if std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)).is_err() {
                        tracing::error!("a write of the server's files failed");
                    }
                }
            });
        match spawned {
            Ok(_) => Writer { tx: Some(tx) },
            Err(e) => {
                tracing::error!("no writer thread ({e}): files are written at once");
                Writer { tx: None }
            }
        }
    }

    /// Queues a write (done at once if the writer thread is gone).
    pub fn write(&self, job: impl FnOnce() + Send + 'static) {
        let job: Job = Box::new(job);
        let job = match &self.tx {
            Some(tx) => match tx.send(job) {
                Ok(()) => return,
                Err(e) => e.0,
            },
            None => job,
        };
        job();
    }

    /// Waits until every write queued before this call is done.
    pub fn flush(&self) {
        let (done, wait) = channel();
        self.write(move || {
            let _ = done.send(());
        });
        let _ = wait.recv();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[test]
    fn writes_are_done_in_order_and_a_flush_waits_for_them() {
        let w = Writer::start();
        let seen = Arc::new(Mutex::new(Vec::new()));
        for i in 0..100 {
            let seen = seen.clone();
            w.write(move || {
                std::thread::sleep(std::time::Duration::from_micros(50));
                seen.lock().unwrap().push(i);
            });
        }
        w.flush();
        assert_eq!(*seen.lock().unwrap(), (0..100).collect::<Vec<_>>());
    }
}
