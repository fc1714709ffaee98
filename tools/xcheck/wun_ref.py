import random, sys, json
sys.path.insert(0, '.')
from keil_ref import Gtp, board, name

def comps(b, nb, col):
    seen = set(); out = []
    for c in b:
        if b[c] == col and c not in seen:
            comp = {c}; st = [c]
            while st:
                p = st.pop()
                for q in nb[p]:
                    if b.get(q) == col and q not in comp: comp.add(q); st.append(q)
            seen |= comp; out.append(len(comp))
    return out

def arr(b, nb, col):
    sizes = comps(b, nb, col); m = max(sizes, default=1)
    a = [sum(1 for s in sizes if s >= 2), sizes.count(1)] + [sizes.count(k) for k in range(2, m+1)]
    return a if sizes else [0, 0]

def run(exe, games, seed):
    rng = random.Random(seed); g = Gtp(exe); swaps = 0
    for gi in range(games):
        n = rng.choice([3, 4, 5]); cells, nb = board(n)
        g.cmd(f'tessera-game wunchunk size={n}')
        b = {}; to = 'B'; turn = 0; passes = 0; placed = 0; swapped = False; first_white = True
        allot = 1
        while True:
            st = json.loads(g.cmd('tessera-state'))
            full = len(b) == len(cells); over = full or passes >= 2
            assert st['over'] == over and st['turn'] == turn and st['swapped'] == swapped, (gi, st)
            assert st['board'] == {name(c): v for c, v in b.items()}
            for col, key in (('B', 'black'), ('W', 'white')):
                a = arr(b, nb, col); got = st['score'][key]
                L = max(len(a), len(got)); assert a + [0]*(L-len(a)) == got + [0]*(L-len(got)), (a, got)
            if over:
                assert st['allotment'] == 0 and st['stones_left'] == 0; break
            assert st['allotment'] == allot and st['stones_left'] == min(allot - placed, len(cells) - len(b)), (st, allot, placed)
            empt = [c for c in cells if c not in b]
            exp = [col + name(c) for c in empt for col in 'BW'] + (['pass'] if placed == 0 else ['end'])
            can_swap = to == 'W' and first_white and placed == 0
            if can_swap: exp.append('swap')
            got = g.cmd('tessera-legal').split()
            assert got == exp, (gi, got[-3:], exp[-3:])
            r = rng.random()
            def end_turn():
                nonlocal to, turn, placed, allot, first_white
                if to == 'W': first_white = False
                to = 'W' if to == 'B' else 'B'; turn += 1; placed = 0
                allot = max(1, arr(b, nb, to)[0])
            if can_swap and r < 0.3:
                g.cmd('tessera-step swap'); swapped = True; swaps += 1; first_white = False; turn += 1; passes = 0; continue
            if placed == 0 and r < 0.04:
                g.cmd('tessera-step pass'); passes += 1; end_turn(); continue
            if placed > 0 and r < 0.15:
                g.cmd('tessera-step end'); end_turn(); continue
            c = rng.choice(empt); col = rng.choice('BW'); g.cmd(f'tessera-step {col}{name(c)}')
            b[c] = col; placed += 1; passes = 0
            if placed == allot or len(b) == len(cells): end_turn()
        sb, sw = arr(b, nb, 'B'), arr(b, nb, 'W'); L = max(len(sb), len(sw))
        pb, pw = sb + [0]*(L-len(sb)), sw + [0]*(L-len(sw))
        win = 'black' if pb < pw else 'white' if pw < pb else 'draw'
        assert st['winner'] == win, (st, sb, sw)
    print('ok', games, 'games, swaps', swaps)
run(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
