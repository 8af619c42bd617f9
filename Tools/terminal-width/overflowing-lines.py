#!/usr/bin/env python3
"""Counts the lines each lesson prints wider than the terminal.

Runs the eleven lessons of the course (LESSONS below; not isolation-modes, observing-state,
task-apis or testing-async) with --all --trace --tree at COLUMNS=WIDTH (output to a pipe, as a terminal of
that width would get it) and counts the lines whose drawn width is over WIDTH: escape codes take no
column, East Asian wide characters two, combining marks none. Compiler messages and program output
are printed as they are, so some lines are expected to stay wide.

Usage: Tools/terminal-width/overflowing-lines.py WIDTH [BUILD_FOLDER]   (default .build/debug)
"""
import os
import re
import subprocess
import sys
import unicodedata

LESSONS = [
    "sync-vs-async", "async-let", "task-groups", "for-await", "cancellation", "actors", "main-actor",
    "continuations", "inventory", "from-gcd", "when-it-stops",
]


def drawn_width(line):
    line = re.sub(r"\x1b\[[0-9;]*m", "", line)
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def main():
    if len(sys.argv) < 2 or not sys.argv[1].isdigit():
        sys.exit("usage: overflowing-lines.py WIDTH [BUILD_FOLDER]")
    width = int(sys.argv[1])
    build = sys.argv[2] if len(sys.argv) > 2 else ".build/debug"
    environment = dict(os.environ, COLUMNS=str(width), NO_COLOR="1")
    wide_total = lines_total = 0
    for lesson in LESSONS:
        run = subprocess.run(
            [os.path.join(build, lesson), "--all", "--trace", "--tree"], env=environment, capture_output=True,
            text=True)
        lines = (run.stdout + run.stderr).splitlines()
        wide = [line for line in lines if drawn_width(line) > width]
        print(f"{lesson}: {len(wide)} of {len(lines)} lines wider than {width}")
        wide_total += len(wide)
        lines_total += len(lines)
    print(f"all: {wide_total} of {lines_total} lines wider than {width}")


main()
