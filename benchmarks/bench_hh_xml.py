"""XML hand histories: read + replay + settle, hands per second on one core.

The hands are synthetic iPoker sessions of random self-play (every structure,
2..10 seats, side pots, 4- and 5-card; hilo_fast.history.synth_xml), written
once to a file outside the timing; the timed work is what `hilo-fast hh check`
does per hand: parse it from the file through the hardened streaming XML
reader, build the HandHistory, replay it through hf.Hand, settle it and
compare every chip with the history. Target: 5,000 hands/s (issue 25, for
every XML format; the four share the XML reader and the HandBuilder, iPoker
being the wordiest). The standard library's own C iterparse over the same
file, unhardened and building nothing, is printed as the floor of the parse.
Times are this process's CPU time (time.process_time).

    python benchmarks/bench_hh_xml.py --hands 5000
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
import xml.etree.ElementTree as ET

import hilo_fast as hf
from hilo_fast.history.sites.ipoker import read_ipoker
from hilo_fast.history.synth_xml import synthetic_ipoker

TARGET = 5_000


def _stdlib_iterparse(path: str) -> int:
    """The games of the file through the standard library's C iterparse alone."""
    with open(path, encoding="utf-8") as stream:
        text = "<r>" + stream.read() + "</r>"
    games = 0
    for _, element in ET.iterparse(_Text(text)):
        if element.tag == "game":
            games += 1
            element.clear()
    return games


class _Text:
    """A string as a file to read from (iterparse reads by chunks)."""

    def __init__(self, text: str) -> None:
        self.text, self.at = text, 0

    def read(self, size: int = -1) -> str:
        size = len(self.text) if size < 0 else size
        chunk = self.text[self.at:self.at + size]
        self.at += len(chunk)
        return chunk


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5_000, help="hands (default 5000)")
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs (default 3)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "hands.xml")
        with open(path, "w", encoding="utf-8") as out:
            out.writelines(synthetic_ipoker(args.hands, seed=1))
        size = os.path.getsize(path)
        best_floor = best_read = best_all = float("inf")
        for _ in range(args.repeat):
            start = time.process_time()
            games = _stdlib_iterparse(path)
            best_floor = min(best_floor, time.process_time() - start)
            start = time.process_time()
            read = sum(1 for _ in read_ipoker(path))
            best_read = min(best_read, time.process_time() - start)
            start = time.process_time()
            exact = sum(h.replay().exact for h in read_ipoker(path))
            best_all = min(best_all, time.process_time() - start)
    assert games == read == exact == args.hands, (games, read, exact)
    rate = args.hands / best_all
    print(f"backend {hf.BACKEND}; {args.hands:,} iPoker hands (synthetic self-play), "
          f"{size / 1e6:.1f} MB, best of {args.repeat}")
    print(f"stdlib C iterparse alone: {args.hands / best_floor:>10,.0f} hands/s (no hardening, "
          "no hand built: the floor of the parse)")
    print(f"read only:                {args.hands / best_read:>10,.0f} hands/s")
    print(f"read + replay + settle:   {rate:>10,.0f} hands/s "
          f"({rate / TARGET:.2f}x the {TARGET:,} hands/s target)")
    per_hand = 1e6 / args.hands
    print(f"per hand: parse floor {best_floor * per_hand:.0f} us, read {best_read * per_hand:.0f}"
          f" us, replay + settle {(best_all - best_read) * per_hand:.0f} us")
    if rate < TARGET:
        print(f"MISSED: XML read + replay + settle {rate:,.0f} hands/s < {TARGET:,}")


if __name__ == "__main__":
    main()
