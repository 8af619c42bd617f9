#!/bin/sh
# Builds and runs the main-actor starvation check (see main.swift). Usage: Tools/main-actor-starvation/run.sh
set -e
out="${TMPDIR:-/tmp}/lab-main-actor-starvation"
swiftc -O -parse-as-library -swift-version 6 "$(dirname "$0")/main.swift" -o "$out"
"$out"
