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

#if defined(__linux__)
// Pins the calling thread to the (index mod n)-th of the n CPUs in the process's affinity mask,
// so that a thread of a check's own can be made to wake on each CPU the check may use. 0 when it
// was pinned.
int lab_pin_calling_thread_to_allowed_cpu(int index) {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0) return -1;
    int count = CPU_COUNT(&allowed);
    if (count <= 0 || index < 0) return -1;
    int wanted = index % count;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (!CPU_ISSET(cpu, &allowed)) continue;
        if (wanted-- > 0) continue;
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(cpu, &one);
        return sched_setaffinity(0, sizeof(one), &one);
    }
    return -1;
}
#endif
