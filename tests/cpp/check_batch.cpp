// The differential test's driver for src/export/cpp/check.cpp: judges many outputs in one
// process (tests/cpp_differential.rs). Records on stdin: a line `FORMAT ORDER WRAP I A O`, then
// I bytes of input, A of jury answer and O of output; per record one line on stdout, the
// verdict letter (A, W, P, F), a tab and the contestant's message.
#define BOARDJUDGE_NO_MAIN
#include "../../src/export/cpp/check.cpp"

static bool read_bytes(size_t n, std::string &out) {
    out.resize(n);
    return std::fread(&out[0], 1, n, stdin) == n;
}

int main() {
    char format[32], order[32];
    unsigned long wrap, i, a, o;
    std::string input, answer, output;
    while (std::scanf("%31s %31s %lu %lu %lu %lu", format, order, &wrap, &i, &a, &o) == 6) {
        std::getchar();
        if (!read_bytes(i, input) || !read_bytes(a, answer) || !read_bytes(o, output)) return 2;
        bj::Options options;
        options.wrap = wrap;
        std::string ord = order;
        options.order = ord == "lex-smallest" ? bj::LEX_SMALLEST : ord == "any-shortest" ? bj::ANY_SHORTEST : bj::ANY_WITHIN_LIMIT;
        std::string f = format;
        bj::Format fmt = f == "sicily" ? bj::SICILY : f == "msquare" ? bj::MSQUARE : bj::ROTATION;
        size_t cap = bj::output_cap(answer.size());
        bool too_long = output.size() > cap;
        if (too_long) output.resize(cap);
        bj::Outcome outcome = bj::check(fmt, input, answer, output, too_long, options);
        std::printf("%c\t%s\n", "AWPF"[outcome.verdict], outcome.team.c_str());
    }
    return 0;
}
