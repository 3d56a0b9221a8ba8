#!/usr/bin/env python3
"""Random-playout throughput of the `colver` engine (PyPI, Rust core + PyO3).

Figure measured: complete random play-phase playouts per second, i.e. starting
from a freshly dealt position whose bidding is skipped (fixed contract, nobody
has played yet), all 32 cards are played by uniformly random legal moves and
the deal is scored.  This is what `colver.Env.rollout(n)` does:

    rollout(n) -> [mean_NS, mean_EW]      (Rust: rollout::rollout_batch)
        for _ in 0..n:
            s = *state                    # GameState is Copy (<= 96 bytes)
            while !s.is_terminal():
                legal = s.legal_actions() # bitmask, rules-enforced (follow /
                                          # trump / overtrump)
                s.step(nth legal bit, index uniform via env's StdRng)
            total += s.rewards()
        return total / n                  # f32 averages

So one `rollout(n)` call = n independent complete playouts from the *same*
position; the env's own state is never modified (checked below).  The whole
loop runs in Rust on the calling thread (one thread, GIL held, no rayon), so the
Python overhead is one call per `rollout(M)` -- negligible for M >= ~100.

What `rollout` returns is NOT card points: it is the mean *scored* deal value
per team ("points faits + points demandes", unrounded):
    contract made : taker = card pts + contract value (+20 belote), defence =
                    card pts (+20 belote)              -> sum 242 / 262
    taker capot   : taker = 252 + 80 (+20)             -> sum 332 / 352
    contract down : taker = 0, defence = 162 + 80 (+ all belote) -> 242 / 262
(for the 80 contract used here).  Card points (162, or 252 with a capot) are
checked separately, untimed, by replaying a few games move by move with
`action_random()` / `step()` and reading `get_points()`.

The rollout RNG is the env's StdRng seeded from OS entropy by
`deal_with_hands` (there is no setter), so deals are reproducible from --seed
but the random moves inside `rollout` are not.

Only the `rollout(M)` calls are inside the timed region (time.perf_counter for
wall time, time.process_time for CPU time of the whole process); dealing,
contract setup and all sanity checks are excluded.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time

import colver

HEARTS = 1  # colver suit order: 0=spades, 1=hearts, 2=diamonds, 3=clubs
CONTRACT_VALUE = 80  # lowest normal contract (bids are 80..160, then capot=250)
TAKER_SEAT = 0
TAKER_TEAM = TAKER_SEAT & 1  # seats 0/2 = team 0 (N-S), seats 1/3 = team 1 (E-W)
NO_COINCHE = 0

# Possible per-playout sums NS+EW of the scored value for an 80 contract.
ALLOWED_SCORE_SUMS = {
    162 + CONTRACT_VALUE,  # 242: made or down, no belote
    162 + CONTRACT_VALUE + 20,  # 262: with belote
    252 + CONTRACT_VALUE,  # 332: taker capot
    252 + CONTRACT_VALUE + 20,  # 352: taker capot with belote
}


def make_deals(n: int, seed: int) -> list[list[list[int]]]:
    """n deals of 4 hands x 8 card ids (0..31), deterministic from seed."""
    rng = random.Random(seed)
    deals = []
    for _ in range(n):
        deck = list(range(32))
        rng.shuffle(deck)
        deals.append([sorted(deck[8 * s : 8 * s + 8]) for s in range(4)])
    return deals


def setup_env(hands: list[list[int]], dealer: int) -> "colver.Env":
    env = colver.Env.deal_with_hands(dealer, hands)
    env.set_contract(HEARTS, CONTRACT_VALUE, TAKER_TEAM, NO_COINCHE)
    # Leader of trick 1 is always (dealer + 1) % 4 in colver.
    env.set_phase_playing()
    return env


def check_untouched(env, hands, leader) -> None:
    """rollout() must leave the env's position exactly as it was."""
    assert env.phase() == 1, env.phase()
    assert env.current_player() == leader, env.current_player()
    assert [sorted(h) for h in env.get_hands()] == hands, "hands changed"
    assert list(env.get_points()) == [0, 0], env.get_points()
    assert list(env.get_played_cards()) == [], "cards were played"


def check_game_step_by_step(hands, dealer, stats) -> None:
    """One untimed random playout via step(): card points 162/252, 32 cards."""
    g = setup_env(hands, dealer)
    moves = 0
    while not g.is_terminal():
        legal = g.legal_actions()
        a = g.action_random()
        assert a in legal, (a, legal)
        g.step(a)
        moves += 1
    pts = list(g.get_points())
    tricks = list(g.get_tricks_won())
    assert moves == 32, moves
    assert sum(tricks) == 8, tricks
    capot = 8 in tricks
    assert sum(pts) == (252 if capot else 162), (pts, tricks)
    rw = g.rewards()
    assert round(rw[0] + rw[1]) in ALLOWED_SCORE_SUMS, rw
    stats["games"] += 1
    stats["capots"] += capot
    stats["card_pts_ns"] += pts[0]
    stats["card_pts_ew"] += pts[1]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200, help="number of random deals (default 200)")
    ap.add_argument(
        "--rollouts-per-deal", type=int, default=1000, help="M in rollout(M) per deal (default 1000)"
    )
    ap.add_argument("--seed", type=int, default=1, help="seed of Python's random for the deals (default 1)")
    ap.add_argument(
        "--dealer",
        type=int,
        default=3,
        choices=range(4),
        help="dealer seat; seat dealer+1 leads trick 1 (default 3, so seat 0 = taker leads)",
    )
    ap.add_argument(
        "--check-games",
        type=int,
        default=2,
        help="untimed step-by-step verification games per deal (default 2)",
    )
    ap.add_argument("--json", action="store_true", help="also print one JSON line with the results")
    args = ap.parse_args(argv)
    if args.deals < 1 or args.rollouts_per_deal < 1:
        ap.error("--deals and --rollouts-per-deal must be >= 1")  # rollout(0) divides by 0

    M = args.rollouts_per_deal
    leader = (args.dealer + 1) % 4
    deals = make_deals(args.deals, args.seed)

    # Untimed warm-up (page in the extension code, first-call costs).
    warm = setup_env(deals[0], args.dealer)
    warm.rollout(min(M, 1000))

    wall = 0.0
    cpu = 0.0
    sum_ns = 0.0  # sum over deals of mean * M  ->  total scored points
    sum_ew = 0.0
    stats = {"games": 0, "capots": 0, "card_pts_ns": 0, "card_pts_ew": 0}
    per_deal_rate = []

    for hands in deals:
        env = setup_env(hands, args.dealer)
        assert env.current_player() == leader

        c0 = time.process_time()
        t0 = time.perf_counter()
        ns, ew = env.rollout(M)
        t1 = time.perf_counter()
        c1 = time.process_time()
        wall += t1 - t0
        cpu += c1 - c0
        per_deal_rate.append(M / (t1 - t0) if t1 > t0 else float("inf"))

        # --- untimed sanity checks ---
        check_untouched(env, hands, leader)
        s = ns + ew
        # each playout's sum is in ALLOWED_SCORE_SUMS, so the mean lies in their hull
        assert 0.0 <= ns <= 352.0 and 0.0 <= ew <= 352.0, (ns, ew)
        assert min(ALLOWED_SCORE_SUMS) - 1e-2 <= s <= max(ALLOWED_SCORE_SUMS) + 1e-2, (ns, ew)
        sum_ns += ns * M
        sum_ew += ew * M
        for _ in range(args.check_games):
            check_game_step_by_step(hands, args.dealer, stats)

    playouts = args.deals * M
    rate = playouts / wall
    per_deal_rate.sort()
    median_rate = per_deal_rate[len(per_deal_rate) // 2]
    mean_ns = sum_ns / playouts
    mean_ew = sum_ew / playouts

    print(f"colver {colver.__version__}  (python {platform.python_version()}, {platform.machine()})")
    print(
        f"contract: 80 hearts, taker team {TAKER_TEAM} (seat {TAKER_SEAT}), no coinche; "
        f"dealer {args.dealer}, seat {leader} leads; seed {args.seed}"
    )
    print(f"deals:            {args.deals} x rollout({M})")
    print(f"playouts:         {playouts}")
    print(f"seconds (wall):   {wall:.4f}")
    print(f"seconds (cpu):    {cpu:.4f}   (cpu/wall = {cpu / wall:.2f}; ~1.00 = single thread)")
    print(f"playouts/sec:     {rate:,.0f}   ({1e9 / rate:.0f} ns per playout)")
    print(f"per-deal rate:    min {per_deal_rate[0]:,.0f}  median {median_rate:,.0f}  max {per_deal_rate[-1]:,.0f}")
    print(
        f"mean scored value (rollout return): NS {mean_ns:.2f}  EW {mean_ew:.2f}  "
        f"sum {mean_ns + mean_ew:.2f}  (per playout 242/262, 332/352 on taker capot)"
    )
    if stats["games"]:
        g = stats["games"]
        print(
            f"check games (untimed, step-by-step): {g} ok; mean card points NS "
            f"{stats['card_pts_ns'] / g:.2f} EW {stats['card_pts_ew'] / g:.2f}; capots {stats['capots']}"
        )
    if args.json:
        print(
            json.dumps(
                {
                    "engine": "colver",
                    "version": colver.__version__,
                    "playouts": playouts,
                    "seconds": round(wall, 6),
                    "playouts_per_sec": round(rate, 1),
                    "cpu_seconds": round(cpu, 6),
                    "deals": args.deals,
                    "rollouts_per_deal": M,
                    "seed": args.seed,
                    "mean_score_ns": round(mean_ns, 3),
                    "mean_score_ew": round(mean_ew, 3),
                }
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
