// Checker for the board puzzles of boardjudge, single file, testlib's conventions (Polygon,
// Codeforces): checker <input> <output> <answer> [<report>]; exit 0 ok, 1 wrong answer,
// 2 presentation error, 3 fail; the message on standard error (and in <report> if given).
//
// The problem's order is the lexicographically smallest shortest sequence, so the right answer
// to every case is unique and is the jury answer: the output is accepted when it holds the
// answer's lines. Tolerated, as by boardjudge's own checker: spaces and tabs around and between
// the tokens of a line, a '\r' at the end of a line, a missing final newline and blank lines
// at the very end. Anything else that differs is a wrong answer (a blank line elsewhere, or a
// line that holds no token where the answer has one, a presentation error). The message names
// the line only: never the expected answer.
//
// Written by `judge export polygon` (the same file for every problem and format).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

static const char *report_path = nullptr;

[[noreturn]] static void verdict(int code, const std::string &message) {
    static const char *words[] = {"ok", "wrong answer", "wrong output format", "FAIL"};
    std::string text = std::string(words[code]) + " " + message + "\n";
    std::fputs(text.c_str(), stderr);
    if (report_path != nullptr) {
        if (FILE *f = std::fopen(report_path, "w")) {
            std::fputs(text.c_str(), f);
            std::fclose(f);
        }
    }
    std::exit(code);
}

static bool read_file(const char *path, std::string &out) {
    FILE *f = std::fopen(path, "rb");
    if (f == nullptr) return false;
    char buffer[1 << 16];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) out.append(buffer, n);
    bool ok = !std::ferror(f);
    std::fclose(f);
    return ok;
}

// The lines of a text, each as its tokens joined by one space; blank lines at the end dropped.
static std::vector<std::string> normalized_lines(const std::string &text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        size_t stop = end;
        if (stop > start && text[stop - 1] == '\r') --stop;
        std::string line;
        size_t i = start;
        while (i < stop) {
            while (i < stop && (text[i] == ' ' || text[i] == '\t')) ++i;
            size_t t = i;
            while (i < stop && text[i] != ' ' && text[i] != '\t') ++i;
            if (i > t) {
                if (!line.empty()) line += ' ';
                line.append(text, t, i - t);
            }
        }
        lines.push_back(line);
        start = end + 1;
    }
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    return lines;
}

int main(int argc, char **argv) {
    if (argc < 4) verdict(3, "usage: checker <input> <output> <answer> [<report>]");
    if (argc >= 5) report_path = argv[4];
    std::string input, output, answer;
    if (!read_file(argv[1], input)) verdict(3, "cannot read the input");
    if (!read_file(argv[3], answer)) verdict(3, "cannot read the answer");
    if (!read_file(argv[2], output)) verdict(1, "cannot read the output");
    std::vector<std::string> want = normalized_lines(answer);
    std::vector<std::string> got = normalized_lines(output);
    if (want.empty()) verdict(3, "the jury answer is empty");
    for (size_t i = 0; i < want.size(); ++i) {
        std::string line = std::to_string(i + 1);
        if (i >= got.size()) verdict(1, "the output ends before line " + line);
        if (got[i] != want[i]) {
            if (got[i].empty() != want[i].empty()) verdict(2, "line " + line + " is blank where it should not be, or not blank where it should be");
            verdict(1, "line " + line + " is not the right answer");
        }
    }
    if (got.size() > want.size()) verdict(1, "extra lines after line " + std::to_string(want.size()));
    verdict(0, std::to_string(want.size()) + " lines");
}
