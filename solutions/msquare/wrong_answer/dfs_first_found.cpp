// USACO 3.2 Magic Squares, wrong answer: a depth-first search that tries A, B, C in order,
// never visits a board twice, and prints the first sequence that reaches the target. It
// always finds one (every board is reachable) but almost never the shortest.
// Caught by: nearly every board, e.g. the sample  2 6 8 4 5 7 3 1  ->  expected "7" /
// "BCABCCB", this prints a sequence of 1259 operations.
#include <cstdio>
#include <cstring>
#include <string>
using namespace std;

static const int OPS[3][8] = {
    {7, 6, 5, 4, 3, 2, 1, 0},  // A
    {3, 0, 1, 2, 5, 6, 7, 4},  // B
    {0, 6, 1, 3, 4, 2, 5, 7},  // C
};
static const int FACT[8] = {5040, 720, 120, 24, 6, 2, 1, 1};

bool seen[40320];
char target[8];
char path[40400];
int len = 0;

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

bool dfs(const char *b) {
    if (memcmp(b, target, 8) == 0) return true;
    seen[cantor(b)] = true;
    for (int k = 0; k < 3; k++) {
        char next[8];
        for (int i = 0; i < 8; i++) next[i] = b[OPS[k][i]];
        if (seen[cantor(next)]) continue;
        path[len++] = (char)('A' + k);
        if (dfs(next)) return true;
        len--;
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
    dfs(start);
    printf("%d\n", len);
    if (len == 0) printf("\n");
    for (int i = 0; i < len; i += 60) {
        int end = i + 60 < len ? i + 60 : len;
        printf("%.*s\n", end - i, path + i);
    }
    return 0;
}
