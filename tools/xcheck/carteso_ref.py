# Independent Carteso reference (from SPEC §3) compared with `tessera gtp`.
import random, sys, json
sys.path.insert(0, '.')
from keil_ref import Gtp

def nm(x, y): return chr(97+x) + str(y+1)

class Carteso:
    def __init__(s, n, komi):
        s.n = n; s.b = {}; s.claim = {}; s.komi = komi; s.to = 'V'; s.passes = 0; s.over = False
    def nbs(s, p):
        x, y = p
        return [(a, b) for a, b in [(x, y-1), (x-1, y), (x+1, y), (x, y+1)] if 0 <= a < s.n and 0 <= b < s.n]
    def flood(s, start, ok):
        seen = {start}; st = [start]
        while st:
            p = st.pop()
            for q in s.nbs(p):
                if q not in seen and ok(q): seen.add(q); st.append(q)
        return seen
    def group(s, p): return s.flood(p, lambda q: s.b.get(q) == s.b[p])
    def box(s, cells):
        xs = [c[0] for c in cells]; ys = [c[1] for c in cells]
        return (min(xs), max(xs), min(ys), max(ys))
    def groups(s):
        seen = set(); out = []
        for p in sorted(s.b, key=lambda c: (c[1], c[0])):
            if p not in seen:
                g = s.group(p); seen |= g; out.append(g)
        return out
    def claimer(s, g):
        cs = {s.claim[p] for p in g if p in s.claim}
        assert len(cs) <= 1
        return cs.pop() if cs else None
    def place(s, p, col):
        s.b[p] = col; s.passes = 0
        mover = s.to
        for g in s.groups():
            if s.claimer(g) is not None: continue
            col = s.b[next(iter(g))]
            F = s.flood(next(iter(g)), lambda q: q not in s.b or s.b[q] == col)
            if s.box(F) == s.box(g):
                x0, x1, y0, y1 = s.box(g)
                rows, cols = y1-y0+1, x1-x0+1
                owner = 'V' if rows > cols else 'H' if cols > rows else ('H' if mover == 'V' else 'V')
                s.claim[next(iter(g))] = owner
        s.to = 'H' if s.to == 'V' else 'V'
    def pas(s):
        s.passes += 1; s.to = 'H' if s.to == 'V' else 'V'
        if s.passes == 2: s.over = True
    def state_claims(s):
        out = []
        for g in s.groups():
            c = s.claimer(g)
            if c: out.append({'cells': [nm(*p) for p in sorted(g, key=lambda c: (c[1], c[0]))],
                              'claimer': 'vertical' if c == 'V' else 'horizontal'})
        return out
    def score(s):
        sc = {'V': 0, 'H': s.komi}
        for g in s.groups():
            c = s.claimer(g)
            if c: sc[c] += len(g)
        return sc

def run(exe, games, seed):
    rng = random.Random(seed); g = Gtp(exe); claims = 0
    for gi in range(games):
        n = rng.choice([5, 6, 7]); komi = rng.choice([0.5, 2.5, 4])
        g.cmd(f'tessera-game carteso size={n} komi={komi}')
        c = Carteso(n, komi)
        while not c.over:
            st = json.loads(g.cmd('tessera-state'))
            exp_board = {nm(*p): v for p, v in c.b.items()}
            sc = c.score()
            if st['board'] != exp_board or st['claims'] != c.state_claims() or \
               st['score'] != {'vertical': sc['V'], 'horizontal': sc['H']}:
                print('MISMATCH', gi, json.dumps(st), c.state_claims(), sc); return 1
            legal = g.cmd('tessera-legal').split()
            empties = [(x, y) for y in range(n) for x in range(n) if (x, y) not in c.b]
            exp = [col + nm(*p) for p in empties for col in 'BW'] + ['pass']
            if legal != exp:
                print('LEGAL', gi, set(legal) ^ set(exp)); return 1
            if empties and rng.random() > 0.03:
                p = rng.choice(empties); col = rng.choice('BW')
                g.cmd(f'tessera-play {col}{nm(*p)}'); c.place(p, col)
            else:
                g.cmd('tessera-play pass'); c.pas()
        claims += len(c.state_claims())
        st = json.loads(g.cmd('tessera-state')); sc = c.score()
        win = 'vertical' if sc['V'] > sc['H'] else 'horizontal' if sc['H'] > sc['V'] else 'draw'
        assert st['over'] and st['winner'] == win, (st, sc)
    print('ok', games, 'games, claims at end', claims)

run(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
