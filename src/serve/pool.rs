//! One AI for the whole server: a fixed number of worker threads (`--ai-threads`) that take
//! the jobs of every session in turn, each search on one thread with an equal share of one
//! tree-memory budget (`--ai-memory`), so that a hundred sessions playing the AI cannot ask
//! for more threads or memory than the server was given. A session's jobs wait in the queue
//! while every worker is busy; a job stopped before it starts is dropped.
//!
//! The searches are described with the search's public spec text
//! (`level:N,threads=1,mem=M`), so the pool depends on nothing inside [`crate::search`].

use crate::ai::{self, AiEvent, Request, Thinker};
use crate::search::PlayerSpec;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};

type Sink = Arc<dyn Fn(AiEvent) + Send + Sync>;

struct Job {
    req: Request,
    stop: Arc<AtomicBool>,
    sink: Sink,
}

#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    closed: bool,
}

/// The shared AI.
pub struct Pool {
    queue: Arc<(Mutex<Queue>, Condvar)>,
    workers: Vec<std::thread::JoinHandle<()>>,
    memory_mb: usize,
}

/// The spec a pool worker searches with at a level: the level's own settings on one thread
/// with `mem` MB of tree.
pub fn spec_for(level: u8, mem_mb: usize) -> PlayerSpec {
    format!("level:{level},threads=1,mem={mem_mb}")
        .parse()
        .unwrap_or_else(|_| crate::search::levels::spec(level))
}

impl Pool {
    /// Starts `threads` workers sharing `memory_mb` MB of search tree.
    pub fn new(threads: usize, memory_mb: usize) -> Pool {
        let threads = threads.max(1);
        let share = (memory_mb / threads).max(1);
        let queue: Arc<(Mutex<Queue>, Condvar)> = Arc::default();
        let workers = (0..threads)
            .map(|i| {
                let q = queue.clone();
                std::thread::Builder::new()
                    .name(format!("tessera-ai-{i}"))
                    .spawn(move || work(&q, share))
                    .expect("spawn an AI worker")
            })
            .collect();
        Pool {
            queue,
            workers,
            memory_mb,
        }
    }

    /// The tree memory all workers share, in MB.
    pub fn memory_mb(&self) -> usize {
        self.memory_mb
    }

    /// The number of workers.
    pub fn threads(&self) -> usize {
        self.workers.len()
    }

    /// A session's AI: its jobs go to the pool, its reports to `sink`.
    pub fn thinker(&self, sink: Box<dyn Fn(AiEvent) + Send>) -> PoolThinker {
        let sink = Mutex::new(sink);
        PoolThinker {
            queue: self.queue.clone(),
            sink: Arc::new(move |r| {
                if let Ok(s) = sink.lock() {
                    s(r)
                }
            }),
            current: None,
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        let (lock, cv) = &*self.queue;
        if let Ok(mut q) = lock.lock() {
            q.closed = true;
            for j in q.jobs.drain(..) {
                j.stop.store(true, Ordering::Relaxed);
            }
        }
        cv.notify_all();
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
}

fn work(queue: &(Mutex<Queue>, Condvar), mem_mb: usize) {
    let (lock, cv) = queue;
    loop {
        let job = {
            let mut q = lock.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if let Some(j) = q.jobs.pop_front() {
                    break j;
                }
                if q.closed {
                    return;
                }
                q = cv.wait(q).unwrap_or_else(|e| e.into_inner());
            }
        };
        if job.stop.load(Ordering::Relaxed) {
            continue;
        }
        let id = job.req.id;
        let sink = job.sink.clone();
        let run = std::panic::AssertUnwindSafe(|| {
            // No tree is kept between jobs: the next job may be another session's game.
            let mut cache: ai::Cached = None;
            let spec = |level: u8| spec_for(level, mem_mb);
            ai::think(job.req, &job.stop, &|r| sink(r), &mut cache, &spec);
        });
        if let Err(p) = std::panic::catch_unwind(run) {
            let message = format!("the AI crashed: {}", crate::crash::account(p.as_ref()));
            (job.sink)(AiEvent::Failed { id, message });
        }
    }
}

/// A session's handle on the pool.
pub struct PoolThinker {
    queue: Arc<(Mutex<Queue>, Condvar)>,
    sink: Sink,
    current: Option<Arc<AtomicBool>>,
}

impl Thinker for PoolThinker {
    fn start(&mut self, req: Request) {
        self.stop();
        let stop = Arc::new(AtomicBool::new(false));
        self.current = Some(stop.clone());
        let (lock, cv) = &*self.queue;
        let mut q = lock.lock().unwrap_or_else(|e| e.into_inner());
        if q.closed {
            return;
        }
        q.jobs.push_back(Job {
            req,
            stop,
            sink: self.sink.clone(),
        });
        cv.notify_one();
    }

    fn stop(&mut self) {
        if let Some(s) = self.current.take() {
            s.store(true, Ordering::Relaxed);
        }
    }
}

impl Drop for PoolThinker {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Purpose;
    use crate::games::AnyGame;
    use std::sync::mpsc::channel;
    use std::time::Duration;

    #[test]
    fn the_spec_text_caps_threads_and_memory() {
        let s = spec_for(10, 64);
        assert_eq!(s.thread_count(), 1);
        assert_eq!(s.memory_bytes(), 64 << 20);
        assert_eq!(s.level, Some(10));
    }

    #[test]
    fn two_sessions_share_one_worker_and_both_get_their_turn() {
        let pool = Pool::new(1, 16);
        let (tx, rx) = channel();
        let mut thinkers: Vec<PoolThinker> = (0..2)
            .map(|i| {
                let tx = tx.clone();
                pool.thinker(Box::new(move |r| {
                    let _ = tx.send((i, r));
                }))
            })
            .collect();
        let game = AnyGame::from_args("linage", &["komi=0.5"]).unwrap();
        for (i, t) in thinkers.iter_mut().enumerate() {
            t.start(Request {
                id: i as u64,
                game: game.clone(),
                level: 1,
                time: Duration::from_secs(5),
                pace: Duration::ZERO,
                purpose: Purpose::Turn,
                fresh: false,
            });
        }
        let mut done = [false; 2];
        while !(done[0] && done[1]) {
            let (who, r) = rx.recv_timeout(Duration::from_secs(60)).expect("a report");
            if let AiEvent::Turn { id, .. } = r {
                assert_eq!(id, who as u64);
                done[who] = true;
            }
        }
    }
}
