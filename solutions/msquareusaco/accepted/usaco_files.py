#!/usr/bin/env python3
# USACO 3.2 Magic Squares, accepted: written as USACO Training's contestants wrote it in Python
# for its grader, which gave the board in the file msquare.in and judged the file msquare.out
# (no standard input or output): msquare's bfs.py reading and writing those files. One
# breadth-first search from the start board, children in the order A, B, C (so the first path
# found to a board is the lexicographically smallest shortest one), stopped at the target. Boards are
# the bytes of the eight cells, clockwise from the top-left corner, as the input gives them.
# The answer: the length, then the sequence in lines of 60 characters; "0" and an empty line
# for the start board, as the USACO reference output has it. At most 40,320 boards: about
# 0.1 s of CPython.

# new[i] = old[OPS[k][i]], cells clockwise from the top-left corner: A swaps the rows, B
# shifts each row right, C turns the centre clockwise.
OPS = (
    (7, 6, 5, 4, 3, 2, 1, 0),
    (3, 0, 1, 2, 5, 6, 7, 4),
    (0, 6, 1, 3, 4, 2, 5, 7),
)


def main():
    with open("msquare.in") as fin:
        target = bytes(int(w) for w in fin.read().split()[:8])
    start = bytes(range(1, 9))
    path = {start: ""}
    frontier = [start]
    while target not in path:
        following = []
        for board in frontier:
            p = path[board]
            for letter, perm in zip("ABC", OPS):
                child = bytes([board[i] for i in perm])
                if child not in path:
                    path[child] = p + letter
                    following.append(child)
        frontier = following
    p = path[target]
    lines = [p[i:i + 60] for i in range(0, len(p), 60)] or [""]
    with open("msquare.out", "w") as fout:
        fout.write("%d\n%s\n" % (len(p), "\n".join(lines)))


main()
