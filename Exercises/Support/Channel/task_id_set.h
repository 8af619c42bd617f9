// A set of task ids, for the pool watch (pool_watch.c). Not part of the channel's interface.
#ifndef LAB_CHECK_TASK_ID_SET_H
#define LAB_CHECK_TASK_ID_SET_H
#include <stddef.h>
#include <stdint.h>

// Open addressing, grown as it fills; not locked (its user holds its own lock). An id is kept as
// id + 1, as 0 marks an empty slot. Zeroed, it is empty.
typedef struct {
    uint64_t *slots;
    size_t capacity;
    size_t count;
} lab_check_id_set;

// 1: there before; 0: recorded now; -1: no room could be made.
int lab_check_id_set_insert(lab_check_id_set *set, uint32_t id);

int lab_check_id_set_contains(const lab_check_id_set *set, uint32_t id);

#endif
