#!/bin/sh
# Builds the independent check (no LabBench code, no SwiftPM) and runs it N times (default 5).
# Compare with: swift run -c release lab bench --quick tasks "actor calls" "increment, uncontended"
set -e
here=$(cd "$(dirname "$0")" && pwd)
out="${TMPDIR:-/tmp}/lab-independent-check"
mkdir -p "$out"
swiftc -O -swift-version 6 -parse-as-library -emit-module -emit-library -module-name CounterLibrary \
    "$here/CounterLibrary.swift" -emit-module-path "$out/CounterLibrary.swiftmodule" -o "$out/libCounterLibrary.so"
swiftc -O -swift-version 6 "$here/main.swift" -I "$out" -L "$out" -lCounterLibrary \
    -Xlinker -rpath -Xlinker "$out" -o "$out/independent-check"
for _ in $(seq 1 "${1:-5}"); do "$out/independent-check"; done
