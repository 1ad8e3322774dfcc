"""What every ``hilo-fast`` command shares in its arguments: one rule per option
(:func:`int_in`: ``--seed`` is 0..2**64-1 wherever it is taken), the parser whose
errors are one line, and a group that names its subcommands when none is given."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, NoReturn, TextIO

from ..core.game import NAMED, Game


def int_in(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in low..high. One rule per option, used by
    every subcommand that takes the option."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < low or (high is not None and value > high):
            bound = f"{low}..{high}" if high is not None else f">= {low}"
            raise argparse.ArgumentTypeError(f"must be {bound}, got {value}")
        return value
    return parse


def game_named(text: str) -> Game:
    """An argparse type: ``--game NAME``, a name of :meth:`Game.named`
    (double-board, high, courchevel, ...), the same option in every command."""
    try:
        return Game.named(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


#: The help of ``--game``, one text for every command that takes it.
GAME_HELP = f"the game dealt: {', '.join(NAMED)} (default omaha8)"

#: --seed: a 64-bit seed, the range equity's Monte Carlo takes, in every subcommand.
SEED = int_in(0, 2**64 - 1)
THREADS = int_in(1)


def open_for_writing(path: str, option: str) -> TextIO:
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise OSError(exc.errno, f"cannot write {option} file {path!r}: {exc.strerror}") from None


class Parser(argparse.ArgumentParser):
    """argparse, with its errors on one line like every other error of the command."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"hilo-fast: error: {message} (see '{self.prog} --help')\n")


def require_command(parser: argparse.ArgumentParser, commands: Any) -> None:
    """Without a subcommand, ``parser`` says which ones there are. (argparse's own
    ``required=True`` names the internal ``dest`` instead: "required: hh_command".)"""
    def missing(args: argparse.Namespace) -> int:
        parser.error(f"choose a command: {', '.join(commands.choices)}")
    parser.set_defaults(func=missing)
