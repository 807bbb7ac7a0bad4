"""Helpers for the Dragon Ball Super Card Game's battle and keyword rule tests: positions built with
:class:`DbscgScenario` of the starter pool, played through the facade by the actions' descriptions."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from tcg_env.engine.zones import zone_list
from tcg_env.games.dbscg import state as S
from tcg_env.games.dbscg.constants import C_POWER, Decision, Zone
from tcg_env.games.dbscg.scenario import DbscgScenario

QUIET = "DS1-060"  # Solenne, Wish Keeper: a 10000 Leader with no [Auto] skill
BATTLE_DECISIONS = (Decision.BLOCKER, Decision.OFFENCE, Decision.DEFENCE, Decision.COUNTER)

# cards the starter pool lacks (10-3 [Field], 10-20 [Victory Strike], 8-4 colour and "rest this card" costs)
TEST_CARDS = '''
[[cards]]
number = "TST-001"
name = "Test Arena"
type = "extra"
colours = ["red"]
energy = 1
specified = {red = 1}
keywords = ["field"]
text = "[Field]"
abilities = [{kind = "activate_main", effect = [{op = "draw", count = 1}]}]

[[cards]]
number = "TST-002"
name = "Test Finisher"
type = "battle"
colours = ["red"]
energy = 1
power = 10000
combo_power = 5000
combo_cost = 0
character = "Finisher"
keywords = ["victory_strike"]
text = "[Victory Strike]"

[[cards]]
number = "TST-003"
name = "Test Meditator"
type = "battle"
colours = ["red"]
energy = 1
power = 10000
combo_power = 5000
combo_cost = 0
character = "Meditator"
text = "[Activate: Main] 1 (1 blue), switch this card to Rest Mode: draw 1 card."
abilities = [{kind = "activate_main", cost = {energy = 1, colour = "blue", colour_count = 1, rest_self = true}, effect = [{op = "draw", count = 1}]}]
'''


@lru_cache(maxsize=1)
def extra_pool():
    """The starter pool and the TEST cards."""
    import tempfile

    from tcg_env.games.dbscg.cards import _default_path, load_dbscg_pool

    path = Path(tempfile.mkdtemp()) / "test_cards.toml"
    path.write_text(TEST_CARDS)
    return load_dbscg_pool([_default_path(), path])


def scenario(turn_player: int = 0, leaders=(QUIET, QUIET), life=(8, 8), pool=None) -> DbscgScenario:
    """``turn_player``'s Main Phase with the ``leaders`` (card numbers; None: the deck's)."""
    sc = DbscgScenario.main_phase(turn_player, life=life, pool=pool)
    for p, number in enumerate(leaders):
        if number is not None:
            sc.set(S.CARD + sc.zone(p, "leader")[0] * S.CARD_W, sc.card_id(number))
    return sc


def offered(game) -> list[str]:
    """The legal actions' words, without what a choice is for (`` for <card> (<skill>)``)."""
    cut = game.decision in (Decision.SELECT, Decision.OPTIONAL)
    return [game.describe_action(a).split(" for ", 1)[0] if cut else game.describe_action(a) for a in game.legal_actions()]


def act(game, words: str) -> None:
    """Take the first legal action whose description starts with ``words``."""
    found = [a for a in game.legal_actions() if game.describe_action(a).startswith(words)]
    assert found, (words, offered(game))
    game.step(int(found[0]))


def can(game, words: str) -> bool:
    return any(d.startswith(words) for d in offered(game))


def slots(game, player: int, zone) -> list[int]:
    return DbscgScenario(game).zone(player, zone)


def names(game, player: int, zone) -> list[str]:
    return [game.pool.names[card(game, s)] for s in slots(game, player, zone)]


def card(game, slot: int) -> int:
    return int(game.state[S.CARD + slot * S.CARD_W])


def word(game, column: int, slot: int) -> int:
    return int(game.state[column + slot * S.CARD_W])


def where(game, slot: int) -> Zone:
    return Zone(word(game, S.ZONE, slot))


def rested(game, slot: int) -> bool:
    return word(game, S.RESTED, slot) != 0


def power(game, slot: int) -> int:
    """Printed power and the modifiers (not [Permanent] skills)."""
    return int(game.pool.cards[card(game, slot), C_POWER]) + sum(
        word(game, c, slot) for c in (S.POWER_EOT, S.POWER_EOB, S.POWER_STAY))


def count(game, player: int, zone) -> int:
    return len(slots(game, player, zone))


def leader(game, player: int) -> int:
    return slots(game, player, "leader")[0]


def to_main(game) -> None:
    """Decline everything (blocks, combos, counters, "you may") until the Main Phase's free timing."""
    while not game.done and game.decision != Decision.MAIN:
        legal = [int(a) for a in game.legal_actions()]
        game.step(0 if 0 in legal else legal[0])  # 0: PASS


def attack(game, attacker: str, target: str = "the Leader") -> None:
    act(game, f"Attack {target} with {attacker}")


def edited(game, *words):
    """The game with row words changed (offset, value)."""
    sc = DbscgScenario(game)
    for offset, value in words:
        sc.set(offset, value)
    return sc.game()


# ---- readers of the flow tests (tests/dbscg/test_dbscg_flow.py) ------------------------------------
FLOW_CARDS = Path(__file__).parent / "data" / "flow_cards.toml"


def zone(game, player, area):
    """``player``'s card slots in ``area`` (a Zone), bottom .. top."""
    return zone_list(game.state, S.ZONES, int(area), player)


def numbers(game, player, area):
    """The card numbers of ``player``'s ``area``, bottom .. top."""
    number = {i: n for n, i in game.pool.index.items()}
    return [number[int(game.state[S.CARD + s * S.CARD_W])] for s in zone(game, player, area)]


def area_of(game, slot):
    return Zone(int(game.state[S.ZONE + slot * S.CARD_W]))
