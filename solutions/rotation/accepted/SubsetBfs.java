// UVA 1343 The Rotation Game, accepted: the Java version of subset_bfs.rs, exact distances
// instead of a search. For one digit, the cells holding it form one of C(24, 8) = 735,471
// subsets, ranked by the combinatorial number system. One breadth-first search from the goal
// subset (the eight centre cells) over the eight moves (a set closed under inverses, so
// distances to and from the goal are the same) gives every subset's distance to the goal; a
// board's distance is the smallest over its three digits. The answer is then walked
// greedily: at each step the first move, in letter order, that brings the board one step
// closer. The search costs the same for 1 board as for 1,000 (rotationlarge).
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;

public class SubsetBfs {
    // The cells of each move's line, head first: the move shifts each cell's content to the
    // previous cell, and the head's content to the tail.
    static final int[][] LINES = {
        {0, 2, 6, 11, 15, 20, 22},
        {1, 3, 8, 12, 17, 21, 23},
        {10, 9, 8, 7, 6, 5, 4},
        {19, 18, 17, 16, 15, 14, 13},
        {23, 21, 17, 12, 8, 3, 1},
        {22, 20, 15, 11, 6, 2, 0},
        {13, 14, 15, 16, 17, 18, 19},
        {4, 5, 6, 7, 8, 9, 10},
    };
    static final int[] CENTRE = {6, 7, 8, 11, 12, 15, 16, 17};
    static final int SUBSETS = 735_471;
    static final int[][] BINOMIAL = new int[25][9];
    static final byte[] DISTANCE = new byte[SUBSETS];

    /** The subset after a move: the cell line[i] receives what was in line[i + 1]. */
    static int shiftMask(int mask, int[] line) {
        int out = mask;
        for (int i = 0; i < 7; i++) {
            int from = line[(i + 1) % 7];
            out = out & ~(1 << line[i]) | ((mask >> from) & 1) << line[i];
        }
        return out;
    }

    static void shiftBoard(int[] board, int[] line) {
        int head = board[line[0]];
        for (int i = 0; i < 6; i++) board[line[i]] = board[line[i + 1]];
        board[line[6]] = head;
    }

    /** The rank of an 8-cell subset: the sum of C(cell, k) over its cells in order, k = 1..8. */
    static int rank(int mask) {
        int rank = 0, k = 0;
        for (int rest = mask; rest != 0; rest &= rest - 1) {
            rank += BINOMIAL[Integer.numberOfTrailingZeros(rest)][++k];
        }
        return rank;
    }

    static int boardDistance(int[] board) {
        int best = Integer.MAX_VALUE;
        for (int digit = 1; digit <= 3; digit++) {
            int mask = 0;
            for (int c = 0; c < 24; c++) if (board[c] == digit) mask |= 1 << c;
            best = Math.min(best, DISTANCE[rank(mask)]);
        }
        return best;
    }

    public static void main(String[] args) throws IOException {
        for (int n = 0; n < 25; n++) {
            BINOMIAL[n][0] = 1;
            for (int k = 1; k < 9; k++) {
                BINOMIAL[n][k] = n == 0 ? 0 : BINOMIAL[n - 1][k - 1] + BINOMIAL[n - 1][k];
            }
        }
        java.util.Arrays.fill(DISTANCE, (byte) -1);
        int goal = 0;
        for (int c : CENTRE) goal |= 1 << c;
        int[] queue = new int[SUBSETS];
        int head = 0, tail = 0;
        DISTANCE[rank(goal)] = 0;
        queue[tail++] = goal;
        while (head < tail) {
            int mask = queue[head++];
            byte d = DISTANCE[rank(mask)];
            for (int[] line : LINES) {
                int next = shiftMask(mask, line);
                int r = rank(next);
                if (DISTANCE[r] == -1) {
                    DISTANCE[r] = (byte) (d + 1);
                    queue[tail++] = next;
                }
            }
        }
        StringBuilder out = new StringBuilder();
        int[] board = new int[24];
        int[] next = new int[24];
        while (true) {
            int first = readInt();
            if (first <= 0) break;
            board[0] = first;
            for (int i = 1; i < 24; i++) board[i] = readInt();
            int d = boardDistance(board);
            if (d == 0) out.append("No moves needed");
            while (d > 0) {
                for (int m = 0; m < 8; m++) {
                    System.arraycopy(board, 0, next, 0, 24);
                    shiftBoard(next, LINES[m]);
                    if (boardDistance(next) == d - 1) {
                        out.append((char) ('A' + m));
                        System.arraycopy(next, 0, board, 0, 24);
                        d--;
                        break;
                    }
                }
            }
            out.append('\n').append(board[6]).append('\n');
        }
        System.out.print(out);
    }

    static final InputStream IN = new BufferedInputStream(System.in, 1 << 16);

    /** The next non-negative integer of the input, or -1 at its end. */
    static int readInt() throws IOException {
        int c = IN.read();
        while (c != -1 && (c < '0' || c > '9')) c = IN.read();
        if (c == -1) return -1;
        int value = 0;
        while (c >= '0' && c <= '9') {
            value = value * 10 + (c - '0');
            c = IN.read();
        }
        return value;
    }
}
