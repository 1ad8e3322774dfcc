"""Run a benchmark script again in a child interpreter with the pure backend
forced (``HILO_FAST_PUREPYTHON=1``): the way to time the pure backend's public
API beside the native one in one run, without swapping any module's backend."""

from __future__ import annotations

import os
import subprocess
import sys


def run_pure(script: str, *args: str) -> str:
    """The stdout of ``python script *args`` on the pure backend."""
    env = {**os.environ, "HILO_FAST_PUREPYTHON": "1"}
    done = subprocess.run([sys.executable, script, *args], env=env, capture_output=True,
                          text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"{script} {' '.join(args)} on the pure backend failed:\n"
                           f"{done.stderr}")
    return done.stdout
