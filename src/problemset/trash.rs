//! The trash folder: where `judge build` moves the files of the test data that no build wrote
//! (a setter's own, or a built file edited by hand), so that nothing is deleted unnamed. A new
//! folder per build under the ignored `target/trash/` beside judge.toml, named by the time
//! (UTC) and the process.

use std::path::{Path, PathBuf};

/// A new trash folder for a build of the plan at `plan`: `target/trash/TIME-PID` beside it
/// (`2026-12-03T07-05-09Z-4242`), not made until something is moved into it.
pub fn folder(plan: &Path) -> PathBuf {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let stamp = format!(
        "{year:04}-{month:02}-{day:02}T{:02}-{:02}-{:02}Z-{}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60,
        std::process::id()
    );
    let trash = match plan.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join("target/trash"),
        _ => PathBuf::from("target/trash"),
    };
    trash.join(stamp)
}
