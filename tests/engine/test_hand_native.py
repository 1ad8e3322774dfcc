"""The C hand (csrc/engine/hand.c) against the Python engine (hilo_fast.engine.Hand),
action by action.

Both backends expose one hand as ``hand_deal(structure, stacks, button,
hole_count, cards)`` and ``HandState.act(action, amount)``: the native one
plays it in C, the pure one through the Python engine. Random and hostile
decks, structures (antes, short and zero small blinds, caps), stacks (0, 1
chip, all-in blinds, near the 2^52 bound), 2-10 seats and 4-6 hole cards;
random legal and illegal actions. After every action both must have given
the same answer (applied, or refused with nothing changed) and have the
same whole state: stacks, bets, pots, legal bounds, returned chips, board,
folds, showing order, the action log (its newest entry and length) and the payouts.
"""

from __future__ import annotations

import copy
import random
from types import ModuleType
from typing import Any

import pytest

from hilo_fast._backends import PURE as _pybackend
from hilo_fast.engine.structures import Structure

MAX_CHIPS = _pybackend.MAX_CHIPS
FOLD, CHECK, CALL, BET, RAISE = (_pybackend.FOLD, _pybackend.CHECK, _pybackend.CALL,
                                 _pybackend.BET, _pybackend.RAISE)
NO_AMOUNT = _pybackend.NO_AMOUNT


def random_structure(rng: random.Random) -> Structure:
    big = rng.choice([1, 2, 2, 5, 10, 100])
    small = rng.choice([0, 1, big // 2, big // 3, big])
    ante = rng.choice([0, 0, 0, 1, big // 2, big])
    kind = rng.randrange(3)
    if kind == 0:
        return Structure.fixed_limit(big, rng.choice([big, 2 * big, 3 * big]),
                                     small_blind=small, ante=ante,
                                     max_bets=rng.choice([1, 2, 3, 4, 4, 9]))
    make = Structure.pot_limit if kind == 1 else Structure.no_limit
    return make(small, big, ante=ante)


def random_stacks(rng: random.Random, seats: int, big: int) -> list[int]:
    style = rng.randrange(6)
    if style == 0:   # deep, near the C's bound
        top = (MAX_CHIPS - 1) // seats
        return [rng.choice([top, top - 1, 1, 0, big]) for _ in range(seats)]
    if style == 1:   # blinds and antes put seats all in
        return [rng.choice([0, 1, 2, big, big + 1]) for _ in range(seats)]
    return [rng.choice([0, 1, 3 * big, 20 * big, 100 * big, rng.randint(1, 400 * big)])
            for _ in range(seats)]


def random_action(rng: random.Random, s: dict[str, Any]) -> tuple[int, int]:
    """Mostly a legal action with a legal amount; sometimes an illegal one."""
    facing = s["current_bet"] - s["bets"][s["actor"]] if s["actor"] >= 0 else 0
    lo, hi = s["min_to"], s["max_to"]
    if rng.random() < 0.15:   # anything at all
        action = rng.choice([FOLD, CHECK, CALL, BET, RAISE, -1, 5, 7])
        amount = rng.choice([NO_AMOUNT, 0, -2, lo - 1, lo, hi, hi + 1, s["call_amount"],
                             2**62, 2**63 - 1])
        return action, amount
    if rng.random() < 0.1:
        return FOLD, NO_AMOUNT
    kinds = [CALL if facing else CHECK] + ([RAISE if s["current_bet"] else BET] if hi else [])
    action = rng.choice(kinds)
    if action in (BET, RAISE):
        return action, rng.choice([lo, hi, rng.randint(lo, hi)])
    if action == CALL and rng.random() < 0.3:
        return action, s["call_amount"]
    return action, NO_AMOUNT


def deal_cards(rng: random.Random, need: int) -> list[int]:
    cards = rng.sample(range(52), need)
    if rng.random() < 0.03:   # a hostile deck: a repeated or impossible card
        cards[rng.randrange(need)] = rng.choice([cards[0], 52, -1, 60])
    return cards


def random_table(rng: random.Random) -> tuple[Structure, int, list[int]]:
    """A random structure, 2..10 seats and their random stacks (in that draw order)."""
    structure = random_structure(rng)
    seats = rng.randint(2, 10)
    return structure, seats, random_stacks(rng, seats, structure.big_blind)


def at_least_two_with_chips(stacks: list[int]) -> None:
    """A chip for the first and last seats when fewer than two seats have chips."""
    if sum(1 for chips in stacks if chips) < 2:
        stacks[0], stacks[-1] = max(stacks[0], 1), max(stacks[-1], 1)


def play_both(native: ModuleType, seed: int, counts: dict[str, int]) -> None:
    rng = random.Random(seed)
    structure = random_structure(rng)
    seats = rng.randint(2, 10)
    hole_count = rng.choice([4, 4, 5, 6])
    while seats * hole_count + 5 > 52:
        seats -= 1
    stacks = random_stacks(rng, seats, structure.big_blind)
    at_least_two_with_chips(stacks)
    with_chips = [seat for seat in range(seats) if stacks[seat]]
    button = rng.choice(with_chips)
    cards = deal_cards(rng, len(with_chips) * hole_count + 5)
    c = native.hand_deal(structure, stacks, button, hole_count, cards)
    py = _pybackend.hand_deal(structure, stacks, button, hole_count, cards)
    if isinstance(c, int) or isinstance(py, int):
        assert isinstance(c, int) and isinstance(py, int), (seed, c, py)
        counts["refused deals"] += 1
        return
    state = c.state()
    assert state == py.state(), f"seed {seed}: after the deal"
    while state["actor"] >= 0:
        action, amount = random_action(rng, state)
        got = c.act(action, amount)
        assert got == py.act(action, amount), f"seed {seed}: {action} {amount}"
        counts["illegal refused" if got else "actions"] += 1
        state = c.state()
        assert state == py.state(), f"seed {seed}: after {action} {amount}"
    assert sum(state["stacks"]) == sum(stacks)
    counts["showdowns" if state["showdown_order"] else "uncontested"] += 1
    counts["returned"] += any(state["returned"])
    counts["hands"] += 1


@pytest.mark.parametrize("block", range(4))
def test_c_hand_equals_the_python_engine_action_by_action(native: ModuleType,
                                                          block: int) -> None:
    counts = dict.fromkeys(["hands", "actions", "illegal refused", "refused deals",
                            "showdowns", "uncontested", "returned"], 0)
    for seed in range(block * 2000, (block + 1) * 2000):
        play_both(native, seed, counts)
    # The cases are not all quiet: every kind of ending and refusal happens.
    assert counts["hands"] > 1800 and counts["actions"] > 15_000, counts
    assert min(counts.values()) > 20, counts
    print(f"\nblock {block}: {counts}")


def test_the_c_hand_refuses_bad_deals(native: ModuleType) -> None:
    s, stacks = Structure.pot_limit(1, 2), [100, 100]
    cards = list(range(13))
    assert native.hand_deal(s, stacks, 0, 4, cards).state()["actor"] == 0
    assert native.hand_deal(s, stacks, 0, 4, cards[:12]) == native.ERR_COUNT
    assert native.hand_deal(s, stacks, 0, 4, [*cards[:12], 0]) == native.ERR_DUPLICATE
    assert native.hand_deal(s, stacks, 0, 4, [*cards[:12], 52]) == native.ERR_CARD
    assert native.hand_deal(s, [100, 0], 0, 4, cards) == native.ERR_COUNT   # one seat with chips
    assert native.hand_deal(s, [0, 100, 100], 0, 4, cards) == native.ERR_COUNT  # broke button
    assert native.hand_deal(s, [MAX_CHIPS // 2] * 2, 0, 4, cards) == native.ERR_TOO_MANY_CHIPS
    assert native.hand_deal(s, [2**70, 1], 0, 4, cards) == native.ERR_TOO_MANY_CHIPS
    assert native.hand_deal(s, [-1, 100, 100], 1, 4, cards) == native.ERR_COUNT


def test_an_illegal_action_changes_nothing(native: ModuleType) -> None:
    hand = native.hand_deal(Structure.no_limit(1, 2), [50, 50, 50], 0, 4, list(range(17)))
    before = hand.state()
    for action, amount in ((CHECK, NO_AMOUNT), (BET, 10), (RAISE, 3), (RAISE, 51),
                           (CALL, 1), (FOLD, 0), (9, NO_AMOUNT), (RAISE, 2**63 - 1)):
        assert hand.act(action, amount) == native.ERR_ILLEGAL, (action, amount)
        assert hand.state() == before
    assert hand.act(RAISE, 50) == 0
    assert hand.state()["actions"] == 1 and hand.state()["last"] == (0, 0, RAISE, 50)


# ---- Hand.play: the C decision loop (csrc/py/handplay.c) against the Python one ----

def python_loop(hand: Any, bots: list[Any], rng: random.Random) -> None:
    """What Hand.play does on the pure backend (and promises on native): its
    Python loop (checking each answer, naming the bot of a bad one), here on
    the C hand."""
    from hilo_fast.engine import hand as engine
    saved, engine._c_play = engine._c_play, None
    try:
        hand.play(bots, rng)
    finally:
        engine._c_play = saved


def hostile_answer(hand: Any, rng: random.Random) -> Any:
    """Mostly what a bot should answer, in every form act() takes; sometimes
    anything at all (wrong kinds, amounts, types and shapes)."""
    from hilo_fast.engine import Action
    facing = hand.current_bet - hand.bets[hand.actor]
    lo, hi = hand.min_to, hand.max_to
    roll = rng.random()
    if roll < 0.8:
        if hi and rng.random() < 0.4:
            kind = Action.RAISE if hand.current_bet else Action.BET
            return kind, rng.choice([lo, hi, rng.randint(lo, hi)])
        return (Action.CALL if facing else Action.CHECK), (
            hand.call_amount if facing and rng.random() < 0.2 else None)
    if roll < 0.93:   # the other forms act() takes: names, codes, lists, one item
        name = "call" if facing else "check"
        return rng.choice([(name, None), [name], (name,), (int(Action.FOLD), None),
                           ("raise" if hand.current_bet else "bet", hi or 1),
                           (Action.FOLD, None), [Action.CALL if facing else Action.CHECK, None]])
    return rng.choice([   # mostly refused: each must raise what act() raises
        (Action.FOLD, 0), (Action.CHECK, None), (Action.CALL, None), (Action.CALL, -1),
        (Action.CALL, hand.call_amount + 1), (Action.BET, None), (Action.RAISE, lo - 1),
        (Action.RAISE, hi + 1), (Action.BET, 2**63), (Action.RAISE, -5), (Action.BET, 2.0),
        (Action.RAISE, True), (Action.CALL, "2"), ("shove", None), (7, None), (True, None),
        (Action.FOLD, None, None), (), 5, None, "fold", (Action.BET, 2**70)])


def bot_that_acts_itself(hand: Any, rng: random.Random) -> Any:
    """A bot that plays a move on the hand, then answers for the next actor."""
    hand.act("call" if hand.call_amount else "check")
    if hand.actor < 0:
        return ("fold", None)   # refused: the hand is over
    return hostile_answer(hand, rng)


def bot_that_raises(hand: Any, rng: random.Random) -> Any:
    if rng.random() < 0.5:
        raise KeyError("the bot's own error")
    return hostile_answer(hand, rng)


def outcome(hand: Any, rng: random.Random, run: Any) -> tuple[Any, ...]:
    """Run the loop until the hand is over (again after each error, 8 times at most)."""
    errors = []
    for _ in range(8):
        try:
            run()
            break
        except Exception as exc:   # the same error type and message, or none
            errors.append((type(exc), str(exc), len(hand.actions)))
    return (errors, hand.actions, hand.stacks, hand.bets, hand.contributions, hand.returned,
            hand.payouts, hand.street, hand.actor, hand.min_to, hand.max_to, hand.board,
            hand.showdown_order, hand.folded, rng.getstate())


def test_hand_play_equals_the_python_loop(native: ModuleType) -> None:
    """Hand.play's C loop and the Python loop, on the same deals and bots:
    the same log, states, errors and random draws after every hand."""
    from hilo_fast.engine import hand as engine
    assert engine._c_play is not None, "the handplay builtin was not built"
    counts = dict.fromkeys(["hands", "decisions", "errors", "python machine"], 0)
    for seed in range(3000):
        rng = random.Random(seed)
        structure, seats, stacks = random_table(rng)
        at_least_two_with_chips(stacks)
        if rng.random() < 0.05:   # beyond the C's bound: the Python machine's loop
            stacks[stacks.index(max(stacks))] = MAX_CHIPS
        button = rng.choice([seat for seat in range(seats) if stacks[seat]])
        special = rng.random()
        bot = (bot_that_acts_itself if special < 0.05 else bot_that_raises if special < 0.1
               else hostile_answer)
        bots = [bot] * seats
        deal_seed = rng.getrandbits(32)
        runs = []
        for loop in ("c", "python"):
            hand = engine.Hand(structure, stacks, button, seed=deal_seed)
            bot_rng = random.Random(seed)
            run = ((lambda h=hand, b=bots, r=bot_rng: h.play(b, r)) if loop == "c"
                   else (lambda h=hand, b=bots, r=bot_rng: python_loop(h, b, r)))
            runs.append(outcome(hand, bot_rng, run))
        assert runs[0] == runs[1], f"seed {seed}"
        counts["python machine"] += hand._m.__class__ is not native.HandState
        counts["hands"] += 1
        counts["decisions"] += len(runs[0][1])
        counts["errors"] += len(runs[0][0])
    assert counts["decisions"] > 10_000 and min(counts.values()) > 50, counts
    print(f"\nHand.play: {counts}")


def test_the_c_deal_equals_the_python_one(native: ModuleType) -> None:
    """csrc/py/handplay.c's deal_cards against engine._deal_shuffled: the same
    holes, board and cards in dealing order from the same draws."""
    from hilo_fast.engine import deal as engine
    deal = engine._c_deal_cards
    assert deal is not None, "the handplay builtin was not built"
    for seed in range(5000):
        rng = random.Random(seed)
        hole_count = rng.choice([4, 5, 6])
        seats = rng.randint(2, 10)
        while seats * hole_count + 5 > 52:
            seats -= 1
        stacks = [rng.choice([0, 1, 200, 2**60]) for _ in range(seats)]
        a, b = random.Random(seed), random.Random(seed)
        assert deal(a.random, stacks, hole_count) == \
            engine._deal_shuffled(stacks, hole_count, b), seed
        assert a.getstate() == b.getstate()
    for bad in (1.0, -0.5, float("nan"), float("inf")):
        with pytest.raises(ValueError, match=r"in \[0, 1\)"):
            deal(lambda bad=bad: bad, [2, 2], 4)
    with pytest.raises(TypeError):
        deal(lambda: "0.5", [2, 2], 4)
    with pytest.raises(ValueError, match="more cards"):
        deal(random.random, [2] * 10, 5)
    with pytest.raises(ValueError, match=r"2\.\.10 seats"):
        deal(random.random, [2] * 11, 4)


# ---- HandCore: Hand's reads in C (csrc/py/handplay.c) against the Python ones ----

CORE_READS = ("actor", "current_bet", "call_amount", "min_to", "max_to", "pot", "bets", "stacks",
              "contributions", "folded", "is_over")


def test_hand_core_reads_equal_the_python_reads(native: ModuleType) -> None:
    """Each HandCore getter, bound to the C hand, unbound over the Python
    machine (chips beyond the C's bound), and on copies, equals what
    engine._HandFields (the pure backend's base) reads through cffi / the
    machine, after every action of random hands."""
    import copy

    from hilo_fast.engine import hand as engine
    from hilo_fast.engine.selfplay import random_legal
    assert engine._HandBase is not engine._HandFields, "the HandCore builtin was not built"
    reads = 0
    for seed in range(600):
        rng = random.Random(seed)
        structure, seats, stacks = random_table(rng)
        at_least_two_with_chips(stacks)
        if seed % 10 == 0:   # the Python machine: HandCore unbound
            stacks[stacks.index(max(stacks))] = MAX_CHIPS
        button = rng.choice([seat for seat in range(seats) if stacks[seat]])
        hand = engine.Hand(structure, stacks, button, seed=seed)
        while True:
            twins = (hand, copy.copy(hand), copy.deepcopy(hand))
            for name in CORE_READS:
                expected = getattr(engine._HandFields, name).__get__(hand)
                assert all(getattr(twin, name) == expected for twin in twins), (seed, name)
                reads += 1
            if hand.is_over:
                break
            hand.act(*random_legal(hand, rng))
    assert reads > 30_000, reads


def test_the_builtin_deal_equals_the_cffi_deal(native: ModuleType) -> None:
    """hand_deal_plain (lists converted by csrc/py/handplay.c's deal) gives
    hand_deal's state or error on random and hostile deals, and other input
    forms fall back to cffi."""
    from hilo_fast.engine import hand as engine  # noqa: F401  (its import binds the builtin)
    assert native._c_deal is not None, "the handplay builtin was not built"
    outcomes = set()
    for seed in range(3000):
        rng = random.Random(seed)
        structure, seats, stacks = random_table(rng)
        if rng.random() < 0.05:
            stacks[rng.randrange(seats)] = rng.choice([-1, MAX_CHIPS, 2**63, 2**70])
        button = rng.randrange(seats) if rng.random() < 0.1 else \
            next((seat for seat in range(seats) if stacks[seat] > 0), 0)
        hole_count = rng.choice([4, 5, 6, 3, 7])
        need = max(0, min(52, sum(1 for c in stacks if c) * hole_count + 5))
        cards = deal_cards(rng, need) if need else []
        if rng.random() < 0.05:
            cards = cards[:-1]
        plain = native.hand_deal_plain(structure, stacks, button, hole_count, cards)
        cffi = native.hand_deal(structure, stacks, button, hole_count, cards)
        if isinstance(cffi, int):
            assert plain == cffi, seed
        else:
            assert not isinstance(plain, int) and plain.state() == cffi.state(), seed
        outcomes.add(cffi if isinstance(cffi, int) else 0)
    assert outcomes >= {0, native.ERR_COUNT, native.ERR_CARD, native.ERR_DUPLICATE,
                        native.ERR_TOO_MANY_CHIPS}, outcomes
    s = Structure.pot_limit(1, 2)
    for cards in ([True, *range(1, 13)], (*range(13),), [*range(12), 2**70]):
        got = native.hand_deal_plain(s, [100, 100], 0, 4, cards)
        assert isinstance(got, int) == isinstance(native.hand_deal(s, [100, 100], 0, 4, cards),
                                                  int)


# ---- Hand's one-call shuffled deal (csrc/py/handplay.c's deal_hand) ----

def _outcome(make: Any) -> tuple[Any, ...]:
    """What building a Hand gave: its cards and whole state, or the error."""
    try:
        hand = make()
    except Exception as error:   # compared: its type and text
        return ("error", type(error), str(error))
    reads = tuple(getattr(hand, name) for name in CORE_READS)
    return ("hand", hand.holes, hand._board, hand._m.state(), type(hand._m), reads,
            hand.small_blind_seat, hand.big_blind_seat)


def test_the_one_call_deal_equals_the_checked_deal(native: ModuleType,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Hand(structure, stacks, button, seed= / rng=) on the fast path (one
    builtin call that draws, deals the hf_game and returns the cards)
    against the checked path (engine._deal, then _machine) on random and
    hostile settings: the same hand and state, or the same error, and the
    same draws of the rng."""
    from hilo_fast.engine import deal as engine_deal
    from hilo_fast.engine import hand as engine
    fast = engine._c_deal_hand
    assert fast is not None, "the handplay builtin was not built"

    class MyRandom(random.Random):
        pass

    kinds: dict[str, int] = {}
    for seed in range(4000):
        rng = random.Random(seed)
        stacks: Any
        structure, seats, stacks = random_table(rng)
        if rng.random() < 0.2:   # near and beyond the C's chip bound
            stacks[rng.randrange(seats)] = rng.choice([MAX_CHIPS - sum(stacks), MAX_CHIPS,
                                                       2**63 - 1, 2**63, 2**70])
        if rng.random() < 0.1:   # bad stacks
            stacks[rng.randrange(seats)] = rng.choice([-1, True, 2.0, "5", None])
        if rng.random() < 0.1:
            stacks = rng.choice([tuple(stacks), stacks[:1], stacks * 2, [], "12", None])
        live = [seat for seat in range(seats) if isinstance(stacks, list) and
                seat < len(stacks) and stacks[seat]]
        button: Any = rng.choice(live) if live and rng.random() < 0.9 else \
            rng.choice([-1, 0, seats, True, 1.0, 2**70])
        hole_count: Any = rng.choice([4, 5, 6]) if rng.random() < 0.8 else \
            rng.choice([3, 7, True, 4.0, 2**70, -2**70, "4"])
        draws = rng.randrange(6)   # rng=, seed=, a Random subclass, seed= and rng=, bad seeds

        def make(seed: int = seed, structure: Structure = structure, stacks: Any = stacks,
                 button: Any = button, hole_count: Any = hole_count, draws: int = draws
                 ) -> tuple[tuple[Any, ...], Any]:
            source = MyRandom(seed) if draws == 2 else random.Random(seed)
            kwargs: dict[str, Any] = {"seed": seed} if draws == 1 else \
                {"rng": source, "seed": 7} if draws == 3 else \
                {"seed": [seed]} if draws == 4 else {"seed": str(seed)} if draws == 5 else \
                {"rng": source}
            got = _outcome(lambda: engine.Hand(structure, stacks, button,
                                               hole_count=hole_count, **kwargs))
            return got, source.getstate()

        monkeypatch.setattr(engine, "_c_deal_hand", None)
        checked = make()
        monkeypatch.setattr(engine, "_c_deal_hand", fast)
        assert make() == checked, seed
        kind = checked[0][0] if checked[0][0] == "error" else checked[0][4].__module__
        kinds[kind] = kinds.get(kind, 0) + 1
    assert min(kinds.values()) > 200 and len(kinds) == 3, kinds
    # The builtin itself on what the façade never gives it: no plain list, or
    # hostile values, either None (nothing drawn) or the C's refusal.
    s = Structure.pot_limit(1, 2)
    for stacks, button, hole_count in (([100, -1, 100], 0, 4), ([100, 2**63], 0, 4),
                                       ([100, MAX_CHIPS], 0, 4), ([100, 100], 5, 4),
                                       ([100, 0], 0, 4), ((100, 100), 0, 4), ([100] * 11, 0, 4),
                                       ([100] * 10, 0, 5), ([100, 100], 0, 2**70),
                                       ([100, 100], 0, 3), ([100, True], 0, 4)):
        a, b = random.Random(1), random.Random(1)
        got = native.hand_deal_shuffled(s, stacks, button, hole_count, a.random)
        if got is None:
            assert a.getstate() == b.getstate()
            continue
        cards = engine_deal._deal_shuffled(list(stacks), hole_count, b)[2]
        assert got[0] == native.hand_deal(s, stacks, button, hole_count, cards), stacks
    print(f"\none-call deal: {kinds}")


def test_the_plain_given_deal_equals_the_checked_deal(native: ModuleType,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Hand(..., holes=, board=) with plain int cards (engine._plain_deal's
    whole-list checks, as hand-history replay gives them) against the
    card-by-card parser and checks, on random and hostile cards: the same
    hand and state, or the same error."""
    from hilo_fast.cards import card_str
    from hilo_fast.engine import deal as engine
    from hilo_fast.engine import hand as hf_engine
    plain = engine._plain_deal
    kinds: dict[str, int] = {}
    for seed in range(3000):
        rng = random.Random(seed)
        structure = random_structure(rng)
        hole_count = rng.choice([4, 4, 5, 6])
        seats = rng.randint(2, (52 - 5) // hole_count)
        stacks = random_stacks(rng, seats, structure.big_blind)
        at_least_two_with_chips(stacks)
        button = rng.choice([seat for seat in range(seats) if stacks[seat]])
        deck = rng.sample(range(52), 52)
        holes: Any = [deck[seat * hole_count:(seat + 1) * hole_count] if stacks[seat] else None
                 for seat in range(seats)]
        board: Any = deck[-5:]
        for _ in range(rng.choice([0, 0, 1, 2])):   # hostile edits
            if not isinstance(holes, list) or len(holes) != seats:
                break
            edit = rng.randrange(9)
            seat = rng.randrange(seats)
            hole = holes[seat] if isinstance(holes[seat], list) else None
            if edit == 0 and hole:
                hole[rng.randrange(len(hole))] = rng.choice(
                    [-1, 52, 2**70, True, 3.0, None, "As", card_str(deck[-5]), deck[-4]])
            elif edit == 1 and hole:
                holes[seat] = tuple(hole) if rng.random() < 0.5 else hole[:-1]
            elif edit == 2:
                holes[seat] = None if hole else deck[:hole_count]
            elif edit == 3 and isinstance(board, list):
                board = rng.choice([board[:4], [*board, deck[20]], tuple(board),
                                    " ".join(map(card_str, deck[-5:])), [*board[:4], board[0]]])
            elif edit == 4:
                holes = rng.choice([tuple(holes), holes[:-1], [*holes, None], "AsKs"])
            elif edit == 5 and hole:
                holes[seat] = "".join(map(card_str, deck[seat * hole_count:][:hole_count]))
            elif edit == 6 and hole:   # a card of another seat
                other = next((h for h in holes if h and h is not hole), None)
                if other:
                    hole[0] = other[0]
            elif edit == 7 and isinstance(board, list) and len(board) >= 5:
                board[rng.randrange(5)] = rng.choice([-1, 52, True, "2c", 1.0])
            elif edit == 8 and board is not None:   # one of the two only (both: a shuffle)
                holes, board = rng.choice([(holes, None), (None, board)])

        def make(holes: Any = holes, board: Any = board, structure: Structure = structure,
                 stacks: list[int] = stacks, button: int = button,
                 hole_count: int = hole_count) -> tuple[Any, ...]:
            return _outcome(lambda: hf_engine.Hand(structure, stacks, button, holes=holes,
                                                board=board, hole_count=hole_count))

        monkeypatch.setattr(engine, "_plain_deal", lambda *_: None)
        checked = make()
        monkeypatch.setattr(engine, "_plain_deal", plain)
        assert make() == checked, seed
        # The replay's constructor (the C deal's checks first) gives the same.
        if rng.random() < 0.1:   # its own hostile input: bools, huge or negative ints
            button, stacks, hole_count = rng.choice([
                (True, stacks, hole_count), (button, [*stacks[:-1], True], hole_count),
                (2**70, stacks, hole_count), (-1, stacks, hole_count),
                (button, stacks, 2**70), (button, stacks, 7), (button, stacks, True)])
            checked = make(button=button, stacks=stacks, hole_count=hole_count)
        given = (structure, stacks, button, copy.deepcopy(holes), copy.deepcopy(board),
                 hole_count)
        assert _outcome(lambda given=given: hf_engine.Hand._given_deal(*given)) == checked, seed
        kind = checked[0] if checked[0] == "hand" else checked[1].__name__
        kinds[kind] = kinds.get(kind, 0) + 1
    assert kinds.get("hand", 0) > 1000 and kinds.get("ValueError", 0) > 300, kinds
    print(f"\nplain given deal: {kinds}")
