"""``hilo-fast simulate``: self-play many hands with the built-in bots, in C where
the backend has it."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .._native.choice import BACKEND
from ..core.game import NAMED
from ..engine.selfplay import MAX_HANDS
from ..progress import Progress
from .args import SEED, int_in, open_for_writing

_STRUCTURES = ("fixed-limit", "pot-limit", "no-limit", "mixed")


def _parse_stakes(text: str) -> tuple[int, int]:
    parts = text.split("/")
    if len(parts) != 2 or not all(part.strip().isdigit() for part in parts):
        raise argparse.ArgumentTypeError(
            f"expected two whole numbers >= 0 like 1/2 (small/big), got {text!r}")
    return int(parts[0]), int(parts[1])


def _parse_bots(text: str) -> list[str]:
    """--bots: built-in bot names only (the library's message would also offer "or
    pass a callable", which only the Python API can)."""
    from ..engine.selfplay import BOTS

    names = text.split(",")
    for name in names:
        if name not in BOTS:
            raise ValueError(f"--bots: unknown bot {name!r} in {text!r}: choose from "
                             f"{', '.join(BOTS)}")
    return names


#: --game's names beyond hf.Game's: a bomb pot is a table option on a game.
_BOMB_POTS = {"bomb-pot": "omaha8", "double-board-bomb-pot": "double-board"}


def _game_and_options(args: argparse.Namespace, big: int) -> tuple[Any, dict[str, Any]]:
    """The game dealt (--game, --hole-count) and the table's options (--straddle,
    --bomb-pot, a bomb-pot game name: every seat antes twice the big blind)."""
    from ..core.game import Game

    name = args.game
    options: dict[str, Any] = {}
    if name is not None:
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        if key in _BOMB_POTS:
            name = _BOMB_POTS[key]
            options["bomb_pot"] = 2 * big
        if args.hole_count is not None:
            raise ValueError("give --game or --hole-count, not both")
        if "," in name:   # a mix: the PLO/PLO8 mix is "high,omaha8"
            return [Game.named(part) for part in name.split(",")], options
        game = Game.named(name)
    else:
        game = Game(hole_cards=args.hole_count or 4)
    if args.bomb_pot is not None:
        options["bomb_pot"] = args.bomb_pot
    if args.straddle:
        options["straddle"] = 2 * big
    return game, options


def _cmd_simulate(args: argparse.Namespace) -> int:
    from ..engine.selfplay import simulate
    from ..engine.structures import MixedGame, Structure
    from ..history.phh import to_phh

    # Fixed limit is named by its bets: 2/4 posts blinds 1/2, as the others' 1/2.
    small, big = args.stakes or ((2, 4) if args.structure == "fixed-limit" else (1, 2))
    mix = args.game is not None and "," in args.game
    if args.hands_per_game is not None and args.structure != "mixed" and not mix:
        raise ValueError("--hands-per-game is for --structure mixed only (or a mix of games: "
                         "--game A,B)")
    game, options = _game_and_options(args, small if args.structure == "fixed-limit" else big)
    structure: Structure | MixedGame
    if args.structure == "fixed-limit":   # named by small bet / big bet
        structure = Structure.fixed_limit(small, big, **options)
    elif args.structure == "pot-limit":   # named by the blinds
        structure = Structure.pot_limit(small, big, **options)
    elif args.structure == "no-limit":
        structure = Structure.no_limit(small, big, **options)
    else:
        structure = MixedGame(Structure.pot_limit(small, big, **options),
                              hands_per_game=args.hands_per_game or args.players)
    bots = _parse_bots(args.bots)
    out = open_for_writing(args.phh, "--phh") if args.phh else None
    written = 0

    def export(hand: object) -> None:
        nonlocal written
        assert out is not None
        text = ("\n" if written else "") + f"[{written + 1}]\n" + to_phh(hand)  # type: ignore[arg-type]
        # Counted in a finally: a Ctrl-C is raised between bytecodes, so at the
        # end of the write's call at the latest (never before it starts, in the
        # try: nothing there checks for signals), and the hand written is
        # counted either way. (After the write, a Ctrl-C between the two
        # statements left the file one hand ahead of the count.)
        try:
            out.write(text)
        finally:
            written += 1

    bar = args.progress = Progress(args.hands, "hands", show=not (args.quiet or args.json))
    if out is not None:
        args.partial = lambda: f"the {written:,} hands played are in {args.phh}"
    try:
        with bar:
            summary = simulate(args.hands, structure, args.players, seed=args.seed, bots=bots,
                               stack=args.stack, progress=lambda done: bar.update(done - bar.done),
                               on_hand=export if out is not None else None,
                               game=game, hands_per_game=args.hands_per_game if mix
                               and args.structure != "mixed" else None)
    finally:
        if out is not None:
            out.close()
    if args.json:
        print(json.dumps({"hands": summary.hands, "players": summary.players,
                          "structure": summary.structure, "bots": summary.bots,
                          "showdowns": summary.showdowns, "actions": summary.actions,
                          "seconds": summary.seconds, "engine": summary.engine,
                          "hands_per_second": summary.hands_per_second,
                          "net": summary.net, "rebuys": summary.rebuys,
                          "chips_conserved": True, "backend": BACKEND}, indent=2))
    else:
        print(summary.format())
    return 0


def add_parser(sub: Any) -> None:
    """Add this group's subcommands to the ``hilo-fast`` parser."""
    p = sub.add_parser("simulate", help="self-play many hands with built-in bots",
                       description="Self-play Omaha Hi-Lo hands at one table with built-in bots; "
                                   "checks that chips are conserved in every hand. Example: "
                                   "hilo-fast simulate --hands 10000 --structure pot-limit "
                                   "--players 6 --seed 1")
    p.add_argument("--hands", type=int_in(0, MAX_HANDS), default=1000,
                   help=f"hands to play, 0..{MAX_HANDS:,} (default 1000)")
    p.add_argument("--structure", choices=_STRUCTURES, default="pot-limit",
                   help="betting structure (default pot-limit); mixed alternates pot limit "
                        "and fixed limit with blinds times 2")
    p.add_argument("--players", type=int_in(2, 10), default=6, help="seats, 2..10 (default 6)")
    p.add_argument("--seed", type=SEED, default=0, help="random seed, 0..2**64-1 (default 0)")
    p.add_argument("--hole-count", type=int, choices=(4, 5, 6), default=None,
                   help="hole cards: 4 (Omaha, default), 5 (Big O) or 6")
    p.add_argument("--game", default=None, metavar="NAME",
                   help="the game dealt: " + ", ".join([*NAMED, *_BOMB_POTS])
                   + " (default omaha8; a bomb pot: every seat antes 2 big blinds, "
                   "play starts on the flop); two names with a comma alternate, e.g. "
                   "high,omaha8 (the PLO/PLO8 mix; --hands-per-game, default an orbit)")
    p.add_argument("--straddle", action="store_true",
                   help="a live straddle of 2 big blinds left of the big blind")
    p.add_argument("--bomb-pot", type=int_in(1), default=None, metavar="CHIPS",
                   help="every seat antes CHIPS, no blinds, play starts on the flop")
    p.add_argument("--stakes", type=_parse_stakes, default=None,
                   help="blinds (pot/no limit, mixed) or small/big bet (fixed limit); "
                        "default 1/2, fixed limit 2/4 (blinds 1/2)")
    p.add_argument("--stack", type=int_in(1), default=None,
                   help="starting stack and rebuy (default 100 big blinds)")
    p.add_argument("--bots", default="random",
                   help="comma list of bots, repeated over the seats: random, call, pot "
                        "(default random)")
    p.add_argument("--hands-per-game", type=int_in(1), default=None,
                   help="mixed: hands before switching game (default one orbit)")
    p.add_argument("--phh", metavar="FILE", help="write every hand to FILE (.phhs)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_simulate)
