// Sicily 1151 with the strict rule (problem sicilylex), wrong answer: a correct BFS, but the
// children are generated in the order C, B, A. Every answer is a shortest sequence, but when
// several exist it prints the one that is lexicographically LARGEST at the first choice, not
// the smallest. Accepted on sicily, whose judge (as Sicily's special judge) takes any
// sequence of at most N moves that reaches the target.
// Caught by: any board with two shortest sequences, e.g. the sample's first case
//   4 / 5 8 7 6 / 4 1 2 3  ->  expected "2 AB", this prints "2 BA".
#include <cstdio>
#include <cstring>
using namespace std;

static const int FACT[8] = {5040, 720, 120, 24, 6, 2, 1, 1};
static const int OPS[3][8] = {
    {4, 5, 6, 7, 0, 1, 2, 3},  // A
    {3, 0, 1, 2, 7, 4, 5, 6},  // B
    {0, 5, 1, 3, 4, 6, 2, 7},  // C
};
static const int ORDER[3] = {2, 1, 0};  // children in the order C, B, A
char board[40320][8];
int parent_[40320], depth_[40320];
char op_[40320];
bool seen[40320];
char path[64];

int cantor(const char *b) {
    int r = 0;
    for (int i = 0; i < 8; i++) {
        int smaller = 0;
        for (int j = i + 1; j < 8; j++)
            if (b[j] < b[i]) smaller++;
        r += smaller * FACT[i];
    }
    return r;
}

// Breadth-first search from the start; returns the queue index of the target.
int bfs(const char *target, long long n) {
    memset(seen, 0, sizeof seen);
    const char start[8] = {1, 2, 3, 4, 8, 7, 6, 5};
    int head = 0, tail = 1;
    memcpy(board[0], start, 8);
    parent_[0] = -1;
    depth_[0] = 0;
    seen[cantor(start)] = true;
    while (head < tail) {
        int u = head++;
        if (memcmp(board[u], target, 8) == 0) return u;
        for (int t = 0; t < 3; t++) {
            int k = ORDER[t];
            char next[8];
            for (int i = 0; i < 8; i++) next[i] = board[u][OPS[k][i]];
            int r = cantor(next);
            if (seen[r]) continue;
            seen[r] = true;
            memcpy(board[tail], next, 8);
            parent_[tail] = u;
            depth_[tail] = depth_[u] + 1;
            op_[tail] = (char)('A' + k);
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
            scanf("%d", &x);
            target[i] = (char)x;
        }
        int u = bfs(target, n);
        if (u < 0 || depth_[u] > n) {
            printf("-1\n");
            continue;
        }
        int d = depth_[u];
        if (d == 0) {
            printf("0\n");
            continue;
        }
        for (int v = u, i = d - 1; i >= 0; v = parent_[v], i--) path[i] = op_[v];
        path[d] = '\0';
        printf("%d %s\n", d, path);
    }
    return 0;
}
