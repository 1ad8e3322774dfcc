"""``hilo-fast equity ... --distribution`` and ``--unroll``: the numbers they
print are the analysis functions' (themselves checked against brute forces in
tests/analysis), every histogram adds up, and each misuse is one error line.
In-process through hilo_fast.cli.app.main (the subprocess path is
tests/cli/test_cli_errors.py's)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

import hilo_fast as hf
from hilo_fast.cli.app import main

HERO, VILLAIN, TURN = "AA23:$ds@2,A234:$ds@1", "KKQQ:$ds,JJTT:$ds", "5h6h9cTd"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["equity", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_distribution_json_is_range_vs_range(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, HERO, VILLAIN, "--board", TURN, "--distribution", "--json")
    assert code == 0
    got = json.loads(out)
    for side, (a, b) in zip(got["players"], [(HERO, VILLAIN), (VILLAIN, HERO)], strict=True):
        want = hf.range_vs_range(a, b, TURN)
        assert side["equity"] == pytest.approx(want.equity, rel=1e-12)
        equities = [c["equity"] for c in side["combos"]]
        assert equities == sorted(equities)
        dealt = [c["weight"] * c["deals"] for c in side["combos"]]
        mean = sum(d * e for d, e in zip(dealt, equities, strict=True)) / sum(dealt)
        assert mean == pytest.approx(want.equity, rel=1e-12)
    assert got["players"][0]["equity"] + got["players"][1]["equity"] == pytest.approx(1.0)


def test_distribution_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, HERO, VILLAIN, "--board", TURN, "--distribution")
    assert code == 0
    want = hf.range_vs_range(HERO, VILLAIN, TURN)
    assert f"{HERO} {want.equity:.4f}" in out
    shares = [float(m.group(1)) for line in out.splitlines()
              if (m := re.match(r"\s+\d+-\d+%\s+([\d.]+)%", line))]
    assert len(shares) == 20  # ten bins per range
    assert sum(shares[:10]) == pytest.approx(100, abs=0.5)  # (each rounded to 0.1)
    assert sum(shares[10:]) == pytest.approx(100, abs=0.5)  # (each rounded to 0.1)


def test_a_hand_gets_no_histogram(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "As2sKhKd", VILLAIN, "--board", TURN, "--distribution")
    assert code == 0
    assert "As2sKhKd:" not in out and f"{VILLAIN}:" in out


def test_unroll_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "As2sKhKd", VILLAIN, "--board", "5h6h9c", "--unroll", "--json")
    assert code == 0
    got = json.loads(out)
    want = hf.unroll("As2sKhKd", VILLAIN, "5h6h9c")
    assert [s["equity"] for s in got["streets"]] == want.equities
    cards = got["next"]["cards"]
    assert sum(c["probability"] for c in cards) == pytest.approx(1.0)
    assert sum(c["probability"] * c["equity"] for c in cards) == pytest.approx(want.equities[0])


def test_unroll_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "As2sKhKd", VILLAIN, "--board", TURN + "3c", "--unroll")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()[1:]] == ["flop", "turn", "river"]


def test_plots(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    for option in ("--distribution", "--unroll"):
        path = tmp_path / f"{option[2:]}.png"
        hero = HERO if option == "--distribution" else "As2sKhKd"  # (quick on the pure twin)
        code, out, _ = run(capsys, hero, VILLAIN, "--board", TURN, option, "--plot", str(path))
        assert code == 0 and f"chart written to {path}" in out
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_missing_matplotlib(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    code, out, err = run(capsys, HERO, VILLAIN, "--board", TURN, "--distribution", "--plot",
                         str(tmp_path / "x.png"))
    assert code == 2 and out == ""
    assert err == "hilo-fast: error: --plot needs matplotlib: pip install 'hilo-fast[plot]'\n"


@pytest.mark.parametrize(("args", "message"), [
    ((HERO, VILLAIN, "KK", "--board", TURN, "--distribution"), "needs two players"),
    ((HERO, "random", "--board", TURN, "--distribution"), "needs two players"),
    ((HERO, VILLAIN, "--distribution"), "one board of 3, 4 or 5 cards"),
    ((HERO, VILLAIN, "--board", "5h6h", "--unroll"), "one board of 3, 4 or 5 cards"),
    ((HERO, VILLAIN, "--board", TURN, "--distribution", "--samples", "10"), "is exact"),
    ((HERO, VILLAIN, "--board", TURN, "--distribution", "--game", "omahahi"), "hi/lo on one"),
    ((HERO, VILLAIN, "--board", TURN, "--unroll", "--runs", "2"), "drop --runs"),
    ((HERO, VILLAIN, "--board", TURN, "--plot", "x.png"), "--plot draws --distribution"),
    ((HERO, VILLAIN, "--board", TURN + "2c", "--unroll", "--plot", "x.png"), "a flop or a turn"),
    (("AsAd2s3d", "AsKdKhKc", "--board", TURN, "--distribution"), "never be dealt together"),
    ((HERO, "KKQ(", "--board", TURN, "--distribution"), "KKQ("),
    ((HERO, VILLAIN, "--board", TURN, "--distribution", "--game", "omaha85"), "hold 4 cards"),
])
def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                               message: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("hilo-fast: error: ") and err.count("\n") == 1
    assert message in err


def test_distribution_and_unroll_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["equity", HERO, VILLAIN, "--board", TURN, "--distribution", "--unroll"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("hilo-fast: error: ") and "not allowed with" in err
