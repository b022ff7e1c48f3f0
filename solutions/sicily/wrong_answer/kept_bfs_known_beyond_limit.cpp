// Sicily 1151, wrong answer: a BFS kept between cases (as in lazy_bfs.cpp) whose step limit
// only bounds how far the search is extended: a board already discovered by an earlier case
// is answered with its path without comparing its distance with N. After a case that made
// the search reach distance d + 1, a board at distance d asked with N = d - 1 gets a
// sequence one step longer than allowed instead of -1. The mistake needs two cases in order:
// a deep one, then a board at N = d - 1.
#include <cstdio>
#include <cstring>
using namespace std;

static const int FACT[8] = {5040, 720, 120, 24, 6, 2, 1, 1};
// new[i] = old[OPS[k][i]], cells numbered: top row left to right, bottom row left to right.
static const int OPS[3][8] = {
    {4, 5, 6, 7, 0, 1, 2, 3},  // A: swap the rows
    {3, 0, 1, 2, 7, 4, 5, 6},  // B: shift each row right
    {0, 5, 1, 3, 4, 6, 2, 7},  // C: turn the centre clockwise
};

char board[40320][8];  // the BFS queue, in discovery order
int parent_[40320], depth_[40320];
char op_[40320];
int index_of[40320];  // Cantor rank -> queue index, or -1 while undiscovered
int head = 0, tail = 0;

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

void discover(const char *b, int parent, char op) {
    memcpy(board[tail], b, 8);
    parent_[tail] = parent;
    depth_[tail] = parent < 0 ? 0 : depth_[parent] + 1;
    op_[tail] = op;
    index_of[cantor(b)] = tail;
    tail++;
}

// Extends the BFS until the board of rank `r` is discovered, expanding only boards at depth
// below n (their children are within n steps); returns its queue index or -1.
int find(int r, long long n) {
    while (index_of[r] < 0 && head < tail && depth_[head] < n) {
        int u = head++;
        for (int k = 0; k < 3; k++) {
            char next[8];
            for (int i = 0; i < 8; i++) next[i] = board[u][OPS[k][i]];
            if (index_of[cantor(next)] < 0) discover(next, u, (char)('A' + k));
        }
    }
    return index_of[r];
}

int main() {
    memset(index_of, -1, sizeof index_of);
    const char start[8] = {1, 2, 3, 4, 8, 7, 6, 5};
    discover(start, -1, 0);
    long long n;
    char path[32];
    while (scanf("%lld", &n) == 1 && n != -1) {
        char target[8];
        for (int i = 0; i < 8; i++) {
            int x;
            if (scanf("%d", &x) != 1) return 0;
            target[i] = (char)x;
        }
        int u = find(cantor(target), n);
        int d = u < 0 ? 0 : depth_[u];
        if (u < 0) {  // a board found by an earlier case is trusted without comparing with n
            printf("-1\n");
        } else if (d == 0) {
            printf("0\n");
        } else {
            for (int v = u, i = d - 1; i >= 0; v = parent_[v], i--) path[i] = op_[v];
            path[d] = '\0';
            printf("%d %s\n", d, path);
        }
    }
    return 0;
}
