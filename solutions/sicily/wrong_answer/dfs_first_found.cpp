// Sicily 1151, wrong answer: a depth-first search bounded by N that stops at the first
// sequence reaching the target, trying A, B, C in order and never visiting a board twice.
// Marking a board visited the first time it is reached, by however long a path, hides the
// shorter paths through it: with N equal to the distance it often finds none and prints -1.
// Caught by (sicily): a board at distance 4 with N = 4, e.g.
//   4 / 2 6 3 1 / 7 5 4 8  ->  expected "4 BBBC" (or any sequence of at most 4 moves),
//   this prints "-1".
// Caught by (sicilylex, sicilylarge: the smallest shortest sequence): with a generous N the
// first sequence found is rarely the shortest, e.g.
//   10 / 1 7 2 4 / 8 6 3 5  ->  expected "1 C", this prints "5 ACCCA".
#include <cstdio>
#include <cstring>
#include <string>
using namespace std;

static const int OPS[3][8] = {
    {4, 5, 6, 7, 0, 1, 2, 3},  // A
    {3, 0, 1, 2, 7, 4, 5, 6},  // B
    {0, 5, 1, 3, 4, 6, 2, 7},  // C
};
static const int FACT[8] = {5040, 720, 120, 24, 6, 2, 1, 1};

bool seen[40320];
char target[8];
long long limit_;
string path;

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
    if ((long long)path.size() >= limit_) return false;
    seen[cantor(b)] = true;
    for (int k = 0; k < 3; k++) {
        char next[8];
        for (int i = 0; i < 8; i++) next[i] = b[OPS[k][i]];
        if (seen[cantor(next)]) continue;
        path += (char)('A' + k);
        if (dfs(next)) return true;
        path.erase(path.size() - 1);
    }
    return false;
}

int main() {
    while (scanf("%lld", &limit_) == 1 && limit_ != -1) {
        for (int i = 0; i < 8; i++) {
            int x;
            scanf("%d", &x);
            target[i] = (char)x;
        }
        memset(seen, 0, sizeof seen);
        path.clear();
        const char start[8] = {1, 2, 3, 4, 8, 7, 6, 5};
        if (!dfs(start))
            printf("-1\n");
        else if (path.empty())
            printf("0\n");
        else
            printf("%d %s\n", (int)path.size(), path.c_str());
    }
    return 0;
}
