// Sicily 1151, accepted: the classic intended solution, a fresh breadth-first search for every
// case (the method of the original judge's era, as in the seed write-up of this problem).
//
// - The search starts from the start board 1 2 3 4 / 8 7 6 5 and tries the children in the
//   order A, B, C, so the first path that reaches a board is the lexicographically smallest
//   of the shortest ones.
// - It stops as soon as the target is taken from the queue, or when the queue holds only
//   boards at depth N (a board at depth N is not expanded: its children need N + 1 steps).
// - Boards are marked visited by their Cantor rank; each queue entry keeps its parent and the
//   operation that made it, and the path is read back from the target.
// - N is read as a 64-bit number (it may be 2^31 - 1); the start board gets exactly "0".
// One search visits at most 8! = 40320 boards, so a case costs about a millisecond; the
// statement's 30 cases stay far inside the time limit.
#include <cstdio>
#include <cstring>

static const int FACT[8] = {5040, 720, 120, 24, 6, 2, 1, 1};
// next[i] = cur[OP[k][i]]; cells: top row left to right, then bottom row left to right.
static const int OP[3][8] = {
    {4, 5, 6, 7, 0, 1, 2, 3},  // A: exchange the rows
    {3, 0, 1, 2, 7, 4, 5, 6},  // B: shift both rows one place right
    {0, 5, 1, 3, 4, 6, 2, 7},  // C: turn the centre clockwise
};

struct Node {
    char b[8];
    int parent, depth;
    char op;
};

Node q[40320];
bool seen[40320];

int rank_of(const char *b) {
    int r = 0;
    for (int i = 0; i < 8; i++) {
        int less = 0;
        for (int j = i + 1; j < 8; j++)
            if (b[j] < b[i]) less++;
        r += less * FACT[i];
    }
    return r;
}

// Returns the queue index of the target, or -1 if it needs more than n steps.
int bfs(const char *target, long long n) {
    memset(seen, 0, sizeof seen);
    int head = 0, tail = 0;
    const char start[8] = {1, 2, 3, 4, 8, 7, 6, 5};
    memcpy(q[0].b, start, 8);
    q[0].parent = -1;
    q[0].depth = 0;
    seen[rank_of(start)] = true;
    tail = 1;
    while (head < tail) {
        int u = head++;
        if (memcmp(q[u].b, target, 8) == 0) return u;
        if (q[u].depth >= n) continue;
        for (int k = 0; k < 3; k++) {
            char nb[8];
            for (int i = 0; i < 8; i++) nb[i] = q[u].b[OP[k][i]];
            int r = rank_of(nb);
            if (seen[r]) continue;
            seen[r] = true;
            memcpy(q[tail].b, nb, 8);
            q[tail].parent = u;
            q[tail].depth = q[u].depth + 1;
            q[tail].op = (char)('A' + k);
            tail++;
        }
    }
    return -1;
}

int main() {
    long long n;
    while (scanf("%lld", &n) == 1 && n != -1) {
        char target[8];
        for (int i = 0; i < 8; i++) {
            int x;
            if (scanf("%d", &x) != 1) return 0;
            target[i] = (char)x;
        }
        int u = bfs(target, n);
        if (u < 0) {
            printf("-1\n");
        } else if (q[u].depth == 0) {
            printf("0\n");
        } else {
            char path[32];
            int d = q[u].depth;
            path[d] = '\0';
            for (int v = u; q[v].parent >= 0; v = q[v].parent) path[q[v].depth - 1] = q[v].op;
            printf("%d %s\n", d, path);
        }
    }
    return 0;
}
