/* A fixed loop of volatile adds, timed in 100 ms windows for SECONDS (default 10);
   prints the median ns per step. Back-to-back runs on a steady machine agree
   within a few percent; on a machine that changes speed in phases, they do not. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int windows = (argc > 1 ? atoi(argv[1]) : 10) * 10;
    if (windows < 1) windows = 1;
    double *perStep = malloc(sizeof(double) * windows);
    volatile uint64_t sink = 0;
    for (int w = 0; w < windows; w++) {
        double start = now();
        uint64_t steps = 0;
        while (now() - start < 0.1) {
            for (int i = 0; i < 100000; i++) sink += i;
            steps += 100000;
        }
        perStep[w] = (now() - start) * 1e9 / steps;
    }
    qsort(perStep, windows, sizeof(double), compare);
    printf("fixed loop: median %.3f ns per step (fastest window %.3f, slowest %.3f)\n",
           perStep[windows / 2], perStep[0], perStep[windows - 1]);
    free(perStep);
    return 0;
}
