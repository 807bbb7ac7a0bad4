"""Force of Will card text, session 27 (branch s27-fowb): "If you do, ..." after a destroy, a banish, a return to the
hand or a removal from the game (the shared IF_DONE of the effect interpreter, engine.effects, with the core's new
optional hook ``target_done``: Force of Will's each-target move is done when the card has left the field), "you may
banish this card" as an effect, and "If you do, you may search ...". Lines are made up in the game's template
language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from helpers import resolve_chant
from test_fow_card_text import _imported_pool, exact, line


# ---- compiling ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("verb, op", [("destroy target addition", "destroy"),
                                      ("remove target addition from the game", "remove"),
                                      ("return target addition to its owner's hand", "return_to_hand")])
def test_cr_104_2_if_you_do_after_a_move_of_a_target_compiles_to_if_done(verb, op):
    r = exact(f"When this card enters the field => You may {verb}. If you do, draw a card.")
    ab, = r.abilities
    assert ab["optional"] and ab["effect"] == [{"op": "choose", "filter": {"type": ["addition"]}}, {"op": op},
                                               {"op": "if_done", "rows": 1}, {"op": "draw", "count": 1}]
    # not after an instruction that does not report whether it was done
    assert line("[Enter] => Recover target resonator. If you do, draw a card.").verdict is Verdict.UNSUPPORTED


def test_cr_1011_you_may_banish_this_card_is_an_effect_before_if_you_do():
    r = exact("When a resonator is put into a graveyard from your field, you may banish this card. If you do, draw a card.")
    ab, = r.abilities
    assert ab["optional"] and ab["effect"] == [{"op": "target_self"}, {"op": "banish"}, {"op": "if_done", "rows": 1},
                                               {"op": "draw", "count": 1}]
    # at the start of an activate ability it is still a cost (CR 903.2j)
    r = exact("Banish this card: Draw a card.")
    assert r.abilities[0]["cost"]["banish_self"] and r.abilities[0]["effect"] == [{"op": "draw", "count": 1}]


def test_cr_1014_2_if_you_do_you_may_search_is_the_search_that_may_find_nothing():
    r = exact('[Enter] => You may banish this card. If you do, you may search your deck for a card named "Test Card" '
              "and put it into your field. Then shuffle your deck.")
    assert r.abilities[0]["effect"][-2:] == [
        {"op": "if_done", "rows": 1}, {"op": "search", "filter": {"name": "Test Card", "zone": "main_deck"}, "to": "field"}]
    # another "you may" inside the "if you do" sentence would be asked on its own: not compiled
    assert line("[Enter] => You may banish this card. If you do, you may draw a card.").verdict is Verdict.UNSUPPORTED


# ---- playing: whether the destroy was done ------------------------------------------------------------------------
def _play_chant(tmp_path, text, victim_text):
    """A made-up chant "{R}: <text>" played on a made-up resonator of the opponent; returns (game, state before)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    chant = {"id": "TXT-001", "name": "Made-up Test", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
             "abilities": [text]}
    victim = {"id": "TXT-002", "name": "Made-up Victim", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
              "ATK": 500, "DEF": 500, "abilities": [victim_text] if victim_text else []}
    res, pool = _imported_pool(tmp_path, [chant, victim])
    assert [r.verdict for r in res.text_records] == [Verdict.EXACT, Verdict.EXACT], [r.lines for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    (target,) = sc.field(1, ["TXT-002"])
    g = sc.game()
    hand = int(g.state[S.HAND_N])
    g.step(K.PLAY_HAND_BASE)
    resolve_chant(g, card)
    return g, target, hand


@pytest.mark.parametrize("victim_text, destroyed", [("", True), ("This card cannot be destroyed.", False)])
def test_cr_104_2_destroy_target_if_you_do_draws_only_when_it_was_destroyed(tmp_path, victim_text, destroyed):
    # the chant leaves the hand (-1); "If you do, draw two cards" draws only when the resonator left the field: one
    # that cannot be destroyed ([Eternal], CR 1417) stays, and nothing is drawn (effects.target_done)
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, target, hand = _play_chant(tmp_path, "Destroy target resonator. If you do, draw two cards.", victim_text)
    assert (int(g.state[S.ZONE + target * S.CARD_W]) == K.Zone.GRAVEYARD) is destroyed
    assert int(g.state[S.HAND_N]) == hand - 1 + (2 if destroyed else 0)


@pytest.mark.parametrize("victim_text, destroyed", [("", True), ("This card cannot be destroyed.", False)])
def test_cr_104_2_destroy_target_if_you_dont_gains_life_only_when_it_stayed(tmp_path, victim_text, destroyed):
    from tcg_env.games.force_of_will import state as S

    g, _, _ = _play_chant(tmp_path, "Destroy target resonator. If you don't, you gain 500 life.", victim_text)
    assert int(g.state[S.LIFE]) == 4000 + (0 if destroyed else 500)


def test_cr_1011_2_you_may_banish_another_card_you_control_before_if_you_do():
    # its controller chooses among the cards they control as it resolves (Op.PLAYER_BANISH, no target): NOT_DONE when
    # fewer than N were banished (CR 104.2), so "If you do" may follow it
    r = exact("Whenever this card attacks, you may banish another resonator. If you do, this card deals 1000 damage to "
              "target resonator.")
    ab, = r.abilities
    assert ab["optional"] and ab["effect"][1:] == [
        {"op": "player_banish", "filter": {"type": ["resonator"], "exclude_self": True, "side": "own"}, "count": 1,
         "who": "controller"},
        {"op": "if_done", "rows": 1}, {"op": "damage", "amount": 1000, "reg": 1}]
    r = exact("[Enter] => You may banish two wind resonators you control. If you do, draw a card.")
    assert r.abilities[0]["effect"][0] == {"op": "player_banish", "count": 2, "who": "controller",
                                           "filter": {"attribute": ["wind"], "type": ["resonator"], "side": "own"}}
    # a card another player controls is not theirs to banish (CR 1011.2)
    assert line("[Enter] => You may banish a resonator your opponent controls. If you do, draw a card.").verdict \
        is Verdict.UNSUPPORTED


# ---- gems (CR 313.1, 1027.1) --------------------------------------------------------------------------------------
def test_cr_1027_1_gem_lines_compile():
    r = exact("When this card enters the field => You may banish two light gems. If you do, draw a card.")
    assert r.abilities[0]["optional"] and r.abilities[0]["effect"] == [
        {"op": "banish_gem", "attribute": "light", "count": 2}, {"op": "if_done", "rows": 1}, {"op": "draw", "count": 1}]
    r = exact("Whenever you gain a gem => This card gains [+100/+100] until end of turn.")
    assert r.abilities[0]["trigger"] == "you_gain_gem"
    r = exact("This card gains [+100/+100] for each gem you control.")
    assert r.abilities[0]["effect"][0]["per"] == {"count": "gems"}
    # a gem of any attribute is chosen as it resolves (CR 1027.1a): compiled since session 29 (test_fow_card_text_s29m)
    assert exact("[Enter] => Gain a gem of any attribute.").abilities[0]["effect"] == [{"op": "gain_gem", "attribute": "any"}]


def _gem_game(tmp_path, texts, gems):
    """Made-up resonators of ``texts`` ({R}); the first is played from the hand with ``gems`` light gems in the item
    area; returns the game once the stack is empty again, and the played card's slot."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [{"id": f"TXT-00{i + 1}", "name": f"Made-up Gem {i + 1}", "type": ["Resonator"], "cost": "{R}",
              "colour": ["R"], "ATK": 500, "DEF": 500, "abilities": [t]} for i, t in enumerate(texts)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.lines for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    others = sc.field(0, [c["id"] for c in cards[1:]])
    sc.row[S.GEMS + K.Attribute.LIGHT] = gems
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    for _ in range(20):
        d = int(g.state[H_DECISION])
        if d == K.Decision.OPTIONAL:
            g.step(K.OPTION_BASE)  # "you may": yes
        elif d == K.Decision.PRIORITY and int(g.state[S.CHASE_N]) == 0 and \
                int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.FIELD:
            return g, card, others
        else:
            g.step(K.PASS)
    raise AssertionError("the resonator and its ability did not resolve")


@pytest.mark.parametrize("gems, drawn", [(2, 1), (1, 0), (0, 0)])
def test_cr_104_2_banish_two_gems_if_you_do_draws_only_when_both_were_banished(tmp_path, gems, drawn):
    # with fewer than two light gems, those there are banished (CR 104.2) and nothing is drawn (Op.BANISH_GEM NOT_DONE)
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, _, _ = _gem_game(tmp_path, ["[Enter] => You may banish two light gems. If you do, draw a card."], gems)
    assert int(g.state[S.GEMS + K.Attribute.LIGHT]) == max(gems - 2, 0)
    assert int(g.state[S.HAND_N]) == drawn


def test_cr_1027_1_whenever_you_gain_a_gem_triggers_once_per_gem(tmp_path):
    from fow_tables import current_values

    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, _, (watcher,) = _gem_game(tmp_path, ["[Enter] => Gain a light gem.",
                                            "Whenever you gain a gem => This card gains [+100/+100] until end of turn."], 0)
    assert int(g.state[S.GEMS + K.Attribute.LIGHT]) == 1
    assert current_values(g.state, g._T, watcher)[0] == 600  # 500 + 100, once


# ---- "you gain life equal to its DEF / ATK" (CR 903.3a) -----------------------------------------------------------
def test_cr_903_3a_gain_life_equal_to_its_def_is_read_before_the_move():
    r = exact("When this card enters your field => Destroy target resonator. If you do, you gain life equal to its DEF.")
    assert r.abilities[0]["effect"] == [
        {"op": "choose", "filter": {"type": ["resonator"]}},
        {"op": "set_x", "per": {"count": "target_def"}, "times": 1}, {"op": "destroy"},
        {"op": "if_done", "rows": 1}, {"op": "gain_life", "amount": "X00"}]
    r = exact("[Enter] => Target resonator gains [+200/+200] until end of turn. You gain life equal to that resonator's ATK.")
    assert r.abilities[0]["effect"][-2:] == [{"op": "set_x", "per": {"count": "target_atk"}, "times": 1},
                                             {"op": "gain_life", "amount": "X00"}]
    # this card put into a graveyard, or every resonator: no one target in the field whose value is known
    assert line("When this card is put into a graveyard from your field, you gain life equal to its DEF.").verdict \
        is Verdict.UNSUPPORTED
    assert line("Destroy all resonators. You gain life equal to its DEF.", "chant").verdict is Verdict.UNSUPPORTED


@pytest.mark.parametrize("text, victim_text, life", [
    ("Destroy target resonator. You gain life equal to its DEF.", "", 4500),
    ("Destroy target resonator. If you do, you gain life equal to its DEF.", "", 4500),
    ("Destroy target resonator. If you do, you gain life equal to its DEF.", "This card cannot be destroyed.", 4000),
    ("Destroy target resonator. You gain life equal to its DEF.", "This card cannot be destroyed.", 4500),
])
def test_cr_903_3a_destroy_target_gain_life_equal_to_its_def_plays(tmp_path, text, victim_text, life):
    # the DEF is read as the card was before it was destroyed (its last known value): 500 life
    from tcg_env.games.force_of_will import state as S

    g, _, _ = _play_chant(tmp_path, text, victim_text)
    assert int(g.state[S.LIFE]) == life


def test_cr_1019_1_you_may_discard_a_card_at_random_if_you_do():
    # the core's DISCARD at random (a2): done when every card was discarded, so "If you do" may follow it
    r = exact("[Enter] => You may discard a card at random. If you do, this card deals 800 damage to target resonator.")
    assert r.abilities[0]["effect"][1:3] == [{"op": "discard", "count": 1, "who": "controller", "random": True},
                                             {"op": "if_done", "rows": 1}]


# ---- "put a <card> from your graveyard into your hand / field" (CR 310.2) -----------------------------------------
def test_cr_310_2_put_a_card_from_your_graveyard_is_a_search_of_the_graveyard():
    r = exact("[Enter] => Put a resonator from your graveyard into your hand.")
    assert r.abilities[0]["effect"] == [{"op": "search", "filter": {"type": ["resonator"], "zone": "graveyard"},
                                         "to": "hand", "must": True}]
    r = exact("At the beginning of your turn => You may put a resonator from your graveyard into your field.")
    assert r.abilities[0]["effect"] == [{"op": "search", "filter": {"type": ["resonator"], "zone": "graveyard"},
                                         "to": "field"}]


@pytest.mark.parametrize("to, zone", [("hand", "HAND"), ("field", "FIELD")])
def test_cr_310_2_put_a_resonator_from_your_graveyard_plays(tmp_path, to, zone):
    # no target (CR 903.2g): chosen among the graveyard's matching cards as it resolves, one must be taken (public zone)
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [{"id": "TXT-001", "name": "Made-up Digger", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
              "ATK": 500, "DEF": 500, "abilities": [f"[Enter] => Put a resonator from your graveyard into your {to}."]},
             {"id": "TXT-002", "name": "Made-up Bones", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
              "ATK": 500, "DEF": 500, "abilities": []}]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    bones = sc.put(0, "TXT-002", "graveyard")
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    for _ in range(20):
        d = int(g.state[H_DECISION])
        if d == K.Decision.SEARCH:
            assert K.PASS not in g.legal_actions().tolist()  # a public zone: no failing to find
            g.step(K.OPTION_BASE)
        elif d == K.Decision.PRIORITY and int(g.state[S.CHASE_N]) == 0 and \
                int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.FIELD:
            break
        else:
            g.step(K.PASS)
    assert int(g.state[S.ZONE + bones * S.CARD_W]) == K.Zone[zone]


# ---- "search your magic stone deck" (CR 305, 1014.2) --------------------------------------------------------------
def test_cr_1014_2_search_your_magic_stone_deck_compiles_and_plays(tmp_path):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    text = "[Enter] => Search your magic stone deck for a card and put it into the field. Then shuffle your magic stone deck."
    assert exact(text).abilities[0]["effect"] == [{"op": "search", "filter": {"zone": "stone_deck"}, "to": "field"}]
    cards = [{"id": "TXT-001", "name": "Made-up Geologist", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
              "ATK": 500, "DEF": 500, "abilities": [text]}]
    res, pool = _imported_pool(tmp_path, cards)
    assert res.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    g = sc.game()
    stones = len(zone_list(g.state, S.ZONES, K.Zone.STONE_DECK, 0))
    field = len(zone_list(g.state, S.ZONES, K.Zone.FIELD, 0))
    assert stones > 0
    g.step(K.PLAY_HAND_BASE)
    for _ in range(20):
        d = int(g.state[H_DECISION])
        if d == K.Decision.SEARCH:
            assert K.PASS in g.legal_actions().tolist()  # a hidden zone: the search may fail (CR 1014.2)
            g.step(K.OPTION_BASE)
        elif d == K.Decision.PRIORITY and int(g.state[S.CHASE_N]) == 0 and \
                int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.FIELD:
            break
        else:
            g.step(K.PASS)
    # the resonator and a magic stone entered the field; the stone deck has one card less
    assert len(zone_list(g.state, S.ZONES, K.Zone.STONE_DECK, 0)) == stones - 1
    assert len(zone_list(g.state, S.ZONES, K.Zone.FIELD, 0)) == field + 2


def test_cr_1014_2_if_you_do_you_may_put_a_card_from_your_hand_is_the_search_without_must():
    r = exact("Whenever this card deals damage to your opponent => You may banish it. If you do, you may put a resonator "
              "from your hand into your field.")
    assert r.abilities[0]["effect"][-1] == {"op": "search", "filter": {"type": ["resonator"], "zone": "hand"},
                                            "to": "field"}
    # without "you may" one must be put while one matches (the hand is known to its holder)
    r = exact("Whenever this card deals damage to your opponent => You may banish it. If you do, put a resonator "
              "from your hand into your field.")
    assert r.abilities[0]["effect"][-1]["must"] is True


def test_cr_1011_banish_this_card_if_condition_is_an_effect_not_a_cost():
    r = exact("[Enter]: Banish this card if you don't control another resonator.")
    assert r.abilities[0]["effect"] == [
        {"op": "if", "condition": {"kind": "control_none", "value": 1,
                                   "filter": {"type": ["resonator"], "side": "own", "exclude_self": True}}, "skip": 2},
        {"op": "target_self"}, {"op": "banish"}]
