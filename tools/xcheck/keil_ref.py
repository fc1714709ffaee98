# Independent Keil reference (written from SPEC §3 only) compared with `tessera gtp`.
import random, subprocess, sys, json

def board(n):
    cells = []
    for r in range(2*n-1):
        lo = n-r if r < n else 1
        hi = min(2*n-1, 3*n-2-r)
        for k in range(lo, hi+1):
            cells.append((r, k))
    cs = set(cells)
    nb = {}
    for (r, k) in cells:
        nb[(r, k)] = [c for c in [(r, k-1), (r, k+1), (r-1, k), (r-1, k+1), (r+1, k-1), (r+1, k)] if c in cs]
    return cells, nb

def name(c): return chr(ord('a')+c[0]) + str(c[1])

class Keil:
    def __init__(self, n, komi=6.0, button=True):
        self.n = n; self.cells, self.nb = board(n)
        self.b = {}; self.komi = komi; self.button_on = button; self.button = None
        self.seen = {'B': set(), 'W': set()}; self.to = 'B'; self.passes = 0; self.over = False
    def opp(self, c): return 'W' if c == 'B' else 'B'
    def common(self, p, q): return [x for x in self.nb[p] if x in self.nb[q]]
    def linked(self, b, p, q):
        a, c = b.get(p), b.get(q)
        if a is None and c is None: return True
        if a is not None and c is not None and a != c: return False
        col = a or c
        return any(b.get(x) != self.opp(col) for x in self.common(p, q))
    def group(self, b, s):
        col = b[s]; seen = {s}; st = [s]
        while st:
            p = st.pop()
            for q in self.nb[p]:
                if q not in seen and b.get(q) == col and self.linked(b, p, q):
                    seen.add(q); st.append(q)
        return seen
    def libs(self, b, g):
        return {q for p in g for q in self.nb[p] if q not in b and self.linked(b, p, q)}
    def key(self, b, button_taken):
        return (frozenset(b.items()), button_taken)
    def try_place(self, c):
        if c in self.b: return None
        b = dict(self.b); b[c] = self.to
        enemy = self.opp(self.to)
        done = set(); dead = []
        for p in list(b):
            if b[p] == enemy and p not in done:
                g = self.group(b, p); done |= g
                if not self.libs(b, g): dead.append(g)
        for g in dead:
            for p in g: del b[p]
        if not self.libs(b, self.group(b, c)): return None
        k = self.key(b, self.button is not None)
        if k in self.seen[self.to]: return None
        return b
    def legal(self):
        if self.over: return []
        out = [name(c) for c in self.cells if self.try_place(c) is not None]
        if self.button_on and self.button is None: out.append('button')
        else: out.append('pass')
        return out
    def play(self, mv):
        if mv == 'pass':
            self.passes += 1
        elif mv == 'button':
            self.button = self.to; self.passes = 0
        else:
            c = [x for x in self.cells if name(x) == mv][0]
            self.b = self.try_place(c); self.passes = 0
        self.seen[self.to].add(self.key(self.b, self.button is not None))
        if self.passes >= 2: self.over = True
        self.to = self.opp(self.to)
    def territory(self):
        t = {'B': 0, 'W': 0}; seen = set()
        for c in self.cells:
            if c in self.b or c in seen: continue
            comp = {c}; st = [c]
            while st:
                p = st.pop()
                for q in self.nb[p]:
                    if q not in self.b and q not in comp: comp.add(q); st.append(q)
            seen |= comp
            owners = {self.b[q] for p in comp for q in self.nb[p] if q in self.b and self.linked(self.b, q, p)}
            if len(owners) == 1: t[owners.pop()] += len(comp)
        return t
    def score(self):
        t = self.territory()
        s = {c: sum(1 for v in self.b.values() if v == c) + t[c] for c in 'BW'}
        s['W'] += self.komi
        if self.button: s[self.button] += 0.5
        return s, t

class Gtp:
    def __init__(self, exe):
        self.p = subprocess.Popen([exe, 'gtp'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    def cmd(self, c):
        self.p.stdin.write(c + '\n'); self.p.stdin.flush()
        lines = []
        while True:
            l = self.p.stdout.readline()
            if l.strip() == '' and lines: break
            if l.strip() == '': continue
            lines.append(l.rstrip('\n'))
        out = '\n'.join(lines)
        assert out.startswith('='), (c, out)
        return out[1:].strip()

CAP=[0]
def run(exe, games, seed, n):
    rng = random.Random(seed); g = Gtp(exe); plies = 0
    for gi in range(games):
        komi = rng.choice([6, 6.5, 0, 3])
        g.cmd(f'tessera-game keil size={n} komi={komi}')
        k = Keil(n, komi, button=(komi == int(komi)))
        limit = rng.randint(20, 250)
        while not k.over:
            legal = k.legal(); theirs = g.cmd('tessera-legal').split()
            if sorted(legal) != sorted(theirs):
                print('LEGAL MISMATCH game', gi, 'ply', plies, set(legal) ^ set(theirs)); return 1
            st = json.loads(g.cmd('tessera-state'))
            s, t = k.score()
            bd = {name(c): v for c, v in k.b.items()}
            if st['board'] != bd or st['territory'] != {'black': t['B'], 'white': t['W']} or \
               st['score'] != {'black': s['B'], 'white': s['W']}:
                print('STATE MISMATCH', gi, st, bd, s, t); return 1
            places = [m for m in legal if m not in ('pass', 'button')]
            if plies % 1000 > limit or not places or rng.random() < 0.02:
                mv = 'button' if 'button' in legal else 'pass'
            else:
                mv = rng.choice(places)
            before=len(k.b); k.play(mv); g.cmd('tessera-play ' + mv); plies += 1
            if mv not in ('pass','button') and len(k.b) <= before: CAP[0]+=1
        st = json.loads(g.cmd('tessera-state'))
        s, _ = k.score()
        win = 'black' if s['B'] > s['W'] else 'white' if s['W'] > s['B'] else 'draw'
        assert st['over'] and st['winner'] == win, (st, s)
        plies = (plies // 1000 + 1) * 1000
    print('ok', games, 'games', 'captures', CAP[0])
    return 0

if __name__ == '__main__':
    sys.exit(run(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])))
