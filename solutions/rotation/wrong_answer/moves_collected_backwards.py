#!/usr/bin/env python3
# UVA 1343 The Rotation Game, wrong answer: the classic IDA* of ../../rotationlarge/time_limit_exceeded/ida_star.py
# (the centre-count estimate, no undo of the last move, depths from 0 up, moves in letter order),
# but the search records each move on the way back out of the recursion, after the deeper
# moves, and prints the list as it stands: the moves of a sequence of two or more come out last
# first.
# Caught by: the first sample board
#   1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3  ->  expected "AC" / "2", this prints
#   "CA" / "2".
# Every board of the samples is at distance 2, so it fails at once, in CPython as in PyPy.
import sys

#           A     B
#           0     1
#           2     3
#  H  4  5  6  7  8  9 10  C
#          11    12
#  G 13 14 15 16 17 18 19  D
#          20    21
#          22    23
#           F     E
# Move k takes the cell at LINE[k][0] out at its letter's end and puts it back at the other.
LINE = (
    (0, 2, 6, 11, 15, 20, 22),
    (1, 3, 8, 12, 17, 21, 23),
    (10, 9, 8, 7, 6, 5, 4),
    (19, 18, 17, 16, 15, 14, 13),
    (23, 21, 17, 12, 8, 3, 1),
    (22, 20, 15, 11, 6, 2, 0),
    (13, 14, 15, 16, 17, 18, 19),
    (4, 5, 6, 7, 8, 9, 10),
)
REVERSE = (5, 4, 7, 6, 1, 0, 3, 2)
CENTRE = (6, 7, 8, 11, 12, 15, 16, 17)


def shift(a, k):
    line = LINE[k]
    first = a[line[0]]
    for i in range(6):
        a[line[i]] = a[line[i + 1]]
    a[line[6]] = first


def estimate(a):
    centre = [a[c] for c in CENTRE]
    return 8 - max(centre.count(1), centre.count(2), centre.count(3))


def dfs(a, moves, depth, limit, last):
    h = estimate(a)
    if h == 0:
        return True
    if depth + h > limit:
        return False
    for k in range(8):
        if last >= 0 and REVERSE[k] == last:
            continue
        shift(a, k)
        if dfs(a, moves, depth + 1, limit, k):
            moves.append("ABCDEFGH"[k])
            return True
        shift(a, REVERSE[k])
    return False


def main():
    words = sys.stdin.read().split()
    out = []
    i = 0
    while i < len(words) and words[i] != "0":
        a = [int(w) for w in words[i:i + 24]]
        i += 24
        limit = 0
        moves = []
        while not dfs(a, moves, 0, limit, -1):
            limit += 1
        out.append("".join(moves) if moves else "No moves needed")
        out.append(str(a[CENTRE[0]]))
    sys.stdout.write("".join(line + "\n" for line in out))


main()
