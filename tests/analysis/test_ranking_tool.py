"""tools/preflop_ranking.py --players: a small run writes a file that reads
back as a ranking, reproducibly (the same seed, the same file body)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("numpy")

from hilo_fast.ranges.preflop import read_ranking_rows


def _load_tool() -> ModuleType | None:
    """tools/preflop_ranking.py found from this file (None beside a copy of the
    tests alone: an installed wheel's suite)."""
    for folder in Path(__file__).resolve().parents:
        path = folder / "tools" / "preflop_ranking.py"
        if path.exists():
            spec = importlib.util.spec_from_file_location("preflop_ranking_tool", path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module
    return None


_tool = _load_tool()
if _tool is None:
    pytest.skip("tools/preflop_ranking.py is not beside the tests", allow_module_level=True)
tool: ModuleType = _tool


def _body(path: Path) -> list[str]:
    return [line for line in path.read_text().splitlines() if not line.startswith("# cost")]


def test_a_small_table_run_writes_a_ranking_file(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    assert tool.main(["--players", "4", "--deals", "3000", "--seed", "9",
                      "--out", str(out)]) == 0
    samples, rows = read_ranking_rows(out.read_text())
    assert len(rows) == 16432 and samples == 0   # 3,000 tables leave classes undealt
    assert [eq for _, eq, _ in rows if eq == eq] == sorted(
        (eq for _, eq, _ in rows if eq == eq), reverse=True)
    again = tmp_path / "again.csv"
    tool.main(["--players", "4", "--deals", "3000", "--seed", "9", "--threads", "2",
               "--out", str(again)])
    assert _body(out) == _body(again)   # threads change the cost line only


def test_a_run_against_a_range_names_it(tmp_path: Path) -> None:
    out = tmp_path / "vs.csv"
    assert tool.main(["--players", "2", "--against", "AA", "--deals", "2000",
                      "--out", str(out)]) == 0
    text = out.read_text()
    assert "# against: AA" in text and "1 hand(s) of the range AA" in text


def test_a_small_5_card_run_writes_every_5_card_class(tmp_path: Path) -> None:
    out = tmp_path / "r5.csv"
    assert tool.main(["--players", "6", "--hole", "5", "--deals", "2000", "--seed", "3",
                      "--out", str(out)]) == 0
    text = out.read_text()
    assert "# hole cards: 5" in text and "hand,equity,std_error,samples" in text
    samples, rows = read_ranking_rows(text)
    assert len(rows) == 134459 and samples == 0   # 2,000 tables leave classes undealt
    assert all(len(hand) == 10 for hand, _, _ in rows)
    dealt = [eq for _, eq, _ in rows if eq == eq]
    assert len(dealt) <= 12000 and dealt == sorted(dealt, reverse=True)
    again = tmp_path / "again.csv"
    tool.main(["--players", "6", "--hole", "5", "--deals", "2000", "--seed", "3",
               "--threads", "2", "--out", str(again)])
    assert _body(out) == _body(again)
    with pytest.raises(SystemExit, match="--against needs 4-card hands"):
        tool.main(["--players", "2", "--hole", "5", "--against", "AA", "--deals", "10"])
