/*
ID: boardjudge
PROG: msquare
LANG: C++
*/
// USACO 3.2 Magic Squares, accepted: written as USACO Training's contestants wrote it for its
// grader, which gave the board in the file msquare.in and judged the file msquare.out (no
// standard input or output): ifstream/ofstream on those names, one breadth-first search over
// the boards as strings, a map from each board seen to the sequence that first reached it,
// moves tried in the order A, B, C (so the first sequence found is the lexicographically
// smallest shortest one), the sequence printed in lines of 60.
#include <fstream>
#include <map>
#include <queue>
#include <string>
using namespace std;

// The board as its eight numbers clockwise from the top-left corner.
string turn(const string &s, char op) {
    string t = s;
    if (op == 'A') {
        for (int i = 0; i < 8; i++) t[i] = s[7 - i];
    } else if (op == 'B') {
        t[0] = s[3]; t[1] = s[0]; t[2] = s[1]; t[3] = s[2];
        t[4] = s[5]; t[5] = s[6]; t[6] = s[7]; t[7] = s[4];
    } else {
        t[1] = s[6]; t[2] = s[1]; t[5] = s[2]; t[6] = s[5];
    }
    return t;
}

int main() {
    ifstream fin("msquare.in");
    ofstream fout("msquare.out");
    string goal;
    for (int i = 0; i < 8; i++) {
        int x;
        fin >> x;
        goal += (char)('0' + x);
    }
    map<string, string> how;
    queue<string> q;
    how["12345678"] = "";
    q.push("12345678");
    while (!q.empty() && !how.count(goal)) {
        string s = q.front();
        q.pop();
        for (char op = 'A'; op <= 'C'; op++) {
            string t = turn(s, op);
            if (how.count(t)) continue;
            how[t] = how[s] + op;
            q.push(t);
        }
    }
    string ans = how[goal];
    fout << ans.size() << endl;
    if (ans.empty()) fout << endl;
    for (size_t i = 0; i < ans.size(); i += 60) fout << ans.substr(i, 60) << endl;
    return 0;
}
