// USACO 3.2 Magic Squares, accepted, with the template many contestants submit as it is:
// unless ONLINE_JUDGE is defined (UVa, POJ, Luogu, Codeforces, DMOJ define it; so does this
// judge), it reads input.txt and writes output.txt in its working directory, as on the
// contestant's own machine. The search: one BFS from the start board over strings, children
// in the order A, B, C, each board's path kept in a map.
#include <cstdio>
#include <iostream>
#include <map>
#include <queue>
#include <string>
using namespace std;

string turn(const string& s, char op) {
    static const int perm[3][8] = {
        {7, 6, 5, 4, 3, 2, 1, 0},
        {3, 0, 1, 2, 5, 6, 7, 4},
        {0, 6, 1, 3, 4, 2, 5, 7},
    };
    string t(8, ' ');
    for (int i = 0; i < 8; i++) t[i] = s[perm[op - 'A'][i]];
    return t;
}

int main() {
#ifndef ONLINE_JUDGE
    freopen("input.txt", "r", stdin);
    freopen("output.txt", "w", stdout);
#endif
    string goal;
    for (int i = 0; i < 8; i++) {
        int x;
        if (!(cin >> x)) return 0;
        goal += char('0' + x);
    }
    map<string, string> path;
    queue<string> q;
    path["12345678"] = "";
    q.push("12345678");
    while (!q.empty() && !path.count(goal)) {
        string s = q.front();
        q.pop();
        for (char op = 'A'; op <= 'C'; op++) {
            string t = turn(s, op);
            if (path.count(t)) continue;
            path[t] = path[s] + op;
            q.push(t);
        }
    }
    const string& p = path[goal];
    cout << p.size() << "\n";
    if (p.empty()) cout << "\n";
    for (size_t i = 0; i < p.size(); i += 60) cout << p.substr(i, 60) << "\n";
    return 0;
}
