"""The seeded fit/report split of the blind question sets (qabuild.py, build_qa.py and the Arabic
build scripts of realdocs_fresh2 and realdocs_fresh3 import it; each set carried a copy before).
Changing it would re-split every set, so it is frozen: the sets' qa files must stay what it
builds."""
import random


def seeded_split(rows, seed):
    """Set each row's 'half', stratified by kind: one Random(seed) shuffles each kind's rows
    (kinds in file order), which are then assigned alternately fit/report; after a kind with an
    odd count the starting half flips, so the overall totals stay balanced too."""
    rng = random.Random(seed)
    by_kind = {}
    for r in rows:
        by_kind.setdefault(r['kind'], []).append(r)
    start = 0
    for rs in by_kind.values():
        idx = list(range(len(rs)))
        rng.shuffle(idx)
        for pos, i in enumerate(idx):
            rs[i]['half'] = 'fit' if (pos + start) % 2 == 0 else 'report'
        if len(rs) % 2:
            start ^= 1
    return rows
