"""Read Winning Poker Network (Americas Cardroom, ...) hand histories: every Omaha
Hi/Lo hand as a :class:`HandHistory`. Two formats, told apart hand by hand:

- the current one (2019 on), PokerStars-like::

    Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC
    St. Lucie 6-max Seat #1 is the button
    Seat 1: ann ($200.00)
    ann posts the small blind $10.00 / posts the big blind / posts ante / posts dead ...
    *** HOLE CARDS *** ... calls $3.00 / raises $12.00 to $18.00 / bets / ... and is all-in
    *** FLOP *** [8h 3d 8s]   (each street then says "Main pot $X | Rake $Y": the running pot)
    Uncalled bet ($53.38) returned to bob
    *** SHOW DOWN ***  bob shows [..] (...) / ann mucks hand / bob collected $199.00 from main pot
    *** SUMMARY ***  Total pot $199.00 | Rake $0.96 | JP Fee $0.04
    Seat 4: bob (big blind) showed [..] and won $199.00 with ... / did not show and won $12.00

  ``Total pot`` is the pot after the rake and the jackpot fee (both taken: the
  hand's rake is their sum); what each player won is the summary's ``won``.
  ``5Card Omaha H/L`` has five hole cards. A hand run twice says
  ``*** RUN IT TWICE ***`` after the all-in, then each run's streets and
  showdown numbered (``*** FLOP 1 ***``... ``*** SHOW DOWN 2 ***``), each run's
  pot after its share of the rake (``Main pot 2 $123.00 | Rake $1.50``), what
  each run paid (``bob collected $30.75 from main pot 1``: the run's number
  last) and, in the summary, ``Board 1 [..]`` and ``Board 2 [..]``, each with
  the seats again (their ``won`` names the high half only: the runs'
  ``collected`` lines are read instead).

- the older one (to 2017)::

    Game started at: 2017/1/15 7:47:50
    Game ID: 820605052 3/6 (PRR) Pamola (Short) (Omaha HiLow)
    Seat 5 is the button
    Seat 1: ann (300).
    Player bob has small blind (3) / has big blind (6)
    Player ann received card: [4d]     (the hero's; others "received a card.")
    Player ann raises (12) / calls (12) / bets (6) / allin (402.40) / folds / checks
    Uncalled bet (393.40) returned to bob
    ------ Summary ------
    Pot: 42. Rake 0[. JP fee 0.24]
    *Player bob mucks (does not show cards). Bets: 12. Collects: 42. Wins: 30.

  Each amount is the chips the action puts in; ``Pot`` is after rake and fee;
  ``Collects`` is what the player was paid.
"""

from __future__ import annotations

import re
from datetime import datetime

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import reader_function
from ._builder import BadHand, HandBuilder, OtherGame, TextReader, c_loop, cards, date_of, money

__all__ = ["SITE", "WinningReader", "parse_winning_acr", "read_winning_acr", "sniff"]

SITE = "winning-acr"

_HEADER = re.compile(r"Hand #(?P<id>\d+)(?P<tour>.*?) - (?P<game>[^-]*?)\s*\((?P<limit>[^()]*)"
                     r"\) - (?P<stakes>.*?) - (?P<date>(?P<Y>\d{4})/(?P<M>\d\d)/(?P<D>\d\d) "
                     r"(?P<h>\d\d):(?P<m>\d\d):(?P<s>\d\d))"
                     r"(?: (?P<tz>\w+))?")
_GAMES = {"Omaha H/L": 4, "5Card Omaha H/L": 5}   # game -> hole cards
_LIMITS = {"Pot Limit": Limit.POT, "No Limit": Limit.NO, "Fixed Limit": Limit.FIXED}
_TABLE = re.compile(r"(?P<table>.*?) (?:(?P<max>\d+)-max )?Seat #(?P<button>\d+) is the button")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<chips>[^()]*)\)(?P<rest>.*)")
_ACTION = re.compile(
    r"(?P<name>.+?) (?:posts (?P<post>the small blind|the big blind|ante|dead blind|"
    r"dead small blind|the straddle|straddle) (?P<pamount>\S+)|(?P<kind>calls|bets) "
    r"(?P<amount>\S+)|raises (?P<by>\S+) to (?P<to>\S+)|(?P<simple>folds|checks))"
    r"(?P<allin> and is all-in)?$")
_STREET = re.compile(r"\*\*\* (?P<name>[A-Z0-9 ]+?) \*\*\*(?P<cards>.*)")
_UNCALLED = re.compile(r"Uncalled bet \((?P<amount>[^()]+)\) returned to (?P<name>.+)")
_SHOWS = re.compile(r"(?P<name>.+?) (?P<what>shows|mucks) \[(?P<cards>[^\]]*)\]")
_MUCKS = re.compile(r"(?P<name>.+?) mucks hand$")
_COLLECTED = re.compile(r"(?P<name>.+) collected (?P<amount>\S+) from (?P<pot>main pot|"
                        r"side pot(?:-(?P<n>\d+)| (?P<m>\d+))?|pot)$")
_TOTAL = re.compile(r"Total pot (?P<total>\S+)(?: \| Rake (?P<rake>\S+))?"
                    r"(?: \| JP Fee (?P<jp>\S+))?")
_SUMMARY_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?)(?: \((?:button|small blind|"
                           r"big blind)\))* (?P<what>.*)")
_WON = re.compile(r"won (?P<amount>[$€£]?[\d.,]+)")
_DEALT = re.compile(r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]")
_NOISE = re.compile(r"(?:.+? (?:does not show|sits out|is sitting out|has returned|"
                    r"is disconnected|is connected|joins the table.*|leaves the table|"
                    r"will be allowed to play.*|said, .*|has timed out.*)"
                    r"|(?:Main|Side) pot.*|Board \[.*\])$")
# Only a line whose last word, or the word before it, is one of these can be an
# action (a cheap test that spares the _ACTION pattern most other lines).
_ACTION_LAST = frozenset(("folds", "checks", "all-in"))
_ACTION_BEFORE_AMOUNT = frozenset(("calls", "bets", "to", "blind", "ante", "straddle"))
_STREETS = {"FLOP": "flop", "TURN": "turn", "RIVER": "river"}
_BOARD_SIZES = {"flop": 3, "turn": 4, "river": 5}
# A run's collection: the pot, then the run's number.
_RUN_COLLECTED = re.compile(r"(?P<name>.+) collected (?P<amount>\S+) from (?P<pot>main pot|"
                            r"side pot(?:-(?P<n>\d+)| (?P<m>\d+))?|pot) (?P<run>\d+)$")
_RUN_BOARD = re.compile(r"Board (?P<run>\d+) \[(?P<cards>[^\]]*)\]$")
_BRACKETS = re.compile(r"\[([^\]]*)\]")   # (the cards of a street line)
_HOLE_SHOWN = re.compile(r"(?:mucked|showed) \[([^\]]*)\]")

# The older format.
_OLD_START = "Game started at:"
_OLD_ID = re.compile(r"Game ID: (?P<id>\d+) (?P<sb>[\d.]+)/(?P<bb>[\d.]+) (?P<table>.*) "
                     r"\((?P<game>[^()]*)\)$")
_OLD_GAMES = {"Omaha HiLow": 4}
_OLD_BUTTON = re.compile(r"Seat (?P<button>\d+) is the button")
_OLD_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<chips>[\d.,]+)\)\.?$")
_OLD_PLAYER = re.compile(
    r"Player (?P<name>.+?) (?:has (?P<post>small blind|big blind|ante) \((?P<pamount>[\d.,]+)\)"
    r"|(?P<kind>calls|bets|raises|allin) \((?P<amount>[\d.,]+)\)|(?P<simple>folds|checks)"
    r"|received card: \[(?P<card>[^\]]+)\]|received a card\.|mucks cards|"
    r"(?P<shows>shows:?) ?\[?(?P<cards>[^\]]*)\]?.*|is timed out\.|sitting out|"
    r"wait(?:s|ing) for big blind|is disconnected.*|is connected.*)$")
_OLD_STREET = re.compile(r"\*\*\* (?P<name>FLOP|TURN|RIVER) \*\*\*:?(?P<cards>.*)")
_OLD_POT = re.compile(r"Pot: (?P<pot>\d[\d,]*(?:\.\d+)?)\.? Rake (?P<rake>\d[\d,]*(?:\.\d+)?)"
                      r"(?:\. JP fee (?P<jp>\d[\d,]*(?:\.\d+)?))?")
_OLD_RESULT = re.compile(r"\*?Player (?P<name>.+?) (?P<what>.*?)\.? ?Bets: (?P<bets>[\d.,]+)\. "
                         r"Collects: (?P<collects>[\d.,]+)\.")


def sniff(head: str) -> bool:
    """True when ``head`` starts a Winning hand history (either format)."""
    for line in head.splitlines()[:20]:
        line = line.strip().lstrip("\ufeff")
        if line.startswith("Hand #") and _HEADER.match(line):
            return True
        if line.startswith(_OLD_START):
            return "Game ID: " in head
    return False


class WinningReader(TextReader):
    """The Omaha Hi/Lo hands of a Winning history, one at a time (see the module doc)."""

    site = SITE
    header_text = "Hand #"
    header_prefixes = ("Hand #", "Game started at:")

    def is_header(self, line: str) -> bool:
        return line.startswith(_OLD_START) or (line.startswith("Hand #") and " - " in line)

    def hand_id(self, lines: list[str]) -> str:
        found = _HEADER.match(lines[0]) or (_OLD_ID.match(lines[1]) if len(lines) > 1 else None)
        return found["id"] if found else ""

    def parse(self, lines: list[str], start: int) -> HandHistory:
        if lines[0].startswith(_OLD_START):
            return _parse_old(lines, start)
        return _parse_hand(lines, start, _HEADER.match(lines[0]))


def _date(head: re.Match[str]) -> datetime | None:
    """The header's date (as date_of reads it, from the numbers the pattern took)."""
    year, month, day, hour, minute, second = map(int, head.group("Y", "M", "D", "h", "m", "s"))
    try:
        return datetime(year, month, day, hour, minute, second)
    except ValueError:
        return None


def _parse_hand(lines: list[str], start: int, head: re.Match[str] | None) -> HandHistory:
    b, cash = _begin(lines, start, head)
    found = _c_loop(lines, b, cash, _Runs()) if _c_loop is not None else None
    if found is None:
        if _c_loop is not None:   # (the C twin handed the hand back: a fresh start)
            b, cash = _begin(lines, start, head)
        found = _loop(lines, b, cash)
    section, total, rake, won, runs = found
    if section != "summary" or total < 0:
        raise BadHand("cut short: no summary")
    for name, amount in won.items():
        b.collect(name, amount)
    # A walk's total and winnings hold the big blind's uncalled part (no line returns it).
    hand = b.finish(total_pot=b.absorb_uncalled(total + rake), rake=rake)
    return runs.finish(hand) if runs.on else hand


def _begin(lines: list[str], start: int, head: re.Match[str] | None
           ) -> tuple[HandBuilder, bool]:
    """The builder of a hand with its header and table line read, and whether it is cash."""
    if head is None:
        raise BadHand(f"not a hand header: {lines[0][:80]!r}")
    game, limit, stakes_text = head.group("game", "limit", "stakes")
    if game not in _GAMES or limit not in _LIMITS:
        raise OtherGame(f"{game} ({limit})")
    b = HandBuilder(SITE, head["id"], start)
    b.game = f"{game} {limit}"
    b.hole_count = _GAMES[game]
    b.limit = _LIMITS[limit]
    stakes = stakes_text.split("/")
    cash = "$" in stakes_text or "€" in stakes_text
    if head["tour"].strip():
        b.tournament_id = head["tour"].strip(" ,")
    if len(stakes) != 2:
        raise BadHand(f"stakes {stakes_text!r}")
    b.stakes = (money(stakes[0], cash), money(stakes[1], cash))
    b.currency = ("USD" if "$" in stakes_text else "EUR") if cash else None
    b.date = _date(head)
    b.time_zone = head["tz"] or ""
    if len(lines) < 2 or (table := _TABLE.match(lines[1])) is None:
        raise BadHand("cut short: no table line")
    b.table, b.button = table["table"], int(table["button"])
    b.max_seats = int(table["max"]) if table["max"] else None
    return b, cash


def _loop(lines: list[str], b: HandBuilder, cash: bool
          ) -> tuple[str, int, int, dict[str, int], _Runs]:
    """The lines after the table line, into ``b``: the section reached, the total
    pot and rake (-1: none read), what each won (the summary's) and the runs
    (csrc/py/hhsite_winning_acr.c: its twin, given a fresh ``_Runs()``)."""
    section = "seats"
    total = rake = -1
    won: dict[str, int] = {}
    runs = _Runs()
    # (each pattern is tried only on a line starting with, or holding, the words it needs)
    for line in lines[2:]:
        if line.startswith("*** "):
            street = _STREET.match(line)
            if street is None:
                raise BadHand(f"not a street line: {line[:80]!r}")
            name = street["name"]
            if runs.on and name != "SUMMARY":
                runs.street(name, street["cards"])
                continue
            if name in _STREETS:
                new = _BRACKETS.findall(street["cards"])
                if not new:
                    raise BadHand(f"no cards on the {name.lower()}")
                b.new_street(_STREETS[name], cards(new[-1]))
            elif name == "SUMMARY":
                section = "summary"
                continue
            elif name == "RUN IT TWICE":
                runs.start(b.board)
            elif name not in ("HOLE CARDS", "SHOW DOWN"):
                raise BadHand(f"a street not known: {line[:80]!r}")
            section = "play"
            continue
        if section == "seats" and line.startswith("Seat ") and \
                (seat := _SEAT.match(line)) is not None:
            b.seat(int(seat["seat"]), seat["name"], money(seat["chips"], cash),
                   "sitting out" in seat["rest"])
            continue
        if section == "summary":
            if line.startswith("Total pot ") and (found := _TOTAL.match(line)) is not None:
                total = money(found["total"], cash)
                rake = money(found["rake"], cash) if found["rake"] else 0
                if found["jp"]:
                    rake += money(found["jp"], cash)
            else:
                _summary_line(line, b, runs, won, cash)
            continue
        rest, _, last = line.rpartition(" ")   # (see _ACTION_LAST)
        if (last in _ACTION_LAST or rest[rest.rfind(" ") + 1:] in _ACTION_BEFORE_AMOUNT) \
                and (action := _ACTION.match(line)) is not None:
            _action(b, action, cash)
        elif line.startswith("Uncalled bet (") and \
                (uncalled := _UNCALLED.match(line)) is not None:
            b.returns(uncalled["name"], money(uncalled["amount"], cash))
        elif line.startswith("Dealt to ") and (dealt := _DEALT.match(line)) is not None:
            b.hero = dealt["name"]
            b.holes[dealt["name"]] = cards(dealt["cards"])
        elif (" shows [" in line or " mucks [" in line) and \
                (shows := _SHOWS.match(line)) is not None:
            (b.show if shows["what"] == "shows" else b.muck)(shows["name"],
                                                             cards(shows["cards"]))
        elif line.endswith(" mucks hand") and (mucks := _MUCKS.match(line)) is not None:
            b.muck(mucks["name"])
        elif " collected " in line:
            if runs.on and (got := _RUN_COLLECTED.match(line)) is not None:
                pot = 0 if got["pot"] in ("pot", "main pot") else int(got["n"] or got["m"] or 1)
                runs.collect(b, got["name"], money(got["amount"], cash), pot, int(got["run"]))
            elif _COLLECTED.match(line) is None and _NOISE.match(line) is None:
                raise BadHand(f"a line not understood: {line[:80]!r}")
            # (what each won is the summary's, which covers the hands without a showdown)
        elif _NOISE.match(line) is None:
            raise BadHand(f"a line not understood: {line[:80]!r}")
    return section, total, rake, won, runs


def _action(b: HandBuilder, action: re.Match[str], cash: bool) -> None:
    """A post, fold, check, call, bet or raise (an _ACTION match)."""
    who, post, simple, kind = action.group("name", "post", "simple", "kind")
    if post:
        kind = post.removeprefix("the ")
        amount = money(action["pamount"], cash)
        if kind.startswith("dead"):
            b.post_dead(who, amount)
        else:
            b.post(who, kind, amount)
    elif simple:
        (b.fold if simple == "folds" else b.check)(who)
    elif kind == "calls":
        b.call(who, money(action["amount"], cash))
    elif kind == "bets":
        b.bet_(who, money(action["amount"], cash))
    else:
        b.raise_to(who, money(action["to"], cash))


def _summary_line(line: str, b: HandBuilder, runs: _Runs, won: dict[str, int],
                  cash: bool) -> None:
    """A line of the summary other than the total."""
    if line.startswith("Seat ") and (seat := _SUMMARY_SEAT.match(line)) is not None:
        name, what = seat.group("name", "what")
        if runs.on:   # (each board's seats: the runs' collections were read)
            pass
        elif "won " in what and (won_text := _WON.search(what)) is not None:
            won[name] = won.get(name, 0) + money(won_text[1], cash)
        if "ed [" in what and (hole := _HOLE_SHOWN.search(what)):
            b.holes.setdefault(name, cards(hole[1]))
    elif not line.startswith("Board "):
        raise BadHand(f"a summary line not understood: {line[:80]!r}")
    elif runs.on and (board := _RUN_BOARD.match(line)) is not None:
        runs.check_board(int(board["run"]), cards(board["cards"]))


class _Runs:
    """A hand run twice as the lines give it: each run's board (the cards dealt
    before the runs, then its own) and what each run's showdown paid."""

    def __init__(self) -> None:
        self.on = False
        self.shared: list[str] = []
        self.boards: list[list[str]] = []
        self.paid: list[dict[str, int]] = []

    def start(self, board: list[str]) -> None:
        self.on, self.shared = True, list(board)

    def _run(self, number: str) -> int:
        """The index of run ``number`` (1-based, each run after the one before)."""
        if not number.isdecimal() or not 1 <= int(number) <= len(self.boards) + 1:
            raise BadHand(f"run {number!r} out of order")
        run = int(number) - 1
        if run == len(self.boards):
            self.boards.append(list(self.shared))
            self.paid.append({})
        return run

    def street(self, name: str, text: str) -> None:
        """``FLOP 1 [..]``, ``TURN 2 [..] [..]``, ``SHOW DOWN 1``."""
        what, _, number = name.rpartition(" ")
        run = self._run(number)
        if what == "SHOW DOWN":
            return
        if what not in _STREETS:
            raise BadHand(f"a street of a run not known: {name!r}")
        new = _BRACKETS.findall(text)
        board = self.boards[run]
        dealt = cards(new[-1]) if new else ()
        if not dealt or len(board) + len(dealt) != _BOARD_SIZES[_STREETS[what]]:
            raise BadHand(f"bad cards on the {what.lower()} of run {number}")
        board.extend(dealt)

    def collect(self, b: HandBuilder, name: str, amount: int, pot: int, number: int) -> None:
        run = self._run(str(number))
        b.collect(name, amount, pot)
        self.paid[run][name] = self.paid[run].get(name, 0) + amount

    def check_board(self, number: int, board: tuple[str, ...]) -> None:
        if not 1 <= number <= len(self.boards) or tuple(self.boards[number - 1]) != board:
            raise BadHand(f"the summary's board {number} differs from the run's cards")

    def finish(self, hand: HandHistory) -> HandHistory:
        if len(self.boards) < 2 or any(len(board) != 5 for board in self.boards):
            raise BadHand("a hand run twice without two whole boards")
        hand.runs = tuple(map(tuple, self.boards))
        hand.board = hand.runs[0]
        hand.run_collected = tuple(self.paid)
        return hand


def _parse_old(lines: list[str], start: int) -> HandHistory:
    if len(lines) < 3 or (head := _OLD_ID.match(lines[1])) is None:
        raise BadHand("cut short: no 'Game ID' line")
    if head["game"] not in _OLD_GAMES:
        raise OtherGame(head["game"])
    b = HandBuilder(SITE, head["id"], start)
    b.game = head["game"]
    b.hole_count = _OLD_GAMES[head["game"]]
    b.limit = Limit.POT   # (the format names no limit; the network dealt this game pot limit)
    b.stakes = (money(head["sb"], True), money(head["bb"], True))
    b.currency = "USD"
    b.table = head["table"].replace("(PRR) ", "")
    b.date = date_of(lines[0])
    button = _OLD_BUTTON.match(lines[2])
    if button is None:
        raise BadHand("no button line")
    b.button = int(button["button"])
    section = "seats"
    pot = rake = -1
    holes: dict[str, list[str]] = {}
    for line in lines[3:]:
        if section == "seats" and (seat := _OLD_SEAT.match(line)) is not None:
            b.seat(int(seat["seat"]), seat["name"], money(seat["chips"], True))
            continue
        if line.startswith("------ Summary"):
            section = "summary"
            continue
        if line.startswith("Game ended at"):
            continue
        if section == "summary":
            if (found := _OLD_POT.match(line)) is not None:
                pot = money(found["pot"], True)
                rake = money(found["rake"], True) + (money(found["jp"], True) if found["jp"]
                                                      else 0)
            elif (result := _OLD_RESULT.match(line)) is not None:
                collects = money(result["collects"], True)
                if collects:
                    b.collect(result["name"], collects)
                if "mucks" in result["what"] and result["name"] in b.active:
                    b.muck(result["name"])
            else:
                raise BadHand(f"a summary line not understood: {line[:80]!r}")
            continue
        section = "play"
        if (street := _OLD_STREET.match(line)) is not None:
            found_cards = cards(street["cards"]) if street["cards"].strip(" :") else ()
            if found_cards:   # (a street line with no cards marks nothing: seen before the deal)
                new = found_cards[len(b.board):] if found_cards[:len(b.board)] == \
                    tuple(b.board) else found_cards
                b.new_street(_STREETS[street["name"]], new)
            continue
        if (uncalled := _UNCALLED.match(line)) is not None:
            b.returns(uncalled["name"], money(uncalled["amount"], True))
            continue
        action = _OLD_PLAYER.match(line)
        if action is None:
            raise BadHand(f"a line not understood: {line[:80]!r}")
        who = action["name"]
        if action["post"]:
            b.post(who, action["post"], money(action["pamount"], True))
        elif action["simple"]:
            (b.fold if action["simple"] == "folds" else b.check)(who)
        elif action["kind"] == "calls":
            b.call(who, money(action["amount"], True))
        elif action["kind"] == "bets":
            b.bet_(who, money(action["amount"], True))
        elif action["kind"] in ("raises", "allin"):
            b.wager_added(who, money(action["amount"], True))
        elif action["card"]:
            b.hero = who
            holes.setdefault(who, []).extend(cards(action["card"]))
        elif action["shows"] and action["cards"].strip():
            b.show(who, cards(action["cards"]))
    for name, hole in holes.items():
        b.holes.setdefault(name, tuple(hole))
    if section != "summary" or pot < 0:
        raise BadHand("cut short: no summary")
    return b.finish(total_pot=pot + rake, rake=rake)


#: the C twin of _loop (given a fresh _Runs), or None
_c_loop = c_loop(SITE)

read_winning_acr = reader_function(WinningReader)


def parse_winning_acr(text: str) -> WinningReader:
    """The Omaha Hi/Lo hands of a Winning history given as a string."""
    return WinningReader(iter(text.splitlines()), "<text>")
