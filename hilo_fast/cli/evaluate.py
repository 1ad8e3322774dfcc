"""``hilo-fast eval`` (one hand, both halves) and ``hilo-fast showdown`` (a hand's
pots settled: side pots, the hi/lo split, ties, odd chips)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from .._native.choice import BACKEND
from ..cards import format_cards
from ..core.evaluation import evaluate
from ..core.showdown import showdown
from .args import GAME_HELP, game_named, int_in


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
    result = showdown(None, [cards for cards, _ in seats], [chips for _, chips in seats],
                      folded=folded, button=args.button, odd_chip=args.odd_chip,
                      boards=args.board, game=args.game)
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
             "contested": pot.contested, "board": pot.board} for pot in result.pots]
    boards = [format_cards(board, " ") for board in args.board]
    if args.json:
        print(json.dumps({"board": boards[0].split(), "boards": [b.split() for b in boards],
                          "game": None if args.game is None else asdict(args.game),
                          "button": args.button, "odd_chip": args.odd_chip, "seats": rows,
                          "pots": pots}, indent=2))
        return 0
    print(f"board  {'  /  '.join(boards)}    button: seat {args.button}")
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
    level = -1
    for pot in result.pots:
        level += pot.board == 0 and pot.contested   # a pot's boards share its name
        name = "main" if level == 0 else f"side {level}"
        if len(args.board) > 1 and pot.contested:
            name += f" b{pot.board}"
        if not pot.contested:  # one eligible seat: uncalled; none: above every live level
            name = "uncalled" if pot.eligible else "returned"
        eligible = " ".join(map(str, pot.eligible)) or "-"
        high = " ".join(map(str, pot.high_winners)) or "-"
        low = " ".join(map(str, pot.low_winners)) or "-"
        shares = " ".join(f"{seat}:{won}" for seat, won in pot.shares.items())
        print(f"{name:<10}{pot.amount:>7}  {eligible:<14}{high:<10}{low:<10}{shares}")
    return 0


def add_parser(sub: Any) -> None:
    """Add this group's subcommands to the ``hilo-fast`` parser."""
    p = sub.add_parser("eval", help="evaluate one hand, both halves",
                       description="Evaluate an Omaha Hi-Lo hand: exactly 2 hole + 3 board cards "
                                   "for each half. Example: hilo-fast eval As2dKh3c 4s5hKd8c9c")
    p.add_argument("hole", help="4, 5 or 6 hole cards, e.g. As2dKh3c")
    p.add_argument("board", help="3, 4 or 5 board cards, e.g. 4s5hKd")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_eval)

    p = sub.add_parser("showdown", help="settle a hand's pots: side pots, hi/lo split, ties",
                       description="Settle an Omaha Hi-Lo showdown: main and side pots, each "
                                   "split half high, half 8-or-better low among its eligible "
                                   "seats. Seats are numbered 0.. in the order given, clockwise. "
                                   "Example: hilo-fast showdown --board 7h5hKh4d3s "
                                   "--seat Ah2hQdJs:10 --seat Ad2cQcJc:10")
    p.add_argument("--board", action="append", required=True,
                   help="the 5 board cards, e.g. 7h5hKh4d3s; repeated for double board or "
                        "the runs of run-it-N: each pot is divided equally among the boards")
    p.add_argument("--game", type=game_named, help=GAME_HELP)
    p.add_argument("--seat", action="append", required=True, metavar="CARDS:CHIPS",
                   help="one per seat, in clockwise order: hole cards and the chips the seat "
                        "put in over the hand, e.g. As2dKh3c:100; 'none:0' for a seat with "
                        "no cards (an empty seat, or a folded seat whose cards are unknown)")
    p.add_argument("--folded", action="append", default=[], metavar="SEATS",
                   help="seats that folded, e.g. 1,3 (repeatable); their chips stay in as "
                        "dead money")
    p.add_argument("--button", type=int_in(0), default=0,
                   help="the button's seat (default 0); odd chips go clockwise from its left")
    p.add_argument("--odd-chip", choices=("high", "low"), default="high",
                   help="which half takes the odd chip of a hi/lo split (default high)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_showdown)
