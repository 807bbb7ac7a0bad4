"""CR 3.2.3: a player who looks at cards at the top of its deck has seen them, whether its effect may take them or
not. The observation's `looked` block shows them to that player alone while the look asks it (one more card? which
to take?), and a determinization for that player keeps them in place (weiss_schwarz_v4)."""

from __future__ import annotations

import numpy as np
import pytest

from tcg_env.engine.header import H_DECIDER, H_DECISION
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.observation import CARD_FEATURES, OBS_CANDIDATES, OBS_LOOKED
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit


def _rec(code, name, ability=(), type="Character", power="3000", trigger=()):
    char = type == "Character"
    return {"code": code, "name": name, "type": type, "color": "YELLOW", "level": "0" if char else "-",
            "cost": "0" if char else "-", "power": power if char else "-", "soul": 1 if char else 0,
            "trigger": list(trigger), "attributes": ["Glass"] if char else [], "ability": list(ability), "side": "W"}  # fmt: skip


PLAIN, FLARE, PEEKER, BIG = range(4)
RECORDS = [
    _rec("T/LK-001", "Plain"),
    _rec("T/LK-002", "Flare", type="Climax", trigger=("SOUL",)),
    _rec("T/LK-003", "Peeker", ["【AUTO】 When this card attacks, look at up to 3 cards from the top of your deck, "
                                "choose up to 1 climax from among them, put it into your hand, and put the rest into "
                                "your waiting room."]),
    _rec("T/LK-004", "Big", power="9000"),
] + [_rec(f"T/LK-F{i:02d}", f"Filler {i}") for i in range(12)]  # fmt: skip


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "wslook", RECORDS)


def _looked_rows(g, viewer) -> np.ndarray:
    return g.observe(viewer)[OBS_LOOKED: OBS_LOOKED + K.OPTION_SLOTS * CARD_FEATURES].reshape(K.OPTION_SLOTS, CARD_FEATURES)


def _deck_top(g, p, k) -> list[int]:
    n = int(g.state[S.DECK_N + p])
    return [int(g.state[S.DECK_L + p * K.MAX_DECK + n - 1 - i]) for i in range(k)]


def _determinized(g, player, seed):
    k = g.spec.kernels
    states = np.array(g.state, np.int32)[None].copy()
    k.determinize_batch(states, g.pool.kernel_tables, np.array([player], np.int32), k.seed_agent_rng(1, seed))
    return type(g)(g.spec, g.pool, states[0], g.variant_index)


def test_cr_3_2_3_the_looking_player_sees_every_card_looked_at_the_opponent_none(pool):
    deck = kit.deck_of(len(RECORDS), FLARE)
    sc = Scenario.main_phase(pool, decks=(deck, deck))
    sc.put(0, PEEKER, "stage", pos=0)
    sc.stack_deck(0, [PLAIN, BIG, FLARE, PLAIN])  # the climax is the third card: the one the effect may take
    g = sc.game()
    top = _deck_top(g, 0, 3)
    kit.act(g, "End the main phase")
    kit.act(g, "Direct attack with Peeker")
    assert not _looked_rows(g, 0).any()  # nothing looked at yet
    kit.act(g, "Look at one more card")
    kit.act(g, "Look at one more card")
    rows = _looked_rows(g, 0)
    assert np.count_nonzero(rows[:, 0]) == 2 and rows[1, 0] == 1 and not rows[2:].any()
    kit.act(g, "Look at one more card")  # the third: the deck's three top cards are looked at, the choice comes
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET and int(g.state[H_DECIDER]) == 0
    assert int(g.state[S.LOOKED_N]) == 3
    cand = g.observe(0)[OBS_CANDIDATES: OBS_CANDIDATES + 2 * CARD_FEATURES].reshape(2, CARD_FEATURES)
    assert cand[0, 0] == 1 and not cand[1].any(), "the candidates are the choosable climax only"
    rows = _looked_rows(g, 0)
    assert np.count_nonzero(rows[:, 0]) == 3 and not rows[3:].any()
    np.testing.assert_array_equal(rows[2], cand[0])  # top first: the climax is the third
    assert not np.array_equal(rows[0], rows[1]), "Plain and Big (9000 power) differ"
    assert not _looked_rows(g, 1).any(), "CR 3.2.2: the opponent sees none of them"
    # the terminal board (tcg play) shows them to the looking player too, top first, and not to the opponent
    look = {v: next(a for p, a in g.spec.public_view(g, v).areas() if p == 0 and a.name == "look") for v in (0, 1)}
    assert [c.name for c in look[0].cards] == ["Plain", "Big", "Flare"]
    assert look[1].style == "none" and not look[1].slots
    # a determinization for the looking player keeps the cards it saw where they are; the opponent's obs is its own
    for seed in range(4):
        h = _determinized(g, 0, seed)
        assert [int(h.state[S.CARD + sl * S.CARD_W]) for sl in top] == [int(g.state[S.CARD + sl * S.CARD_W]) for sl in top]
        np.testing.assert_array_equal(h.observe(0), g.observe(0))
    kit.act(g, "Choose Flare")
    assert int(g.state[S.LOOKED_N]) == 0 and not _looked_rows(g, 0).any()
    assert int(g.state[S.ZONE + top[2] * S.CARD_W]) == K.Zone.HAND
    assert [int(g.state[S.ZONE + sl * S.CARD_W]) for sl in top[:2]] == [K.Zone.WAITING_ROOM] * 2
