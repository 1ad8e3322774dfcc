"""Import time of ``hilo_fast`` on each backend, in fresh interpreters.

Each run starts a new interpreter with ``-X importtime`` and reads the
cumulative time CPython itself reports for the top-level ``hilo_fast``
import (so interpreter start-up is excluded), once with the native backend
and once with ``HILO_FAST_PUREPYTHON=1``. Runs alternate between the two
backends so machine load hits both alike; the median of each is reported.

    python benchmarks/bench_import.py            # 15 runs per backend
    python benchmarks/bench_import.py --runs 31
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

BACKENDS = {"native": {}, "python": {"HILO_FAST_PUREPYTHON": "1"}}


def import_microseconds(extra_env: dict[str, str]) -> tuple[int, str]:
    """(cumulative import time of hilo_fast in µs, backend it reported) of one fresh run."""
    env = {**os.environ, **extra_env}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # measure with cached bytecode, as users run
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import hilo_fast; print(hilo_fast.BACKEND)"],
        capture_output=True, text=True, env=env, check=True,
    )
    for line in result.stderr.splitlines():
        # "import time: self [us] | cumulative | imported package"
        fields = [f.strip() for f in line.removeprefix("import time:").split("|")]
        if len(fields) == 3 and fields[2] == "hilo_fast":
            return int(fields[1]), result.stdout.strip()
    raise RuntimeError("no import time line for hilo_fast:\n" + result.stderr[-2000:])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per backend (default 15)")
    args = parser.parse_args()
    import_microseconds({})  # warm the bytecode cache and the page cache
    times: dict[str, list[int]] = {name: [] for name in BACKENDS}
    for _ in range(args.runs):
        for name, extra_env in BACKENDS.items():
            micros, reported = import_microseconds(extra_env)
            if reported != name:
                print(f"asked for {name}, got {reported}: is the extension built?", file=sys.stderr)
                return 1
            times[name].append(micros)
    print(f"Python {sys.version.split()[0]}, {args.runs} fresh interpreters per backend")
    print(f"{'backend':8} {'median ms':>10} {'min ms':>8} {'max ms':>8}")
    for name, values in times.items():
        print(f"{name:8} {statistics.median(values) / 1000:10.1f} "
              f"{min(values) / 1000:8.1f} {max(values) / 1000:8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
