"""The one progress bar of long runs (``equity``, ``simulate``, the CLI).

It draws only on a terminal (never into a redirected stream or a pipe), is
redrawn at most every ``interval`` seconds whatever the rate of updates, and
shows done/total, the rate and the time left. With tqdm installed
(``pip install "hilo-fast[progress]"``) tqdm draws it; without, a one-line
bar of the same content. It counts even when it draws nothing, so a caller
can say how far a run got when it is interrupted.

>>> import io
>>> bar = Progress(1000, "hands", stream=io.StringIO())  # not a terminal: silent
>>> bar.update(250)
>>> bar.done, bar.shown
(250, False)
"""

from __future__ import annotations

import importlib
import sys
import time
from types import TracebackType
from typing import Any, TextIO

__all__ = ["Progress"]


def _duration(seconds: float) -> str:
    minutes, secs = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}"


def _tqdm(bar: Progress) -> Any:
    """A tqdm bar for ``bar``, or False when tqdm is not installed."""
    try:  # import_module: tqdm ships no type hints, and is optional
        tqdm = importlib.import_module("tqdm").tqdm
    except ImportError:  # the optional extra is not installed: draw our own
        return False
    return tqdm(total=bar.total, unit=f" {bar.unit}", file=bar.stream,
                mininterval=bar.interval, dynamic_ncols=True)


class Progress:
    """Counts ``done`` out of ``total`` ``unit`` (``None``: not known ahead, as
    for a streamed file); draws a bar on ``stream`` (default stderr) when
    ``show`` is true and the stream is a terminal."""

    def __init__(self, total: int | None, unit: str, *, stream: TextIO | None = None,
                 show: bool = True, interval: float = 0.25) -> None:
        self.total, self.unit, self.interval = total, unit, interval
        self.done = 0
        self.stream = sys.stderr if stream is None else stream
        self.shown = show and self.stream.isatty()
        self._start = time.monotonic()
        self._drawn_at = -interval
        self._tqdm: Any = None  # made at the first update: total and unit may change till then

    def update(self, count: int) -> None:
        """``count`` more are done."""
        self.done += count
        if not self.shown:
            return
        if self._tqdm is None:
            self._tqdm = _tqdm(self)
        if self._tqdm is not False:
            self._tqdm.update(count)
        elif time.monotonic() - self._drawn_at >= self.interval:
            self._draw()

    def close(self) -> None:
        """Draw the final state and end the line (once; safe to call twice)."""
        if self._tqdm is not None and self._tqdm is not False:
            self._tqdm.close()
        elif self.shown:
            self._draw()
            self.stream.write("\n")
            self.stream.flush()
        self.shown = False

    def _draw(self) -> None:
        now = time.monotonic()
        self._drawn_at = now
        elapsed = max(now - self._start, 1e-9)
        rate = self.done / elapsed
        if self.total is None:  # a count and a rate: no bar, no ETA
            self.stream.write(f"\r{self.done:,} {self.unit}  {rate:,.0f}/s ")
            self.stream.flush()
            return
        width = 30
        filled = width * min(self.done, self.total) // max(self.total, 1)
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] "
                          f"{self.done:,}/{self.total:,} {self.unit}  {rate:,.0f}/s  "
                          f"ETA {_duration(left)} ")
        self.stream.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def __str__(self) -> str:
        if self.total is None:
            return f"{self.done:,} {self.unit}"
        return f"{self.done:,} of {self.total:,} {self.unit}"
