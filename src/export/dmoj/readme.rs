//! The folder's README.md: what it is, how to add it to a DMOJ site, how it is scored, what
//! was verified and how.

use crate::export::dmoj::init::batches;
use crate::export::dmoj::suite::Case;
use crate::export::{Source, seconds};

/// The README of a problem's DMOJ folder.
pub(super) fn readme(source: &Source, solutions: &[Case], pictures: &[String]) -> String {
    let problem = source.problem;
    let name = &problem.name;
    let batches = batches(source);
    let groups: Vec<String> = batches
        .iter()
        .enumerate()
        .map(|(k, (group, ids))| format!("{} `{group}` ({} tests)", k + 1, ids.len()))
        .collect();
    let mut table = String::from("| test | language | source | expect |\n|---|---|---|---|\n");
    for s in solutions {
        table.push_str(&format!(
            "| `tests/{}` | {} | `{}` | `{}` |\n",
            s.dir, s.language, s.file, s.expect
        ));
    }
    let pictures = if pictures.is_empty() {
        String::from("The statement shows no picture.")
    } else {
        format!(
            "The statement shows {}: upload each with the description editor's image button \
             and put the address it gives in place of the file name in `![...](FILE)`.",
            pictures
                .iter()
                .map(|p| format!("`{p}`"))
                .collect::<Vec<_>>()
                .join(" and ")
        )
    };
    format!(
        "# {name}: {title} (DMOJ problem folder)\n\n\
Written by boardjudge's `judge export dmoj {name} OUT_DIR` from judge.toml, the committed test \
data (checked first to be exactly what judge.toml builds), `statements/{name}.md` and the \
shipped solutions. Exporting again gives the same bytes. Nothing in it is a prebuilt program.\n\n\
## What is in it\n\n\
- `init.yml`: what the DMOJ judge reads: the {tests} tests as {n} batches, one per group of \
judge.toml in its order ({groups}), and the checker.\n\
- `data/GROUP/TEST.in` and `.ans`: the tests, under their names in boardjudge's testdata.\n\
- `checker.cpp`: boardjudge's portable checker (one C++17 file, standard library only) with \
this problem's format and options and DMOJ's protocol built in. DMOJ compiles it (its `bridged` \
checker, `lang: CPP17`, `type: testlib`) and runs it as `checker.cpp <input> <output> <answer>`: \
exit 0 accepted, 1 wrong answer, 2 presentation error (DMOJ's WA, feedback \"Presentation \
Error\" when there is no other), 3 a judge failure (DMOJ's IE: the jury's message goes to the \
internal error, which only the site's staff read).\n\
- `statement.md`: the statement in DMOJ's Markdown, for the problem's description. {pictures}\n\
- `tests/*/test.yml`: every shipped solution with the verdict judge.toml declares, in DMOJ's \
testsuite format (below).\n\n\
## Adding it to a DMOJ site\n\n\
1. Copy this folder, named `{name}` (the problem code), into a directory that the judges' \
`problem_storage_globs` (judge.yml) covers, on every judge that should judge it. A judge \
announces the problems it finds to the site.\n\
2. On the site, create the problem with code `{name}`, name `{title}`, time limit {time} s, \
memory limit {kib} KiB ({memory} MiB), **Allows partial points** unticked, points as the \
contest wants, the description from `statement.md`, and the languages to allow. DMOJ takes the \
limits from the site's problem; init.yml does not hold them (its comments repeat them).\n\
3. Do not save the problem's test data page on the site: the site then writes its own \
init.yml over this one.\n\n\
## How it is scored\n\n\
All or nothing, as the original judges score. Each batch is worth as many points as it has \
tests and depends on every earlier batch, so the first rejected test ends the judging and the \
tests after it are skipped (SC), as on an ICPC judge; with partial points off, a submission \
gets the problem's points only when every batch passes. The checker never asks for partial \
points (exit 7 with `points N` on standard error, which DMOJ's testlib bridge reads): there \
are none.\n\n\
## What contestants see\n\n\
DMOJ shows the checker's standard output beside each test case's verdict, and this checker \
writes there one line made of fixed phrases and numbers: the verdict, the case and, for a \
presentation error, the line (`wrong answer on case 3: the moves do not reach the target`). \
Never the expected answer or a board. It writes nothing on standard error. DMOJ also shows \
each case's time and memory, and the first 64 bytes of a rejected output (init.yml's \
`output_prefix_length`, DMOJ's default): the contestant's own output.\n\n\
## Verdicts: DMOJ's codes\n\n\
judge.toml declares accepted, wrong_answer or time_limit_exceeded: DMOJ's AC, WA (a \
presentation error included) and TLE. DMOJ calls a program that exits with a non-zero status \
IR (invalid return) and keeps RTE for one killed by a signal or a forbidden system call; no \
solution here is declared to fail that way. A test.yml says which codes each test case may \
get: `AC` for an accepted solution; for a rejected one the codes before and after its first \
failure too (`[AC, WA, SC]`, `[AC, TLE, SC]`), since judging stops there.\n\n\
{table}\n\
## What was verified, and how\n\n\
boardjudge's `.ci/verify-packages` installs the DMOJ judge from PyPI (`dmoj==4.1.0`, with \
`libseccomp-dev`), exports every problem and runs DMOJ's own testsuite on each folder, in \
DMOJ's sandbox, with the executors CPP17 (g++), PY3 (python3), JAVA (javac and java) and RUST \
(cargo) that its judge.yml names by absolute path:\n\n\
    python -m dmoj.testsuite -c judge.yml -e CPP17,PY3,JAVA,RUST OUT_DIR '{name}$'\n\n\
Every solution must get codes its test.yml allows (DMOJ prints \"All cases passed.\" and \
exits 0), and each one declared rejected must have its verdict on some test case (read from \
DMOJ's report of every case). Two things a judge machine needs for the Java and Rust \
solutions, since DMOJ's compiler sandbox reads only /usr, /lib, /opt and /home: a JDK whose \
files are files (Debian's and Ubuntu's JDK link `conf/security/java.security` into /etc, and \
javac then fails DMOJ's self-test with \"Error loading java.security file\"; a copy with the \
links resolved under /opt serves), and a Rust toolchain it can read with the crates of DMOJ's \
Cargo.toml already in the judge's `~/.cargo` (DMOJ builds with `cargo build --offline`; \
`cargo fetch` in a project with that Cargo.toml puts them there). boardjudge's CI runs DMOJ as \
root, and one verdict differs on a judge that runs as a user: DMOJ's C and C++ executors set \
RLIMIT_NPROC to 0, which the kernel ignores for root, so a C or C++ solution that starts a \
thread (msquare's `threads.cpp`) is AC in CI but fails its first test there with RTE \
(`std::system_error`, seen by hand). Its test.yml says AC, as judge.toml does. \
The verdicts that depend on time are DMOJ's CPU time against the limits above, so \
on a crowded machine a solution near its limit can get TLE. \
boardjudge's tests/export.rs checks the layout, parses init.yml and compiles checker.cpp with \
g++ to compare its exit codes and feedback with boardjudge's `check`.\n",
        title = problem.title,
        tests = source.tests.tests.len(),
        n = batches.len(),
        groups = groups.join(", "),
        time = seconds(problem.time_limit),
        memory = problem.memory_limit,
        kib = problem.memory_limit * 1024,
    )
}
