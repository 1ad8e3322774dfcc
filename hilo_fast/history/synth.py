"""Synthetic PokerStars histories from self-play, for tests and benchmarks.

:func:`write_hand` prints a finished :class:`~hilo_fast.engine.Hand` the way
PokerStars prints a hand (new header, cash game in cents or tournament chips,
no rake), every live hand shown at showdown. Reading it back with
:func:`~hilo_fast.history.sites.pokerstars.parse_pokerstars` and replaying it must give the
engine's own payouts: an end-to-end check of reader and replay against the
engine on as many random hands as wanted. :func:`synthetic_histories` yields
the text of many such hands.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..cards import format_cards
from ..engine.actions import Action
from ..engine.hand import Hand
from ..engine.selfplay import random_legal
from ..engine.structures import Limit, Structure

_STREET_TITLES = ("", "*** FLOP ***", "*** TURN ***", "*** RIVER ***")
_GAME = {Limit.FIXED: "Limit", Limit.POT: "Pot Limit", Limit.NO: "No Limit"}


def _fmt(chips: int, cash: bool) -> str:
    if not cash:
        return str(chips)
    return f"${chips // 100}" if chips % 100 == 0 else f"${chips // 100}.{chips % 100:02d}"


def write_hand(hand: Hand, hand_id: int, *, cash: bool = True, hero: int | None = None) -> str:
    """``hand`` (finished) as PokerStars text; seat ``k`` is ``Seat k+1: p{k+1}``."""
    s, n = hand.structure, hand.n_seats
    name = [f"p{seat + 1}" for seat in range(n)]

    def money(chips: int) -> str:
        return _fmt(chips, cash)

    hole_count = len(next(h for h in hand.holes if h))
    cards = "" if hole_count == 4 else f"{hole_count} Card "
    if s.limit == Limit.FIXED:
        stakes = f"{money(s.small_bet)}/{money(s.big_bet)}"
    else:
        stakes = f"{money(s.small_blind)}/{money(s.big_blind)}"
    game = f"{cards}Omaha Hi/Lo {_GAME[s.limit]}"
    if cash:
        head = f"{game} ({stakes} USD)"
    else:
        head = f"Tournament #{hand_id // 1000 + 1}, $1+$0.10 USD {game} - Level I ({stakes})"
    out = [f"PokerStars Hand #{hand_id}:  {head} - 2024/01/02 3:04:05 ET",
           f"Table 'Synthetic {hand_id % 97}' {n}-max Seat #{hand.button + 1} is the button"]
    stacks = list(hand.starting_stacks)
    dealt = [seat for seat in range(n) if hand.holes[seat] is not None]
    for seat in dealt:
        out.append(f"Seat {seat + 1}: {name[seat]} ({money(stacks[seat])} in chips)")

    def put(seat: int, chips: int) -> str:
        stacks[seat] -= chips
        return " and is all-in" if stacks[seat] == 0 else ""

    if s.ante:
        for seat in dealt:
            ante = min(s.ante, stacks[seat])
            out.append(f"{name[seat]}: posts the ante {money(ante)}{put(seat, ante)}")
    bets = [0] * n
    for seat, blind, forced in ((hand.small_blind_seat, "small", s.small_blind),
                                (hand.big_blind_seat, "big", s.big_blind)):
        posted = min(forced, stacks[seat])
        if posted:
            bets[seat] = posted
            out.append(f"{name[seat]}: posts {blind} blind {money(posted)}{put(seat, posted)}")
    out.append("*** HOLE CARDS ***")
    if hero is not None and hand.holes[hero] is not None:
        out.append(f"Dealt to {name[hero]} [{format_cards(hand.holes[hero] or [], ' ')}]")
    board = hand.board
    street = 0
    current = max(bets)
    for act_street, seat, kind, amount in hand.actions:
        while street < act_street:
            street += 1
            bets, current = [0] * n, 0
            shown = format_cards(board[:(0, 3, 4, 5)[street - 1]], " ") if street > 1 else ""
            new = format_cards(board[(0, 3, 4)[street - 1]:(3, 4, 5)[street - 1]], " ")
            out.append(f"{_STREET_TITLES[street]} [{shown}] [{new}]" if shown
                       else f"{_STREET_TITLES[street]} [{new}]")
        who = name[seat]
        if kind == Action.FOLD:
            out.append(f"{who}: folds")
        elif kind == Action.CHECK:
            out.append(f"{who}: checks")
        elif kind == Action.CALL:
            bets[seat] += amount
            out.append(f"{who}: calls {money(amount)}{put(seat, amount)}")
        elif kind == Action.BET:
            bets[seat] = amount
            current = amount
            out.append(f"{who}: bets {money(amount)}{put(seat, amount)}")
        else:
            added = amount - bets[seat]
            out.append(f"{who}: raises {money(amount - current)} to {money(amount)}"
                       f"{put(seat, added)}")
            bets[seat], current = amount, amount
    for seat in range(n):
        if hand.returned[seat]:
            out.append(f"Uncalled bet ({money(hand.returned[seat])}) returned to {name[seat]}")
    result = hand.settlement
    if result is not None:
        while street < 3:   # all in: the rest of the board
            street += 1
            shown = format_cards(hand.board[:(0, 3, 4, 5)[street - 1]], " ")
            new = format_cards(hand.board[(0, 3, 4)[street - 1]:(3, 4, 5)[street - 1]], " ")
            out.append(f"{_STREET_TITLES[street]} [{shown}] [{new}]" if street > 1
                       else f"{_STREET_TITLES[street]} [{new}]")
        out.append("*** SHOW DOWN ***")
        for seat in hand.showdown_order:
            out.append(f"{name[seat]}: shows [{format_cards(hand.holes[seat] or [], ' ')}]")
        pots = result.pots
        for index, pot in enumerate(pots):
            label = "pot" if len(pots) == 1 else "main pot" if index == 0 else \
                "side pot" if len(pots) == 2 else f"side pot-{index}"
            for seat, won in pot.shares.items():
                if won:
                    out.append(f"{name[seat]} collected {money(won)} from {label}")
    else:
        for seat, won in enumerate(hand.payouts):
            if won:
                out.append(f"{name[seat]} collected {money(won)} from pot")
    out.append("*** SUMMARY ***")
    total = sum(hand.contributions)
    listed = ""
    if result is not None and len(result.pots) > 1:
        listed = " Main pot " + ". ".join(
            [money(result.pots[0].amount)] +
             [f"Side pot{'' if len(result.pots) == 2 else f'-{k}'} {money(p.amount)}"
              for k, p in enumerate(result.pots[1:], 1)]) + "."
    out.append(f"Total pot {money(total)}{listed} | Rake {money(0)}")
    if hand.board:
        out.append(f"Board [{format_cards(hand.board, ' ')}]")
    for seat in dealt:
        won = hand.payouts[seat]
        what = f"collected ({money(won)})" if won else "lost"
        out.append(f"Seat {seat + 1}: {name[seat]} {what}")
    return "\n".join(out) + "\n\n\n"


def synthetic_histories(count: int, *, seed: int = 0, cash: bool = True) -> Iterator[str]:
    """The text of ``count`` random self-play hands (2..9 seats, every structure,
    short and deep stacks, 4 or 5 hole cards), one string per hand."""
    rng = random.Random(seed)
    for number in range(count):
        limit = rng.choice((Limit.FIXED, Limit.POT, Limit.NO))
        if limit == Limit.FIXED:
            structure = Structure.fixed_limit(10, 20, small_blind=5)
        elif limit == Limit.POT:
            structure = Structure.pot_limit(5, 10, ante=rng.choice((0, 0, 1)))
        else:
            structure = Structure.no_limit(5, 10)
        seats = rng.randint(2, 9)
        stacks = [rng.choice((rng.randint(1, 60), rng.randint(200, 1500))) for _ in range(seats)]
        hand = Hand(structure, stacks, rng.randrange(seats), rng=rng,
                    hole_count=4 if seats > 8 or rng.random() < 0.8 else 5)
        while not hand.is_over:
            hand.act(*random_legal(hand, rng))
        yield write_hand(hand, 10_000_000 + number, cash=cash, hero=rng.randrange(seats))
