// See include/CheckChannel.h.
#define _GNU_SOURCE
#include "CheckChannel.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>

static char secret[80];

static void limit(int resource, unsigned long long value) {
    if (value == 0) return;
    struct rlimit bound = { (rlim_t)value, (rlim_t)value };
    setrlimit(resource, &bound);
}

int lab_check_open(void) {
    char header[256] = {0};
    ssize_t total = 0;
    while (total < (ssize_t)sizeof(header) - 1) {
        ssize_t count = read(3, header + total, sizeof(header) - 1 - total);
        if (count <= 0) break;
        total += count;
        if (memchr(header, '\n', total)) break;
    }
    close(3);
    unsigned long long memory = 0, cpu = 0, fileSize = 0;
    if (sscanf(header, "%79s %llu %llu %llu", secret, &memory, &cpu, &fileSize) < 1) {
        secret[0] = 0;
        return -1;
    }
    limit(RLIMIT_AS, memory);
    limit(RLIMIT_CPU, cpu);
    limit(RLIMIT_FSIZE, fileSize);
    return 0;
}

void lab_check_record(const char *kind, const char *text) {
    char line[3800];
    int length = snprintf(line, sizeof(line) - 1, "%s\t%s\t%s", secret, kind, text);
    if (length < 0) return;
    if (length > (int)sizeof(line) - 2) length = (int)sizeof(line) - 2;
    for (int i = (int)strlen(secret) + 1; i < length; i++) if (line[i] == '\n') line[i] = ' ';
    line[length] = '\n';
    // One write per record: shorter than PIPE_BUF, so records never interleave.
    (void)!write(4, line, (size_t)length + 1);
}

void lab_check_finish(int status) {
    lab_check_record("done", status == 0 ? "passed" : "failed");
    fflush(stdout);
    fflush(stderr);
    _exit(status);
}
