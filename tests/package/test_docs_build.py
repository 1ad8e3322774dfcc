"""The docs site builds with the ``docs`` dependency group alone, as Read the Docs
installs it: the hooks never import an optional extra (``hilo_fast.envs`` needs
gymnasium and pettingzoo), and the environments are still documented, from their
source. Each check runs the hook in a child process where the extras cannot be
imported, whatever this environment has."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOOKS = ROOT / "docs" / "_hooks"

pytestmark = [
    pytest.mark.skipif(not (HOOKS / "reference.py").exists(),
                       reason="docs/ is not beside the tests"),
    pytest.mark.skipif(sys.platform == "win32", reason="POSIX paths in the child"),
]

# The child: optionally make the extras unimportable (None in sys.modules is what
# Python does for a package that is not installed: ModuleNotFoundError naming it),
# then print the generated pages and which hilo_fast modules got imported.
_CHILD = """
import json, sys
if sys.argv[1] == "blocked":
    for name in ("gymnasium", "pettingzoo"):
        sys.modules[name] = None
sys.path.insert(0, sys.argv[2])
import reference
out = {"api": reference.api_markdown(), "cli": reference.cli_markdown(),
       "envs_imported": "hilo_fast.envs" in sys.modules}
print(json.dumps(out))
"""


def _pages(mode: str) -> dict[str, object]:
    pytest.importorskip("mkdocs")  # the hook builds MkDocs files: the `docs` group has it
    result = subprocess.run([sys.executable, "-c", _CHILD, mode, str(HOOKS)], cwd=ROOT,
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    pages: dict[str, object] = json.loads(result.stdout)
    return pages


def test_generated_pages_build_without_the_envs_extra() -> None:
    """Issue 24: ``ImportError: hilo_fast.envs needs the [envs] extra`` from the hook
    stopped the Read the Docs build; without the extras the pages are the same."""
    blocked, normal = _pages("blocked"), _pages("normal")
    assert blocked["envs_imported"] is False
    assert blocked["api"] == normal["api"]
    assert blocked["cli"] == normal["cli"]


def test_envs_documented_from_source() -> None:
    """The API page documents every name of ``hilo_fast.envs.__all__``, read here
    from the module's syntax tree by a separate walk (the hook reads it the same
    way, so compare against the import where the extras are installed too)."""
    api = str(_pages("blocked")["api"])
    source = (ROOT / "hilo_fast" / "envs" / "__init__.py").read_text(encoding="utf-8")
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        targets = [getattr(t, "id", "") for t in getattr(node, "targets", [])]
        if isinstance(node, ast.Assign) and "__all__" in targets:
            names = [elt.value for elt in node.value.elts]  # type: ignore[attr-defined]
    assert names
    section = api[api.index("## `hilo_fast.envs`"):]
    assert [line.removeprefix("::: hilo_fast.envs.") for line in section.splitlines()
            if line.startswith(":::")] == names
    try:
        import hilo_fast.envs as envs
    except ImportError:
        return
    assert sorted(names) == sorted(envs.__all__)


def test_docs_group_has_no_optional_extra() -> None:
    """What Read the Docs installs: the package and the docs group, no extra."""
    tomllib = pytest.importorskip("tomllib")  # 3.11+; the docs build runs on 3.13

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    docs = " ".join(project["dependency-groups"]["docs"])
    for name in ("gymnasium", "pettingzoo", "hilo-fast["):
        assert name not in docs
