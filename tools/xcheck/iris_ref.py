import random, sys, json
sys.path.insert(0, '.')
from keil_ref import Gtp, board, name

def run(exe, games, seed):
    rng = random.Random(seed); g = Gtp(exe); forfeits = 0
    for gi in range(games):
        n = rng.choice([3, 4, 5])
        cells, nb = board(n)
        edge = {c for c in cells if len(nb[c]) < 6}
        partner = lambda c: (2*n-2-c[0], 2*n-c[1])
        g.cmd(f'tessera-game iris size={n}')
        b = {}; to = 'B'; turn = 0; passes = 0; first = None
        def over(): return passes >= 2 or len(b) == len(cells)
        while True:
            st = json.loads(g.cmd('tessera-state'))
            assert st['board'] == {name(c): v for c, v in b.items()}, (gi, st)
            assert st['turn'] == turn and st['over'] == over()
            if over(): break
            empt = [c for c in cells if c not in b]
            if first is None:
                if turn == 0: leg = [c for c in empt if c not in edge]
                else: leg = empt
                exp = [name(c) for c in leg] + ['pass']
            else:
                if first in edge: leg = [partner(first)]
                else: leg = [c for c in empt if c not in edge and c not in nb[first]]
                exp = [name(c) for c in leg]
            got = g.cmd('tessera-legal').split()
            assert got == exp, (gi, got, exp)
            if first is None and rng.random() < 0.03:
                g.cmd('tessera-step pass'); passes += 1; turn += 1; to = 'W' if to == 'B' else 'B'; continue
            c = rng.choice(leg); g.cmd('tessera-step ' + name(c)); b[c] = to
            if first is None and turn > 0:
                passes = 0; first = c
                nxt = [partner(c)] if c in edge else [d for d in cells if d not in b and d not in edge and d not in nb[c]]
                if not nxt:
                    forfeits += 1; first = None; turn += 1; to = 'W' if to == 'B' else 'B'
            else:
                passes = 0; first = None; turn += 1; to = 'W' if to == 'B' else 'B'
        # scoring
        def scores(col):
            seen = set(); out = []
            for c in cells:
                if b.get(c) == col and c not in seen:
                    comp = {c}; st2 = [c]
                    while st2:
                        p = st2.pop()
                        for q in nb[p]:
                            if b.get(q) == col and q not in comp: comp.add(q); st2.append(q)
                    seen |= comp; sc = len(comp & edge)
                    if sc: out.append(sc)
            return sorted(out, reverse=True)
        sb, sw = scores('B'), scores('W'); L = max(len(sb), len(sw))
        pb, pw = sb + [0]*(L-len(sb)), sw + [0]*(L-len(sw))
        win = 'black' if pb > pw else 'white' if pw > pb else 'draw'
        st = json.loads(g.cmd('tessera-state'))
        assert st['group_scores'] == {'black': sb, 'white': sw} and st['winner'] == win, (st, sb, sw)
    print('ok', games, 'games, forfeits', forfeits)
run(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
