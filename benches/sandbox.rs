//! What the sandbox costs per run (`cargo bench --bench sandbox`).
//!
//! The reference `solve` on one msquare board, run through the runner again and again,
//! alternating between no sandbox (`--sandbox off`) and every layer this machine allows
//! (`--sandbox auto`), so that both see the same machine load. Printed: the median wall time
//! per run of each, and the difference (target: under 2 ms added per run).

use std::time::{Duration, Instant};

use boardjudge::runner::{self, Input, Limits, Outcome, Sandbox, SandboxMode};

const SOLVE: &str = env!("CARGO_BIN_EXE_solve");
const RUNS: usize = 300;

fn main() {
    let cmd = vec![SOLVE.to_string(), "msquare".to_string()];
    let input = b"2 6 8 4 5 7 3 1\n";
    let limits = Limits::with_cpu(Duration::from_secs(1));
    let off = Sandbox::off();
    let auto = Sandbox::new(SandboxMode::Auto).expect("a sandbox");
    println!("{}", auto.layers());
    let time = |sandbox: &Sandbox| {
        let start = Instant::now();
        let result = runner::run(&cmd, Input::Bytes(input), &limits, sandbox);
        let elapsed = start.elapsed();
        assert_eq!(result.outcome, Outcome::Exited(0), "{result:?}");
        assert_eq!(result.stdout, b"7\nBCABCCB\n");
        elapsed
    };
    for _ in 0..20 {
        time(&off);
        time(&auto);
    }
    let (mut plain, mut boxed) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        plain.push(time(&off));
        boxed.push(time(&auto));
    }
    let plain = median(plain);
    let boxed = median(boxed);
    println!("| run of `solve msquare` on one board | median wall per run |");
    println!("|---|---:|");
    println!("| `--sandbox off` | {:.2} ms |", ms(plain));
    println!("| `--sandbox auto` | {:.2} ms |", ms(boxed));
    println!(
        "| added by the sandbox | {:.2} ms ({:.2}x) |",
        ms(boxed.saturating_sub(plain)),
        boxed.as_secs_f64() / plain.as_secs_f64()
    );
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
