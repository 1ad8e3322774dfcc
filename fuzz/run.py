"""Run the differential fuzz harness (fuzz/harness.py) for a while, or replay inputs.

    python fuzz/run.py --seconds 120                 # atheris if installed, else random
    python fuzz/run.py --engine random --seconds 60 --seed 7
    python fuzz/run.py fuzz/crashes/crash-...        # replay saved inputs

atheris (libFuzzer for Python) steers by coverage of the Python layers; the C
core is compiled by gcc without libFuzzer's instrumentation, so for the C the
pure-C driver (fuzz/c_driver.c) is the coverage-blind workhorse and this
harness checks the Python <-> C boundary and every public entry point.
The random engine is a seeded stream of byte strings: a run is reproducible.
Either way a failing input is saved under ``--crash-dir`` and the exit code is 1.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("inputs", nargs="*", type=Path, help="files to replay instead of fuzzing")
    parser.add_argument("--seconds", type=float, default=60.0, help="time budget")
    parser.add_argument("--runs", type=int, default=0, help="stop after this many inputs (0: none)")
    parser.add_argument("--engine", choices=("auto", "atheris", "random"), default="auto")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--crash-dir", type=Path, default=HERE / "crashes")
    return parser.parse_args(argv)


def _save(data: bytes, crash_dir: Path) -> Path:
    crash_dir.mkdir(parents=True, exist_ok=True)
    path = crash_dir / f"crash-{hashlib.sha1(data).hexdigest()}"
    path.write_bytes(data)
    return path


def _replay(paths: list[Path]) -> int:
    import harness

    for path in paths:
        data = path.read_bytes()
        print(f"replay {path}: {harness.decode(data)}")
        harness.run_one(data)
    print(f"fuzz: replayed {len(paths)} input(s), no failure")
    return 0


def _random(args: argparse.Namespace) -> int:
    import harness

    rng = random.Random(args.seed)
    per_target: Counter[str] = Counter()
    names = list(harness.TARGETS)
    start = time.monotonic()
    runs = 0
    while time.monotonic() - start < args.seconds and (not args.runs or runs < args.runs):
        data = rng.randbytes(rng.randint(1, 64))
        runs += 1
        per_target[names[data[0] % len(names)]] += 1
        try:
            harness.run_one(data)
        except Exception:
            path = _save(data, args.crash_dir)
            print(f"fuzz: FAILURE on input {runs}: {harness.decode(data)}\nsaved as {path}")
            traceback.print_exc()
            return 1
    elapsed = time.monotonic() - start
    print(f"fuzz (random, seed {args.seed}): {runs} inputs in {elapsed:.0f} s, 0 failures")
    for name in names:
        print(f"  {name:26s} {per_target[name]}")
    return 0


def _atheris(args: argparse.Namespace) -> int:
    import atheris

    with atheris.instrument_imports(include=["hilo_fast", "harness"]):
        import harness

    args.crash_dir.mkdir(parents=True, exist_ok=True)
    flags = [sys.argv[0], f"-max_total_time={max(1, int(args.seconds))}", f"-seed={args.seed}",
             "-print_final_stats=1", "-max_len=128", f"-artifact_prefix={args.crash_dir}/"]
    if args.runs:
        flags.append(f"-runs={args.runs}")
    print(f"fuzz (atheris): targets {', '.join(harness.TARGETS)}", flush=True)
    atheris.Setup(flags, harness.run_one)
    atheris.Fuzz()  # libFuzzer exits the process: 0 when time is up, else a crash
    return 0


def main(argv: list[str]) -> int:
    args = _parse_args(argv)
    sys.path.insert(0, str(HERE))
    if args.inputs:
        return _replay(args.inputs)
    engine = args.engine
    if engine == "auto":
        try:
            import atheris  # noqa: F401
        except ImportError:
            engine = "random"
        else:
            engine = "atheris"
    return _atheris(args) if engine == "atheris" else _random(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
