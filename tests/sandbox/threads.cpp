// An honest multi-threaded program (tests/sandbox.rs, issue 29): eight std::thread workers
// started with default attributes (glibc sizes their stacks by RLIMIT_STACK), each recursing
// through 512 KiB of its own stack and keeping 2 MiB it allocated (a thread's first malloc
// may give it a malloc arena of its own, 64 MiB of address space); then 64 MiB of recursion
// on the main thread, and 96 MiB allocated there. About 190 MiB in all: under the sandbox's
// 256 MiB it must exit 0 and print "threads ok".
#include <cstdio>
#include <thread>
#include <vector>

static int depth(int n) {
    volatile char frame[1024];
    frame[0] = (char)n;
    if (n == 0) return frame[0];
    return depth(n - 1) + frame[0];
}

int main() {
    std::vector<std::thread> workers;
    std::vector<std::vector<char>> kept(8);
    std::vector<long> sums(8);
    for (int i = 0; i < 8; i++)
        workers.emplace_back([&kept, &sums, i] {
            long sum = depth(512);
            kept[i].assign(2 << 20, (char)i);
            for (long k = 0; k < 1000000; k++) sum += k % (i + 2) + kept[i][k % 4096];
            sums[i] = sum;
        });
    for (auto &w : workers) w.join();
    long total = depth(64 * 1024);
    std::vector<char> big(96 << 20, 1);
    for (long s : sums) total += s;
    std::printf("threads ok %ld %d\n", total, big[12345]);
    return 0;
}
