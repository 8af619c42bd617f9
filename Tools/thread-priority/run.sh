#!/bin/sh
# Builds and runs the thread-priority check (see main.swift). Usage: Tools/thread-priority/run.sh
set -e
out="${TMPDIR:-/tmp}/lab-thread-priority"
swiftc -O -parse-as-library -swift-version 6 "$(dirname "$0")/main.swift" -o "$out"
"$out"
