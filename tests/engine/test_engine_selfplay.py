"""Self-play driver, built-in bots, the ``simulate`` CLI and PHH files it writes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import tomllib

from hilo_fast.cli import main
from hilo_fast.engine import Action, Hand
from hilo_fast.engine.selfplay import always_call, pot_every_time, random_legal, simulate
from hilo_fast.engine.structures import MixedGame, Structure
from hilo_fast.history.phh import to_phh, to_phhs

PL = Structure.pot_limit(1, 2)


def test_simulate_conserves_chips_and_repeats_with_the_seed() -> None:
    a = simulate(300, PL, 6, seed=9)
    b = simulate(300, PL, 6, seed=9)
    c = simulate(300, PL, 6, seed=10)
    assert a.hands == 300 and sum(a.net) == 0
    assert (a.net, a.rebuys, a.actions) == (b.net, b.rebuys, b.actions)
    assert a.net != c.net
    assert 0 < a.showdowns < 300


def test_simulate_reports_progress_and_every_hand() -> None:
    done: list[int] = []
    hands: list[Hand] = []
    simulate(600, Structure.no_limit(1, 2), 3, seed=1, progress=done.append,
             on_hand=hands.append)
    assert done == [256, 512, 600]
    assert len(hands) == 600 and all(h.is_over for h in hands)
    assert [h.button for h in hands[:4]] == [0, 1, 2, 0]


def test_always_call_never_folds_or_raises() -> None:
    hands: list[Hand] = []
    simulate(100, PL, 4, seed=3, bots=[always_call], on_hand=hands.append)
    kinds = {kind for h in hands for _, _, kind, _ in h.actions}
    assert kinds <= {Action.CHECK, Action.CALL}
    assert all(h.showdown_order for h in hands)      # nobody folds: always a showdown


def test_pot_every_time_bets_the_maximum() -> None:
    hand = Hand(Structure.pot_limit(25, 50), [1000, 1000], 0, seed=2)
    hand.act("call")
    hand.act("check")
    assert pot_every_time(hand, random.Random(0)) == (Action.BET, 100)   # the $100 pot
    hand.act("bet", 100)
    assert pot_every_time(hand, random.Random(0)) == (Action.RAISE, 400)
    capped = Hand(Structure.fixed_limit(2, 4), [50, 50, 50], 0, seed=2)
    for _ in range(3):                                # raises to 4, 6, 8: the cap
        capped.act(*pot_every_time(capped, random.Random(0)))
    assert pot_every_time(capped, random.Random(0)) == (Action.CALL, None)


def test_random_legal_covers_every_kind_and_never_folds_for_free() -> None:
    rng = random.Random(4)
    seen: set[Action] = set()
    for _ in range(300):
        hand = Hand(Structure.no_limit(1, 2), [100, 100, 100], 0, rng=rng)
        while not hand.is_over:
            action, amount = random_legal(hand, rng)
            if action == Action.FOLD:
                assert hand.call_amount and hand.current_bet > hand.bets[hand.actor]
            seen.add(action)
            hand.act(action, amount)
    assert seen == set(Action)


def test_bad_simulate_arguments() -> None:
    with pytest.raises(ValueError, match="players"):
        simulate(10, PL, 11)
    with pytest.raises(ValueError, match="hands"):
        simulate(-1, PL, 6)


def test_cli_simulate_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "300", "--structure", "pot-limit", "--players", "6",
                 "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert "pot limit 1/2" in out and "hands       300" in out and "conserved" in out
    assert err == ""  # not a terminal: no progress bar (tests/cli/test_progress.py draws one)


def test_cli_simulate_json_matches_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "200", "--structure", "fixed-limit", "--stakes", "2/4",
                 "--players", "4", "--seed", "5", "--bots", "random,call", "--json",
                 "--quiet"]) == 0
    out, err = capsys.readouterr()
    got = json.loads(out)
    want = simulate(200, Structure.fixed_limit(2, 4), 4, seed=5,
                    bots=[random_legal, always_call])
    assert got["net"] == want.net and got["actions"] == want.actions
    assert got["bots"] == ["random", "call", "random", "call"] and err == ""


def test_cli_simulate_rejects_unknown_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "5", "--bots", "random,genius", "--quiet"]) == 2
    assert "genius" in capsys.readouterr().err


def test_cli_simulate_writes_every_hand_as_phhs(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.phhs"
    assert main(["simulate", "--hands", "40", "--structure", "mixed", "--players", "3",
                 "--seed", "2", "--phh", str(path), "--quiet"]) == 0
    capsys.readouterr()
    hands = tomllib.loads(path.read_text(encoding="utf-8"))
    assert list(hands) == [str(k) for k in range(1, 41)]
    variants = [hands[str(k)]["variant"] for k in range(1, 41)]
    # one orbit (3 hands) of pot limit, then 3 of fixed limit, and so on
    assert variants[:7] == ["PO/8"] * 3 + ["FO/8"] * 3 + ["PO/8"]
    for k in range(1, 41):
        hand = hands[str(k)]
        assert sum(hand["finishing_stacks"]) == sum(hand["starting_stacks"])


def test_phhs_text_reads_back_with_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    hands: list[Hand] = []
    simulate(20, Structure.fixed_limit(2, 4), 3, seed=4, bots=[always_call],
             on_hand=hands.append)
    histories = list(pokerkit.HandHistory.loads_all(to_phhs(hands)))
    assert [h.variant for h in histories] == ["FO/8"] * 20
    assert [list(h.starting_stacks) for h in histories] == \
        [tomllib.loads(to_phh(h))["starting_stacks"] for h in hands]


def test_phh_export_refuses_a_hand_in_progress_or_big_o() -> None:
    with pytest.raises(ValueError, match="finished"):
        to_phh(Hand(PL, [100, 100], 0, seed=1))
    big_o = Hand(PL, [100, 100], 0, seed=1, hole_count=5)
    big_o.act("fold")
    with pytest.raises(ValueError, match="4-card"):
        to_phh(big_o)


def test_big_o_and_six_card_hands_play_to_a_showdown() -> None:
    for hole_count in (5, 6):
        hand = Hand(PL, [100, 100, 100], 0, seed=hole_count, hole_count=hole_count)
        while not hand.is_over:
            hand.act(*always_call(hand, random.Random(0)))
        assert all(len(h or []) == hole_count for h in hand.holes)
        assert hand.settlement is not None and sum(hand.stacks) == 300


def test_mixed_simulation_summary_names_both_games() -> None:
    summary = simulate(24, MixedGame(PL, hands_per_game=6), 6, seed=1)
    assert "pot limit 1/2" in summary.structure and "fixed limit 4/8" in summary.structure
    assert "hands/s" in summary.format()


def test_cli_simulate_rejects_bad_stakes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--hands", "5", "--stakes", "1-2"])
    assert "1/2" in capsys.readouterr().err
