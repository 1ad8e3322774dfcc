"""The whole replay of a hand in C (csrc/py/hhreplay_hand.c ``replay_hand``)
against the replay in Python (hilo_fast.history.replay._play): run once or run
N times, posts out of position, dead blinds and straddles posted seat by seat.

The C answers only a plain hand it replays exactly and leaves every other to
the Python, so the two must agree on every field of every replay: here on
synthetic self-play (every structure, 2..9 seats, 4 and 5 cards, cash and
tournaments), on every fixture of every site, on the shared real files when
they are there, and on thousands of histories edited field by field to be
wrong (an amount, a player, a card, a post, the rake, the pots, the button,
the site's split). The counts make sure the C really answered most clean
hands and really left the edited ones.
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

import hilo_fast as hf
from hilo_fast.history import replay as replay_module
from hilo_fast.history.model import HHAction, Post
from hilo_fast.history.synth import synthetic_histories

DATA = Path(__file__).parent / "data"
SHARED = Path(__file__).parents[3] / "shared" / "data" / "hand-histories"
FIELDS = ("settled", "discrepancies", "seat_of", "holes", "contributions", "collected", "pots",
          "showdown", "all_in_board", "board", "run_collected")


def _python(h: hf.HandHistory) -> Any:
    """The replay in Python alone (what replay() does when the C leaves a hand)."""
    r = replay_module.Replay(h)
    if not h.cancelled:
        with contextlib.suppress(replay_module._Stop):
            replay_module._play(h, r)
    return r


def _fields(r: Any) -> tuple[Any, ...]:
    return tuple((getattr(r, name), type(getattr(r, name))) for name in FIELDS)


def _hand_state(r: Any) -> Any:
    hand = r.hand
    return None if hand is None else (hand.actions, hand.holes, hand.stacks, hand.payouts,
                                      hand.returned, hand.is_over, hand.structure)


def _compare(hands: list[hf.HandHistory], *, with_hands: int = 1) -> dict[str, int]:
    """Replay each hand both ways; every field equal; the lazily built hand of
    every ``with_hands``-th hand the C answered equal to the Python's. The counts."""
    counts = {"c": 0, "python": 0}
    for k, h in enumerate(hands):
        try:   # (an edited history may break the Python replay itself: the C left it)
            theirs = _python(h)
        except (KeyError, ValueError, IndexError) as exc:
            with pytest.raises(type(exc)):
                h.replay()
            counts["python"] += 1
            continue
        ours = h.replay()
        in_c = ours._rebuild
        counts["c" if in_c else "python"] += 1
        assert _fields(ours) == _fields(theirs), (h.site, h.hand_id)
        # (every field set, where replay() builds the C's Replay without __init__)
        assert ours.history is h and all(hasattr(ours, f.name) for f in fields(ours))
        if in_c:
            assert ours.exact, (h.site, h.hand_id)
            if k % with_hands == 0:
                assert _hand_state(ours) == _hand_state(theirs), (h.site, h.hand_id)
    return counts


@pytest.fixture
def c_replay(native: Any) -> Any:
    if replay_module._c_replay_hand is None:
        pytest.fail("the native backend has no whole replay in C (hhreplay_hand.c)")
    return replay_module._c_replay_hand


def _synthetic(count: int, seed: int) -> list[hf.HandHistory]:
    text = "".join(synthetic_histories(count, seed=seed)) + \
        "".join(synthetic_histories(count // 2, seed=seed + 1, cash=False))
    return list(hf.parse_pokerstars(text))


def test_the_c_replays_self_play_as_the_python(c_replay: Any) -> None:
    hands = _synthetic(1500, 61)
    counts = _compare(hands, with_hands=7)
    # Self-play hands are plain: nearly all of them are the C's.
    assert counts["c"] > 0.95 * len(hands), counts


def test_the_c_replays_every_sites_fixtures_as_the_python(c_replay: Any) -> None:
    hands = []
    for path in sorted(DATA.rglob("*")):
        if path.is_file():
            with contextlib.suppress(ValueError):   # (fixtures of unreadable files)
                hands += [h for h in hf.read_history(str(path))
                          if isinstance(h, hf.HandHistory)]
    counts = _compare(hands)
    sites_in_c = {h.site for h in hands if h.replay()._rebuild}
    assert len(hands) > 60 and counts["c"] > len(hands) // 2, counts
    assert len(sites_in_c) >= 15, sites_in_c   # (every site's plain hands)
    posted = [h for h in hands if [p.kind for p in h.posts if p.kind != "ante"]
              != ["small blind", "big blind"] and h.replay().exact]
    posted += [h for h in hands if h.hand_id == "5000201"]   # (heads-up, button on the big)
    in_c = [h for h in posted if h.replay()._rebuild]   # (posts out of position, dead, ...)
    assert len(posted) >= 5 and in_c == posted, [(h.site, h.hand_id) for h in posted]
    run_twice = [h for h in hands if len(h.runs) > 1]
    assert len(run_twice) >= 4 and all(h.replay()._rebuild for h in run_twice), \
        [(h.site, h.hand_id) for h in run_twice if not h.replay()._rebuild]


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared/data/hand-histories here")
def test_the_c_replays_the_shared_real_files_as_the_python(c_replay: Any) -> None:
    hands = []
    for path in sorted(SHARED.rglob("*")):
        if path.is_file() and path.name != "README.md":
            with contextlib.suppress(ValueError):
                hands += [h for h in hf.read_history(str(path))
                          if isinstance(h, hf.HandHistory)]
    counts = _compare(hands)
    assert counts["c"] > len(hands) // 2, counts


def _edited(h: hf.HandHistory, rng: random.Random) -> hf.HandHistory:
    """``h`` with one field edited, most often into a history that is wrong."""
    names = [seat.name for seat in h.seats]
    field = rng.choice(["total_pot", "rake", "collected", "pot_collections", "pots", "posts",
                        "actions", "actions", "button", "max_seats", "stakes", "hole_cards",
                        "mucked", "board", "hand_id", "chip_unit", "site", "limit", "seats",
                        "dealt_in", "exposed", "runs"])
    value: Any
    if field in ("total_pot", "rake", "button", "max_seats"):
        value = (getattr(h, field) or 0) + rng.choice((-2, -1, 1, 1, 2, 100))
    elif field == "collected":
        value = dict(h.collected)
        name = rng.choice([*value, *names])
        value[name] = value.get(name, 0) + rng.choice((-1, 1))
    elif field == "pot_collections":
        lines = list(h.pot_collections)
        if lines and rng.random() < 0.5:
            index, name, amount = lines.pop(rng.randrange(len(lines)))
            lines.append((index + rng.choice((-1, 1)), name, amount))
        else:
            lines.append((rng.randrange(3), rng.choice(names), rng.randint(0, 5)))
        value = tuple(lines)
    elif field == "pots":
        value = tuple(p + rng.choice((-1, 1)) for p in h.pots) or (h.total_pot - h.rake, 1)
    elif field == "posts":
        posts = list(h.posts)
        if posts:
            k = rng.randrange(len(posts))
            post = posts[k]
            posts[k] = rng.choice([post._replace(amount=post.amount + 1),
                                   post._replace(player=rng.choice(names)),
                                   post._replace(kind=rng.choice(("straddle", "ante",
                                                                  "small blind", "big blind"))),
                                   post._replace(all_in=not post.all_in)])
        value = tuple(posts)
    elif field == "actions":
        actions = list(h.actions)
        if actions:
            k = rng.randrange(len(actions))
            action = actions[k]
            actions[k] = rng.choice([action._replace(amount=action.amount + 1),
                                     action._replace(to=action.to + 1),
                                     action._replace(player=rng.choice(names)),
                                     action._replace(kind=rng.choice(("fold", "check", "call",
                                                                      "bet", "raise",
                                                                      "return"))),
                                     action._replace(all_in=not action.all_in)])
            if rng.random() < 0.2:
                del actions[rng.randrange(len(actions))]
        value = tuple(actions)
    elif field == "stakes":
        low, high = h.stakes
        value = rng.choice([(low + 1, high), (low, high * 2), (high, low), (0, high)])
    elif field == "hole_cards":
        value = dict(h.hole_cards)
        if value and rng.random() < 0.5:
            del value[rng.choice(list(value))]
        else:
            value[rng.choice(names)] = tuple(rng.sample(["As", "Kd", "2c", "3h", "5s", "9d"],
                                                        h.hole_count))
    elif field == "mucked":
        value = (*h.mucked, rng.choice(names))
    elif field == "board":
        board = list(h.board)
        if board:
            board[rng.randrange(len(board))] = rng.choice(["As", "2c", "Td", "Xx"])
        value = tuple(board)
    elif field == "hand_id":
        value = rng.choice([h.hand_id + "7", "abc", "", "١٢٣"])
    elif field == "chip_unit":
        value = rng.choice((5, 2, 0))
    elif field == "site":
        value = rng.choice(("bovada", "pokerstars", "fulltilt"))
    elif field == "limit":
        value = rng.choice(list(hf.Limit))
    elif field == "seats":
        seats = list(h.seats)
        k = rng.randrange(len(seats))
        seats[k] = seats[k]._replace(stack=seats[k].stack + rng.choice((-1, 1, 10**6)))
        value = tuple(seats)
    elif field == "dealt_in":
        value = h.dealt_in[1:]
    elif field == "exposed":
        value = 1
    else:
        value = (tuple(h.board),)
    return dataclasses.replace(h, **{field: value})


def test_the_c_leaves_every_edited_history_to_the_python_or_agrees(c_replay: Any) -> None:
    rng = random.Random(62)
    clean = [h for h in _synthetic(400, 63) if h.replay().exact]
    for path in sorted(DATA.rglob("*")):
        if path.is_file():
            with contextlib.suppress(ValueError):
                clean += [h for h in hf.read_history(str(path))
                          if isinstance(h, hf.HandHistory) and h.replay()._rebuild]
    edited = [_edited(rng.choice(clean), rng) for _ in range(10_000)]
    counts = _compare(edited, with_hands=5)
    wrong = 0
    for h in edited:
        with contextlib.suppress(KeyError, ValueError, IndexError):
            wrong += bool(_python(h).discrepancies)
    assert counts["python"] > 3000 and counts["c"] > 2000 and wrong > 2500, (counts, wrong)


@pytest.mark.parametrize("h", [None, 1, "text", object()])
def test_the_c_leaves_what_is_no_history(c_replay: Any, h: Any) -> None:
    assert c_replay(h) is None


def test_a_lazily_built_hand_is_built_once(c_replay: Any) -> None:
    h = next(h for h in _synthetic(20, 64) if h.replay()._rebuild)
    r = h.replay()
    first = r.hand
    assert first is not None and r.hand is first and not r._rebuild
    r.hand = None   # (set by hand: kept, not rebuilt)
    assert r.hand is None


def test_the_c_leaves_sums_beyond_its_bound_to_the_python(c_replay: Any) -> None:
    """Hostile histories: hundreds of returns, posts or payouts of 2^55 chips each
    (their sums would pass int64): the C hands them back, whatever they add up to."""
    h = next(h for h in _synthetic(20, 65) if h.replay()._rebuild)
    big = 2**55
    player = h.seats[0].name
    many_returns = h.actions + tuple(HHAction("river", player, "return", big)
                                     for _ in range(300))
    many_posts = h.posts + tuple(Post(player, "big blind", big + k) for k in range(300))
    many_paid = {f"p{k}": big for k in range(300)}
    for edited in (dataclasses.replace(h, actions=many_returns),
                   dataclasses.replace(h, posts=many_posts),
                   dataclasses.replace(h, collected=many_paid)):
        assert c_replay(edited) is None
