"""Force of Will card text, session 34 (helper s34b): engine mechanisms the compiler lacked. A magic stone that "enters
your field rested unless you pay N life" or "As this card enters ..., you may reveal a <card> from your hand. If you
don't, ... rested.": its controller chooses as it enters (zones.enter_field marks it, priority.ask_enter_unless asks
through the OPTIONAL / CHOOSE_TARGET decisions, DEC_ARG + DEC_ASK says which). Lines are made up in the game's template
language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line
from test_fow_card_text_s21a import _card, _scenario

_LIFE_STONE = ('If your J/ruler isn\'t "Made-up Regent" or "Made-up Crown", this card enters your field rested unless '
               "you pay 300 life.")
_REVEAL_STONE = ("As this card enters your magic stone area, you may reveal a Fairy from your hand. If you don't, this "
                 "card enters your magic stone area rested.")


# ---- the verdicts ---------------------------------------------------------------------------------------------------
def test_cr_910_1_enters_rested_unless_you_pay_life_is_exact_on_a_magic_stone():
    r = exact('If your J/ruler isn\'t "Made-up A" or "Made-up B", this card enters your field rested unless you pay 300 '
              "life.", "magic_stone")
    assert r.fields == {"enters_rested_if": {"kind": "ruler_not_named", "value": "Made-up A", "names": ["Made-up B"]},
                        "enters_unless_life": 300}
    assert exact("This card enters your field rested unless you pay 200 life.", "magic_stone").fields == {
        "enters_unless_life": 200}
    assert line("This card enters your field rested unless you pay 300 life.").verdict is Verdict.UNSUPPORTED
    assert line("This card enters your field rested unless you pay 250 life.", "magic_stone").verdict is \
        Verdict.UNSUPPORTED  # CR 105.4a: life is paid in hundreds


def test_cr_1005_1_as_it_enters_you_may_reveal_a_card_from_your_hand_is_exact_on_a_magic_stone():
    r = exact("As this card enters your magic stone area, you may reveal a resonator from your hand. If you don't, this "
              "card enters your magic stone area rested.", "magic_stone")
    assert r.fields == {"enters_unless_reveal": {"type": ["resonator"], "zone": "hand"}}
    assert line("As this card enters the field, you may reveal a resonator from your hand. If you don't, this card "
                "enters the field rested.", "resonator").verdict is Verdict.UNSUPPORTED


# ---- playing it -----------------------------------------------------------------------------------------------------
def _pool(tmp_path):
    stone = {"id": "TXT-020", "name": "Made-up Toll Stone", "type": ["Special Magic Stone", "Magic Stone"],
             "cost": None, "colour": ["V"], "abilities": ["{Rest}: Produce {R}.", _LIFE_STONE]}
    stone2 = {**stone, "id": "TXT-021", "name": "Made-up Fairy Stone", "abilities": ["{Rest}: Produce {W}.",
                                                                                    _REVEAL_STONE]}
    cards = [_card("TXT-001", "Made-up Call", "Chant", ["Put the top card of your magic stone deck into the field."]),
             _card("TXT-002", "Made-up Call and Draw", "Chant", ["Put the top card of your magic stone deck into the "
                                                                 "field. Draw a card."]),
             _card("TXT-003", "Made-up Crown", "Regalia", [], cost="{0}"),
             _card("TXT-004", "Made-up Pixie", "Resonator", [], ATK=100, DEF=100, race=["Fairy"]),
             stone, stone2,
             {"id": "TXT-030", "name": "Made-up Regent", "type": ["Ruler"], "cost": None, "colour": ["R"],
              "abilities": []}]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records if r.lines), [
        (r.name, r.verdict, getattr(r, "reason", None), getattr(r, "error", None)) for r in res.text_records if r.verdict is not Verdict.EXACT]
    return pool


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return _pool(tmp_path_factory.mktemp("s34b"))


def _call_with(pool, stone, chant="TXT-001", life=None, regent=False, pixies=0):
    """Player 0 plays ``chant`` putting ``stone`` from the top of its magic stone deck into the field; returns the game
    (at the stone's choice, if any), the stone's slot and the chant's."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    sc = _scenario(pool)
    (call,) = sc.hand(0, [chant])
    if pixies:
        sc.hand(0, ["TXT-004"] * pixies)
    slot = sc.put(0, stone, K.Zone.STONE_DECK, top=True)
    if regent:
        sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = sc.card_id("TXT-030")
    if life is not None:
        sc.row[S.LIFE] = life
    g = sc.game()
    hand = [int(g.state[S.HAND_L + k]) for k in range(int(g.state[S.HAND_N]))]
    g.step(K.PLAY_HAND_BASE + hand.index(call))
    for _ in range(8):  # both pass: the chant resolves
        if int(g.state[S.ZONE + slot * S.CARD_W]) == K.Zone.FIELD:
            break
        g.step(K.PASS)
    assert int(g.state[S.ZONE + slot * S.CARD_W]) == K.Zone.FIELD
    return g, slot, call


def _decision(g):
    from tcg_env.engine.header import H_DECIDER, H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    return K.Decision(int(g.state[H_DECISION])), int(g.state[H_DECIDER]), int(g.state[S.DEC_ARG + K.DEC_ASK])


def test_cr_910_1_the_controller_pays_the_life_and_the_stone_enters_recovered(pool):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, slot, call = _call_with(pool, "TXT-020")
    assert _decision(g) == (K.Decision.OPTIONAL, 0, K.ASK_ENTER_LIFE)
    assert set(g.legal_actions()) == {K.OPTION_BASE, K.PASS}
    assert "pay 300 life" in g.describe_action(K.OPTION_BASE) and "rested" in g.describe_action(K.PASS)
    g.step(K.OPTION_BASE)
    assert int(g.state[S.LIFE]) == K.STARTING_LIFE - 300 and int(g.state[S.RESTED + slot * S.CARD_W]) == 0
    assert int(g.state[S.MARK + slot * S.CARD_W]) == 0 and _decision(g)[2] == 0
    assert int(g.state[S.ZONE + call * S.CARD_W]) == K.Zone.GRAVEYARD  # the chant finished resolving


def test_cr_910_1_the_controller_declines_and_the_stone_enters_rested(pool):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, slot, _ = _call_with(pool, "TXT-020")
    g.step(K.PASS)
    assert int(g.state[S.LIFE]) == K.STARTING_LIFE and int(g.state[S.RESTED + slot * S.CARD_W]) == 1
    assert _decision(g)[0] == K.Decision.PRIORITY


def test_cr_105_4a_without_the_life_nothing_is_asked_and_it_enters_rested(pool):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, slot, _ = _call_with(pool, "TXT-020", life=200)
    assert _decision(g) == (K.Decision.PRIORITY, 0, 0)
    assert int(g.state[S.RESTED + slot * S.CARD_W]) == 1 and int(g.state[S.LIFE]) == 200


def test_cr_307_the_condition_does_not_hold_nothing_is_asked_and_it_enters_recovered(pool):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, slot, _ = _call_with(pool, "TXT-020", regent=True)
    assert _decision(g) == (K.Decision.PRIORITY, 0, 0)
    assert int(g.state[S.RESTED + slot * S.CARD_W]) == 0 and int(g.state[S.LIFE]) == K.STARTING_LIFE


def test_cr_910_1_the_choice_comes_before_the_rest_of_the_program(pool):
    """The stone's choice stops the chant's program after the instruction that put it there (effects.interrupt_due);
    the program resumes after the answer: its "Draw a card." is done then."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, slot, call = _call_with(pool, "TXT-020", chant="TXT-002")
    hand = int(g.state[S.HAND_N])
    assert _decision(g)[2] == K.ASK_ENTER_LIFE and int(g.state[S.ZONE + call * S.CARD_W]) == K.Zone.CHASE
    g.step(K.PASS)
    assert int(g.state[S.HAND_N]) == hand + 1 and int(g.state[S.RESTED + slot * S.CARD_W]) == 1
    assert int(g.state[S.ZONE + call * S.CARD_W]) == K.Zone.GRAVEYARD


def test_cr_710_a_called_stone_asks_too(pool):
    """Calling a magic stone (CR 710, the CALL_STONE action: no effect frame) puts it into the field: the choice is
    asked before the player gets priority again."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    sc = _scenario(pool)
    slot = sc.put(0, "TXT-020", K.Zone.STONE_DECK, top=True)
    g = sc.game()
    assert K.CALL_STONE in g.legal_actions()
    g.step(K.CALL_STONE)
    assert _decision(g) == (K.Decision.OPTIONAL, 0, K.ASK_ENTER_LIFE)
    g.step(K.OPTION_BASE)
    assert int(g.state[S.RESTED + slot * S.CARD_W]) == 0 and int(g.state[S.LIFE]) == K.STARTING_LIFE - 300
    assert _decision(g)[0] == K.Decision.PRIORITY


def test_cr_1005_1_the_controller_reveals_a_matching_hand_card(pool):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, slot, _ = _call_with(pool, "TXT-021", pixies=2)
    assert _decision(g) == (K.Decision.CHOOSE_TARGET, 0, K.ASK_ENTER_REVEAL)
    cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
    assert len(cands) == 2 and all(int(g.state[S.ZONE + c * S.CARD_W]) == K.Zone.HAND for c in cands)
    assert set(g.legal_actions()) == {K.OPTION_BASE, K.OPTION_BASE + 1, K.PASS}
    assert "Reveal" in g.describe_action(K.OPTION_BASE) and "rested" in g.describe_action(K.PASS)
    g.step(K.OPTION_BASE + 1)
    assert int(g.state[S.RESTED + slot * S.CARD_W]) == 0
    # shown to both players (CR 1005.1): player 0's latest reveal is that card
    assert int(g.state[S.REVEAL_N]) == 1 and int(g.state[S.REVEAL_IDS]) == int(g.state[S.CARD + cands[1] * S.CARD_W])
    assert int(g.state[S.ZONE + cands[1] * S.CARD_W]) == K.Zone.HAND  # it stays in the hand


def test_cr_1005_1_no_reveal_leaves_the_stone_rested(pool):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, slot, _ = _call_with(pool, "TXT-021", pixies=1)
    g.step(K.PASS)
    assert int(g.state[S.RESTED + slot * S.CARD_W]) == 1 and int(g.state[S.REVEAL_N]) == 0
    # no matching card in the hand: nothing to reveal, nothing asked
    g, slot, _ = _call_with(pool, "TXT-021")
    assert _decision(g)[0] == K.Decision.PRIORITY and int(g.state[S.RESTED + slot * S.CARD_W]) == 1


def test_the_heuristic_and_the_observation_handle_the_stones_choice(pool):
    """The heuristic answers both choices (it pays / reveals); the observation of the decider is written (the reveal's
    candidates are its own hand cards)."""
    import numpy as np

    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.policy_kernels import heuristic_action

    for stone, pixies in (("TXT-020", 0), ("TXT-021", 1)):
        g, slot, _ = _call_with(pool, stone, pixies=pixies)
        g.observe(0)
        g.observe(1)
        mask = np.zeros(K.NUM_ACTIONS, np.int8)
        mask[g.legal_actions()] = 1
        a = heuristic_action(K.RULES, g.state, g._T, mask, int(mask.sum()), np.zeros(4, np.uint64))
        assert a == K.OPTION_BASE
        g.step(a)
        assert int(g.state[S.RESTED + slot * S.CARD_W]) == 0
