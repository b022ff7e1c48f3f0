// Sicily 1151, accepted: the Java version of bfs_table.rs. One breadth-first search from the
// start board over all 8! = 40,320 boards before reading any case, children in the order A,
// B, C (so the first path to a board is the lexicographically smallest shortest one), boards
// ranked by their Cantor rank, each keeping its distance, parent and answer line (as bytes:
// Java's string concatenation costs a tenth of a second to set up). A case is then
// a rank and a comparison of the distance with N, read as a long (it may be 2^31 - 1). The
// input is read through one buffer by hand: 100,000 cases (sicilylarge) take a few
// hundredths of a second that way, where a StringTokenizer per line takes ten times more.
import java.io.DataInputStream;
import java.io.IOException;
import java.io.PrintStream;

public class BfsTable {
    static final int[] FACT = {5040, 720, 120, 24, 6, 2, 1, 1};
    // next[i] = cur[OPS[k][i]]; cells: top row left to right, then bottom row left to right.
    static final int[][] OPS = {
        {4, 5, 6, 7, 0, 1, 2, 3}, // A: exchange the rows
        {3, 0, 1, 2, 7, 4, 5, 6}, // B: shift both rows one place right
        {0, 5, 1, 3, 4, 6, 2, 7}, // C: turn the centre clockwise
    };

    static int rank(int[] b) {
        int r = 0;
        for (int i = 0; i < 8; i++) {
            int less = 0;
            for (int j = i + 1; j < 8; j++) if (b[j] < b[i]) less++;
            r += less * FACT[i];
        }
        return r;
    }

    public static void main(String[] args) throws IOException {
        int[] depth = new int[40320];
        int[] parent = new int[40320];
        byte[] op = new byte[40320];
        boolean[] seen = new boolean[40320];
        int[][] queue = new int[40320][];
        int[] start = {1, 2, 3, 4, 8, 7, 6, 5};
        seen[rank(start)] = true;
        queue[0] = start;
        int head = 0, tail = 1;
        while (head < tail) {
            int[] b = queue[head++];
            int u = rank(b);
            for (int k = 0; k < 3; k++) {
                int[] next = new int[8];
                for (int i = 0; i < 8; i++) next[i] = b[OPS[k][i]];
                int r = rank(next);
                if (seen[r]) continue;
                seen[r] = true;
                parent[r] = u;
                op[r] = (byte) ('A' + k);
                depth[r] = depth[u] + 1;
                queue[tail++] = next;
            }
        }
        byte[][] line = new byte[40320][];
        for (int r = 0; r < 40320; r++) {
            // "D PATH\n" (D has at most two digits), or "0\n" for the start.
            int d = depth[r];
            if (d == 0) {
                line[r] = new byte[] {'0', '\n'};
                continue;
            }
            int digits = d < 10 ? 1 : 2;
            byte[] text = new byte[digits + 1 + d + 1];
            if (d >= 10) text[0] = (byte) ('0' + d / 10);
            text[digits - 1] = (byte) ('0' + d % 10);
            text[digits] = ' ';
            for (int v = r, i = d - 1; i >= 0; v = parent[v], i--) text[digits + 1 + i] = op[v];
            text[text.length - 1] = '\n';
            line[r] = text;
        }
        byte[] minusOne = {'-', '1', '\n'};
        PrintStream out = new PrintStream(new java.io.BufferedOutputStream(System.out, 1 << 16));
        int[] target = new int[8];
        while (true) {
            long n = readLong();
            if (n == Long.MIN_VALUE || n == -1) break;
            for (int i = 0; i < 8; i++) target[i] = (int) readLong();
            int r = rank(target);
            out.write(depth[r] <= n ? line[r] : minusOne);
        }
        out.flush();
    }

    static final DataInputStream IN = new DataInputStream(System.in);
    static final byte[] BUFFER = new byte[1 << 16];
    static int length = 0, position = 0;

    static int read() throws IOException {
        if (position == length) {
            length = IN.read(BUFFER, 0, BUFFER.length);
            position = 0;
            if (length <= 0) return -1;
        }
        return BUFFER[position++];
    }

    /** The next integer of the input, or Long.MIN_VALUE at its end. */
    static long readLong() throws IOException {
        int c = read();
        while (c != -1 && c != '-' && (c < '0' || c > '9')) c = read();
        if (c == -1) return Long.MIN_VALUE;
        boolean negative = c == '-';
        if (negative) c = read();
        long value = 0;
        while (c >= '0' && c <= '9') {
            value = value * 10 + (c - '0');
            c = read();
        }
        return negative ? -value : value;
    }
}
