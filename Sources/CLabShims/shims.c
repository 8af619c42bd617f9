// The shims that need a source file (the rest are inline in the header).
#define _GNU_SOURCE  // dladdr and Dl_info, which glibc declares only under it
#include <dlfcn.h>
#include "CLabShims.h"

const char *lab_image_path(const void *address) {
    Dl_info info;
    if (dladdr(address, &info) == 0) return 0;
    return info.dli_fname;
}
