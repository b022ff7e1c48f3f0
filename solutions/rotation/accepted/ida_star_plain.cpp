// UVA 1343 The Rotation Game, accepted: the IDA* of the UVA 1343 blog post (seed 004: the
// centre-count estimate, moves in letter order) without any pruning of the move that undoes
// the last one. Right answers; about 0.8 to 1 s for a board at distance 12 here, so it passes
// rotation, whose files hold at most one such board, and gets TLE on rotationlarge (several
// seconds for each board at distance 13), e.g. on
//   1 1 2 3 2 3 2 3 3 2 3 2 1 1 1 2 1 1 1 2 2 3 3 3  ->  "AAABGAHBDDDHB" / "1".
#include <cstdio>
using namespace std;

static const int LINE[8][7] = {
    {0, 2, 6, 11, 15, 20, 22},     // A
    {1, 3, 8, 12, 17, 21, 23},     // B
    {10, 9, 8, 7, 6, 5, 4},        // C
    {19, 18, 17, 16, 15, 14, 13},  // D
    {23, 21, 17, 12, 8, 3, 1},     // E
    {22, 20, 15, 11, 6, 2, 0},     // F
    {13, 14, 15, 16, 17, 18, 19},  // G
    {4, 5, 6, 7, 8, 9, 10},        // H
};
static const int INVERSE[8] = {5, 4, 7, 6, 1, 0, 3, 2};
static const int CENTRE[8] = {6, 7, 8, 11, 12, 15, 16, 17};

int q[24];
int path[64];

int estimate() {
    int best = 8;
    for (int d = 1; d <= 3; d++) {
        int wrong = 0;
        for (int i = 0; i < 8; i++)
            if (q[CENTRE[i]] != d) wrong++;
        if (wrong < best) best = wrong;
    }
    return best;
}

void shift(int m) {
    const int *p = LINE[m];
    int t = q[p[0]];
    for (int i = 0; i < 6; i++) q[p[i]] = q[p[i + 1]];
    q[p[6]] = t;
}

bool dfs(int u, int depth) {
    if (u == depth) return estimate() == 0;
    if (u + estimate() > depth) return false;
    for (int m = 0; m < 8; m++) {
        shift(m);
        path[u] = m;
        if (dfs(u + 1, depth)) return true;
        shift(INVERSE[m]);
    }
    return false;
}

int main() {
    while (scanf("%d", &q[0]) == 1 && q[0] != 0) {
        for (int i = 1; i < 24; i++) scanf("%d", &q[i]);
        int depth = 0;
        while (!dfs(0, depth)) depth++;
        if (depth == 0) {
            printf("No moves needed\n");
        } else {
            for (int i = 0; i < depth; i++) putchar('A' + path[i]);
            putchar('\n');
        }
        printf("%d\n", q[6]);
    }
    return 0;
}
