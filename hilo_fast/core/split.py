"""Work split over threads by pulling: the calling thread and its helpers
take the next piece of work from one shared iterator until none is left.

Used by :func:`hilo_fast.evaluate_batch` (blocks of rows) and
:func:`hilo_fast.equity` (chunks of deals) when ``threads`` > 1. Why pulling
and not a pool with a future per piece: each piece then costs a lock and a
``next()``, not a future, a queue hand-off and a wake-up of a waiting main
thread, which all hold the GIL the workers need between their C calls (that
overhead, paid per chunk of equity's Monte Carlo, is where two threads lost
most against the same kernels on pthreads); and the calling thread works
too, so a helper the scheduler starts late (a busy machine) costs nothing:
the caller waits only for pieces already taken, never for a helper to start.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterable
from typing import TypeVar

from .._native.choice import NATIVE

__all__ = ["PARALLEL", "pull"]

Item = TypeVar("Item")
Result = TypeVar("Result")


def _gil_enabled() -> bool:
    """False on a free-threaded build running without the GIL (3.13t+)."""
    check = getattr(sys, "_is_gil_enabled", None)
    return True if check is None else bool(check())


#: Whether threads can run the backend at once: the C core's calls release
#: the GIL; the pure backend's Python only takes turns under it (so there
#: more threads are only slower and one does the work), unless the
#: interpreter runs without a GIL.
PARALLEL: bool = NATIVE or not _gil_enabled()


def pull(items: Iterable[Item], work: Callable[[Item], Result],
         done: Callable[[Item, Result], None], threads: int) -> None:
    """``done(item, work(item))`` for every item, ``work`` on ``threads``
    threads (this one and ``threads - 1`` helpers), ``done`` one call at a
    time under a lock, in any order. The first exception raised by ``work``
    or ``done`` (or a KeyboardInterrupt here) stops every thread from taking
    more work and is raised here once the pieces already taken are finished.
    """
    source = iter(items)
    cond = threading.Condition()
    state = {"taken": 0, "finished": 0, "stop": False}
    errors: list[BaseException] = []

    def run() -> None:
        while True:
            with cond:
                if state["stop"]:
                    return
                try:
                    item = next(source)
                except StopIteration:
                    state["stop"] = True
                    cond.notify_all()
                    return
                except BaseException as err:  # the iterator's own error: stop all
                    errors.append(err)
                    state["stop"] = True
                    cond.notify_all()
                    return
                state["taken"] += 1
            try:
                result = work(item)
                with cond:
                    done(item, result)
            except BaseException as err:
                with cond:
                    errors.append(err)
                    state["stop"] = True
            finally:
                with cond:
                    state["finished"] += 1
                    cond.notify_all()

    helpers = [threading.Thread(target=run, name=f"hilo-fast-{k}") for k in range(threads - 1)]
    try:
        for helper in helpers:
            helper.start()
        run()
        with cond:  # the pieces the helpers hold; a helper not started yet holds none
            cond.wait_for(lambda: state["finished"] == state["taken"])
    finally:
        with cond:
            state["stop"] = True
    if errors:
        raise errors[0]
