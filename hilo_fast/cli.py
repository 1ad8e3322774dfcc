"""The ``hilo-fast`` command line.

Each subcommand is one ``_cmd_*`` function registered in :func:`build_parser`;
every one prints a table for people, or JSON with ``--json``. Whatever goes
wrong, the user sees one line ``hilo-fast: error: ...`` and a non-zero exit
(:func:`main`), never a traceback: 2 for bad input and for an optional
dependency that is not installed (with the ``pip install`` that brings it), 1
for a file that cannot be read or written, 130 for Ctrl-C (with how far the
run got); a closed output pipe (``| head``) ends the run silently.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from . import BACKEND, __version__
from .cards import format_cards
from .equity import DEFAULT_SAMPLES, EXACT_LIMIT, MAX_SAMPLES, equity
from .evaluation import evaluate
from .progress import Progress
from .ranges import Range
from .showdown import showdown


def _int_in(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in low..high. One rule per option, used by
    every subcommand that takes the option."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < low or (high is not None and value > high):
            bound = f"{low}..{high}" if high is not None else f">= {low}"
            raise argparse.ArgumentTypeError(f"must be {bound}, got {value}")
        return value
    return parse


#: --seed: a 64-bit seed, the range equity's Monte Carlo takes, in every subcommand.
SEED = _int_in(0, 2**64 - 1)
THREADS = _int_in(1)


def _open_for_writing(path: str, option: str) -> TextIO:
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise OSError(exc.errno, f"cannot write {option} file {path!r}: {exc.strerror}") from None


def _cmd_eval(args: argparse.Namespace) -> int:
    hand = evaluate(args.hole, args.board)
    low = None
    if hand.low is not None:
        low = {"value": hand.low, "description": hand.low_description,
               "cards": list(hand.low_cards or ())}
    result = {
        "hole": format_cards(args.hole, " ").split(),
        "board": format_cards(args.board, " ").split(),
        "high": {"value": hand.high, "category": hand.high_category,
                 "description": hand.high_description, "cards": list(hand.high_cards)},
        "low": low,
        "backend": BACKEND,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"hole   {format_cards(args.hole, ' ')}")
    print(f"board  {format_cards(args.board, ' ')}")
    print(f"high   {hand.high_description:<34} value {hand.high:>4}  "
          f"cards {' '.join(hand.high_cards)}")
    if low is None:
        print("low    no qualifying low")
    else:
        print(f"low    {hand.low_description:<34} value {hand.low:>4}  "
              f"cards {' '.join(hand.low_cards or ())}")
    return 0


_RANDOM_HANDS = ("random", "?")


def _cmd_equity(args: argparse.Namespace) -> int:
    holes = [None if hand.lower() in _RANDOM_HANDS else hand for hand in args.holes]
    args.progress = Progress(0, "boards", show=not args.json)  # equity sizes it
    result = equity(holes, args.board, args.dead, samples=args.samples, seed=args.seed,
                    threads=args.threads, progress=args.progress)
    if args.json:
        print(json.dumps({
            "players": [
                {"hole": list(p.hole) if p.hole else None, "range": text,
                 "equity": p.equity,
                 "std_error": p.std_error, "scoop": p.scoop, "win_high": p.win_high,
                 "tie_high": p.tie_high, "win_low": p.win_low, "tie_low": p.tie_low}
                for p, text in zip(result.players, result.ranges, strict=True)],
            "board": list(result.board), "dead": list(result.dead),
            "no_low": result.no_low, "boards": result.boards, "exact": result.exact,
            "seed": result.seed, "backend": BACKEND,
        }, indent=2))
        return 0
    print(f"{'hand':<14}{'equity':>9}{'+-se':>8}{'scoop':>8}{'win hi':>8}{'tie hi':>8}"
          f"{'win lo':>8}{'tie lo':>8}")
    for p, text in zip(result.players, result.ranges, strict=True):
        hand = "".join(p.hole) if p.hole else text or "random"
        print(f"{hand:<14}{p.equity:>9.4f}{p.std_error:>8.4f}{p.scoop:>8.4f}"
              f"{p.win_high:>8.4f}{p.tie_high:>8.4f}{p.win_low:>8.4f}{p.tie_low:>8.4f}")
    how = "exact" if result.exact else f"Monte Carlo, seed {result.seed}"
    if not result.exact and args.samples is None:
        what = "ranges" if any(result.ranges) else "random hands"  # docs/ranges.md: the rule
        how += (f": {what} make over {EXACT_LIMIT:,} deals, too many to enumerate; "
                "--samples N for more")
    print(f"board {''.join(result.board) or '-'}   no low {result.no_low:.4f}   "
          f"{result.boards:,} {'boards' if result.exact else 'samples'} ({how})")
    return 0


def _cmd_range(args: argparse.Namespace) -> int:
    r = Range(args.range, hole_count=args.hole_count)
    total = math.comb(52, args.hole_count)
    hands = ["".join(hand) for hand in r] if args.list else None
    if args.json:
        out: dict[str, object] = {"range": str(r), "hole_count": args.hole_count,
                                  "combos": len(r), "fraction": len(r) / total,
                                  "weighted": r.weighted}
        if hands is not None:
            out["hands"] = ([{"hand": h, "weight": float(w)} for h, w in zip(hands, r.weights,
                                                                            strict=True)]
                            if r.weighted else hands)
        print(json.dumps(out, indent=2))
    elif args.count:
        print(len(r))
    elif hands is not None:  # the hands alone, one a line: a list to pipe on, no header
        for i, hand in enumerate(hands):
            print(f"{hand} {r.weights[i]:g}" if r.weighted else hand)
    else:
        print(f"{r}: {len(r):,} hands ({100 * len(r) / total:.2f}% of {total:,})"
              f"{', weighted' if r.weighted else ''}")
    return 0


_STRUCTURES = ("fixed-limit", "pot-limit", "no-limit", "mixed")


def _parse_stakes(text: str) -> tuple[int, int]:
    parts = text.split("/")
    if len(parts) != 2 or not all(part.strip().isdigit() for part in parts):
        raise argparse.ArgumentTypeError(
            f"expected two whole numbers >= 0 like 1/2 (small/big), got {text!r}")
    return int(parts[0]), int(parts[1])


def _parse_bots(text: str) -> list[str]:
    """--bots: built-in bot names only (the library's message would also offer "or
    pass a callable", which only the Python API can)."""
    from .selfplay import BOTS

    names = text.split(",")
    for name in names:
        if name not in BOTS:
            raise ValueError(f"--bots: unknown bot {name!r} in {text!r}: choose from "
                             f"{', '.join(BOTS)}")
    return names


def _cmd_simulate(args: argparse.Namespace) -> int:
    from .phh import to_phh
    from .selfplay import simulate
    from .structures import MixedGame, Structure

    # Fixed limit is named by its bets: 2/4 posts blinds 1/2, as the others' 1/2.
    small, big = args.stakes or ((2, 4) if args.structure == "fixed-limit" else (1, 2))
    if args.hands_per_game is not None and args.structure != "mixed":
        raise ValueError("--hands-per-game is for --structure mixed only")
    structure: Structure | MixedGame
    if args.structure == "fixed-limit":   # named by small bet / big bet
        structure = Structure.fixed_limit(small, big)
    elif args.structure == "pot-limit":   # named by the blinds
        structure = Structure.pot_limit(small, big)
    elif args.structure == "no-limit":
        structure = Structure.no_limit(small, big)
    else:
        structure = MixedGame(Structure.pot_limit(small, big),
                              hands_per_game=args.hands_per_game or args.players)
    bots = _parse_bots(args.bots)
    out = _open_for_writing(args.phh, "--phh") if args.phh else None
    written = 0

    def export(hand: object) -> None:
        nonlocal written
        assert out is not None
        text = to_phh(hand)  # type: ignore[arg-type]
        out.write(("\n" if written else "") + f"[{written + 1}]\n" + text)
        written += 1  # after the write: a Ctrl-C in between must not miscount the file

    bar = args.progress = Progress(args.hands, "hands", show=not (args.quiet or args.json))
    if out is not None:
        args.partial = lambda: f"the {written:,} hands played are in {args.phh}"
    try:
        with bar:
            summary = simulate(args.hands, structure, args.players, seed=args.seed, bots=bots,
                               stack=args.stack, progress=lambda done: bar.update(done - bar.done),
                               on_hand=export if out is not None else None,
                               hole_count=args.hole_count)
    finally:
        if out is not None:
            out.close()
    if args.json:
        print(json.dumps({"hands": summary.hands, "players": summary.players,
                          "structure": summary.structure, "bots": summary.bots,
                          "showdowns": summary.showdowns, "actions": summary.actions,
                          "seconds": summary.seconds, "engine": summary.engine,
                          "hands_per_second": summary.hands_per_second,
                          "net": summary.net, "rebuys": summary.rebuys,
                          "chips_conserved": True, "backend": BACKEND}, indent=2))
    else:
        print(summary.format())
    return 0


def _parse_seat(text: str, seat: int) -> tuple[str | None, int]:
    """``CARDS:CHIPS`` (``none`` or ``-`` for no cards) as (cards or None, chips)."""
    cards, sep, chips = text.rpartition(":")
    if not sep:
        raise ValueError(f"bad --seat {text!r} (seat {seat}): expected CARDS:CHIPS like "
                         "'As2dKh3c:100', or 'none:0' for a seat with no cards")
    if not chips.strip().isdigit():
        raise ValueError(f"bad --seat {text!r} (seat {seat}): the chips put in must be a "
                         f"whole number >= 0, got {chips!r}")
    return (None if cards.strip().lower() in ("", "-", "none") else cards), int(chips)


def _parse_folded(values: Sequence[str]) -> list[int]:
    seats = []
    for token in ",".join(values).split(","):
        if token.strip():
            if not token.strip().isdigit():
                raise ValueError(f"bad --folded seat {token!r}: expected seat numbers like 1,3")
            seats.append(int(token))
    return seats


def _cmd_showdown(args: argparse.Namespace) -> int:
    seats = [_parse_seat(text, seat) for seat, text in enumerate(args.seat)]
    folded = _parse_folded(args.folded)
    result = showdown(args.board, [cards for cards, _ in seats], [chips for _, chips in seats],
                      folded=folded, button=args.button, odd_chip=args.odd_chip)
    rows = []
    for seat, (cards, chips) in enumerate(seats):
        hand = result.hands.get(seat)
        rows.append({
            "seat": seat, "cards": format_cards(cards, " ").split() if cards else None,
            "put_in": chips, "folded": seat in folded,
            "high": None if hand is None else {"value": hand.high,
                                               "description": hand.high_description},
            "low": None if hand is None or hand.low is None else {
                "value": hand.low, "description": hand.low_description},
            "won": result.payouts[seat], "net": result.payouts[seat] - chips,
        })
    pots = [{"amount": pot.amount, "eligible": list(pot.eligible),
             "high_winners": list(pot.high_winners), "low_winners": list(pot.low_winners),
             "shares": {str(seat): won for seat, won in pot.shares.items()},
             "contested": pot.contested} for pot in result.pots]
    if args.json:
        print(json.dumps({"board": format_cards(args.board, " ").split(), "button": args.button,
                          "odd_chip": args.odd_chip, "seats": rows, "pots": pots}, indent=2))
        return 0
    print(f"board  {format_cards(args.board, ' ')}    button: seat {args.button}")
    print(f"{'seat':<5}{'cards':<19}{'put in':>7}  {'high':<34}{'low':<16}{'won':>7}{'net':>8}")
    for seat, (cards, chips) in enumerate(seats):
        hand = result.hands.get(seat)
        if seat in folded:
            high, low = "folded", ""
        elif hand is None:
            high, low = "no cards", ""
        else:
            high, low = hand.high_description, hand.low_description
        won = result.payouts[seat]
        print(f"{seat:<5}{format_cards(cards, ' ') if cards else '-':<19}{chips:>7}  "
              f"{high:<34}{low:<16}{won:>7}{won - chips:>+8}")
    print()
    print(f"{'pot':<10}{'amount':>7}  {'eligible':<14}{'high':<10}{'low':<10}shares")
    for number, pot in enumerate(result.pots):
        name = "main" if number == 0 else f"side {number}"
        if not pot.contested:  # one eligible seat: uncalled; none: above every live level
            name = "uncalled" if pot.eligible else "returned"
        eligible = " ".join(map(str, pot.eligible)) or "-"
        high = " ".join(map(str, pot.high_winners)) or "-"
        low = " ".join(map(str, pot.low_winners)) or "-"
        shares = " ".join(f"{seat}:{won}" for seat, won in pot.shares.items())
        print(f"{name:<10}{pot.amount:>7}  {eligible:<14}{high:<10}{low:<10}{shares}")
    return 0


def _cmd_info(args: argparse.Namespace) -> int:
    from .info import format_info, install_info

    info = install_info()
    print(json.dumps(info, indent=2) if args.json else format_info(info))
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors on one line like every other error of the command."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"hilo-fast: error: {message} (see '{self.prog} --help')\n")


def require_command(parser: argparse.ArgumentParser, commands: Any) -> None:
    """Without a subcommand, ``parser`` says which ones there are. (argparse's own
    ``required=True`` names the internal ``dest`` instead: "required: hh_command".)"""
    def missing(args: argparse.Namespace) -> int:
        parser.error(f"choose a command: {', '.join(commands.choices)}")
    parser.set_defaults(func=missing)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="hilo-fast",
        description="Omaha Hi-Lo (8-or-better) evaluation. Lower values are better.",
    )
    parser.add_argument("--version", action="version",
                        version=f"hilo-fast {__version__} ({BACKEND} backend)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    require_command(parser, sub)

    p = sub.add_parser("eval", help="evaluate one hand, both halves",
                       description="Evaluate an Omaha Hi-Lo hand: exactly 2 hole + 3 board cards "
                                   "for each half. Example: hilo-fast eval As2dKh3c 4s5hKd8c9c")
    p.add_argument("hole", help="4, 5 or 6 hole cards, e.g. As2dKh3c")
    p.add_argument("board", help="3, 4 or 5 board cards, e.g. 4s5hKd")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_eval)

    p = sub.add_parser("equity", help="each hand's share of the pot, high, low and scoop",
                       description="Omaha Hi-Lo equity. Exact (every board settled) when all "
                                   "hands are known, and with 'random' hands while they make "
                                   f"at most {EXACT_LIMIT:,} deals; beyond that, Monte Carlo "
                                   f"with {DEFAULT_SAMPLES:,} samples (the result says which). "
                                   "--samples N always runs N Monte Carlo samples. "
                                   "Example: hilo-fast equity As2dKh3c 7c8d9hTs --board 2h5c9d")
    p.add_argument("holes", nargs="+", help="2 to 10 hands, e.g. As2dKh3c; 'random' or '?' "
                                            "for a random hand; or ranges, e.g. 'A2$ds' "
                                            "(docs/ranges.md)")
    p.add_argument("--board", default="", help="0, 3, 4 or 5 board cards")
    p.add_argument("--dead", default="", help="cards out of the deck")
    p.add_argument("--samples", type=_int_in(1, MAX_SAMPLES),
                   help=f"Monte Carlo samples, 1..{MAX_SAMPLES:,} (default: exact, or "
                        f"{DEFAULT_SAMPLES:,} samples when random hands make over "
                        f"{EXACT_LIMIT:,} deals)")
    p.add_argument("--seed", type=SEED, help="Monte Carlo seed, 0..2**64-1 (default: random, "
                                             "printed)")
    p.add_argument("--threads", type=THREADS, help="threads to run on (default 1)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_equity)

    p = sub.add_parser("range", help="the hands of a range (docs/ranges.md)",
                       description="List or count the starting hands of a range. "
                                   "Example: hilo-fast range 'A2$ds' --count")
    p.add_argument("range", help="a range, e.g. 'A2$ds', 'AA:xxyy,JJ!JJJ', '15%%'")
    p.add_argument("--hole-count", type=int, choices=(4, 5, 6), default=4,
                   help="cards in a hand (default 4)")
    p.add_argument("--count", action="store_true", help="print only the number of hands")
    p.add_argument("--list", action="store_true", help="list every hand (with its weight)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_range)

    p = sub.add_parser("simulate", help="self-play many hands with built-in bots",
                       description="Self-play Omaha Hi-Lo hands at one table with built-in bots; "
                                   "checks that chips are conserved in every hand. Example: "
                                   "hilo-fast simulate --hands 10000 --structure pot-limit "
                                   "--players 6 --seed 1")
    p.add_argument("--hands", type=_int_in(0), default=1000, help="hands to play (default 1000)")
    p.add_argument("--structure", choices=_STRUCTURES, default="pot-limit",
                   help="betting structure (default pot-limit); mixed alternates pot limit "
                        "and fixed limit with blinds times 2")
    p.add_argument("--players", type=_int_in(2, 10), default=6, help="seats, 2..10 (default 6)")
    p.add_argument("--seed", type=SEED, default=0, help="random seed, 0..2**64-1 (default 0)")
    p.add_argument("--hole-count", type=int, choices=(4, 5, 6), default=4,
                   help="hole cards: 4 (Omaha, default), 5 (Big O) or 6")
    p.add_argument("--stakes", type=_parse_stakes, default=None,
                   help="blinds (pot/no limit, mixed) or small/big bet (fixed limit); "
                        "default 1/2, fixed limit 2/4 (blinds 1/2)")
    p.add_argument("--stack", type=_int_in(1), default=None,
                   help="starting stack and rebuy (default 100 big blinds)")
    p.add_argument("--bots", default="random",
                   help="comma list of bots, repeated over the seats: random, call, pot "
                        "(default random)")
    p.add_argument("--hands-per-game", type=_int_in(1), default=None,
                   help="mixed: hands before switching game (default one orbit)")
    p.add_argument("--phh", metavar="FILE", help="write every hand to FILE (.phhs)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_simulate)

    p = sub.add_parser("showdown", help="settle a hand's pots: side pots, hi/lo split, ties",
                       description="Settle an Omaha Hi-Lo showdown: main and side pots, each "
                                   "split half high, half 8-or-better low among its eligible "
                                   "seats. Seats are numbered 0.. in the order given, clockwise. "
                                   "Example: hilo-fast showdown --board 7h5hKh4d3s "
                                   "--seat Ah2hQdJs:10 --seat Ad2cQcJc:10")
    p.add_argument("--board", required=True, help="the 5 board cards, e.g. 7h5hKh4d3s")
    p.add_argument("--seat", action="append", required=True, metavar="CARDS:CHIPS",
                   help="one per seat, in clockwise order: hole cards and the chips the seat "
                        "put in over the hand, e.g. As2dKh3c:100; 'none:0' for a seat with "
                        "no cards (an empty seat, or a folded seat whose cards are unknown)")
    p.add_argument("--folded", action="append", default=[], metavar="SEATS",
                   help="seats that folded, e.g. 1,3 (repeatable); their chips stay in as "
                        "dead money")
    p.add_argument("--button", type=_int_in(0), default=0,
                   help="the button's seat (default 0); odd chips go clockwise from its left")
    p.add_argument("--odd-chip", choices=("high", "low"), default="high",
                   help="which half takes the odd chip of a hi/lo split (default high)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_showdown)

    p = sub.add_parser("info", help="version, backend, and why the native backend is not in use",
                       description="What this install is: version, backend in use, why the "
                                   "native (C) backend is not in use, the compiler and flags "
                                   "it was built with, and its table sizes.")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_info)

    from .hh_cli import add_parser as add_hh_parser  # the hand-history commands

    add_hh_parser(sub)
    return parser


def _option_strings(parser: argparse.ArgumentParser) -> tuple[set[str], set[str]]:
    """Every option string in every subcommand: (all of them, those that take a value)."""
    every: set[str] = set()
    valued: set[str] = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                more, more_valued = _option_strings(sub)
                every |= more
                valued |= more_valued
        elif action.option_strings:
            every.update(action.option_strings)
            if action.nargs != 0:
                valued.update(action.option_strings)
    return every, valued


def _attach_dash_values(parser: argparse.ArgumentParser, argv: Sequence[str]) -> list[str]:
    """``--stakes -1/2`` as ``--stakes=-1/2`` (and ``--seat -:10``): argparse would take a
    value starting with ``-`` for an option and say "expected one argument"; attached, the
    option's own rule judges the value. A real option after it is left alone."""
    every, valued = _option_strings(parser)
    out: list[str] = []
    tokens = iter(argv)
    for token in tokens:
        out.append(token)
        if token in valued:
            value = next(tokens, None)
            if value is None:
                break
            if value.startswith("-") and value not in ("-", "--") \
                    and value.split("=", 1)[0] not in every:
                out[-1] = f"{token}={value}"
            else:
                out.append(value)
    return out


def _interrupted(args: argparse.Namespace) -> str:
    """How far an interrupted command got, for the line it ends with."""
    progress = getattr(args, "progress", None)
    counted = isinstance(progress, Progress) and (progress.total or progress.total is None)
    said = f" after {progress}" if counted else ""
    partial = getattr(args, "partial", None)
    return said + (f"; {partial()}" if partial is not None else "")


#: The optional dependencies, each with the extra of pyproject.toml that brings it.
OPTIONAL = {"numpy": "numpy", "matplotlib": "plot", "tqdm": "progress", "dask": "dask",
            "distributed": "dask", "gymnasium": "envs", "pettingzoo": "envs"}


def _missing_extra(exc: ImportError, command: str) -> str:
    """What a missing optional dependency stops, and the install that brings it."""
    if "pip install" in str(exc):  # hilo-fast's own message already names the extra
        return str(exc)
    module = (exc.name or "").partition(".")[0]
    if module in OPTIONAL:
        return f"hilo-fast {command} needs {module}: pip install 'hilo-fast[{OPTIONAL[module]}]'"
    return f"hilo-fast {command}: {exc}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(_attach_dash_values(parser, sys.argv[1:] if argv is None else argv))
    try:
        status = int(args.func(args))
        sys.stdout.flush()  # here, so a closed pipe is met inside the try
        return status
    except (ValueError, TypeError) as exc:
        print(f"hilo-fast: error: {exc}", file=sys.stderr)
        return 2
    except ImportError as exc:  # an optional dependency is not installed
        print(f"hilo-fast: error: {_missing_extra(exc, args.command)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader left (| head): nothing to say. Point stdout at /dev/null so the
        # interpreter's last flush at exit does not raise again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"hilo-fast: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"hilo-fast: interrupted{_interrupted(args)}", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
