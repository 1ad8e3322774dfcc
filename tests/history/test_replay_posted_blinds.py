"""A big blind posted out of position whose player folds before putting in more
(tests/history/data/pokerstars/posted_blind_folded.txt, written by hand): its
chips are dead money in the pot from the start, so the pot-limit bet that
counts them ($0.40 into $0.30 of live blinds and calls plus the $0.10 posted)
is legal, and the hand replays to the chip on both backends. A post of as much
that stays live, and a hand with no small blind
(tests/history/data/pokerstars/posted_blind_live.txt, written by hand) replay
too: every post in the pot from the start, pre-flop action after the big
blind."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hilo_fast.history.sites.pokerstars import parse_pokerstars, read_pokerstars

FIXTURE = Path(__file__).resolve().parent / "data" / "pokerstars" / "posted_blind_folded.txt"

_REPLAY = """
from hilo_fast.history.sites.pokerstars import read_pokerstars
result = []
for h in read_pokerstars(PATH):
    r = h.replay()
    result.append((r.exact, r.discrepancies, r.collected, r.contributions,
                   [tuple(p) for p in r.pots]))
"""


def test_a_folded_posted_blind_counts_in_the_pot_limit() -> None:
    (h,) = read_pokerstars(FIXTURE)
    assert [p.kind for p in h.posts] == ["small blind", "big blind", "big blind"]
    replay = h.replay()
    assert replay.exact, replay.discrepancies
    assert replay.contributions == {"ann": 10, "bob": 10, "cid": 10, "dan": 10}
    assert replay.collected == {"bob": 38}
    assert sum(replay.contributions.values()) == h.total_pot == 38 + h.rake


def test_a_bet_over_the_pot_with_the_dead_post_is_still_refused() -> None:
    text = FIXTURE.read_text(encoding="utf-8").replace("$0.40", "$0.50")
    (h,) = parse_pokerstars(text.replace("Total pot $0.50", "Total pot $0.40"))
    found = h.replay().discrepancies
    assert found and "cannot bet 50 (must be to 10..40)" in found[0]


def test_a_posted_blind_that_calls_stays_live() -> None:
    """The poster who calls: the post is his bet (the call tops it up), as before."""
    text = FIXTURE.read_text(encoding="utf-8").replace(
        "dan: folds\n", "dan: checks\n").replace("bob: calls $0.05\ncid: checks", "bob: calls "
                                                  "$0.05\ncid: checks").replace(
        "bob: bets $0.40\ncid: folds\nann: folds\n", "bob: bets $0.40\ncid: folds\n"
        "dan: folds\nann: folds\n").replace("Seat 4: dan folded before Flop",
                                             "Seat 4: dan folded on the Flop")
    (h,) = parse_pokerstars(text)
    replay = h.replay()
    assert replay.exact, replay.discrepancies
    assert replay.contributions["dan"] == 10


def test_both_backends_agree(pure_process: Callable[[str], Any]) -> None:
    code = f"PATH = {str(FIXTURE)!r}\n" + _REPLAY
    namespace: dict[str, Any] = {}
    exec(code, namespace)
    assert namespace["result"][0][0]
    assert pure_process(code) == namespace["result"]


HEADS_UP = FIXTURE.parents[1] / "winning-acr" / "heads_up_button_big_blind.txt"


def test_heads_up_with_the_button_on_the_big_blind() -> None:
    """The seat due the big blind sat out and the button posted it (Winning,
    written by hand after a real hand of the shared files): the small blind acts
    first before and after the flop; hf.Hand's own heads-up button posts the
    small blind, so the replay posts the blinds as given."""
    from hilo_fast.history.sites.winning_acr import read_winning_acr
    (h,) = read_winning_acr(HEADS_UP)
    assert (h.button, h.dealt_in, [p.player for p in h.posts]) == (2, ("bob", "ann"),
                                                                   ["ann", "bob"])
    replay = h.replay()
    assert replay.exact, replay.discrepancies
    assert replay.hand is not None and replay.hand.button == 1
    assert replay.collected == {"bob": 1150}
    assert sum(replay.contributions.values()) == h.total_pot == 1150 + h.rake


def test_heads_up_button_on_the_big_blind_on_both_backends(
        pure_process: Callable[[str], Any]) -> None:
    code = f"""
from hilo_fast.history.sites.winning_acr import read_winning_acr
result = [(r.exact, r.discrepancies, r.collected, r.contributions)
          for r in (h.replay() for h in read_winning_acr({str(HEADS_UP)!r}))]
"""
    namespace: dict[str, Any] = {}
    exec(code, namespace)
    assert namespace["result"][0][0]
    assert pure_process(code) == namespace["result"]


LIVE = FIXTURE.parent / "posted_blind_live.txt"


def test_a_live_post_of_a_big_blind_out_of_position() -> None:
    """eve posts $0.10 behind cid's big blind and later calls: the post is in the
    pot before dan acts (his pot raise to $0.45 counts it), and dan, after the
    big blind, acts first, not ann after eve's post of as much."""
    h, _ = read_pokerstars(LIVE)
    replay = h.replay()
    assert replay.exact, replay.discrepancies
    hand = replay.hand
    assert hand is not None
    assert (hand.big_blind_seat, hand.small_blind_seat) == (2, 1)
    assert hand.actions[0][1] == 3   # dan, the seat after the big blind
    assert replay.contributions == {"ann": 0, "bob": 5, "cid": 10, "dan": 45, "eve": 45}
    assert replay.collected == {"dan": 100}


def test_a_pot_raise_past_the_live_post_is_refused() -> None:
    text = LIVE.read_text(encoding="utf-8").replace("raises $0.35 to $0.45",
                                                    "raises $0.45 to $0.55", 1)
    h = next(iter(parse_pokerstars(text)))
    found = h.replay().discrepancies
    assert found and "cannot raise 55 (must be to 20..45)" in found[0]


def test_no_small_blind_posted() -> None:
    """The small blind's seat is empty: only cid's big blind is posted, dan acts first."""
    _, h = read_pokerstars(LIVE)
    assert [p.kind for p in h.posts] == ["big blind"]
    replay = h.replay()
    assert replay.exact, replay.discrepancies
    assert replay.hand is not None and replay.hand.small_blind_seat == -1
    assert replay.contributions == {"ann": 10, "cid": 10, "dan": 10, "eve": 0}
    assert replay.collected == {"cid": 29}


def test_live_posts_through_phh() -> None:
    """PHH has no field for a big blind beside a post of as much: hilo-fast's own
    ``_big_blind`` names it, and the hand read back pays as the replay did."""
    from hilo_fast.history.phh import parse_phh
    for h in read_pokerstars(LIVE):
        replay = h.replay()
        text = h.to_phh()
        (hand,) = parse_phh(text)
        assert replay.hand is not None and hand.payouts == replay.hand.payouts
    bad = next(iter(read_pokerstars(LIVE))).to_phh().replace("_big_blind = 2", "_big_blind = 3")
    with pytest.raises(ValueError, match="_big_blind = 3: not a player who posts a blind"):
        parse_phh(bad)


def test_live_posts_on_both_backends(pure_process: Callable[[str], Any]) -> None:
    code = f"PATH = {str(LIVE)!r}\n" + _REPLAY
    namespace: dict[str, Any] = {}
    exec(code, namespace)
    assert [hand[0] for hand in namespace["result"]] == [True, True]
    assert pure_process(code) == namespace["result"]
