"""A site hand history as data: who sat where, what they posted and did, what the site paid.

:class:`HandHistory` is what :func:`~hilo_fast.history.sites.pokerstars.read_pokerstars`
yields for each Omaha Hi/Lo hand of a file. Every amount is an exact ``int``
of the smallest unit: cents for cash games (``$0.85`` is ``85``), chips for
tournaments and play money; never a float. Cards are strings like ``"As"``.
Players are named as the history names them.

:meth:`HandHistory.replay` plays the hand again through :class:`hilo_fast.Hand`
and checks every chip (:mod:`hilo_fast.history.replay`); :meth:`HandHistory.to_phh`
writes it as PHH (:mod:`hilo_fast.history.phh`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple

from ..core.game import Game
from ..engine.structures import Limit
from .phh import replay_to_phh
from .replay import Replay, replay

#: Betting rounds in the order they are played (the names used in ``HHAction.street``).
STREETS = ("preflop", "flop", "turn", "river")


@dataclass(frozen=True, slots=True)
class UnreadableHand:
    """A hand the reader skipped: its id (``""`` if the header itself was bad),
    the 1-based line where it starts, and why."""

    hand_id: str
    line: int
    reason: str

    def __str__(self) -> str:
        where = f"hand #{self.hand_id}" if self.hand_id else "text"
        return f"{where} at line {self.line}: {self.reason}"


class SeatInfo(NamedTuple):
    """One player in the seat list: seat number (1-based, as printed), name, chips
    at the start of the hand; ``sitting_out`` when the seat line says so (such a
    seat is not dealt in); ``bounty`` as printed (``"$0.50"``), if any."""

    seat: int
    name: str
    stack: int
    sitting_out: bool = False
    bounty: str | None = None


class Post(NamedTuple):
    """A forced bet before the cards: ``kind`` is ``"small blind"``, ``"big blind"``,
    ``"small & big blinds"`` (a big blind live plus a small blind dead, posted
    together by a returning player), ``"ante"`` or ``"straddle"``; ``amount`` the
    chips put in; ``all_in`` when it took the player's last chip."""

    player: str
    kind: str
    amount: int
    all_in: bool = False


class HHAction(NamedTuple):
    """One action, in the order of the history.

    ``kind``: ``"fold"``, ``"check"``, ``"call"``, ``"bet"``, ``"raise"`` or
    ``"return"`` (an uncalled bet given back). ``amount``: the chips the line
    names first (a call's chips, a bet, a raise's increment, the returned
    chips); ``to``: a raise's "to" total (0 otherwise); ``all_in``: the line
    says "and is all-in".
    """

    street: str
    player: str
    kind: str
    amount: int = 0
    to: int = 0
    all_in: bool = False


@dataclass(slots=True, eq=False)
class HandHistory:
    """One Omaha Hi/Lo hand as the site wrote it (read-only by convention; a plain
    slotted class: a reader makes thousands per second). See the module doc for units.

    ``stakes``: the two numbers of the header (the blinds in pot and no limit,
    the small and big bet in fixed limit; a tournament's level blinds).
    ``collected``: name -> what the history says the player collected, summed
    over the "collected ... from pot / main pot / side pot-N" lines
    (``pot_collections`` keeps them pot by pot, 0 = main pot, k = side pot k).
    ``pots``: the main and side pot amounts the summary lists (after rake;
    empty when it lists only the total). ``board``: every board card dealt,
    in order (``board_by_street`` splits them). ``hole_cards``: every hole
    known: dealt to the hero, shown, or mucked and printed in the summary.
    ``shown``/``mucked``: who showed and who mucked at showdown. ``line``: the
    1-based line of the header in its source.
    """

    hand_id: str
    site: str
    game: str
    hole_count: int
    limit: Limit
    stakes: tuple[int, int]
    currency: str | None
    table: str
    max_seats: int | None
    button: int
    seats: tuple[SeatInfo, ...]
    posts: tuple[Post, ...]
    actions: tuple[HHAction, ...]
    board: tuple[str, ...]
    hole_cards: dict[str, tuple[str, ...]]
    collected: dict[str, int]
    pot_collections: tuple[tuple[int, str, int], ...]
    total_pot: int
    rake: int
    pots: tuple[int, ...] = ()
    shown: tuple[str, ...] = ()
    mucked: tuple[str, ...] = ()
    hero: str | None = None
    cancelled: bool = False
    date: datetime | None = None
    time_zone: str = ""
    tournament_id: str | None = None
    buy_in: str | None = None
    level: str | None = None
    mixed_game: str | None = None
    home_game: bool = False
    line: int = 0
    dealt_in: tuple[str, ...] = field(default=())
    runs: tuple[tuple[str, ...], ...] = ()
    run_collected: tuple[dict[str, int], ...] = ()
    exposed: int = 0
    #: The smallest amount the site splits a pot in (1: to the smallest unit; Full
    #: Tilt's larger cash games split in 5-cent units, docs/hand-histories.md).
    chip_unit: int = 1

    @property
    def is_tournament(self) -> bool:
        """True for a tournament hand (amounts in chips)."""
        return self.tournament_id is not None

    @property
    def game_dealt(self) -> Game:
        """The game dealt, as the engine takes it (``hf.Game``: hole cards, exposed cards)."""
        return Game(hole_cards=self.hole_count, exposed=self.exposed)

    @property
    def board_by_street(self) -> dict[str, tuple[str, ...]]:
        """The board cards dealt on each street: ``{"flop": (...3), "turn": (...1),
        "river": (...1)}`` (streets not reached are left out)."""
        parts = {"flop": self.board[:3], "turn": self.board[3:4], "river": self.board[4:5]}
        return {street: cards for street, cards in parts.items() if cards}

    @property
    def blinds(self) -> tuple[int, int]:
        """The small and big blind of the hand: as first posted in full, else the
        stakes' (fixed limit: half the small bet and the small bet)."""
        posts = self.posts
        if len(posts) >= 2:   # (most hands: the small blind, then the big, in full)
            (_, kind, small_amount, small_all_in), (_, second, big_amount, big_all_in) = \
                posts[0], posts[1]
            if kind == "small blind" and second == "big blind" and not small_all_in and \
                    not big_all_in:
                return small_amount, big_amount
        small = big = None
        for _player, kind, amount, all_in in posts:   # (one pass: the import's hot path)
            if all_in:
                continue
            if small is None and kind == "small blind":
                small = amount
            elif big is None and kind == "big blind":
                big = amount
        low, high = self.stakes
        if self.limit == Limit.FIXED:
            low, high = low // 2, low
        return low if small is None else small, high if big is None else big

    @property
    def antes(self) -> dict[str, int]:
        """name -> ante posted."""
        return {p.player: p.amount for p in self.posts if p.kind == "ante"}

    def seat_of(self, name: str) -> SeatInfo:
        """The seat line of player ``name`` (KeyError if not seated)."""
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise KeyError(name)

    def replay(self) -> Replay:
        """The hand played again through :class:`hilo_fast.Hand` and checked chip by
        chip against what the site paid (see :mod:`hilo_fast.history.replay`)."""
        return replay(self)

    def to_phh(self) -> str:
        """The hand as PHH (TOML) text, through its replay (see
        :func:`hilo_fast.history.phh.to_phh`)."""
        return replay_to_phh(replay(self))
