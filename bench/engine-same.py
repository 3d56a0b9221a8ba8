#!/usr/bin/env python3
"""Drives two `belot engine` binaries with the same lines and checks every
answer is byte for byte the same (a refactoring changes no answer).

    python3 bench/engine-same.py OLD_BELOT NEW_BELOT french,french-3,french-2,two_player,three_player 40

Actions are chosen at random (seeded) from the legal list, with bots (heuristic) and solve now and then, and
every view, state, score, status and record is asked along the way. A
refusal whose only difference is the rules' `reason` and `params` (which
older builds do not send) counts as the same and is counted."""
import json, random, subprocess, sys

old, new, games, seeds = sys.argv[1], sys.argv[2], sys.argv[3].split(','), int(sys.argv[4])
def spawn(b): return subprocess.Popen([b, 'engine'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
A, B = spawn(old), spawn(new)
lines = detailed = 0
def without_detail(line):
    """A refusal's answer without the rules' `reason` and `params` (added
    to the protocol after older builds)."""
    v = json.loads(line)
    if isinstance(v.get('error'), dict):
        v['error'].pop('reason', None); v['error'].pop('params', None)
    return v
def ask(req):
    global lines, detailed
    s = json.dumps(req, ensure_ascii=False)
    A.stdin.write(s + '\n'); B.stdin.write(s + '\n')
    a, b = A.stdout.readline(), B.stdout.readline()
    lines += 1
    if a != b and without_detail(b) == json.loads(a) and '"reason"' not in a:
        detailed += 1
    elif a != b:
        print('DIFF on', s); print(' old', a[:2000]); print(' new', b[:2000]); sys.exit(1)
    return json.loads(a)
ask({'cmd': 'hello'}); ask({'cmd': 'help'})
for game in games:
    variant, opts = game, {}
    if game.startswith('french-'): variant, opts = 'french', {'players': int(game[-1])}
    for seed in range(seeds):
        rng = random.Random(seed)
        ask({'cmd': 'new', 'variant': variant, 'seed': seed, 'options': opts})
        players = {'french': opts.get('players', 4), 'two_player': 2, 'three_player': 3}[variant]
        for step in range(400):
            st = ask({'cmd': 'legal'})
            if rng.random() < 0.2:
                for s in range(players): ask({'cmd': 'view', 'seat': s})
                ask({'cmd': 'state'}); ask({'cmd': 'score'})
            if not st.get('ok') or not st.get('actions'):
                r = ask({'cmd': 'score'})
                n = ask({'cmd': 'next'})
                if not n.get('ok'): break
                continue
            x = rng.random()
            if x < 0.05: ask({'cmd': 'solve'})
            if x < 0.15: ask({'cmd': 'bot', 'bot': 'heuristic', 'seed': seed})
            else: ask({'cmd': 'act', 'action': rng.choice(st['actions'])})
        rec = ask({'cmd': 'save'})
        if rec.get('ok'): ask({'cmd': 'load', 'record': rec['record']}); ask({'cmd': 'score'})
        # Refusals too.
        ask({'cmd': 'act', 'action': {'type': 'play', 'card': 'JS'}}); ask({'cmd': 'view', 'seat': 9})
        ask({'cmd': 'new', 'variant': variant, 'hands': ['7S'], 'trump': 'S', 'taker': 0})
        ask({'cmd': 'new', 'variant': variant, 'options': {'target': 'x'}})
print(f'{lines} answers identical ({",".join(games)}, {seeds} seeds each)'
      + (f', {detailed} of them refusals that only gained the rules\' reason and params' if detailed else ''))
