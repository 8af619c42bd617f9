#!/bin/sh
# Proves the lab builds and its SQLite tests pass without SQLite's development package:
# in a private mount namespace (Linux, as root), overlays hide /usr/include/sqlite3.h and
# the unversioned libsqlite3.so (what libsqlite3-dev installs), leaving only the runtime
# library libsqlite3.so.0 that the toolchain's own package manager needs. Then a clean
# build in its own folder and the SQLite and inventory tests.
# Usage: sudo Tools/no-sqlite-dev/run.sh   (needs unshare, mount -t overlay, mknod)
# Linux only: mount namespaces and overlayfs are Linux's. On macOS the question does not
# arise: the SDK every Xcode ships has sqlite3.h and the system has /usr/lib/libsqlite3.dylib.
set -eu
root="$(cd "$(dirname "$0")/../.." && pwd)"
[ "$(uname -s)" = Linux ] || { echo "no-sqlite-dev: Linux only (it hides files with overlay mounts in a private mount namespace); on $(uname -s) there is nothing to hide" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "run as root: it mounts overlays in a private namespace" >&2; exit 2; }
exec unshare -m sh -eu -c '
    work="$(mktemp -d /tmp/lab-no-sqlite-dev.XXXXXX)"
    hide() {  # hide($dir, $name): an overlay over $dir whose upper layer whites out $name
        mkdir -p "$work/$1/upper" "$work/$1/work"
        mknod "$work/$1/upper/$2" c 0 0
        mount -t overlay overlay -o "lowerdir=$1,upperdir=$work/$1/upper,workdir=$work/$1/work" "$1"
    }
    mount --make-rprivate /
    lib=$(dirname "$(ldconfig -p | awk "/libsqlite3.so.0 / { print \$NF; exit }")")
    [ -e /usr/include/sqlite3.h ] && hide /usr/include sqlite3.h
    [ -e "$lib/libsqlite3.so" ] && hide "$lib" libsqlite3.so
    echo "hidden: /usr/include/sqlite3.h exists? $( [ -e /usr/include/sqlite3.h ] && echo yes || echo no);" \
         "$lib/libsqlite3.so exists? $( [ -e "$lib/libsqlite3.so" ] && echo yes || echo no);" \
         "runtime $(ls "$lib"/libsqlite3.so.0)"
    if echo "#include <sqlite3.h>" | cc -x c -fsyntax-only - 2>/dev/null; then echo "sqlite3.h still found" >&2; exit 1; fi
    cd "$1"
    swift build --scratch-path .build-no-sqlite-dev --build-tests
    swift test --scratch-path .build-no-sqlite-dev --skip-build --no-parallel --filter "SQLite|Inventory|inventory"
' sh "$root"
