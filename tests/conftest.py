"""Backends handed to tests explicitly; nothing rewrites a module's backend.

- ``backend``: the backend the public API runs on in this process (native
  when it is built, pure with ``HILO_FAST_PUREPYTHON=1``). CI runs the whole
  suite twice, once each way, so every public-API test runs on both.
- ``each_backend``: every available backend (:mod:`hilo_fast._backends`: each
  concept's twins of one kind, read as one namespace), one test run each, for
  tests that call backend functions (``backend.omaha(...)``) directly.
- ``native``: the native backend, or skip.
- ``on_terminal``: run a command with stderr on a pseudo-terminal (where a
  progress bar draws) and get the finished process and what the terminal showed.
- ``pure_process``: run a snippet in a fresh interpreter with the pure backend
  forced and get its ``result`` back, to compare the public API across
  backends in one test.
"""

from __future__ import annotations

import os
import pickle
import struct
import subprocess
import sys
import threading
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from hilo_fast._backends import IN_USE, NATIVE, PURE

#: Every backend of this process, each whole (every concept's twin of one kind).
BACKENDS = [PURE] if NATIVE is None else [NATIVE, PURE]


@pytest.fixture(params=[IN_USE], ids=[IN_USE.NAME])
def backend(request: pytest.FixtureRequest) -> ModuleType:
    """The backend every public function of this process runs on."""
    chosen: ModuleType = request.param
    return chosen


@pytest.fixture(params=BACKENDS, ids=[b.NAME for b in BACKENDS])
def each_backend(request: pytest.FixtureRequest) -> ModuleType:
    """Each available backend in turn (for direct backend calls)."""
    chosen: ModuleType = request.param
    return chosen


@pytest.fixture
def native() -> ModuleType:
    """The native backend, or skip when it is not built (or pure is forced)."""
    if NATIVE is None:
        pytest.skip("native backend not available")
    return NATIVE  # type: ignore[return-value]


_PURE_RUNNER = """
import pickle, sys
namespace = {}
exec(sys.stdin.read(), namespace)
sys.stdout.buffer.write(pickle.dumps(namespace["result"]))
"""


def run_pure(code: str) -> Any:
    """Run ``code`` in a new interpreter with ``HILO_FAST_PUREPYTHON=1`` and
    return the value it leaves in ``result`` (pickled back)."""
    env = {**os.environ, "HILO_FAST_PUREPYTHON": "1"}
    done = subprocess.run([sys.executable, "-c", _PURE_RUNNER], input=code.encode(),
                          capture_output=True, env=env, timeout=600, check=False)
    if done.returncode:
        raise AssertionError(f"the pure-backend process failed:\n{done.stderr.decode()}")
    return pickle.loads(done.stdout)


@pytest.fixture
def pure_process() -> Callable[[str], Any]:
    """:func:`run_pure`; the child checks that it really is on the pure backend."""
    def run(code: str) -> Any:
        checked = "import hilo_fast\nassert hilo_fast.BACKEND == 'python'\n" + code
        return run_pure(checked)
    return run


OnTerminal = Callable[..., tuple["subprocess.CompletedProcess[str]", str]]


def run_on_terminal(command: list[str], **run: Any) -> tuple[subprocess.CompletedProcess[str],
                                                              str]:
    """``subprocess.run(command, **run)`` with stdout captured and stderr on a
    pseudo-terminal of 100 columns: the finished process, and all the terminal
    showed (a reader thread drains it, so a long bar never blocks the child)."""
    import fcntl
    import pty
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))  # 100 columns
    shown: list[bytes] = []

    def read() -> None:
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:   # the other end closed
                return
            if not data:
                return
            shown.append(data)

    reader = threading.Thread(target=read)
    reader.start()
    try:
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=slave, text=True, **run)
    finally:
        os.close(slave)
        reader.join(timeout=10)
        os.close(master)
    return result, b"".join(shown).decode()


@pytest.fixture
def on_terminal() -> OnTerminal:
    """:func:`run_on_terminal`."""
    return run_on_terminal
