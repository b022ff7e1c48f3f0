// USACO 3.2 Magic Squares, accepted: the classic BFS from the start board in A, B, C order
// (the first path found to a board is the lexicographically smallest shortest one), run with
// threads as a multi-threaded solution would: one std::thread reads the board while another
// builds the whole table of 40,320 boards (parent pointers, Cantor ranks, in std::vectors),
// both started with default attributes; the main thread joins them and walks the parents.
// The answer: the length, then the sequence in lines of 60 characters ("0" and an empty line
// for the start board).
#include <array>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

using Board = std::array<char, 8>;

static const int FACT[8] = {5040, 720, 120, 24, 6, 2, 1, 1};
// new[i] = old[OPS[k][i]], cells numbered clockwise from the top-left corner.
static const int OPS[3][8] = {
    {7, 6, 5, 4, 3, 2, 1, 0},  // A: swap the rows
    {3, 0, 1, 2, 5, 6, 7, 4},  // B: shift each row right
    {0, 6, 1, 3, 4, 2, 5, 7},  // C: turn the centre clockwise
};

static int cantor(const Board &b) {
    int r = 0;
    for (int i = 0; i < 8; i++) {
        int smaller = 0;
        for (int j = i + 1; j < 8; j++)
            if (b[j] < b[i]) smaller++;
        r += smaller * FACT[i];
    }
    return r;
}

// The BFS table by rank: the parent's rank (-1 for the start) and the move that led here.
struct Table {
    std::vector<int> parent = std::vector<int>(40320, -2);
    std::vector<char> move = std::vector<char>(40320, 0);
};

static void build(Table &table) {
    std::vector<Board> queue;
    queue.reserve(40320);
    const Board start = {1, 2, 3, 4, 5, 6, 7, 8};
    queue.push_back(start);
    table.parent[cantor(start)] = -1;
    for (size_t head = 0; head < queue.size(); head++) {
        const Board u = queue[head];
        const int ru = cantor(u);
        for (int k = 0; k < 3; k++) {
            Board next;
            for (int i = 0; i < 8; i++) next[i] = u[OPS[k][i]];
            const int r = cantor(next);
            if (table.parent[r] != -2) continue;
            table.parent[r] = ru;
            table.move[r] = (char)('A' + k);
            queue.push_back(next);
        }
    }
}

int main() {
    Board target{};
    bool read = true;
    Table table;
    std::thread reader([&] {
        for (int i = 0; i < 8; i++) {
            int x;
            if (std::scanf("%d", &x) != 1) {
                read = false;
                return;
            }
            target[i] = (char)x;
        }
    });
    std::thread builder(build, std::ref(table));
    reader.join();
    builder.join();
    if (!read) return 0;
    std::string path;
    for (int r = cantor(target); table.parent[r] >= 0; r = table.parent[r])
        path.insert(path.begin(), table.move[r]);
    std::printf("%zu\n", path.size());
    if (path.empty()) std::printf("\n");
    for (size_t i = 0; i < path.size(); i += 60)
        std::printf("%s\n", path.substr(i, 60).c_str());
    return 0;
}
