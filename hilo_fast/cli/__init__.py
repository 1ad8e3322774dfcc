"""The ``hilo-fast`` command: the parser and the core commands (:mod:`.commands`),
the hand-history commands (:mod:`.hh`), and ``info`` (:mod:`.info`)."""

from .commands import build_parser, main

__all__ = ["build_parser", "main"]
