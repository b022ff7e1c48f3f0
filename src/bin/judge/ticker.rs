//! Progress on a pipe: where standard error is not a terminal, the progress bars are not drawn,
//! so a long command says how far it is in a line on stderr every [`PERIOD`] of work (`judge:
//! 120/500 tests done, 6 s`), also in the middle of a long step, unless it printed a line of its
//! own meanwhile ([`Ticker::quiet`]). On a terminal it prints nothing: the bar shows it.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The longest stretch of work with no line on a pipe.
pub const PERIOD: Duration = Duration::from_secs(2);

/// What the lines say and when the last line was printed.
struct State {
    /// What is counted (`tests`, `runs`).
    unit: String,
    /// Units done.
    done: AtomicUsize,
    /// Units in all (0: not known).
    total: AtomicUsize,
    /// When the work began.
    started: Instant,
    /// When the last line on stderr was printed, and whether the work is over.
    last: Mutex<(Instant, bool)>,
    /// Wakes the thread when the work is over.
    over: Condvar,
}

/// A thread that prints the progress of a command on a pipe; stopped when dropped.
pub struct Ticker {
    state: Arc<State>,
    thread: Option<JoinHandle<()>>,
}

impl Ticker {
    /// Starts the lines counting `unit`s (`total` if known), where stderr is not a terminal;
    /// `None` on a terminal.
    pub fn on_pipe(unit: &str, total: Option<usize>) -> Option<Ticker> {
        if std::io::stderr().is_terminal() {
            return None;
        }
        let now = Instant::now();
        let state = Arc::new(State {
            unit: unit.to_string(),
            done: AtomicUsize::new(0),
            total: AtomicUsize::new(total.unwrap_or(0)),
            started: now,
            last: Mutex::new((now, false)),
            over: Condvar::new(),
        });
        let shared = Arc::clone(&state);
        let thread = std::thread::spawn(move || tick(&shared));
        Some(Ticker {
            state,
            thread: Some(thread),
        })
    }

    /// `done` units are finished, of `total` when it has become known.
    pub fn set(&self, done: usize, total: Option<usize>) {
        self.state.done.store(done, Ordering::Relaxed);
        if let Some(total) = total {
            self.state.total.store(total, Ordering::Relaxed);
        }
    }

    /// The command printed a line of its own on stderr: the next progress line waits a
    /// [`PERIOD`] from now.
    pub fn quiet(&self) {
        let mut last = self.state.last.lock().unwrap_or_else(|p| p.into_inner());
        last.0 = Instant::now();
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        let mut last = self.state.last.lock().unwrap_or_else(|p| p.into_inner());
        last.1 = true;
        drop(last);
        self.state.over.notify_all();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The thread: a line whenever a [`PERIOD`] passed with none, until the work is over.
fn tick(state: &State) {
    let mut last = state.last.lock().unwrap_or_else(|p| p.into_inner());
    loop {
        let wait = PERIOD.saturating_sub(last.0.elapsed());
        last = match state.over.wait_timeout(last, wait) {
            Ok((guard, _)) => guard,
            Err(poisoned) => poisoned.into_inner().0,
        };
        if last.1 {
            return;
        }
        if last.0.elapsed() < PERIOD {
            continue;
        }
        let done = state.done.load(Ordering::Relaxed);
        let of = match state.total.load(Ordering::Relaxed) {
            0 => String::new(),
            total => format!("/{total}"),
        };
        eprintln!(
            "judge: {done}{of} {} done, {} s",
            state.unit,
            state.started.elapsed().as_secs()
        );
        last.0 = Instant::now();
    }
}
