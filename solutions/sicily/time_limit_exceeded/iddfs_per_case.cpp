// Sicily 1151, time limit exceeded: a correct answer by iterative deepening for each case,
// without any memo or visited set: depth d costs 3^d sequences, so a board at distance 20
// or more (or many cases near it) needs billions of steps.
// Caught by: the far boards, e.g. 22 / 4 3 1 2 / 8 7 6 5 (distance 22: ABBBCABBBCBBBCBCABCBBB).
#include <cstdio>
#include <cstring>
using namespace std;

static const int OPS[3][8] = {
    {4, 5, 6, 7, 0, 1, 2, 3},  // A
    {3, 0, 1, 2, 7, 4, 5, 6},  // B
    {0, 5, 1, 3, 4, 6, 2, 7},  // C
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
    long long n;
    while (scanf("%lld", &n) == 1 && n != -1) {
        for (int i = 0; i < 8; i++) {
            int x;
            scanf("%d", &x);
            target[i] = (char)x;
        }
        const char start[8] = {1, 2, 3, 4, 8, 7, 6, 5};
        int found = -1;
        for (int d = 0; d <= n && found < 0; d++)
            if (dfs(start, 0, d)) found = d;
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
