"""`hilo-fast hh check` over every site folder of a hand-history tree, as a table.

    python tools/hh_sites.py ../shared/data/hand-histories

For each folder (one site), the files, the Omaha Hi/Lo hands present counted
independently of the readers (header lines matched by a pattern per site, see
HEADERS; "?" for a site with none here), and what `hilo-fast hh check` said: hands
read, replayed exactly, flagged with discrepancies, skipped (other games, run it
twice, ...), unreadable, files not read. Exits 1 only when `hh check` crashed
(an exit status other than 0 or 1): a hand a reader does not support yet is
reported, not fatal.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from hilo_fast.history.sites._base import open_source

# Omaha Hi/Lo hand headers by site folder (written from the formats, not the readers).
HEADERS = {
    "pokerstars": r"^\ufeff?PokerStars .*#\d+: .*(?:Omaha Hi/Lo|Courchevel Hi/Lo)",
    "winamax": r"^Winamax Poker - .*HandId: .*Omaha(?: Hi/Lo|8) ",
    "winning-acr": r"^Hand #\d+.* - (?:5Card )?Omaha H/L\(|^Game ID: .*\(Omaha HiLow\)",
    "888pacific": r"Blinds .*OmahaHL - \*\*\*",
    "partypoker": r"Omaha Hi[-/]Lo.* - \w",
    "bovada": r"^(?:Bovada|Ignition|Bodog) Hand #\d+.*OMAHA HiLo",
}
_LINE = re.compile(r"^(?P<path>.+): (?P<read>\d+) read, (?P<exact>\d+) replayed exactly, "
                   r"(?P<flagged>\d+) with discrepancies, (?P<cancelled>\d+) cancelled, "
                   r"(?P<skipped>\d+) of other games skipped.*?, (?P<unreadable>\d+) unreadable")
COLUMNS = ("files", "O8 present", "read", "exact", "flagged", "skipped", "unreadable",
           "files failed")


def _present(folder: Path, site: str) -> str:
    pattern = HEADERS.get(site)
    if pattern is None:
        return "?"
    header = re.compile(pattern)
    count = 0
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.name.startswith(".") and path.suffix != ".md":
            lines, _, closing = open_source(path)
            try:
                count += sum(1 for line in lines if header.search(line))
            finally:
                if closing is not None:
                    closing.close()
    return str(count)


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/hand-histories")
    rows, crashed = [], []
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        files = [p for p in sorted(folder.rglob("*")) if p.is_file()]
        result = subprocess.run([sys.executable, "-m", "hilo_fast", "hh", "check", str(folder)],
                                capture_output=True, text=True, check=False)
        if result.returncode not in (0, 1):
            crashed.append(f"{folder.name}: exit {result.returncode}\n{result.stderr[-2000:]}")
        sums = dict.fromkeys(("read", "exact", "flagged", "skipped", "unreadable"), 0)
        for line in result.stdout.splitlines():
            found = _LINE.match(line)
            if found:
                for key in sums:
                    sums[key] += int(found[key])
        failed = sum(1 for line in result.stderr.splitlines()
                     if line.startswith("hilo-fast: error: "))
        rows.append((folder.name, len(files), _present(folder, folder.name), *sums.values(),
                     failed))
        print(result.stdout, end="")
        print(result.stderr, end="", file=sys.stderr)
    print(f"\n{'site':<14}" + "".join(f"{c:>13}" for c in COLUMNS))
    for row in rows:
        print(f"{row[0]:<14}" + "".join(f"{v!s:>13}" for v in row[1:]))
    for crash in crashed:
        print(f"CRASHED: {crash}", file=sys.stderr)
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
