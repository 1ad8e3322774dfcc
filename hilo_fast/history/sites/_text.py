"""The skeleton of a reader of a plain-text format: cut the lines into hands at
the site's header, read each hand, report each one that cannot be read (with its
line and why) and count each of another game, and refuse a file that has no
header of the site at all (another site's file, or garbage)."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import HandHistory
from ._base import LEADING_LINES, MAX_HAND_LINES, Block, SiteReader, blocks
from ._builder import BuildError


class OtherGame(Exception):
    """Raised by a reader's ``parse`` for a hand of a game other than Omaha Hi/Lo."""

    def __init__(self, game: str) -> None:
        super().__init__(game)
        self.game = game


class TextSiteReader(SiteReader):
    """A :class:`SiteReader` over lines: subclasses give :meth:`is_header`,
    :meth:`hand_id` and :meth:`parse` (a :class:`Block` to a hand; raises
    :class:`BuildError` for a hand it cannot read, :class:`OtherGame` for one of
    another game)."""

    @staticmethod
    def is_header(line: str) -> bool:
        raise NotImplementedError

    @staticmethod
    def hand_id(header: str) -> str:
        raise NotImplementedError

    def parse(self, block: Block) -> HandHistory:
        raise NotImplementedError

    def _hands(self, lines: Iterator[str]) -> Iterator[HandHistory]:
        seen = garbage = 0
        for block in blocks(lines, self.is_header):
            if not self.is_header(block.lines[0]):   # (only the first block can be so)
                if block.cut:
                    raise ValueError(f"{self.name} is not a {self.site} hand history: no "
                                     f"hand header in its first {LEADING_LINES} lines")
                garbage = block.start
                continue
            if garbage and not seen:
                self._error("", garbage, "text before the first hand is not a hand")
            seen += 1
            hand_id = self.hand_id(block.lines[0])
            if block.cut:
                self._error(hand_id, block.start, f"more than {MAX_HAND_LINES} lines: "
                                                  "not a hand")
                continue
            try:
                hand = self.parse(block)
            except OtherGame as other:
                self._skip(other.game)
                continue
            except (BuildError, ValueError, IndexError, KeyError) as exc:
                self._error(hand_id, block.start, str(exc) or type(exc).__name__)
                continue
            yield hand
        if garbage and not seen:
            raise ValueError(f"{self.name} is not a {self.site} hand history: no hand "
                             "header in it")
