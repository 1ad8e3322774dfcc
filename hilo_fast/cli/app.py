"""The ``hilo-fast`` command line: the parser of every command group and
:func:`main`.

Each command group is one module of this package (:mod:`.evaluate`,
:mod:`.equity`, :mod:`.simulate`, :mod:`.info`, :mod:`.hh`, :mod:`.solve`,
:mod:`.pql`) with an
``add_parser``; every command prints a table for people, or JSON with
``--json``. Whatever goes wrong, the user sees one line ``hilo-fast: error: ...``
and a non-zero exit (:func:`main`), never a traceback: 2 for bad input and for
an optional dependency that is not installed (with the ``pip install`` that
brings it), 1 for a file that cannot be read or written, 130 for Ctrl-C (with
how far the run got); a closed output pipe (``| head``) ends the run silently."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .._native.choice import BACKEND
from .._version import __version__
from ..progress import Progress
from . import equity, evaluate, hh, info, pql, simulate, solve
from .args import Parser, require_command


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="hilo-fast",
        description="Omaha Hi-Lo (8-or-better) evaluation. Lower values are better.",
    )
    parser.add_argument("--version", action="version",
                        version=f"hilo-fast {__version__} ({BACKEND} backend)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    require_command(parser, sub)
    # one module per command group
    for group in (evaluate, equity, simulate, info, hh, solve, pql):
        group.add_parser(sub)
    return parser


def _option_strings(parser: argparse.ArgumentParser) -> tuple[set[str], set[str]]:
    """Every option string in every subcommand: (all of them, those that take a value)."""
    every: set[str] = set()
    valued: set[str] = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                more, more_valued = _option_strings(sub)
                every |= more
                valued |= more_valued
        elif action.option_strings:
            every.update(action.option_strings)
            if action.nargs != 0:
                valued.update(action.option_strings)
    return every, valued


def _attach_dash_values(parser: argparse.ArgumentParser, argv: Sequence[str]) -> list[str]:
    """``--stakes -1/2`` as ``--stakes=-1/2`` (and ``--seat -:10``): argparse would take a
    value starting with ``-`` for an option and say "expected one argument"; attached, the
    option's own rule judges the value. A real option after it is left alone."""
    every, valued = _option_strings(parser)
    out: list[str] = []
    tokens = iter(argv)
    for token in tokens:
        out.append(token)
        if token in valued:
            value = next(tokens, None)
            if value is None:
                break
            if value.startswith("-") and value not in ("-", "--") \
                    and value.split("=", 1)[0] not in every:
                out[-1] = f"{token}={value}"
            else:
                out.append(value)
    return out


def _interrupted(args: argparse.Namespace) -> str:
    """How far an interrupted command got, for the line it ends with."""
    progress = getattr(args, "progress", None)
    counted = isinstance(progress, Progress) and (progress.total or progress.total is None)
    said = f" after {progress}" if counted else ""
    partial = getattr(args, "partial", None)
    return said + (f"; {partial()}" if partial is not None else "")


#: The optional dependencies, each with the extra of pyproject.toml that brings it.
OPTIONAL = {"numpy": "numpy", "matplotlib": "plot", "tqdm": "progress", "dask": "dask",
            "distributed": "dask", "gymnasium": "envs", "pettingzoo": "envs",
            "duckdb": "db", "psycopg": "db", "pyarrow": "db", "pandas": "db"}


def _missing_extra(exc: ImportError, command: str) -> str:
    """What a missing optional dependency stops, and the install that brings it."""
    if "pip install" in str(exc):  # hilo-fast's own message already names the extra
        return str(exc)
    module = (exc.name or "").partition(".")[0]
    if module in OPTIONAL:
        return f"hilo-fast {command} needs {module}: pip install 'hilo-fast[{OPTIONAL[module]}]'"
    return f"hilo-fast {command}: {exc}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(_attach_dash_values(parser, sys.argv[1:] if argv is None else argv))
    try:
        status = int(args.func(args))
        sys.stdout.flush()  # here, so a closed pipe is met inside the try
        return status
    except (ValueError, TypeError) as exc:
        print(f"hilo-fast: error: {exc}", file=sys.stderr)
        return 2
    except ImportError as exc:  # an optional dependency is not installed
        print(f"hilo-fast: error: {_missing_extra(exc, args.command)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader left (| head): nothing to say. Point stdout at /dev/null so the
        # interpreter's last flush at exit does not raise again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"hilo-fast: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"hilo-fast: interrupted{_interrupted(args)}", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
