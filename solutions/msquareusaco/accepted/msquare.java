/*
ID: boardjudge
LANG: JAVA
TASK: msquare
*/
// USACO 3.2 Magic Squares, accepted: written as USACO Training's contestants wrote it in Java for
// its grader, which gave the board in the file msquare.in and judged the file msquare.out (no
// standard input or output): msquare's Bfs.java reading msquare.in with a FileReader and
// writing msquare.out with a PrintWriter, the class named msquare as USACO asked. One
// breadth-first search
// from the start board, children in the order A, B, C (so the first path found to a board is
// the lexicographically smallest shortest one), boards marked by their Cantor rank, with a
// parent and an operation each, stopped at the target. The answer: the length, then the
// sequence in lines of 60 characters; "0" and an empty line for the start board, as the USACO
// reference output has it.
import java.io.BufferedReader;
import java.io.FileReader;
import java.io.FileWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.StringTokenizer;

public class msquare {
    static final int[] FACT = {5040, 720, 120, 24, 6, 2, 1, 1};
    // new[i] = old[OPS[k][i]], cells numbered clockwise from the top-left corner.
    static final int[][] OPS = {
        {7, 6, 5, 4, 3, 2, 1, 0}, // A: swap the rows
        {3, 0, 1, 2, 5, 6, 7, 4}, // B: shift each row right
        {0, 6, 1, 3, 4, 2, 5, 7}, // C: turn the centre clockwise
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
        BufferedReader in = new BufferedReader(new FileReader("msquare.in"));
        int[] target = new int[8];
        StringTokenizer words = new StringTokenizer("");
        for (int i = 0; i < 8; i++) {
            while (!words.hasMoreTokens()) words = new StringTokenizer(in.readLine());
            target[i] = Integer.parseInt(words.nextToken());
        }
        int goal = rank(target);
        int[] parent = new int[40320];
        char[] op = new char[40320];
        int[] depth = new int[40320];
        boolean[] seen = new boolean[40320];
        int[][] queue = new int[40320][];
        int[] start = {1, 2, 3, 4, 5, 6, 7, 8};
        seen[rank(start)] = true;
        queue[0] = start;
        int head = 0, tail = 1;
        while (!seen[goal]) {
            int[] b = queue[head++];
            int u = rank(b);
            for (int k = 0; k < 3; k++) {
                int[] next = new int[8];
                for (int i = 0; i < 8; i++) next[i] = b[OPS[k][i]];
                int r = rank(next);
                if (seen[r]) continue;
                seen[r] = true;
                parent[r] = u;
                op[r] = (char) ('A' + k);
                depth[r] = depth[u] + 1;
                queue[tail++] = next;
            }
        }
        int d = depth[goal];
        char[] path = new char[d];
        for (int v = goal, i = d - 1; i >= 0; v = parent[v], i--) path[i] = op[v];
        StringBuilder out = new StringBuilder();
        out.append(d).append('\n');
        if (d == 0) out.append('\n');
        for (int i = 0; i < d; i += 60) out.append(path, i, Math.min(60, d - i)).append('\n');
        PrintWriter file = new PrintWriter(new FileWriter("msquare.out"));
        file.print(out);
        file.close();
    }
}
