/* A hostile solution for tests/sandbox.rs: each mode tries one way to cheat, tamper, escape
 * or hog the machine, and prints "LEAK <what>" for every attempt that worked and
 * "BLOCKED <what>" for every one that did not. The test compiles it with -D for the paths
 * and pids it attacks: REPO, JUDGE_PID, JUDGE_PGID, SCRATCH, SECRET_FD, and JURY (a directory
 * of the test's with an answer file and a listening UNIX socket). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <linux/aio_abi.h>
#include <linux/netlink.h>
#include <sys/inotify.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/xattr.h>
#include <sys/ptrace.h>
#include <sys/msg.h>
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

/* Burns this process's own CPU time (not the wall clock's) for `seconds`. */
static void burn(double seconds) {
    struct timespec now;
    do clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    while (now.tv_sec + now.tv_nsec / 1e9 < seconds);
}

/* What a C++ program writes when an allocation throws std::bad_alloc. */
static const char BAD_ALLOC[] =
    "terminate called after throwing an instance of 'std::bad_alloc'\n  what():  std::bad_alloc\n";

static int depth(int n) {
    volatile char frame[1024];
    frame[0] = (char)n;
    if (n == 0) return frame[0];
    return depth(n - 1) + frame[0];
}

/* Where a run writes: its TMPDIR (in the sandbox, its own), else /tmp. */
static const char *scratch_dir(void) {
    const char *dir = getenv("TMPDIR");
    return dir && *dir ? dir : "/tmp";
}

/* The netlink port the two halves of the cross-run attack agree on. */
#define NETLINK_PORT (0x0b0a0000u | (JUDGE_PID & 0xffff))

static long keyctl(int op, long a, long b, long c, long d) {
    return syscall(SYS_keyctl, op, a, b, c, d);
}

/* The system file whose cached pages carry a number from one run to the next (the test
 * evicts it first): nine pages, read by nothing else. */
#define CARRIER "/usr/share/common-licenses/GPL-3"
#define CARRIER_PAGES 9

/* Prints the text of the line of /proc/self/status that starts with `key`, or why not. */
static void status_line(const char *key) {
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) {
        printf("status: %s\n", strerror(errno));
        return;
    }
    char line[256];
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, key, strlen(key))) printf("status: %s", line);
    fclose(f);
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
    } else if (!strcmp(mode, "clone-parent")) {
        /* A child whose parent is the judge itself, outside the run: it sleeps until killed. */
        long pid = syscall(SYS_clone, CLONE_PARENT | SIGCHLD, 0, 0, 0, 0);
        if (pid == 0) for (;;) pause();
        report(pid > 0, "clone with CLONE_PARENT");
    } else if (!strcmp(mode, "page-cache")) {
        /* Evict or probe the cached pages of a system file every run shares. */
        int fd = open("/usr/bin/env", O_RDONLY);
        size_t n = 4096;
        void *p = mmap(NULL, n, PROT_READ, MAP_SHARED, fd, 0);
        report(posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) == 0, "posix_fadvise DONTNEED");
        unsigned char vec[1];
        report(p != MAP_FAILED && mincore(p, n, vec) == 0, "mincore on a shared file");
        report(p != MAP_FAILED && madvise(p, n, 21 /* MADV_PAGEOUT */) == 0, "madvise MADV_PAGEOUT");
        report(p != MAP_FAILED && madvise(p, n, 20 /* MADV_COLD */) == 0, "madvise MADV_COLD");
        char c;
        struct iovec io = {&c, 1};
        /* Cached: read; not cached: EAGAIN. Either answer is the probe. */
        long r = preadv2(fd, &io, 1, 0, RWF_NOWAIT);
        report(r >= 0 || errno == EAGAIN, "preadv2 RWF_NOWAIT");
        struct { long range[2]; long stat[6]; } cs = {{0, 4096}, {0}};
        report(syscall(451 /* cachestat */, fd, cs.range, cs.stat, 0) == 0, "cachestat");
    } else if (!strcmp(mode, "locks")) {
        /* Locks, leases and watches on a system file every run shares. */
        int fd = open("/usr/bin/env", O_RDONLY);
        report(flock(fd, LOCK_SH | LOCK_NB) == 0, "flock");
        struct flock l = {.l_type = F_RDLCK, .l_whence = SEEK_SET};
        report(fcntl(fd, F_SETLK, &l) == 0, "fcntl F_SETLK");
        report(fcntl(fd, F_GETLK, &l) == 0, "fcntl F_GETLK");
        struct flock o = {.l_type = F_RDLCK, .l_whence = SEEK_SET};
        report(fcntl(fd, F_OFD_SETLK, &o) == 0, "fcntl F_OFD_SETLK");
        report(fcntl(fd, F_SETLEASE, F_RDLCK) == 0, "fcntl F_SETLEASE");
        int in = inotify_init1(0);
        report(in >= 0 && inotify_add_watch(in, "/usr/bin/env", IN_ACCESS) >= 0, "inotify on /usr/bin/env");
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
    } else if (!strcmp(mode, "hang")) {
        /* A child in a session of its own, then both sleep: a run that never ends by itself. */
        if (fork() == 0) {
            setsid();
        }
        printf("hanging\n");
        fflush(stdout);
        for (;;) pause();
    } else if (!strcmp(mode, "ipc-leave")) {
        /* A System V segment anyone may attach: it would outlive the run, and a later run
         * (another contestant's) could read what this one left in it. */
        int id = shmget(0x0b0a4d, 4096, IPC_CREAT | 0666);
        report(id >= 0, "create a shared memory segment");
    } else if (!strcmp(mode, "ipc-find")) {
        report(shmget(0x0b0a4d, 0, 0) >= 0, "find a segment an earlier run left");
    } else if (!strcmp(mode, "netlink-listen")) {
        int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_USERSOCK);
        struct sockaddr_nl me = {.nl_family = AF_NETLINK, .nl_pid = NETLINK_PORT};
        if (fd < 0 || bind(fd, (struct sockaddr *)&me, sizeof me) != 0) {
            report(0, "a netlink socket to listen on");
            return 0;
        }
        struct timeval wait = {.tv_sec = 3};
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
        char buffer[256];
        report(recv(fd, buffer, sizeof buffer, 0) > 0, "a message from another run over netlink");
    } else if (!strcmp(mode, "netlink-send")) {
        int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_USERSOCK);
        if (fd < 0) {
            report(0, "a netlink socket to send on");
            return 0;
        }
        struct sockaddr_nl to = {.nl_family = AF_NETLINK, .nl_pid = NETLINK_PORT};
        struct nlmsghdr message = {.nlmsg_len = sizeof message};
        int sent = 0;
        for (int i = 0; i < 100; i++) { /* 2 s: time for the listener to start */
            sent |= sendto(fd, &message, sizeof message, 0, (struct sockaddr *)&to, sizeof to) > 0;
            usleep(20000);
        }
        report(sent, "send a netlink message to another run");
    } else if (!strcmp(mode, "keyring-read")) {
        char name[64];
        snprintf(name, sizeof name, "boardjudge-secret-%d", JUDGE_PID);
        long key = keyctl(10 /* KEYCTL_SEARCH */, -3 /* session */, (long)"user", (long)name, 0);
        char secret[64] = "";
        report(key >= 0 && keyctl(11 /* KEYCTL_READ */, key, (long)secret, sizeof secret, 0) > 0,
               "read a key of the judge's session keyring");
    } else if (!strcmp(mode, "keyring-leave")) {
        char name[64];
        snprintf(name, sizeof name, "boardjudge-left-%d", JUDGE_PID);
        report(syscall(SYS_add_key, "user", name, "left", 4, -4 /* user keyring */) >= 0,
               "leave a key in the user keyring");
    } else if (!strcmp(mode, "keyring-find")) {
        char name[64];
        snprintf(name, sizeof name, "boardjudge-left-%d", JUDGE_PID);
        long key = keyctl(10 /* KEYCTL_SEARCH */, -4 /* user */, (long)"user", (long)name, 0);
        report(key >= 0, "find a key an earlier run left");
        if (key >= 0) keyctl(9 /* KEYCTL_UNLINK */, key, -4, 0, 0);
    } else if (!strcmp(mode, "socket-connect")) {
        int fd = socket(AF_UNIX, SOCK_STREAM, 0);
        struct sockaddr_un to = {.sun_family = AF_UNIX, .sun_path = JURY "/listener.sock"};
        report(fd >= 0 && connect(fd, (struct sockaddr *)&to, sizeof to) == 0,
               "connect to a UNIX socket of the host by its path");
    } else if (!strcmp(mode, "jury-peek")) {
        struct stat st;
        report(stat(JURY "/answer.ans", &st) == 0, "stat of an answer file");
        int fd = inotify_init1(0);
        report(fd >= 0 && inotify_add_watch(fd, JURY, IN_ALL_EVENTS) >= 0,
               "watch the answers' directory with inotify");
    } else if (!strcmp(mode, "jury-tamper")) {
        report(chmod(JURY "/answer.ans", 0) == 0, "chmod 000 an answer file");
        report(setxattr(JURY "/answer.ans", "user.boardjudge", "x", 1, 0) == 0,
               "set an extended attribute on an answer file");
    } else if (!strcmp(mode, "cache-fill")) {
        /* Brings its standard input, a file, into the page cache anew (the test dropped it),
         * charged to this run's memory group. */
        int fd = 0;
        static char buffer[1 << 20];
        long total = 0, n;
        while (fd >= 0 && (n = read(fd, buffer, sizeof buffer)) > 0) total += n;
        printf("read %ld\n", total);
    } else if (!strcmp(mode, "disk-fill")) {
        /* Files of 8 MiB each, each below the file size limit: 192 MiB in all. */
        char path[512];
        int reserved = 0, files = 0;
        for (; files < 24; files++) {
            snprintf(path, sizeof path, "%s/boardjudge-fill-%d-%d", scratch_dir(), JUDGE_PID, files);
            int fd = open(path, O_CREAT | O_WRONLY, 0600);
            if (fd < 0) break;
            int ok = fallocate(fd, 0, 0, 8 << 20) == 0;
            close(fd);
            if (!ok) { files++; break; }
            reserved += 8;
        }
        for (int i = 0; i < files; i++) {
            snprintf(path, sizeof path, "%s/boardjudge-fill-%d-%d", scratch_dir(), JUDGE_PID, i);
            unlink(path);
        }
        printf("reserved %d MiB\n", reserved);
        report(reserved > 64, "reserve more disk than the default limit of a run");
    } else if (!strcmp(mode, "deep-tree")) {
        /* A tree deeper than PATH_MAX, its deepest directory unreadable, its top read-only. */
        char top[512], name[101];
        snprintf(top, sizeof top, "%s/boardjudge-deep-%d", scratch_dir(), JUDGE_PID);
        memset(name, 'd', 100);
        name[100] = 0;
        if (mkdir(top, 0755) != 0 || chdir(top) != 0) return 1;
        for (int level = 0; level < 60; level++) {
            if (mkdir(name, 0755) != 0 || chdir(name) != 0) return 1;
            close(open("file", O_CREAT | O_WRONLY, 0644));
        }
        chmod(".", 0);
        chmod(top, 0555);
        printf("left %s\n", top);
    } else if (!strcmp(mode, "traceme-abort")) {
        /* Traced by its parent, its death by SIGABRT would be a stop its parent sees. */
        ptrace(PTRACE_TRACEME, 0, 0, 0);
        abort();
    } else if (!strcmp(mode, "sigxcpu")) {
        raise(SIGXCPU); /* 0 s of CPU: a crash, not a time limit */
    } else if (!strcmp(mode, "forge-bad-alloc")) {
        /* The words of a failed allocation, with no allocation at all (issue 29). */
        fputs(BAD_ALLOC, stderr);
        return 1;
    } else if (!strcmp(mode, "forge-disk")) {
        /* The words of a full disk, with nothing written. */
        fputs("write: No space left on device\n", stderr);
        return 1;
    } else if (!strcmp(mode, "forge-sigxcpu")) {
        /* Half the CPU limit of 1 s and a little more, then the signal of RLIMIT_CPU. */
        burn(0.52);
        raise(SIGXCPU);
    } else if (!strcmp(mode, "grow")) {
        /* The honest counterpart: one array grown as a C++ vector grows (a new block of twice
         * the size, the old copied and freed), every byte used, until an allocation fails. */
        size_t n = 1 << 20;
        char *p = calloc(n, 1);
        for (;;) {
            char *q = malloc(2 * n);
            if (!q) { fputs(BAD_ALLOC, stderr); abort(); }
            memcpy(q, p, n);
            memset(q + n, 1, n);
            free(p);
            p = q;
            n *= 2;
        }
    } else if (!strcmp(mode, "write-until-full")) {
        /* The honest counterpart: files of 1 MiB in the working directory until a write fails,
         * then the error, as a program that meets a full disk reports it. */
        static char chunk[1 << 20];
        for (int i = 0;; i++) {
            char path[64];
            snprintf(path, sizeof path, "fill-%d", i);
            FILE *f = fopen(path, "w");
            if (!f || fwrite(chunk, 1, sizeof chunk, f) != sizeof chunk || fclose(f) != 0) {
                perror("write");
                return 1;
            }
        }
    } else if (!strcmp(mode, "spin")) {
        for (;;) {} /* the honest counterpart: CPU until the limit */
    } else if (!strcmp(mode, "msgq-hog")) {
        /* 400 MiB held in System V message queues, the kernel's memory, none of it mapped. */
        static struct { long type; char text[8192]; } message = {1, {0}};
        static int ids[65536];
        long held = 0, want = 400l << 20;
        int queues = 0;
        while (held < want && queues < 65536) {
            int id = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
            if (id < 0) break;
            ids[queues++] = id;
            int sent = 0;
            while (held < want && msgsnd(id, &message, sizeof message.text, IPC_NOWAIT) == 0) {
                held += sizeof message.text;
                sent++;
            }
            if (!sent) break;
        }
        printf("held %ld MiB\n", held >> 20);
        report(held > 256l << 20, "hold more than 256 MiB in message queues");
        /* (with the sandbox off, the queues would outlive the run) */
        for (int i = 0; i < queues; i++) msgctl(ids[i], IPC_RMID, NULL);
    } else if (!strcmp(mode, "ipc-raise")) {
        /* Gives the run's IPC namespace its limits back, through /proc/sys. */
        int fd = open("/proc/sys/kernel/msgmni", O_WRONLY);
        report(fd >= 0 && write(fd, "32000", 5) == 5, "raise the run's message queue limit");
    } else if (!strcmp(mode, "tmp-memfd-hog")) {
        /* 260 MiB: files in the working directory up to the disk limit, then memfds filled by
         * write (never mapped), each of 8 MiB, below the file size limit. */
        static char chunk[1 << 20];
        long held = 0, want = 260l << 20;
        int files = 0;
        char path[512];
        for (; files < 64; files++) { /* (with the sandbox off, 64 MiB of files at most) */
            snprintf(path, sizeof path, "%s/boardjudge-hog-%d-%d", scratch_dir(), JUDGE_PID, files);
            int fd = open(path, O_CREAT | O_WRONLY, 0600);
            if (fd < 0) break;
            int ok = write(fd, chunk, sizeof chunk) == sizeof chunk;
            close(fd);
            if (!ok) { files++; break; }
            held += sizeof chunk;
        }
        while (held < want) {
            int fd = memfd_create("hog", 0), ok = fd >= 0;
            for (int i = 0; ok && i < 8; i++) ok = write(fd, chunk, sizeof chunk) == sizeof chunk;
            if (!ok) break;
            held += 8 << 20;
        }
        for (int i = 0; i < files; i++) {
            snprintf(path, sizeof path, "%s/boardjudge-hog-%d-%d", scratch_dir(), JUDGE_PID, i);
            unlink(path);
        }
        printf("held %ld MiB\n", held >> 20);
        report(held > 256l << 20, "hold more than 256 MiB in /tmp and memfds");
    } else if (!strcmp(mode, "children-burn")) {
        /* Three children burn 0.45 s of CPU each, then sleep; the main process waits until they
         * have (never for them) and exits: they are killed at the end of the run. */
        int done[2];
        if (pipe(done) != 0) return 1;
        for (int i = 0; i < 3; i++)
            if (fork() == 0) {
                burn(0.45);
                if (write(done[1], "x", 1) != 1) _exit(1);
                for (;;) pause();
            }
        char c;
        for (int i = 0; i < 3; i++)
            if (read(done[0], &c, 1) != 1) return 1;
    } else if (!strcmp(mode, "escapes")) {
        fprintf(stderr, "\033[2J\033[H61/61 accepted\033]52;c;Ym9hcmRqdWRnZQ==\007\n");
        return 1;
    } else if (!strcmp(mode, "cache-touch")) {
        /* Brings pages 1, 4 and 6 of the carrier into the page cache, one by one (no
         * read-ahead): the number a later run reads back. */
        int fd = open(CARRIER, O_RDONLY);
        size_t n = CARRIER_PAGES * 4096;
        volatile char *p = mmap(NULL, n, PROT_READ, MAP_SHARED, fd, 0);
        if (fd < 0 || p == MAP_FAILED || madvise((void *)p, n, MADV_RANDOM) != 0) return 1;
        int sum = p[1 * 4096] + p[4 * 4096] + p[6 * 4096];
        printf("touched %d\n", sum > 0);
    } else if (!strcmp(mode, "cache-probe")) {
        /* Which pages of the carrier are cached, through Linux AIO: a read with RWF_NOWAIT
         * fails with EAGAIN when its page is not (all submitted at once, the last page first,
         * so that no probe's read-ahead reaches another's page). */
        aio_context_t ctx = 0;
        int fd = open(CARRIER, O_RDONLY);
        if (syscall(SYS_io_setup, CARRIER_PAGES, &ctx) != 0) {
            printf("io_setup: %s\n", strerror(errno));
            report(0, "a page-cache probe through AIO");
            return 0;
        }
        static char buffers[CARRIER_PAGES][4096];
        struct iocb cbs[CARRIER_PAGES], *list[CARRIER_PAGES];
        for (int i = 0; i < CARRIER_PAGES; i++) {
            int page = CARRIER_PAGES - 1 - i;
            memset(&cbs[i], 0, sizeof cbs[i]);
            cbs[i].aio_lio_opcode = IOCB_CMD_PREAD;
            cbs[i].aio_fildes = fd;
            cbs[i].aio_buf = (unsigned long)buffers[page];
            cbs[i].aio_nbytes = 1;
            cbs[i].aio_offset = (long long)page * 4096;
            cbs[i].aio_rw_flags = RWF_NOWAIT;
            cbs[i].aio_data = page;
            list[i] = &cbs[i];
        }
        char cached[CARRIER_PAGES + 1] = {0};
        memset(cached, '?', CARRIER_PAGES);
        long submitted = syscall(SYS_io_submit, ctx, CARRIER_PAGES, list);
        struct io_event events[CARRIER_PAGES];
        long got = submitted > 0 ? syscall(SYS_io_getevents, ctx, submitted, submitted, events, NULL) : 0;
        int unsupported = 0;
        for (long i = 0; i < got; i++) {
            long res = (long)events[i].res;
            cached[events[i].data] = res >= 0 ? '1' : res == -EAGAIN ? '0' : '?';
            unsupported |= res == -EOPNOTSUPP;
        }
        printf("cached %s%s\n", cached, unsupported ? " (RWF_NOWAIT unsupported)" : "");
        report(got == CARRIER_PAGES && !unsupported, "a page-cache probe through AIO");
    } else if (!strcmp(mode, "io-setup")) {
        aio_context_t ctx = 0;
        long r = syscall(SYS_io_setup, 1, &ctx);
        printf("io_setup: %s\n", r == 0 ? "made" : strerror(errno));
    } else if (!strcmp(mode, "memfd-secret")) {
        long fd = syscall(447 /* memfd_secret */, 0);
        printf("memfd_secret: %s\n", fd >= 0 ? "made" : strerror(errno));
    } else if (!strcmp(mode, "honest-io")) {
        /* What honest programs and runtimes open: the standard streams by name, and their own
         * /proc/self files. */
        char line[256] = {0};
        FILE *in = fopen("/dev/stdin", "r");
        if (!in) printf("/dev/stdin: %s\n", strerror(errno));
        else if (fgets(line, sizeof line, in)) printf("/dev/stdin: %s", line);
        fflush(stdout);
        FILE *out = fopen("/dev/stdout", "a");
        if (!out) printf("/dev/stdout: %s\n", strerror(errno));
        else fprintf(out, "/dev/stdout: written\n"), fclose(out);
        FILE *err = fopen("/dev/stderr", "w");
        printf("/dev/stderr: %s\n", err ? "opened" : strerror(errno));
        fflush(stdout);
        status_line("Name:");
        status_line("VmPeak:");
        FILE *maps = fopen("/proc/self/maps", "r");
        printf("maps: %s\n", maps && fgets(line, sizeof line, maps) ? "read" : strerror(errno));
        DIR *fds = opendir("/proc/self/fd");
        int n = 0;
        while (fds && readdir(fds)) n++;
        printf("fd: %s\n", fds && n > 2 ? "listed" : strerror(errno));
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
