"""Solving river spots of Omaha Hi-Lo: :class:`Subgame`, Discounted CFR, exact
exploitability (see docs/solving.md)."""

from .subgame import Subgame

__all__ = ["Subgame"]
