// Sets only the Swift runtime's instrumentation flag, which makes swift_retain and swift_release
// call through the runtime's exported function pointers (_swift_retain, _swift_release, which
// still point at the runtime's own implementations): nothing of ours is called at all.
#include <stdatomic.h>
#include <stdbool.h>

extern _Atomic bool _swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly;

void set_instrumentation_flag(void) {
    atomic_store(&_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly, true);
}
