// USACO 3.2 Magic Squares, time limit exceeded: a correct answer by iterative deepening
// without a visited set or any pruning: depth d costs 3^d sequences, so a board at distance
// 20 or more needs billions of steps.
// Caught by: the far boards, e.g. 4 3 1 2 5 6 7 8 (distance 22).
#include <cstdio>
#include <cstring>
using namespace std;

static const int OPS[3][8] = {
    {7, 6, 5, 4, 3, 2, 1, 0},  // A
    {3, 0, 1, 2, 5, 6, 7, 4},  // B
    {0, 6, 1, 3, 4, 2, 5, 7},  // C
};

char target[8];
char path[64];

bool dfs(const char *b, int depth, int left) {
    if (left == 0) return memcmp(b, target, 8) == 0;
    for (int k = 0; k < 3; k++) {
        char next[8];
        for (int i = 0; i < 8; i++) next[i] = b[OPS[k][i]];
        path[depth] = (char)('A' + k);
        if (dfs(next, depth + 1, left - 1)) return true;
    }
    return false;
}

int main() {
    for (int i = 0; i < 8; i++) {
        int x;
        if (scanf("%d", &x) != 1) return 0;
        target[i] = (char)x;
    }
    const char start[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    int d = 0;
    while (!dfs(start, 0, d)) d++;
    printf("%d\n", d);
    if (d == 0) printf("\n");
    for (int i = 0; i < d; i += 60) {
        int end = i + 60 < d ? i + 60 : d;
        printf("%.*s\n", end - i, path + i);
    }
    return 0;
}
