#!/usr/bin/env bash
# Makes a class of N students' exercise folders in DIR, for trying `lab grade`:
# each student's answer to each exercise is, in turn, the starting file, the
# reference solution, an alternative solution or one of the catalogued mistakes,
# so a class report shows every kind of verdict. Deterministic: student k, exercise e
# picks answer (k + e) among the ones that exist.
#   Tools/class-fixture/make.sh 30 /tmp/class && swift run lab grade /tmp/class/*
# The answers come from `lab exercises --write-answers` (mistakes are kept as diffs of
# the solution; it writes each one out whole).
set -euo pipefail
count="${1:?usage: make.sh STUDENTS DIR}"
target="${2:?usage: make.sh STUDENTS DIR}"
lab="$(cd "$(dirname "$0")/../.." && pwd)"
known="$(mktemp -d)"
trap 'rm -rf "$known"' EXIT
(cd "$lab" && swift run --quiet lab exercises --write-answers "$known" --no-color >/dev/null)
mkdir -p "$target"
for ((k = 1; k <= count; k++)); do
    student="$target/student-$(printf '%02d' "$k")"
    mkdir -p "$student"
    e=0
    for folder in "$known"/[0-9]*/; do
        name="$(basename "$folder")"
        answers=("$folder/starter.swift" "$folder/solution.swift")
        for extra in "$folder"/alternative-*.swift "$folder"/mistake-*.swift; do
            # A `// permits:` answer stands in for a stalled machine: only `--verify` honours the
            # permit, so in a class it would fail every time, whatever it is meant to show.
            [[ -f "$extra" ]] && ! grep -q '^// permits:' "$extra" && answers+=("$extra")
        done
        cp "${answers[$(((k + e) % ${#answers[@]}))]}" "$student/$name.swift"
        e=$((e + 1))
    done
done
echo "made $count students in $target"
