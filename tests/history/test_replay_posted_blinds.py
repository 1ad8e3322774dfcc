"""A big blind posted out of position whose player folds before putting in more
(tests/history/data/pokerstars/posted_blind_folded.txt, written by hand): its
chips are dead money in the pot from the start, so the pot-limit bet that
counts them ($0.40 into $0.30 of live blinds and calls plus the $0.10 posted)
is legal, and the hand replays to the chip on both backends."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

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
