"""Replay self-play hands through pokerkit and compare every final stack.

pokerkit is an independent engine; where its rules are right (pot-limit and
no-limit betting) it is a reference for ours. The hands go through our PHH
export, so this also proves the PHH files are complete and replayable:

- ``FO/8`` (fixed limit) files load with pokerkit's own ``HandHistory``;
- ``PO/8``/``NO/8`` (our codes; the PHH spec has none) are replayed through a
  pokerkit ``State`` built with the same betting structure and the Omaha high
  and 8-or-better low hands.

pokerkit's fixed-limit Omaha Hi-Lo class has no raise cap, so it is only used
to read our fixed-limit files back, never as the reference for the cap.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import tomllib

pokerkit = pytest.importorskip("pokerkit")
# pokerkit warns when dealt cards differ from its own shuffled deck: we deal ours.
pytestmark = pytest.mark.filterwarnings("ignore:A card being dealt:UserWarning")

from hilo_fast.engine import Action, Hand, Street  # noqa: E402
from hilo_fast.engine.selfplay import always_call, random_legal  # noqa: E402
from hilo_fast.engine.structures import Structure  # noqa: E402
from hilo_fast.history.phh import player_order, to_phh  # noqa: E402

_BETTING = {"PO/8": pokerkit.BettingStructure.POT_LIMIT,
            "NO/8": pokerkit.BettingStructure.NO_LIMIT}


def _automations() -> tuple[object, ...]:
    A = pokerkit.Automation
    return (A.ANTE_POSTING, A.BET_COLLECTION, A.BLIND_OR_STRADDLE_POSTING,
            A.CARD_BURNING, A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING,
            A.RUNOUT_COUNT_SELECTION)


def _pokerkit_state(phh: dict[str, Any]) -> Any:
    """A pokerkit State for one of our PHH hands (any of the three structures)."""
    variant = phh["variant"]
    stacks = list(phh["starting_stacks"])
    if variant == "FO/8":
        return pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
            _automations(), True, phh["antes"], phh["blinds_or_straddles"],
            phh["small_bet"], phh["big_bet"], stacks, len(stacks),
            mode=pokerkit.Mode.CASH_GAME)
    big_blind = int(phh["min_bet"])
    opening = pokerkit.Opening.POSITION
    streets = (
        pokerkit.Street(False, (False,) * 4, 0, False, opening, big_blind, None),
        pokerkit.Street(True, (), 3, False, opening, big_blind, None),
        pokerkit.Street(True, (), 1, False, opening, big_blind, None),
        pokerkit.Street(True, (), 1, False, opening, big_blind, None),
    )
    return pokerkit.State(
        _automations(), pokerkit.Deck.STANDARD,
        (pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand),
        streets, _BETTING[variant], True, phh["antes"], phh["blinds_or_straddles"], 0,
        stacks, len(stacks), mode=pokerkit.Mode.CASH_GAME)


class Replay:
    """pokerkit's view of one of our hands, replayed from our PHH text.

    Two documented differences are bridged, each checked to be harmless:
    pokerkit sometimes asks a seat to act when the round is already over by the
    rule book (every other live seat is all in and nothing is owed; it can only
    check), and with no bet in a pre-flop-only hand it starts the showing order
    at the first seat to act pre-flop rather than the first seat left of the
    button; ``show_order`` is pokerkit's order, for the caller to compare.
    """

    def __init__(self, text: str) -> None:
        phh = tomllib.loads(text)
        state = _pokerkit_state(phh)
        self.idle_checks = 0
        self.show_order: list[int] = []
        for line in phh["actions"]:
            parts = line.split()
            if parts[0] == "d" and parts[1] == "dh":
                state.deal_hole(parts[3])
                continue
            if parts[0] == "d" or parts[1] == "sm":
                self._finish_idle_round(state)
            if parts[0] == "d":
                state.deal_board(parts[2])
            elif parts[1] == "f":
                state.fold()
            elif parts[1] == "cc":
                state.check_or_call()
            elif parts[1] == "cbr":
                state.complete_bet_or_raise_to(int(parts[2]))
            else:
                assert parts[1] == "sm", line
                self.show_order.append(state.showdown_index)
                state.show_or_muck_hole_cards(True)
        self._finish_idle_round(state)
        assert not state.status, "pokerkit thinks the hand is still on"
        self.stacks = list(state.stacks)
        # Chips each player put in for good (uncalled bets already given back).
        self.committed = [0] * len(self.stacks)
        for operation in state.operations:
            if isinstance(operation, pokerkit.BetCollection):
                pairs = zip(self.committed, operation.bets, strict=True)
                self.committed = [a + b for a, b in pairs]

    def _finish_idle_round(self, state: Any) -> None:
        while state.actor_index is not None:
            assert state.checking_or_calling_amount == 0
            assert not state.can_complete_bet_or_raise_to()
            state.check_or_call()
            self.idle_checks += 1


def _no_free_fold_bot(hand: Hand, rng: random.Random) -> tuple[Action, int | None]:
    return random_legal(hand, rng)   # random_legal never folds when it can check


def _play(structure: Structure, rng: random.Random) -> Hand:
    n = rng.randint(2, 6)
    big = structure.big_blind
    # Mixed deep and short stacks so side pots, short all-ins and short blinds happen.
    stacks = [rng.choice((rng.randint(1, 6 * big), rng.randint(20 * big, 120 * big)))
              for _ in range(n)]
    hand = Hand(structure, stacks, rng.randrange(n), rng=rng)
    while not hand.is_over:
        hand.act(*_no_free_fold_bot(hand, rng))
    return hand


def _side_pots_contested(hand: Hand) -> bool:
    """True when more than one pot was contested at showdown.

    pokerkit is no reference for settling those: it decides per board, not per
    pot, whether a low half is played (a side pot whose seats have no low is
    still split hi/lo), and it merges pots, which moves odd chips. Settlement
    is tested against the rule book in the showdown tests; here such hands are
    compared on every action and the chips each seat committed.
    """
    if hand.settlement is None:
        return False
    return sum(p.contested for p in hand.settlement.pots) > 1


def _check_against_pokerkit(structure: Structure, hands: int) -> None:
    rng = random.Random(f"pokerkit {structure!r}")
    compared = orders = 0
    for _ in range(hands):
        hand = _play(structure, rng)
        text = to_phh(hand)
        order = player_order(hand)
        replay = Replay(text)   # pokerkit accepts every action we logged, in order
        if hand.showdown_order:   # (a hand won by folds: pokerkit collects no bets)
            assert replay.committed == [hand.contributions[seat] for seat in order], text
        if not _side_pots_contested(hand):
            compared += 1
            assert replay.stacks == [hand.stacks[seat] for seat in order], text
        ours = [order.index(seat) for seat in hand.showdown_order]
        last_street = hand.actions[-1][0] if hand.actions else Street.PREFLOP
        if hand.last_aggressor >= 0 or last_street > Street.PREFLOP:
            orders += bool(ours)
            assert replay.show_order == ours, text
    assert compared >= 0.6 * hands and orders >= 0.2 * hands, (compared, orders)


@pytest.mark.parametrize("structure", [Structure.pot_limit(1, 2), Structure.no_limit(1, 2),
                                       Structure.pot_limit(2, 5, ante=1),
                                       Structure.no_limit(5, 10, ante=2)],
                         ids=["pl-1-2", "nl-1-2", "pl-2-5-ante", "nl-5-10-ante"])
def test_stacks_and_showing_order_match_pokerkit(structure: Structure) -> None:
    _check_against_pokerkit(structure, 200)


def test_fixed_limit_hands_replay_in_pokerkit() -> None:
    """Only a PHH round trip: pokerkit's FO/8 has no cap, our hands never pass it."""
    _check_against_pokerkit(Structure.fixed_limit(2, 4), 150)


def test_fixed_limit_phh_reads_with_pokerkit_hand_history() -> None:
    hand = Hand(Structure.fixed_limit(2, 4), [40, 40, 40], 0, seed=11)
    while not hand.is_over:
        hand.act(*always_call(hand, random.Random(0)))
    history = pokerkit.HandHistory.loads(to_phh(hand))
    assert history.variant == "FO/8"
    assert (history.small_bet, history.big_bet) == (2, 4)
    *_, final = iter(history)
    order = player_order(hand)
    assert list(final.stacks) == [hand.stacks[seat] for seat in order]
