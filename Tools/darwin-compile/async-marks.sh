#!/bin/sh
# Every C function a macOS SDK's headers mark unavailable from async contexts
# (__PTHREAD_/OS_/CF_SWIFT_UNAVAILABLE_FROM_ASYNC before its declaration) must be in
# docs/async-restrictions.json, or the lab's async-context scan would let a call a Mac refuses
# pass on Linux, whose headers mark none of them. Objective-C methods (NS_SWIFT_UNAVAILABLE_FROM_ASYNC)
# are printed for reading, not checked: their Swift names are not their selectors.
# Usage: Tools/darwin-compile/async-marks.sh SDK   SDK: a folder with usr/include (a MacOSX.sdk).
set -eu
root="$(cd "$(dirname "$0")/../.." && pwd)"
sdk="${1:-${SDKROOT:-}}"
[ -n "$sdk" ] && [ -d "$sdk/usr/include" ] || { echo "async-marks: give a macOS SDK folder (with usr/include)" >&2; exit 2; }
list="$root/docs/async-restrictions.json"
frameworks="$sdk/System/Library/Frameworks"
headers=$(grep -rl "SWIFT_UNAVAILABLE_FROM_ASYNC" "$sdk/usr/include" "$frameworks/CoreFoundation.framework/Headers" \
    2>/dev/null || true)
# The declaration after each mark: the first line that is not an attribute macro; its name is
# the identifier just before its first parenthesis.
marked=$(for header in $headers; do
    awk '/SWIFT_UNAVAILABLE_FROM_ASYNC\(/ && !/#define/ { want = 1; next }
        want && /^[ \t]*(__API_|API_|__OSX_|CF_EXPORT[ \t]*$|OS_EXPORT[ \t]*$)/ { next }
        want && /\(/ { line = $0; sub(/\(.*/, "", line); n = split(line, words, /[^A-Za-z0-9_]+/)
            while (n > 0 && words[n] == "") n--
            if (n > 0) print words[n]; want = 0 }' "$header"
done | sort -u)
missing=0
count=0
for name in $marked; do
    count=$((count + 1))
    if ! grep -q "\"api\": \"$name(\"" "$list"; then
        echo "async-marks: $name is marked unavailable from async contexts in $sdk but not in docs/async-restrictions.json" >&2
        missing=$((missing + 1))
    fi
done
echo "async-marks: $((count - missing)) of $count C functions the SDK marks are listed (SDK $sdk)"
if [ -d "$frameworks/Foundation.framework/Headers" ]; then
    echo "async-marks: Objective-C methods marked in Foundation, to compare with the list by their Swift names:"
    grep -rh "NS_SWIFT_UNAVAILABLE_FROM_ASYNC(" "$frameworks/Foundation.framework/Headers" | grep -v "#define" |
        sed 's/NS_SWIFT_UNAVAILABLE_FROM_ASYNC.*//; s/^[ \t]*/  /'
fi
# The Swift overlays mark their own (`@available(*, noasync…)` in Dispatch's, os's): printed for
# reading too, each with the declaration after its mark, since a C header never shows them.
interfaces=$(find "$sdk/usr/lib/swift" "$frameworks" -name '*.swiftinterface' 2>/dev/null | grep -v '/Private' || true)
if [ -n "$interfaces" ]; then
    echo "async-marks: Swift declarations marked noasync in the SDK's overlays, to compare with the list:"
    for interface in $interfaces; do
        awk -v file="${interface#"$sdk"/}" '/@available\(\*, *noasync/ { want = 1; next }
            want && /^[ \t]*@[A-Za-z_]+(\([^)]*\))?[ \t]*$/ { next }
            want { line = $0; sub(/^[ \t]+/, "", line); while (line ~ /^@[A-Za-z_]+(\([^)]*\))?[ \t]+/) sub(/^@[A-Za-z_]+(\([^)]*\))?[ \t]+/, "", line)
                sub(/[ \t]*\{.*/, "", line); print "  " file ": " line; want = 0 }' \
            "$interface"
    done | sort -u
fi
# None found is no pass: a folder that is not a macOS SDK (or headers this reading no longer
# understands) would otherwise say "0 of 0" and succeed, checking nothing.
if [ "$count" -eq 0 ]; then
    echo "async-marks: no C function in $sdk is marked unavailable from async contexts: is it a macOS SDK?" >&2
    exit 1
fi
[ "$missing" -eq 0 ]
