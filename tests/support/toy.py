"""A tiny title used only by the application's own tests (never registered in production).

"Race to N": seats take turns adding 1 or 2 to their counter; after every full lap a bonus card
is drawn from a seeded deck (a random draw during play); then every seat must say "ready" (several
seats deciding at once). Each seat holds a private number (hidden information) and the deck order
of the next lap is kept secret, so redaction can be tested. The first counter to reach the goal
ends the game.
"""

from __future__ import annotations

from domain.common.errors import InvalidMove, NotYourTurn, RuleViolation
from domain.common.events import Event
from domain.common.title import OptionSpec, Status, Title, VariantInfo

BONUS = ["plus1", "plus2", "plus3"]


class Toy(Title):
    name = "toy"
    display_name = "Toy Race"
    rules_version = "toy-1"
    variants = (
        VariantInfo(
            "race",
            1,
            4,
            "race to the goal",
            (
                OptionSpec("goal", "int", 10, "counter that ends the game"),
                OptionSpec(
                    "secrets", "bool", True, "deal private numbers and keep the bonus order secret"
                ),
            ),
        ),
    )

    def setup(self, config, rng):
        n = len(config.players)
        data = {"players": list(config.players), "goal": config.options["goal"]}
        if config.options.get("secrets", True):
            data["_private"] = {
                str(s): {"number": rng.below(f"secret/{s}", 1000)} for s in range(n)
            }
            data["_secret"] = {"next_bonus": rng.choice("bonus/1", BONUS)}
        return [Event("RaceSetUp", data)]

    def evolve(self, state, event):
        d = event.data
        if event.type == "RaceSetUp":
            n = len(d["players"])
            return {
                "players": d["players"],
                "goal": d["goal"],
                "counters": [0] * n,
                "turn": 0,
                "lap": 1,
                "phase": "race",
                "ready": [],
                "bonuses": [],
                "_private": d.get("_private", {}),
                "_secret": d.get("_secret", {}),
                "finished": False,
            }
        if event.type == "CounterAdvanced":
            state["counters"][event.seat] += d["by"]
            state["turn"] = d["next"]
        elif event.type == "BonusDrawn":
            state["bonuses"].append(d["card"])
            state["phase"] = "ready"
            state["ready"] = []
        elif event.type == "SeatReady":
            state["ready"].append(event.seat)
        elif event.type == "LapStarted":
            state["lap"] = d["lap"]
            state["phase"] = "race"
            state["turn"] = 0
        elif event.type == "RaceWon":
            state["finished"] = True
            state["phase"] = "over"
        return state

    def _to_act(self, state):
        if state["finished"]:
            return ()
        if state["phase"] == "ready":
            return tuple(s for s in range(len(state["players"])) if s not in state["ready"])
        return (state["turn"],)

    def status(self, state):
        return Status(
            state.get("lap"),
            state.get("phase", "setup"),
            self._to_act(state),
            state.get("finished", False),
        )

    def legal_moves(self, state, seat):
        if seat not in self._to_act(state):
            return []
        if state["phase"] == "ready":
            return [{"type": "ready"}]
        return [{"type": "add", "by": 1}, {"type": "add", "by": 2}]

    def decide(self, state, seat, move, rng):
        if not isinstance(move, dict) or "type" not in move:
            raise InvalidMove(reason="a move needs a type")
        if seat not in self._to_act(state):
            raise NotYourTurn(
                seat_name=state["players"][seat],
                waiting=", ".join(state["players"][s] for s in self._to_act(state)),
            )
        n = len(state["players"])
        if move["type"] == "ready" and state["phase"] == "ready":
            events = [Event("SeatReady", {}, seat)]
            if len(state["ready"]) + 1 == n:
                events.append(Event("LapStarted", {"lap": state["lap"] + 1}))
            return events
        if move["type"] == "add" and state["phase"] == "race":
            by = move.get("by")
            if by not in (1, 2) or set(move) != {"type", "by"}:
                raise RuleViolation("toy_bad_step", reason="add 1 or 2")
            events = [Event("CounterAdvanced", {"by": by, "next": (seat + 1) % n}, seat)]
            if state["counters"][seat] + by >= state["goal"]:
                events.append(Event("RaceWon", {"winner": seat}, seat))
            elif seat == n - 1:
                events.append(
                    Event("BonusDrawn", {"card": rng.choice(f"bonus/{state['lap']}", BONUS)})
                )
            return events
        raise InvalidMove(reason=f"'{move['type']}' is not possible now")

    def score_sheet(self, state):
        seats = [
            {
                "seat": i,
                "name": name,
                "total": c,
                "categories": [{"key": "counter", "label": "Counter", "count": c, "points": c}],
            }
            for i, (name, c) in enumerate(zip(state["players"], state["counters"]))
        ]
        best = max(state["counters"])
        return {
            "seats": seats,
            "final": state["finished"],
            "winners": [i for i, c in enumerate(state["counters"]) if c == best],
        }

    def describe(self, event, names, viewer=None):
        if event.type == "CounterAdvanced":
            return f"{names[event.seat]} advances {event.data['by']}."
        return f"{event.type}."

    def rule_of(self, event):
        return "toy §1"


TOY = Toy()
