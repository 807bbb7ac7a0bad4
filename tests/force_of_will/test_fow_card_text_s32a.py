"""Force of Will card text, session 32 (branch s32a): heads of automatic abilities - "when this card enters the field /
is put into the field from a graveyard / your deck" (CR 307.7), "This ability triggers only once per turn." (CR 906.4),
"when this card is discarded by the effect or as a cost of an ability of a card named "<name>" you control" (CR 1019.1,
903.2j, 902.2: it works from the hand, a chant's too), "whenever this card deals damage to your opponent, they discard a
card [at random]" and the misprint "greveyard". Lines are made up in the game's template language. Rule numbers: CR 8.01
(``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from test_fow_card_text import _drive, _imported_pool, exact, line
from test_fow_card_text_s23b import _all_exact, _resolved, _zone_n


# ---- the compiler ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, trigger", [
    ("When this card enters the field from a graveyard => Draw a card.", "enter_from_graveyard"),
    ("When this card is put into the field from your graveyard >>> Draw a card.", "enter_from_graveyard"),
    ("When this card enters your field from your deck => Draw a card.", "enter_from_main_deck"),
    ("When this card is put into the field from your main deck >>> Draw a card.", "enter_from_main_deck"),
])
def test_cr_307_7_enters_the_field_from_a_zone_is_a_trigger_of_its_own(text, trigger):
    r = exact(text)
    assert r.abilities == [{"kind": "automatic", "trigger": trigger, "effect": [{"op": "draw", "count": 1}]}]


def test_cr_307_7_it_after_enters_from_a_graveyard_is_this_card():
    r = exact("When this card enters the field from a graveyard => It gains [+200/+200] until end of turn.")
    assert r.abilities[0]["effect"][0] == {"op": "target_self"}


def test_cr_906_4_triggers_only_once_per_turn_is_the_abilitys_once():
    r = exact("Whenever this card blocks => Draw a card. This ability triggers only once per turn.")
    assert r.abilities == [{"kind": "automatic", "trigger": "blocks", "effect": [{"op": "draw", "count": 1}],
                            "once": "turn"}]
    r = exact("Whenever you play a chant, you gain 200 life. This ability triggers only once per turn.")
    assert r.abilities[0]["once"] == "turn" and r.abilities[0]["trigger"] == "you_play"


def test_cr_906_4_once_per_turn_about_the_triggers_card_is_unsupported():
    # which of two triggers at once is played would change what it does (priority.play_pending drops the second)
    r = line("Whenever another resonator enters the field under your control => Destroy that resonator. This ability "
             "triggers only once per turn.")
    assert r.verdict is Verdict.UNSUPPORTED and "once per turn" in r.reason


def test_they_discard_after_deals_damage_to_your_opponent_is_the_opponents_discard():
    r = exact("Whenever this card deals damage to your opponent, they discard a card.")
    assert r.abilities == [{"kind": "automatic", "trigger": "deals_damage_to_opponent",
                            "effect": [{"op": "discard", "count": 1, "who": "opponent"}]}]
    r = exact("Whenever this card deals damage to your opponent => They discard two cards at random.")
    assert r.abilities[0]["effect"] == [{"op": "discard", "count": 2, "who": "opponent", "random": True}]
    assert line("Whenever this card attacks => They discard a card.").verdict is Verdict.UNSUPPORTED


def test_cr_1019_1_discarded_by_an_ability_of_a_named_card_is_a_trigger_with_its_filter():
    r = exact('When this card is discarded by the effect or as a cost of an ability of a card named "Made-up Sage" you '
              'control >>> Draw a card.')
    assert r.abilities == [{"kind": "automatic", "trigger": "discarded_by_ability",
                            "trigger_filter": {"name": "Made-up Sage", "side": "own", "zone": "anywhere"},
                            "effect": [{"op": "draw", "count": 1}]}]
    # CR 902.2: it works from the hand, a chant's too
    assert exact('When this card is discarded by the effect or as a cost of an ability of a card named "Made-up Sage" '
                 'you control >>> Draw a card.', "chant").abilities[0]["trigger"] == "discarded_by_ability"


def test_the_misprint_greveyard_reads_graveyard():
    r = exact("When this card is put into a greveyard from your field => Draw a card.")
    assert r.abilities[0]["trigger"] == "put_into_graveyard"
    # the comma missing after "whenever this card attacks" (session 32)
    assert exact("Whenever this card attacks you gain 300 life.").abilities[0]["trigger"] == "attacks"
    assert exact("[Continuous]: When this card it put into a graveyard from your field, you lose 1000 life.") \
        .abilities[0]["trigger"] == "put_into_graveyard"
    assert exact("When this card enters your feld => Draw a card.").abilities[0]["trigger"] == "enter"


def test_cr_1023_1_force_n_without_brackets_is_the_roll():
    r = exact("Whenever this card blocks >>> Force 1. (Roll a 6-sided die.) You gain X00 life, where X is the result of "
              "the roll.")
    assert r.abilities[0]["effect"][0] == {"op": "set_x", "per": {"count": "force_roll", "dice": 1}, "times": 1}


# ---- the engine -----------------------------------------------------------------------------------------------------
def _pool(tmp_path, cards):
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    return pool


def _res(i, text, name=None, cost="{R}"):
    return {"id": f"TXT-{i:03d}", "name": name or f"Made-up S32a {i}", "type": ["Resonator"], "cost": cost,
            "colour": ["R"], "ATK": 500, "DEF": 500, "abilities": [text] if isinstance(text, str) else text}


def _chant(i, text, cost="{R}"):
    return {"id": f"TXT-{i:03d}", "name": f"Made-up S32a Chant {i}", "type": ["Chant"], "cost": cost, "colour": ["R"],
            "abilities": [text] if isinstance(text, str) else text}


@pytest.mark.parametrize("trigger, gains", [("a graveyard", 700), ("your deck", 0)])
def test_cr_307_7_enters_from_a_graveyard_triggers_only_from_there(tmp_path, trigger, gains):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [_chant(1, "Put target resonator from your graveyard into your field."),
                            _res(2, f"When this card enters the field from {trigger} => You gain 700 life.")])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.put(0, "TXT-002", K.Zone.GRAVEYARD)
    sc.put(0, "TXT-001", K.Zone.HAND)
    g = sc.game()
    life = int(g.state[S.LIFE])
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: _resolved(g) and int(g.state[S.LIFE]) != life, 40)
    assert int(g.state[S.LIFE]) == life + gains


def test_cr_307_7_put_into_the_field_from_your_deck_triggers(tmp_path):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [_chant(1, "Search your deck for a resonator and put it into your field. Then shuffle your "
                                      "deck."),
                            _res(2, "When this card is put into the field from your deck >>> You gain 700 life.")])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    for slot in sc.zone(0, K.Zone.MAIN_DECK):
        sc.move(slot, K.Zone.REMOVED, 0)
    sc.put(0, "TXT-002", K.Zone.MAIN_DECK)
    sc.put(0, "TXT-001", K.Zone.HAND)
    g = sc.game()
    life = int(g.state[S.LIFE])
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: _resolved(g) and int(g.state[S.LIFE]) != life, 40)
    assert int(g.state[S.LIFE]) == life + 700


@pytest.mark.parametrize("once, gains", [(True, 100), (False, 200)])
def test_cr_906_4_triggers_only_once_per_turn_plays_the_first_trigger_only(tmp_path, once, gains):
    from tcg_env.games.force_of_will.scenario import Scenario

    text = "Whenever you play a chant => You gain 100 life." + (" This ability triggers only once per turn." if once else "")
    pool = _pool(tmp_path, [_chant(1, "Draw a card."), _res(2, text)])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.field(0, ["TXT-002"])
    sc.put(0, "TXT-001", K.Zone.HAND)
    sc.put(0, "TXT-001", K.Zone.HAND)
    g = sc.game()
    life = int(g.state[S.LIFE])
    for _ in range(2):
        hand = [a for a in g.legal_actions().tolist() if K.PLAY_HAND_BASE <= a < K.PLAY_HAND_BASE + K.HAND_SLOTS]
        g.step(hand[0])
        _drive(g, _resolved, 40)
    assert int(g.state[S.LIFE]) == life + gains


@pytest.mark.parametrize("source, gains", [("Made-up Sage", 1000 + 100), ("Made-up S32a Other", 100)])
def test_cr_1019_1_a_chant_discarded_as_the_cost_of_the_named_cards_ability_triggers(tmp_path, source, gains):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [
        _chant(1, ['When this card is discarded by the effect or as a cost of an ability of a card named "Made-up Sage" '
                   'you control >>> You gain 1000 life.', "Draw a card."]),
        _res(2, "Discard a card: You gain 100 life.", name=source), _res(3, "[Flying]", name="Made-up Sage")])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (src,) = sc.field(0, ["TXT-002"])
    chant = sc.put(0, "TXT-001", K.Zone.HAND)
    g = sc.game()
    life = int(g.state[S.LIFE])
    g.step(K.ACTIVATE_BASE + sc.zone(0, "field").index(src) * K.ABILITIES_PER_CARD)
    _drive(g, lambda g: _resolved(g) and int(g.state[S.LIFE]) == life + gains, 40)
    assert int(g.state[S.ZONE + chant * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.LIFE]) == life + gains


def test_cr_1019_1_a_card_discarded_by_the_named_cards_effect_triggers(tmp_path):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [
        _res(1, 'When this card is discarded by the effect or as a cost of an ability of a card named "Made-up Sage" '
                'you control >>> You gain 1000 life.'),
        _res(2, "{Rest}: Discard a card.", name="Made-up Sage")])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (src,) = sc.field(0, ["TXT-002"])
    sc.put(0, "TXT-001", K.Zone.HAND)
    g = sc.game()
    life = int(g.state[S.LIFE])
    g.step(K.ACTIVATE_BASE + sc.zone(0, "field").index(src) * K.ABILITIES_PER_CARD)
    _drive(g, lambda g: _resolved(g) and int(g.state[S.LIFE]) != life, 40)
    assert int(g.state[S.LIFE]) == life + 1000


def test_they_discard_after_damage_to_the_opponent_discards_from_the_opponents_hand(tmp_path):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [_chant(1, "Draw a card."),
                            _res(2, ["[Swiftness]", "Whenever this card deals damage to your opponent, they discard a card "
                                                    "at random."])])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (att,) = sc.field(0, ["TXT-002"])
    sc.put(1, "TXT-001", K.Zone.HAND)
    g = sc.game()
    from test_fow_card_text_s23b import _zone_n

    assert _zone_n(g, 1, K.Zone.HAND) == 1
    g.step(K.BATTLE)
    for _ in range(6):  # the beginning of battle: priority passes (CR 802)
        if int(g.state[H_DECISION]) == K.Decision.ATTACKER:
            break
        g.step(K.PASS)
    g.step(K.OWN_FIELD_BASE + sc.zone(0, "field").index(att))
    if int(g.state[H_DECISION]) == K.Decision.ATTACKED:
        g.step(K.ATTACK_PLAYER)
    _drive(g, lambda g: _zone_n(g, 1, K.Zone.HAND) == 0, 60)
    assert _zone_n(g, 1, K.Zone.HAND) == 0 and _zone_n(g, 1, K.Zone.GRAVEYARD) >= 1


# ---- conditions of triggered effects: "fewer <cards> than your opponent", "more cards in their hand than you" ----------
def test_fewer_cards_than_your_opponent_compiles_to_control_fewer_than_opp():
    r = exact("When this card enters your field => You gain 500 life if you control less resonators than your opponent.")
    assert r.abilities[0]["effect"][0] == {"op": "if", "condition": {
        "kind": "control_fewer_than_opp", "filter": {"type": ["resonator"], "side": "any"}}, "skip": 1}
    r = exact("When this card enters your field, draw a card if your opponent has more cards in their hand than you.")
    assert r.abilities[0]["effect"][0]["condition"] == {"kind": "opp_hand_more"}


@pytest.mark.parametrize("opp_resonators, gains", [(2, 500), (1, 0)])
def test_fewer_resonators_than_your_opponent_counts_both_fields(tmp_path, opp_resonators, gains):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [_res(1, "When this card enters your field => You gain 500 life if you control fewer "
                                    "resonators than your opponent."), _res(2, "[Flying]")])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.put(0, "TXT-001", K.Zone.HAND)
    sc.field(1, ["TXT-002"] * opp_resonators)
    g = sc.game()
    life = int(g.state[S.LIFE])
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: _resolved(g) and int(g.state[S.LIFE]) != life, 40)
    assert int(g.state[S.LIFE]) == life + gains


@pytest.mark.parametrize("opp_hand, draws", [(2, 1), (0, 0)])
def test_opponent_has_more_cards_in_hand_compares_the_hands(tmp_path, opp_hand, draws):
    from test_fow_card_text_s23b import _zone_n
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [_res(1, "When this card enters your field, draw a card if your opponent has more cards in "
                                    "their hand than you.")])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.put(0, "TXT-001", K.Zone.HAND)
    for _ in range(opp_hand):
        sc.put(1, "TXT-001", K.Zone.HAND)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: _resolved(g) and _zone_n(g, 0, K.Zone.FIELD) >= 1 and int(g.state[S.PT_N]) == 0, 40)
    assert _zone_n(g, 0, K.Zone.HAND) == draws


# ---- "when this card in your graveyard is removed from the game", "whenever you awaken a spell" ---------------------------
def test_cr_1004_1_removed_from_your_graveyard_is_a_trigger_a_chant_may_have():
    r = exact("When this card in your graveyard is removed from the game >>> Draw a card.", "chant")
    assert r.abilities == [{"kind": "automatic", "trigger": "removed_from_graveyard",
                            "effect": [{"op": "draw", "count": 1}]}]


def test_cr_1004_1_a_card_removed_from_the_graveyard_triggers(tmp_path):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [_chant(1, "Remove all cards in your graveyard from the game."),
                            _chant(2, ["When this card in your graveyard is removed from the game >>> You gain 700 life.",
                                       "Draw a card."])])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.put(0, "TXT-002", K.Zone.GRAVEYARD)
    sc.put(0, "TXT-001", K.Zone.HAND)
    g = sc.game()
    life = int(g.state[S.LIFE])
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: _resolved(g) and int(g.state[S.LIFE]) != life, 40)
    assert int(g.state[S.LIFE]) == life + 700


def test_cr_1109_2_whenever_you_awaken_a_spell_compiles():
    r = exact("Whenever you awaken a spell => Draw a card. This ability triggers only once per turn.")
    assert r.abilities == [{"kind": "automatic", "trigger": "you_awaken", "effect": [{"op": "draw", "count": 1}],
                            "once": "turn"}]


@pytest.mark.parametrize("awakened, gains", [(True, 300), (False, 0)])
def test_cr_1109_2_a_spell_played_awakened_triggers_whenever_you_awaken(tmp_path, awakened, gains):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [_chant(1, ["Draw a card.", "[Awakening] {R}: Draw a card."]),
                            _res(2, "Whenever you awaken a spell => You gain 300 life.")])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.field(0, ["TXT-002"])
    sc.put(0, "TXT-001", K.Zone.HAND)
    g = sc.game()
    life = int(g.state[S.LIFE])
    g.step(K.AWAKEN_HAND.base if awakened else K.PLAY_HAND_BASE)
    _drive(g, _resolved, 40)
    assert int(g.state[S.LIFE]) == life + gains


# ---- CR 1019.1: a discard at random by zones.discard_to_graveyard (Op.PLAYER_DISCARD) ----------------------------------
def test_cr_1019_1_a_discard_at_random_compiles_to_player_discard(tmp_path):
    _, pool = _imported_pool(tmp_path, [_chant(1, "Your opponent discards a card at random.")])
    rows = [r for r in pool.code if int(r[K.I_OP]) == K.Op.PLAYER_DISCARD and int(r[K.I_A2]) == 1]
    assert rows and int(rows[-1][K.I_A1]) == K.Who.OPPONENT, "the random discard is Op.PLAYER_DISCARD (a2 1)"


@pytest.mark.parametrize("text", ["When this card is put into your graveyard from your hand => You gain 700 life.",
                                  "When this card is put into a graveyard from your hand => You gain 700 life."])
def test_cr_1019_1_a_discard_at_random_triggers_put_into_a_graveyard_from_your_hand(tmp_path, text):
    from tcg_env.games.force_of_will.scenario import Scenario

    assert exact(text).verdict is Verdict.EXACT
    pool = _pool(tmp_path, [_chant(1, "Your opponent discards a card at random."), _res(2, text)])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.put(0, "TXT-001", K.Zone.HAND)
    victim = sc.put(1, "TXT-002", K.Zone.HAND)
    g = sc.game()
    life = int(g.state[S.LIFE + 1])
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: _resolved(g) and int(g.state[S.LIFE + 1]) != life, 40)
    assert int(g.state[S.ZONE + victim * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.LIFE + 1]) == life + 700


def test_cr_910_1_a_discard_at_random_reads_a_graveyard_from_anywhere_replacement(tmp_path):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [_chant(1, "Your opponent discards a card at random."),
                            _res(2, "If a card would be put into your opponent's graveyard from anywhere, remove it from "
                                    "the game instead.")])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.field(0, ["TXT-002"])
    sc.put(0, "TXT-001", K.Zone.HAND)
    victim = sc.put(1, "TXT-001", K.Zone.HAND)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: _resolved(g) and int(g.state[S.ZONE + victim * S.CARD_W]) != K.Zone.HAND, 40)
    assert int(g.state[S.ZONE + victim * S.CARD_W]) == K.Zone.REMOVED


# ---- "you may pay {R}{R} / N life. If you do, ..." (Op.PAY), and a graveyard trigger's "return it / put this card" ----
def test_cr_1003_1_you_may_pay_will_or_life_compiles_to_pay_then_if_done():
    r = exact("When this card is put into a graveyard from your field, you may pay 200 life. If you do, put it into its "
              "owner's hand.")
    assert r.abilities[0]["optional"] and r.abilities[0]["effect"] == [
        {"op": "pay", "life": 200}, {"op": "if_done", "rows": 2}, {"op": "target_self"}, {"op": "grave_to_hand"}]
    r = exact("When this card is put into a graveyard from the field >>> You may pay {R}{R}. If you do, put this card into "
              "the field under its owner's control.")
    assert r.abilities[0]["effect"] == [{"op": "pay", "will": "{R}{R}"}, {"op": "if_done", "rows": 2},
                                        {"op": "target_self"}, {"op": "grave_to_field", "owner": True}]
    # the card is in the graveyard only after that trigger
    assert line("When this card enters the field => Put this card into its owner's field.").verdict is Verdict.UNSUPPORTED


@pytest.mark.parametrize("will, back", [(2, True), (1, False)])
def test_cr_1003_1_pay_takes_the_produced_will_and_the_card_comes_back_only_if_paid(tmp_path, will, back):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [_chant(1, "Destroy target resonator.", cost="{0}"),
                            _res(2, "When this card is put into a graveyard from your field, you may pay {R}{R}. If you "
                                    "do, put this card into its owner's field.")])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, will)
    (card,) = sc.field(0, ["TXT-002"])
    sc.put(0, "TXT-001", K.Zone.HAND)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: _resolved(g) and int(g.state[S.ZONE + card * S.CARD_W]) != K.Zone.FIELD
           and int(g.state[S.PT_N]) == 0, 60)
    _drive(g, _resolved, 20)
    assert (int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.FIELD) is back
    fire = int(g.state[S.WILL + K.Attribute.FIRE])
    assert fire == (0 if back else will)  # nothing paid when it cannot all be paid


def test_cr_906_7b_return_it_to_its_owners_hand_after_a_graveyard_trigger_moves_it_from_the_graveyard(tmp_path):
    from tcg_env.games.force_of_will.scenario import Scenario

    text = "When this card is put into a graveyard from your field => Return it to its owner's hand."
    assert exact(text).abilities[0]["effect"] == [{"op": "target_self"}, {"op": "grave_to_hand"}]
    pool = _pool(tmp_path, [_chant(1, "Destroy target resonator.", cost="{0}"), _res(2, text)])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (card,) = sc.field(0, ["TXT-002"])
    sc.put(0, "TXT-001", K.Zone.HAND)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: _resolved(g) and int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.HAND, 60)
    assert int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.HAND


# ---- CR 903.2g: "when this card is targeted by a spell [or ability]" ---------------------------------------------------
def test_cr_903_2g_targeted_by_a_spell_compiles():
    assert exact("When this card is targeted by a spell => Banish it.").abilities == [
        {"kind": "automatic", "trigger": "targeted_by_spell", "effect": [{"op": "target_self"}, {"op": "banish"}]}]
    assert exact("Whenever this card is targeted by a spell or ability => Draw a card.").abilities[0]["trigger"] == \
        "targeted_by_spell_or_ability"


def test_cr_903_2g_a_spell_targeting_it_triggers_before_it_resolves(tmp_path):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [_chant(1, "Return target resonator to its owner's hand.", cost="{0}"),
                            _res(2, "When this card is targeted by a spell => Banish it.")])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (card,) = sc.field(0, ["TXT-002"])
    sc.put(0, "TXT-001", K.Zone.HAND)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: _resolved(g) and int(g.state[S.ZONE + card * S.CARD_W]) != K.Zone.FIELD, 40)
    assert int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD  # banished first; the chant's target is gone


@pytest.mark.parametrize("trigger, gains", [("a spell or ability", 500), ("a spell", 0)])
def test_cr_903_2g_an_ability_targeting_it_triggers_only_spell_or_ability(tmp_path, trigger, gains):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [_res(1, "{Rest}: Target resonator gains [+100/+100] until end of turn."),
                            _res(2, f"Whenever this card is targeted by {trigger} => You gain 500 life.")])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (src, card) = sc.field(0, ["TXT-001", "TXT-002"])
    g = sc.game()
    life = int(g.state[S.LIFE])
    g.step(K.ACTIVATE_BASE + sc.zone(0, "field").index(src) * K.ABILITIES_PER_CARD)
    from tcg_env.engine.header import H_DECISION

    if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:  # the target: the second resonator
        cands = [int(x) for x in g.state[S.CAND:S.CAND + int(g.state[S.CAND_N])]]
        g.step(K.OPTION_BASE + cands.index(card))
    _drive(g, _resolved, 40)
    assert int(g.state[S.LIFE]) == life + gains


# ---- "this card may deal N damage", "deals damage to a player", the misprint "Your may" ---------------------------------
def test_cr_1007_1_this_card_may_deal_damage_is_an_optional_ability():
    r = exact("Whenever you play a fire chant => This card may deal 100 damage to target J/resonator.")
    assert r.abilities[0]["optional"] and [op["op"] for op in r.abilities[0]["effect"]] == ["choose", "damage"]
    # another dealer ("it") is not compiled
    assert line("Whenever you play a fire chant => It may deal 100 damage to target J/resonator.").verdict \
        is Verdict.UNSUPPORTED
    assert exact("When you play a chant => Your may return this card to its owner's hand.").abilities[0]["optional"]


@pytest.mark.parametrize("whom, gains", [("you", 700), ("your opponent", 700)])
def test_cr_1007_2_deals_damage_to_a_player_triggers_for_either_player(tmp_path, whom, gains):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [_res(1, ["Whenever this card deals damage to a player => You gain 700 life.",
                                     f"{{Rest}}: This card deals 100 damage to {whom}."])])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (src,) = sc.field(0, ["TXT-001"])
    g = sc.game()
    life = int(g.state[S.LIFE])
    g.step(K.ACTIVATE_BASE + sc.zone(0, "field").index(src) * K.ABILITIES_PER_CARD)
    _drive(g, lambda g: _resolved(g) and int(g.state[S.PT_N]) == 0 and int(g.state[S.LIFE]) > life - 100, 40)
    _drive(g, _resolved, 20)
    assert int(g.state[S.LIFE]) == life + gains - (100 if whom == "you" else 0)


# ---- CR 907.4: an automatic ability producing a choice of will (chosen as it resolves) -----------------------------------
def test_cr_907_4_an_automatic_ability_producing_a_choice_of_will_compiles_to_choose():
    r = exact("When this card is put into a graveyard from your field => Produce {W}, {R}, {U}, {G}, or {B}.")
    assert r.abilities[0]["effect"] == [{"op": "produce_will", "will": "light",
                                         "choose": ["light", "fire", "water", "wind", "darkness"]}]
    r = exact("When this card enters the field => Produce two wills in any combination of attributes.")
    assert r.abilities[0]["effect"][0]["count"] == 2 and len(r.abilities[0]["effect"][0]["choose"]) == 5


@pytest.mark.parametrize("text, pick, fire, dark", [
    ("Produce {R} or {B}.", [K.Attribute.DARKNESS], 0, 1),
    ("Produce two wills in any combination of attributes.", [K.Attribute.FIRE, K.Attribute.FIRE], 2, 0),
])
def test_cr_907_4_the_will_is_chosen_as_the_automatic_ability_resolves(tmp_path, text, pick, fire, dark):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [_res(1, f"When this card enters the field => {text}", cost="{0}")])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.put(0, "TXT-001", K.Zone.HAND)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    picks = list(pick)
    for _ in range(40):
        if _resolved(g) and not picks and int(g.state[S.PT_N]) == 0:
            break
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE:
            legal = g.legal_actions().tolist()
            assert K.OPTION_BASE + K.Attribute.LIGHT not in legal or len(pick) == 2  # "{R} or {B}": no light
            g.step(K.OPTION_BASE + int(picks.pop(0)))
        elif int(g.state[H_DECISION]) == K.Decision.PRIORITY:
            g.step(K.PASS)
        else:
            g.step(g.legal_actions().tolist()[0])
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == fire and int(g.state[S.WILL + K.Attribute.DARKNESS]) == dark


# ---- "If <condition>, you may X. If you do, Y." (the IF skips the "if you do" rows too) -----------------------------------
def test_if_condition_you_may_then_if_you_do_compiles_to_one_if_over_both():
    r = exact("At end of turn => If you don't control a resonator, you may banish this card. If you do, draw a card.")
    assert r.abilities[0]["optional"] and r.abilities[0]["effect"][0]["op"] == "if" and \
        r.abilities[0]["effect"][0]["skip"] == 4 and r.abilities[0]["effect"][3] == {"op": "if_done", "rows": 1}
    assert line("When this card enters the field => If your life is 2000 or less, you may draw a card. Draw a card.") \
        .verdict is Verdict.UNSUPPORTED  # "you may" for part of the effect


@pytest.mark.parametrize("life, after", [(2000, 2000 - 100 + 1000), (5000, 5000)])
def test_if_condition_you_may_pay_if_you_do_skips_all_when_it_does_not_hold(tmp_path, life, after):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [_res(1, "When this card enters the field => If your life is 2000 or less, you may pay 100 "
                                    "life. If you do, you gain 1000 life.", cost="{0}")])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.life(0, life)
    sc.put(0, "TXT-001", K.Zone.HAND)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: _resolved(g) and _zone_n(g, 0, K.Zone.FIELD) >= 1 and int(g.state[S.PT_N]) == 0, 40)
    _drive(g, _resolved, 20)
    assert int(g.state[S.LIFE]) == after


# ---- "when this card is put into your graveyard from your deck" ----------------------------------------------------------
def test_put_into_your_graveyard_from_your_deck_compiles():
    r = exact("When this card is put into your graveyard from your deck >>> Put it into the field.")
    assert r.abilities == [{"kind": "automatic", "trigger": "put_into_graveyard_from_deck",
                            "effect": [{"op": "target_self"}, {"op": "grave_to_field"}]}]
    assert line("When this card enters the field => Put it into the field.").verdict is Verdict.UNSUPPORTED


def test_a_card_milled_from_the_deck_triggers_and_comes_into_the_field(tmp_path):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path, [_chant(1, "Put the top card of your deck into your graveyard.", cost="{0}"),
                            _res(2, "When this card is put into your graveyard from your deck >>> Put it into the field.")])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    card = sc.put(0, "TXT-002", K.Zone.MAIN_DECK)  # on top
    sc.put(0, "TXT-001", K.Zone.HAND)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: _resolved(g) and int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.FIELD, 40)
    assert int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.FIELD
