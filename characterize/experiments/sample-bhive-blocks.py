#!/usr/bin/env python3
"""Draw N distinct blocks round-robin from BHive's per-application source files, each file shuffled
with a fixed seed, so a host's block set for 'uopsim measure --blocks' can be drawn again the same way.
usage: sample-bhive-blocks.py SOURCES_DIR N SEED > blocks.csv"""
import os, random, sys
src, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
queues = []
for name in sorted(os.listdir(src)):
    if not name.endswith('.csv'): continue
    with open(os.path.join(src, name)) as f:
        rows = [l.strip().split(',') for l in f if l.strip()]
    rows = [r for r in rows if r[0]]
    random.Random(f'{seed}:{name}').shuffle(rows)
    queues.append(rows)
seen, out = set(), []
while len(out) < n and any(queues):
    for q in queues:
        while q:
            hexcode, cycles = q.pop()
            if hexcode in seen: continue
            seen.add(hexcode); out.append(f'{hexcode},{cycles}'); break
        if len(out) >= n: break
print('\n'.join(out))
