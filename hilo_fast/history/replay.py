"""Replay a site hand history through the engine and check every chip the site paid.

:func:`replay` (or :meth:`HandHistory.replay`) builds a :class:`hilo_fast.Hand`
with the hand's structure, seats, stacks, button, blinds, antes and cards, and
plays every action of the history through the public ``Hand`` API: an action
the engine refuses is a discrepancy. Seats keep their printed numbers (seat
``k`` is engine seat ``k - 1``; empty seats have no chips and sit out).

Cards: hole cards the history shows (dealt to the hero, shown, mucked and
printed) are used; a player whose cards are never seen is dealt cards from the
rest of the deck (the same ones on every replay of the hand), and so is any
board card the hand did not reach.

Settlement, as the rule book says: a player who mucks at showdown gives up
the pot whatever the cards, so only the players who show contest it (the
engine itself would settle every live hand: the replay builds the pots with
:func:`hilo_fast.core.showdown`'s own pot builder and winners rule, the muckers left
out). Each pot's rake comes off before it is split (the rule below),
and :attr:`Replay.collected` is what each player collects, counted as the
site's "collected" lines count it: an uncalled bet given back is not
collected (old histories give it back without a line; the engine returns it
by itself).

The rake rule (worked out from the PokerStars data, see
docs/hand-histories.md): the site takes the rake off the pot *before* it is
split high/low, so the hi/lo halves (and any quarters) are halves of the pot
after rake, the odd chip going to the high half as ever. With side pots the
summary lists each pot after rake ("Main pot $X. Side pot $Y."), so each pot's
rake is its size less the amount listed; when the summary lists no pots the
whole rake comes off the main pot (then the next, if it is larger than the
main pot).

Forced bets the engine's own blinds are not (a big blind posted out of
position by a player joining, a dead small blind, a straddle, no small blind)
are posted as the history made them (``Hand._with_forced_bets``), in the pot
from the start, pre-flop action after the big blind (after the last straddle);
a post whose player first folds is dead money (that seat's ante), as is the
dead part of a "small & big blinds" post.

Run it twice (or N times) and Courchevel: a hand the history ran N times
(``HandHistory.runs``) is built with ``runs=N`` and its boards (the shared
cards, then each run's own), and the replay agrees to the runs when the engine
stops for them; each pot, after its rake, is divided equally among the runs
(odd chips to the first runs) and each run's share split hi/lo among that
run's winners, and what each run paid is checked against the history's
(``HandHistory.run_collected``). A Courchevel hand is built with its
:class:`hilo_fast.Game` (five hole cards, the first flop card exposed).

Speed: on the native backend a hand with no card exposed (run once or N times
with its blinds and antes as the engine posts them; run once with any other
posts) that settles exactly is replayed whole
in C (csrc/py/hhreplay_hand.c ``replay_hand``), with no :class:`Hand` made until
:attr:`Replay.hand` is read; for every other hand the deal, the plain actions
and the pots are done in C (csrc/py/hhreplay.c: ``deal_history``, ``replay``, ``pots``), each
the twin of the Python (``_deal``, the action loop of ``_play``,
:func:`~hilo_fast.history.site_pots.showdown_pots`), fuzzed against it; the C
leaves to the Python every case it does not answer exactly (a discrepancy
above all), so the two agree word for word.
"""

from __future__ import annotations

import contextlib
import random
import sys
from dataclasses import dataclass, field
from itertools import filterfalse, islice
from typing import TYPE_CHECKING, Any

from ..cards import parse_card
from ..engine.actions import Action
from ..engine.hand import Hand
from ..engine.structures import Limit, Structure
from ._backend import fast
from .replay_settle import PotResult, _settle, _Stop
from .site_pots import LOW_ODD_CHIPS_TO_HIGH

if TYPE_CHECKING:   # the model imports this module (HandHistory.replay)
    from .model import HandHistory, Post

__all__ = ["PotResult", "Replay", "replay"]

_CARD_IDS = {f"{r}{s}": parse_card(f"{r}{s}") for r in "23456789TJQKA" for s in "cdhs"}
_DECK_ORDER = random.Random(14).sample(range(52), 52)
#: The deck order turned by k (k = the hand id mod 52), made once.
_TURNED = [_DECK_ORDER[k:] + _DECK_ORDER[:k] for k in range(52)]
_FOLD, _CHECK, _CALL, _BET, _RAISE = (Action.FOLD, Action.CHECK, Action.CALL, Action.BET,
                                      Action.RAISE)
#: The history's action kinds by Action code (HHAction.kind: the names in lower case),
#: then an uncalled bet given back's. Interned: the readers' kinds are the same
#: objects, so C (hhreplay.c kind_code) finds them by identity, not by comparing text.
_KINDS = (*(sys.intern(action.name.lower()) for action in Action), "return")
#: The replay's deal in C (csrc/py/hhreplay.c ``deal_history``) where it was built.
_c_deal_history = fast.replay_deal if fast else None


@dataclass(slots=True)
class Replay:
    """A hand history played again through :class:`hilo_fast.Hand`.

    ``hand``: the engine's hand (None when it could not be built); ``seat_of``:
    name -> engine seat (the printed seat number less one); ``collected``:
    name -> what hilo-fast's settlement pays each player out of the pots after
    the rake (players who win nothing left out); ``pots``: a :class:`PotResult`
    per pot, main pot first; ``contributions``: name ->
    chips each put in (after uncalled bets came back); ``discrepancies``: every
    action the engine refused, every pot whose split differs from the
    history's, every total that does not add up (empty when all agrees);
    ``run_collected``: for a hand run N times, what each run paid (name ->
    chips, run by run); ``settled``: the hand reached its settlement (False for a cancelled hand,
    or when the engine stopped early); ``showdown``: the players still in at
    the end when more than one was (muckers too); ``all_in_board``: when the
    betting ended before the river with several players in (all in), the
    board cards dealt at that moment, else None; ``board``: all five board
    cards of the replay (card ids; those the hand never reached are dealt
    from the rest of the deck); ``holes``: the replay's hole cards by engine
    seat (card ids, None for a seat not dealt in; empty when no hand was built).
    """

    history: HandHistory
    _hand: Hand | None = field(default=None, repr=False)
    seat_of: dict[str, int] = field(default_factory=dict)
    collected: dict[str, int] = field(default_factory=dict)
    pots: list[PotResult] = field(default_factory=list)
    contributions: dict[str, int] = field(default_factory=dict)
    discrepancies: list[str] = field(default_factory=list)
    settled: bool = False
    showdown: tuple[str, ...] = ()
    all_in_board: tuple[int, ...] | None = None
    board: tuple[int, ...] = ()
    run_collected: list[dict[str, int]] = field(default_factory=list)
    holes: list[list[int] | None] = field(default_factory=list)
    _rebuild: bool = field(default=False, repr=False, compare=False)

    @property
    def hand(self) -> Hand | None:
        """The engine's hand (None when it could not be built). A hand replayed
        whole in C has none until asked: it is then built, the same hand, by
        the replay in Python."""
        if self._rebuild:
            self._rebuild = False
            rebuilt = Replay(self.history)
            with contextlib.suppress(_Stop):
                _play(self.history, rebuilt)
            self._hand = rebuilt._hand
        return self._hand

    @hand.setter
    def hand(self, value: Hand | None) -> None:
        self._rebuild = False
        self._hand = value

    @property
    def exact(self) -> bool:
        """True when the hand settled and every chip agrees with the history."""
        return self.settled and not self.discrepancies

    @property
    def net(self) -> dict[str, int]:
        """name -> chips won less chips put in, for every player dealt in."""
        return {name: self.collected.get(name, 0) - chips
                for name, chips in self.contributions.items()}


_STRUCTURES: dict[tuple[int, int, int, int, int], Structure] = {}   # a file has few


def _structure(h: HandHistory, sb: int, ante: int) -> Structure:
    return _structure_of(int(h.limit), *h.stakes, sb, ante)


def _structure_of(limit: int, low: int, high: int, sb: int, ante: int) -> Structure:
    key = (limit, low, high, sb, ante)
    found = _STRUCTURES.get(key)
    if found is not None:
        return found
    if limit == Limit.FIXED:
        found = Structure.fixed_limit(low, high, small_blind=sb, ante=ante)
    elif limit == Limit.POT:
        found = Structure.pot_limit(sb, high, ante=ante)
    else:
        found = Structure.no_limit(sb, high, ante=ante)
    if len(_STRUCTURES) < 1000:
        _STRUCTURES[key] = found
    return found


def _settings_of(limit: int, low: int, high: int, sb: int, ante: int, runs: int
                 ) -> tuple[object, int] | None:
    """For the whole replay in C: the engine's C settings of _structure's
    structure offering ``runs`` (the cdata to keep, its address), None where it
    refuses them."""
    try:
        return Hand._deal_settings(_structure_of(limit, low, high, sb, ante), runs)
    except ValueError:
        return None


#: The whole replay of a plain hand in C (csrc/py/hhreplay_hand.c) where it was built.
_c_replay_hand = fast.replay_hand(_CARD_IDS, _DECK_ORDER, PotResult, LOW_ODD_CHIPS_TO_HIGH,
                                  _settings_of, _KINDS, ("small blind", "big blind", "ante",
                                                         "small & big blinds", "straddle"),
                                  int(Limit.FIXED)) if fast else None
#: Whether a plain hand is replayed in C here (what the database's rows made
#: in C replay by: hilo_fast.history.db.rows.part_rows).
REPLAYED_IN_C = _c_replay_hand is not None


def _deal(h: HandHistory, dealt: list[int], n: int, seat_of: dict[str, int],
          found: list[str], turn: int, extra: tuple[str, ...] = (), filler: int = 0
          ) -> tuple[list[list[int] | None], list[int]]:
    """Known cards where the history shows them, the rest from the remaining deck,
    turned by ``turn``: a fixed shuffle of the deck, turned by the hand id (the same
    cards on every replay of a hand, different ones from hand to hand, and cheap).
    (Its twin on the native backend, csrc/py/hhreplay.c ``deal_history``, deals
    every hand this deals without a discrepancy.) ``extra``: more board cards
    known (the other runs' own), kept out of the deal; ``filler``: that many more
    cards drawn after the board (to stand in the runs' shared places)."""
    card_id = _CARD_IDS.__getitem__
    board = list(map(card_id, h.board))
    holes: list[list[int] | None] = [None] * n
    known = board + list(map(card_id, extra))
    count = h.hole_count
    for name, cards in h.hole_cards.items():
        if len(cards) != count:
            found.append(f"{name} holds {len(cards)} cards, the game deals {count}")
            raise _Stop
        hole = holes[seat_of[name]] = list(map(card_id, cards))
        known += hole
    used = set(known)
    if len(used) != len(known):   # (rare: find the first group that repeats, to name it)
        seen: set[int] = set()
        groups = [("the board", h.board + extra)] + [(f"{name}'s cards", cards)
                                             for name, cards in h.hole_cards.items()]
        for what, cards in groups:
            out = list(map(card_id, cards))
            if seen.intersection(out) or len(set(out)) != len(out):
                found.append(f"{what} repeats a card already dealt: {' '.join(cards)}")
                raise _Stop
            seen.update(out)
    unseen = [seat for seat in dealt if holes[seat] is None]
    need = len(unseen) * count + 5 - len(board) + filler
    if need > 52 - len(used):
        found.append(f"{need} more cards needed, {52 - len(used)} left in the deck")
        raise _Stop
    drawn = list(islice(filterfalse(used.__contains__, _TURNED[turn]), need))
    for k, seat in enumerate(unseen):
        holes[seat] = drawn[k * count:(k + 1) * count]
    return holes, board + drawn[len(unseen) * count:]


def _deal_runs(h: HandHistory, dealt: list[int], n: int, seat_of: dict[str, int],
               found: list[str], turn: int
               ) -> tuple[list[list[int] | None], list[int], list[int]]:
    """:func:`_deal` for a hand run N times (or a Courchevel hand, run once): the
    holes, the first run's board and the board ``hf.Hand(..., runs=N)`` takes:
    run after run, five cards each, a later run's places of the shared cards
    (which the engine takes from the first run) filled by unused cards."""
    runs = h.runs or (h.board,)
    shared = _shared_places(runs)
    own: list[str] = []   # (the other runs' own cards)
    for run in runs[1:]:
        own += run[shared:]
    holes, board = _deal(h, dealt, n, seat_of, found, turn, tuple(own),
                         shared * (len(runs) - 1))
    first, fill = board[:5], board[5:]
    full = first[:]
    for k, run in enumerate(runs[1:]):
        full += fill[k * shared:(k + 1) * shared]
        full += map(_CARD_IDS.__getitem__, run[shared:])
    return holes, first, full


def _shared_places(runs: tuple[tuple[str, ...], ...]) -> int:
    """How many of the board's five places, from the first, every run holds alike
    (a place a run has not reached is alike only when no run has)."""
    first = runs[0]
    for place in range(5):
        card = first[place:place + 1]
        for run in runs:
            if run[place:place + 1] != card:
                return place
    return 5


def _run_it(h: HandHistory, hand: Hand, runs: int, found: list[str]) -> list[list[int]]:
    """The players agree to run the rest of the board ``runs`` times, as the
    history did: the engine must be waiting for it, and deal the history's boards
    (returned: the runs' boards)."""
    if not hand.awaiting_runs:
        found.append(f"the history runs the board {runs} times; hf.Hand offers no runs "
                     "here (not every live player but one is all in before the river)")
        raise _Stop
    hand.run_it(runs)
    dealt = [[_CARD_IDS[card] for card in run] for run in h.runs]
    boards = hand.boards
    if boards != dealt:
        found.append(f"the runs' boards: hf.Hand dealt {_named_boards(boards)} (it "
                     f"shares the cards dealt at the all-in), the history "
                     f"{[' '.join(run) for run in h.runs]}")
        raise _Stop
    return boards


_CARD_NAMES = {card_id: name for name, card_id in _CARD_IDS.items()}


def _named_boards(boards: list[list[int]]) -> list[str]:
    return [" ".join(_CARD_NAMES[card] for card in board) for board in boards]


def _dead_posts(h: HandHistory, credit: list[int], seat_of: dict[str, int]) -> list[int] | None:
    """Per seat, the live chips posted (``credit``) of a player whose first action
    is a fold: dead money from the start; None when there is none."""
    first: dict[int, str] = {}
    for action in h.actions:
        seat = seat_of[action.player]
        if credit[seat] and seat not in first and action.kind != "return":
            first[seat] = action.kind
    dead = [chips if first.get(seat) == "fold" else 0 for seat, chips in enumerate(credit)]
    return dead if any(dead) else None


def _turn(hand_id: str) -> int:
    """How far the replay's fixed deck order is turned for hand ``hand_id`` (see _deal)."""
    return int(hand_id) % 52 if hand_id.isdigit() else sum(map(ord, hand_id)) % 52


def _previous(seat: int, stacks: list[int]) -> int:
    """The first seat with chips counter-clockwise from ``seat`` (itself if none)."""
    n = len(stacks)
    for step in range(1, n + 1):
        if stacks[(seat - step) % n]:
            return (seat - step) % n
    return seat


def replay(h: HandHistory) -> Replay:
    """Play ``h`` again through :class:`hilo_fast.Hand`; see the module doc."""
    if not h.cancelled and _c_replay_hand is not None:
        whole = _c_replay_hand(h)
        if whole is not None:   # a plain hand replayed exactly, in C
            return _replayed(h, whole)
    result = Replay(h)
    if h.cancelled:
        return result
    with contextlib.suppress(_Stop):   # the reason is in result.discrepancies
        _play(h, result)
    return result


_new = object.__new__


def _replayed(h: HandHistory, whole: tuple[Any, ...]) -> Replay:
    """The Replay of ``h`` from ``_c_replay_hand``'s answer: settled, exact, its
    engine's hand rebuilt when asked. Every field set here, without the
    dataclass's __init__ (its empty dicts and lists, all but one replaced:
    0.6 us a hand of the import)."""
    result = _new(Replay)
    result.history, result._hand, result.discrepancies = h, None, []
    (result.seat_of, result.holes, result.contributions, result.collected, result.pots,
     result.showdown, result.all_in_board, result.board, result.run_collected) = whole
    result.settled = result._rebuild = True
    return result


def _play(h: HandHistory, r: Replay) -> None:
    found = r.discrepancies
    seats = h.seats
    n = max(h.max_seats or 2, max([seat[0] for seat in seats]))
    if n > 10:
        found.append(f"{n} seats: hf.Hand seats 2..10")
        raise _Stop
    r.seat_of = seat_of = {name: number - 1 for number, name, _, _, _ in seats}
    name_of = dict(zip(seat_of.values(), seat_of, strict=True))
    dealt_names = h.dealt_in
    stacks = [0] * n
    for number, name, stack, _, _ in seats:
        if name in dealt_names:
            stacks[number - 1] = stack
    dealt = [seat for seat in range(n) if stacks[seat]]
    # Forced bets: the engine posts the antes, the small blind left of its button
    # and the big blind after it; anything else is carried by the replay.
    sbs: list[Post] = []
    bbs: list[Post] = []
    antes: list[Post] = []
    extra: list[Post] = []   # in order: posts the engine does not post (not its blinds, antes)
    for post in h.posts:
        kind = post.kind
        if kind == "small blind":
            if sbs and post != sbs[0]:   # (one equal to the engine's is the engine's)
                extra.append(post)
            sbs.append(post)
        elif kind == "big blind":
            if bbs and post != bbs[0]:
                extra.append(post)
            bbs.append(post)
        elif kind == "ante":
            antes.append(post)
        else:
            extra.append(post)
    # Heads-up with the button on the big blind (the seat due it sat out): the small
    # blind acts first on every street. hf.Hand's heads-up button posts the small
    # blind, so the blinds are posted as given, the button where the history has it.
    button_on_big = len(dealt) == 2 and bool(sbs) and bool(bbs) and \
        seat_of[bbs[0].player] == h.button - 1
    if button_on_big:
        button = h.button - 1
    elif sbs:
        sb_seat = seat_of[sbs[0].player]
        button = sb_seat if len(dealt) == 2 else _previous(sb_seat, stacks)
    else:   # no small blind posted: the engine's must be a seat the ante put all in
        button = h.button - 1
        if button not in dealt:
            button = _previous(button, stacks)
    # The small blind as posted; the stakes' when none was or it was short (all in).
    sb_amount = h.stakes[0] // 2 if h.limit == Limit.FIXED else h.stakes[0]
    if sbs and not sbs[0].all_in:
        sb_amount = sbs[0].amount
    ante = 0
    if antes:
        ante = max([p.amount for p in antes])
        if len(antes) != len(dealt) or any(p.amount != ante for p in antes if not p.all_in):
            found.append("antes differ from seat to seat: hf.Hand posts one ante for all")
    credit = [0] * n   # live chips posted that the engine has not seen yet
    dead = [0] * n     # dead chips posted, added to the pot at the settlement
    for post in extra:
        seat = seat_of[post.player]
        if post.kind == "small & big blinds":
            credit[seat] += h.stakes[1] if h.limit != Limit.FIXED else h.stakes[0]
            dead[seat] += post.amount - credit[seat]
        elif post.kind == "small blind":
            dead[seat] += post.amount
        else:
            credit[seat] += post.amount
    # A live post whose player folds before putting in more is dead money, in the
    # pot from the start (the pot limit of the bets before the fold counts it): the
    # engine posts it as that seat's ante (see _dead_posts).
    dead_posts = _dead_posts(h, credit, seat_of) if any(credit) else None
    try:
        structure = _structure(h, sb_amount, ante)
    except ValueError as exc:
        found.append(f"structure: {exc}")
        raise _Stop from None
    turn = _turn(h.hand_id)
    runs = len(h.runs) or 1
    as_posted = False   # True: every post made as the history has it (no blind to check)
    try:
        if runs > 1 or h.exposed:   # (rare: the general constructor, with the game and runs)
            holes, board, full = _deal_runs(h, dealt, n, seat_of, found, turn)
            hand = r.hand = Hand(structure, stacks, button, holes=holes, board=full,
                                 game=h.game_dealt, runs=runs)
        elif bbs and (any(credit) or button_on_big or not sbs):
            # Posts the engine's own blinds are not (live ones out of position, dead
            # ones, none for the small blind): every post as the history made it,
            # in the pot from the start, pre-flop action after the big blind (after
            # the last straddle when there is one).
            dead_posts = dead_posts or [0] * n
            holes, board = _deal(h, dealt, n, seat_of, found, turn)
            blinds = [0] * n
            if sbs:
                blinds[seat_of[sbs[0].player]] = sbs[0].amount
            big_blind = seat_of[bbs[0].player]
            blinds[big_blind] = bbs[0].amount
            for seat, chips in enumerate(credit):
                blinds[seat] += chips - dead_posts[seat]
                credit[seat] = 0
            if any(post.kind == "straddle" for post in extra):
                big_blind = -1
            antes_of = [0] * n
            for post in antes:
                antes_of[seat_of[post.player]] = post.amount
            as_posted = True
            hand = r.hand = Hand._with_forced_bets(
                structure, stacks, button, antes=[a + d for a, d in zip(antes_of, dead_posts,
                                                                       strict=True)],
                blinds=blinds, holes=holes, board=board, hole_count=h.hole_count,
                big_blind=big_blind)
        else:
            dealt_cards = _c_deal_history(h.board, h.hole_cards, seat_of, dealt, n,
                                          h.hole_count, _CARD_IDS, _TURNED[turn]) \
                if _c_deal_history else None
            holes, board = dealt_cards or _deal(h, dealt, n, seat_of, found, turn)
            hand = r.hand = Hand._given_deal(structure, stacks, button, holes, board,
                                             h.hole_count)
    except ValueError as exc:
        found.append(f"hf.Hand refused the deal: {exc}")
        raise _Stop from None
    r.holes = hand.holes
    for kind, seat, posted in () if as_posted else (("small", hand.small_blind_seat, sbs),
                                                    ("big", hand.big_blind_seat, bbs)):
        if posted and seat_of[posted[0].player] == seat:
            continue
        if not posted and any(p.all_in and p.player == name_of.get(seat) for p in antes):
            continue
        found.append(f"blinds: hf.Hand posts the {kind} blind for {name_of.get(seat)}, the "
                     f"history {'for ' + posted[0].player if posted else 'has none'}")
        raise _Stop
    history_returned: dict[int, int] = {}
    act = hand.act
    actions, i = h.actions, 0
    owing = any(credit)
    while i < len(actions):
        if not owing:   # the plain actions in C, as this loop would apply them
            i = hand._replay_plain(actions, seat_of, i, _KINDS, history_returned)
            if i == len(actions):
                break
        street, player, kind, amount, to, all_in = actions[i]
        i += 1
        seat = seat_of[player]
        if kind == "return":
            history_returned[seat] = history_returned.get(seat, 0) + amount
            continue
        if hand.actor != seat:   # (-1 once the hand is over)
            found.append(f"{player} {kind}s on the {street} after the hand was over"
                         if hand.is_over else f"{player} {kind}s on the {street}, but "
                         f"hf.Hand has {name_of.get(hand.actor)} to act")
            raise _Stop
        owed = credit[seat]
        if owed:
            credit[seat] = 0
            owing = any(credit)
        try:
            if kind == "fold":     # (folds and checks put nothing in: no all-in check)
                dead[seat] += owed
                act(_FOLD)
                continue
            if kind == "check" and not owed:
                act(_CHECK)
                continue
            stack = hand.stacks[seat]   # (each state read copies the table: only when needed)
            if kind == "call" or kind == "check":
                added = hand.call_amount   # the bet to match, or the stack when short
                if added != amount + owed:
                    found.append(f"{player} calls {amount} on the {street}; hf.Hand's "
                                 f"call is {added - owed}")
                act(_CALL)
            elif kind == "bet":
                added = amount
                act(_BET, hand.bets[seat] + added)
            else:
                current = hand.current_bet
                if to - current != amount:
                    found.append(f"{player} raises {amount} to {to}, but the bet to "
                                 f"raise is {current}")
                added = to - hand.bets[seat]
                act(_RAISE, to)
        except ValueError as exc:
            found.append(f"hf.Hand refused {player}'s {kind} on the {street}: {exc}")
            raise _Stop from None
        if all_in != (added == stack > 0):
            found.append(f"{player}'s {kind} on the {street}: the history says "
                         f"{'' if all_in else 'not '}all-in, hf.Hand had {stack} behind "
                         f"and put in {added}")
    boards = _run_it(h, hand, runs, found) if runs > 1 else [board]
    if not hand.is_over:
        found.append(f"the history ends with {name_of.get(hand.actor)} to act")
        raise _Stop
    if history_returned:
        returned = hand.returned
        for seat, chips in sorted(history_returned.items()):
            if chips and chips != returned[seat]:
                found.append(f"uncalled bet: the history returns {chips} to "
                             f"{name_of[seat]}, hf.Hand {returned[seat]}")
    _settle(h, r, hand, boards, dead, name_of)
