#!/bin/sh
# Starts N `inventory add` processes at once on one new store (N: 20 unless given), then
# checks every one exited 0 and every add was kept. Usage: Tools/inventory-stress/run.sh [N]
# Builds nothing: run `swift build` first (or set INVENTORY to another build's binary).
set -eu
n="${1:-20}"
case "$n" in ''|*[!0-9]*) echo "usage: $0 [N]  (N: a number of processes)" >&2; exit 2 ;; esac
root="$(cd "$(dirname "$0")/../.." && pwd)"
inventory="${INVENTORY:-$root/.build/debug/inventory}"
[ -x "$inventory" ] || { echo "no $inventory: run swift build first" >&2; exit 2; }
dir="$(mktemp -d "${TMPDIR:-/tmp}/lab-inventory-stress.XXXXXX")"
trap 'rm -rf "$dir"' EXIT
store="$dir/inventory.sqlite"
i=0
while [ "$i" -lt "$n" ]; do
    ( "$inventory" add Milk 1 --store "$store" >/dev/null 2>"$dir/err.$i"; echo $? >"$dir/status.$i" ) &
    i=$((i + 1))
done
wait
ok=$(cat "$dir"/status.* | grep -c '^0$' || true)
milk=$("$inventory" list --store "$store" --no-color | awk '$1 == "Milk" { print $2 }')
echo "$n processes: $ok exited 0; Milk is ${milk:-missing}"
cat "$dir"/err.* | sort | uniq -c | sed 's/^/  error: /' | head -5
[ "$ok" -eq "$n" ] && [ "${milk:-0}" -eq "$n" ]
