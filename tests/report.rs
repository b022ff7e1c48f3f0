//! `judge strength --matrix` on the shipped msquare solutions, one run shared by every
//! assertion (the matrix of all problems is what CI's budget cannot pay twice): the matrix
//! (every accepted solution AC on every test, every wrong and slow one caught), its JSON,
//! and the HTML report rendered by a real browser (headless Chromium): every cell present
//! with its verdict and its runs, the busy machine's warning when there is one, the inline
//! script run, no network request made by the page, and its layout: groups collapsed to one
//! row each that expands on click, the failing group cells in the first screen at 1280x800,
//! the header row and the test column kept in view when the matrix scrolls (at 390x844, a
//! phone); the summary line README's quick start shows under it. The same for the page of
//! `judge run` with several solutions, on two tests.
//!
//! Without Chromium the browser half is skipped with a loud message; CI installs Chromium,
//! and there (`CI=true`, or BOARDJUDGE_REQUIRE_CHROMIUM=1 as .ci/run sets) the skip is a
//! failure ([`common::need`]).

mod common;

use common::cli::{repo, scratch};
use common::need::need;
use common::readme::{shown_under, shows};

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

#[test]
fn the_matrix_of_the_shipped_msquare_solutions_in_json_and_in_a_browser() {
    let dir = scratch("judge-report", "matrix");
    let html = dir.join("report.html");
    let o = Command::new(JUDGE)
        // Two jobs, as many as CI has cores: the report, not the timing, is under test here.
        .args([
            "strength", "msquare", "--matrix", "--json", "--jobs", "2", "--html",
        ])
        .arg(&html)
        .current_dir(repo())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    // README's quick start shows this command's summary line (its --json and --jobs aside):
    // the page's notes hold it.
    let page = std::fs::read_to_string(&html).unwrap();
    let notes: String = page
        .lines()
        .filter(|l| l.contains("class=\"note\""))
        .map(|l| format!("{l}\n"))
        .collect();
    for shown in shown_under("judge strength msquare --matrix --html report.html") {
        assert!(
            shows(&shown, &notes),
            "README: {shown}\nthe page's notes:\n{notes}"
        );
    }
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON on stdout");
    assert_eq!(v["failed"], 0);
    let m = &v["problems"][0];
    assert_eq!(m["problem"], "msquare");
    let tests = m["tests"].as_array().unwrap();
    assert!(tests.len() > 50);
    assert_eq!(tests[0]["group"], "samples");
    assert!(tests.iter().any(|t| t["group"] == "max-depth"));
    let rows = m["rows"].as_array().unwrap();
    // Every msquare solution of judge.toml (C++, Rust, Python 3, Java).
    let listed = boardjudge::problemset::plan::Plan::load(&repo().join("judge.toml"))
        .unwrap()
        .problem("msquare")
        .unwrap()
        .solutions
        .len();
    assert_eq!(rows.len(), listed);
    let verdict = |cell: &Value| cell["verdict"].as_str().unwrap().to_string();
    let caught_by = m["worth"]["caught_by"].as_array().unwrap();
    for row in rows {
        let path = row["path"].as_str().unwrap();
        let cells = row["cells"].as_array().unwrap();
        assert_eq!(cells.len(), tests.len(), "{path}: a cell per test");
        assert_eq!(row["ok"], true, "{path}: {}", row["summary"]);
        match row["expected"].as_str().unwrap() {
            "accepted" => {
                assert!(cells.iter().all(|c| verdict(c) == "AC"), "{path}");
                assert!(row["first_failure"].is_null());
            }
            expected => {
                let first = row["first_failure"].as_str().expect("a first failure");
                let catching = caught_by
                    .iter()
                    .find(|c| c[0] == path)
                    .map(|c| c[1].as_array().unwrap().len())
                    .unwrap_or(0);
                assert!(catching > 0, "{path} is caught by some test");
                let at = cells.iter().find(|c| c["test"] == first).unwrap();
                let wanted: &[&str] = if expected == "wrong_answer" {
                    &["WA", "PE"]
                } else {
                    &["TLE"]
                };
                assert!(wanted.contains(&verdict(at).as_str()), "{path}: {at}");
                // No early stop: it ran on every test after its first failure too.
                assert!(cells.iter().all(|c| c["cpu_seconds"].is_number()));
            }
        }
    }
    // The slow solution was probed beyond the limit.
    let slow = rows
        .iter()
        .find(|r| r["expected"] == "time_limit_exceeded")
        .unwrap();
    assert!(slow["probe"]["cpu_seconds"].as_f64().unwrap() > 0.0);
    assert_eq!(m["advice"]["suggested"], 1.0);
    // Candidates to drop catch no wrong solution and separate no slow one: never a max-depth
    // test (the slow solution fails each of them).
    let candidates = m["worth"]["drop_candidates"].as_array().unwrap();
    assert!(
        candidates
            .iter()
            .all(|c| !c.as_str().unwrap().starts_with("max-depth/")),
        "{candidates:?}"
    );
    let histogram = &m["answer_lengths"];
    let cases: u64 = histogram["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(cases as usize, tests.len(), "one board per msquare test");

    let page = std::fs::read_to_string(&html).unwrap();
    for external in ["src=\"http", "href=\"http", "<link", "@import", "url("] {
        assert!(
            !page.contains(external),
            "the page refers outside: {external}"
        );
    }
    browser(&dir, &html, rows, busy(&v), true);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_page_of_judge_run_with_several_solutions_in_a_browser() {
    let dir = scratch("judge-report", "run");
    let html = dir.join("run.html");
    let o = Command::new(JUDGE)
        .args(["run", "msquare", "--tests", "samples,edge", "--json"])
        .args([
            "solutions/msquare/accepted/bfs.cpp",
            "solutions/msquare/wrong_answer/rows_order_input.cpp",
            "--command",
            "sh -c 'echo 0; echo'",
            "--html",
        ])
        .arg(&html)
        .current_dir(repo())
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON on stdout");
    let rows = v["problems"][0]["rows"].as_array().unwrap();
    let verdicts: Vec<Vec<&str>> = rows
        .iter()
        .map(|r| {
            r["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["verdict"].as_str().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(verdicts, [["AC", "AC"], ["WA", "WA"], ["WA", "AC"]]);
    browser(&dir, &html, rows, busy(&v), false);
    std::fs::remove_dir_all(dir).unwrap();
}

/// Whether the report's JSON says that the machine was busy during the session.
fn busy(v: &Value) -> bool {
    v["timing"]["contention"]["busy"] == true
}

/// Renders the report in headless Chromium: every cell with its verdict and its runs (more
/// than one where a time verdict was confirmed), the busy machine's warning at the top when
/// the session was `busy`, the script run, no request made by the page (checked on Chromium's
/// own network log), and when `measure` the layout ([`layout`]).
fn browser(dir: &Path, html: &Path, rows: &[Value], busy: bool, measure: bool) {
    let Some(chromium) = chromium() else {
        let why = "the HTML report was NOT rendered in a browser (apt-get install chromium)";
        need("chromium", false, why);
        return;
    };
    let (dom, requests) = render(&chromium, dir, html, (1280, 800));
    assert!(
        requests.is_empty(),
        "the page made network requests: {requests:?}"
    );
    assert!(
        dom.contains("data-script=\"ran\""),
        "the inline script ran (it marks the body)"
    );
    assert_eq!(
        dom.contains("<p class=\"note warning\">warning: busy machine: "),
        busy,
        "the busy machine's warning at the top exactly when the session was busy"
    );
    // Every cell, in the text's orientation: a row per test, a column per solution; a cell
    // whose time verdict was confirmed says how many runs it took (`×3`).
    let mut shown: Vec<(String, String, String, String)> = dom
        .split("<td class=\"cell ")
        .skip(1)
        .map(|cell| {
            let runs = attribute(cell, "data-runs");
            let text = &cell[..cell.find("</td>").unwrap()];
            assert_eq!(
                text.contains(&format!("×{runs}")),
                runs != "1",
                "a cell's runs in its text: {text}"
            );
            (
                attribute(cell, "data-solution"),
                attribute(cell, "data-test"),
                attribute(cell, "data-verdict"),
                runs,
            )
        })
        .collect();
    let mut expected: Vec<(String, String, String, String)> = rows
        .iter()
        .flat_map(|row| {
            let path = row["path"].as_str().unwrap().to_string();
            row["cells"].as_array().unwrap().iter().map(move |c| {
                (
                    path.clone(),
                    c["test"].as_str().unwrap().to_string(),
                    c["verdict"].as_str().unwrap().to_string(),
                    c["runs"].to_string(),
                )
            })
        })
        .collect();
    shown.sort();
    expected.sort();
    assert_eq!(shown, expected, "the cells as rendered");
    if measure {
        layout(&chromium, dir, html);
    }
    // The network check can fail: a page with an external image, script and style sheet.
    let bad = dir.join("bad.html");
    std::fs::write(
        &bad,
        "<!DOCTYPE html><img src=\"http://example.com/x.png\"><script \
         src=\"https://example.org/a.js\"></script>",
    )
    .unwrap();
    let (_, requests) = render(&chromium, dir, &bad, (1280, 800));
    assert_eq!(requests.len(), 2, "{requests:?}");
}

/// Measures the page's first matrix in Chromium, with a script added to a copy of the page
/// that writes what it measured into the DOM: at 1280x800 the groups are collapsed (each one
/// row; its test rows hidden), a click on a group's row shows its tests, and every group cell
/// with a failing worst verdict is in the first screen; at 390x844 (a phone), once every
/// group is expanded and the matrix scrolled down and right, the header row is still at its
/// top and the test column at its left.
fn layout(chromium: &Path, dir: &Path, html: &Path) {
    const PROBE: &str = r#"<script>(function () {
  var r = {};
  var section = document.querySelector("section.problem");
  var table = section.querySelector("table.matrix");
  var shown = function (list) { return [].filter.call(list, function (e) { return e.getClientRects().length > 0; }).length; };
  r.tests = table.querySelectorAll("tr.test").length;
  r.testsShown = shown(table.querySelectorAll("tr.test"));
  r.groups = table.querySelectorAll("tr.summary").length;
  r.groupsShown = shown(table.querySelectorAll("tr.summary"));
  var failing = [].filter.call(table.querySelectorAll("td.worst"), function (c) { return c.dataset.verdict !== "AC"; });
  r.failing = failing.length;
  r.failingInView = failing.filter(function (c) {
    var b = c.getBoundingClientRect();
    return b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth;
  }).length;
  var group = table.querySelector("tbody.group");
  group.querySelector("tr.summary").click();
  r.groupTests = group.querySelectorAll("tr.test").length;
  r.groupTestsShown = shown(group.querySelectorAll("tr.test"));
  section.querySelector("button.expand-all").click();
  r.allShown = shown(table.querySelectorAll("tr.test"));
  var box = table.parentElement;
  var frame = box.getBoundingClientRect();
  box.scrollTop = 10000; box.scrollLeft = 10000;
  r.scrolledDown = box.scrollTop; r.scrolledRight = box.scrollLeft;
  r.headerTop = Math.round(table.querySelector("thead th.sol").getBoundingClientRect().top - frame.top);
  var last = [].slice.call(table.querySelectorAll("tr.test th.test")).pop();
  r.columnLeft = Math.round(last.getBoundingClientRect().left - frame.left);
  r.width = innerWidth; r.height = innerHeight;
  // Nothing clipped: every group's label whole, every piece of a solution's name on one line.
  r.clippedGroups = [].filter.call(table.querySelectorAll("tr.summary th.test"), function (th) { return th.scrollWidth > th.clientWidth + 1; }).map(function (th) { return th.textContent; });
  r.brokenNames = [].filter.call(table.querySelectorAll("th.sol .w"), function (w) { return w.getClientRects().length !== 1; }).map(function (w) { return w.textContent; });
  r.namePieces = table.querySelectorAll("th.sol .w").length;
  document.body.setAttribute("data-probe", JSON.stringify(r));
})();</script>"#;
    // The page with the script, twice in frames of exactly those sizes (a window of
    // headless Chromium is larger than its viewport, and at least 500 px wide).
    let page = std::fs::read_to_string(html)
        .unwrap()
        .replace("</body>", &format!("{PROBE}</body>"));
    let escaped = page.replace('&', "&amp;").replace('"', "&quot;");
    let frame = |id: &str, (w, h): (u32, u32)| {
        format!(
            "<iframe id=\"{id}\" width=\"{w}\" height=\"{h}\" style=\"position:absolute;left:0;\
             top:0;border:0\" srcdoc=\"{escaped}\"></iframe>"
        )
    };
    let probe = dir.join("probe.html");
    std::fs::write(
        &probe,
        format!(
            "<!DOCTYPE html><html><body style=\"margin:0\">{}{}<script>\
             window.addEventListener('load', function () {{ ['wide', 'phone'].forEach(function \
             (id) {{ document.body.setAttribute('data-' + id, document.getElementById(id)\
             .contentDocument.body.getAttribute('data-probe')); }}); }});</script></body></html>",
            frame("wide", (1280, 800)),
            frame("phone", (390, 844))
        ),
    )
    .unwrap();
    let (dom, _) = render(chromium, dir, &probe, (1400, 1100));
    let measure = |id: &str, size: (u32, u32)| {
        let json = attribute(&dom, &format!("data-{id}")).replace("&quot;", "\"");
        let v: Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
        assert_eq!(
            (v["width"].as_u64(), v["height"].as_u64()),
            (Some(size.0.into()), Some(size.1.into())),
            "{v}"
        );
        v
    };
    for (id, size) in [("wide", (1280, 800)), ("phone", (390, 844))] {
        let v = measure(id, size);
        assert_eq!(v["clippedGroups"], serde_json::json!([]), "{id}: {v}");
        assert_eq!(v["brokenNames"], serde_json::json!([]), "{id}: {v}");
        assert!(v["namePieces"].as_u64().unwrap() > 0, "{id}: {v}");
    }
    let v = measure("wide", (1280, 800));
    assert!(v["groups"].as_u64().unwrap() > 0, "{v}");
    assert_eq!(v["groupsShown"], v["groups"], "a row per group: {v}");
    assert_eq!(v["testsShown"], 0, "the groups start collapsed: {v}");
    assert_eq!(
        v["groupTestsShown"], v["groupTests"],
        "a click expands a group: {v}"
    );
    assert_eq!(v["allShown"], v["tests"], "expand all: {v}");
    assert!(v["failing"].as_u64().unwrap() > 0, "{v}");
    assert_eq!(
        v["failingInView"], v["failing"],
        "the failing cells in the first screen: {v}"
    );
    let v = measure("phone", (390, 844));
    assert!(
        v["scrolledDown"].as_u64().unwrap() > 0,
        "the matrix scrolls down: {v}"
    );
    assert!(
        v["scrolledRight"].as_u64().unwrap() > 0,
        "the matrix scrolls sideways: {v}"
    );
    assert!(
        v["headerTop"].as_i64().unwrap().abs() <= 1,
        "a sticky header row: {v}"
    );
    assert!(
        v["columnLeft"].as_i64().unwrap().abs() <= 1,
        "a sticky test column: {v}"
    );
}

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|p| p.is_file())
}

/// The DOM after the page's scripts ran, and the URLs the page requested (Chromium's own
/// background requests have no origin as initiator and are not counted). Names resolve to
/// nothing, so a request never leaves the machine.
fn render(chromium: &Path, dir: &Path, page: &Path, size: (u32, u32)) -> (String, Vec<String>) {
    let profile = dir.join("profile");
    let netlog = dir.join("netlog.json");
    let _ = std::fs::remove_dir_all(&profile);
    let o = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--host-resolver-rules=MAP * ~NOTFOUND",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--log-net-log={}", netlog.display()))
        .arg(format!("--window-size={},{}", size.0, size.1))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let log: Value = serde_json::from_slice(&std::fs::read(&netlog).unwrap()).unwrap();
    let start_job = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"].clone();
    assert!(start_job.is_number(), "a Chromium net log");
    let requests = log["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["type"] == start_job)
        .filter(|e| e["params"]["url"].is_string())
        .filter(|e| e["params"]["initiator"] != "not an origin")
        .map(|e| e["params"]["url"].as_str().unwrap().to_string())
        .collect();
    (String::from_utf8_lossy(&o.stdout).into_owned(), requests)
}

fn attribute(text: &str, name: &str) -> String {
    let key = format!("{name}=\"");
    let start = text.find(&key).map(|i| i + key.len()).unwrap_or(0);
    text[start..]
        .split('"')
        .next()
        .unwrap_or_default()
        .to_string()
}
