"""What a user runs is what CI runs (issue 24): ``.ci/run`` begins with the README's
set-up commands exactly as the README writes them, in a fresh venv whose pip it
does not touch first; it builds the docs in a venv of its own with exactly the
install steps of ``.readthedocs.yaml``, as the workflow's docs job does; and every
``--group`` command in the docs says the pip it needs."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUN = ROOT / ".ci" / "run"
README = ROOT / "README.md"

pytestmark = pytest.mark.skipif(not RUN.exists() or not README.exists(),
                                reason="needs the source tree")


def _readme_setup_commands() -> list[str]:
    """The lines of the ```bash blocks of "## Set up on a fresh machine", read here
    with Python (``.ci/run`` reads them with awk)."""
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Set up on a fresh machine\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```bash\n(.*?)^```$", section, re.MULTILINE | re.DOTALL)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def _stage(name: str) -> str:
    """The text of one ``echo "== name ...`` stage of ``.ci/run``."""
    text = RUN.read_text(encoding="utf-8")
    start = text.index(f'echo "== {name}')
    end = text.find('\necho "== ', start + 1)
    return text[start:end if end >= 0 else None]


def test_readme_setup_is_two_commands_and_tests_upgrade_pip_first() -> None:
    main, tests = _readme_setup_commands()
    assert main == "pip install . && hilo-fast eval As2dKh9c 3s4h5dKd8c"
    # pip < 26.3 hides the build backend's warning that tests/native/test_build.py checks
    assert tests.startswith("python -m pip install --upgrade pip && ")
    # on every core (pytest-xdist is in the test extra): CI's first run of the suite
    assert tests.endswith(' && pip install -e ".[test]" && pytest -n auto')


@pytest.mark.skipif(shutil.which("bash") is None or shutil.which("awk") is None,
                    reason="needs bash and awk")
def test_ci_run_reads_the_readme_commands_verbatim() -> None:
    """Run .ci/run's own extraction of the commands, and compare with the README."""
    text = RUN.read_text(encoding="utf-8")
    extract = text[text.index("mapfile -t README_COMMANDS"):text.index("for command in")]
    result = subprocess.run(["bash", "-c", extract + 'printf "%s\\n" "${README_COMMANDS[@]}"'],
                            cwd=ROOT, capture_output=True, text=True, check=True, timeout=60)
    assert result.stdout.splitlines() == _readme_setup_commands()


def test_ci_run_starts_with_them_in_a_fresh_venv_with_its_stock_pip() -> None:
    text = RUN.read_text(encoding="utf-8")
    commands = [line.strip() for line in text.splitlines()
                if line.strip() and not line.lstrip().startswith("#")]
    first_stage = commands.index('echo "== README: set up on a fresh machine '
                                 '(its commands as written, stock pip) =="')
    before = commands[:first_stage]
    assert before == ["set -euo pipefail", 'cd "$(dirname "$0")/.."']   # nothing else first
    stage = _stage("README: set up")
    assert stage.index("rm -rf .venv-ci") < stage.index("python3 -m venv .venv-ci") \
        < stage.index(". .venv-ci/bin/activate") < stage.index('bash -euo pipefail -c "$command"')
    # nothing installs or upgrades anything before the README's commands ran
    assert "pip install" not in stage[:stage.index("for command in")].replace(
        "python -m pip --version", "")
    # the first pytest of the run is the README's own
    assert "pytest" not in text[:text.index('echo "== README: set up')]


def _readthedocs_install() -> list[str]:
    text = (ROOT / ".readthedocs.yaml").read_text(encoding="utf-8")
    install = text.split("    install:\n", 1)[1]
    return [line.strip().removeprefix("- ") for line in install.splitlines()
            if line.startswith("      - ")]


def test_docs_built_in_their_own_venv_as_read_the_docs_does() -> None:
    steps = _readthedocs_install()
    assert steps == ["python -m pip install --upgrade pip", "python -m pip install . --group docs"]
    stage = _stage("docs: the site as Read the Docs builds it")
    lines = [line.strip() for line in stage.splitlines()]
    venv = lines.index("python3 -m venv .venv-docs")
    activate = lines.index(". .venv-docs/bin/activate")
    at = lines.index(steps[0])
    assert venv < activate < at and lines[at:at + len(steps)] == steps
    build = "NO_MKDOCS_2_WARNING=1 python -m mkdocs build --strict"
    assert lines[at + len(steps)].startswith(build)
    workflow = (ROOT / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8")
    job = workflow[workflow.index("\n  docs:\n"):]
    job = job[:job.index("\n\n  ", 1)]
    runs = [line.strip().removeprefix("- ").removeprefix("run: ") for line in job.splitlines()
            if "run: " in line]
    assert runs == [*steps, "python -m mkdocs build --strict"]


def test_every_group_command_says_the_pip_it_needs() -> None:
    """``pip install --group`` arrived in pip 25.1: each page that shows it says so
    on that line or the two around it."""
    for page in [README, *sorted((ROOT / "docs").glob("*.md"))]:
        lines = page.read_text(encoding="utf-8").splitlines()
        for at, line in enumerate(lines):
            if re.search(r"pip install\b.*--group\b", line) and "changelog" not in page.name:
                near = " ".join(lines[max(at - 1, 0):at + 2])
                assert "pip >= 25.1" in near, f"{page.name}:{at + 1}: {line}"
