// A wrong rotation solution for tests/shrink.rs (not a shipped one):
// solutions/rotation/accepted/ida_star_classic.cpp with the move sequence wrapped at 8 moves a
// line. Every board at distance 9 or more fails, every closer board passes: the smallest
// counterexample is a board at distance 9.
#include <cstdio>

//           A     B
//           0     1
//           2     3
//  H  4  5  6  7  8  9 10  C
//          11    12
//  G 13 14 15 16 17 18 19  D
//          20    21
//          22    23
//           F     E
// Move k takes the cell at LINE[k][0] out at its letter's end and puts it back at the other.
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
static const int REVERSE[8] = {5, 4, 7, 6, 1, 0, 3, 2};
static const int CENTRE[8] = {6, 7, 8, 11, 12, 15, 16, 17};

int a[24];
char moves[64];

void shift(int k) {
    int first = a[LINE[k][0]];
    for (int i = 0; i < 6; i++) a[LINE[k][i]] = a[LINE[k][i + 1]];
    a[LINE[k][6]] = first;
}

int estimate() {
    int count[4] = {0, 0, 0, 0};
    for (int i = 0; i < 8; i++) count[a[CENTRE[i]]]++;
    int most = count[1];
    if (count[2] > most) most = count[2];
    if (count[3] > most) most = count[3];
    return 8 - most;
}

bool dfs(int depth, int limit, int last) {
    int h = estimate();
    if (h == 0) return true;
    if (depth + h > limit) return false;
    for (int k = 0; k < 8; k++) {
        if (last >= 0 && REVERSE[k] == last) continue;
        shift(k);
        moves[depth] = (char)('A' + k);
        if (dfs(depth + 1, limit, k)) return true;
        shift(REVERSE[k]);
    }
    return false;
}

int main() {
    while (scanf("%d", &a[0]) == 1 && a[0] != 0) {
        for (int i = 1; i < 24; i++)
            if (scanf("%d", &a[i]) != 1) return 0;
        int limit = 0;
        while (!dfs(0, limit, -1)) limit++;
        if (limit == 0) {
            printf("No moves needed\n");
        } else {
            for (int i = 0; i < limit; i += 8) {
                int end = i + 8 < limit ? i + 8 : limit;
                printf("%.*s\n", end - i, moves + i);
            }
        }
        printf("%d\n", a[CENTRE[0]]);
    }
    return 0;
}
