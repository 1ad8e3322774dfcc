"""hf.read_history: the site told from each file's content, over a path, an open
file, a directory (recursively, sorted) or a list; per-file counts; a file no site
knows reported (alone: a ValueError naming it) while the others are read."""

from __future__ import annotations

import codecs
import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import hilo_fast as hf
from hilo_fast.history.read import history_files, read_history, site_of
from hilo_fast.history.sites import SITES

DATA = Path(__file__).resolve().parents[1] / "data"
# Every fixture: (site folder, file) -> (site told, hands read), counted from the files.
FIXTURES = {
    ("winamax", "cash.txt"): ("winamax", 2), ("winamax", "tournament.txt"): ("winamax", 1),
    ("winamax", "five_card.txt"): ("winamax", 1),
    ("winning-acr", "hands.txt"): ("winning-acr", 4),
    ("winning-acr", "old_format.txt"): ("winning-acr", 1),
    ("888pacific", "hands.txt"): ("888pacific", 2),
    ("partypoker", "classic.txt"): ("partypoker", 2),
    ("partypoker", "current.txt"): ("partypoker", 1),
    ("bovada", "cash.txt"): ("bovada", 2), ("bovada", "tournament.txt"): ("bovada", 1),
    ("pokerstars", "plo8_cash.txt"): ("pokerstars", 4),
}


def _tree(root: Path) -> Path:
    """The fixtures copied into one folder, each site in a subfolder (one nested deeper)."""
    for (folder, name) in FIXTURES:
        target = root / "all" / folder / ("deeper" if folder == "bovada" else "") / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(DATA / folder / name, target)
    return root / "all"


def test_every_fixture_is_told_its_site_and_read_whole() -> None:
    for (folder, name), (site, count) in FIXTURES.items():
        reader = read_history(DATA / folder / name)
        hands = list(reader)
        assert (reader.files[0].site, len(hands), reader.error_count) == (site, count, 0), name
        assert all(h.replay().exact for h in hands), name


def test_a_directory_is_read_recursively_in_sorted_order(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    reader = hf.read_history(root)
    hands = list(reader)
    names = [Path(f.name).relative_to(root).as_posix() for f in reader.files]
    assert names == sorted(names, key=lambda n: n.split("/")) and len(names) == len(FIXTURES)
    assert len(hands) == reader.hands == sum(count for _, count in FIXTURES.values())
    assert reader.failures == [] and reader.error_count == 0
    # winamax's Hold'em hand: counted, not read
    assert reader.skipped == 1
    totals = reader.by_site()
    assert {site: t.hands for site, t in totals.items()} == {
        "winamax": 4, "winning-acr": 5, "888pacific": 2, "partypoker": 3, "bovada": 3,
        "pokerstars": 4}
    assert history_files(root) == [f.name for f in reader.files]


def test_a_list_of_paths_and_open_files(tmp_path: Path) -> None:
    cash = DATA / "winamax" / "cash.txt"
    with open(DATA / "bovada" / "cash.txt", "rb") as binary, \
            open(DATA / "888pacific" / "hands.txt", encoding="utf-8") as text:
        reader = read_history([str(cash), binary, text, DATA / "partypoker" / "current.txt"])
        ids = [h.hand_id for h in reader]
    assert [f.site for f in reader.files] == ["winamax", "bovada", "888pacific", "partypoker"]
    assert ids == ["100-1-1000", "100-2-1001", "3000000001", "3000000003", "700000001",
                   "700000002", "1700000000001abcd"]


@pytest.mark.parametrize("encode", [
    lambda t: codecs.BOM_UTF8 + t.encode("utf-8"),
    lambda t: t.encode("utf-16"),
    lambda t: t.encode("utf-16-le"),
    lambda t: t.replace("\n", "\r\n").encode("cp1252"),
], ids=["utf8-bom", "utf16", "utf16le-no-bom", "cp1252-crlf"])
@pytest.mark.parametrize(("folder", "name"), [("winamax", "tournament.txt"),
                                              ("bovada", "cash.txt"),
                                              ("pokerstars", "plo8_cash.txt")])
def test_every_encoding_reads_the_same_hands(tmp_path: Path, encode: object, folder: str,
                                             name: str) -> None:
    text = (DATA / folder / name).read_text(encoding="utf-8")
    want = [(h.hand_id, h.collected) for h in read_history(DATA / folder / name)]
    path = tmp_path / name
    path.write_bytes(encode(text))  # type: ignore[operator]
    assert [(h.hand_id, h.collected) for h in read_history(path)] == want
    assert [(h.hand_id, h.collected)
            for h in read_history(io.BytesIO(path.read_bytes()))] == want


def test_a_file_no_site_knows(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n" * 100, encoding="utf-8")
    with pytest.raises(ValueError, match=r"notes\.txt: no site's hand history recognised"):
        list(read_history(notes))
    # among several: reported, and the others read
    reader = read_history([notes, DATA / "winamax" / "cash.txt", tmp_path / "missing.txt"])
    assert len(list(reader)) == 2
    assert [(Path(name).name, "recognised" in why or "No such file" in why)
            for name, why in reader.failures] == [("notes.txt", True), ("missing.txt", True)]
    with pytest.raises(FileNotFoundError):
        list(read_history(tmp_path / "missing.txt"))
    with pytest.raises(TypeError, match="got int"):
        read_history(12)  # type: ignore[arg-type]


def test_the_registry_and_sniffing() -> None:
    assert set(SITES) >= {"pokerstars", "winamax", "winning-acr", "888pacific", "partypoker",
                          "bovada"}
    assert site_of("nothing here") is None
    for (folder, name), (site, _) in FIXTURES.items():
        head = (DATA / folder / name).read_text(encoding="utf-8")[:8192]
        assert site_of(head) == site, name


def test_hh_check_takes_a_directory_of_every_site(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    result = subprocess.run([sys.executable, "-m", "hilo_fast", "hh", "check", str(root)],
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result
    lines = result.stdout.splitlines()
    assert len(lines) == len(FIXTURES) and result.stderr == ""
    for (folder, name), (site, count) in FIXTURES.items():
        line = next(line for line in lines if line.startswith(str(root / folder)) and name in line)
        assert f": {count} read, {count} replayed exactly, 0 with discrepancies" in line
        assert line.endswith(f"[{site}]"), line


HH_SITES = Path(__file__).resolve().parents[3] / "tools" / "hh_sites.py"


@pytest.mark.skipif(not HH_SITES.exists(), reason="tools/ is not beside the tests")
def test_the_ci_table_of_every_site_folder(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    for folder in ("winning-acr", "888pacific", "partypoker", "pokerstars"):
        shutil.rmtree(root / folder)   # (a subprocess per folder: three are enough here)
    (root / "nowhere").mkdir()
    (root / "nowhere" / "notes.txt").write_text("not a hand history\n", encoding="utf-8")
    result = subprocess.run([sys.executable, str(HH_SITES), str(root)], capture_output=True,
                            text=True, timeout=300, check=False)
    assert result.returncode == 0, result   # hands or files not read are not a crash
    rows = {line.split()[0]: line.split()[1:] for line in result.stdout.splitlines()
            if line.split() and line.split()[0] in {"winamax", "bovada", "nowhere"}}
    # files, O8 present (by header), read, exact, flagged, skipped, unreadable, files failed
    assert rows["winamax"] == ["3", "4", "4", "4", "0", "1", "0", "0"]   # (+1 Hold'em skipped)
    assert rows["bovada"] == ["2", "3", "3", "3", "0", "0", "0", "0"]
    assert rows["nowhere"] == ["1", "?", "0", "0", "0", "0", "0", "1"]
