"""MkDocs hook: the pages that are generated, so they cannot drift from the code.

- ``cli.md``: the ``--help`` of ``hilo-fast`` and of every subcommand, read
  from :func:`hilo_fast.cli.build_parser` (a subcommand added there appears
  here with no edit to the docs).
- ``api.md``: one mkdocstrings entry per name in ``hilo_fast.__all__``,
  grouped by the public module that defines (or, for a name from a private
  module, exports) it (a name added to ``__all__`` appears
  here with no edit to the docs); then a section per subpackage of an optional
  extra (``EXTRAS``), its ``__all__`` read from its source, never imported, so
  the ``docs`` dependency group alone builds the site (as Read the Docs does).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import os
import pkgutil
import re
from pathlib import Path
from types import ModuleType
from typing import Any

from mkdocs.structure.files import File, Files

_ANSI = re.compile(r"\x1b\[[0-9;]*m")  # Python 3.14's argparse colours help
_WIDTH = "88"                          # help wrapped the same on every machine


def _help(parser: argparse.ArgumentParser) -> str:
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = _WIDTH
    try:
        return _ANSI.sub("", parser.format_help()).rstrip()
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def cli_markdown() -> str:
    """The command-line reference page, from the parser itself."""
    from hilo_fast.cli import build_parser

    parser = build_parser()
    subcommands = _subcommands(parser)
    lines = [
        "# Command line",
        "",
        "`hilo-fast` (or `python -m hilo_fast`) is installed with the package. Every",
        "subcommand prints a table for people, or JSON with `--json`; bad input is one",
        "line `hilo-fast: error: ...` on stderr and exit status 2.",
        "",
        "This page is generated from the program's own argument parser when the site",
        "is built, so it always says what the installed command accepts.",
        "",
        "| subcommand | what it does |",
        "|---|---|",
    ]
    helps = {choice.dest: choice.help for action in parser._actions
             if isinstance(action, argparse._SubParsersAction)
             for choice in action._choices_actions}
    lines += [f"| [`{name}`](#hilo-fast-{name}) | {helps.get(name) or ''} |"
              for name in subcommands]
    lines += ["", "## hilo-fast", "", "```text", _help(parser), "```"]
    for name, sub in subcommands.items():
        lines += _sections(f"hilo-fast {name}", sub)
    return "\n".join(lines) + "\n"


def _sections(command: str, parser: argparse.ArgumentParser) -> list[str]:
    """A command's help, then its own subcommands' (``hilo-fast hh report``)."""
    lines = ["", f"## {command}", "", "```text", _help(parser), "```"]
    for name, sub in _subcommands(parser).items():
        lines += _sections(f"{command} {name}", sub)
    return lines


def _public_module(name: str, value: object) -> str:
    """The public module a name belongs to: where it is defined, or, for a name
    defined in a private module or outside the package, the first public
    module that exports it."""
    import hilo_fast

    defined = getattr(value, "__module__", None)
    if isinstance(value, (str, int)) or not isinstance(defined, str):
        return "hilo_fast"
    if defined.startswith("hilo_fast.") and not defined.split(".")[-1].startswith("_"):
        return defined
    for info in sorted(pkgutil.iter_modules(hilo_fast.__path__), key=lambda m: m.name):
        if not info.name.startswith("_"):
            module = _import_unless_extra(f"hilo_fast.{info.name}")
            if module is not None and getattr(module, name, None) is value:
                return module.__name__
    return "hilo_fast"


def _import_unless_extra(module: str) -> ModuleType | None:
    """``module``, or None when it needs an optional extra that is not installed
    (``hilo_fast.envs`` without gymnasium: the docs group builds the site without
    it). ``import hilo_fast`` never needs an extra, so no name of ``__all__`` can
    be found only there. Any other failure to import is raised."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        missing = error if isinstance(error, ModuleNotFoundError) else error.__cause__
        if isinstance(missing, ModuleNotFoundError) and missing.name \
                and not missing.name.startswith("hilo_fast"):
            return None
        raise


_ROLE = re.compile(r":(?:func|class|meth|attr|mod|data|exc|obj):`~?([^`]+)`")


def _summary(module: str) -> str:
    """A module docstring's first line, its Sphinx roles as plain code."""
    doc = (importlib.import_module(module).__doc__ or "").strip().splitlines()
    return _ROLE.sub(r"`\1`", doc[0]) if doc else ""


def api_markdown() -> str:
    """The API reference page: every public name, grouped by its module."""
    import hilo_fast

    groups: dict[str, list[str]] = {}
    for name in hilo_fast.__all__:
        groups.setdefault(_public_module(name, getattr(hilo_fast, name)), []).append(name)
    lines = [
        "# API reference",
        "",
        "Every public name of `hilo_fast` (its `__all__`), generated from the",
        "docstrings and type annotations. Import them from the package itself:",
        "`import hilo_fast as hf; hf.evaluate(...)`. Card arguments take any",
        "[card format](cards.md); values are [lower is better](evaluation.md).",
    ]
    for module in sorted(groups, key=lambda m: (m != "hilo_fast", m)):
        summary = "The package itself." if module == "hilo_fast" else _summary(module)
        lines += ["", f"## `{module}`", "", summary]
        for name in groups[module]:
            # By the defining module's path: ``hilo_fast.equity`` (like
            # ``hilo_fast.core.showdown``) would name the submodule, not the function.
            lines += ["", f"::: {module}.{name}"]
    for module in EXTRAS:
        doc, names = _static_exports(module)
        lines += ["", f"## `{module}`", "", f"{doc} Not in `hilo_fast.__all__`: "
                  f"`from {module} import ...`."]
        lines += [line for name in names for line in ("", f"::: {module}.{name}")]
    return "\n".join(lines) + "\n"


#: Subpackages that need an optional extra: documented from their source alone
#: (mkdocstrings reads it statically), so the docs group builds the site without them.
EXTRAS = ("hilo_fast.envs",)


def _static_exports(module: str) -> tuple[str, list[str]]:
    """(first docstring line, ``__all__``) of a package, read from its source
    without importing it."""
    import hilo_fast

    path = Path(hilo_fast.__file__).parent.joinpath(*module.split(".")[1:], "__init__.py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = next(ast.literal_eval(node.value) for node in tree.body
                 if isinstance(node, ast.Assign)
                 and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets))
    doc = (ast.get_docstring(tree) or "").strip().splitlines()
    return (_ROLE.sub(r"`\1`", doc[0]) if doc else ""), list(names)


_HTML_ROLE = re.compile(r":(?:func|class|meth|attr|mod|data|exc|obj):(?=<code)")


def on_page_content(html: str, page: Any, config: Any, files: Files) -> str:
    """Docstrings use Sphinx roles (``:func:`x```); on the site the code is enough."""
    return _HTML_ROLE.sub("", html)


def on_files(files: Files, config: Any) -> Files:
    for uri, text in (("cli.md", cli_markdown()), ("api.md", api_markdown())):
        files.append(File.generated(config, uri, content=text))
    return files
