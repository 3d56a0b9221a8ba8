#!/usr/bin/env python3
"""README's strength table from a `bench/bots.sh` output file.

    python3 bench/bots-table.py bench/results/bots-DATE.txt

Prints one Markdown row per `belot arena` run on mirrored deals; the
French Belote rows that issue 7's targets name have their share in bold.
Then the runs on whole matches (`--matches`), one row each, with the
intervals as `belot arena` printed them. The intervals of the
win rate and the Elo difference are Wilson's, recomputed from the win rate
and the deals (what `belot arena` prints since it moved to them; runs
saved before printed the normal approximation).
"""
import math
import re
import sys

# Issue 7's French targets, and issue 23's: pimc against heuristic in
# every game and against 1bbd4f1's pimc.
GAMES = ("french", "french-3", "french-2", "two-player", "three-player")
TARGETS = {("french", "heuristic", "random"), ("french", "pimc", "ismcts"),
           ("french", "ismcts", "heuristic"), ("french", "pimc", "1bbd4f1's pimc")}
TARGETS |= {(game, "pimc", "heuristic") for game in GAMES}


def side(name):
    """An outside program's side, 'pimc@.../baseline-1bbd4f1/... engine',
    as "1bbd4f1's pimc"; any other name as it is."""
    bot, _, command = name.partition("@")
    commit = re.search(r"baseline-(\w+)", command)
    return f"{commit.group(1)}'s {bot}" if commit else name


def ci(text):
    """'(95% CI 74.7% to 76.3%)' -> '(74.7–76.3%)'; signed values keep 'to'."""
    lo, hi = re.search(r"95% CI (\S+) to (\S+?)\)", text).groups()
    if lo.endswith("%"):
        return f"({lo[:-1]}–{hi})"
    return f"({lo} to {hi})"


def wilson(p, n):
    """95% Wilson score interval of a rate p over n trials."""
    z2 = 1.96 ** 2
    d = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / d
    half = 1.96 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def elo(p):
    p = min(max(p, 1e-4), 1 - 1e-4)
    return 400 * math.log10(p / (1 - p))


def main():
    text = open(sys.argv[1], encoding="utf-8").read()
    runs = re.split(r"^## ", text, flags=re.M)
    for run in runs:
        head = re.match(r"(\S+): (\S+) vs (.+?), (\d+) mirrored deals", run)
        if not head:
            continue
        game, a, b, deals = head.groups()
        b = side(b)
        line = {k: re.search(rf"^{k}\s+(.*)$", run, flags=re.M).group(1)
                for k in ("share of points", "point difference", "win rate", "Elo difference")}
        share = line["share of points"].split()[0]
        if (game, a, b) in TARGETS:
            share = f"**{share}**"
        diff = line["point difference"].split()[0]
        win = line["win rate"].split()[0]
        elo_text = line["Elo difference"].split()[0]
        lo, hi = wilson(float(win[:-1]) / 100, int(deals))
        print(f"| {game} | {a} vs {b} | {int(deals):,} | {share} {ci(line['share of points'])} "
              f"| {diff} {ci(line['point difference'])} | {win} ({100 * lo:.1f}–{100 * hi:.1f}%) "
              f"| {elo_text} ({elo(lo):+.0f} to {elo(hi):+.0f}) |")


    print()
    print("| game | pairing | mirrored matches (deals) | matches won by A (95% CI) "
          "| share of points (95% CI) | point difference per match (95% CI) "
          "| sets won, tied, lost | Elo (95% CI) |")
    print("|---|---|---|---|---|---|---|---|")
    for run in runs:
        head = re.match(r"(\S+): (\S+) vs (.+?), (\d+) mirrored matches", run)
        if not head:
            continue
        game, a, b, sets = head.groups()
        b = side(b)
        deals = re.search(r"matches, (\d+) deals\)", run).group(1)
        line = {k: re.search(rf"^{k}\s+(.*)$", run, flags=re.M).group(1)
                for k in ("share of points", "point difference", "matches won",
                          "Elo difference")}
        won, tied, lost = re.search(r"^\s+(\d+) won, (\d+) tied.*?, (\d+) lost", run,
                                    flags=re.M).groups()
        won_rate = line["matches won"].split()[0]
        odds = ", one seat in three wins" if "one seat in three" in line["matches won"] else ""
        elo_text = line["Elo difference"].split("  (")[0]
        elo_ci = re.search(r"95% CI (\S+) to (.+?)\)$", line["Elo difference"]).groups()
        print(f"| {game} | {a} vs {b} | {int(sets):,} ({int(deals):,}) "
              f"| {won_rate} {ci(line['matches won'])}{odds} "
              f"| {line['share of points'].split()[0]} {ci(line['share of points'])} "
              f"| {line['point difference'].split()[0]} {ci(line['point difference'])} "
              f"| {int(won):,}, {int(tied):,}, {int(lost):,} "
              f"| {elo_text} ({elo_ci[0]} to {elo_ci[1]}) |")


if __name__ == "__main__":
    main()
