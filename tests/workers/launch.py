"""Chronicle's entry points as the reliability tests run them: with the toy title registered.

``python -m tests.workers.launch worker [args]``        chronicle-worker
``python -m tests.workers.launch slow-worker [args]``   the same, slowed inside projection
                                                         batches; writes a marker file when it
                                                         is in the middle of one (SIGKILL test)
``python -m tests.workers.launch projector [args]``     chronicle-projector
``python -m tests.workers.launch writer IDS_FILE N SEED``  N random legal moves on those games
"""

from __future__ import annotations

import os
import random
import sys
import time
import uuid

from domain.platform import registry
from tests.support.toy import TOY

registry.register(TOY, current=True)


def slow_worker(args: list[str]) -> int:
    from projections import projector as module

    marker = os.environ["CHRONICLE_TEST_MARKER"]
    mark_at = int(os.environ.get("CHRONICLE_TEST_MARK_AT", "20"))
    delay = float(os.environ.get("CHRONICLE_TEST_EVENT_DELAY", "0.01"))
    original = module.Projector._apply
    seen = [0]

    def slow(self, event, note_id, changes, dirty):
        seen[0] += 1
        if seen[0] == mark_at:
            with open(marker, "w") as fh:
                fh.write(str(note_id))
        time.sleep(delay)
        return original(self, event, note_id, changes, dirty)

    module.Projector._apply = slow
    from workers.cli import worker_main

    return worker_main(args)


def writer(ids_file: str, moves: int, seed: int) -> int:
    from domain.common.errors import DomainError
    from projections.cli import games_from_environ

    games = games_from_environ()
    with open(ids_file) as lines:
        ids = [uuid.UUID(line.strip()) for line in lines if line.strip()]
    rng = random.Random(seed)
    made = 0
    for _ in range(moves * 5):
        if made >= moves:
            break
        game_id = rng.choice(ids)
        game = games.get_game(game_id)
        status = game.rules.status(game.state)
        if status.finished:
            continue
        seat = rng.choice(list(status.to_act))
        try:
            _, legal = games.legal_moves(game_id, seat)
            if not legal:
                continue
            games.play(game_id, seat, rng.choice(legal))
            made += 1
        except DomainError:
            continue  # another writer moved first: the rules said no, try again
    games.close()
    print(f"writer made {made} moves", flush=True)
    return 0


def main(argv: list[str]) -> int:
    kind, args = argv[0], argv[1:]
    if kind == "worker":
        from workers.cli import worker_main

        return worker_main(args)
    if kind == "slow-worker":
        return slow_worker(args)
    if kind == "projector":
        from workers.cli import projector_main

        return projector_main(args)
    if kind == "writer":
        return writer(args[0], int(args[1]), int(args[2]))
    raise SystemExit(f"unknown kind {kind!r}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
