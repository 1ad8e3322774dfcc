"""The ``hilo-fast`` command: the parser and :func:`main` (:mod:`.app`), the
arguments every command shares (:mod:`.args`), and one module per command group:
``eval`` and ``showdown`` (:mod:`.evaluate`), ``equity`` and ``range``
(:mod:`.equity`), ``simulate`` (:mod:`.simulate`), ``info`` (:mod:`.info`) and
the hand-history commands (:mod:`.hh`)."""

from .app import build_parser, main

__all__ = ["build_parser", "main"]
