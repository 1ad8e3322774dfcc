#!/usr/bin/env bash
# The C core under AddressSanitizer + UndefinedBehaviorSanitizer; any report fails.
#
#   1. fuzz/c_driver.c (every C entry point, hostile input, answers checked by
#      brute force) built with the sanitizers and leak checking, C_INPUTS inputs;
#   2. the C core rebuilt as hilo_fast._native._core with the sanitizers (and the
#      CPython builtins of csrc/py/), in a copy
#      of the tree (the normal build is untouched), libasan preloaded into
#      Python (detect_leaks=0: CPython keeps memory until exit on purpose), then
#      the test files that reach every C entry point and a bounded run of the
#      Python fuzz harness (fuzz/run.py, random engine, FUZZ_SECONDS).
#
# Usage: .ci/sanitize.sh            (C_INPUTS=2000000 FUZZ_SECONDS=30 by default)
#        SANITIZE_TESTS="tests/test_x.py" .ci/sanitize.sh   to choose the tests
#        SANITIZE_WORKERS=0 .ci/sanitize.sh   the tests in one process (default: 2 workers)
# Needs gcc (or CC) with libasan/libubsan and a Python with this package's test
# dependencies installed (pytest, numpy, hypothesis, cffi).
set -euo pipefail
cd "$(dirname "$0")/.."
C_INPUTS=${C_INPUTS:-2000000}
FUZZ_SECONDS=${FUZZ_SECONDS:-30}
PYTHON=${PYTHON:-python}
CC=${CC:-gcc}
SANITIZE_TESTS=${SANITIZE_TESTS:-tests}
SAN_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1"
WORK=$(mktemp -d /tmp/hilo-sanitize.XXXXXX)
[ -n "${KEEP_WORK:-}" ] && echo "keeping $WORK" || trap 'rm -rf "$WORK"' EXIT
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:log_path=$WORK/report"

# ASan reports go to files (log_path) so that none can hide in captured output;
# any report, or a process ended by a sanitizer, fails the script.
check_reports() {
    if compgen -G "$WORK/report*" >/dev/null; then
        echo "!! sanitizer reports ($1):"
        cat "$WORK"/report*
        exit 1
    fi
}

echo "== sanitize: C driver, $C_INPUTS inputs (half from seed 1, half from seed 3, side by side) =="
"$CC" -std=c99 -Wall -Wextra $SAN_FLAGS -Icsrc fuzz/c_driver.c $(ls csrc/*/*.c | grep -v '^csrc/py/') -lm -pthread -o "$WORK/c_driver"
# The driver is one thread (12 min for 2,000,000 sanitized inputs): two of
# them on the two cores. (valgrind.sh's driver takes seed 2.)
c_driver() {
    ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=1:log_path=$WORK/report" \
        "$WORK/c_driver" -n "$1" -s "$2"
}
c_driver "$((C_INPUTS / 2))" 1 & first=$!
c_driver "$((C_INPUTS - C_INPUTS / 2))" 3 & second=$!
driver_status=0
wait "$first" || driver_status=$?
wait "$second" || driver_status=$?
[ "$driver_status" -eq 0 ] || { check_reports "C driver"; echo "!! C driver: exit $driver_status"; exit 1; }
check_reports "C driver"

echo "== sanitize: building hilo_fast._native._core with $SAN_FLAGS =="
mkdir "$WORK/tree"
tar -c --exclude='*.so' --exclude='__pycache__' --exclude='.hypothesis' --exclude='crashes' \
    csrc hilo_fast tests fuzz docs examples tools setup.py pyproject.toml MANIFEST.in README.md LICENSE \
    | tar -x -C "$WORK/tree"
# cffi's own compile (the builder run as a script, from outside the tree so
# that it names the sources by absolute path): no setuptools config involved.
mkdir "$WORK/build"
(cd "$WORK/build" && HILO_FAST_CFLAGS="$SAN_FLAGS" HILO_FAST_LDFLAGS="-fsanitize=address,undefined" \
    "$PYTHON" "$WORK/tree/hilo_fast/_native/ffi_build.py" >"$WORK/build.log" 2>&1) || { cat "$WORK/build.log"; exit 1; }
cp "$WORK"/build/hilo_fast/_native/_core*.so "$WORK/tree/hilo_fast/_native/" 2>/dev/null || true
NATIVE=$(ls "$WORK"/tree/hilo_fast/_native/_core*.so 2>/dev/null || true)
# (grep without -q: -q would stop reading early, and pipefail would then see
# ldd killed by SIGPIPE and report a failure that is not one)
if [ -z "$NATIVE" ] || ! ldd "$NATIVE" | grep libasan >/dev/null; then
    cat "$WORK/build.log"; echo "!! the sanitized _core was not built"; exit 1
fi

# The CPython builtins of csrc/py/ (omaha_hilo, Hand's decision loop, deal and
# reads, the PokerStars reader's line loop, the other text sites' line loops,
# the replay's deal, action loop and pots, the database's actions columns),
# sanitized too; they bind the core's functions at import.
PY_INCLUDE=$("$PYTHON" -c "import sysconfig; print(sysconfig.get_paths()['include'])")
EXT_SUFFIX=$("$PYTHON" -c "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))")
for builtin in percall handplay hhlines hhsites hhreplay hhrows; do
    "$CC" -std=c99 -shared -fPIC $SAN_FLAGS -I"$PY_INCLUDE" "csrc/py/$builtin.c" \
        -o "$WORK/tree/hilo_fast/_native/_$builtin$EXT_SUFFIX"
done

LIBASAN=$("$CC" -print-file-name=libasan.so)
# libstdc++ preloaded beside libasan: ASan intercepts C++ throws, and a C++
# extension imported later (matplotlib's ft2font) aborts when the real
# __cxa_throw was not loaded at start-up.
LIBSTDCXX=$("$CC" -print-file-name=libstdc++.so)
run_sanitized() {
    (cd "$WORK/tree" && LD_PRELOAD="$LIBASAN $LIBSTDCXX" PYTHONPATH="$WORK/tree" \
        ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:abort_on_error=1:log_path=$WORK/report" \
        "$PYTHON" "$@") || { status=$?; check_reports "$*"; echo "!! exit $status: $*"; exit 1; }
    check_reports "$*"
}

# The tests must really use the sanitized build.
run_sanitized -c "import hilo_fast, hilo_fast._native._core as n, hilo_fast._native._handplay as h, sys
import hilo_fast._native._hhlines as r, hilo_fast._native._hhreplay as p
import hilo_fast._native._hhsites as s, hilo_fast._native._hhrows as w
assert hilo_fast.BACKEND == 'native' and n.__file__.startswith('$WORK'), n.__file__
assert p.__file__.startswith('$WORK'), p.__file__
assert h.__file__.startswith('$WORK'), h.__file__
assert r.__file__.startswith('$WORK'), r.__file__
assert s.__file__.startswith('$WORK'), s.__file__
assert w.__file__.startswith('$WORK'), w.__file__
print('sanitized native backend:', n.__file__)"

echo "== sanitize: tests ($SANITIZE_TESTS) =="
# -s: gcc's UBSan runtime writes its report to stderr only (it ignores
# log_path), and pytest's capture would swallow it when UBSan ends the process.
# -n: on both cores (pytest-xdist; the workers inherit LD_PRELOAD and the
# options); a worker a sanitizer ends fails its test and the run.
# shellcheck disable=SC2086
run_sanitized -m pytest -q -s -x -n "${SANITIZE_WORKERS:-2}" -p no:cacheprovider -m "not slow" \
    $SANITIZE_TESTS

echo "== sanitize: Python fuzz harness, $FUZZ_SECONDS s =="
run_sanitized fuzz/run.py --engine random --seconds "$FUZZ_SECONDS" --crash-dir "$WORK/crashes"

echo "== sanitize: no AddressSanitizer or UndefinedBehaviorSanitizer report =="
