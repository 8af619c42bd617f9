#!/bin/sh
# Compiles the lab's C targets and the checks' C channel (Exercises/Support/Channel, built into
# every check on the student's machine), syntax and types only (-Wall -Wextra -Werror), as a Mac
# builds them: for arm64 and x86_64 macOS 15, against a macOS SDK's headers. Written for the machines
# without a Mac: darwin.c, allocations_darwin.c and the __APPLE__ branches are otherwise never
# compiled here, and a Linux-only call (prctl, getdents64, sched_getcpu) or a signature that
# differs between the two systems' headers would surface only on a student's Mac.
# Usage: Tools/darwin-compile/run.sh [SDK]   SDK: a folder with usr/include (a MacOSX.sdk);
#   on a Mac, `xcrun --show-sdk-path` is used when none is given.
# Needs clang (the Swift toolchain's does: it targets Darwin without a Mac's linker, and
# -fsyntax-only links nothing). What it cannot prove: that the code runs, or links.
# Then async-marks.sh: every C call those headers mark unavailable from async contexts is in
# docs/async-restrictions.json.
set -eu
root="$(cd "$(dirname "$0")/../.." && pwd)"
sdk="${1:-${SDKROOT:-}}"
if [ -z "$sdk" ] && command -v xcrun >/dev/null; then sdk="$(xcrun --sdk macosx --show-sdk-path)"; fi
[ -n "$sdk" ] || { echo "darwin-compile: give a macOS SDK folder (with usr/include), or set SDKROOT" >&2; exit 2; }
[ -f "$sdk/usr/include/libproc.h" ] || { echo "darwin-compile: $sdk/usr/include/libproc.h not found: not a macOS SDK" >&2; exit 2; }
cd "$root"
includes=""
for dir in Sources/CLab*/include Exercises/Support/Channel/include; do includes="$includes -I $dir"; done
failed=0
count=0
for target in arm64-apple-macos15 x86_64-apple-macos15; do
    # The C files, and each public header alone (Swift imports them as modules, not only
    # through a .c file that includes them).
    for file in Sources/CLab*/*.c Sources/CLab*/include/*.h Exercises/Support/Channel/*.c \
        Exercises/Support/Channel/include/*.h; do
        count=$((count + 1))
        case "$file" in *.h) language="-x c-header" ;; *) language="" ;; esac
        # shellcheck disable=SC2086 # the include flags are words
        if ! clang -target "$target" -isysroot "$sdk" -fsyntax-only -Wall -Wextra -Werror \
            $includes $language "$file"; then
            echo "darwin-compile: $file does not compile for $target" >&2
            failed=$((failed + 1))
        fi
    done
done
echo "darwin-compile: $((count - failed)) of $count compiled (each C file and public header for arm64 and x86_64 macOS 15, SDK $sdk)"
# The same headers say which C calls a Mac refuses in async code: the scan's list must hold them all.
sh "$root/Tools/darwin-compile/async-marks.sh" "$sdk" || failed=$((failed + 1))
[ "$failed" -eq 0 ]
