#!/usr/bin/env bash
# valgrind memcheck over the C core; any error in our code fails.
#
#   1. fuzz/c_driver.c (every C entry point, hostile input on exact-size heap
#      buffers, answers checked by brute force), built -O1 -g, C_INPUTS inputs,
#      full leak check: 0 errors of any kind, 0 bytes leaked.
#   2. Python (PYTHONMALLOC=malloc) running the differential fuzz harness for
#      PY_RUNS inputs with the normal native build, memcheck writing XML; an
#      error counts as ours when a frame of its stack is in hilo_fast._native (the compiled modules)
#      or csrc/. Leaks are not counted here (CPython and cffi keep module
#      memory until exit; the C driver checks our leaks). CPython's own
#      memcheck noise (this interpreter is not built --with-valgrind) is
#      counted and shown, not failed on.
#
# Usage: .ci/valgrind.sh            (C_INPUTS=200000 PY_RUNS=1500 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
C_INPUTS=${C_INPUTS:-200000}
PY_RUNS=${PY_RUNS:-1500}
PYTHON=${PYTHON:-python}
CC=${CC:-gcc}
WORK=$(mktemp -d /tmp/hilo-valgrind.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

echo "== valgrind: C driver, $C_INPUTS inputs =="
"$CC" -std=c99 -O1 -g -Icsrc fuzz/c_driver.c $(ls csrc/*/*.c | grep -v '^csrc/py/') -lm -pthread -o "$WORK/c_driver"
valgrind -q --error-exitcode=1 --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all \
    "$WORK/c_driver" -n "$C_INPUTS" -s 2

echo "== valgrind: Python fuzz harness, $PY_RUNS inputs =="
"$PYTHON" -c "import hilo_fast, sys; sys.exit(hilo_fast.BACKEND != 'native')" \
    || { echo "!! the native backend is not built"; exit 1; }
PYTHONMALLOC=malloc valgrind -q --leak-check=no --xml=yes --xml-file="$WORK/memcheck.xml" \
    "$PYTHON" fuzz/run.py --engine random --runs "$PY_RUNS" --seconds 100000 --crash-dir "$WORK/crashes"
"$PYTHON" - "$WORK/memcheck.xml" <<'PY'
import sys
import xml.etree.ElementTree as ET

errors = ET.parse(sys.argv[1]).getroot().findall("error")
ours = []
for error in errors:
    if (error.findtext("kind") or "").startswith("Leak_"):
        continue
    frames = error.findall("stack/frame")
    where = [(f.findtext("obj") or "") + " " + (f.findtext("dir") or "") for f in frames]
    if any("_native" in w or "/csrc" in w for w in where):
        ours.append(error)
print(f"memcheck: {len(errors)} error(s) in the Python process, {len(ours)} in hilo-fast's C")
for error in ours:
    print(error.findtext("kind"), error.findtext("what") or error.findtext("xwhat/text"))
    for frame in error.findall("stack/frame"):
        print("   ", frame.findtext("fn"), frame.findtext("file"), frame.findtext("line"))
sys.exit(1 if ours else 0)
PY
echo "== valgrind: 0 errors in hilo-fast's C =="
