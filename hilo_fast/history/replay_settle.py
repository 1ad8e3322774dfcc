"""The settlement of a replayed hand history (:mod:`hilo_fast.history.replay`):
the pots the showing hands contest, each pot's rake, the hi/lo split with the
site's rules, what each player collects, and every check of the site's own
numbers against it (totals, who collected what, pot by pot; each run's
share for a hand run N times)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .site_pots import rake_by_pot, showdown_pots, split_pot

if TYPE_CHECKING:   # (the replay imports this module)
    from ..engine.hand import Hand
    from .model import HandHistory
    from .replay import Replay

__all__ = ["PotResult"]

_new = tuple.__new__   # a named tuple made from a tuple: no Python-level __new__ call


class PotResult(NamedTuple):
    """One pot as the replay settled it: ``amount`` after ``rake``, the players
    who contested it (``eligible``; one for a pot nobody else reached),
    name -> chips won (``shares``) and name -> the part of those chips that
    came from the low half (``low_shares``; None when no low qualified, on
    any run of a hand run N times)."""

    amount: int
    rake: int
    eligible: tuple[str, ...]
    shares: dict[str, int]
    low_shares: dict[str, int] | None = None


class _Stop(Exception):
    """The replay cannot go on (the reason is already in the discrepancies)."""


def _settle(h: HandHistory, r: Replay, hand: Hand, boards: list[list[int]],
            dead: list[int], name_of: dict[int, str]) -> None:
    """Settle on ``boards``: the one board, or the runs (see the module doc)."""
    found = r.discrepancies
    board = boards[0]
    n = hand.n_seats
    chips = hand.contributions
    if any(dead):
        chips = [c + d for c, d in zip(chips, dead, strict=True)]
    holes = hand.holes
    folded = hand.folded
    dealt = [seat for seat in range(n) if holes[seat] is not None]
    live = [seat for seat in dealt if not folded[seat]]
    r.contributions = {name_of[seat]: chips[seat] for seat in dealt}
    total = sum(chips)
    if total != h.total_pot:
        found.append(f"total pot: the history says {h.total_pot}, the chips put in "
                     f"add up to {total}")
    r.board = tuple(board)
    if len(live) > 1:
        r.showdown = tuple([name_of[seat] for seat in live])
        # The log is in order, so its last action is on the last street played.
        log = hand.actions
        last_street = log[-1][0] if log else 0
        if last_street < 3:
            r.all_in_board = tuple(board[:(0, 3, 4)[last_street]])
        showing = live
        if h.mucked:
            mucked = {r.seat_of[name] for name in h.mucked}
            showing = [seat for seat in live if seat not in mucked]
        known = h.hole_cards
        unseen = [name_of[s] for s in showing if name_of[s] not in known]
        if unseen:
            found.append(f"{', '.join(unseen)} reached showdown, cards never shown")
        if not showing:
            found.append("every player at showdown mucked")
            raise _Stop
        # The pots as hf.showdown builds them (the one pot builder and the one
        # winners rule), with only the players who show contesting, on the
        # engine's cards (already checked); each pot's rake comes off before it
        # is split. Odd chips go clockwise from the first seat left of the button.
        button = (h.button - 1) % n
        if len(boards) > 1:   # each run's winners (the pots, levels and eligible, alike)
            by_run = [showdown_pots(holes, run, showing, chips, button) for run in boards]
        else:
            by_run = [hand._showdown_pots(chips, showing, button) or
                      showdown_pots(holes, board, showing, chips, button)]
    else:
        by_run = [[(0, total, (live[0],), (live[0],), ())]]
    pots = by_run[0]
    rakes = rake_by_pot([pot[1] for pot in pots], h, found) if h.rake or h.pots else \
        [0] * len(pots)   # (the listed pots are checked against the chips even unraked)
    collected: dict[str, int] = {}
    add = r.pots.append
    if len(by_run) > 1:
        _settle_runs(h, r, by_run, rakes, name_of)
        return
    for (_, amount, eligible, high_winners, low_winners), rake in zip(pots, rakes, strict=True):
        net = amount - rake
        named, low = split_pot(h, net, eligible, high_winners, low_winners, name_of)
        add(_new(PotResult, (net, rake, tuple(map(name_of.__getitem__, eligible)), named, low)))
        for name, won in named.items():
            collected[name] = collected.get(name, 0) + won
    r.collected = collected
    r.settled = True
    _compare(h, r)


def _settle_runs(h: HandHistory, r: Replay,
                 by_run: list[list[tuple[int, int, tuple[int, ...], tuple[int, ...],
                                         tuple[int, ...]]]],
                 rakes: list[int], name_of: dict[int, str]) -> None:
    """The settlement of a hand run N times: each pot after its rake divided
    equally among the runs, the odd chips to the first runs (as hf.Hand and the
    sites' files do), each run's share split hi/lo among its own winners."""
    runs = len(by_run)
    collected: dict[str, int] = {}
    paid: list[dict[str, int]] = [{} for _ in range(runs)]
    r.run_collected = paid
    for index, (pot, rake) in enumerate(zip(by_run[0], rakes, strict=True)):
        net = pot[1] - rake
        each, odd = divmod(net, runs)
        named: dict[str, int] = {}
        low: dict[str, int] | None = None   # (a dict once a run has a low)
        for run, (pots, run_paid) in enumerate(zip(by_run, paid, strict=True)):
            _, _, eligible, high_winners, low_winners = pots[index]
            run_named, run_low = split_pot(h, each + (run < odd), eligible, high_winners,
                                           low_winners, name_of)
            for name, won in run_named.items():
                named[name] = named.get(name, 0) + won
                run_paid[name] = run_paid.get(name, 0) + won
            if run_low is not None:
                low = low or {}
                for name, won in run_low.items():
                    low[name] = low.get(name, 0) + won
        r.pots.append(_new(PotResult, (net, rake, tuple(map(name_of.__getitem__, pot[2])),
                                       named, low)))
        for name, won in named.items():
            collected[name] = collected.get(name, 0) + won
    r.collected = collected
    r.settled = True
    _compare(h, r)
    for run, (site, ours) in enumerate(zip(h.run_collected, paid, strict=False)):
        if site != ours:
            found = r.discrepancies
            found.append(f"run {run + 1}: the site paid {site}, the replay {ours}")


def _compare(h: HandHistory, r: Replay) -> None:
    found = r.discrepancies
    if sum(h.collected.values()) + h.rake != h.total_pot:
        found.append(f"the history's totals: collected {sum(h.collected.values())} + rake "
                     f"{h.rake} != total pot {h.total_pot}")
    if h.collected != r.collected:   # (most hands agree: look for who differs only then)
        for name in sorted(set(h.collected) | set(r.collected)):
            site, ours = h.collected.get(name, 0), r.collected.get(name, 0)
            if site != ours:
                found.append(f"{name} collected {site} on the site, {ours} in the replay")
    indexes = {index for index, _, _ in h.pot_collections}
    if len(r.pots) == 1 and len(indexes) == 1:   # one pot (most hands): its lines are all
        if h.collected != r.pots[0].shares and indexes == {0}:
            found.append(f"main pot: the site split it {h.collected}, the replay "
                         f"{r.pots[0].shares}")
        elif indexes != {0} and r.pots[0].shares:
            found.append(f"main pot: the site split it {{}}, the replay {r.pots[0].shares}")
        return
    by_pot: dict[int, dict[str, int]] = {}
    for index, name, amount in h.pot_collections:
        split = by_pot.setdefault(index, {})
        split[name] = split.get(name, 0) + amount
    if len(by_pot) == len(r.pots):
        for index, pot in enumerate(r.pots):
            site_pot = by_pot.get(index, {})
            if site_pot != pot.shares:
                what = "main pot" if index == 0 else f"side pot {index}"
                found.append(f"{what}: the site split it {site_pot}, the replay {pot.shares}")
