//! Solutions declared by their folder: a source file in `solutions/<problem>/<verdict>/` is
//! a solution of the problem that must get that verdict, with no judge.toml entry (`judge
//! list`, `judge strength`, `judge export`); a judge.toml entry that contradicts its folder,
//! or a folder that is no verdict, is an error naming it; files given by `--solutions`
//! outside the declared ones are judged by the verdict of their folder.

mod common;

use common::cli::{copy_dir, judge_in, repo, scratch, text};

use std::path::{Path, PathBuf};

/// A scratch problem set: judge.toml holding the repository's msquare problem (samples and
/// by-distance only, without its `[[problem.solution]]` entries) and `extra`, built.
fn msquare_only(name: &str, extra: &str) -> PathBuf {
    let dir = scratch("judge-folders", name);
    write_plan(&dir, extra);
    let o = judge_in(&dir, &["build"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    dir
}

fn write_plan(dir: &Path, extra: &str) {
    let plan = std::fs::read_to_string(repo().join("judge.toml")).unwrap();
    let start = plan.find("[[problem]]\nname = \"msquare\"").unwrap();
    let end = plan[start..]
        .find("\n[[problem]]")
        .map_or(plan.len(), |e| start + e);
    let problem = &plan[start..end];
    // The problem's head and its samples and by-distance groups.
    let head = problem.split("\n[[problem.group]]").next().unwrap();
    let groups: Vec<&str> = problem
        .split("\n[[problem.group]]")
        .skip(1)
        .filter(|g| g.contains("name = \"samples\"") || g.contains("name = \"by-distance\""))
        .map(|g| g.split("\n[[problem.solution]]").next().unwrap())
        .collect();
    assert_eq!(groups.len(), 2);
    let mut text = head.to_string();
    for g in groups {
        text.push_str("\n[[problem.group]]");
        text.push_str(g);
    }
    text.push_str(extra);
    std::fs::write(dir.join("judge.toml"), text).unwrap();
}

/// Copies the repository's `from` to `to` under `dir`.
fn put(dir: &Path, from: &str, to: &str) {
    let to = dir.join(to);
    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
    std::fs::copy(repo().join(from), to).unwrap();
}

fn json(o: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", text(&o.stdout), text(&o.stderr)))
}

#[test]
fn a_solution_declared_by_its_folder_alone_is_judged_and_exported() {
    let dir = msquare_only("declared", "");
    put(
        &dir,
        "solutions/msquare/accepted/bfs.cpp",
        "solutions/msquare/accepted/bfs.cpp",
    );
    put(
        &dir,
        "solutions/msquare/wrong_answer/c_counterclockwise.cpp",
        "solutions/msquare/wrong_answer/c_counterclockwise.cpp",
    );
    // Beside them, files that are no solutions: a README, a header, notes in the problem's
    // folder.
    std::fs::write(
        dir.join("solutions/msquare/wrong_answer/README.md"),
        "# notes\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("solutions/msquare/wrong_answer/board.h"),
        "int x;\n",
    )
    .unwrap();
    std::fs::write(dir.join("solutions/msquare/notes.txt"), "notes\n").unwrap();

    let o = judge_in(&dir, &["list", "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        json(&o)["problems"][0]["solutions"],
        2,
        "{}",
        text(&o.stdout)
    );

    let o = judge_in(&dir, &["strength", "--jobs", "2", "--json"]);
    let v = json(&o);
    assert_eq!(o.status.code(), Some(0), "{v}");
    let solutions = v["solutions"].as_array().unwrap();
    let row = |path: &str| {
        solutions
            .iter()
            .find(|s| s["path"] == path)
            .unwrap_or_else(|| panic!("{path} not judged: {v}"))
    };
    let accepted = row("solutions/msquare/accepted/bfs.cpp");
    assert_eq!(accepted["expected"], "accepted");
    assert_eq!(accepted["ok"], true);
    let wrong = row("solutions/msquare/wrong_answer/c_counterclockwise.cpp");
    assert_eq!(wrong["expected"], "wrong_answer");
    assert_eq!(wrong["ok"], true, "{wrong}");
    assert_eq!(solutions.len(), 2, "{v}");

    // The Kattis package holds both (the statement and the cases file judge.toml names copied
    // in to make it), by their folder's verdict, with nothing else.
    copy_dir(&repo().join("statements"), &dir.join("statements"));
    copy_dir(&repo().join("cases"), &dir.join("cases"));
    let out = dir.join("packages");
    let o = judge_in(
        &dir,
        &["export", "kattis", "msquare", out.to_str().unwrap()],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let submissions = out.join("msquare/submissions");
    assert!(submissions.join("accepted/bfs.cpp").is_file());
    assert!(
        submissions
            .join("wrong_answer/c_counterclockwise.cpp")
            .is_file()
    );
    let listed = std::fs::read_dir(submissions.join("wrong_answer"))
        .unwrap()
        .count();
    assert_eq!(listed, 1, "only the solution is exported");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_entry_may_describe_a_folder_solution_but_not_contradict_its_folder() {
    let entry = "\n[[problem.solution]]\npath = \"solutions/msquare/wrong_answer/c.cpp\"\n\
                 expected = \"EXPECTED\"\n";
    let dir = scratch("judge-folders", "contradicts");
    put(
        &dir,
        "solutions/msquare/wrong_answer/c_counterclockwise.cpp",
        "solutions/msquare/wrong_answer/c.cpp",
    );
    write_plan(&dir, &entry.replace("EXPECTED", "accepted"));
    let o = judge_in(&dir, &["list"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("solution solutions/msquare/wrong_answer/c.cpp: its folder")
            && err.contains("declares it wrong_answer, the entry says expected = \"accepted\""),
        "{err}"
    );
    // The line of the entry is named.
    let plan = std::fs::read_to_string(dir.join("judge.toml")).unwrap();
    let line = plan
        .lines()
        .position(|l| l == "[[problem.solution]]")
        .unwrap()
        + 1;
    assert!(err.contains(&format!("judge.toml:{line}:")), "{err}");

    // The same verdict, no description: the header comment's first sentence describes it.
    write_plan(&dir, &entry.replace("EXPECTED", "wrong_answer"));
    let o = judge_in(&dir, &["list", "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(json(&o)["problems"][0]["solutions"], 1);

    // A misspelt verdict folder is an error, not solutions dropped unseen.
    put(
        &dir,
        "solutions/msquare/wrong_answer/c_counterclockwise.cpp",
        "solutions/msquare/wrong_anwser/d.cpp",
    );
    let o = judge_in(&dir, &["list"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("solutions/msquare/wrong_anwser/ is not a verdict folder"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn files_outside_the_declared_solutions_are_judged_by_their_folder() {
    let dir = msquare_only("given", "");
    put(&dir, "solutions/msquare/accepted/bfs.cpp", "my/bfs.cpp");
    put(
        &dir,
        "solutions/msquare/wrong_answer/c_counterclockwise.cpp",
        "my/wrong_answer/ccw.cpp",
    );
    std::fs::write(dir.join("my/README.md"), "mine\n").unwrap();
    // Which problem they solve must be said.
    let o = judge_in(&dir, &["strength", "--solutions", "my/*"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("name the problem they solve"), "{err}");

    let o = judge_in(
        &dir,
        &[
            "strength",
            "msquare",
            "--solutions",
            "my/*",
            "--json",
            "--jobs",
            "2",
        ],
    );
    let v = json(&o);
    assert_eq!(o.status.code(), Some(0), "{v}");
    let solutions = v["solutions"].as_array().unwrap();
    let got: Vec<(&str, &str, bool)> = solutions
        .iter()
        .map(|s| {
            (
                s["path"].as_str().unwrap(),
                s["expected"].as_str().unwrap(),
                s["ok"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("my/bfs.cpp", "accepted", true),
            ("my/wrong_answer/ccw.cpp", "wrong_answer", true)
        ]
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn several_solutions_are_judged_together_test_by_test() {
    // Three accepted solutions on one worker: each test goes round the three before the
    // next starts, so that a slow one holds none back and an interrupt leaves each with
    // results.
    let dir = msquare_only("together", "");
    for name in ["a", "b", "c"] {
        put(
            &dir,
            "solutions/msquare/accepted/bfs.cpp",
            &format!("my/{name}.cpp"),
        );
    }
    let o = judge_in(
        &dir,
        &[
            "strength",
            "msquare",
            "--solutions",
            "my/*",
            "--jobs",
            "1",
            "--json-lines",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let events: Vec<(u64, u64)> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["event"] == "run")
        .map(|v| {
            let number = |key: &str| v[key].as_u64().unwrap_or_else(|| panic!("{key}: {v}"));
            (number("solution_number"), number("test_number"))
        })
        .collect();
    let tests = events.len() as u64 / 3;
    assert!(tests >= 3, "{events:?}");
    let expected: Vec<(u64, u64)> = (1..=tests)
        .flat_map(|t| (1..=3).map(move |s| (s, t)))
        .collect();
    assert_eq!(events, expected);
    std::fs::remove_dir_all(dir).unwrap();
}

/// `judge strength PROBLEM --with [VERDICT=]FILE...`: files outside the repository join the
/// shipped solutions (here one of them, by `--solutions`) in the same matrix (JSON and HTML)
/// and list, with the verdict declared before `=` or else the one their folder names.
#[test]
fn with_adds_solutions_beside_the_shipped_ones() {
    let dir = scratch("judge-folders", "with");
    put(
        &dir,
        "solutions/msquare/wrong_answer/rows_order_input.cpp",
        "wrong_answer/mine.cpp",
    );
    put(
        &dir,
        "solutions/msquare/wrong_answer/c_counterclockwise.cpp",
        "ccw.cpp",
    );
    let plan = repo().join("judge.toml");
    let strength = |more: &[&str]| {
        let mut args = vec!["strength", "msquare", "--plan", plan.to_str().unwrap()];
        args.extend(["--tests", "samples", "--solutions", "*accepted/bfs.cpp"]);
        args.extend(more);
        judge_in(&dir, &args)
    };
    let with = ["--with", "wrong_answer/mine.cpp", "wrong_answer=ccw.cpp"];
    let page = dir.join("report.html");
    let o = strength(&[&with[..], &["--json", "--html", page.to_str().unwrap()]].concat());
    let v = json(&o);
    assert_eq!(o.status.code(), Some(0), "{v}");
    let rows: Vec<(String, &str, bool)> = (v["problems"][0]["rows"].as_array().unwrap().iter())
        .map(|r| {
            let path = Path::new(r["path"].as_str().unwrap());
            let shown = path.strip_prefix(&dir).unwrap_or(path);
            let verdicts = r["cells"].as_array().unwrap().iter();
            let wrong = verdicts
                .map(|c| c["verdict"].as_str().unwrap())
                .any(|v| v == "WA");
            (
                shown.display().to_string(),
                r["expected"].as_str().unwrap(),
                wrong,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (
                "solutions/msquare/accepted/bfs.cpp".into(),
                "accepted",
                false
            ),
            ("wrong_answer/mine.cpp".into(), "wrong_answer", true),
            ("ccw.cpp".into(), "wrong_answer", true),
        ]
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("mine.cpp") && html.contains("ccw.cpp"));
    // The list without --matrix, and the problem must be named.
    let o = strength(&with);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("wrong_answer/mine.cpp") && out.contains("ccw.cpp"),
        "{out}"
    );
    let o = judge_in(
        &dir,
        &[
            "strength",
            "--plan",
            plan.to_str().unwrap(),
            "--with",
            "ccw.cpp",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("name the problem"),
        "{}",
        text(&o.stderr)
    );
    std::fs::remove_dir_all(dir).unwrap();
}
