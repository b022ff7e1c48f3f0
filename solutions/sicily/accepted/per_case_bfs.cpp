// Sicily 1151, accepted: a breadth-first search from the start board for each case, in the
// style of the classic solution, written correctly.
//
// - Boards are ranked by their Cantor expansion (8! = 40320 ranks) for the visited marks.
// - Children are generated in the order A, B, C, so the first path that reaches a board is the
//   lexicographically smallest among the shortest ones.
// - The search is not bounded by N: it finds the true distance, then compares it with N
//   (N may be as large as 2^31 - 1, read as a 64-bit number).
// - The start board gets exactly "0"; a case already solved is answered from a memo, so the
//   cost is bounded by the number of distinct boards, whatever the number of cases.
// - The input ends with N = -1, or at the end of the file if the terminator is missing.
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
using namespace std;

static const int FACT[8] = {5040, 720, 120, 24, 6, 2, 1, 1};
// new[i] = old[OPS[k][i]], cells numbered: top row left to right, bottom row left to right.
static const int OPS[3][8] = {
    {4, 5, 6, 7, 0, 1, 2, 3},  // A: swap the rows
    {3, 0, 1, 2, 7, 4, 5, 6},  // B: shift each row right
    {0, 5, 1, 3, 4, 6, 2, 7},  // C: turn the centre clockwise
};

struct Node {
    char board[8];
    int parent;
    char op;
};

static Node queue_[40320];
static int seen[40320];
static int stamp = 0;

static int cantor(const char *b) {
    int r = 0;
    for (int i = 0; i < 8; i++) {
        int smaller = 0;
        for (int j = i + 1; j < 8; j++)
            if (b[j] < b[i]) smaller++;
        r += smaller * FACT[i];
    }
    return r;
}

// The lexicographically smallest shortest path from the start to `target`.
static string bfs(const char *target) {
    stamp++;
    int head = 0, tail = 0;
    const char start[8] = {1, 2, 3, 4, 8, 7, 6, 5};
    memcpy(queue_[tail].board, start, 8);
    queue_[tail].parent = -1;
    queue_[tail].op = 0;
    seen[cantor(start)] = stamp;
    tail++;
    while (head < tail) {
        int u = head++;
        if (memcmp(queue_[u].board, target, 8) == 0) {
            string path;
            for (int v = u; queue_[v].parent >= 0; v = queue_[v].parent) path += queue_[v].op;
            return string(path.rbegin(), path.rend());
        }
        for (int k = 0; k < 3; k++) {
            char next[8];
            for (int i = 0; i < 8; i++) next[i] = queue_[u].board[OPS[k][i]];
            int r = cantor(next);
            if (seen[r] == stamp) continue;
            seen[r] = stamp;
            memcpy(queue_[tail].board, next, 8);
            queue_[tail].parent = u;
            queue_[tail].op = (char)('A' + k);
            tail++;
        }
    }
    return string();  // unreachable: every board can be reached
}

int main() {
    long long n;
    map<int, string> memo;
    while (scanf("%lld", &n) == 1 && n != -1) {
        char target[8];
        for (int i = 0; i < 8; i++) {
            int x;
            if (scanf("%d", &x) != 1) return 0;
            target[i] = (char)x;
        }
        int r = cantor(target);
        map<int, string>::iterator it = memo.find(r);
        if (it == memo.end()) it = memo.insert(make_pair(r, bfs(target))).first;
        const string &path = it->second;
        if ((long long)path.size() > n)
            printf("-1\n");
        else if (path.empty())
            printf("0\n");
        else
            printf("%d %s\n", (int)path.size(), path.c_str());
    }
    return 0;
}
