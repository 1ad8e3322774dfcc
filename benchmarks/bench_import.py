"""Import time of ``hilo_fast`` on each backend, in fresh interpreters.

Each run starts a new interpreter with ``-X importtime`` and reads the
cumulative time CPython itself reports for the top-level ``hilo_fast``
import (wall clock, interpreter start-up excluded), once with the native
backend and once with ``HILO_FAST_PUREPYTHON=1``. It also takes the CPU time
(user + system) the whole child used, minus that of a child that imports
nothing: on a loaded machine CPU time varies far less than wall time. Runs
alternate between the backends so load hits both alike; medians are
reported (and the wall-clock minimum).

    python benchmarks/bench_import.py            # 15 runs per backend
    python benchmarks/bench_import.py --runs 31
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys

BACKENDS = {"native": {}, "python": {"HILO_FAST_PUREPYTHON": "1"}}


def _child_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(code: str, extra_env: dict[str, str]) -> tuple[str, str, float]:
    """(stdout, stderr, CPU seconds) of one fresh ``python -X importtime -c code``."""
    env = {**os.environ, **extra_env}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # measure with cached bytecode, as users run
    before = _child_cpu_seconds()
    result = subprocess.run([sys.executable, "-X", "importtime", "-c", code],
                            capture_output=True, text=True, env=env, check=True)
    return result.stdout.strip(), result.stderr, _child_cpu_seconds() - before


def import_microseconds(stderr: str) -> int:
    """The cumulative import time CPython reports for ``hilo_fast``, in µs."""
    for line in stderr.splitlines():
        # "import time: self [us] | cumulative | imported package"
        fields = [f.strip() for f in line.removeprefix("import time:").split("|")]
        if len(fields) == 3 and fields[2] == "hilo_fast":
            return int(fields[1])
    raise RuntimeError("no import time line for hilo_fast:\n" + stderr[-2000:])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per backend (default 15)")
    args = parser.parse_args()
    code = "import hilo_fast; print(hilo_fast.BACKEND)"
    run(code, {})  # warm the bytecode cache and the page cache
    wall: dict[str, list[int]] = {name: [] for name in BACKENDS}
    cpu: dict[str, list[float]] = {name: [] for name in BACKENDS}
    baseline: list[float] = []
    for _ in range(args.runs):
        baseline.append(run("pass", {})[2])
        for name, extra_env in BACKENDS.items():
            reported, stderr, seconds = run(code, extra_env)
            if reported != name:
                print(f"asked for {name}, got {reported}: is the extension built?", file=sys.stderr)
                return 1
            wall[name].append(import_microseconds(stderr))
            cpu[name].append(seconds)
    empty = statistics.median(baseline)
    print(f"Python {sys.version.split()[0]}, {args.runs} fresh interpreters per backend; "
          f"an interpreter importing nothing used {empty * 1000:.1f} ms CPU")
    print(f"{'backend':8} {'CPU ms (import only)':>21} {'wall ms median':>15} {'wall ms min':>12}")
    for name in BACKENDS:
        print(f"{name:8} {(statistics.median(cpu[name]) - empty) * 1000:21.1f} "
              f"{statistics.median(wall[name]) / 1000:15.1f} {min(wall[name]) / 1000:12.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
