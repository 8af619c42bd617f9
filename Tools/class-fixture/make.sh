#!/usr/bin/env bash
# Makes a class of N students' exercise folders in DIR, for trying `lab grade`:
# each student's answer to each exercise is, in turn, the starting file, the
# reference solution, an alternative solution or one of the catalogued mistakes,
# so a class report shows every kind of verdict. Deterministic: student k, exercise e
# picks answer (k + e) among the ones that exist.
#   Tools/class-fixture/make.sh 30 /tmp/class && swift run lab grade /tmp/class/*
set -euo pipefail
count="${1:?usage: make.sh STUDENTS DIR}"
target="${2:?usage: make.sh STUDENTS DIR}"
lab="$(cd "$(dirname "$0")/../.." && pwd)"
mkdir -p "$target"
for ((k = 1; k <= count; k++)); do
    student="$target/student-$(printf '%02d' "$k")"
    mkdir -p "$student"
    e=0
    for original in "$lab"/Exercises/[0-9]*.swift; do
        name="$(basename "$original" .swift)"
        answers=("$original" "$lab/Exercises/Solutions/$name.swift")
        for extra in "$lab/Exercises/Alternatives/$name"/*.swift "$lab/Exercises/Mistakes/$name"/*.swift; do
            [[ -f "$extra" ]] && answers+=("$extra")
        done
        cp "${answers[$(((k + e) % ${#answers[@]}))]}" "$student/$name.swift"
        e=$((e + 1))
    done
done
echo "made $count students in $target"
