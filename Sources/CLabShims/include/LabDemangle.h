// The Swift runtime's demangler, which libswiftCore exports on every platform (its own header,
// Demangle.h, is not in the toolchain's module maps). The grader reads an answer's references
// to the lab's libraries by their Swift names (LabExercises' LabLibraryAccess): a mangled name
// shortens words it has already spelled (`LabFolder` in LabCore is `0A6Folder`), so the names
// cannot be found in it as written. Returns a malloc'd string the caller frees, or NULL.
#ifndef LAB_DEMANGLE_H
#define LAB_DEMANGLE_H
#include <stddef.h>
#include <stdint.h>
char *swift_demangle(const char *mangledName, size_t mangledNameLength, char *outputBuffer, size_t *outputBufferSize,
                     uint32_t flags);
#endif
