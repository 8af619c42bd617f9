// The supervisor's report lines, written without stdio or malloc: they are written
// between fork and execve, where only async-signal-safe calls are allowed.
#include "confinement.h"
#include <string.h>
#include <unistd.h>

static size_t append(char *line, size_t used, size_t size, const char *text) {
    size_t length = strlen(text);
    if (used + length >= size) length = size - used - 1;
    memcpy(line + used, text, length);
    return used + length;
}

void lab_report_text(int descriptor, const char *word, const char *text) {
    char line[512];
    size_t used = append(line, 0, sizeof line - 1, word);
    if (text[0] != 0) {
        used = append(line, used, sizeof line - 1, " ");
        used = append(line, used, sizeof line - 1, text);
    }
    line[used++] = '\n';
    (void)!write(descriptor, line, used);  // one write under PIPE_BUF: lines never interleave
}

void lab_report_number(int descriptor, const char *word, long long number) {
    char digits[24];
    int at = (int)sizeof digits - 1;
    digits[at] = 0;
    unsigned long long magnitude = number < 0 ? 0ULL - (unsigned long long)number : (unsigned long long)number;
    do {
        digits[--at] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude > 0 && at > 1);
    if (number < 0) digits[--at] = '-';
    lab_report_text(descriptor, word, digits + at);
}
