"""Synthetic iPoker (XML) histories from self-play, for tests and benchmarks.

:func:`write_ipoker` writes a finished :class:`~hilo_fast.engine.Hand` as an
iPoker session (its ``<general>`` and one ``<game>``), the way the site writes
one (see :mod:`hilo_fast.history.sites.ipoker`); every live hand is shown at
showdown, no rake. Reading it back with
:func:`~hilo_fast.history.sites.ipoker.parse_ipoker` and replaying it must give
the engine's own payouts. :func:`synthetic_ipoker` yields many such sessions.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..cards import format_cards
from ..engine.actions import Action
from ..engine.hand import Hand
from ..engine.selfplay import random_legal
from ..engine.structures import Limit, Structure

__all__ = ["synthetic_ipoker", "write_ipoker"]

_LIMITS = {Limit.FIXED: "FL", Limit.POT: "PL", Limit.NO: "NL"}
_TYPES = {Action.FOLD: "0", Action.CHECK: "4", Action.CALL: "3", Action.BET: "5",
          Action.RAISE: "23"}


def _money(chips: int) -> str:
    return f"${chips // 100:,}.{chips % 100:02d}"


def _cards(cards: list[int]) -> str:
    """Cards as iPoker writes them: suit first, upper case, ten as 10 (``S10 HA``)."""
    words = format_cards(cards, " ").split()
    return " ".join(w[1].upper() + ("10" if w[0] == "T" else w[0]) for w in words)


def write_ipoker(hand: Hand, hand_id: int, hero: int | None = None) -> str:
    """``hand`` (finished) as an iPoker session; seat ``k`` is ``seat="k+1"``,
    player ``p{k+1}``; amounts in dollars and cents."""
    s, n = hand.structure, hand.n_seats
    name = [f"p{seat + 1}" for seat in range(n)]
    hole_count = len(next(h for h in hand.holes if h))
    game = "Omaha HiLow" if hole_count == 4 else "5 Card Omaha HiLow"
    stakes = f"{_money(s.small_blind)}/{_money(s.big_blind)}"
    out = ['<session sessioncode="1">', " <general>",
           f"  <gametype>{game} {_LIMITS[s.limit]} {stakes}</gametype>",
           f"  <tablename>Synthetic, {hand_id % 97}</tablename>",
           "  <tablecurrency>USD</tablecurrency>",
           f"  <smallblind>{_money(s.small_blind)}</smallblind>",
           f"  <bigblind>{_money(s.big_blind)}</bigblind>",
           f"  <nickname>{name[hero] if hero is not None else ''}</nickname>",
           f"  <tablesize>{n}</tablesize>", " </general>",
           f' <game gamecode="{hand_id}">', "  <general>", "   <players>"]
    dealt = [seat for seat in range(n) if hand.holes[seat] is not None]
    for seat in dealt:
        out.append(f'    <player seat="{seat + 1}" name="{name[seat]}" '
                   f'chips="{_money(hand.starting_stacks[seat])}" '
                   f'dealer="{int(seat == hand.button)}" '
                   f'bet="{_money(hand.contributions[seat])}" '
                   f'win="{_money(hand.payouts[seat])}"/>')
    out += ["   </players>", "  </general>", '  <round no="0">']
    stacks = list(hand.starting_stacks)
    number = 0

    def action(seat: int, kind: str, chips: int) -> None:
        nonlocal number
        number += 1
        out.append(f'   <action no="{number}" player="{name[seat]}" type="{kind}" '
                   f'sum="{_money(chips)}"/>')

    if s.ante:
        for seat in dealt:
            ante = min(s.ante, stacks[seat])
            stacks[seat] -= ante
            action(seat, "15", ante)
    for seat, kind, forced in ((hand.small_blind_seat, "1", s.small_blind),
                               (hand.big_blind_seat, "2", s.big_blind)):
        posted = min(forced, stacks[seat])
        if posted:
            stacks[seat] -= posted
            action(seat, kind, posted)
    out += ["  </round>", '  <round no="1">']
    shown = set(hand.showdown_order) if hand.settlement is not None else set()
    for seat in dealt:
        cards = hand.holes[seat] or []
        known = seat in shown or seat == hero
        text = _cards(cards) if known else " ".join("X" * len(cards))
        out.append(f'   <cards type="Pocket" player="{name[seat]}">{text}</cards>')
    board = hand.board
    street = 0

    def next_street() -> None:
        nonlocal street
        street += 1
        cards = board[(0, 3, 4)[street - 1]:(3, 4, 5)[street - 1]]
        title = ("Flop", "Turn", "River")[street - 1]
        out.extend(("  </round>", f'  <round no="{street + 1}">',
                    f'   <cards type="{title}">{_cards(cards)}</cards>'))

    for act_street, seat, act, amount in hand.actions:
        while street < act_street:
            next_street()
        action(seat, _TYPES[Action(act)], amount)
    if hand.settlement is not None:
        while street < 3:
            next_street()
    out += ["  </round>", " </game>", "</session>"]
    return "\n".join(out) + "\n"


def synthetic_ipoker(count: int, *, seed: int = 0) -> Iterator[str]:
    """``count`` random self-play hands as iPoker sessions (2..10 seats, every
    structure, stacks from 1 chip, 4 or 5 hole cards), one string per hand."""
    rng = random.Random(seed)
    for number in range(count):
        limit = rng.choice((Limit.FIXED, Limit.POT, Limit.NO))
        if limit == Limit.FIXED:
            structure = Structure.fixed_limit(10, 20, small_blind=5)
        elif limit == Limit.POT:
            structure = Structure.pot_limit(5, 10, ante=rng.choice((0, 0, 1)))
        else:
            structure = Structure.no_limit(5, 10)
        seats = rng.randint(2, 10)
        stacks = [rng.choice((rng.randint(1, 60), rng.randint(200, 1500))) for _ in range(seats)]
        hand = Hand(structure, stacks, rng.randrange(seats), rng=rng,
                    hole_count=4 if seats > 8 or rng.random() < 0.8 else 5)
        while not hand.is_over:
            hand.act(*random_legal(hand, rng))
        yield write_ipoker(hand, 20_000_000 + number, hero=rng.randrange(seats))
