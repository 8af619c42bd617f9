#!/bin/sh
# Is this machine steady enough for 5% claims? Two plain C programs, no Swift:
# the core-to-core round trip (5 runs) and a fixed loop (3 back-to-back 10 s runs).
# Compare with: swift run -c release lab bench --steadiness 20
set -e
here=$(cd "$(dirname "$0")" && pwd)
out="${TMPDIR:-/tmp}/lab-machine-noise"
mkdir -p "$out"
cc -O2 -pthread -o "$out/pingpong" "$here/pingpong.c"
cc -O1 -o "$out/loop" "$here/loop.c"
for _ in 1 2 3 4 5; do "$out/pingpong"; done
for _ in 1 2 3; do "$out/loop" 10; done
