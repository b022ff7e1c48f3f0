#!/usr/bin/env python3
# Sicily 1151, accepted: the Python 3 version of bfs_table.rs. One breadth-first search from
# the start board over all 8! = 40,320 boards before reading any case, children in the order
# A, B, C, so the first path to a board is the lexicographically smallest shortest one; each
# board keeps its distance and its answer line. A case is then one dictionary look-up: the
# board's key is its eight cells as written (the input is one digit a cell), and N, a Python
# integer (2^31 - 1 needs no care), is compared with the distance. About 0.15 s of CPython
# for the search; 100,000 cases (sicilylarge) take about as long again.
import sys

# new[i] = old[OPS[k][i]], cells top row then bottom row, left to right: A exchanges the
# rows, B shifts each row right, C turns the centre clockwise.
OPS = (
    (4, 5, 6, 7, 0, 1, 2, 3),
    (3, 0, 1, 2, 7, 4, 5, 6),
    (0, 5, 1, 3, 4, 6, 2, 7),
)


def search():
    """Every board (as the bytes of its digits) -> (distance, answer line)."""
    start = b"12348765"
    path = {start: ""}
    frontier = [start]
    while frontier:
        following = []
        for board in frontier:
            p = path[board]
            for letter, perm in zip("ABC", OPS):
                child = bytes([board[i] for i in perm])
                if child not in path:
                    path[child] = p + letter
                    following.append(child)
        frontier = following
    return {
        board: (len(p), "%d %s" % (len(p), p) if p else "0") for board, p in path.items()
    }


def main():
    table = search()
    words = sys.stdin.buffer.read().split()
    out = []
    i = 0
    while i < len(words):
        n = int(words[i])
        if n == -1:
            break
        distance, line = table[b"".join(words[i + 1:i + 9])]
        i += 9
        out.append(line if distance <= n else "-1")
    if out:
        sys.stdout.write("\n".join(out) + "\n")


main()
