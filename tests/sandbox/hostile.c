/* A hostile solution for tests/sandbox.rs: each mode tries one way to cheat, tamper, escape
 * or hog the machine, and prints "LEAK <what>" for every attempt that worked and
 * "BLOCKED <what>" for every one that did not. The test compiles it with -D for the paths
 * and pids it attacks: REPO, JUDGE_PID, JUDGE_PGID, SCRATCH, SECRET_FD. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/shm.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void report(int worked, const char *what) {
    printf("%s %s\n", worked ? "LEAK" : "BLOCKED", what);
    fflush(stdout);
}

static int readable(const char *path) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) return 0;
    char c;
    int ok = read(fd, &c, 1) >= 0;
    close(fd);
    return ok;
}

static int writable(const char *path) {
    int fd = open(path, O_WRONLY | O_APPEND);
    if (fd < 0) return 0;
    close(fd); /* nothing written: a failing sandbox must not damage the repository */
    return 1;
}

static int globbed(const char *pattern) {
    glob_t g;
    int found = glob(pattern, 0, NULL, &g) == 0 && g.gl_pathc > 0;
    int leak = 0;
    for (size_t i = 0; found && i < g.gl_pathc; i++) leak |= readable(g.gl_pathv[i]);
    if (found) globfree(&g);
    return leak;
}

static void spin(double seconds) {
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    do clock_gettime(CLOCK_MONOTONIC, &now);
    while ((now.tv_sec - start.tv_sec) + (now.tv_nsec - start.tv_nsec) / 1e9 < seconds);
}

static int depth(int n) {
    volatile char frame[1024];
    frame[0] = (char)n;
    if (n == 0) return frame[0];
    return depth(n - 1) + frame[0];
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "";
    if (!strcmp(mode, "read")) {
        report(readable("testdata/msquare/samples/statement.ans"), "relative testdata");
        report(readable(REPO "/testdata/msquare/samples/statement.ans"), "absolute testdata");
        report(readable(REPO "/judge.toml"), "judge.toml");
        char path[256];
        snprintf(path, sizeof path, "/proc/%d/cwd/testdata/msquare/samples/statement.ans", JUDGE_PID);
        report(readable(path), "testdata through /proc/<judge>/cwd");
        snprintf(path, sizeof path, "/proc/%d/environ", JUDGE_PID);
        report(readable(path), "the judge's environment");
        report(globbed(REPO "/testdata/*/*/*.ans"), "testdata by glob");
        report(globbed("/tmp/*/testdata/*/*/*.ans"), "copies of testdata under /tmp by glob");
        report(readable(SCRATCH), "a world-readable file outside the sandbox");
    } else if (!strcmp(mode, "exec")) {
        char *args[] = {"solve", "msquare", NULL};
        execv(REPO "/target/release/solve", args);
        report(0, "exec of the repository's solve");
    } else if (!strcmp(mode, "write")) {
        report(writable(REPO "/testdata/msquare/samples/statement.ans"), "write testdata");
        report(writable(REPO "/judge.toml"), "write judge.toml");
        report(writable(REPO "/target/release/check"), "write target/release/check");
        report(writable(SCRATCH), "write a world-writable file outside the sandbox");
        report(creat("/tmp/boardjudge-hostile-was-here", 0644) >= 0, "create a file in /tmp");
    } else if (!strcmp(mode, "group")) {
        report(setpgid(0, JUDGE_PGID) == 0, "join the judge's process group");
    } else if (!strcmp(mode, "setsid-chain")) {
        /* Ten nested children, each in a new session, each left sleeping. */
        for (int level = 0; level < 10; level++) {
            pid_t pid = fork();
            if (pid < 0) break;
            if (pid > 0) {
                if (level == 0) { report(0, "setsid chain started"); return 0; }
                pause();
            }
            setsid();
        }
        pause();
    } else if (!strcmp(mode, "ptrace")) {
        report(ptrace(PTRACE_SEIZE, JUDGE_PID, 0, 0) == 0, "ptrace the judge");
        char path[64];
        snprintf(path, sizeof path, "/proc/%d/mem", JUDGE_PID);
        report(readable(path), "read /proc/<judge>/mem");
        report(kill(JUDGE_PID, 0) == 0, "signal the judge");
    } else if (!strcmp(mode, "env")) {
        extern char **environ;
        for (char **e = environ; *e; e++) printf("%s\n", *e);
    } else if (!strcmp(mode, "fd")) {
        report(fcntl(SECRET_FD, F_GETFD) != -1, "an inherited descriptor");
        int open_above_2 = 0;
        for (int fd = 3; fd < 1024; fd++) open_above_2 |= fcntl(fd, F_GETFD) != -1;
        report(open_above_2, "any descriptor above 2");
    } else if (!strcmp(mode, "big-file")) {
        static char chunk[1 << 20];
        FILE *f = fopen("big", "w");
        for (int i = 0; f && i < 1024; i++)
            if (fwrite(chunk, 1, sizeof chunk, f) != sizeof chunk) break;
        report(f != NULL, "wrote up to 1 GiB");
    } else if (!strcmp(mode, "fork-loop")) {
        int made = 0;
        for (int i = 0; i < 1000; i++) {
            pid_t pid = fork();
            if (pid == 0) { pause(); _exit(0); }
            if (pid < 0) break;
            made++;
        }
        printf("forked %d\n", made);
    } else if (!strcmp(mode, "recursion")) {
        printf("%d\n", depth(64 * 1024)); /* 64 MiB of stack frames */
    } else if (!strcmp(mode, "cpu-children")) {
        for (int i = 0; i < 3; i++)
            if (fork() == 0) { spin(5); _exit(0); }
        sleep(4); /* exits without waiting for them, long before they end */
    } else if (!strcmp(mode, "memory-children")) {
        for (int i = 0; i < 8; i++)
            if (fork() == 0) {
                size_t n = 64 << 20;
                char *p = malloc(n);
                if (p) memset(p, 1, n);
                pause();
            }
        while (wait(NULL) > 0) {}
    } else if (!strcmp(mode, "abort")) {
        abort(); /* an honest crash: the run must end by SIGABRT, as outside the sandbox */
    } else if (!strcmp(mode, "segv")) {
        *(volatile int *)0 = 1;
    } else if (!strcmp(mode, "exit-7")) {
        exit(7);
    } else if (!strcmp(mode, "ipc-leave")) {
        /* A System V segment anyone may attach: it would outlive the run, and a later run
         * (another contestant's) could read what this one left in it. */
        int id = shmget(0x0b0a4d, 4096, IPC_CREAT | 0666);
        report(id >= 0, "create a shared memory segment");
    } else if (!strcmp(mode, "ipc-find")) {
        report(shmget(0x0b0a4d, 0, 0) >= 0, "find a segment an earlier run left");
    } else if (!strcmp(mode, "memfd")) {
        for (int i = 0; i < 48; i++) { /* 384 MiB in files of 8 MiB (below RLIMIT_FSIZE) */
            size_t n = 8 << 20;
            int fd = memfd_create("hog", 0);
            if (fd < 0 || ftruncate(fd, n) != 0) break;
            char *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
            if (p == MAP_FAILED) break;
            memset(p, 1, n);
            munmap(p, n); /* the memory stays in the memfd */
        }
        pause();
    }
    return 0;
}
