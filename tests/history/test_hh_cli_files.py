"""``hilo-fast hh`` with files that are missing, not hand histories, or half unreadable,
and Ctrl-C part way. One exit rule for all three commands: 0 all read (and replayed
exactly, or written), 1 a file or a hand could not be (each said, the rest still
done), 2 a bad command line, 130 Ctrl-C with how far the run got. ``convert`` never
leaves a partial ``.phhs``. Every test runs the real command in a subprocess."""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import hilo_fast as hf

DATA = Path(__file__).resolve().parent / "data" / "pokerstars"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "hand_history_report.py"
# Hands in each good file, counted by hand from the files: one header line each.
GOOD = {"plo8_cash.txt": 4, "tournament.txt": 1}


def run(*args: str, cwd: Path | None = None, timeout: float = 120
        ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hilo_fast", *args], capture_output=True,
                          text=True, timeout=timeout, check=False, cwd=cwd)


def error_lines(stderr: str) -> list[str]:
    assert "Traceback" not in stderr, stderr
    return [line for line in stderr.splitlines() if line.startswith("hilo-fast: error: ")]


# ---------------------------------------------------------------- bad files

def _bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Each kind of file that cannot be read: (path, what its error line must say)."""
    notes = tmp_path / "notes.txt"
    notes.write_text("".join(f"line {i} of my notes\n" for i in range(80)), encoding="utf-8")
    folder = tmp_path / "folder"
    folder.mkdir()
    return {"missing": (tmp_path / "missing.txt", "No such file or directory"),
            "not a history": (notes, "no site's hand history recognised"),
            "directory": (folder, "a directory with no files in it")}


def _cases() -> list[tuple[str, int]]:
    """(kind of bad file, its place among the two good files); and none at all."""
    kinds = ["missing", "not a history", "directory"]
    return [("", -1), *itertools.product(kinds, range(3))]


@pytest.mark.parametrize(("kind", "place"), _cases())
def test_check_reports_each_bad_file_and_goes_on(tmp_path: Path, kind: str, place: int) -> None:
    goods = [DATA / name for name in GOOD]
    files = list(goods)
    bad: tuple[Path, str] | None = None
    if kind:
        bad = _bad_files(tmp_path)[kind]
        files.insert(place, bad[0])
    result = run("hh", "check", *map(str, files))
    assert result.returncode == (1 if kind else 0), result
    lines = result.stdout.splitlines()
    for good in goods:   # every good file is still checked, in order, whole
        count = GOOD[good.name]
        assert f"{good}: {count} read, {count} replayed exactly, 0 with discrepancies" \
            in result.stdout
    assert [line.split(":")[0] for line in lines] == [str(g) for g in goods]
    errors = error_lines(result.stderr)
    if bad is None:
        assert errors == []
    else:
        assert len(errors) == 1 and str(bad[0]) in errors[0] and bad[1] in errors[0], errors


@pytest.mark.parametrize(("kind", "place"), _cases())
def test_report_reports_each_bad_file_and_goes_on(tmp_path: Path, kind: str, place: int) -> None:
    files = [DATA / name for name in GOOD]
    bad: tuple[Path, str] | None = None
    if kind:
        bad = _bad_files(tmp_path)[kind]
        files.insert(place, bad[0])
    result = run("hh", "report", *map(str, files), "--json")
    assert result.returncode == (1 if kind else 0), result
    data = json.loads(result.stdout)
    assert data["hands"] == sum(GOOD.values())   # every good file's hands are in
    errors = error_lines(result.stderr)
    if bad is None:
        assert errors == [] and data["files_failed"] == []
    else:
        assert len(errors) == 1 and str(bad[0]) in errors[0] and bad[1] in errors[0], errors
        assert [f["file"] for f in data["files_failed"]] == [str(bad[0])]
        assert bad[1] in data["files_failed"][0]["error"]


def test_every_bad_file_is_named_in_the_order_given(tmp_path: Path) -> None:
    bads = _bad_files(tmp_path)
    order = [bads["directory"], bads["missing"], bads["not a history"]]
    for command in (["check"], ["report"]):
        result = run("hh", *command, *(str(p) for p, _ in order), str(DATA / "plo8_cash.txt"))
        assert result.returncode == 1
        errors = error_lines(result.stderr)
        assert len(errors) == 3
        for line, (path, says) in zip(errors, order, strict=True):
            assert str(path) in line and says in line, (line, path)


@pytest.mark.parametrize("kind", ["missing", "not a history", "directory"])
def test_one_exit_status_for_a_bad_file_in_every_hh_command(tmp_path: Path, kind: str) -> None:
    path, says = _bad_files(tmp_path)[kind]
    target = tmp_path / "out.phhs"
    for command in (["check", str(path)], ["report", str(path)],
                    ["convert", str(path), str(target)]):
        result = run("hh", *command)
        assert result.returncode == 1, (command, result)
        errors = error_lines(result.stderr)
        assert len(errors) == 1 and says in errors[0], (command, result.stderr)
    assert not target.exists()


@pytest.mark.parametrize("args", [
    ["hh"], ["hh", "check"], ["hh", "frob"], ["hh", "convert", "x.txt"],
    ["hh", "report", str(DATA / "plo8_cash.txt"), "--player", "nobody"],
])
def test_a_bad_hh_command_line_is_status_2(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2, result
    assert len(error_lines(result.stderr)) == 1 == len(result.stderr.splitlines())


# ---------------------------------------------------------------- convert

def _hand_texts() -> list[str]:
    """The hands of plo8_cash.txt as separate texts (split at their headers)."""
    text = (DATA / "plo8_cash.txt").read_text(encoding="utf-8")
    parts = re.split(r"(?m)^(?=PokerStars Hand #)", text)
    return [part.strip() + "\n" for part in parts if part.strip()]


def _history(count: int, unreadable: set[int], first_id: int = 700000000000) -> str:
    """``count`` hands (the fixture's hands in turn, each with its own id); those in
    ``unreadable`` get a line no reader understands after their hole cards."""
    templates = _hand_texts()
    hands = []
    for i in range(count):
        text = templates[i % len(templates)]
        text = re.sub(r"Hand #\d+", f"Hand #{first_id + i}", text, count=1)
        if i in unreadable:
            text = text.replace("*** HOLE CARDS ***\n", "*** HOLE CARDS ***\n@@@ garbage @@@\n")
            assert "@@@" in text
        hands.append(text)
    return "\n\n".join(hands) + "\n"


@pytest.mark.parametrize(("count", "bad"), [(15, 14), (15, 0), (15, 15), (1, 1), (7, 1), (9, 4)])
def test_convert_says_how_many_hands_it_could_not_read_and_fails(
        tmp_path: Path, count: int, bad: int) -> None:
    unreadable = set(random.Random(count * 100 + bad).sample(range(count), bad))
    source, target = tmp_path / "in.txt", tmp_path / "out.phhs"
    source.write_text(_history(count, unreadable), encoding="utf-8")
    result = run("hh", "convert", str(source), str(target))
    written = count - bad
    assert result.returncode == (1 if bad else 0), result
    assert f"{written} hand{'' if written == 1 else 's'} written to {target}" in result.stdout
    errors = error_lines(result.stderr)
    if bad:
        assert errors == [f"hilo-fast: error: {bad} hand{'' if bad == 1 else 's'} of {source} "
                          f"not written ({bad} unreadable)"]
        skipped = [line for line in result.stderr.splitlines() if line.startswith("skipped")]
        assert sorted(int(re.search(r"#(\d+)", line)[1]) - 700000000000  # type: ignore[index]
                      for line in skipped) == sorted(unreadable)
    else:
        assert errors == []
    hands = hf.read_phh(target) if written else []
    assert len(hands) == written
    assert not list(tmp_path.glob(".*.part"))   # the temporary file is gone


def test_convert_writes_a_file_as_open_would_and_replaces_an_old_one(tmp_path: Path) -> None:
    target = tmp_path / "out.phhs"
    target.write_text("old\n", encoding="utf-8")
    result = run("hh", "convert", str(DATA / "plo8_cash.txt"), str(target))
    assert result.returncode == 0, result
    assert len(hf.read_phh(target)) == GOOD["plo8_cash.txt"]
    made = tmp_path / "made_by_open"
    made.write_text("", encoding="utf-8")   # (the umask of this process is the child's)
    assert target.stat().st_mode & 0o777 == made.stat().st_mode & 0o777
    assert sorted(p.name for p in tmp_path.iterdir()) == ["made_by_open", "out.phhs"]


def test_convert_of_a_bad_file_leaves_the_old_target_alone(tmp_path: Path) -> None:
    target = tmp_path / "out.phhs"
    target.write_text("old\n", encoding="utf-8")
    for kind, (path, says) in _bad_files(tmp_path).items():
        result = run("hh", "convert", str(path), str(target))
        assert result.returncode == 1, (kind, result)
        assert says in error_lines(result.stderr)[0]
        assert target.read_text(encoding="utf-8") == "old\n"
    assert not list(tmp_path.glob(".*.part"))


@pytest.mark.parametrize(("name", "reason"), [("no/x.phhs", "No such file or directory"),
                                              ("folder", "Is a directory")])
def test_convert_to_a_place_it_cannot_write_is_one_line(tmp_path: Path, name: str,
                                                        reason: str) -> None:
    (tmp_path / "folder").mkdir()
    result = run("hh", "convert", str(DATA / "plo8_cash.txt"), str(tmp_path / name))
    assert result.returncode == 1
    assert error_lines(result.stderr) == [
        f"hilo-fast: error: cannot write {str(tmp_path / name)!r}: {reason}"
    ] == result.stderr.splitlines()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]   # no temporary left


# ---------------------------------------------------------------- Ctrl-C

def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _interrupt(args: list[str], ready: Callable[[subprocess.Popen[str]], bool]
               ) -> tuple[int, str, str]:
    """Start the command, wait until ``ready(process)``, press Ctrl-C: (status, stdout,
    stderr)."""
    # Ctrl-C at its default in the child (a shell may start background jobs with
    # SIGINT ignored, and an ignored signal stays ignored across exec).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = subprocess.Popen([sys.executable, "-m", "hilo_fast", *args],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    finally:
        signal.signal(signal.SIGINT, previous)
    guard = threading.Timer(120, proc.kill)   # a run that ignores Ctrl-C fails, never hangs
    guard.start()
    try:
        deadline = time.monotonic() + 90
        while not ready(proc) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert proc.poll() is None, "the run ended before Ctrl-C: make its input bigger"
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate()
    finally:
        guard.cancel()
    return proc.returncode, out, err


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child")


@pytest.fixture(scope="module")
def big_history(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """A file of many readable hands (several seconds of work): (path, hands)."""
    count = 40_000 if hf.BACKEND == "native" else 12_000
    path = tmp_path_factory.mktemp("big") / "big.txt"
    path.write_text(_history(count, set()), encoding="utf-8")
    return path, count


def _number(text: str) -> int:
    return int(text.replace(",", ""))


@posix_only
@pytest.mark.parametrize("old", [False, True])
def test_ctrl_c_in_convert_leaves_no_partial_file_and_says_how_far(
        tmp_path: Path, big_history: tuple[Path, int], old: bool) -> None:
    source, count = big_history
    target = tmp_path / "out.phhs"
    if old:
        target.write_text("old\n", encoding="utf-8")

    def writing(_: subprocess.Popen[str]) -> bool:   # the temporary file has hands in it
        return any(p.stat().st_size > 10_000 for p in tmp_path.glob(".out.phhs.*.part"))

    status, out, err = _interrupt(["hh", "convert", str(source), str(target)], writing)
    assert status == 130, err
    assert "Traceback" not in err
    match = re.fullmatch(r"hilo-fast: interrupted after ([\d,]+) hands; ([\d,]+) hands "
                         r"converted, none written: (.*) (left as it was|not made)\n", err)
    assert match is not None, err
    read, converted = _number(match[1]), _number(match[2])
    assert 0 < converted <= read < count
    assert match[3] == str(target) and match[4] == ("left as it was" if old else "not made")
    assert out == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == (["out.phhs"] if old else [])
    if old:
        assert target.read_text(encoding="utf-8") == "old\n"


@posix_only
def test_ctrl_c_in_check_says_how_far(tmp_path: Path, big_history: tuple[Path, int]) -> None:
    source, count = big_history
    files = [str(source)] * 4

    def first_file_done(proc: subprocess.Popen[str]) -> bool:
        assert proc.stdout is not None
        return bool(proc.stdout.readline())   # blocks until the first file's line

    status, out, err = _interrupt(["hh", "check", *files], first_file_done)
    assert status == 130 and "Traceback" not in err
    match = re.fullmatch(r"hilo-fast: interrupted after ([\d,]+) hands; ([1-3]) of 4 files "
                         r"checked\n", err)
    assert match is not None, err
    done = int(match[2])
    assert done * count <= _number(match[1]) < (done + 1) * count
    assert out.count(f"{source}: {count} read") == done - 1   # (the first line was read above)


@posix_only
@needs_proc
def test_ctrl_c_in_report_says_how_far(big_history: tuple[Path, int]) -> None:
    source, count = big_history

    def busy(proc: subprocess.Popen[str]) -> bool:
        return _cpu_seconds(proc.pid) > 1.5

    status, out, err = _interrupt(["hh", "report", str(source), str(source)], busy)
    assert status == 130 and "Traceback" not in err and out == ""
    match = re.fullmatch(r"hilo-fast: interrupted after ([\d,]+) hands; ([12]) of 2 files "
                         r"opened; no report printed\n", err)
    assert match is not None, err
    assert 0 < _number(match[1]) < 2 * count
    assert (int(match[2]) - 1) * count <= _number(match[1]) <= int(match[2]) * count


# ---------------------------------------------------------------- the example

@pytest.mark.skipif(not EXAMPLE.exists(), reason="examples/ is not beside the tests")
def test_example_reads_every_file_given() -> None:
    files = [DATA / name for name in GOOD]
    result = subprocess.run([sys.executable, str(EXAMPLE), *map(str, files)],
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    for path in files:
        count = GOOD[path.name]
        assert f"{path.name}: {count} hands, {count} replayed exactly" in result.stdout
    assert f"2 files: {sum(GOOD.values())} hands" in result.stdout
    # plo8_cash is in dollars, tournament.txt in chips: both units balanced
    assert "USD: the nets add up to minus the rake" in result.stdout
    assert "chips: the nets add up to minus the rake" in result.stdout


@posix_only
def test_report_on_a_terminal_says_a_bad_file_on_a_line_of_its_own(
        tmp_path: Path, on_terminal: Callable[..., Any]) -> None:
    """The bar is drawn with carriage returns: a bad file's line comes after it ends."""
    result, shown = on_terminal([sys.executable, "-m", "hilo_fast", "hh", "report",
                                 str(DATA / "plo8_cash.txt"), str(tmp_path / "missing.txt")],
                                timeout=120, check=False)
    text = shown.replace("\r\n", "\n")
    assert result.returncode == 1
    assert "4 hands" in text   # the bar was drawn
    assert f"\nhilo-fast: error: {tmp_path / 'missing.txt'}: No such file or directory\n" in text
    assert text.count("hilo-fast: error:") == 1
    assert "4 hands (4 replayed exactly" in result.stdout
