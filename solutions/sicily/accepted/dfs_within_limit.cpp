// Sicily 1151, accepted: a depth-first search from the start board, trying A, B, C in that
// order, that prints the first sequence of at most N moves it finds: often longer than the
// shortest, which Sicily's special judge accepted (a 1150 program judged there prints
// "4 AAAB" for a board two moves away under N = 4).
//
// - best[rank] is the fewest moves at which the search has reached a board so far; it goes on
//   from a board only when it reaches it with fewer moves than before, so a board reachable
//   within the bound is always found, and -1 is printed only when none is.
// - The bound is min(N, 22): no board is more than 22 moves from the start (a breadth-first
//   search over all 8! boards shows it), so a deeper search finds nothing new. N is read as
//   64-bit (it may be 2^31 - 1); the start board itself gets "0".
// For a board one move away (C) under N = 10 it prints a sequence of several moves that
// starts with A, the branch the search tries first.
#include <cstdio>
#include <cstring>

static const int FACT[8] = {5040, 720, 120, 24, 6, 2, 1, 1};
// next[i] = cur[OP[k][i]]; cells: top row left to right, then bottom row left to right.
static const int OP[3][8] = {
    {4, 5, 6, 7, 0, 1, 2, 3},  // A
    {3, 0, 1, 2, 7, 4, 5, 6},  // B
    {0, 5, 1, 3, 4, 6, 2, 7},  // C
};
static const int DIAMETER = 22;

int best[40320];
int goal, bound;
char path[DIAMETER + 1];
int found;  // the length of the sequence found, or -1

int cantor(const char *b) {
    int r = 0;
    for (int i = 0; i < 8; i++) {
        int less = 0;
        for (int j = i + 1; j < 8; j++)
            if (b[j] < b[i]) less++;
        r += less * FACT[i];
    }
    return r;
}

void dfs(const char *b, int r, int depth) {
    if (r == goal) {
        found = depth;
        return;
    }
    if (depth == bound) return;
    for (int k = 0; k < 3 && found < 0; k++) {
        char next[8];
        for (int i = 0; i < 8; i++) next[i] = b[OP[k][i]];
        int nr = cantor(next);
        if (best[nr] <= depth + 1) continue;
        best[nr] = depth + 1;
        path[depth] = (char)('A' + k);
        dfs(next, nr, depth + 1);
    }
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
        goal = cantor(target);
        bound = n < DIAMETER ? (int)n : DIAMETER;
        for (int i = 0; i < 40320; i++) best[i] = DIAMETER + 1;
        const char start[8] = {1, 2, 3, 4, 8, 7, 6, 5};
        int s = cantor(start);
        best[s] = 0;
        found = -1;
        dfs(start, s, 0);
        if (found < 0) {
            printf("-1\n");
        } else if (found == 0) {
            printf("0\n");
        } else {
            path[found] = '\0';
            printf("%d %s\n", found, path);
        }
    }
    return 0;
}
