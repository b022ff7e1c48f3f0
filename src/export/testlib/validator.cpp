// Strict input validator for the board puzzles of boardjudge, single file, testlib's
// conventions (Polygon, Codeforces): validator < input (Polygon's --testset / --group flags are
// ignored); exit 0 valid, 3 invalid with "line L, column C: reason" on standard error.
//
// The same rules as boardjudge's `validate`: the statement's exact layout (single spaces, one
// '\n' per line, a final newline, no '\r', no trailing spaces), canonical numbers (no leading
// zeros, '+' or "-0"), the statement's ranges, a permutation of 1..8 per magic board, eight of
// each digit per rotation board, the terminator with nothing after it, and at most MAX_CASES
// cases. FORMAT and MAX_CASES are set by `judge export polygon` above this comment.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

static std::string text;
static size_t pos = 0;

[[noreturn]] static void invalid(const std::string &reason) {
    size_t line = 1, column = 1;
    for (size_t i = 0; i < pos && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    std::fprintf(stderr, "line %zu, column %zu: %s\n", line, column, reason.c_str());
    std::exit(3);
}

// An integer in [lo, hi], written canonically.
static long long read_int(long long lo, long long hi, const char *what) {
    size_t start = pos;
    bool negative = pos < text.size() && text[pos] == '-';
    if (negative) ++pos;
    size_t digits = pos;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9' && pos - digits < 19) ++pos;
    if (pos == digits) {
        pos = start;
        invalid(std::string("expected ") + what);
    }
    if (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
        pos = start;
        invalid(std::string(what) + " is out of range");
    }
    if (text[digits] == '0' && (pos - digits > 1 || negative)) {
        pos = start;
        invalid(std::string(what) + " is not written canonically");
    }
    long long value = std::strtoll(text.c_str() + start, nullptr, 10);
    if (value < lo || value > hi) {
        pos = start;
        invalid(std::string(what) + " is out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    }
    return value;
}

static void expect(char c, const char *what) {
    if (pos >= text.size() || text[pos] != c) invalid(std::string("expected ") + what);
    ++pos;
}

static void expect_eof() {
    if (pos != text.size()) invalid("expected the end of the input");
}

// Two lines of four colours (sicily: row by row) or one line of eight (msquare): 1..8 once each.
static void read_magic(int per_line) {
    bool seen[9] = {false};
    for (int i = 0; i < 8; ++i) {
        if (i > 0) {
            if (i % per_line == 0) {
                expect('\n', "a line break");
            } else {
                expect(' ', "a single space");
            }
        }
        size_t at = pos;
        int c = (int)read_int(1, 8, "a colour");
        if (seen[c]) {
            pos = at;
            invalid("colour " + std::to_string(c) + " appears twice");
        }
        seen[c] = true;
    }
    expect('\n', "a line break");
}

int main() {
    char buffer[1 << 16];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, stdin)) > 0) text.append(buffer, n);
    long cases = 0;
    if (std::strcmp(FORMAT, "msquare") == 0) {
        read_magic(8);
        expect_eof();
        return 0;
    }
    bool sicily = std::strcmp(FORMAT, "sicily") == 0;
    for (;;) {
        size_t at = pos;
        if (sicily) {
            long long limit = read_int(-1, 2147483647LL, "the step limit N");
            expect('\n', "a line break");
            if (limit == -1) break;
            if (++cases > MAX_CASES) {
                pos = at;
                invalid("more than " + std::to_string(MAX_CASES) + " cases");
            }
            read_magic(4);
        } else {
            long long first = read_int(0, 3, "a digit of the board, or the terminator 0");
            if (first == 0) {
                expect('\n', "a line break");
                break;
            }
            if (++cases > MAX_CASES) {
                pos = at;
                invalid("more than " + std::to_string(MAX_CASES) + " cases");
            }
            int count[4] = {0, 0, 0, 0};
            ++count[first];
            for (int i = 1; i < 24; ++i) {
                expect(' ', "a single space");
                ++count[read_int(1, 3, "a digit of the board")];
            }
            expect('\n', "a line break");
            if (count[1] != 8 || count[2] != 8 || count[3] != 8) {
                pos = at;
                invalid("the board does not hold eight of each digit 1, 2 and 3");
            }
        }
    }
    expect_eof();
    return 0;
}
