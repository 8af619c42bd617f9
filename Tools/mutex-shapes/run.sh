#!/bin/sh
# The uncontended Mutex increment in three loop shapes, outside the lab (see
# docs/MEASUREMENTS.md, "The uncontended Mutex"): timed interleaved in one process N times
# (default 3), then counted by callgrind (instructions per increment, deterministic).
# The same shapes inside lab bench: git apply Tools/mutex-shapes/harness-variants.patch.
set -e
here=$(cd "$(dirname "$0")" && pwd)
out="${TMPDIR:-/tmp}/lab-mutex-shapes"
mkdir -p "$out"
swiftc -O -swift-version 6 -parse-as-library -emit-module -emit-library -module-name Counter \
    "$here/Counter.swift" -emit-module-path "$out/Counter.swiftmodule" -o "$out/libCounter.so"
swiftc -O -swift-version 6 "$here/main.swift" -I "$out" -L "$out" -lCounter \
    -Xlinker -rpath -Xlinker "$out" -o "$out/mutex-shapes"
for _ in $(seq 1 "${1:-3}"); do "$out/mutex-shapes"; done
if command -v valgrind >/dev/null; then
    for shape in 0 1 2; do
        for count in 100000 200000; do
            valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.$shape.$count" \
                "$out/mutex-shapes" "$shape" "$count" 2>&1 | sed -n "s/.*Collected : //p" > "$out/ir.$shape.$count"
        done
        awk -v shape="$shape" -v low="$(tr -d , < "$out/ir.$shape.100000")" -v high="$(tr -d , < "$out/ir.$shape.200000")" \
            'BEGIN { printf "shape %s: %.2f instructions per increment\n", shape, (high - low) / 100000 }'

    done
fi
