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


# ---- CR 1012.1, 1003: "Cancel target spell unless its controller pays {N}." (Op.CANCEL_UNLESS_PAY) ------------------
def test_cr_1012_1_cancel_unless_its_controller_pays_is_exact():
    r = exact("Cancel target spell unless its controller pays {2}.", "chant")
    assert r.fields["effect"] == [
        {"op": "choose", "filter": {"type": ["chant", "resonator", "addition", "regalia"], "zone": "chase"}},
        {"op": "cancel_unless_pay", "amount": 2}]
    r = exact("Banish this card: Cancel target non-resonator spell unless its controller pays {2}.")
    assert r.abilities[0]["effect"][1] == {"op": "cancel_unless_pay", "amount": 2}
    assert line("Cancel target spell unless its controller pays {X}.", "chant").verdict is Verdict.UNSUPPORTED
    assert line("Cancel target resonator unless its controller pays {1}.", "chant").verdict is Verdict.UNSUPPORTED


def _cancel_pool(tmp_path, ruler_line=None):
    cards = [_card("TXT-101", "Made-up Insight", "Chant", ["Draw a card."]),
             _card("TXT-102", "Made-up Denial", "Chant", ["[Quickcast]", "Cancel target spell unless its controller pays {2}."])]
    if ruler_line:
        cards.append({"id": "TXT-130", "name": "Made-up Miser", "type": ["Ruler"], "cost": None, "colour": ["R"],
                      "abilities": [ruler_line]})
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records if r.lines)
    return pool


@pytest.fixture(scope="module")
def cancel_pool(tmp_path_factory):
    return _cancel_pool(tmp_path_factory.mktemp("s34b_cancel"))


def _denied(pool, will0=0, stones0=0, miser=False):
    """Player 0 plays "Draw a card." ({R}, with ``will0`` fire will more and ``stones0`` recovered fire magic stones);
    player 1 answers with "Cancel target spell unless its controller pays {2}."; both pass: the cancel resolves.
    Returns the game, the draw chant's slot and the cancel's."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 1 + will0)
    sc.will(1, K.Attribute.FIRE, 1)
    if stones0:
        sc.field(0, ["FOW1-079"] * stones0)
    if miser:
        sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = sc.card_id("TXT-130")
    (insight,) = sc.hand(0, ["TXT-101"])
    (denial,) = sc.hand(1, ["TXT-102"])
    g = sc.game()
    g.step(K.PLAY_HAND_BASE + [int(g.state[S.HAND_L + k]) for k in range(int(g.state[S.HAND_N]))].index(insight))
    g.step(K.PASS)  # player 1 gets priority (CR 605.1c)
    assert _decision(g)[:2] == (K.Decision.PRIORITY, 1)
    from tcg_env.engine.zones import zone_list  # (zone_offsets is an internal kernel: kernels only, under JIT)

    hand1 = zone_list(g.state, S.ZONES, K.Zone.HAND, 1)
    g.step(K.PLAY_HAND_BASE + hand1.index(denial))
    if _decision(g)[0] == K.Decision.CHOOSE_TARGET:
        g.step(K.OPTION_BASE)
    for _ in range(4):  # pass until the cancel resolves
        if int(g.state[S.ZONE + denial * S.CARD_W]) != K.Zone.CHASE:
            break
        if _decision(g)[0] != K.Decision.PRIORITY:
            break
        g.step(K.PASS)
    return g, insight, denial


def _finish(g, card):
    """Pass until ``card`` has left the chase; its zone."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    for _ in range(6):
        if int(g.state[S.ZONE + card * S.CARD_W]) != K.Zone.CHASE:
            break
        g.step(K.PASS)
    return K.Zone(int(g.state[S.ZONE + card * S.CARD_W]))


def test_cr_1012_1_the_spells_controller_pays_and_it_is_not_cancelled(cancel_pool):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, insight, denial = _denied(cancel_pool, will0=2)
    assert _decision(g) == (K.Decision.OPTIONAL, 0, K.ASK_UNLESS_PAY)  # the spell's controller decides (CR 1012.1)
    assert int(g.state[S.DEC_ARG]) == insight and int(g.state[S.DEC_ARG + 1]) == 2
    assert set(g.legal_actions()) == {K.OPTION_BASE, K.PASS}
    assert "pay {2}" in g.describe_action(K.OPTION_BASE) and "cancelled" in g.describe_action(K.PASS)
    hand = int(g.state[S.HAND_N])
    g.step(K.OPTION_BASE)
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == 0  # {2} paid from its fire will (CR 1003.2)
    assert int(g.state[S.ZONE + denial * S.CARD_W]) == K.Zone.GRAVEYARD
    assert _finish(g, insight) == K.Zone.GRAVEYARD and int(g.state[S.HAND_N]) == hand + 1  # it resolved: a card drawn


def test_cr_1012_1_the_spells_controller_declines_and_it_is_cancelled(cancel_pool):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, insight, _ = _denied(cancel_pool, will0=2)
    hand = int(g.state[S.HAND_N])
    g.step(K.PASS)
    assert int(g.state[S.ZONE + insight * S.CARD_W]) == K.Zone.GRAVEYARD and int(g.state[S.HAND_N]) == hand
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == 2 and int(g.state[S.DEC_ARG + K.DEC_ASK]) == 0


def test_cr_1003_5_will_abilities_are_played_while_paying(cancel_pool):
    """CR 907.2 / 1003.5: asked to pay, the player may rest its will producers (WILL_A) for the will, then pay."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, insight, _ = _denied(cancel_pool, will0=0, stones0=2)
    legal = set(g.legal_actions())
    assert K.OPTION_BASE not in legal and K.PASS in legal
    wills = sorted(a for a in legal if K.WILL_A_BASE <= a < K.WILL_B_BASE)
    assert len(wills) == 2
    g.step(wills[0])
    assert _decision(g) == (K.Decision.OPTIONAL, 0, K.ASK_UNLESS_PAY) and K.OPTION_BASE not in g.legal_actions()
    g.step(wills[1])
    assert K.OPTION_BASE in g.legal_actions()
    hand = int(g.state[S.HAND_N])
    g.step(K.OPTION_BASE)
    assert _finish(g, insight) == K.Zone.GRAVEYARD and int(g.state[S.HAND_N]) == hand + 1  # it resolved
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == 0


def test_cr_1003_4_nothing_to_pay_with_nothing_is_asked_and_it_is_cancelled(cancel_pool):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, insight, denial = _denied(cancel_pool, will0=1)  # {1} short, no will producer
    assert int(g.state[S.ZONE + insight * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.ZONE + denial * S.CARD_W]) == K.Zone.GRAVEYARD and _decision(g)[0] == K.Decision.PRIORITY


def test_cr_910_an_opponents_payment_replaced_by_nothing_makes_it_free(tmp_path):
    """"If an ability or effect your opponent controls would make you pay any amount of will, you pay {0} instead."
    (Op.OPP_PAYMENT_FREE) of the spell's controller: the cancel's {2} is {0} for it."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    pool = _cancel_pool(tmp_path, "If an ability or effect your opponent controls would make you pay any amount of "
                                  "will, you pay {0} instead.")
    g, insight, _ = _denied(pool, will0=0, miser=True)
    assert _decision(g) == (K.Decision.OPTIONAL, 0, K.ASK_UNLESS_PAY) and int(g.state[S.DEC_ARG + 1]) == 0
    hand = int(g.state[S.HAND_N])
    hand = int(g.state[S.HAND_N])
    g.step(K.OPTION_BASE)
    assert _finish(g, insight) == K.Zone.GRAVEYARD and int(g.state[S.HAND_N]) == hand + 1  # it resolved


def test_the_heuristic_pays_for_its_spell_resting_its_stones(cancel_pool):
    import numpy as np

    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.policy_kernels import heuristic_action

    g, insight, _ = _denied(cancel_pool, will0=0, stones0=2)
    hand = int(g.state[S.HAND_N])
    for _ in range(3):
        mask = np.zeros(K.NUM_ACTIONS, np.int8)
        mask[g.legal_actions()] = 1
        a = heuristic_action(K.RULES, g.state, g._T, mask, int(mask.sum()), np.zeros(4, np.uint64))
        assert mask[a] == 1
        if a == K.OPTION_BASE:
            break
        g.step(a)
    assert a == K.OPTION_BASE
    g.observe(0)
    g.step(a)
    assert _finish(g, insight) == K.Zone.GRAVEYARD and int(g.state[S.HAND_N]) == hand + 1  # it resolved


# ---- CR 903.2d, 1012.1: "Cancel target activate / automatic ability." (Op.CANCEL_ABILITY) --------------------------
def test_cr_1012_1_cancel_target_ability_is_exact():
    r = exact("Cancel target automatic ability. Draw a card.", "chant")
    assert r.fields["effect"] == [{"op": "choose", "filter": {"zone": "chase", "ability": "automatic"}},
                                  {"op": "cancel_ability"}, {"op": "draw", "count": 1}]
    r = exact("When this card enters the field => Cancel target activate or automatic ability your opponent controls.")
    assert r.abilities[0]["effect"][0]["filter"] == {"zone": "chase", "ability": "any", "side": "opponent"}
    r = exact("[Enter] => Cancel target automatic ability of a resonator.")
    assert r.abilities[0]["effect"][0]["filter"]["type"] == ["resonator"]
    assert exact("Cancel target [Activate] ability.", "chant").fields["effect"][0]["filter"]["ability"] == "activate"


def _ability_pool(tmp_path):
    cards = [_card("TXT-201", "Made-up Herald", "Resonator", ["[Enter] => Draw a card."], ATK=100, DEF=100),
             _card("TXT-202", "Made-up Hush", "Chant", ["[Quickcast]", "Cancel target automatic ability. Draw a card."]),
             _card("TXT-203", "Made-up Mute", "Chant", ["[Quickcast]", "Cancel target activate ability your opponent "
                                                                      "controls."]),
             _card("TXT-204", "Made-up Scholar", "Resonator", ["{R}: Draw a card."], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records if r.lines), [
        (r.name, [(x.verdict, x.reason) for x in r.lines]) for r in res.text_records if r.verdict is not Verdict.EXACT]
    return pool


@pytest.fixture(scope="module")
def ability_pool(tmp_path_factory):
    return _ability_pool(tmp_path_factory.mktemp("s34b_ability"))


def _hand_of(g, p):
    from tcg_env.engine.zones import zone_list  # (zone_offsets is an internal kernel: kernels only, under JIT)
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    return zone_list(g.state, S.ZONES, K.Zone.HAND, p)


def _chase(g):
    from tcg_env.games.force_of_will import state as S

    return [(int(g.state[S.CHASE + k * S.ENTRY_W + S.E_KIND]), int(g.state[S.CHASE + k * S.ENTRY_W + S.E_SLOT]))
            for k in range(int(g.state[S.CHASE_N]))]


def test_cr_1012_1_an_automatic_ability_canceled_leaves_the_chase(ability_pool):
    """Player 0's resonator enters; its [Enter] ability goes onto the chase; player 1 cancels it with a chant: the
    ability leaves the chase (player 0 draws nothing), the chant's "Draw a card." is done, the resonator stays."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(ability_pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 1)
    sc.will(1, K.Attribute.FIRE, 1)
    (herald,) = sc.hand(0, ["TXT-201"])
    (hush,) = sc.hand(1, ["TXT-202"])
    g = sc.game()
    g.step(K.PLAY_HAND_BASE + _hand_of(g, 0).index(herald))
    g.step(K.PASS)
    g.step(K.PASS)  # the resonator resolves (CR 702.3); its [Enter] ability triggers and goes onto the chase
    assert int(g.state[S.ZONE + herald * S.CARD_W]) == K.Zone.FIELD
    assert _chase(g) == [(K.EntryKind.ABILITY, herald)] and _decision(g)[:2] == (K.Decision.PRIORITY, 0)
    g.step(K.PASS)  # player 1 gets priority
    hand0, hand1 = len(_hand_of(g, 0)), len(_hand_of(g, 1))
    g.step(K.PLAY_HAND_BASE + _hand_of(g, 1).index(hush))
    assert _decision(g)[:2] == (K.Decision.CHOOSE_TARGET, 1)
    assert [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))] == [K.ABILITY_REF]
    assert "automatic ability of Made-up Herald" in g.describe_action(K.OPTION_BASE)
    g.observe(1)  # the candidate row shows the ability's source card
    g.step(K.OPTION_BASE)
    for _ in range(4):
        if int(g.state[S.ZONE + hush * S.CARD_W]) != K.Zone.CHASE:
            break
        g.step(K.PASS)
    assert _chase(g) == [] and int(g.state[S.ZONE + hush * S.CARD_W]) == K.Zone.GRAVEYARD
    assert len(_hand_of(g, 0)) == hand0 and len(_hand_of(g, 1)) == hand1  # hush left the hand, its draw replaced it
    assert int(g.state[S.ZONE + herald * S.CARD_W]) == K.Zone.FIELD


def test_cr_903_2g_no_ability_on_the_chase_no_cancel_to_play(ability_pool):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(ability_pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 2)
    (hush,) = sc.hand(0, ["TXT-202"])
    g = sc.game()
    assert K.PLAY_HAND_BASE + _hand_of(g, 0).index(hush) not in g.legal_actions()


def test_cr_1012_1_an_activate_ability_your_opponent_controls_is_canceled(ability_pool):
    """Player 0 plays its resonator's "{R}: Draw a card."; player 1's "Cancel target activate ability your opponent
    controls." takes it off the chase; player 0's own cancel could not (its side: the opponent's only)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(ability_pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.will(1, K.Attribute.FIRE, 1)
    (scholar,) = sc.field(0, ["TXT-204"])
    (own_mute,) = sc.hand(0, ["TXT-203"])
    (mute,) = sc.hand(1, ["TXT-203"])
    g = sc.game()
    field = [a for a in g.legal_actions() if K.ACTIVATE_BASE <= a < K.RULER_ACTIVATE_BASE]
    assert field
    g.step(field[0])
    assert _chase(g) == [(K.EntryKind.ABILITY, scholar)]
    assert K.PLAY_HAND_BASE + _hand_of(g, 0).index(own_mute) not in g.legal_actions()  # its own ability: no target
    hand0 = len(_hand_of(g, 0))
    g.step(K.PASS)
    g.step(K.PLAY_HAND_BASE + _hand_of(g, 1).index(mute))
    if _decision(g)[0] == K.Decision.CHOOSE_TARGET:
        g.step(K.OPTION_BASE)
    for _ in range(4):
        if not _chase(g):
            break
        g.step(K.PASS)
    assert _chase(g) == [] and len(_hand_of(g, 0)) == hand0 and int(g.state[S.ZONE + mute * S.CARD_W]) == \
        K.Zone.GRAVEYARD


def _chase_entry_removed(s, k):
    """effects.chase_entry_removed through a kernel (an internal kernel is called by kernels only, under JIT)."""
    from numba import njit

    from tcg_env.games.force_of_will.effects import chase_entry_removed

    global _CHASE_ENTRY_REMOVED
    if _CHASE_ENTRY_REMOVED is None:
        _CHASE_ENTRY_REMOVED = njit(lambda s, k: chase_entry_removed(s, k))
    _CHASE_ENTRY_REMOVED(s, k)


_CHASE_ENTRY_REMOVED = None


def test_cr_1012_1_references_follow_the_entries_when_one_under_them_leaves(ability_pool):
    """effects.chase_entry_removed: a register's reference to chase entry k (ABILITY_REF + k) follows the entry when an
    entry under it leaves the chase; one to the entry that left points past the chase (no ability matches it)."""
    import numpy as np

    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    s = np.zeros(S.STATE_SIZE, np.int32)
    s[S.CHASE_N] = 4
    e3 = S.CHASE + 3 * S.ENTRY_W
    s[e3 + S.E_REGN] = 2
    s[e3 + S.E_REG: e3 + S.E_REG + 2] = [K.ABILITY_REF + 2, K.ABILITY_REF + 1]
    s[e3 + S.E_REGN + 1] = 1
    s[e3 + S.E_REG + K.TARGET_MAX] = 5  # a card slot stays
    s[S.FRAME_N] = 1
    s[S.FRAMES + S.E_REGN] = 1
    s[S.FRAMES + S.E_REG] = K.ABILITY_REF
    _chase_entry_removed(s, 1)  # entry 1 left
    assert list(s[e3 + S.E_REG: e3 + S.E_REG + 2]) == [K.ABILITY_REF + 1, K.ABILITY_REF + K.CHASE_MAX]
    assert s[e3 + S.E_REG + K.TARGET_MAX] == 5 and s[S.FRAMES + S.E_REG] == K.ABILITY_REF


def test_cr_903_3b_cancel_unless_pays_x_where_x_is_a_count(tmp_path):
    """"... unless its controller pays {X}, where X is the number of additions you control.": the SET_X before the op
    (X counted as it resolves, CR 903.3b-i); with no addition X is 0 and the spell's controller may pay {0} with no will."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    r = exact("Cancel target spell unless its controller pays {X}, where X is the number of additions you control.",
              "chant")
    assert [op["op"] for op in r.fields["effect"]] == ["choose", "set_x", "cancel_unless_pay"]
    assert r.fields["effect"][2] == {"op": "cancel_unless_pay", "amount": "X"}
    assert line("Cancel target spell unless its controller pays {X}.", "chant").verdict is Verdict.UNSUPPORTED
    cards = [_card("TXT-101", "Made-up Insight", "Chant", ["Draw a card."]),
             _card("TXT-102", "Made-up Denial", "Chant", ["[Quickcast]", "Cancel target spell unless its controller "
                                                          "pays {X}, where X is the number of additions you control."])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records if r.lines)
    g, insight, _ = _denied(pool, will0=0)
    assert _decision(g) == (K.Decision.OPTIONAL, 0, K.ASK_UNLESS_PAY) and int(g.state[S.DEC_ARG + 1]) == 0
    assert K.OPTION_BASE in g.legal_actions()
    hand = int(g.state[S.HAND_N])
    g.step(K.OPTION_BASE)
    assert _finish(g, insight) == K.Zone.GRAVEYARD and int(g.state[S.HAND_N]) == hand + 1  # it resolved


# ---- CR 1005.1: "[You may] reveal any number of <cards> from your hand." (Op.REVEAL_FROM_HAND) ---------------------
def test_cr_1005_1_reveal_any_number_from_your_hand_is_exact():
    r = exact("When this card enters the field => Reveal any number of resonators from your hand. You gain 200 life for "
              "each card revealed this way.")
    assert r.abilities[0]["effect"] == [
        {"op": "reveal_from_hand", "filter": {"type": ["resonator"], "zone": "hand"}},
        {"op": "set_x", "per": {"count": "this_way"}, "times": 2}, {"op": "gain_life", "amount": "X00"}]
    r = exact("[Enter] >>> You may reveal any number of resonators with different names from your hand. Put two "
              "[+100/+100] counters on this card for each card revealed this way.")
    assert r.abilities[0]["effect"][0]["different_names"] is True
    assert line("You gain 200 life for each card revealed this way.", "chant").verdict is Verdict.UNSUPPORTED
    # the revealed cards are no target of another op ("destroy them"): only counted
    assert line("Reveal any number of resonators from your hand. Put them into your graveyard.", "chant").verdict is \
        not Verdict.EXACT


def test_cr_1005_1_the_player_reveals_cards_one_at_a_time_and_they_are_counted(tmp_path):
    """Player 0's chant: it reveals two resonators of different names (a third sharing a name with one is not offered
    once that one is revealed), passes, and gains 200 life for each; both players' observations show the reveal."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-301", "Made-up Parade", "Chant", ["Reveal any number of resonators with different names from "
                                                          "your hand. You gain 200 life for each card revealed this way."]),
             _card("TXT-302", "Made-up Panda", "Resonator", [], ATK=100, DEF=100),
             _card("TXT-303", "Made-up Red Panda", "Resonator", [], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records if r.lines)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 1)
    (parade,) = sc.hand(0, ["TXT-301"])
    panda, panda2, red = sc.hand(0, ["TXT-302", "TXT-302", "TXT-303"])
    g = sc.game()
    g.step(K.PLAY_HAND_BASE + _hand_of(g, 0).index(parade))
    for _ in range(4):
        if _decision(g)[0] == K.Decision.CHOOSE_TARGET:
            break
        g.step(K.PASS)
    assert _decision(g) == (K.Decision.CHOOSE_TARGET, 0, K.ASK_REVEAL_HAND)
    cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
    assert sorted(cands) == sorted([panda, panda2, red]) and K.PASS in g.legal_actions()
    assert "Reveal Made-up Panda" in g.describe_action(K.OPTION_BASE + cands.index(panda))
    g.step(K.OPTION_BASE + cands.index(panda))
    cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
    assert cands == [red]  # not the other Panda: different names (CR 202)
    g.step(K.OPTION_BASE)
    # none left to offer: the effect goes on; 2 revealed, 400 life (CR 1005.1: both shown, the reveal record)
    assert int(g.state[S.LIFE]) == K.STARTING_LIFE + 400
    assert int(g.state[S.REVEAL_N]) == 2 and int(g.state[S.ZONE + panda * S.CARD_W]) == K.Zone.HAND
    g.observe(1)


def test_cr_1005_1_revealing_none_counts_none(tmp_path):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-301", "Made-up Parade", "Chant", ["Reveal any number of resonators from your hand. You gain 200 "
                                                          "life for each card revealed this way."]),
             _card("TXT-302", "Made-up Panda", "Resonator", [], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 1)
    (parade,) = sc.hand(0, ["TXT-301"])
    sc.hand(0, ["TXT-302"])
    g = sc.game()
    g.step(K.PLAY_HAND_BASE + _hand_of(g, 0).index(parade))
    for _ in range(4):
        if _decision(g)[0] == K.Decision.CHOOSE_TARGET:
            break
        g.step(K.PASS)
    assert "Reveal no more" in g.describe_action(K.PASS)
    g.step(K.PASS)
    assert int(g.state[S.LIFE]) == K.STARTING_LIFE and int(g.state[S.ZONE + parade * S.CARD_W]) == K.Zone.GRAVEYARD


def test_random_play_through_the_new_choices_keeps_the_masks_and_words_sound(tmp_path):
    """Random play from positions rich in session 34's choices (stones entering with a choice, cancels paid against,
    abilities canceled, reveals from the hand): every decision has a legal action, every legal action has words, the
    observations are written."""
    import numpy as np

    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    stone = {"id": "TXT-020", "name": "Made-up Toll Stone", "type": ["Special Magic Stone", "Magic Stone"],
             "cost": None, "colour": ["V"], "abilities": ["{Rest}: Produce {R}.", "This card enters your field rested "
                                                                                    "unless you pay 300 life."]}
    stone2 = {**stone, "id": "TXT-021", "name": "Made-up Fairy Stone", "abilities": ["{Rest}: Produce {R}.",
                                                                                    _REVEAL_STONE]}
    cards = [stone, stone2,
             _card("TXT-001", "Made-up Call", "Chant", ["[Quickcast]", "Put the top card of your magic stone deck into "
                                                                       "the field. Draw a card."]),
             _card("TXT-004", "Made-up Pixie", "Resonator", ["[Enter] => Draw a card."], ATK=100, DEF=100,
                   race=["Fairy"]),
             _card("TXT-102", "Made-up Denial", "Chant", ["[Quickcast]", "Cancel target spell unless its controller "
                                                                         "pays {2}."]),
             _card("TXT-202", "Made-up Hush", "Chant", ["[Quickcast]", "Cancel target automatic ability. Draw a card."]),
             _card("TXT-204", "Made-up Scholar", "Resonator", ["{R}: Draw a card."], ATK=100, DEF=100),
             _card("TXT-301", "Made-up Parade", "Chant", ["[Quickcast]", "Reveal any number of resonators from your "
                                                                         "hand. You gain 200 life for each card revealed "
                                                                         "this way."])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records if r.lines), [
        (r.name, [(x.text, x.reason) for x in r.lines if x.verdict is not Verdict.EXACT]) for r in res.text_records
        if r.verdict is not Verdict.EXACT]
    rng = np.random.default_rng(34)
    seen = set()
    for seed in range(3):
        sc = Scenario.main_phase(pool, turn_player=0, seed=seed)
        for p in range(2):
            sc.will(p, K.Attribute.FIRE, 8)
            sc.hand(p, ["TXT-001", "TXT-004", "TXT-102", "TXT-202", "TXT-301", "TXT-004"])
            sc.field(p, ["TXT-204", "FOW1-079", "FOW1-079"])
            for c in ("TXT-020", "TXT-021", "TXT-020"):
                sc.put(p, c, K.Zone.STONE_DECK, top=True)
        g = sc.game()
        for _ in range(300):
            if g.done:
                break
            legal = g.legal_actions()
            assert len(legal) > 0
            for a in legal:
                assert g.describe_action(a)
            g.observe(0)
            g.observe(1)
            seen.add(int(g.state[S.DEC_ARG + K.DEC_ASK]))
            if any(int(g.state[S.CAND + k]) >= K.ABILITY_REF for k in range(int(g.state[S.CAND_N]))):
                seen.add("ability")
            g.step(int(legal[rng.integers(len(legal))]))
    # the stones' two choices and the reveal from the hand were met (a deterministic run: the seeds above)
    assert {K.ASK_ENTER_LIFE, K.ASK_ENTER_REVEAL, K.ASK_REVEAL_HAND} <= seen
