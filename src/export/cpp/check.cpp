// boardjudge's special checker as one C++17 file (standard library only): the same verdicts as
// the `check` binary for the three formats (sicily, msquare, rotation), proven equal by
// tests/cpp_differential.rs on the checker corpus, every test of every problem, thousands of
// mutated outputs and all 40,320 magic boards.
//
// The truth is recomputed from the input (a breadth-first search over the 8! magic boards, and
// over the C(24,8) subsets of rotation cells), the jury answer is judged first as strictly as a
// contestant's (right, shortest, and the lexicographically smallest under lex-smallest: anything
// less is FAIL), then the output, read up to max(1 MiB, 4 x the jury answer's size) bytes (more
// is a wrong answer). Spaces and tabs inside lines, a '\r' at a line's end, a missing final
// newline and blank lines at the very end are accepted; a blank line elsewhere, glued or split
// tokens, non-canonical numbers, a byte order mark and a misspelled "No moves needed" are
// presentation errors; what reads fine but is wrong is a wrong answer.
//
// Protocols (the export sets the default with BOARDJUDGE_PROTOCOL; options go before the files):
//   testlib: check <input> <output> <answer> [<report> [-appes]]; exit 0 ok, 1 wrong answer,
//            2 wrong output format, 3 FAIL; the message on stderr and in <report>.
//   kattis:  check <input> <answer> <feedback_dir> [flags...] < output; exit 42 / 43, 1 on a
//            judge failure; the message in judgemessage.txt (judgeerror.txt on a failure).
//   cms:     check <input> <answer> <output>; 1.0 or 0.0 on stdout and exactly
//            translate:success or translate:wrong on stderr (a failure exits 3).
//   answer:  check <input> [feedback_dir] [flags...] < answer; exit 42 when the answer is byte
//            for byte the canonical one (the ICPC answer validator), else 43.
//   dmoj:    check <input> <output> <answer> (DMOJ's bridged testlib checker); exit 0/1/2/3 as
//            testlib; stdout, which DMOJ shows the contestant as the case's feedback, is the
//            contestant's line without a newline (--team-feedback brief is this protocol's
//            default; none: empty);
//            on FAIL stdout is the jury's message (DMOJ's internal error, for the staff);
//            nothing on stderr (DMOJ reads `points N` there for partial points: never used).
// Options: --format sicily|msquare|rotation (default: recognised from the input),
// --order lex-smallest|any-shortest|any-within-limit, --wrap N (msquare),
// --protocol testlib|kattis|cms|answer|dmoj, --team-feedback none|brief.
// What a contestant can read (kattis teammessage.txt, cms stderr, dmoj stdout) is the verdict
// alone, or with --team-feedback brief (dmoj's default) one short line made of fixed phrases
// and numbers (`WA case 3: not a shortest sequence`, within DMOJ's 50 characters): never the
// expected answer, a board or the output's own text.
// Everything written (stdout, stderr, reports, feedback files) is valid UTF-8: a byte of a file
// or a file name that is not printable is written \xNN.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#ifndef BOARDJUDGE_FORMAT
#define BOARDJUDGE_FORMAT ""
#endif
#ifndef BOARDJUDGE_ORDER
#define BOARDJUDGE_ORDER "lex-smallest"
#endif
#ifndef BOARDJUDGE_WRAP
#define BOARDJUDGE_WRAP 60
#endif
#ifndef BOARDJUDGE_PROTOCOL
#define BOARDJUDGE_PROTOCOL "testlib"
#endif

namespace bj {

enum Verdict { AC, WA, PE, FAIL };
enum Order { LEX_SMALLEST, ANY_SHORTEST, ANY_WITHIN_LIMIT };
enum Format { SICILY, MSQUARE, ROTATION };

struct Options {
    Order order = LEX_SMALLEST;
    size_t wrap = 60;
};

// What the checker decided: the verdict, the jury's message and the contestant's.
struct Outcome {
    Verdict verdict;
    std::string message;
    std::string team;
};

static const char *verdict_words(Verdict v) {
    switch (v) {
    case AC: return "accepted";
    case WA: return "wrong answer";
    case PE: return "presentation error";
    default: return "judge error";
    }
}

// The contestant's line: `<WA|PE>[ case K][ line L]: <brief>`, the line for a presentation
// error only; short, the most useful words first (DMOJ keeps 50 characters of it).
static std::string team_message(Verdict v, long long kase, long long line, const char *brief) {
    std::string text = v == WA ? "WA" : v == PE ? "PE" : verdict_words(v);
    if (kase > 0) text += " case " + std::to_string(kase);
    if (v == PE && line > 0) text += " line " + std::to_string(line);
    text += ": ";
    text += brief;
    return text;
}

// A rejection of an answer or a case of it: the verdict, a fixed phrase, the jury's reason,
// the line (0: unknown).
struct Reject {
    Verdict verdict = AC;
    const char *brief = "";
    std::string message;
    long long line = 0;
    bool bad() const { return verdict != AC; }
};

static Reject wrong(const char *brief, std::string message, long long line = 0) {
    return Reject{WA, brief, std::move(message), line};
}
static Reject format_error(long long line, const char *brief, std::string message) {
    return Reject{PE, brief, std::move(message), line};
}

// ---- the magic board (sicily, msquare): 8 cells clockwise from the top-left corner ----

struct Magic {
    int distance[40320];
    int parent[40320];
    char via[40320];

    static int rank(const int *c) {
        int r = 0;
        for (int i = 0; i < 8; ++i) {
            int smaller = 0;
            for (int j = i + 1; j < 8; ++j) smaller += c[j] < c[i];
            r = r * (8 - i) + smaller;
        }
        return r;
    }
    static void apply(const int *from, char op, int *to) {
        static const int src[3][8] = {{7, 6, 5, 4, 3, 2, 1, 0}, {3, 0, 1, 2, 5, 6, 7, 4}, {0, 6, 1, 3, 4, 2, 5, 7}};
        for (int i = 0; i < 8; ++i) to[i] = from[src[op - 'A'][i]];
    }
    Magic() {
        for (int &d : distance) d = -1;
        std::vector<std::vector<int>> queue;
        queue.push_back({1, 2, 3, 4, 5, 6, 7, 8});
        distance[0] = 0;
        for (size_t head = 0; head < queue.size(); ++head) {
            std::vector<int> board = queue[head];
            int r = rank(board.data());
            for (char op = 'A'; op <= 'C'; ++op) {
                std::vector<int> child(8);
                apply(board.data(), op, child.data());
                int c = rank(child.data());
                if (distance[c] < 0) {
                    distance[c] = distance[r] + 1;
                    parent[c] = r;
                    via[c] = op;
                    queue.push_back(child);
                }
            }
        }
    }
    // The lexicographically smallest shortest sequence from the start to the board.
    std::string solve(const int *c) const {
        std::string ops;
        for (int r = rank(c); r != 0; r = parent[r]) ops += via[r];
        return std::string(ops.rbegin(), ops.rend());
    }
};

static const Magic &magic() {
    static Magic *table = new Magic();
    return *table;
}

static std::string magic_rows(const int *c) {
    std::string s;
    const int order[8] = {0, 1, 2, 3, 7, 6, 5, 4};
    for (int i = 0; i < 8; ++i) {
        if (i == 4) s += " /";
        if (i > 0) s += ' ';
        s += char('0' + c[order[i]]);
    }
    return s;
}

// ---- the rotation game: 24 cells, eight moves, the centre's eight cells ----

static const int LINES[8][7] = {
    {0, 2, 6, 11, 15, 20, 22}, {1, 3, 8, 12, 17, 21, 23}, {10, 9, 8, 7, 6, 5, 4}, {19, 18, 17, 16, 15, 14, 13},
    {23, 21, 17, 12, 8, 3, 1}, {22, 20, 15, 11, 6, 2, 0}, {13, 14, 15, 16, 17, 18, 19}, {4, 5, 6, 7, 8, 9, 10}};
static const int CENTRE[8] = {6, 7, 8, 11, 12, 15, 16, 17};

struct Rotation {
    // The distance of every set of eight cells to the centre, indexed by the set's rank among
    // the C(24,8) = 735,471 sets (combinatorial number system, a byte of the mask at a time).
    std::vector<unsigned char> distance;
    uint32_t permute[8][3][256];
    uint32_t rank_part[3][9][256];
    unsigned char ones[256];

    Rotation() : distance(735471, 255) {
        for (int m = 0; m < 8; ++m) {
            int dest[24];
            for (int i = 0; i < 24; ++i) dest[i] = i;
            for (int i = 0; i < 7; ++i) dest[LINES[m][(i + 1) % 7]] = LINES[m][i];
            for (int j = 0; j < 3; ++j)
                for (int b = 0; b < 256; ++b) {
                    uint32_t out = 0;
                    for (int bit = 0; bit < 8; ++bit)
                        if (b >> bit & 1) out |= 1u << dest[8 * j + bit];
                    permute[m][j][b] = out;
                }
        }
        for (int b = 0; b < 256; ++b) ones[b] = (unsigned char)((b & 1) + (b >> 1 & 1) + (b >> 2 & 1) + (b >> 3 & 1) + (b >> 4 & 1) + (b >> 5 & 1) + (b >> 6 & 1) + (b >> 7 & 1));
        for (int j = 0; j < 3; ++j)
            for (int k = 0; k < 9; ++k)
                for (int b = 0; b < 256; ++b) {
                    uint32_t r = 0;
                    int index = k;
                    for (int bit = 0; bit < 8; ++bit)
                        if (b >> bit & 1) r += binomial(8 * j + bit, ++index);
                    rank_part[j][k][b] = r;
                }
        uint32_t centre = 0;
        for (int c : CENTRE) centre |= 1u << c;
        std::vector<uint32_t> queue;
        queue.reserve(735471);
        queue.push_back(centre);
        distance[rank(centre)] = 0;
        for (size_t head = 0; head < queue.size(); ++head) {
            uint32_t mask = queue[head];
            unsigned char d = distance[rank(mask)] + 1;
            for (int m = 0; m < 8; ++m) {
                uint32_t child = move(mask, m);
                unsigned char &slot = distance[rank(child)];
                if (slot == 255) {
                    slot = d;
                    queue.push_back(child);
                }
            }
        }
    }
    static uint32_t binomial(int n, int k) {
        if (k > n) return 0;
        uint64_t r = 1;
        for (int i = 0; i < k; ++i) r = r * (n - i) / (i + 1);
        return (uint32_t)r;
    }
    uint32_t rank(uint32_t mask) const {
        uint32_t b0 = mask & 0xff, b1 = mask >> 8 & 0xff, b2 = mask >> 16 & 0xff;
        int k1 = ones[b0], k2 = k1 + ones[b1];
        return rank_part[0][0][b0] + rank_part[1][k1][b1] + rank_part[2][k2][b2];
    }
    uint32_t move(uint32_t mask, int m) const {
        return permute[m][0][mask & 0xff] | permute[m][1][mask >> 8 & 0xff] | permute[m][2][mask >> 16 & 0xff];
    }
    int board_distance(const int *c) const {
        int best = 255;
        for (int digit = 1; digit <= 3; ++digit) {
            uint32_t mask = 0;
            for (int i = 0; i < 24; ++i)
                if (c[i] == digit) mask |= 1u << i;
            if (distance[rank(mask)] < best) best = distance[rank(mask)];
        }
        return best;
    }
    // The lexicographically smallest shortest sequence, and the centre digit it leaves.
    std::string solve(const int *cells, int &digit) const {
        int c[24];
        std::memcpy(c, cells, sizeof c);
        std::string moves;
        for (int d = board_distance(c); d > 0; --d) {
            for (int m = 0; m < 8; ++m) {
                int next[24];
                std::memcpy(next, c, sizeof c);
                apply(next, m);
                if (board_distance(next) == d - 1) {
                    moves += char('A' + m);
                    std::memcpy(c, next, sizeof c);
                    break;
                }
            }
        }
        digit = c[CENTRE[0]];
        return moves;
    }
    static void apply(int *c, int m) {
        const int *line = LINES[m];
        int head = c[line[0]];
        for (int i = 0; i < 6; ++i) c[line[i]] = c[line[i + 1]];
        c[line[6]] = head;
    }
    // The digit of a solved board, or 0.
    static int solved_digit(const int *c) {
        for (int i : CENTRE)
            if (c[i] != c[CENTRE[0]]) return 0;
        return c[CENTRE[0]];
    }
};

static const Rotation &rotation() {
    static Rotation *table = new Rotation();
    return *table;
}

// ---- bytes in messages: the jury's and the contestant's texts are read by programs that
// decode them as strict UTF-8 (DMOJ decodes the checker's stdout before it reads the exit
// code), so no byte of a hostile file or name reaches them raw ----

static std::string hex_byte(unsigned char c) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "\\x%02x", c);
    return hex;
}

// A token for a message: printable ASCII as it is, any other byte as \xNN; past 40 bytes,
// "..." and the token's length.
static std::string shown(const std::string &token) {
    std::string s;
    for (unsigned char c : token.substr(0, 40)) s += c >= 0x20 && c < 0x7f ? std::string(1, (char)c) : hex_byte(c);
    if (token.size() > 40) s += "... (" + std::to_string(token.size()) + " bytes)";
    return s;
}

// ---- the input, read as the checker reads a jury input: any whitespace between tokens, the
// statement's ranges; anything else is a judge failure ----

static bool is_space(unsigned char b) { return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v'; }

struct Case {
    long long limit = 0;  // sicily
    int cells[24] = {0};  // magic: 8 cells clockwise; rotation: 24 digits
};

static std::vector<std::pair<size_t, size_t>> input_tokens(const std::string &text) {
    std::vector<std::pair<size_t, size_t>> tokens;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_space(text[i])) ++i;
        size_t start = i;
        while (i < text.size() && !is_space(text[i])) ++i;
        if (i > start) tokens.emplace_back(start, i);
    }
    return tokens;
}

// An integer token of the free layout ([+-]?[0-9]+) in [lo, hi].
static bool input_int(const std::string &text, std::pair<size_t, size_t> t, long long lo, long long hi, long long &value) {
    size_t i = t.first;
    bool negative = text[i] == '-';
    if (text[i] == '-' || text[i] == '+') ++i;
    if (i == t.second) return false;
    unsigned long long v = 0;
    bool overflow = false;
    for (; i < t.second; ++i) {
        unsigned char b = text[i];
        if (b < '0' || b > '9') return false;
        if (v > (9223372036854775807ULL - (b - '0')) / 10) overflow = true;
        if (!overflow) v = v * 10 + (b - '0');
    }
    if (overflow) return false;
    value = negative ? -(long long)v : (long long)v;
    return value >= lo && value <= hi;
}

static bool read_input(Format format, const std::string &text, std::vector<Case> &cases, std::string &why) {
    auto tokens = input_tokens(text);
    size_t k = 0;
    auto next = [&](long long lo, long long hi, long long &v, const char *what) {
        if (k == tokens.size()) {
            why = std::string("the input ends early: expected ") + what;
            return false;
        }
        if (!input_int(text, tokens[k], lo, hi, v)) {
            why = std::string("expected ") + what + " in " + std::to_string(lo) + ".." + std::to_string(hi) + ", found \"" +
                  shown(text.substr(tokens[k].first, tokens[k].second - tokens[k].first)) + "\"";
            return false;
        }
        ++k;
        return true;
    };
    auto magic_cells = [&](int *out) {
        long long v;
        for (int i = 0; i < 8; ++i) {
            if (!next(1, 8, v, "a colour")) return false;
            out[i] = (int)v;
        }
        bool seen[9] = {false};
        for (int i = 0; i < 8; ++i) {
            if (seen[out[i]]) {
                why = "the board is not a permutation of 1..8";
                return false;
            }
            seen[out[i]] = true;
        }
        return true;
    };
    if (format == MSQUARE) {
        Case c;
        if (!magic_cells(c.cells)) return false;
        cases.push_back(c);
    } else {
        for (;;) {
            long long first;
            if (k == tokens.size()) {
                why = format == SICILY ? "the input ends without the terminator -1" : "the input ends without the terminator 0";
                return false;
            }
            Case c;
            if (format == SICILY) {
                if (!next(-1, 2147483647LL, first, "the step limit N")) return false;
                if (first == -1) break;
                c.limit = first;
                int rows[8];
                if (!magic_cells(rows)) return false;
                const int order[8] = {0, 1, 2, 3, 7, 6, 5, 4};
                for (int i = 0; i < 8; ++i) c.cells[i] = rows[order[i]];
            } else {
                if (!next(0, 3, first, "a cell or the terminator 0")) return false;
                if (first == 0) break;
                int count[4] = {0, 0, 0, 0};
                c.cells[0] = (int)first;
                ++count[first];
                for (int i = 1; i < 24; ++i) {
                    long long v;
                    if (!next(1, 3, v, "a cell (1..3)")) return false;
                    c.cells[i] = (int)v;
                    ++count[v];
                }
                if (count[1] != 8 || count[2] != 8 || count[3] != 8) {
                    why = "the board does not hold eight of each digit";
                    return false;
                }
            }
            cases.push_back(c);
        }
    }
    if (k != tokens.size()) {
        why = "data after the end of the input";
        return false;
    }
    return true;
}

// ---- the answer's lines (the jury's and the contestant's alike) ----

static bool is_blank(unsigned char b) { return b == ' ' || b == '\t'; }

struct Line {
    long long number = 0;
    const char *text = nullptr;
    size_t size = 0;
    // The first n tokens (runs of bytes other than spaces and tabs) and how many there are.
    size_t tokens(std::string *out, size_t n) const {
        size_t count = 0, i = 0;
        while (i < size) {
            while (i < size && is_blank(text[i])) ++i;
            size_t start = i;
            while (i < size && !is_blank(text[i])) ++i;
            if (i > start) {
                if (count < n) out[count].assign(text + start, i - start);
                ++count;
            }
        }
        for (size_t j = count; j < n; ++j) out[j].clear();
        return count;
    }
    bool has_token() const {
        for (size_t i = 0; i < size; ++i)
            if (!is_blank(text[i])) return true;
        return false;
    }
};

struct Lines {
    const std::string *text;
    size_t pos = 0;
    long long number = 0;

    explicit Lines(const std::string &t) : text(&t) {}

    bool raw_line(Line &line) {
        if (pos >= text->size()) return false;
        size_t end = text->find('\n', pos);
        size_t advance = end == std::string::npos ? text->size() - pos : end - pos + 1;
        size_t size = end == std::string::npos ? text->size() - pos : end - pos;
        if (size > 0 && (*text)[pos + size - 1] == '\r') --size;
        line.number = ++number;
        line.text = text->data() + pos;
        line.size = size;
        pos += advance;
        return true;
    }
    bool rest_is_blank() const {
        for (size_t i = pos; i < text->size(); ++i) {
            char b = (*text)[i];
            if (!is_blank(b) && b != '\n' && b != '\r') return false;
        }
        return true;
    }
    // The next line that holds a token: 1; the end (only blank lines left): 0; a blank line
    // before more tokens, or a byte order mark: -1 with the rejection.
    int next_line(Line &line, Reject &reject) {
        if (pos == 0 && text->compare(0, 3, "\xef\xbb\xbf") == 0) {
            reject = format_error(1, "a byte order mark",
                                  "line 1 starts with a byte order mark (U+FEFF): write plain ASCII, without a BOM");
            return -1;
        }
        if (!raw_line(line)) return 0;
        if (line.has_token()) return 1;
        if (rest_is_blank()) {
            pos = text->size();
            return 0;
        }
        reject = format_error(line.number, "empty line in the output",
                              "line " + std::to_string(line.number) + " is empty; empty lines are allowed only at the very end");
        return -1;
    }
    // The next line that holds a token, skipping blank lines.
    bool next_token_line(Line &line) {
        while (raw_line(line))
            if (line.has_token()) return true;
        return false;
    }
};

// A number as the statements write it: 0, or an optional '-' and digits without a leading zero.
struct Number {
    enum Kind { VALUE, HUGE_NUMBER, NOT_NUMERIC, NON_CANONICAL } kind = NOT_NUMERIC;
    bool negative = false;
    long long value = 0;
    bool is_negative() const { return (kind == VALUE && value < 0) || (kind == HUGE_NUMBER && negative); }
    std::string show() const {
        if (kind == VALUE) return std::to_string(value);
        return negative ? "a negative number out of range" : "a number too large for 64 bits";
    }
};

static Number parse_number(const std::string &token) {
    Number n;
    size_t i = 0;
    bool plus = false;
    if (!token.empty() && (token[0] == '-' || token[0] == '+')) {
        n.negative = token[0] == '-';
        plus = token[0] == '+';
        i = 1;
    }
    if (i == token.size()) return n;
    for (size_t j = i; j < token.size(); ++j)
        if (token[j] < '0' || token[j] > '9') return n;
    size_t digits = token.size() - i;
    if (plus || (digits > 1 && token[i] == '0') || (n.negative && token.compare(i, std::string::npos, "0") == 0)) {
        n.kind = Number::NON_CANONICAL;
        return n;
    }
    unsigned long long v = 0;
    for (size_t j = i; j < token.size(); ++j) {
        unsigned d = token[j] - '0';
        if (v > (9223372036854775807ULL - d) / 10) {
            n.kind = Number::HUGE_NUMBER;
            return n;
        }
        v = v * 10 + d;
    }
    n.kind = Number::VALUE;
    n.value = n.negative ? -(long long)v : (long long)v;
    return n;
}

static bool read_number(const std::string &token, long long line, const char *what, Number &n, Reject &reject) {
    n = parse_number(token);
    std::string l = "line " + std::to_string(line) + ": ";
    if (n.kind == Number::NOT_NUMERIC) {
        reject = format_error(line, "expected a number", l + "expected " + what + ", found \"" + shown(token) + "\"");
        return false;
    }
    if (n.kind == Number::NON_CANONICAL) {
        reject = format_error(line, "a non-canonical number",
                              l + what + " is written \"" + shown(token) + "\": write numbers without leading zeros, '+' or '-0'");
        return false;
    }
    return true;
}

static bool all_upper(const std::string &token) {
    for (char c : token)
        if (c < 'A' || c > 'Z') return false;
    return true;
}

// Whose answer is judged, and by which order.
struct Rules {
    Order order;
    bool jury;
    const char *your() const { return jury ? "the jury's" : "your"; }
    const char *you() const { return jury ? "the jury" : "you"; }
    const char *text() const { return jury ? "the jury answer" : "the output"; }
};

static std::string moves_word(size_t n) { return std::to_string(n) + (n == 1 ? " move" : " moves"); }
static std::string show_sequence(const std::string &s) { return s.empty() ? "no moves" : shown(s); }

// A character that is not a move, named for the jury: the byte, or the UTF-8 character.
static Reject not_a_move(const std::string &letters, size_t i, const char *alphabet) {
    return wrong("a character that is not a move", "\"" + shown(letters.substr(i, 4).substr(0, 1)) + "\" (move " +
                                                       std::to_string(i + 1) + ") is not " + alphabet);
}

static Reject judge_optimal(const std::string &yours, const std::string &best, Rules rules, const char *many, const char *one) {
    if (yours.size() > best.size())
        return wrong("not a shortest sequence", std::string(rules.your()) + " " + moves_word(yours.size()) + " " +
                                                    (yours.size() == 1 ? one : many) + ", but " + std::to_string(best.size()) +
                                                    " is the shortest (" + show_sequence(best) + ")");
    if (rules.order == LEX_SMALLEST && yours != best) {
        size_t at = 0;
        while (at < yours.size() && yours[at] == best[at]) ++at;
        return wrong("shortest, but not the lex smallest",
                     show_sequence(yours) + " is a shortest sequence, but " + show_sequence(best) +
                         " is lexicographically smaller: they first differ at move " + std::to_string(at + 1));
    }
    return Reject();
}

// ---- sicily: per case `M ops` (M alone when 0) or -1 ----

struct SicilyReply {
    bool too_far = false;
    Number count;
    std::string letters;
};

static bool glued(const std::string &token) {
    size_t i = token.size() && token[0] == '-' ? 1 : 0, digits = 0;
    while (i + digits < token.size() && token[i + digits] >= '0' && token[i + digits] <= '9') ++digits;
    if (digits == 0 || i + digits >= token.size()) return false;
    char c = token[i + digits];
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

// 1 read, 0 the answer has ended, -1 rejected.
static int sicily_read(Lines &lines, SicilyReply &reply, Reject &reject) {
    Line line;
    int got = lines.next_line(line, reject);
    if (got <= 0) return got;
    long long l = line.number;
    std::string t[2];
    size_t n = line.tokens(t, 2);
    std::string at = "line " + std::to_string(l);
    if (parse_number(t[0]).kind == Number::NOT_NUMERIC && glued(t[0])) {
        reject = format_error(l, "no space after M",
                              at + ": no space between the count M and the operations in \"" + shown(t[0]) + "\"");
        return -1;
    }
    if (!read_number(t[0], l, "the number of operations M", reply.count, reject)) return -1;
    if (n > 2) {
        reject = format_error(l, "too many tokens",
                              at + " holds " + std::to_string(n) + " tokens: expected M, then the operations without spaces between them");
        return -1;
    }
    if (reply.count.kind == Number::VALUE && reply.count.value == -1) {
        if (n == 2) {
            reject = format_error(l, "-1 not alone on its line", at + ": -1 must stand alone, found \"" + shown(t[1]) + "\" after it");
            return -1;
        }
        reply.too_far = true;
        return 1;
    }
    if (n == 1 && reply.count.kind == Number::VALUE && reply.count.value > 0) {
        Lines ahead = lines;
        Line next;
        Reject ignored;
        if (ahead.next_line(next, ignored) == 1) {
            std::string u[1];
            if (next.tokens(u, 1) == 1 && all_upper(u[0])) {
                reject = format_error(l, "moves not on M's line",
                                      at + ": the operations must follow M on the same line, found them alone on line " +
                                          std::to_string(next.number));
                return -1;
            }
        }
    }
    reply.too_far = false;
    reply.letters = t[1];
    return 1;
}

static Reject sicily_judge(const Case &c, const SicilyReply &reply, Rules rules) {
    const Magic &table = magic();
    long long d = table.distance[Magic::rank(c.cells)];
    long long limit = c.limit;
    if (reply.too_far) {
        if (d > limit) return Reject();
        return wrong("-1, but N moves reach the target",
                     std::string(rules.you()) + " printed -1, but the target is reachable in " + std::to_string(d) +
                         " <= N = " + std::to_string(limit) + " moves (" + show_sequence(table.solve(c.cells)) + ")");
    }
    const std::string &letters = reply.letters;
    for (size_t i = 0; i < letters.size(); ++i)
        if (letters[i] < 'A' || letters[i] > 'C') return not_a_move(letters, i, "an operation (A, B or C)");
    size_t n = letters.size();
    const Number &count = reply.count;
    if (!(count.kind == Number::VALUE && count.value >= 0 && (unsigned long long)count.value == n)) {
        if (count.is_negative())
            return wrong("a negative M", "M = " + count.show() + " is negative: write the number of operations, or -1 alone");
        return wrong("M is not the number of operations",
                     "M = " + count.show() + ", but " + std::to_string(n) + (n == 1 ? " operation follows" : " operations follow"));
    }
    int board[8] = {1, 2, 3, 4, 5, 6, 7, 8}, next[8];
    for (char op : letters) {
        Magic::apply(board, op, next);
        std::memcpy(board, next, sizeof board);
    }
    if (std::memcmp(board, c.cells, sizeof board) != 0)
        return wrong("the moves do not reach the target", "after " + std::string(rules.your()) + " moves the board is " +
                                                              magic_rows(board) + ", not the target " + magic_rows(c.cells));
    if ((long long)n > limit)
        return wrong("more moves than the step limit N", std::string(rules.your()) + " " + moves_word(n) +
                                                             " reach the target, but the limit is N = " + std::to_string(limit));
    if (rules.order == ANY_WITHIN_LIMIT) return Reject();
    return judge_optimal(letters, table.solve(c.cells), rules, "reach the target", "reaches the target");
}

// ---- msquare: the length alone on line 1, then the sequence in lines of `wrap` letters ----

struct MsquareReply {
    Number count;
    std::string letters;
};

static int msquare_read(Lines &lines, const Options &options, MsquareReply &reply, Reject &reject) {
    Line line;
    int got = lines.next_line(line, reject);
    if (got <= 0) return got;
    long long l = line.number;
    std::string t[1];
    size_t n = line.tokens(t, 1);
    if (!read_number(t[0], l, "the length of the sequence", reply.count, reject)) return -1;
    if (n > 1) {
        reject = format_error(l, "length must stand alone",
                              "line " + std::to_string(l) + " holds " + std::to_string(n) +
                                  " tokens: the length stands alone on line 1, the sequence starts on line 2");
        return -1;
    }
    const Number &count = reply.count;
    if (count.is_negative()) {
        reject = wrong("a negative length", "the length " + count.show() + " is negative", l);
        return -1;
    }
    unsigned long long remaining = count.kind == Number::VALUE ? (unsigned long long)count.value : ~0ULL;
    reply.letters.clear();
    if (remaining == 0) {
        Line after;
        if (!lines.next_token_line(after)) return 1;
        after.tokens(t, 1);
        reject = wrong("output after a length of 0",
                       "the length is 0, so nothing may follow it, but line " + std::to_string(after.number) + " starts with \"" +
                           shown(t[0]) + "\"",
                       after.number);
        return -1;
    }
    size_t wrap = options.wrap;
    while (remaining > 0) {
        int more = lines.next_line(line, reject);
        if (more < 0) return -1;
        if (more == 0) break;
        l = line.number;
        n = line.tokens(t, 1);
        if (n > 1) {
            reject = format_error(l, "spaces in the sequence",
                                  "line " + std::to_string(l) + " holds " + std::to_string(n) + " tokens: write the sequence without spaces");
            return -1;
        }
        size_t len = t[0].size();
        if (len > remaining) {
            reject = wrong("more letters than the length says",
                           "line 1 gives the length " + count.show() + ", but more letters follow by the end of line " + std::to_string(l), l);
            return -1;
        }
        if (len > wrap) {
            reject = format_error(l, "line over the wrap width",
                                  "line " + std::to_string(l) + " has " + std::to_string(len) + " characters; lines must be wrapped at " +
                                      std::to_string(wrap));
            return -1;
        }
        reply.letters += t[0];
        if (len < std::min<unsigned long long>(remaining, wrap)) {
            Lines ahead = lines;
            Line next;
            Reject ignored;
            if (ahead.next_line(next, ignored) != 0) {
                reject = format_error(l, "line under wrap width",
                                      "line " + std::to_string(l) + " has " + std::to_string(len) +
                                          " characters; every line of the sequence but the last must have exactly " + std::to_string(wrap));
                return -1;
            }
            break;
        }
        remaining -= len;
    }
    if (remaining == 0) {
        Lines ahead = lines;
        Line next;
        if (ahead.next_token_line(next)) {
            next.tokens(t, 1);
            if (all_upper(t[0])) {
                reject = wrong("more letters than the length says",
                               "line 1 gives the length " + count.show() + ", but more letters follow on line " + std::to_string(next.number),
                               next.number);
                return -1;
            }
        }
    }
    return 1;
}

static Reject msquare_judge(const Case &c, const MsquareReply &reply, Rules rules) {
    const std::string &letters = reply.letters;
    for (size_t i = 0; i < letters.size(); ++i)
        if (letters[i] < 'A' || letters[i] > 'C') return not_a_move(letters, i, "an operation (A, B or C)");
    size_t n = letters.size();
    if (!(reply.count.kind == Number::VALUE && (unsigned long long)reply.count.value == n))
        return wrong("the letters do not match the length",
                     "line 1 gives the length " + reply.count.show() + ", but " + std::to_string(n) + " letters follow", 1);
    int board[8] = {1, 2, 3, 4, 5, 6, 7, 8}, next[8];
    for (char op : letters) {
        Magic::apply(board, op, next);
        std::memcpy(board, next, sizeof board);
    }
    if (std::memcmp(board, c.cells, sizeof board) != 0)
        return wrong("the moves do not reach the target", "after " + std::string(rules.your()) + " moves the board is " +
                                                              magic_rows(board) + ", not the target " + magic_rows(c.cells));
    return judge_optimal(letters, magic().solve(c.cells), rules, "reach the target", "reaches the target");
}

// ---- rotation: per board the moves (or exactly "No moves needed"), then the centre digit ----

struct RotationReply {
    bool no_moves = false;
    std::string moves;
    Number digit;
};

// Whether a code point is alphanumeric (Unicode Alphabetic or Numeric, as Rust's
// char::is_alphanumeric says); only non-ASCII code points are asked. The ranges are checked
// against Rust's own by tests/cpp_differential.rs.
static bool non_ascii_alphanumeric(uint32_t cp);

// The line's alphanumeric characters, lowercased, spell "nomovesneeded" (invalid UTF-8 is
// skipped as Rust's lossy decoding replaces it with U+FFFD, which is not alphanumeric).
static bool spells_no_moves_needed(const char *text, size_t size) {
    static const char target[] = "nomovesneeded";
    size_t k = 0;
    size_t i = 0;
    const unsigned char *s = (const unsigned char *)text;
    while (i < size) {
        unsigned char b = s[i];
        if (b < 0x80) {
            ++i;
            bool alnum = (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
            if (!alnum) continue;
            char lower = (b >= 'A' && b <= 'Z') ? char(b + 32) : char(b);
            if (k >= 13 || target[k] != lower) return false;
            ++k;
            continue;
        }
        // A UTF-8 sequence: its length, its code point, and whether it is well formed.
        int len = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 ? 2 : 0;
        if (b > 0xf4) len = 0;
        uint32_t cp = len == 2 ? b & 0x1f : len == 3 ? b & 0x0f : b & 0x07;
        bool ok = len > 0 && i + len <= size;
        for (int j = 1; ok && j < len; ++j) {
            unsigned char c = s[i + j];
            if ((c & 0xc0) != 0x80) ok = false;
            cp = cp << 6 | (c & 0x3f);
        }
        if (ok && len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ok = false;
        if (ok && len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ok = false;
        if (!ok) {
            ++i;  // continuation bytes never start a character: skipping one byte is enough
            continue;
        }
        i += len;
        if (non_ascii_alphanumeric(cp)) return false;
    }
    return k == 13;
}

static bool ascii_iequal(const std::string &a, const char *b) {
    size_t n = std::strlen(b);
    if (a.size() != n) return false;
    for (size_t i = 0; i < n; ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x += 32;
        if (y >= 'A' && y <= 'Z') y += 32;
        if (x != y) return false;
    }
    return true;
}

static int rotation_read(Lines &lines, RotationReply &reply, Reject &reject) {
    Line line;
    int got = lines.next_line(line, reject);
    if (got <= 0) return got;
    long long l = line.number;
    std::string t[3];
    size_t n = line.tokens(t, 3);
    std::string at = "line " + std::to_string(l);
    reply.no_moves = n == 3 && t[0] == "No" && t[1] == "moves" && t[2] == "needed";
    if (!reply.no_moves) {
        if (ascii_iequal(t[0], "no") || spells_no_moves_needed(line.text, line.size)) {
            reject = format_error(l, "not \"No moves needed\"",
                                  at + ": expected exactly \"No moves needed\", found \"" + shown(std::string(line.text, line.size)) + "\"");
            return -1;
        }
        if (n > 1) {
            reject = format_error(l, "spaces inside the moves",
                                  at + " holds " + std::to_string(n) + " tokens: write the moves without spaces");
            return -1;
        }
        reply.moves = t[0];
    }
    long long first = l;
    got = lines.next_line(line, reject);
    if (got < 0) return -1;
    if (got == 0) {
        reject = wrong("output ends before the centre digit", "the answer ends before the centre digit", first + 1);
        return -1;
    }
    l = line.number;
    n = line.tokens(t, 1);
    if (n > 1) {
        reject = format_error(l, "centre digit not alone",
                              "line " + std::to_string(l) + " holds " + std::to_string(n) + " tokens: expected the centre digit alone");
        return -1;
    }
    if (!read_number(t[0], l, "the centre digit", reply.digit, reject)) return -1;
    return 1;
}

static Reject judge_digit(const Number &digit, int centre, Rules rules) {
    if (digit.kind == Number::VALUE && digit.value == centre) return Reject();
    return wrong("a wrong centre digit",
                 "the centre holds " + std::to_string(centre) + "s, but " + rules.you() + " printed " + digit.show());
}

static Reject rotation_judge(const Case &c, const RotationReply &reply, Rules rules) {
    const Rotation &table = rotation();
    int digit;
    if (reply.no_moves) {
        int centre = Rotation::solved_digit(c.cells);
        if (centre == 0)
            return wrong("the board is not solved yet", std::string(rules.you()) +
                                                            " printed \"No moves needed\", but the board is not solved: the shortest solution takes " +
                                                            moves_word(table.board_distance(c.cells)) + " (" +
                                                            show_sequence(table.solve(c.cells, digit)) + ")");
        return judge_digit(reply.digit, centre, rules);
    }
    const std::string &moves = reply.moves;
    for (size_t i = 0; i < moves.size(); ++i)
        if (moves[i] < 'A' || moves[i] > 'H') return not_a_move(moves, i, "a move (A to H)");
    int end[24];
    std::memcpy(end, c.cells, sizeof end);
    for (char m : moves) Rotation::apply(end, m - 'A');
    int centre = Rotation::solved_digit(end);
    if (centre == 0)
        return wrong("the moves do not solve the board",
                     "after " + std::string(rules.your()) + " moves the centre does not hold eight equal digits");
    Reject r = judge_digit(reply.digit, centre, rules);
    if (r.bad()) return r;
    if (Rotation::solved_digit(c.cells) != 0)
        return wrong("the board is already solved",
                     "the board is already solved: the answer is \"No moves needed\", not " + moves_word(moves.size()));
    return judge_optimal(moves, table.solve(c.cells, digit), rules, "solve the board", "solves the board");
}

// ---- one answer, all cases ----

// The first rejection of `text` as the answer to `cases`: the case (0 after the last) and why.
static bool judge_all(Format format, const std::vector<Case> &cases, const std::string &text, const Options &options, Rules rules,
                      size_t &failed_case, Reject &reject) {
    Lines lines(text);
    for (size_t i = 0; i < cases.size(); ++i) {
        failed_case = i + 1;
        long long start = lines.number + 1;
        int got;
        Reject r;
        SicilyReply s;
        MsquareReply m;
        RotationReply o;
        if (format == SICILY) got = sicily_read(lines, s, r);
        else if (format == MSQUARE) got = msquare_read(lines, options, m, r);
        else got = rotation_read(lines, o, r);
        if (got < 0) {
            reject = r;
            return false;
        }
        if (got == 0) {
            reject = wrong("the output ends too early", "missing: " + std::string(rules.text()) + " ends after " + std::to_string(i) +
                                                            " of " + std::to_string(cases.size()) + " cases",
                           start);
            return false;
        }
        if (format == SICILY) r = sicily_judge(cases[i], s, rules);
        else if (format == MSQUARE) r = msquare_judge(cases[i], m, rules);
        else r = rotation_judge(cases[i], o, rules);
        if (r.bad()) {
            if (r.line == 0) r.line = start;
            reject = r;
            return false;
        }
    }
    failed_case = 0;
    Line line;
    if (lines.next_token_line(line)) {
        std::string t[1];
        line.tokens(t, 1);
        std::string after = cases.empty() ? "extra output: the input has no cases" : "extra output after case " + std::to_string(cases.size());
        reject = wrong("extra output after the last case",
                       after + ": line " + std::to_string(line.number) + " starts with \"" + shown(t[0]) + "\"", line.number);
        return false;
    }
    return true;
}

static std::string expected_text(Format format, const Case &c, const Options &options);

// The expected answer to a case, for the jury's message.
static std::string expected_block(Format format, const Case &c, const Options &options) {
    std::string kind = options.order == LEX_SMALLEST ? "the only right answer" : "one right answer";
    std::string text = expected_text(format, c, options), out = "\n  expected (" + kind + "):\n";
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        out += "    " + text.substr(start, end - start) + "\n";
        start = end + 1;
    }
    return out;
}

static Outcome fail(const std::string &message) { return Outcome{FAIL, message, verdict_words(FAIL)}; }

// The most bytes of output read for a jury answer of `answer` bytes: max(1 MiB, 4 x answer).
static size_t output_cap(size_t answer) { return answer > (1u << 20) / 4 ? answer * 4 : (size_t)1 << 20; }

// Judges the jury answer, then the output (`output_too_long`: more than the cap was offered).
static Outcome check(Format format, const std::string &input, const std::string &answer, const std::string &output,
                     bool output_too_long, const Options &options) {
    if (options.order == ANY_WITHIN_LIMIT && format != SICILY)
        return fail("--order any-within-limit needs a step limit: it is for sicily only");
    if (options.wrap == 0) return fail("--wrap must be at least 1");
    std::vector<Case> cases;
    std::string why;
    if (!read_input(format, input, cases, why)) return fail("invalid input: " + why);
    size_t k;
    Reject r;
    Rules jury{options.order == LEX_SMALLEST ? LEX_SMALLEST : ANY_SHORTEST, true};
    if (!judge_all(format, cases, answer, options, jury, k, r)) {
        std::string message = "the jury answer is wrong: " + (k ? "case " + std::to_string(k) + ": " : std::string()) + r.message;
        if (k) message += expected_block(format, cases[k - 1], options);
        return fail(message);
    }
    if (output_too_long) {
        // Reading stopped one byte past the cap: the output's size is "more than" it.
        std::string cap = std::to_string(output_cap(answer.size()));
        return Outcome{WA,
                       "output too long: more than " + cap + " bytes, over the cap of " + cap +
                           " bytes (max(1 MiB, 4 x the jury answer's " + std::to_string(answer.size()) +
                           " bytes)); the rest was not read",
                       team_message(WA, 0, 0, "output too long")};
    }
    Rules contestant{options.order, false};
    if (judge_all(format, cases, output, options, contestant, k, r)) {
        std::string message = std::to_string(cases.size()) + (cases.size() == 1 ? " case" : " cases") + ", all right";
        return Outcome{AC, message, verdict_words(AC)};
    }
    std::string message = (k ? "case " + std::to_string(k) + ": " : std::string()) + r.message;
    if (k) message += expected_block(format, cases[k - 1], options);
    return Outcome{r.verdict, message, team_message(r.verdict, (long long)k, r.line, r.brief)};
}

// The canonical answer to one case, as the reference solver writes it.
static std::string expected_text(Format format, const Case &c, const Options &options) {
    std::string out;
    if (format == SICILY) {
        const Magic &table = magic();
        long long d = table.distance[Magic::rank(c.cells)];
        if (d > c.limit) return "-1\n";
        if (d == 0) return "0\n";
        return std::to_string(d) + " " + table.solve(c.cells) + "\n";
    }
    if (format == MSQUARE) {
        std::string ops = magic().solve(c.cells);
        out = std::to_string(ops.size()) + "\n";
        if (ops.empty()) out += "\n";
        for (size_t i = 0; i < ops.size(); i += options.wrap) out += ops.substr(i, options.wrap) + "\n";
        return out;
    }
    int digit;
    std::string moves = rotation().solve(c.cells, digit);
    return (moves.empty() ? std::string("No moves needed") : moves) + "\n" + char('0' + digit) + "\n";
}

static bool non_ascii_alphanumeric(uint32_t cp) {
    // Unicode ranges of Alphabetic or Numeric code points above U+007F, first and last.
    static const uint32_t ranges[][2] = {
        {0xaa, 0xaa}, {0xb2, 0xb3}, {0xb5, 0xb5}, {0xb9, 0xba}, {0xbc, 0xbe}, {0xc0, 0xd6}, {0xd8, 0xf6},
        {0xf8, 0x2c1}, {0x2c6, 0x2d1}, {0x2e0, 0x2e4}, {0x2ec, 0x2ec}, {0x2ee, 0x2ee}, {0x345, 0x345},
        {0x363, 0x374}, {0x376, 0x377}, {0x37a, 0x37d}, {0x37f, 0x37f}, {0x386, 0x386}, {0x388, 0x38a},
        {0x38c, 0x38c}, {0x38e, 0x3a1}, {0x3a3, 0x3f5}, {0x3f7, 0x481}, {0x48a, 0x52f}, {0x531, 0x556},
        {0x559, 0x559}, {0x560, 0x588}, {0x5b0, 0x5bd}, {0x5bf, 0x5bf}, {0x5c1, 0x5c2}, {0x5c4, 0x5c5},
        {0x5c7, 0x5c7}, {0x5d0, 0x5ea}, {0x5ef, 0x5f2}, {0x610, 0x61a}, {0x620, 0x657}, {0x659, 0x669},
        {0x66e, 0x6d3}, {0x6d5, 0x6dc}, {0x6e1, 0x6e8}, {0x6ed, 0x6fc}, {0x6ff, 0x6ff}, {0x710, 0x73f},
        {0x74d, 0x7b1}, {0x7c0, 0x7ea}, {0x7f4, 0x7f5}, {0x7fa, 0x7fa}, {0x800, 0x817}, {0x81a, 0x82c},
        {0x840, 0x858}, {0x860, 0x86a}, {0x870, 0x887}, {0x889, 0x88f}, {0x897, 0x897}, {0x8a0, 0x8c9},
        {0x8d4, 0x8df}, {0x8e3, 0x8e9}, {0x8f0, 0x93b}, {0x93d, 0x94c}, {0x94e, 0x950}, {0x955, 0x963},
        {0x966, 0x96f}, {0x971, 0x983}, {0x985, 0x98c}, {0x98f, 0x990}, {0x993, 0x9a8}, {0x9aa, 0x9b0},
        {0x9b2, 0x9b2}, {0x9b6, 0x9b9}, {0x9bd, 0x9c4}, {0x9c7, 0x9c8}, {0x9cb, 0x9cc}, {0x9ce, 0x9ce},
        {0x9d7, 0x9d7}, {0x9dc, 0x9dd}, {0x9df, 0x9e3}, {0x9e6, 0x9f1}, {0x9f4, 0x9f9}, {0x9fc, 0x9fc},
        {0xa01, 0xa03}, {0xa05, 0xa0a}, {0xa0f, 0xa10}, {0xa13, 0xa28}, {0xa2a, 0xa30}, {0xa32, 0xa33},
        {0xa35, 0xa36}, {0xa38, 0xa39}, {0xa3e, 0xa42}, {0xa47, 0xa48}, {0xa4b, 0xa4c}, {0xa51, 0xa51},
        {0xa59, 0xa5c}, {0xa5e, 0xa5e}, {0xa66, 0xa75}, {0xa81, 0xa83}, {0xa85, 0xa8d}, {0xa8f, 0xa91},
        {0xa93, 0xaa8}, {0xaaa, 0xab0}, {0xab2, 0xab3}, {0xab5, 0xab9}, {0xabd, 0xac5}, {0xac7, 0xac9},
        {0xacb, 0xacc}, {0xad0, 0xad0}, {0xae0, 0xae3}, {0xae6, 0xaef}, {0xaf9, 0xafc}, {0xb01, 0xb03},
        {0xb05, 0xb0c}, {0xb0f, 0xb10}, {0xb13, 0xb28}, {0xb2a, 0xb30}, {0xb32, 0xb33}, {0xb35, 0xb39},
        {0xb3d, 0xb44}, {0xb47, 0xb48}, {0xb4b, 0xb4c}, {0xb56, 0xb57}, {0xb5c, 0xb5d}, {0xb5f, 0xb63},
        {0xb66, 0xb6f}, {0xb71, 0xb77}, {0xb82, 0xb83}, {0xb85, 0xb8a}, {0xb8e, 0xb90}, {0xb92, 0xb95},
        {0xb99, 0xb9a}, {0xb9c, 0xb9c}, {0xb9e, 0xb9f}, {0xba3, 0xba4}, {0xba8, 0xbaa}, {0xbae, 0xbb9},
        {0xbbe, 0xbc2}, {0xbc6, 0xbc8}, {0xbca, 0xbcc}, {0xbd0, 0xbd0}, {0xbd7, 0xbd7}, {0xbe6, 0xbf2},
        {0xc00, 0xc0c}, {0xc0e, 0xc10}, {0xc12, 0xc28}, {0xc2a, 0xc39}, {0xc3d, 0xc44}, {0xc46, 0xc48},
        {0xc4a, 0xc4c}, {0xc55, 0xc56}, {0xc58, 0xc5a}, {0xc5c, 0xc5d}, {0xc60, 0xc63}, {0xc66, 0xc6f},
        {0xc78, 0xc7e}, {0xc80, 0xc83}, {0xc85, 0xc8c}, {0xc8e, 0xc90}, {0xc92, 0xca8}, {0xcaa, 0xcb3},
        {0xcb5, 0xcb9}, {0xcbd, 0xcc4}, {0xcc6, 0xcc8}, {0xcca, 0xccc}, {0xcd5, 0xcd6}, {0xcdc, 0xcde},
        {0xce0, 0xce3}, {0xce6, 0xcef}, {0xcf1, 0xcf3}, {0xd00, 0xd0c}, {0xd0e, 0xd10}, {0xd12, 0xd3a},
        {0xd3d, 0xd44}, {0xd46, 0xd48}, {0xd4a, 0xd4c}, {0xd4e, 0xd4e}, {0xd54, 0xd63}, {0xd66, 0xd78},
        {0xd7a, 0xd7f}, {0xd81, 0xd83}, {0xd85, 0xd96}, {0xd9a, 0xdb1}, {0xdb3, 0xdbb}, {0xdbd, 0xdbd},
        {0xdc0, 0xdc6}, {0xdcf, 0xdd4}, {0xdd6, 0xdd6}, {0xdd8, 0xddf}, {0xde6, 0xdef}, {0xdf2, 0xdf3},
        {0xe01, 0xe3a}, {0xe40, 0xe46}, {0xe4d, 0xe4d}, {0xe50, 0xe59}, {0xe81, 0xe82}, {0xe84, 0xe84},
        {0xe86, 0xe8a}, {0xe8c, 0xea3}, {0xea5, 0xea5}, {0xea7, 0xeb9}, {0xebb, 0xebd}, {0xec0, 0xec4},
        {0xec6, 0xec6}, {0xecd, 0xecd}, {0xed0, 0xed9}, {0xedc, 0xedf}, {0xf00, 0xf00}, {0xf20, 0xf33},
        {0xf40, 0xf47}, {0xf49, 0xf6c}, {0xf71, 0xf83}, {0xf88, 0xf97}, {0xf99, 0xfbc}, {0x1000, 0x1036},
        {0x1038, 0x1038}, {0x103b, 0x1049}, {0x1050, 0x109d}, {0x10a0, 0x10c5}, {0x10c7, 0x10c7},
        {0x10cd, 0x10cd}, {0x10d0, 0x10fa}, {0x10fc, 0x1248}, {0x124a, 0x124d}, {0x1250, 0x1256},
        {0x1258, 0x1258}, {0x125a, 0x125d}, {0x1260, 0x1288}, {0x128a, 0x128d}, {0x1290, 0x12b0},
        {0x12b2, 0x12b5}, {0x12b8, 0x12be}, {0x12c0, 0x12c0}, {0x12c2, 0x12c5}, {0x12c8, 0x12d6},
        {0x12d8, 0x1310}, {0x1312, 0x1315}, {0x1318, 0x135a}, {0x1369, 0x137c}, {0x1380, 0x138f},
        {0x13a0, 0x13f5}, {0x13f8, 0x13fd}, {0x1401, 0x166c}, {0x166f, 0x167f}, {0x1681, 0x169a},
        {0x16a0, 0x16ea}, {0x16ee, 0x16f8}, {0x1700, 0x1713}, {0x171f, 0x1733}, {0x1740, 0x1753},
        {0x1760, 0x176c}, {0x176e, 0x1770}, {0x1772, 0x1773}, {0x1780, 0x17b3}, {0x17b6, 0x17c8},
        {0x17d7, 0x17d7}, {0x17dc, 0x17dc}, {0x17e0, 0x17e9}, {0x17f0, 0x17f9}, {0x1810, 0x1819},
        {0x1820, 0x1878}, {0x1880, 0x18aa}, {0x18b0, 0x18f5}, {0x1900, 0x191e}, {0x1920, 0x192b},
        {0x1930, 0x1938}, {0x1946, 0x196d}, {0x1970, 0x1974}, {0x1980, 0x19ab}, {0x19b0, 0x19c9},
        {0x19d0, 0x19da}, {0x1a00, 0x1a1b}, {0x1a20, 0x1a5e}, {0x1a61, 0x1a74}, {0x1a80, 0x1a89},
        {0x1a90, 0x1a99}, {0x1aa7, 0x1aa7}, {0x1abf, 0x1ac0}, {0x1acc, 0x1ace}, {0x1b00, 0x1b33},
        {0x1b35, 0x1b43}, {0x1b45, 0x1b4c}, {0x1b50, 0x1b59}, {0x1b80, 0x1ba9}, {0x1bac, 0x1be5},
        {0x1be7, 0x1bf1}, {0x1c00, 0x1c36}, {0x1c40, 0x1c49}, {0x1c4d, 0x1c7d}, {0x1c80, 0x1c8a},
        {0x1c90, 0x1cba}, {0x1cbd, 0x1cbf}, {0x1ce9, 0x1cec}, {0x1cee, 0x1cf3}, {0x1cf5, 0x1cf6},
        {0x1cfa, 0x1cfa}, {0x1d00, 0x1dbf}, {0x1dd3, 0x1df4}, {0x1e00, 0x1f15}, {0x1f18, 0x1f1d},
        {0x1f20, 0x1f45}, {0x1f48, 0x1f4d}, {0x1f50, 0x1f57}, {0x1f59, 0x1f59}, {0x1f5b, 0x1f5b},
        {0x1f5d, 0x1f5d}, {0x1f5f, 0x1f7d}, {0x1f80, 0x1fb4}, {0x1fb6, 0x1fbc}, {0x1fbe, 0x1fbe},
        {0x1fc2, 0x1fc4}, {0x1fc6, 0x1fcc}, {0x1fd0, 0x1fd3}, {0x1fd6, 0x1fdb}, {0x1fe0, 0x1fec},
        {0x1ff2, 0x1ff4}, {0x1ff6, 0x1ffc}, {0x2070, 0x2071}, {0x2074, 0x2079}, {0x207f, 0x2089},
        {0x2090, 0x209c}, {0x2102, 0x2102}, {0x2107, 0x2107}, {0x210a, 0x2113}, {0x2115, 0x2115},
        {0x2119, 0x211d}, {0x2124, 0x2124}, {0x2126, 0x2126}, {0x2128, 0x2128}, {0x212a, 0x212d},
        {0x212f, 0x2139}, {0x213c, 0x213f}, {0x2145, 0x2149}, {0x214e, 0x214e}, {0x2150, 0x2189},
        {0x2460, 0x249b}, {0x24b6, 0x24ff}, {0x2776, 0x2793}, {0x2c00, 0x2ce4}, {0x2ceb, 0x2cee},
        {0x2cf2, 0x2cf3}, {0x2cfd, 0x2cfd}, {0x2d00, 0x2d25}, {0x2d27, 0x2d27}, {0x2d2d, 0x2d2d},
        {0x2d30, 0x2d67}, {0x2d6f, 0x2d6f}, {0x2d80, 0x2d96}, {0x2da0, 0x2da6}, {0x2da8, 0x2dae},
        {0x2db0, 0x2db6}, {0x2db8, 0x2dbe}, {0x2dc0, 0x2dc6}, {0x2dc8, 0x2dce}, {0x2dd0, 0x2dd6},
        {0x2dd8, 0x2dde}, {0x2de0, 0x2dff}, {0x2e2f, 0x2e2f}, {0x3005, 0x3007}, {0x3021, 0x3029},
        {0x3031, 0x3035}, {0x3038, 0x303c}, {0x3041, 0x3096}, {0x309d, 0x309f}, {0x30a1, 0x30fa},
        {0x30fc, 0x30ff}, {0x3105, 0x312f}, {0x3131, 0x318e}, {0x3192, 0x3195}, {0x31a0, 0x31bf},
        {0x31f0, 0x31ff}, {0x3220, 0x3229}, {0x3248, 0x324f}, {0x3251, 0x325f}, {0x3280, 0x3289},
        {0x32b1, 0x32bf}, {0x3400, 0x4dbf}, {0x4e00, 0xa48c}, {0xa4d0, 0xa4fd}, {0xa500, 0xa60c},
        {0xa610, 0xa62b}, {0xa640, 0xa66e}, {0xa674, 0xa67b}, {0xa67f, 0xa6ef}, {0xa717, 0xa71f},
        {0xa722, 0xa788}, {0xa78b, 0xa7dc}, {0xa7f1, 0xa805}, {0xa807, 0xa827}, {0xa830, 0xa835},
        {0xa840, 0xa873}, {0xa880, 0xa8c3}, {0xa8c5, 0xa8c5}, {0xa8d0, 0xa8d9}, {0xa8f2, 0xa8f7},
        {0xa8fb, 0xa8fb}, {0xa8fd, 0xa92a}, {0xa930, 0xa952}, {0xa960, 0xa97c}, {0xa980, 0xa9b2},
        {0xa9b4, 0xa9bf}, {0xa9cf, 0xa9d9}, {0xa9e0, 0xa9fe}, {0xaa00, 0xaa36}, {0xaa40, 0xaa4d},
        {0xaa50, 0xaa59}, {0xaa60, 0xaa76}, {0xaa7a, 0xaabe}, {0xaac0, 0xaac0}, {0xaac2, 0xaac2},
        {0xaadb, 0xaadd}, {0xaae0, 0xaaef}, {0xaaf2, 0xaaf5}, {0xab01, 0xab06}, {0xab09, 0xab0e},
        {0xab11, 0xab16}, {0xab20, 0xab26}, {0xab28, 0xab2e}, {0xab30, 0xab5a}, {0xab5c, 0xab69},
        {0xab70, 0xabea}, {0xabf0, 0xabf9}, {0xac00, 0xd7a3}, {0xd7b0, 0xd7c6}, {0xd7cb, 0xd7fb},
        {0xf900, 0xfa6d}, {0xfa70, 0xfad9}, {0xfb00, 0xfb06}, {0xfb13, 0xfb17}, {0xfb1d, 0xfb28},
        {0xfb2a, 0xfb36}, {0xfb38, 0xfb3c}, {0xfb3e, 0xfb3e}, {0xfb40, 0xfb41}, {0xfb43, 0xfb44},
        {0xfb46, 0xfbb1}, {0xfbd3, 0xfd3d}, {0xfd50, 0xfd8f}, {0xfd92, 0xfdc7}, {0xfdf0, 0xfdfb},
        {0xfe70, 0xfe74}, {0xfe76, 0xfefc}, {0xff10, 0xff19}, {0xff21, 0xff3a}, {0xff41, 0xff5a},
        {0xff66, 0xffbe}, {0xffc2, 0xffc7}, {0xffca, 0xffcf}, {0xffd2, 0xffd7}, {0xffda, 0xffdc},
        {0x10000, 0x1000b}, {0x1000d, 0x10026}, {0x10028, 0x1003a}, {0x1003c, 0x1003d}, {0x1003f, 0x1004d},
        {0x10050, 0x1005d}, {0x10080, 0x100fa}, {0x10107, 0x10133}, {0x10140, 0x10178}, {0x1018a, 0x1018b},
        {0x10280, 0x1029c}, {0x102a0, 0x102d0}, {0x102e1, 0x102fb}, {0x10300, 0x10323}, {0x1032d, 0x1034a},
        {0x10350, 0x1037a}, {0x10380, 0x1039d}, {0x103a0, 0x103c3}, {0x103c8, 0x103cf}, {0x103d1, 0x103d5},
        {0x10400, 0x1049d}, {0x104a0, 0x104a9}, {0x104b0, 0x104d3}, {0x104d8, 0x104fb}, {0x10500, 0x10527},
        {0x10530, 0x10563}, {0x10570, 0x1057a}, {0x1057c, 0x1058a}, {0x1058c, 0x10592}, {0x10594, 0x10595},
        {0x10597, 0x105a1}, {0x105a3, 0x105b1}, {0x105b3, 0x105b9}, {0x105bb, 0x105bc}, {0x105c0, 0x105f3},
        {0x10600, 0x10736}, {0x10740, 0x10755}, {0x10760, 0x10767}, {0x10780, 0x10785}, {0x10787, 0x107b0},
        {0x107b2, 0x107ba}, {0x10800, 0x10805}, {0x10808, 0x10808}, {0x1080a, 0x10835}, {0x10837, 0x10838},
        {0x1083c, 0x1083c}, {0x1083f, 0x10855}, {0x10858, 0x10876}, {0x10879, 0x1089e}, {0x108a7, 0x108af},
        {0x108e0, 0x108f2}, {0x108f4, 0x108f5}, {0x108fb, 0x1091b}, {0x10920, 0x10939}, {0x10940, 0x10959},
        {0x10980, 0x109b7}, {0x109bc, 0x109cf}, {0x109d2, 0x10a03}, {0x10a05, 0x10a06}, {0x10a0c, 0x10a13},
        {0x10a15, 0x10a17}, {0x10a19, 0x10a35}, {0x10a40, 0x10a48}, {0x10a60, 0x10a7e}, {0x10a80, 0x10a9f},
        {0x10ac0, 0x10ac7}, {0x10ac9, 0x10ae4}, {0x10aeb, 0x10aef}, {0x10b00, 0x10b35}, {0x10b40, 0x10b55},
        {0x10b58, 0x10b72}, {0x10b78, 0x10b91}, {0x10ba9, 0x10baf}, {0x10c00, 0x10c48}, {0x10c80, 0x10cb2},
        {0x10cc0, 0x10cf2}, {0x10cfa, 0x10d27}, {0x10d30, 0x10d39}, {0x10d40, 0x10d65}, {0x10d69, 0x10d69},
        {0x10d6f, 0x10d85}, {0x10e60, 0x10e7e}, {0x10e80, 0x10ea9}, {0x10eab, 0x10eac}, {0x10eb0, 0x10eb1},
        {0x10ec2, 0x10ec7}, {0x10efa, 0x10efc}, {0x10f00, 0x10f27}, {0x10f30, 0x10f45}, {0x10f51, 0x10f54},
        {0x10f70, 0x10f81}, {0x10fb0, 0x10fcb}, {0x10fe0, 0x10ff6}, {0x11000, 0x11045}, {0x11052, 0x1106f},
        {0x11071, 0x11075}, {0x11080, 0x110b8}, {0x110c2, 0x110c2}, {0x110d0, 0x110e8}, {0x110f0, 0x110f9},
        {0x11100, 0x11132}, {0x11136, 0x1113f}, {0x11144, 0x11147}, {0x11150, 0x11172}, {0x11176, 0x11176},
        {0x11180, 0x111bf}, {0x111c1, 0x111c4}, {0x111ce, 0x111da}, {0x111dc, 0x111dc}, {0x111e1, 0x111f4},
        {0x11200, 0x11211}, {0x11213, 0x11234}, {0x11237, 0x11237}, {0x1123e, 0x11241}, {0x11280, 0x11286},
        {0x11288, 0x11288}, {0x1128a, 0x1128d}, {0x1128f, 0x1129d}, {0x1129f, 0x112a8}, {0x112b0, 0x112e8},
        {0x112f0, 0x112f9}, {0x11300, 0x11303}, {0x11305, 0x1130c}, {0x1130f, 0x11310}, {0x11313, 0x11328},
        {0x1132a, 0x11330}, {0x11332, 0x11333}, {0x11335, 0x11339}, {0x1133d, 0x11344}, {0x11347, 0x11348},
        {0x1134b, 0x1134c}, {0x11350, 0x11350}, {0x11357, 0x11357}, {0x1135d, 0x11363}, {0x11380, 0x11389},
        {0x1138b, 0x1138b}, {0x1138e, 0x1138e}, {0x11390, 0x113b5}, {0x113b7, 0x113c0}, {0x113c2, 0x113c2},
        {0x113c5, 0x113c5}, {0x113c7, 0x113ca}, {0x113cc, 0x113cd}, {0x113d1, 0x113d1}, {0x113d3, 0x113d3},
        {0x11400, 0x11441}, {0x11443, 0x11445}, {0x11447, 0x1144a}, {0x11450, 0x11459}, {0x1145f, 0x11461},
        {0x11480, 0x114c1}, {0x114c4, 0x114c5}, {0x114c7, 0x114c7}, {0x114d0, 0x114d9}, {0x11580, 0x115b5},
        {0x115b8, 0x115be}, {0x115d8, 0x115dd}, {0x11600, 0x1163e}, {0x11640, 0x11640}, {0x11644, 0x11644},
        {0x11650, 0x11659}, {0x11680, 0x116b5}, {0x116b8, 0x116b8}, {0x116c0, 0x116c9}, {0x116d0, 0x116e3},
        {0x11700, 0x1171a}, {0x1171d, 0x1172a}, {0x11730, 0x1173b}, {0x11740, 0x11746}, {0x11800, 0x11838},
        {0x118a0, 0x118f2}, {0x118ff, 0x11906}, {0x11909, 0x11909}, {0x1190c, 0x11913}, {0x11915, 0x11916},
        {0x11918, 0x11935}, {0x11937, 0x11938}, {0x1193b, 0x1193c}, {0x1193f, 0x11942}, {0x11950, 0x11959},
        {0x119a0, 0x119a7}, {0x119aa, 0x119d7}, {0x119da, 0x119df}, {0x119e1, 0x119e1}, {0x119e3, 0x119e4},
        {0x11a00, 0x11a32}, {0x11a35, 0x11a3e}, {0x11a50, 0x11a97}, {0x11a9d, 0x11a9d}, {0x11ab0, 0x11af8},
        {0x11b60, 0x11b67}, {0x11bc0, 0x11be0}, {0x11bf0, 0x11bf9}, {0x11c00, 0x11c08}, {0x11c0a, 0x11c36},
        {0x11c38, 0x11c3e}, {0x11c40, 0x11c40}, {0x11c50, 0x11c6c}, {0x11c72, 0x11c8f}, {0x11c92, 0x11ca7},
        {0x11ca9, 0x11cb6}, {0x11d00, 0x11d06}, {0x11d08, 0x11d09}, {0x11d0b, 0x11d36}, {0x11d3a, 0x11d3a},
        {0x11d3c, 0x11d3d}, {0x11d3f, 0x11d41}, {0x11d43, 0x11d43}, {0x11d46, 0x11d47}, {0x11d50, 0x11d59},
        {0x11d60, 0x11d65}, {0x11d67, 0x11d68}, {0x11d6a, 0x11d8e}, {0x11d90, 0x11d91}, {0x11d93, 0x11d96},
        {0x11d98, 0x11d98}, {0x11da0, 0x11da9}, {0x11db0, 0x11ddb}, {0x11de0, 0x11de9}, {0x11ee0, 0x11ef6},
        {0x11f00, 0x11f10}, {0x11f12, 0x11f3a}, {0x11f3e, 0x11f40}, {0x11f50, 0x11f59}, {0x11fb0, 0x11fb0},
        {0x11fc0, 0x11fd4}, {0x12000, 0x12399}, {0x12400, 0x1246e}, {0x12480, 0x12543}, {0x12f90, 0x12ff0},
        {0x13000, 0x1342f}, {0x13441, 0x13446}, {0x13460, 0x143fa}, {0x14400, 0x14646}, {0x16100, 0x1612e},
        {0x16130, 0x16139}, {0x16800, 0x16a38}, {0x16a40, 0x16a5e}, {0x16a60, 0x16a69}, {0x16a70, 0x16abe},
        {0x16ac0, 0x16ac9}, {0x16ad0, 0x16aed}, {0x16b00, 0x16b2f}, {0x16b40, 0x16b43}, {0x16b50, 0x16b59},
        {0x16b5b, 0x16b61}, {0x16b63, 0x16b77}, {0x16b7d, 0x16b8f}, {0x16d40, 0x16d6c}, {0x16d70, 0x16d79},
        {0x16e40, 0x16e96}, {0x16ea0, 0x16eb8}, {0x16ebb, 0x16ed3}, {0x16f00, 0x16f4a}, {0x16f4f, 0x16f87},
        {0x16f8f, 0x16f9f}, {0x16fe0, 0x16fe1}, {0x16fe3, 0x16fe3}, {0x16ff0, 0x16ff6}, {0x17000, 0x18cd5},
        {0x18cff, 0x18d1e}, {0x18d80, 0x18df2}, {0x1aff0, 0x1aff3}, {0x1aff5, 0x1affb}, {0x1affd, 0x1affe},
        {0x1b000, 0x1b122}, {0x1b132, 0x1b132}, {0x1b150, 0x1b152}, {0x1b155, 0x1b155}, {0x1b164, 0x1b167},
        {0x1b170, 0x1b2fb}, {0x1bc00, 0x1bc6a}, {0x1bc70, 0x1bc7c}, {0x1bc80, 0x1bc88}, {0x1bc90, 0x1bc99},
        {0x1bc9e, 0x1bc9e}, {0x1ccf0, 0x1ccf9}, {0x1d2c0, 0x1d2d3}, {0x1d2e0, 0x1d2f3}, {0x1d360, 0x1d378},
        {0x1d400, 0x1d454}, {0x1d456, 0x1d49c}, {0x1d49e, 0x1d49f}, {0x1d4a2, 0x1d4a2}, {0x1d4a5, 0x1d4a6},
        {0x1d4a9, 0x1d4ac}, {0x1d4ae, 0x1d4b9}, {0x1d4bb, 0x1d4bb}, {0x1d4bd, 0x1d4c3}, {0x1d4c5, 0x1d505},
        {0x1d507, 0x1d50a}, {0x1d50d, 0x1d514}, {0x1d516, 0x1d51c}, {0x1d51e, 0x1d539}, {0x1d53b, 0x1d53e},
        {0x1d540, 0x1d544}, {0x1d546, 0x1d546}, {0x1d54a, 0x1d550}, {0x1d552, 0x1d6a5}, {0x1d6a8, 0x1d6c0},
        {0x1d6c2, 0x1d6da}, {0x1d6dc, 0x1d6fa}, {0x1d6fc, 0x1d714}, {0x1d716, 0x1d734}, {0x1d736, 0x1d74e},
        {0x1d750, 0x1d76e}, {0x1d770, 0x1d788}, {0x1d78a, 0x1d7a8}, {0x1d7aa, 0x1d7c2}, {0x1d7c4, 0x1d7cb},
        {0x1d7ce, 0x1d7ff}, {0x1df00, 0x1df1e}, {0x1df25, 0x1df2a}, {0x1e000, 0x1e006}, {0x1e008, 0x1e018},
        {0x1e01b, 0x1e021}, {0x1e023, 0x1e024}, {0x1e026, 0x1e02a}, {0x1e030, 0x1e06d}, {0x1e08f, 0x1e08f},
        {0x1e100, 0x1e12c}, {0x1e137, 0x1e13d}, {0x1e140, 0x1e149}, {0x1e14e, 0x1e14e}, {0x1e290, 0x1e2ad},
        {0x1e2c0, 0x1e2eb}, {0x1e2f0, 0x1e2f9}, {0x1e4d0, 0x1e4eb}, {0x1e4f0, 0x1e4f9}, {0x1e5d0, 0x1e5ed},
        {0x1e5f0, 0x1e5fa}, {0x1e6c0, 0x1e6de}, {0x1e6e0, 0x1e6f5}, {0x1e6fe, 0x1e6ff}, {0x1e7e0, 0x1e7e6},
        {0x1e7e8, 0x1e7eb}, {0x1e7ed, 0x1e7ee}, {0x1e7f0, 0x1e7fe}, {0x1e800, 0x1e8c4}, {0x1e8c7, 0x1e8cf},
        {0x1e900, 0x1e943}, {0x1e947, 0x1e947}, {0x1e94b, 0x1e94b}, {0x1e950, 0x1e959}, {0x1ec71, 0x1ecab},
        {0x1ecad, 0x1ecaf}, {0x1ecb1, 0x1ecb4}, {0x1ed01, 0x1ed2d}, {0x1ed2f, 0x1ed3d}, {0x1ee00, 0x1ee03},
        {0x1ee05, 0x1ee1f}, {0x1ee21, 0x1ee22}, {0x1ee24, 0x1ee24}, {0x1ee27, 0x1ee27}, {0x1ee29, 0x1ee32},
        {0x1ee34, 0x1ee37}, {0x1ee39, 0x1ee39}, {0x1ee3b, 0x1ee3b}, {0x1ee42, 0x1ee42}, {0x1ee47, 0x1ee47},
        {0x1ee49, 0x1ee49}, {0x1ee4b, 0x1ee4b}, {0x1ee4d, 0x1ee4f}, {0x1ee51, 0x1ee52}, {0x1ee54, 0x1ee54},
        {0x1ee57, 0x1ee57}, {0x1ee59, 0x1ee59}, {0x1ee5b, 0x1ee5b}, {0x1ee5d, 0x1ee5d}, {0x1ee5f, 0x1ee5f},
        {0x1ee61, 0x1ee62}, {0x1ee64, 0x1ee64}, {0x1ee67, 0x1ee6a}, {0x1ee6c, 0x1ee72}, {0x1ee74, 0x1ee77},
        {0x1ee79, 0x1ee7c}, {0x1ee7e, 0x1ee7e}, {0x1ee80, 0x1ee89}, {0x1ee8b, 0x1ee9b}, {0x1eea1, 0x1eea3},
        {0x1eea5, 0x1eea9}, {0x1eeab, 0x1eebb}, {0x1f100, 0x1f10c}, {0x1f130, 0x1f149}, {0x1f150, 0x1f169},
        {0x1f170, 0x1f189}, {0x1fbf0, 0x1fbf9}, {0x20000, 0x2a6df}, {0x2a700, 0x2b81d}, {0x2b820, 0x2cead},
        {0x2ceb0, 0x2ebe0}, {0x2ebf0, 0x2ee5d}, {0x2f800, 0x2fa1d}, {0x30000, 0x3134a}, {0x31350, 0x33479},
    };
    size_t lo = 0, hi = sizeof ranges / sizeof ranges[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (ranges[mid][1] < cp) lo = mid + 1;
        else hi = mid;
    }
    return lo < sizeof ranges / sizeof ranges[0] && ranges[lo][0] <= cp;
}

}  // namespace bj

#ifndef BOARDJUDGE_NO_MAIN
namespace bj {

// The format from the shape of the input, or false.
static bool detect_format(const std::string &text, Format &format) {
    auto tokens = input_tokens(text);
    size_t n = tokens.size();
    std::string last = n ? text.substr(tokens[n - 1].first, tokens[n - 1].second - tokens[n - 1].first) : "";
    if (n == 8) format = MSQUARE;
    else if (n % 9 == 1 && last == "-1") format = SICILY;
    else if (n % 24 == 1 && last == "0") format = ROTATION;
    else return false;
    return true;
}

// The canonical answer to a whole input, or false for an invalid input.
static bool canonical_answer(Format format, const std::string &input, const Options &options, std::string &out) {
    std::vector<Case> cases;
    std::string why;
    if (!read_input(format, input, cases, why)) return false;
    for (const Case &c : cases) out += expected_text(format, c, options);
    return true;
}

static bool read_file(const char *path, std::string &out, size_t cap = (size_t)-1) {
    FILE *f = std::fopen(path, "rb");
    if (f == nullptr) return false;
    char buffer[1 << 16];
    size_t n;
    while (out.size() <= cap && (n = std::fread(buffer, 1, sizeof buffer, f)) > 0) out.append(buffer, n);
    bool ok = !std::ferror(f);
    std::fclose(f);
    return ok;
}

// Reads at most cap + 1 bytes of the contestant's output: one byte more than the cap is
// "output too long", and the rest is never read.
static bool read_capped(FILE *f, size_t cap, std::string &out, bool &too_long) {
    char buffer[1 << 16];
    size_t n;
    while (out.size() <= cap && (n = std::fread(buffer, 1, sizeof buffer, f)) > 0) out.append(buffer, n);
    too_long = out.size() > cap;
    if (too_long) out.resize(cap);
    return !std::ferror(f);
}

static bool write_file(const std::string &path, const std::string &text) {
    FILE *f = std::fopen(path.c_str(), "wb");
    if (f == nullptr) return false;
    bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    return std::fclose(f) == 0 && ok;
}

// The length of the well-formed UTF-8 character (RFC 3629: no overlong form, no surrogate,
// nothing past U+10FFFF) at s[i] of 2 to 4 bytes, or 0.
static size_t utf8_char(const std::string &s, size_t i) {
    unsigned char b = s[i];
    size_t n = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    unsigned char second = s[i + 1];
    unsigned char lo = b == 0xe0 ? 0xa0 : b == 0xf0 ? 0x90 : 0x80;
    unsigned char hi = b == 0xed ? 0x9f : b == 0xf4 ? 0x8f : 0xbf;
    if (second < lo || second > hi) return 0;
    for (size_t k = 2; k < n; ++k)
        if (((unsigned char)s[i + k] & 0xc0) != 0x80) return 0;
    return n;
}

// A message as it is written out: valid UTF-8 and line breaks kept, a control character or a
// byte that is not UTF-8 (a file name's, say) as \xNN.
static std::string printable(const std::string &text) {
    std::string out;
    for (size_t i = 0; i < text.size();) {
        unsigned char c = text[i];
        size_t n = c >= 0x80 ? utf8_char(text, i) : c == '\n' || (c >= 0x20 && c != 0x7f) ? 1 : 0;
        if (n == 0) {
            out += hex_byte(c);
            ++i;
        } else {
            out.append(text, i, n);
            i += n;
        }
    }
    return out;
}

[[noreturn]] static void usage(const std::string &message) {
    std::fprintf(stderr, "check: %s\n", printable(message).c_str());
    std::exit(3);
}

static const char *testlib_prefix(Verdict v) {
    switch (v) {
    case AC: return "ok ";
    case WA: return "wrong answer ";
    case PE: return "wrong output format ";
    default: return "FAIL ";
    }
}

static std::string xml_escape(const std::string &s) {
    std::string out;
    for (char c : s) {
        if (c == '&') out += "&amp;";
        else if (c == '<') out += "&lt;";
        else if (c == '>') out += "&gt;";
        else if (c == '"') out += "&quot;";
        else out += c;
    }
    return out;
}

// The command line, read as `check` reads it: options first (`--name value` or `--name=value`,
// each at most once, a value never empty or starting with '-'), `--` ends them, -h/--help and
// -V/--version answer and exit 0; from the first file on everything is a file. A file position
// holding an option-like argument ("-x", not "-") is a usage error, never a file, so a
// misplaced option cannot shift a jury file into the report's place.
static const char USAGE[] =
    "usage: check [--format F] [--protocol P] [--order O] [--wrap N] [--team-feedback none|brief] FILES...\n"
    "  testlib: <input> <output> <answer> [<report> [-appes]]\n"
    "  kattis:  <input> <answer> <feedback_dir> [flags...] < output\n"
    "  cms:     <input> <answer> <output>\n"
    "  answer:  <input> [feedback_dir] [flags...] < answer\n"
    "  dmoj:    <input> <output> <answer>\n";

// --wrap N: decimal digits only (no sign, no space), at most 2^64 - 1, as `check` reads a usize.
static bool parse_wrap(const std::string &value, unsigned long long &wrap) {
    if (value.empty()) return false;
    wrap = 0;
    for (char c : value) {
        if (c < '0' || c > '9') return false;
        unsigned digit = (unsigned)(c - '0');
        if (wrap > (~0ULL - digit) / 10) return false;
        wrap = wrap * 10 + digit;
    }
    return true;
}

static int run(int argc, char **argv) {
    std::string format_name = BOARDJUDGE_FORMAT, protocol = BOARDJUDGE_PROTOCOL, order = BOARDJUDGE_ORDER;
    unsigned long long wrap = BOARDJUDGE_WRAP;
    std::string feedback;
    std::vector<std::string> seen;
    int i = 1;
    for (; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg == "--") {
            ++i;
            break;
        }
        if (arg == "-h" || arg == "--help") {
            std::fputs(USAGE, stdout);
            std::exit(0);
        }
        if (arg == "-V" || arg == "--version") {
            std::fputs("boardjudge check (exported C++ checker)\n", stdout);
            std::exit(0);
        }
        if (arg.size() < 2 || arg[0] != '-') break;
        if (arg[1] != '-') usage("unknown option \"" + arg + "\"");
        size_t eq = arg.find('=');
        std::string option = arg.substr(0, eq), value;
        if (option != "--format" && option != "--protocol" && option != "--order" && option != "--wrap" && option != "--team-feedback")
            usage("unknown option \"" + option + "\"");
        for (const std::string &s : seen)
            if (s == option) usage(option + " cannot be given more than once");
        seen.push_back(option);
        if (eq != std::string::npos) value = arg.substr(eq + 1);
        else if (i + 1 < argc) value = argv[++i];
        if (value.empty() || value[0] == '-') usage("option " + option + " needs a value");
        if (option == "--format") format_name = value;
        else if (option == "--protocol") protocol = value;
        else if (option == "--order") order = value;
        else if (option == "--wrap") {
            if (!parse_wrap(value, wrap)) usage("--wrap takes a number (digits only, below 2^64), not \"" + value + "\"");
        } else {
            if (value != "none" && value != "brief") usage("--team-feedback is none or brief, not \"" + value + "\"");
            feedback = value;
        }
    }
    Options options;
    options.wrap = (size_t)wrap;
    if (order == "lex-smallest") options.order = LEX_SMALLEST;
    else if (order == "any-shortest") options.order = ANY_SHORTEST;
    else if (order == "any-within-limit") options.order = ANY_WITHIN_LIMIT;
    else usage("unknown order \"" + order + "\": expected lex-smallest, any-shortest or any-within-limit");
    char **files = argv + i;
    int count = argc - i;
    bool testlib = protocol == "testlib", kattis = protocol == "kattis", cms = protocol == "cms", answer_only = protocol == "answer";
    bool dmoj = protocol == "dmoj";
    if (!testlib && !kattis && !cms && !answer_only && !dmoj) usage("unknown protocol \"" + protocol + "\"");
    bool brief = feedback.empty() ? dmoj : feedback == "brief";
    if (dmoj && count != 3) usage("dmoj takes <input> <output> <answer>");
    // DMOJ's bridged checker passes testlib's argv: from here on the two read files alike.
    testlib = testlib || dmoj;
    if (testlib && (count < 3 || count > 5 || (count == 5 && std::strcmp(files[4], "-appes") != 0)))
        usage("testlib takes <input> <output> <answer> [<report> [-appes]]");
    if ((kattis && count < 3) || (cms && count != 3) || (answer_only && count < 1))
        usage(kattis ? "kattis takes <input> <answer> <feedback_dir> [flags...] < output"
              : cms  ? "cms takes <input> <answer> <output>"
                     : "answer takes <input> [feedback_dir] [flags...] < answer");
    // Where the protocol puts files, an option-like argument is a usage error, never a file.
    int file_slots = testlib ? 4 : answer_only ? 1 : 3;
    for (int f = 0; f < count && f < file_slots; ++f)
        if (files[f][0] == '-' && files[f][1] != '\0')
            usage(std::string("unknown option \"") + files[f] + "\": options go before the files, and a file named like an option needs a ./ in front");
    // The report is written: never over a file the checker reads.
    if (testlib && count >= 4)
        for (int f = 0; f < 3; ++f)
            if (std::strcmp(files[3], files[f]) == 0)
                usage(std::string("the report file ") + files[3] + " is also one of the files read");
    const char *input_path = files[0];
    const char *answer_path = testlib ? files[2] : files[1];
    std::string input, answer, output;
    Outcome outcome;
    Format format = SICILY;
    bool known = true;
    if (!read_file(input_path, input)) {
        outcome = fail(std::string("cannot read the input ") + input_path);
        known = false;
    } else if (format_name.empty()) {
        if (!detect_format(input, format)) {
            outcome = fail("cannot recognise the format of the input: pass --format");
            known = false;
        }
    } else if (format_name == "sicily") format = SICILY;
    else if (format_name == "msquare") format = MSQUARE;
    else if (format_name == "rotation") format = ROTATION;
    else usage("unknown format \"" + format_name + "\": expected sicily, msquare or rotation");
    if (known && options.order == ANY_WITHIN_LIMIT && format != SICILY) usage("--order any-within-limit is for sicily only");
    if (known && options.wrap == 0) usage("--wrap must be at least 1");
    if (answer_only) {
        // The ICPC answer validator: the answer must be exactly what the reference solver writes.
        std::string canonical;
        bool too_long;
        if (!known || !canonical_answer(format, input, options, canonical)) {
            std::fprintf(stderr, "the input is not valid\n");
            return 1;
        }
        read_capped(stdin, canonical.size(), output, too_long);
        if (!too_long && output == canonical) return 42;
        std::fprintf(stderr, "the answer is not byte for byte the canonical answer\n");
        return 43;
    }
    if (known && !read_file(answer_path, answer)) {
        outcome = fail(std::string("cannot read the jury answer ") + answer_path);
        known = false;
    }
    if (known) {
        bool too_long = false;
        FILE *out = kattis ? stdin : std::fopen(testlib ? files[1] : files[2], "rb");
        if (out == nullptr) {
            outcome = check(format, input, answer, "", false, options);
            if (outcome.verdict != FAIL)
                outcome = Outcome{PE, std::string("the output file ") + (testlib ? files[1] : files[2]) + " does not exist",
                                  team_message(PE, 0, 0, "no output file")};
        } else if (!read_capped(out, output_cap(answer.size()), output, too_long)) {
            outcome = fail("cannot read the output");
        } else {
            outcome = check(format, input, answer, output, too_long, options);
        }
        if (out != nullptr && out != stdin) std::fclose(out);
    }
    // The messages quote file names: written out, they are UTF-8 whatever the names' bytes.
    outcome.message = printable(outcome.message);
    std::string message = testlib_prefix(outcome.verdict) + outcome.message + "\n";
    Verdict v = outcome.verdict;
    int testlib_code = v == AC ? 0 : v == WA ? 1 : v == PE ? 2 : 3;
    if (dmoj) {
        // DMOJ shows stdout as the case's feedback (and, on exit 3, puts it in the internal
        // error that only the staff read).
        if (v == FAIL) std::fputs(message.c_str(), stdout);
        else if (v != AC && brief) std::fputs(outcome.team.c_str(), stdout);
        return testlib_code;
    }
    if (testlib) {
        std::fputs(message.c_str(), stderr);
        if (count >= 4) {
            static const char *names[] = {"accepted", "wrong-answer", "presentation-error", "fail"};
            std::string text = count == 5 ? "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<result outcome=\"" + std::string(names[v]) + "\">" +
                                                xml_escape(outcome.message) + "</result>\n"
                                          : message;
            if (!write_file(files[3], text)) {
                std::fprintf(stderr, "FAIL cannot write %s; the checker's verdict was not delivered\n", printable(files[3]).c_str());
                return 3;
            }
        }
        return testlib_code;
    }
    if (kattis) {
        std::string dir = files[2];
        std::fputs(message.c_str(), stderr);
        bool ok = write_file(dir + (v == FAIL ? "/judgeerror.txt" : "/judgemessage.txt"), message);
        if (brief && v != FAIL) ok = write_file(dir + "/teammessage.txt", outcome.team + "\n") && ok;
        if (!ok) {
            std::fprintf(stderr, "FAIL cannot write the feedback files in %s; the checker's verdict was not delivered\n", printable(dir).c_str());
            return 1;
        }
        return v == FAIL ? 1 : v == AC ? 42 : 43;
    }
    // CMS: the score on stdout, and on stderr (which contestants read) a text CMS translates.
    if (v == FAIL) {
        std::fputs(message.c_str(), stderr);
        return 3;
    }
    std::fputs(v == AC ? "1.0\n" : "0.0\n", stdout);
    std::fputs(v == AC ? "translate:success\n" : brief ? (outcome.team + "\n").c_str() : "translate:wrong\n", stderr);
    return 0;
}

}  // namespace bj

int main(int argc, char **argv) { return bj::run(argc, argv); }
#endif
