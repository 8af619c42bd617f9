// The CPUs in this process's affinity mask (taskset, docker --cpuset-cpus). sched_getaffinity
// and CPU_COUNT need _GNU_SOURCE, which Swift's Glibc module is built without.
#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>

int lab_affinity_cpu_count(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) != 0) return 0;
    return CPU_COUNT(&set);
}
#endif
