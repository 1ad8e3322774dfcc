"""The ``hilo-fast`` command: the parser and the core commands (:mod:`.main`),
the hand-history commands (:mod:`.hh`), and ``info`` (:mod:`.info`)."""

from .main import build_parser, main

__all__ = ["build_parser", "main"]
