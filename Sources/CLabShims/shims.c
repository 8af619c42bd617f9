// The shims that need a source file (the rest are inline in the header).
#define _GNU_SOURCE  // dladdr and Dl_info, which glibc declares only under it
#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include "CLabShims.h"

const char *lab_image_path(const void *address) {
    Dl_info info;
    if (dladdr(address, &info) == 0) return 0;
    return info.dli_fname;
}

int lab_open_pseudo_terminal(int *primary, char *replicaPath, unsigned long length) {
    int descriptor = posix_openpt(O_RDWR | O_NOCTTY);
    if (descriptor < 0) return -1;
    if (grantpt(descriptor) != 0 || unlockpt(descriptor) != 0) return -1;
    const char *name = ptsname(descriptor);
    if (name == 0 || strlen(name) + 1 > length) return -1;
    strcpy(replicaPath, name);
    *primary = descriptor;
    return 0;
}
