"""Expected ratings for db's cross-check, computed by the reference OpenSkill.

Plays a recorded history of games (players, ranks, ties, 2 to 5 seats) and
writes, for every game, each seat's rating before and after as computed by
the Python `openskill` package's PlackettLuce model with the parameters
Tablée uses (docs/database.md). The Go test TestRatingsMatchReference
(db/reference_test.go) stores the same history through db.Import, in a
shuffled order, and compares.

Run from the repository root, with the reference installed
(`pip install openskill==6.2.0`, no other dependency):

    python3 db/testdata/openskill/reference.py > db/testdata/openskill/history.json
"""

import json
import random
import sys

import openskill
from openskill.models import PlackettLuce

MU = 25.0
SIGMA = MU / 3
BETA = SIGMA / 2
KAPPA = 0.0001
TAU = MU / 300


def history(rng, players, games):
    """A history of games: who sat, and their ranks (1 is first; ties share)."""
    out = []
    for _ in range(games):
        seated = rng.sample(players, rng.randint(2, 5))
        ranks = sorted(rng.randint(1, len(seated)) for _ in seated)
        # Ranks as a game gives them: 1, 1, 3... (ties share the best place).
        fixed = [1 + sum(1 for r in ranks if r < x) for x in ranks]
        rng.shuffle(fixed)
        out.append({"players": seated, "ranks": fixed})
    # A regular plays a long season against one other: sigma must not freeze.
    for i in range(160):
        out.append({"players": ["regular", "rival"], "ranks": [1, 2] if i % 3 else [2, 1]})
    return out


def main():
    rng = random.Random(19)
    players = ["p%d" % i for i in range(8)]
    model = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, kappa=KAPPA, tau=TAU, limit_sigma=False)
    ratings = {}
    games = history(rng, players, 240)
    for g in games:
        before = [ratings.get(p) or model.rating(name=p) for p in g["players"]]
        after = model.rate([[r] for r in before], ranks=g["ranks"])
        g["before"] = [[r.mu, r.sigma] for r in before]
        g["after"] = [[t[0].mu, t[0].sigma] for t in after]
        for p, t in zip(g["players"], after):
            ratings[p] = t[0]
    json.dump({
        "reference": "python openskill %s, PlackettLuce" % openskill.__version__,
        "mu": MU, "sigma": SIGMA, "beta": BETA, "kappa": KAPPA, "tau": TAU,
        "games": games,
    }, sys.stdout, indent=None, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
