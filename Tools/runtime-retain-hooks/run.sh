#!/bin/sh
# Why the lab's retain counter does not use the Swift runtime's instrumentation hooks: with the
# flag _swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly set and
# nothing else changed, copying a small string crashes (Swift 6.3.1, Linux x86_64: swift_retain
# goes through an adapter that masks its argument, and a small string's payload, which the
# normal path skips, is dereferenced). Runs the program without the flag (prints a line), then
# with it (crashes; the backtrace names __swift_retain_ and _swift_retain_adapterImpl).
here=$(cd "$(dirname "$0")" && pwd)
out="${TMPDIR:-/tmp}/lab-runtime-retain-hooks"
mkdir -p "$out"
clang -c -O2 "$here/flag.c" -o "$out/flag.o" || exit 2
swiftc -O -swift-version 6 -import-objc-header "$here/flag.h" "$here/main.swift" "$out/flag.o" \
    -o "$out/retain-hooks" || exit 2
"$out/retain-hooks"
echo "without the flag: exit $?"
"$out/retain-hooks" flag > "$out/with-flag.txt" 2>&1
status=$?
grep -E "crashed|__swift_retain_|adapterImpl" "$out/with-flag.txt" | head -4
echo "with the flag: exit $status"
