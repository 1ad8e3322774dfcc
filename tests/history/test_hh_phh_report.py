"""Hand histories to PHH and back, the all-in report, and the `hilo-fast hh` commands."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest
import tomllib

import hilo_fast as hf
from hilo_fast.cli import main
from hilo_fast.engine.selfplay import random_legal
from hilo_fast.history.report import all_in_equity, report

DATA = Path(__file__).parent / "data" / "pokerstars"


def histories(name: str) -> list[hf.HandHistory]:
    return list(hf.read_pokerstars(DATA / name))


# ------------------------------------------------------------------------- PHH

def test_to_phh_writes_unknown_cards_mucks_and_what_the_site_paid() -> None:
    h = histories("plo8_cash.txt")[3]          # bob mucks at showdown
    phh = tomllib.loads(h.to_phh())
    assert phh["variant"] == "PO/8" and phh["players"] == ["erin", "bob"]
    assert "p2 sm" in phh["actions"] and "p1 sm QcQhJcTd" in phh["actions"]
    assert phh["winnings"] == [19, 0] and phh["_rake"] == 1
    assert phh["finishing_stacks"] == [309, 290] and phh["hand"] == 300000000004
    assert hf.to_phh(h) == h.to_phh()
    h = histories("plo8_cash.txt")[2]          # only alice's cards known
    actions = tomllib.loads(h.to_phh())["actions"]
    assert sum(a.endswith("????????") for a in actions) == 4


def test_pokerkit_reads_the_fixed_limit_export() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    h = histories("lo8_limit.txt")[0]
    r = h.replay()
    assert r.hand is not None
    *_, state = pokerkit.HandHistory.loads(h.to_phh())
    assert list(state.stacks) == [r.hand.stacks[s] for s in hf.phh.player_order(r.hand)]


def test_read_phh_replays_the_exports(backend: ModuleType) -> None:
    for name in ("plo8_cash.txt", "lo8_limit.txt", "tournament.txt"):
        for h in histories(name):
            r = h.replay()
            if not r.settled:
                continue
            (back,) = hf.parse_phh(h.to_phh())
            assert r.hand is not None
            assert back.actions == r.hand.actions and back.starting_stacks == \
                r.hand.starting_stacks
            known = [r.seat_of[n] for n in h.hole_cards]
            assert [back.holes[s] for s in known] == [r.hand.holes[s] for s in known]


def test_read_phh_round_trips_hilo_fast_self_play(backend: ModuleType, tmp_path: Path) -> None:
    rng = random.Random(5)
    hands = []
    for number in range(60):
        structure = (hf.Structure.fixed_limit(2, 4), hf.Structure.pot_limit(1, 2),
                     hf.Structure.no_limit(1, 2, ante=1))[number % 3]
        seats = rng.randint(2, 8)
        stacks = [rng.choice((0, rng.randint(1, 30), rng.randint(50, 400))) for _ in range(seats)]
        if sum(1 for s in stacks if s) < 2:
            stacks[:2] = [50, 50]
        button = next(i for i, s in enumerate(stacks) if s)
        hand = hf.Hand(structure, stacks, button, rng=rng)
        while not hand.is_over:
            hand.act(*random_legal(hand, rng))
        hands.append(hand)
    path = tmp_path / "self.phhs"
    path.write_text(hf.to_phhs(hands), encoding="utf-8")
    back = hf.read_phh(path)
    assert len(back) == len(hands)
    for ours, theirs in zip(hands, back, strict=True):
        assert (theirs.stacks, theirs.holes, theirs.board, theirs.actions, theirs.button) == (
            ours.stacks, ours.holes, ours.board, ours.actions, ours.button)


@pytest.mark.parametrize(("text", "message"), [
    ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
     'starting_stacks = [10, 10]\nactions = []\n', "variant 'NT' is not one of"),
    ("this is = = not toml\n", "not PHH"),
    ('variant = "PO/8"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
     'starting_stacks = [10, 10]\nactions = ["p1 f"]\n', "p1 acts out of turn"),
    ('variant = "PO/8"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
     'starting_stacks = [10, 10]\nactions = []\n', "before the hand is over"),
])
def test_parse_phh_names_bad_input(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        hf.parse_phh(text)


# --------------------------------------------------------------------- report

def test_all_in_equity_is_exact_against_brute_force(backend: ModuleType) -> None:
    """The tournament hand went all in on the flop: enumerate every turn and
    river with hf.showdown and the real contributions, and average the payouts."""
    (h,) = histories("tournament.txt")
    r = h.replay()
    allin = all_in_equity(r)
    assert allin is not None and allin.board == ("2c", "7d", "Kh")
    assert r.hand is not None
    seats = {name: r.seat_of[name] for name in r.showdown}
    chips = [r.contributions.get(name, 0) for name in
             sorted(r.seat_of, key=lambda n: r.seat_of[n])]
    holes = [r.hand.holes[s] if s in seats.values() else None for s in range(len(chips))]
    used = set(r.board[:3]) | {c for hole in holes if hole for c in hole}
    rest = [c for c in range(52) if c not in used]
    total = dict.fromkeys(seats, 0)
    boards = 0
    for i, turn in enumerate(rest):
        for river in rest[i + 1:]:
            result = hf.showdown([*r.board[:3], turn, river], holes, chips,
                                 folded=[r.seat_of["ned"]], button=1)
            for name, seat in seats.items():
                total[name] += result.payouts[seat]
            boards += 1
    for name in seats:   # odd chips aside (at most one per pot per board), the same
        assert abs(Fraction(total[name], boards) - allin.expected[name]) <= 2
    assert sum(allin.expected.values()) == 3310
    assert allin.collected == {"kim": 1227, "lee": 1255, "max": 828}


def test_report_per_player() -> None:
    total = report([hf.read_pokerstars(DATA / "plo8_cash.txt")])
    assert (total.hands, total.exact, total.skipped) == (4, 4, 0)
    bob = total.players[("bob", "USD")]
    assert (bob.hands, bob.net, bob.showdowns) == (4, 116 + 235 - 10 - 10, 3)
    assert (bob.three_quarters, bob.halves, bob.scoops) == (1, 1, 0)
    erin = total.players[("erin", "USD")]
    assert (erin.net, erin.halves, erin.scoops) == (35 + 9, 1, 1)
    assert total.players[("alice", "USD")].quarters == 1
    assert total.players[("alice", "USD")].net == -109 - 300 - 10


def test_report_adjusts_all_in_hands_only() -> None:
    total = report([hf.read_pokerstars(DATA / "tournament.txt")])
    (allin,) = total.all_ins
    for (name, unit), stats in total.players.items():
        assert unit == "chips"
        if name in allin.expected:
            assert stats.adjusted == stats.net - allin.collected[name] + allin.expected[name]
        else:
            assert stats.adjusted == stats.net


# ------------------------------------------------------------------------ CLI

def test_cli_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hh", "check", str(DATA / "plo8_cash.txt"), str(DATA / "mixed_home.txt")]) == 0
    out = capsys.readouterr().out
    assert "plo8_cash.txt: 4 read, 4 replayed exactly, 0 with discrepancies" in out
    assert "2 of other games skipped (Hold'em No Limit x1, Razz Limit x1)" in out
    assert main(["hh", "check", str(DATA / "bad.txt")]) == 1
    assert "unknown game 'Omaha Hi/Lo Spread Limit'" in capsys.readouterr().out


def test_cli_convert(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.phhs"
    assert main(["hh", "convert", str(DATA / "plo8_cash.txt"), str(out)]) == 0
    assert "4 hands written" in capsys.readouterr().out
    assert len(hf.read_phh(out)) == 4
    assert main(["hh", "convert", str(DATA / "mixed_home.txt"), str(out)]) == 1  # a hand left out
    assert "not converted: PHH has variant codes for 4-card Omaha only" in \
        capsys.readouterr().err


def test_cli_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(DATA / "plo8_cash.txt"), str(DATA / "tournament.txt")]
    assert main(["hh", "report", *files]) == 0
    out = capsys.readouterr().out
    assert "5 hands (5 replayed exactly" in out and "bob" in out
    assert main(["hh", "report", *files, "--json", "--player", "kim"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["name"] for p in data["players"]] == ["kim"] and len(data["all_ins"]) == 2
    assert main(["hh", "report", *files, "--player", "nobody"]) == 2
    assert "hilo-fast: error: no hands of player 'nobody'" in capsys.readouterr().err
    not_history = tmp_path / "notes.txt"
    not_history.write_text("hello\n", encoding="utf-8")
    assert main(["hh", "report", str(not_history)]) == 1  # a file at fault: the hh rule
    assert "no site's hand history recognised" in capsys.readouterr().err


def test_cli_report_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "bob.png"
    assert main(["hh", "report", str(DATA / "plo8_cash.txt"), "--player", "bob",
                 "--plot", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
