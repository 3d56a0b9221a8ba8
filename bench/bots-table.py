#!/usr/bin/env python3
"""README's strength table from a `bench/bots.sh` output file.

    python3 bench/bots-table.py bench/results/bots-DATE.txt

Prints one Markdown row per `belot arena` run; the French Belote rows
that issue 7's targets name have their share in bold.
"""
import re
import sys

TARGETS = {("french", "heuristic", "random"), ("french", "pimc", "heuristic"),
           ("french", "pimc", "ismcts"), ("french", "ismcts", "heuristic")}


def ci(text):
    """'(95% CI 74.7% to 76.3%)' -> '(74.7–76.3%)'; signed values keep 'to'."""
    lo, hi = re.search(r"95% CI (\S+) to (\S+?)\)", text).groups()
    if lo.endswith("%"):
        return f"({lo[:-1]}–{hi})"
    return f"({lo} to {hi})"


def main():
    text = open(sys.argv[1], encoding="utf-8").read()
    runs = re.split(r"^## ", text, flags=re.M)
    for run in runs:
        head = re.match(r"(\S+): (\S+) vs (\S+), (\d+) mirrored deals", run)
        if not head:
            continue
        game, a, b, deals = head.groups()
        line = {k: re.search(rf"^{k}\s+(.*)$", run, flags=re.M).group(1)
                for k in ("share of points", "point difference", "win rate", "Elo difference")}
        share = line["share of points"].split()[0]
        if (game, a, b) in TARGETS:
            share = f"**{share}**"
        diff = line["point difference"].split()[0]
        win = line["win rate"].split()[0]
        elo = line["Elo difference"].split()[0]
        print(f"| {game} | {a} vs {b} | {int(deals):,} | {share} {ci(line['share of points'])} "
              f"| {diff} {ci(line['point difference'])} | {win} {ci(line['win rate'])} "
              f"| {elo} {ci(line['Elo difference'])} |")


if __name__ == "__main__":
    main()
