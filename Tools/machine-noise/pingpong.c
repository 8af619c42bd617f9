/* Two threads bounce one cache line 2,000,000 times; prints ns per round trip.
   The price every cross-thread handoff pays, measured without Swift.
   On a virtual machine it depends on where the host placed the virtual CPUs. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

static _Atomic long ball = 0;
static const long trips = 2000000;

static void *returner(void *unused) {
    (void)unused;
    for (long trip = 0; trip < trips; trip++) {
        while (atomic_load_explicit(&ball, memory_order_acquire) != 2 * trip + 1) {}
        atomic_store_explicit(&ball, 2 * trip + 2, memory_order_release);
    }
    return NULL;
}

int main(void) {
    pthread_t thread;
    pthread_create(&thread, NULL, returner, NULL);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long trip = 0; trip < trips; trip++) {
        atomic_store_explicit(&ball, 2 * trip + 1, memory_order_release);
        while (atomic_load_explicit(&ball, memory_order_acquire) != 2 * trip + 2) {}
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    pthread_join(thread, NULL);
    double ns = (end.tv_sec - start.tv_sec) * 1e9 + (end.tv_nsec - start.tv_nsec);
    printf("core-to-core round trip: %.1f ns\n", ns / trips);
    return 0;
}
