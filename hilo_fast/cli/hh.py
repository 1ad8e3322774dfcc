"""The ``hilo-fast hh`` commands: check, convert and report hand-history files.

Each FILE is a hand-history file of any site :func:`hilo_fast.read_history`
reads (the site told from its content) or a directory of them (its files,
recursively, in sorted order, each reported as a file).

- ``hilo-fast hh check FILE...``: read and replay every hand; print per file the
  hands read, replayed exactly, with discrepancies (each named), skipped and
  unreadable; exit 1 if any hand has a discrepancy or could not be read.
- ``hilo-fast hh convert IN.txt OUT.phhs``: every hand as PHH; says how many
  hands could not be read or converted.
- ``hilo-fast hh report FILE... [--json] [--player NAME] [--plot OUT.png]``:
  per player hands, net, all-in-adjusted net, showdowns, scoops, halves and
  quarters; a progress bar on a terminal (tqdm, the ``progress`` extra); the
  plot (matplotlib, the ``plot`` extra) draws a player's actual and
  all-in-adjusted winnings hand by hand.

``import``, ``stats``, ``export`` and ``report --db --html`` work on a database
(:mod:`hilo_fast.cli.hh_db`, docs/database.md).

One exit rule for all three: 0 when every file and hand was read (and, for
check and report, replayed to the site's payouts; for convert, written); 1
when a file (missing, an empty directory, of no site known) or a hand could
not be, each said on stderr while the rest is still done; 2 for a bad command
line; 130 for Ctrl-C, with how far the run got. ``convert`` writes beside its
target and renames at the end, so no partial file is ever left.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..progress import Progress
from . import hh_db

if TYPE_CHECKING:   # the commands load the reader on first use: the CLI starts faster
    from ..history.model import HandHistory, UnreadableHand
    from ..history.read import HistoryReader
    from ..history.report import PlayerStats, Report


def add_parser(sub: Any) -> None:
    """Add the ``hh`` command group to the CLI's subparsers ``sub``."""
    from .args import require_command

    hh = sub.add_parser("hh", help="hand histories: check, convert to PHH, report, "
                                   "import into a database, stats",
                        description="Read Omaha Hi/Lo hand histories of any site hilo-fast "
                                    "reads (the site told from each file). Exit "
                                    "status: 0 all read (and replayed exactly, or written); "
                                    "1 a file or a hand could not be read, replayed to the "
                                    "site's payouts or written (each is reported, the rest "
                                    "still done); 2 a bad command line; 130 Ctrl-C.")
    group = hh.add_subparsers(dest="hh_command", metavar="COMMAND")
    require_command(hh, group)
    p = group.add_parser("check", help="replay every hand, check every chip",
                         description="Replay every hand through the engine and compare "
                                     "what it pays with what the site paid; exit 1 on any "
                                     "discrepancy, unreadable hand or file.")
    p.add_argument("files", nargs="+", help="hand-history files or directories (any site)")
    p.set_defaults(func=_check)
    p = group.add_parser("convert", help="write every hand as PHH",
                         description="Convert a hand history to PHH (.phhs); exit 1 "
                                     "when a hand could not be read or converted. The file "
                                     "appears only when complete.")
    p.add_argument("source", help="a hand-history file or directory (any site)")
    p.add_argument("target", help="the .phhs file to write")
    p.set_defaults(func=_convert)
    p = group.add_parser("report", help="results per player, all-in adjusted",
                         description="Per player: hands, net, all-in-adjusted net, "
                                     "showdowns, scoops, halves and quarters; exit 1 when a "
                                     "file or a hand could not be read or replayed exactly. "
                                     "With --db and --html: one self-contained page from a "
                                     "database instead of files.")
    p.add_argument("files", nargs="*", help="hand-history files or directories (any site)")
    p.add_argument("--db", help="report from this database (see hh import) instead")
    p.add_argument("--html", metavar="HTML", help="with --db: write the report page here")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--player", help="only this player")
    p.add_argument("--plot", metavar="PNG", help="draw the player's winnings (needs "
                                                 "matplotlib; --player, else the hero)")
    p.set_defaults(func=_report)
    hh_db.add_commands(group)


class _Source:
    """One file of an ``hh`` command, its hands read lazily. If the file cannot be
    read (missing, of no site known), it says so in one line
    ``hilo-fast: error: ...`` on stderr, keeps the reason in ``error`` and yields
    no more hands: the command goes on with its next file. Each hand read counts
    one on ``counter`` (a bar, and what Ctrl-C's line says). ``quiet``: keep the
    line for later (a progress bar is being drawn on the terminal)."""

    def __init__(self, path: str, counter: Progress, quiet: bool = False,
                 error: str | None = None) -> None:
        self.path, self.counter, self.quiet = path, counter, quiet
        self.reader: HistoryReader | None = None
        self.error: str | None = None
        self._failed = error   # known before reading (an empty directory)

    def __iter__(self) -> Iterator[HandHistory]:
        from ..history.read import read_history

        try:
            if self._failed is not None:
                raise ValueError(self._failed)
            self.reader = read_history(self.path)
            for hand in self.reader:   # (only the reader's errors land here, not the caller's)
                self.counter.update(1)
                yield hand
            for _, why in self.reader.failures[:1]:   # (a directory's file: the first said)
                raise ValueError(why)
        except (OSError, ValueError) as exc:
            if isinstance(exc, OSError) and exc.strerror:
                self.error = f"{exc.filename or self.path}: {exc.strerror}"
            else:
                self.error = str(exc)
            if not self.quiet:
                print(f"hilo-fast: error: {self.error}", file=sys.stderr)

    # what hh_report.report counts of each source
    @property
    def skipped(self) -> int:
        return self.reader.skipped if self.reader is not None else 0

    @property
    def errors(self) -> list[UnreadableHand]:
        return self.reader.errors if self.reader is not None else []

    @property
    def error_count(self) -> int:
        return self.reader.error_count if self.reader is not None else 0


def _sources(paths: list[str], counter: Progress, quiet: bool = False) -> list[_Source]:
    """One source per file: a directory's files (recursively, sorted) in its place."""
    from ..history.read import history_files

    sources = []
    for path in paths:
        if os.path.isdir(path):
            files = history_files(path)
            sources += [_Source(name, counter, quiet) for name in files] or \
                [_Source(path, counter, quiet, f"{path}: a directory with no files in it")]
        else:
            sources.append(_Source(path, counter, quiet))
    return sources


def _check(args: argparse.Namespace) -> int:
    bad = 0
    counter = args.progress = Progress(None, "hands", show=False)  # for Ctrl-C's line
    sources = _sources(args.files, counter)
    done = 0
    args.partial = lambda: f"{done} of {len(sources)} files checked"
    for source in sources:
        read = exact = cancelled = 0
        problems: list[str] = []
        for h in source:
            read += 1
            if h.cancelled:
                cancelled += 1
                continue
            rep = h.replay()
            if rep.exact:
                exact += 1
            else:
                problems.append(f"  hand #{h.hand_id}: " + "; ".join(rep.discrepancies))
        done += 1
        if source.error is not None and not read:
            continue   # said on stderr; nothing was read
        reader = source.reader
        assert reader is not None
        games = ", ".join(f"{game} x{count}" for game, count in
                          sorted(reader.skipped_games.items()))
        print(f"{source.path}: {read} read, {exact} replayed exactly, {len(problems)} with "
              f"discrepancies, {cancelled} cancelled, {reader.skipped} of other games "
              f"skipped{f' ({games})' if games else ''}, {reader.error_count} unreadable"
              f" [{', '.join(reader.sites)}]")
        for line in problems + [f"  {e}" for e in reader.errors]:
            print(line)
        sys.stdout.flush()   # each file's lines as it is done (into a pipe too)
        bad += len(problems) + reader.error_count
    return 1 if bad or any(source.error for source in sources) else 0


class _Failed(Exception):
    """The source file failed part way (said on stderr already)."""


def _convert(args: argparse.Namespace) -> int:
    from ..history.phh import replay_to_phh

    counter = args.progress = Progress(None, "hands", show=False)  # for Ctrl-C's line
    source = _Source(args.source, counter)   # (a directory: read_history reads all its files)
    if os.path.isdir(args.source):
        listed = _sources([args.source], counter)[0]
        source = listed if listed.path == args.source else source   # (an empty directory)
    written = not_converted = 0
    args.partial = lambda: (f"{written:,} hands converted, none written: {args.target} "
                            f"{'left as it was' if os.path.exists(args.target) else 'not made'}")
    hands = iter(source)
    first = next(hands, None)   # the source opens (or fails) before the target is made
    if source.error is not None:
        return 1
    # Written beside the target and renamed over it at the end: an interrupted or
    # failed run never leaves a partial file (nor spoils one already there).
    target = os.path.abspath(args.target)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.",
                                             suffix=".part", dir=os.path.dirname(target))
    except OSError as exc:
        raise OSError(exc.errno, f"cannot write {args.target!r}: {exc.strerror}") from None
    try:
        with open(handle, "w", encoding="utf-8") as out:
            for h in itertools.chain([first] if first is not None else [], hands):
                rep = h.replay()
                if not rep.settled:
                    reason = "cancelled" if h.cancelled else "; ".join(rep.discrepancies)
                    not_converted += not h.cancelled   # (a cancelled hand has no play)
                    print(f"hand #{h.hand_id} not converted: {reason}", file=sys.stderr)
                    continue
                try:
                    text = replay_to_phh(rep)
                except ValueError as exc:   # e.g. 5-card Omaha: PHH has no code for it
                    not_converted += 1
                    print(f"hand #{h.hand_id} not converted: {exc}", file=sys.stderr)
                    continue
                written += 1
                out.write(("\n" if written > 1 else "") + f"[{written}]\n" + text)
        if source.error is not None:   # the file failed part way: no file, as for Ctrl-C
            raise _Failed
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)   # as open() makes a file (mkstemp: 0600)
        try:
            os.replace(temporary, target)
        except OSError as exc:   # e.g. the target is a folder: name it, not the temporary
            raise OSError(exc.errno, f"cannot write {args.target!r}: {exc.strerror}") from None
    except BaseException as exc:
        os.unlink(temporary)
        if isinstance(exc, _Failed):
            return 1
        raise
    for error in source.errors:
        print(f"skipped {error}", file=sys.stderr)
    print(f"{written} hand{'' if written == 1 else 's'} written to {args.target}")
    if source.error_count or not_converted:
        parts = [f"{count} {what}" for count, what in ((source.error_count, "unreadable"),
                                                       (not_converted, "not converted"))
                 if count]
        lost = source.error_count + not_converted
        print(f"hilo-fast: error: {lost} hand{'' if lost == 1 else 's'} of {args.source} "
              f"not written ({', '.join(parts)})", file=sys.stderr)
        return 1
    return 0


def _money(amount: float, unit: str) -> str:
    return f"{amount:,.0f}" if unit == "chips" else f"{amount / 100:,.2f}"


def _report(args: argparse.Namespace) -> int:
    from ..history.report import report

    if args.db:
        if args.files:
            raise ValueError("hh report: give FILES or --db, not both")
        return hh_db.report_html(args)
    if not args.files:
        raise ValueError("hh report needs FILES (or --db DB --html OUT.html)")
    if args.html:
        raise ValueError("hh report: --html needs --db (import the files first)")
    if args.plot:
        _matplotlib()   # before the work: a missing extra is said at once
    # hilo-fast's one progress bar: on a terminal only, the total not known ahead
    with Progress(None, "hands", show=not args.json) as bar:
        args.progress = bar
        sources = _sources(args.files, bar, quiet=True)
        args.partial = lambda: (f"{sum(s.reader is not None for s in sources)} of "
                                f"{len(sources)} files opened; no report printed")
        total = report(sources)
    failed = [{"file": s.path, "error": s.error} for s in sources if s.error is not None]
    for bad in failed:   # now that the bar's line is ended
        print(f"hilo-fast: error: {bad['error']}", file=sys.stderr)
    players = sorted(total.players.values(), key=lambda s: (s.unit, -s.hands, s.name))
    if args.player:
        players = [s for s in players if s.name == args.player]
        if not players:
            raise ValueError(f"no hands of player {args.player!r} in the files")
    if args.plot:
        _plot(total, players, args.plot)
    if args.json:
        print(json.dumps({"files_failed": failed, "hands": total.hands, "exact": total.exact,
                          "cancelled": total.cancelled, "skipped": total.skipped,
                          "unreadable": total.unreadable,
                          "discrepancies": total.discrepancies,
                          "players": [s.as_dict() for s in players],
                          "all_ins": [{"hand": a.hand_id, "board": "".join(a.board),
                                       "equity": a.equity, "collected": a.collected}
                                      for a in total.all_ins]}, indent=2))
        return _report_status(total, failed)
    print(f"{total.hands} hands ({total.exact} replayed exactly, {total.cancelled} "
          f"cancelled), {total.skipped} of other games skipped, {len(total.unreadable)} "
          f"unreadable, {len(total.all_ins)} all in before the river with cards known")
    print(f"{'player':<20}{'unit':>6}{'hands':>7}{'net':>11}{'adjusted':>11}{'sd':>5}"
          f"{'scoop':>7}{'3/4':>5}{'half':>6}{'1/4':>5}")
    for s in players:
        print(f"{s.name[:19]:<20}{s.unit:>6}{s.hands:>7}{_money(s.net, s.unit):>11}"
              f"{_money(float(s.adjusted), s.unit):>11}{s.showdowns:>5}{s.scoops:>7}"
              f"{s.three_quarters:>5}{s.halves:>6}{s.quarters:>5}")
    return _report_status(total, failed)


def _report_status(total: Report, failed: list[dict[str, str]]) -> int:
    """The hh exit rule: 1 when a file or a hand could not be read, or a hand was
    replayed otherwise than the site paid."""
    return 1 if failed or total.unreadable or total.discrepancies else 0


def _matplotlib() -> Any:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("--plot needs matplotlib: pip install 'hilo-fast[plot]'") from None
    return plt


def _plot(total: Report, players: list[PlayerStats], path: str) -> None:
    plt = _matplotlib()
    if not players:
        raise ValueError("no player to plot")
    stats = max(players, key=lambda s: s.hands)   # --player, else the most hands (the hero)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    scale = 1 if stats.unit == "chips" else 100
    xs = range(1, len(stats.history) + 1)
    ax.plot(xs, [net / scale for _, net, _ in stats.history], label="won")
    ax.plot(xs, [adj / scale for _, _, adj in stats.history], label="all-in adjusted")
    ax.set_xlabel("hand")
    ax.set_ylabel(stats.unit)
    ax.set_title(f"{stats.name}: {stats.hands} hands")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
