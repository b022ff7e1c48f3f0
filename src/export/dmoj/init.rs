//! `init.yml`: the tests as DMOJ batches and the bridged checker.

use crate::export::{Source, seconds, yaml_str};

/// The tests of each group, in plan order: `(group, [test id])`, one entry per run of tests
/// of the same group.
pub(super) fn batches(source: &Source) -> Vec<(String, Vec<String>)> {
    let mut batches: Vec<(String, Vec<String>)> = Vec::new();
    for t in &source.tests.tests {
        match batches.last_mut() {
            Some((group, ids)) if *group == t.plan.group => ids.push(t.id()),
            _ => batches.push((t.plan.group.clone(), vec![t.id()])),
        }
    }
    batches
}

/// The problem's `init.yml`.
pub(super) fn init_yml(source: &Source) -> String {
    let problem = source.problem;
    let mut yml = format!(
        "# DMOJ problem {name}: {title}\n\
         # Written by `judge export dmoj` from judge.toml (see README.md). DMOJ takes the limits\n\
         # from the site's problem: time limit {time} s, memory limit {memory} MiB ({kib} KiB),\n\
         # no partial points (all or nothing).\n\
         # One batch per judge.toml group, in plan order, worth its number of tests; each depends\n\
         # on every earlier batch, so judging ends at the first rejected test.\n\
         test_cases:\n",
        name = problem.name,
        title = problem.title,
        time = seconds(problem.time_limit),
        memory = problem.memory_limit,
        kib = problem.memory_limit * 1024,
    );
    for (k, (group, ids)) in batches(source).iter().enumerate() {
        yml.push_str(&format!("# group {group}\n- points: {}\n", ids.len()));
        if k > 0 {
            let earlier: Vec<String> = (1..=k).map(|b| b.to_string()).collect();
            yml.push_str(&format!("  dependencies: [{}]\n", earlier.join(", ")));
        }
        yml.push_str("  batched:\n");
        for id in ids {
            yml.push_str(&format!(
                "  - {{in: {}, out: {}}}\n",
                yaml_str(&format!("data/{id}.in")),
                yaml_str(&format!("data/{id}.ans"))
            ));
        }
    }
    yml.push_str(
        "# The portable checker (checker.cpp, DMOJ's protocol built in), compiled by DMOJ with its\n\
         # CPP17 executor; its standard output is the contestant's feedback.\n\
         checker:\n  name: bridged\n  args:\n    files: checker.cpp\n    lang: CPP17\n    \
         type: testlib\n    feedback: true\n",
    );
    yml
}
