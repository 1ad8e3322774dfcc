"""A corpus of PHH hands (tests/engine/data/engine_hands.phhs), replayed by every engine.

The hands were played by this project's Python engine and written by
:func:`hilo_fast.to_phhs` (regenerate with ``python tests/engine/test_phh_corpus.py >
tests/engine/data/engine_hands.phhs``, which changes the vectors: do it only on
purpose): the three structures, antes, 2-10 seats with seats sitting out,
stacks from 1 chip to deep, random and maximum-betting bots. Each hand is
replayed action by action from the file through ``hilo_fast.Hand`` (the public
API, on this process's backend) and through each backend's ``hand_deal``
(the C hand on the native one), and must end with the recorded finishing
stacks and showing order; pokerkit replays them too where it follows the
rule book (tests/engine/test_engine_pokerkit.py: not where several pots are
contested, and not fixed limit's cap).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import tomllib

import hilo_fast as hf
from hilo_fast.cards import parse_cards
from hilo_fast.engine.selfplay import always_call, pot_every_time, random_legal

# pokerkit warns when dealt cards differ from its own shuffled deck: we deal ours.
pytestmark = pytest.mark.filterwarnings("ignore:A card being dealt:UserWarning")
CORPUS = Path(__file__).resolve().parent / "data" / "engine_hands.phhs"
STRUCTURES = {"PO/8": hf.Structure.pot_limit, "NO/8": hf.Structure.no_limit}


def _records() -> list[dict[str, Any]]:
    if not CORPUS.exists():
        return []
    tables = tomllib.loads(CORPUS.read_text())
    return [tables[key] for key in sorted(tables, key=int)]


RECORDS = _records()


def setting(phh: dict[str, Any]) -> tuple[hf.Structure, list[int], int]:
    """(structure, stacks per table seat, button) of a PHH record of ours."""
    blinds, ante = phh["blinds_or_straddles"], max(phh["antes"])
    if phh["variant"] == "FO/8":
        structure = hf.Structure.fixed_limit(phh["small_bet"], phh["big_bet"],
                                             small_blind=blinds[0], ante=ante)
    else:
        structure = STRUCTURES[phh["variant"]](blinds[0], blinds[1], ante=ante)
    stacks = [0] * phh["seat_count"]
    for seat, chips in zip(phh["seats"], phh["starting_stacks"], strict=True):
        stacks[seat - 1] = chips
    return structure, stacks, phh["seats"][-1] - 1   # the last player is the button


def cards_and_moves(phh: dict[str, Any]) -> tuple[dict[int, list[int]], list[int],
                                                  list[tuple[int, str, int | None]], list[int]]:
    """(holes by seat, the board with unseen cards filled in, moves, showing order)."""
    seat_of = [seat - 1 for seat in phh["seats"]]
    holes: dict[int, list[int]] = {}
    board: list[int] = []
    moves: list[tuple[int, str, int | None]] = []
    shown: list[int] = []
    for line in phh["actions"]:
        parts = line.split()
        if parts[:2] == ["d", "dh"]:
            holes[seat_of[int(parts[2][1:]) - 1]] = parse_cards(parts[3])
        elif parts[:2] == ["d", "db"]:
            board += parse_cards(parts[2])
        elif parts[1] == "sm":
            shown.append(seat_of[int(parts[0][1:]) - 1])
        else:
            amount = int(parts[2]) if parts[1] == "cbr" else None
            moves.append((seat_of[int(parts[0][1:]) - 1], parts[1], amount))
    used = {card for hole in holes.values() for card in hole} | set(board)
    board += [card for card in range(52) if card not in used][:5 - len(board)]
    return holes, board, moves, shown


def action_of(move: str, current_bet: int, facing: int) -> hf.Action:
    if move == "f":
        return hf.Action.FOLD
    if move == "cc":
        return hf.Action.CALL if facing else hf.Action.CHECK
    return hf.Action.RAISE if current_bet else hf.Action.BET


def test_the_corpus_is_there_and_varied() -> None:
    assert len(RECORDS) >= 200
    assert {phh["variant"] for phh in RECORDS} == {"FO/8", "PO/8", "NO/8"}
    assert {len(phh["seats"]) for phh in RECORDS} == set(range(2, 11))
    assert any(phh["seat_count"] > len(phh["seats"]) for phh in RECORDS)   # seats sitting out
    assert sum(any("sm" in line for line in phh["actions"]) for phh in RECORDS) > 100
    assert any(max(phh["antes"]) for phh in RECORDS)


@pytest.mark.parametrize("index", range(0, 200, 25))
def test_hand_replays_the_corpus(index: int) -> None:
    for phh in RECORDS[index:index + 25]:
        structure, stacks, button = setting(phh)
        holes, board, moves, shown = cards_and_moves(phh)
        hand = hf.Hand(structure, stacks, button,
                       holes=[holes.get(seat) for seat in range(len(stacks))], board=board)
        for seat, move, amount in moves:
            assert hand.actor == seat, phh
            hand.act(action_of(move, hand.current_bet, hand.call_amount), amount)
        assert hand.is_over
        assert [hand.stacks[seat - 1] for seat in phh["seats"]] == phh["finishing_stacks"]
        assert hand.showdown_order == shown


def _replay_on(backend: ModuleType, phh: dict[str, Any]) -> tuple[list[int], list[int]]:
    structure, stacks, button = setting(phh)
    holes, board, moves, _ = cards_and_moves(phh)
    cards = [card for seat in range(len(stacks)) if stacks[seat] for card in holes[seat]]
    state = backend.hand_deal(structure, stacks, button, len(holes[button]), cards + board)
    assert not isinstance(state, int), phh
    for seat, move, amount in moves:
        s = state.state()
        assert s["actor"] == seat, phh
        action = action_of(move, s["current_bet"], s["current_bet"] - s["bets"][seat])
        assert state.act(int(action), backend.NO_AMOUNT if amount is None else amount) == 0
    s = state.state()
    assert s["actor"] == -1
    return [s["stacks"][seat - 1] for seat in phh["seats"]], s["showdown_order"]


def test_every_backend_hand_replays_the_corpus(each_backend: ModuleType) -> None:
    for phh in RECORDS:
        stacks, order = _replay_on(each_backend, phh)
        assert stacks == phh["finishing_stacks"]
        assert order == cards_and_moves(phh)[3]


def test_pokerkit_replays_the_corpus_where_it_follows_the_rule_book() -> None:
    pytest.importorskip("pokerkit")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_engine_pokerkit import Replay

    compared = 0
    small = [phh for phh in RECORDS if len(phh["seats"]) <= 5]   # pokerkit is slow
    for phh in small:
        structure, stacks, button = setting(phh)
        holes, board, moves, _ = cards_and_moves(phh)
        hand = hf.Hand(structure, stacks, button,
                       holes=[holes.get(seat) for seat in range(len(stacks))], board=board)
        for _, move, amount in moves:
            hand.act(action_of(move, hand.current_bet, hand.call_amount), amount)
        replay = Replay(hf.to_phh(hand))   # pokerkit accepts every action, in order
        if hand.showdown_order:   # the chips each player committed, every hand
            assert replay.committed == [hand.contributions[s - 1] for s in phh["seats"]]
        several_pots = hand.settlement is not None and \
            sum(p.contested for p in hand.settlement.pots) > 1
        if not several_pots:   # pokerkit settles several contested pots otherwise
            assert replay.stacks == phh["finishing_stacks"], phh
            compared += 1
    assert len(small) > 80 and compared >= 30   # (short stacks make side pots common)


def _make_corpus() -> str:
    """The corpus: hands of the Python engine, as to_phhs writes them."""
    rng = random.Random("hilo-fast engine corpus")
    bots = (random_legal, pot_every_time, always_call)
    hands: list[hf.Hand] = []
    structures = [hf.Structure.pot_limit(1, 2), hf.Structure.no_limit(1, 2),
                  hf.Structure.fixed_limit(2, 4), hf.Structure.pot_limit(2, 5, ante=1),
                  hf.Structure.no_limit(5, 10, ante=2), hf.Structure.fixed_limit(10, 20, ante=1)]
    for k in range(200):
        structure = structures[k % len(structures)]
        seats = 2 + k % 9
        big = structure.big_blind
        table = seats + rng.randint(0, 10 - seats)   # the others sit out
        players = set(rng.sample(range(table), seats))
        stacks = [0 if seat not in players else
                  rng.choice([1, big, rng.randint(2, 8 * big), rng.randint(20 * big, 150 * big)])
                  if rng.random() < 0.3 else rng.randint(20 * big, 150 * big)
                  for seat in range(table)]
        button = rng.choice([s for s in range(len(stacks)) if stacks[s]])
        hand = hf.Hand(structure, stacks, button, rng=rng)
        seat_bots = [rng.choice(bots) for _ in stacks]
        while not hand.is_over:
            hand.act(*seat_bots[hand.actor](hand, rng))
        hands.append(hand)
    return hf.to_phhs(hands)


if __name__ == "__main__":
    sys.stdout.write(_make_corpus())
