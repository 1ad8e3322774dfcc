"""Omaha Hi-Lo equity on a Dask cluster: the README's recipe as a script.

    pip install "hilo-fast[dask]"
    python examples/dask_equity.py                          # a local cluster of 2 workers
    python examples/dask_equity.py tcp://scheduler:8786     # an existing cluster
    python examples/dask_equity.py --samples 100000 --workers 2

Every worker needs hilo-fast installed. The equity is the same, for a seed,
as on one thread: chunks carry their own seeds and tallies add up exactly.

The ``if __name__ == "__main__":`` guard is needed: a local cluster starts its
workers as new processes that import this file, and without the guard each
would try to start a cluster of its own ("bootstrapping phase" /
"Nanny failed to start").
"""

from __future__ import annotations

import argparse

from dask.distributed import Client, LocalCluster

import hilo_fast as hf


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scheduler", nargs="?", help="a scheduler address (default: a local "
                                                     "cluster)")
    parser.add_argument("--samples", type=int, default=10_000_000, help="Monte Carlo samples")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2, help="local cluster workers")
    args = parser.parse_args()

    hands = ["As2dKh3c", None, None]  # A-2-K-3 double-suited against two random hands
    if args.scheduler:
        with Client(args.scheduler) as client:
            result = hf.equity(hands, samples=args.samples, seed=args.seed,
                               executor=client.get_executor())
    else:
        with LocalCluster(n_workers=args.workers, threads_per_worker=1,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            result = hf.equity(hands, samples=args.samples, seed=args.seed,
                               executor=client.get_executor())
    for player in result.players:
        hand = "".join(player.hole) if player.hole else "random"
        print(f"{hand:<10} equity {player.equity:.4f} +- {player.std_error:.4f}  "
              f"scoop {player.scoop:.4f}")
    print(f"{result.boards:,} samples, seed {result.seed}")


if __name__ == "__main__":
    main()
