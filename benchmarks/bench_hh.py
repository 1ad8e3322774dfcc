"""Hand histories: read + replay + settle, hands per second on one core.

The hands are synthetic PokerStars histories of random self-play (every
structure, 2..9 seats, side pots, 4- and 5-card), written once to a file
outside the timing; the timed work is what `hilo-fast hh check` does per
hand: parse it from the file, replay it through hf.Hand, settle it and compare
every chip with the history. Target: 10,000 hands/s (a heavy player's year of
hands, 500,000, in under a minute). Times are this process's CPU time
(time.process_time), so a busy shared machine slows the wall clock, not the figure.

    python benchmarks/bench_hh.py --hands 20000
    python benchmarks/bench_hh.py --site bovada      # another site's format (or --site all)

With ``--site NAME`` (a site of hilo_fast.history.sites.SITES other than
pokerstars) the hands are the project's own fixtures of that format
(tests/history/data/NAME/, hand-written), repeated to --hands, read through
hf.read_history (the site told from the file) and replayed: the same
target, 10,000 hands/s for a text format, 5,000 for an XML one (iPoker,
Merge, Boss, Microgaming: their fixtures repeated one after the other, which
their reader takes as it takes several sessions or documents in one file;
benchmarks/bench_hh_xml.py times synthetic iPoker sessions).
"""

from __future__ import annotations

import argparse
import importlib
import io
import itertools
import os
import tempfile
import time

import hilo_fast as hf
from hilo_fast.history.sites import SITES
from hilo_fast.history.sites._base import open_source
from hilo_fast.history.sites._xml import XmlSiteReader
from hilo_fast.history.synth import synthetic_histories

TARGET = 10_000
XML_TARGET = 5_000


def _split(path: str) -> list[str]:
    """The Omaha Hi/Lo hands of a file that replay exactly, as text."""
    with open(path, encoding="utf-8-sig") as stream:
        text = stream.read()
    starts = [i for i in range(len(text)) if text.startswith("PokerStars ", i)
              and (i == 0 or text[i - 1] == "\n")] + [len(text)]
    chunks = [text[a:b].rstrip() + "\n\n\n" for a, b in itertools.pairwise(starts)]
    return [c for c in chunks if [h.replay().exact for h in hf.parse_pokerstars(c)] == [True]]


def _engine_seconds(path: str, repeat: int) -> float:
    """The best CPU time of building and playing the replays' hf.Hand objects alone."""
    games = []
    for h in hf.read_pokerstars(path):
        hand = h.replay().hand
        assert hand is not None
        games.append((hand.structure, hand.starting_stacks, hand.button, hand.holes,
                      h.replay().board, len(next(c for c in hand.holes if c)),
                      [(kind, amount if kind >= hf.Action.BET else None)
                       for _, _, kind, amount in hand.actions],
                      getattr(hand._m, "forced", None)))   # posts out of position: their own
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for structure, stacks, button, holes, board, count, actions, forced in games:
            if forced is None:
                hand = hf.Hand(structure, stacks, button, holes=holes, board=list(board),
                               hole_count=count)
            else:
                antes, blinds, big_blind = forced
                hand = hf.Hand._with_forced_bets(structure, stacks, button, antes=antes,
                                                 blinds=blinds, holes=holes, board=list(board),
                                                 hole_count=count, big_blind=big_blind)
            for kind, amount in actions:
                hand.act(kind, amount)
        best = min(best, time.process_time() - start)
    return best


FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "history",
                        "data")


def _site_sample(site: str) -> str:
    """The fixture hands of ``site``, as one text (each file decoded as the
    readers decode it: some are UTF-16 or cp1252)."""
    folder = os.path.join(FIXTURES, site)
    texts = []
    for name in sorted(os.listdir(folder)):
        lines, _, closing = open_source(os.path.join(folder, name))
        try:
            texts.append("\n".join(lines).strip() + "\n\n\n")
        finally:
            if closing is not None:
                closing.close()
    return "".join(texts)


def _is_xml(site: str) -> bool:
    """True for a site read from XML."""
    module = importlib.import_module(f"hilo_fast.history.sites.{SITES[site]}")
    return any(isinstance(value, type) and issubclass(value, XmlSiteReader)
               and value is not XmlSiteReader for value in vars(module).values())


def bench_site(site: str, hands: int, repeat: int) -> None:
    """Read + replay + settle of ``site``'s format: its fixtures repeated to ``hands``
    (every hand read is replayed, exact or with the discrepancies a fixture is
    written to have)."""
    target = XML_TARGET if _is_xml(site) else TARGET
    sample = _site_sample(site)
    per_copy = sum(1 for _ in hf.read_history(io.StringIO(sample)))
    exact = sum(h.replay().exact for h in hf.read_history(io.StringIO(sample)))
    assert per_copy, site
    copies = -(-hands // per_copy)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, f"{site}.txt")
        with open(path, "w", encoding="utf-8") as out:
            out.write(sample * copies)
        total = per_copy * copies
        best_read = best_all = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            read = sum(1 for _ in hf.read_history(path))
            best_read = min(best_read, time.process_time() - start)
            start = time.process_time()
            replayed = sum(1 for h in hf.read_history(path) if h.replay() is not None)
            best_all = min(best_all, time.process_time() - start)
    assert read == total == replayed, (site, read, total, replayed)
    rate = total / best_all
    print(f"{site:<12} {total:>7,} hands ({per_copy} fixture hands repeated, {exact} exact): "
          f"read only {total / best_read:>8,.0f} hands/s, read + replay + settle "
          f"{rate:>8,.0f} hands/s ({rate / target:.2f}x the {target:,} target)"
          f"{'' if rate >= target else '  MISSED'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands (default 20000)")
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs (default 3)")
    parser.add_argument("--file", action="append", default=[],
                        help="time these history files instead (repeated to --hands)")
    parser.add_argument("--site", default="pokerstars",
                        help=f"the format: {', '.join(SITES)} or all (default pokerstars: "
                             "synthetic self-play hands)")
    args = parser.parse_args()
    if args.site != "pokerstars":
        sites = [s for s in SITES if s != "pokerstars"] if args.site == "all" else [args.site]
        unknown = [s for s in sites if s not in SITES]
        if unknown:
            parser.error(f"--site: unknown site {unknown[0]!r} (sites: {', '.join(SITES)}, all)")
        print(f"backend {hf.BACKEND}; best of {args.repeat}; CPU time of this process")
        for site in sites:
            bench_site(site, args.hands, args.repeat)
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "hands.txt")
        with open(path, "w", encoding="utf-8") as out:
            if args.file:
                sample = [h for f in args.file for h in _split(f)]
                for k in range(args.hands):
                    out.write(sample[k % len(sample)])
            else:
                out.writelines(synthetic_histories(args.hands, seed=1))
        size = os.path.getsize(path)
        best_read = best_all = float("inf")
        for _ in range(args.repeat):
            start = time.process_time()
            read = sum(1 for _ in hf.read_pokerstars(path))
            best_read = min(best_read, time.process_time() - start)
            start = time.process_time()
            exact = sum(h.replay().exact for h in hf.read_pokerstars(path))
            best_all = min(best_all, time.process_time() - start)
        engine = _engine_seconds(path, args.repeat)
    assert read == args.hands and exact == args.hands, (read, exact)
    what = ", ".join(os.path.basename(f) for f in args.file) or "synthetic self-play"
    print(f"backend {hf.BACKEND}; {args.hands:,} hands ({what}), {size / 1e6:.1f} MB, best of "
          f"{args.repeat}")
    print(f"read only:                {args.hands / best_read:>10,.0f} hands/s")
    print(f"read + replay + settle:   {args.hands / best_all:>10,.0f} hands/s "
          f"({args.hands / best_all / TARGET:.2f}x the {TARGET:,} hands/s target)")
    per_hand = 1e6 / args.hands
    print(f"per hand: read {best_read * per_hand:.0f} us, replay + settle "
          f"{(best_all - best_read) * per_hand:.0f} us, of which hf.Hand alone (build + "
          f"act, the same hands) {engine * per_hand:.0f} us")


if __name__ == "__main__":
    main()
