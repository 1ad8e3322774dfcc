"""Run it twice and Courchevel Hi/Lo in the site readers (PokerStars, Winning):
the hand-written fixtures (tests/history/data/pokerstars/run_it_twice.txt,
courchevel.txt, winning-acr/hands.txt #5000004), whose payouts were worked out
by hand from the rule book (rake off each pot, the pot halved between the runs,
each run's half split hi/lo, odd chips to the high half and clockwise), read
field by field and replayed to the chip on both backends; PHH export of them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import hilo_fast as hf
from hilo_fast.history.phh import parse_phh
from hilo_fast.history.sites.pokerstars import parse_pokerstars, read_pokerstars
from hilo_fast.history.sites.winning_acr import parse_winning_acr, read_winning_acr

DATA = Path(__file__).resolve().parent / "data"
RIT = DATA / "pokerstars" / "run_it_twice.txt"
COURCHEVEL = DATA / "pokerstars" / "courchevel.txt"
ACR = DATA / "winning-acr" / "hands.txt"
ACR_FLOP = DATA / "winning-acr" / "run_it_twice_flop.txt"


def _hands(path: Path) -> list[Any]:
    reader = read_winning_acr(path) if "winning" in str(path) else read_pokerstars(path)
    hands = list(reader)
    assert reader.errors == [] and reader.skipped == 0
    return hands


def _check_chips(h: Any, replay: Any) -> None:
    """Chips conserved: what was put in = what was paid + the rake, run by run too."""
    assert sum(replay.contributions.values()) == h.total_pot
    assert sum(replay.collected.values()) + h.rake == h.total_pot
    if h.runs:
        assert [sum(paid.values()) for paid in replay.run_collected] == \
            [sum(paid.values()) for paid in h.run_collected]
        assert sum(sum(paid.values()) for paid in replay.run_collected) == \
            sum(replay.collected.values())


def test_pokerstars_run_twice_hi_lo_split_in_each_run() -> None:
    h, _ = _hands(RIT)
    assert h.runs == (("4c", "7d", "8s", "Qh", "9c"), ("5d", "6h", "Jc", "Ts", "2d"))
    assert h.board == h.runs[0] and (h.total_pot, h.rake) == (1000, 50)
    # run 1: bob's trip queens take the high 238 of 475, the tied lows share 237:
    # ann, first left of the button, takes the odd chip; run 2: bob high, ann low
    assert h.run_collected == ({"bob": 356, "ann": 119}, {"bob": 238, "ann": 237})
    assert h.collected == {"bob": 594, "ann": 356}
    replay = h.replay()
    assert replay.exact, replay.discrepancies
    assert replay.run_collected == [{"ann": 119, "bob": 356}, {"ann": 237, "bob": 238}]
    _check_chips(h, replay)


def test_pokerstars_run_twice_with_side_pots_after_a_shared_flop() -> None:
    _, h = _hands(RIT)
    assert h.runs == (("4c", "7d", "8s", "Qh", "9c"), ("4c", "7d", "8s", "5h", "2c"))
    assert h.pots == (570, 770) and h.rake == 60
    replay = h.replay()
    assert replay.exact, replay.discrepancies
    # each pot after its rake halved between the runs: main 285 + 285, side 385 + 385
    assert [(p.amount, p.rake) for p in replay.pots] == [(570, 30), (770, 30)]
    assert replay.pots[1].shares == {"bob": 192 + 385, "cid": 193}
    assert replay.collected == {"ann": 284, "bob": 720, "cid": 336}
    _check_chips(h, replay)


def test_courchevel_with_and_without_showdown() -> None:
    shown, folded = _hands(COURCHEVEL)
    for h in (shown, folded):
        assert (h.hole_count, h.exposed, h.game_dealt) == (5, 1, hf.Game.named("courchevel"))
        assert h.game == "Courchevel Hi/Lo Pot Limit"
    assert shown.board == ("4c", "7d", "8s", "Qh", "9c")
    assert folded.board == ("Td", "3s", "3h")
    replay = shown.replay()
    assert replay.exact, replay.discrepancies
    assert replay.hand is not None and replay.hand.game.exposed == 1
    assert replay.collected == {"cid": 173, "ann": 172}
    _check_chips(shown, replay)
    replay = folded.replay()
    assert replay.exact and replay.collected == {"ann": 71}
    _check_chips(folded, replay)


def test_winning_run_it_twice() -> None:
    h = _hands(ACR)[3]
    assert h.hand_id == "5000004"
    assert h.runs == (("4c", "7d", "8s", "Qh", "9c"), ("5d", "6h", "Jc", "Ts", "2d"))
    # the summary's "won" is each board's high half: the runs' collected lines count
    assert h.run_collected == ({"bob": 1425, "ann": 475}, {"bob": 950, "ann": 950})
    assert (h.total_pot, h.rake) == (4000, 200)
    replay = h.replay()
    assert replay.exact, replay.discrepancies
    _check_chips(h, replay)


def test_winning_run_it_twice_after_a_shared_flop() -> None:
    (h,) = _hands(ACR_FLOP)
    assert h.runs == (("4c", "7d", "8s", "Qh", "9c"), ("4c", "7d", "8s", "5h", "2c"))
    # $100 less $2 of rake and fee, $49 a run, each split $24.50 high / $24.50 low
    assert (h.total_pot, h.rake) == (10000, 200)
    assert h.run_collected == ({"bob": 2450, "ann": 2450},) * 2
    replay = h.replay()
    assert replay.exact, replay.discrepancies
    _check_chips(h, replay)
    # the low of run 2 paid to bob instead: both runs' totals still add up, run 2 does not
    text = ACR_FLOP.read_text(encoding="utf-8")
    wrong = text.replace("bob collected $24.50 from main pot 2\nann collected $24.50",
                         "bob collected $49.00 from main pot 2\nann collected $0.00")
    (h,) = parse_winning_acr(wrong)
    assert any(d.startswith("run 2: the site paid") for d in h.replay().discrepancies)


def test_a_run_paid_otherwise_is_flagged() -> None:
    text = RIT.read_text(encoding="utf-8").split("\n\n\n\n")[0]
    wrong = text.replace("bob collected $1.18 from pot\n*** SECOND",
                         "bob collected $1.17 from pot\n*** SECOND").replace(
        "ann collected $2.37 from pot", "ann collected $2.38 from pot")
    (h,) = parse_pokerstars(wrong)
    found = h.replay().discrepancies
    assert any(d.startswith("run 1: the site paid") for d in found)
    assert any(d.startswith("run 2: the site paid") for d in found)


def test_runs_the_engine_would_not_offer_are_flagged() -> None:
    """Boards run twice in a hand nobody was all in: hf.Hand offers no runs."""
    text = COURCHEVEL.read_text(encoding="utf-8").split("\n\n\n\n")[0]
    runs = (text.replace("Courchevel Hi/Lo", "Omaha Hi/Lo").replace(" 9s]", "]")
            .replace(" 6s Jh]", "]").replace("*** PRE-FLOP *** [4c]\n", "")
            .replace("*** FLOP *** [4c] [7d 8s]", "*** FLOP *** [4c 7d 8s]")
            .replace("*** RIVER *** [4c 7d 8s Qh] [9c]",
                     "*** FIRST RIVER *** [4c 7d 8s Qh] [9c]\n"
                     "*** SECOND RIVER *** [4c 7d 8s Qh] [2c]")
            .replace("Board [4c 7d 8s Qh 9c]", "Hand was run twice\n"
                     "FIRST Board [4c 7d 8s Qh 9c]\nSECOND Board [4c 7d 8s Qh 2c]"))
    (h,) = parse_pokerstars(runs)
    assert h.runs and not h.replay().exact
    assert "offers no runs" in h.replay().discrepancies[0]


@pytest.mark.parametrize(("old", "new", "reason"), [
    ("*** SECOND RIVER *** [5d 6h Jc Ts] [2d]\n", "", "differs from the run's cards"),
    ("SECOND Board [5d 6h Jc Ts 2d]", "", "not five cards"),
    ("SECOND Board [5d 6h Jc Ts 2d]", "SECOND Board [5d 6h Jc Ts 3d]", "run's cards"),
    ("*** FIRST TURN *** [4c 7d 8s] [Qh]", "*** FIRST TURN *** [4c 7d 8s] [Qh Kh]",
     "bad turn cards of the first run"),
    ("*** SECOND FLOP ***", "*** THIRD FLOP ***", "before the one ahead"),
])
def test_garbled_runs_name_the_problem(old: str, new: str, reason: str) -> None:
    text = RIT.read_text(encoding="utf-8").split("\n\n\n\n")[0]
    if not new and old.startswith("SECOND"):   # the river and the summary's board gone
        text = text.replace("*** SECOND RIVER *** [5d 6h Jc Ts] [2d]\n", "")
    reader = parse_pokerstars(text.replace(old, new))
    assert list(reader) == [] and reason in reader.errors[0].reason


def test_garbled_winning_runs_name_the_problem() -> None:
    text = ACR.read_text(encoding="utf-8")
    cut = text.split("*** FLOP 2 ***")[0] + "*** SUMMARY ***\nTotal pot $38.00 | Rake $2.00\n"
    reader = parse_winning_acr(cut)
    assert len(list(reader)) == 3
    assert "two whole boards" in reader.errors[0].reason
    reader = parse_winning_acr(text.replace("*** FLOP 2 ***", "*** FLOP 3 ***"))
    assert len(list(reader)) == 3 and "out of order" in reader.errors[0].reason


def test_phh_export_of_runs_and_courchevel() -> None:
    for path in (RIT, COURCHEVEL, ACR, ACR_FLOP):
        for h in _hands(path):
            if not (h.runs or h.exposed):
                continue
            text = h.to_phh()
            assert (f"_runs = {len(h.runs)}" in text) == bool(h.runs)
            assert ("_exposed = 1" in text) == bool(h.exposed)
            (hand,) = parse_phh(text, check_finishing_stacks=False)
            replay = h.replay()
            assert replay.hand is not None
            assert hand.boards == replay.hand.boards
            assert hand.contributions == replay.hand.contributions


_ON_BOTH = """
from hilo_fast.history.sites.pokerstars import read_pokerstars
from hilo_fast.history.sites.winning_acr import read_winning_acr
result = []
for path in PATHS:
    reader = read_winning_acr(path) if "winning" in path else read_pokerstars(path)
    for h in reader:
        r = h.replay()
        result.append((h.hand_id, h.runs, h.run_collected, h.board, r.exact, r.collected,
                       r.run_collected, [tuple(p) for p in r.pots], r.discrepancies))
"""


def test_both_backends_agree(pure_process: Callable[[str], Any]) -> None:
    code = f"PATHS = {[str(RIT), str(COURCHEVEL), str(ACR), str(ACR_FLOP)]!r}\n" + _ON_BOTH
    namespace: dict[str, Any] = {}
    exec(code, namespace)
    assert all(row[4] for row in namespace["result"])
    assert pure_process(code) == namespace["result"]
