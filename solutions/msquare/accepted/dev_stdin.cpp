// USACO 3.2 Magic Squares, accepted: bfs.cpp reading its input through
// std::ifstream("/dev/stdin"), as contestants' templates often do (isolate, Kattis and
// DOMjudge allow it); the sandbox must let an honest program open its own standard input by
// name. One breadth-first search from the start board, children in the order A, B, C, boards
// marked by their Cantor rank.
#include <cstdio>
#include <cstring>
#include <fstream>
using namespace std;

static const int FACT[8] = {5040, 720, 120, 24, 6, 2, 1, 1};
// new[i] = old[OPS[k][i]], cells numbered clockwise from the top-left corner.
static const int OPS[3][8] = {
    {7, 6, 5, 4, 3, 2, 1, 0},  // A: swap the rows
    {3, 0, 1, 2, 5, 6, 7, 4},  // B: shift each row right
    {0, 6, 1, 3, 4, 2, 5, 7},  // C: turn the centre clockwise
};
static const int ORDER[3] = {0, 1, 2};  // children in the order A, B, C
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

int main() {
    // The board, read from standard input opened again by its name, as many contestants'
    // templates do.
    std::ifstream in("/dev/stdin");
    char target[8];
    for (int i = 0; i < 8; i++) {
        int x;
        if (!(in >> x)) return 1;
        target[i] = (char)x;
    }
    const char start[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    int head = 0, tail = 1;
    memcpy(board[0], start, 8);
    parent_[0] = -1;
    depth_[0] = 0;
    seen[cantor(start)] = true;
    int found = -1;
    while (head < tail && found < 0) {
        int u = head++;
        if (memcmp(board[u], target, 8) == 0) {
            found = u;
            break;
        }
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
    int d = depth_[found];
    for (int v = found, i = d - 1; i >= 0; v = parent_[v], i--) path[i] = op_[v];
    printf("%d\n", d);
    if (d == 0) printf("\n");
    for (int i = 0; i < d; i += 60) {
        int end = i + 60 < d ? i + 60 : d;
        printf("%.*s\n", end - i, path + i);
    }
    return 0;
}
