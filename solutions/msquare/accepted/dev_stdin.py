#!/usr/bin/env python3
# USACO 3.2 Magic Squares, accepted: bfs.py reading its input with open("/dev/stdin"), as
# contestants' templates often do (isolate, Kattis and DOMjudge allow it); the sandbox must
# let an honest program open its own standard input by name. One breadth-first
# search from the start board, children in the order A, B, C (so the first path found to a
# board is the lexicographically smallest shortest one), stopped at the target. Boards are
# the bytes of the eight cells, clockwise from the top-left corner, as the input gives them.
# The answer: the length, then the sequence in lines of 60 characters; "0" and an empty line
# for the start board, as the USACO reference output has it. At most 40,320 boards: about
# 0.1 s of CPython.
import sys

# new[i] = old[OPS[k][i]], cells clockwise from the top-left corner: A swaps the rows, B
# shifts each row right, C turns the centre clockwise.
OPS = (
    (7, 6, 5, 4, 3, 2, 1, 0),
    (3, 0, 1, 2, 5, 6, 7, 4),
    (0, 6, 1, 3, 4, 2, 5, 7),
)


def main():
    with open("/dev/stdin") as stdin:
        target = bytes(int(w) for w in stdin.read().split()[:8])
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
    sys.stdout.write("%d\n%s\n" % (len(p), "\n".join(lines)))


main()
