"""The 'threads=2 / threads=1' lines of the benchmarks, and their C-only reference.

Each ratio is printed with its target (TARGET, from issue 24: two threads at
least 1.7 times one on two free cores) and ``met`` or ``MISSED``. On a
shared machine a miss may be the machine's: so the line also says how many
cores the two-thread runs got (process CPU seconds per wall second: 2.0 is
two free cores) and what the split cost in CPU (two threads' CPU over one
thread's: 1.0 is free), and a miss is followed by the same kernels run on
one and two pthreads with no Python (benchmarks/thread_scaling.c), measured
in the same minute, when a C compiler is at hand.
"""

from __future__ import annotations

import math
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

TARGET = 1.7
ROOT = Path(__file__).resolve().parent.parent
_binary: list[Path | None] = []  # compiled once per process; [None] when it cannot be


def best_of(repeat: int, *runs: Callable[[], object]) -> list[tuple[float, float]]:
    """(least wall seconds, least CPU seconds) of each run; the runs take
    turns, so on a shared machine they meet the same background load."""
    best = [(math.inf, math.inf) for _ in runs]
    for _ in range(repeat):
        for i, run in enumerate(runs):
            wall, cpu = time.perf_counter(), time.process_time()
            run()
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            best[i] = (min(best[i][0], wall), min(best[i][1], cpu))
    return best


def ratio_line(what: str, one: tuple[float, float], two: tuple[float, float]) -> tuple[str, bool]:
    """The printed ratio of one thread's best wall time to two threads', and
    whether it meets TARGET."""
    ratio = one[0] / two[0]
    met = ratio >= TARGET
    return (f"threads=2 / threads=1, {what}: x{ratio:.2f} wall (target >= {TARGET}x: "
            f"{'met' if met else 'MISSED'}); 2 threads got {two[1] / two[0]:.2f} cores, "
            f"1 thread {one[1] / one[0]:.2f}; CPU cost of the split x{two[1] / one[1]:.2f}"), met


def _compiled() -> Path | None:
    if not _binary:
        cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
        sources = sorted(str(p) for p in (ROOT / "csrc").glob("*/*.c") if p.parent.name != "py")
        out = Path(tempfile.mkdtemp(prefix="hilo-fast-bench-")) / "thread_scaling"
        done = None
        if cc and sources:
            done = subprocess.run([cc, "-O3", "-std=c99", f"-I{ROOT / 'csrc'}",
                                   str(ROOT / "benchmarks" / "thread_scaling.c"), *sources,
                                   "-lpthread", "-lm", "-o", str(out)],
                                  capture_output=True, text=True, check=False)
        _binary.append(out if done is not None and done.returncode == 0 else None)
    return _binary[0]


def c_reference(kinds: str, chunk: int = 32768, repeats: int = 3) -> list[str]:
    """thread_scaling.c's lines for ``kinds`` (its kind digits: 0 brute force,
    1 Monte Carlo, 4 batch), prefixed 'C only', or a line saying why not."""
    binary = _compiled()
    if binary is None:
        return ["C only: no C compiler (cc) to build benchmarks/thread_scaling.c"]
    done = subprocess.run([str(binary), str(chunk), str(repeats), kinds], capture_output=True,
                          text=True, check=False)
    if done.returncode:
        return [f"C only: thread_scaling failed: {done.stderr.strip()}"]
    return [f"C only (thread_scaling.c, same minute), {line}" for line in done.stdout.splitlines()]
