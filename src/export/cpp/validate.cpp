// boardjudge's strict input validator as one C++17 file (standard library only): the same
// rules and the same first fault (line and column) as the `validate` binary, proven equal by
// tests/cpp_differential.rs on every test input and the invalid inputs of
// tests/validate_corpus.
//
// The statement's exact layout (single spaces, one '\n' per line, a final newline, no '\r', no
// trailing spaces), canonical numbers (no leading zeros, '+' or "-0"), the statement's ranges
// (N in -1..2^31-1), a permutation of 1..8 per magic board, eight of each digit 1, 2, 3 per
// rotation board, the terminator with nothing after it, and at most MAX_CASES cases.
//
// validate [--format F] [--max-cases K] [--protocol testlib|kattis] [flags...] < input
//   testlib (Polygon, Codeforces): exit 0 valid, 3 invalid; kattis (Kattis, DOMjudge, ICPC
//   2025-09): exit 42 valid, 43 invalid. Other arguments (Polygon's --testset and --group,
//   Kattis' flags) are ignored. The fault goes to stderr as `<stdin>:LINE:COL: reason`.
// The export sets the defaults with BOARDJUDGE_FORMAT, BOARDJUDGE_MAX_CASES and
// BOARDJUDGE_PROTOCOL; without BOARDJUDGE_MAX_CASES the format's widest limit applies
// (sicily 100,000, msquare 1, rotation 1,000).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#ifndef BOARDJUDGE_FORMAT
#define BOARDJUDGE_FORMAT ""
#endif
#ifndef BOARDJUDGE_MAX_CASES
#define BOARDJUDGE_MAX_CASES 0
#endif
#ifndef BOARDJUDGE_PROTOCOL
#define BOARDJUDGE_PROTOCOL "testlib"
#endif

static std::string text;
static size_t pos = 0;
static int invalid_code = 3;

static bool is_space(unsigned char b) { return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v'; }

static void position(size_t at, size_t &line, size_t &column) {
    line = 1;
    column = 1;
    for (size_t i = 0; i < at && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
}

// The first fault, at byte `at`, in case `kase` (0: none).
[[noreturn]] static void invalid(size_t at, long kase, const std::string &reason) {
    size_t line, column;
    position(at, line, column);
    std::string in_case = kase > 0 ? "case " + std::to_string(kase) + ": " : "";
    std::fprintf(stderr, "<stdin>:%zu:%zu: %s%s\n", line, column, in_case.c_str(), reason.c_str());
    std::exit(invalid_code);
}

static std::string describe(size_t at) {
    if (at >= text.size()) return "the end of the input";
    unsigned char b = text[at];
    if (b == ' ') return "a space";
    if (b == '\t') return "a tab";
    if (b == '\n') return "a line break";
    if (b == '\r') return "a carriage return (\\r)";
    if (b > ' ' && b < 0x7f) return std::string("'") + char(b) + "'";
    char hex[16];
    std::snprintf(hex, sizeof hex, "byte 0x%02x", b);
    return hex;
}

static long current_case = 0;

// An integer token in [lo, hi], written canonically; `what` names it.
static long long read_int(long long lo, long long hi, const char *what, size_t &start) {
    start = pos;
    if (pos >= text.size()) invalid(pos, current_case, std::string("the input ends in the middle of a case: expected ") + what);
    if (is_space(text[pos])) invalid(pos, current_case, std::string("expected ") + what + ", found " + describe(pos));
    size_t end = pos;
    while (end < text.size() && !is_space(text[end])) ++end;
    std::string token = text.substr(pos, end - pos);
    pos = end;
    std::string shown = token.size() > 40 ? token.substr(0, 40) + "... (" + std::to_string(token.size()) + " bytes)" : token;
    size_t sign = token[0] == '-' || token[0] == '+' ? 1 : 0;
    bool numeric = token.size() > sign;
    for (size_t i = sign; i < token.size(); ++i) numeric = numeric && token[i] >= '0' && token[i] <= '9';
    if (!numeric) invalid(start, current_case, std::string("expected ") + what + " (an integer), found \"" + shown + "\"");
    bool negative = token[0] == '-';
    size_t digits = token.size() - sign;
    bool zero = token.find_first_not_of('0', sign) == std::string::npos;
    if (token[0] == '+' || (digits > 1 && token[sign] == '0') || (negative && zero))
        invalid(start, current_case, std::string(what) + " is written \"" + shown + "\": no leading zeros, '+' or '-0' allowed");
    long long value = 0;
    bool overflow = digits > 18;
    for (size_t i = sign; !overflow && i < token.size(); ++i) value = value * 10 + (token[i] - '0');
    if (negative) value = -value;
    if (overflow || value < lo || value > hi)
        invalid(start, current_case, std::string(what) + " must be in " + std::to_string(lo) + "..=" + std::to_string(hi) + ", found " + shown);
    return value;
}

static void expect(char c, const char *what, long kase) {
    if (pos >= text.size() || text[pos] != c) invalid(pos, kase, std::string("expected ") + what + ", found " + describe(pos));
    ++pos;
}

static void expect_eof(const char *what) {
    if (pos != text.size()) invalid(pos, 0, std::string("nothing may follow ") + what + ", found " + describe(pos));
}

// Eight colours, each followed by its separator (sicily: two lines of four; msquare: one
// line of eight); then a permutation of 1..8, the fault at the first repeated colour.
static void read_magic(int per_line) {
    bool seen[9] = {false};
    size_t repeat = std::string::npos;
    long long repeated = 0;
    for (int i = 0; i < 8; ++i) {
        size_t at;
        long long c = read_int(1, 8, "a colour (1..8)", at);
        if (seen[c] && repeat == std::string::npos) {
            repeat = at;
            repeated = c;
        }
        seen[c] = true;
        if ((i + 1) % per_line == 0) expect('\n', "a line break", current_case);
        else expect(' ', "a single space", current_case);
    }
    if (repeat != std::string::npos)
        invalid(repeat, current_case,
                "the board is not a permutation of 1..8: " + std::to_string(repeated) + " appears more than once");
}

int main(int argc, char **argv) {
    std::string format = BOARDJUDGE_FORMAT, protocol = BOARDJUDGE_PROTOCOL;
    long long max_cases = BOARDJUDGE_MAX_CASES;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--format") == 0) format = argv[++i];
        else if (std::strcmp(argv[i], "--protocol") == 0) protocol = argv[++i];
        else if (std::strcmp(argv[i], "--max-cases") == 0) max_cases = std::atoll(argv[++i]);
    }
    if (protocol != "testlib" && protocol != "kattis") {
        std::fprintf(stderr, "validate: unknown protocol \"%s\"\n", protocol.c_str());
        return 2;
    }
    bool kattis = protocol == "kattis";
    invalid_code = kattis ? 43 : 3;
    bool sicily = format == "sicily", msquare = format == "msquare", rotation = format == "rotation";
    if (!sicily && !msquare && !rotation) {
        std::fprintf(stderr, "validate: unknown format \"%s\": expected sicily, msquare or rotation\n", format.c_str());
        return 2;
    }
    if (max_cases <= 0) max_cases = sicily ? 100000 : msquare ? 1 : 1000;
    char buffer[1 << 16];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, stdin)) > 0) text.append(buffer, n);
    if (std::ferror(stdin)) {
        std::fprintf(stderr, "validate: cannot read the input\n");
        return kattis ? 1 : 3;
    }
    if (msquare) {
        current_case = 1;
        read_magic(8);
        if (max_cases < 1) invalid(0, 1, "more than " + std::to_string(max_cases) + " cases");
        expect_eof("the board");
        return kattis ? 42 : 0;
    }
    for (long kase = 1;; ++kase) {
        current_case = kase;
        size_t start = pos, at;
        if (pos >= text.size())
            invalid(pos, 0, std::string("the input ends without the terminator ") + (sicily ? "-1" : "0"));
        if (sicily) {
            long long limit = read_int(-1, 2147483647LL, "the step limit N", at);
            if (limit == -1) {
                expect('\n', "a line break", 0);
                expect_eof("the terminator -1");
                break;
            }
            expect('\n', "a line break", kase);
            read_magic(4);
        } else {
            long long first = read_int(0, 3, "a cell (1..3) or the terminator 0", at);
            if (first == 0) {
                size_t after = pos;
                while (after < text.size() && (text[after] == ' ' || text[after] == '\t')) ++after;
                if (after > pos && after < text.size() && !is_space(text[after]))
                    invalid(at, kase, "cell 1 must be in 1..=3, found 0");
                expect('\n', "a line break", 0);
                expect_eof("the terminator 0");
                break;
            }
            int count[4] = {0, 0, 0, 0};
            ++count[first];
            for (int i = 1; i < 24; ++i) {
                expect(' ', "a single space", kase);
                std::string what = "cell " + std::to_string(i + 1);
                ++count[read_int(1, 3, what.c_str(), at)];
            }
            expect('\n', "a line break", kase);
            if (count[1] != 8 || count[2] != 8 || count[3] != 8)
                invalid(start, kase,
                        "the board holds " + std::to_string(count[1]) + " 1s, " + std::to_string(count[2]) + " 2s and " +
                            std::to_string(count[3]) + " 3s; it needs eight of each");
        }
        if (kase > max_cases) invalid(start, kase, "more than " + std::to_string(max_cases) + " cases");
    }
    return kattis ? 42 : 0;
}
