// USACO 3.2 Magic Squares, accepted, as a contestant's IDE writes a Java submission: a
// `package` line, and the public class named Main, not like the file. Kattis runs it (it
// finds the class with main, in its package); so does this judge. The search: one BFS from
// the start board over strings, children in the order A, B, C, each board's path in a map.
package contest.msquare;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.StringTokenizer;

public class Main {
    static final int[][] PERM = {
        {7, 6, 5, 4, 3, 2, 1, 0},
        {3, 0, 1, 2, 5, 6, 7, 4},
        {0, 6, 1, 3, 4, 2, 5, 7},
    };

    static String turn(String s, int op) {
        char[] t = new char[8];
        for (int i = 0; i < 8; i++) t[i] = s.charAt(PERM[op][i]);
        return new String(t);
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder goal = new StringBuilder();
        StringTokenizer tokens = new StringTokenizer("");
        while (goal.length() < 8) {
            while (!tokens.hasMoreTokens()) {
                String line = in.readLine();
                if (line == null) return;
                tokens = new StringTokenizer(line);
            }
            goal.append(tokens.nextToken());
        }
        String target = goal.toString();
        HashMap<String, String> path = new HashMap<>();
        ArrayDeque<String> queue = new ArrayDeque<>();
        path.put("12345678", "");
        queue.add("12345678");
        while (!queue.isEmpty() && !path.containsKey(target)) {
            String s = queue.poll();
            for (int op = 0; op < 3; op++) {
                String t = turn(s, op);
                if (path.containsKey(t)) continue;
                path.put(t, path.get(s) + (char) ('A' + op));
                queue.add(t);
            }
        }
        String p = path.get(target);
        StringBuilder out = new StringBuilder();
        out.append(p.length()).append('\n');
        if (p.isEmpty()) out.append('\n');
        for (int i = 0; i < p.length(); i += 60) {
            out.append(p, i, Math.min(p.length(), i + 60)).append('\n');
        }
        System.out.print(out);
    }
}
