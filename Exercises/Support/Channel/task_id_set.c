// See task_id_set.h.
#include "task_id_set.h"
#include <stdlib.h>

static size_t id_slot(uint64_t key, size_t capacity) {
    // Fibonacci hashing: the top bits of the key times 2^64/φ. `capacity` is a power of two, at
    // least 1024.
    unsigned bits = (unsigned)__builtin_ctzll((unsigned long long)capacity);
    return (size_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - bits));
}

int lab_check_id_set_insert(lab_check_id_set *set, uint32_t id) {
    uint64_t key = (uint64_t)id + 1;
    if ((set->count + 1) * 2 > set->capacity) {
        size_t capacity = set->capacity ? set->capacity * 2 : 1024;
        uint64_t *grown = calloc(capacity, sizeof(uint64_t));
        if (!grown) return -1;
        for (size_t i = 0; i < set->capacity; i++) {
            if (!set->slots[i]) continue;
            size_t slot = id_slot(set->slots[i], capacity);
            while (grown[slot]) slot = (slot + 1) & (capacity - 1);
            grown[slot] = set->slots[i];
        }
        free(set->slots);
        set->slots = grown;
        set->capacity = capacity;
    }
    size_t slot = id_slot(key, set->capacity);
    while (set->slots[slot]) {
        if (set->slots[slot] == key) return 1;
        slot = (slot + 1) & (set->capacity - 1);
    }
    set->slots[slot] = key;
    set->count++;
    return 0;
}

int lab_check_id_set_contains(const lab_check_id_set *set, uint32_t id) {
    if (!set->capacity) return 0;
    uint64_t key = (uint64_t)id + 1;
    for (size_t slot = id_slot(key, set->capacity); set->slots[slot]; slot = (slot + 1) & (set->capacity - 1)) {
        if (set->slots[slot] == key) return 1;
    }
    return 0;
}
