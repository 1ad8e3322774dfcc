"""``hh report --db --html``: the page renders in a real headless Chromium (the
distribution's package: apt-get install -y chromium) with no console message
at all, its charts are in the rendered DOM, and a screenshot is taken. Without
Chromium the test skips, except where HILO_FAST_REQUIRE_DB_SERVICES is set
(.ci/run's step), where that is a failure."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from hilo_fast.cli import main
from hilo_fast.history.db import import_hands, open_database
from hilo_fast.history.sites.pokerstars import read_pokerstars

from .conftest import WEIRD_NAMES


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("HILO_FAST_REQUIRE_DB_SERVICES"):   # .ci/run: never skip
        pytest.fail("no chromium (apt-get install -y chromium)")
    pytest.skip("no chromium (apt-get install -y chromium)")


def _render(page: Path, screenshot: Path | None = None) -> tuple[list[str], str]:
    """(console lines, rendered DOM) of ``page``; its screenshot written if asked."""
    browser = _chromium()
    flags = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr",
             "--v=0", "--window-size=1000,1600", "--hide-scrollbars"]
    # The browser runs in the user's environment, not the suite's: under .ci/sanitize.sh
    # the suite's LD_PRELOAD (the sanitizers' runtime) would be loaded into it too.
    env = {k: v for k, v in os.environ.items()
           if k not in ("LD_PRELOAD", "ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS")}
    logs = ""
    if screenshot is not None:
        logs = subprocess.run([*flags, f"--screenshot={screenshot}", page.as_uri()],
                              capture_output=True, text=True, timeout=120, check=False,
                              env=env).stderr
    dom = subprocess.run([*flags, "--dump-dom", page.as_uri()], capture_output=True, text=True,
                         timeout=120, check=False, env=env)
    console = [line for line in (logs + dom.stderr).splitlines() if ":CONSOLE" in line]
    return console, dom.stdout


def test_the_console_check_can_fail(tmp_path: Path) -> None:
    """A page with a script error is caught: the check below is not blind."""
    page = tmp_path / "bad.html"
    page.write_text("<!DOCTYPE html><html><body><p>x</p><script>missing_function();"
                    "</script></body></html>", encoding="utf-8")
    console, dom = _render(page)
    assert any("missing_function" in line for line in console)
    assert "<p>x</p>" in dom


def test_report_renders_without_errors(tmp_path: Path, hands_file: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    _chromium()
    target = str(tmp_path / "hands.duckdb")
    with open_database(target) as db:
        import_hands(db, read_pokerstars(hands_file))
    page = tmp_path / "report.html"
    player = WEIRD_NAMES["p1"]   # quotes, and SQL, in the page's title and tables
    assert main(["hh", "report", "--db", target, "--html", str(page), "--player", player]) == 0
    assert capsys.readouterr().out.strip() == f"{page} written"
    text = page.read_text(encoding="utf-8")
    assert "http" not in text and "<script" not in text   # self-contained, nothing fetched
    screenshot = tmp_path / "report.png"
    console, dom = _render(page, screenshot)
    assert console == []
    assert dom.count("<svg") == 3 and dom.count("<polyline") == 2
    assert "O'Brien\"; DROP TABLE hands;--" in dom.replace("&quot;", '"')
    assert "<h2>By position</h2>" in dom and "<h2>Hi/lo at showdown</h2>" in dom
    data = screenshot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000   # drawn, not blank
    keep = os.environ.get("HILO_FAST_REPORT_SCREENSHOT")   # (where to keep it, if wanted)
    if keep:
        shutil.copyfile(screenshot, keep)
