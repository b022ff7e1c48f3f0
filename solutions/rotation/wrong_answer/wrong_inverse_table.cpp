// UVA 1343 The Rotation Game, wrong answer: the table of inverse moves used to prune is
// wrong: it pairs A with E, B with F, C with G, D with H (four letters apart) instead of
// A-F, B-E, C-H, D-G. The search then refuses E after A (a useful move) and so on; the
// undo is done by a separate reverse shift, so the board itself stays right.
// Caught by: a board whose lexicographically smallest answer holds one of the pairs AE,
// BF, CG, DH, EA, FB, GC, HD, e.g. the second sample board
//   1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3  ->  expected "DDHH" / "2", this prints
//   "BHHEDD" / "2".
#include <cstdio>
#include <cstring>
using namespace std;

//           A     B
//           0     1
//           2     3
//  H  4  5  6  7  8  9 10  C
//          11    12
//  G 13 14 15 16 17 18 19  D
//          20    21
//          22    23
//           F     E
// A move shifts its line of seven cells one step towards its letter's end.
static const int LINE[8][7] = {
    {0, 2, 6, 11, 15, 20, 22},   // A
    {1, 3, 8, 12, 17, 21, 23},   // B
    {10, 9, 8, 7, 6, 5, 4},      // C
    {19, 18, 17, 16, 15, 14, 13},  // D
    {23, 21, 17, 12, 8, 3, 1},   // E
    {22, 20, 15, 11, 6, 2, 0},   // F
    {13, 14, 15, 16, 17, 18, 19},  // G
    {4, 5, 6, 7, 8, 9, 10},      // H
};
static const int ORDER[8] = {0, 1, 2, 3, 4, 5, 6, 7};  // moves tried in letter order
static const int INVERSE[8] = {5, 4, 7, 6, 1, 0, 3, 2};  // A-F, B-E, C-H, D-G
// The line each move shifts: 0 = left column, 1 = right column, 2 = top row, 3 = bottom row.
static const int LINE_OF[8] = {0, 1, 2, 3, 1, 0, 3, 2};
static const int SKIP_AFTER[8] = {4, 5, 6, 7, 0, 1, 2, 3};  // wrong pairs
static const int CENTRE[8] = {6, 7, 8, 11, 12, 15, 16, 17};

int q[24];
int path[64];

// At least this many moves remain: each move brings at most one new cell into the centre.
int estimate() {
    int count[4] = {0, 0, 0, 0};
    for (int i = 0; i < 8; i++) count[q[CENTRE[i]]]++;
    int best = count[1];
    if (count[2] > best) best = count[2];
    if (count[3] > best) best = count[3];
    return 8 - best;
}

void shift(int m) {
    const int *p = LINE[m];
    int t = q[p[0]];
    for (int i = 0; i < 6; i++) q[p[i]] = q[p[i + 1]];
    q[p[6]] = t;
}

void unshift(int m) {
    const int *p = LINE[m];
    int t = q[p[6]];
    for (int i = 6; i > 0; i--) q[p[i]] = q[p[i - 1]];
    q[p[0]] = t;
}

// Two moves on different, parallel lines (both columns, or both rows) commute.
bool commute(int a, int b) {
    return LINE_OF[a] != LINE_OF[b] && LINE_OF[a] / 2 == LINE_OF[b] / 2;
}

bool dfs(int u, int depth, int last) {
    int h = estimate();
    if (h == 0) return true;
    if (u + h > depth) return false;
    for (int t = 0; t < 8; t++) {
        int m = ORDER[t];
        if (last >= 0) {
            if (m == SKIP_AFTER[last]) continue;              // "undoes" the last move
            if (commute(last, m) && m < last) continue;      // the same as m then last
        }
        shift(m);
        path[u] = m;
        if (dfs(u + 1, depth, m)) return true;
        unshift(m);
    }
    return false;
}

int main() {
    while (scanf("%d", &q[0]) == 1 && q[0] != 0) {
        for (int i = 1; i < 24; i++) scanf("%d", &q[i]);
        int depth = 0;
        while (!dfs(0, depth, -1)) depth++;
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
