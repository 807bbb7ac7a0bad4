"""Force of Will card text, session 17 (branch s17-fow2): will restricted in use ("Spend this will only to play
<cards>.", CR 907.4 / 903.2j). Lines are made up in the game's template language. Rule numbers: CR 8.01
(``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import numpy as np
import pytest

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line


def _card(number, name, ctype, abilities, cost="{R}", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": ["R"], "abilities": abilities, **kw}


# ---- "Spend this will only to play <cards>." (state.RWILL) ------------------------------------------------------
def test_spend_this_will_only_compiles_onto_the_will_it_produces():
    r = exact("{Rest}: Produce {W}. Spend this will only to play chants.")
    assert r.abilities == [{"kind": "will", "cost": {"rest": True}, "effect": [
        {"op": "produce_will", "will": "light", "spend": {"type": ["chant"], "zone": "chase"}}]}]
    r = exact("{Rest}: Produce one will of any attribute. Spend this will only to play fire resonators.", "regalia")
    modes = r.abilities[0]["effect"][0]["modes"]
    assert len(modes) == 5 and all(m[0]["spend"] == {"type": ["resonator"], "attribute": ["fire"], "zone": "chase"}
                                   for m in modes)
    # a magic stone's restricted will is a will ability (its 'will' field has no room for the restriction)
    assert exact("{Rest}: Produce {R}. Spend this will only to play chants.", "magic_stone").abilities[0]["kind"] == "will"
    # will made outside a will ability, and "to play" cards read elsewhere than in the card, are not compiled
    assert line("[Enter] => Produce {R}. Spend this will only to play chants.").verdict is Verdict.UNSUPPORTED
    assert line("{Rest}: Produce {R}. Spend this will only to play resonators you control.").verdict \
        is Verdict.UNSUPPORTED


def _restricted_game(tmp_path, main_fire=0, well_type="Resonator"):
    """Player 0 in its main phase: a resonator "{Rest}: Produce {R}. Spend this will only to play chants." in its
    field, a {R} chant and a {R} resonator in its hand, ``main_fire`` fire will in its pool."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    plain = ["{Rest}: Produce {G}."] if "Stone" in well_type else []  # a stone's 'will' field (its will action)
    cards = [_card("TXT-001", "Made-up Chant Well", well_type,
                   plain + ["{Rest}: Produce {R}. Spend this will only to play chants."], ATK=100, DEF=100),
             _card("TXT-002", "Made-up Spark", "Chant", ["Draw a card."]),
             _card("TXT-003", "Made-up Pup", "Resonator", [], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.skip for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (well,) = sc.field(0, ["TXT-001"])
    spark, pup = sc.hand(0, ["TXT-002", "TXT-003"])
    if main_fire:
        sc.will(0, K.Attribute.FIRE, main_fire)
    g = sc.game()
    field = [int(x) for x in sc.zone(0, "field")]
    hand = [int(x) for x in sc.zone(0, "hand")]
    return g, K.ACTIVATE_BASE + field.index(well) * K.ABILITIES_PER_CARD, K.PLAY_HAND_BASE + hand.index(spark), \
        K.PLAY_HAND_BASE + hand.index(pup), spark


@pytest.mark.parametrize("well_type", ["Resonator", "Special Magic Stone"])
def test_restricted_will_pays_only_for_the_cards_it_names(tmp_path, well_type):
    """CR 907.3: the will ability (a resonator's or a magic stone's) resolves at once; its {R} is kept apart
    (RWILL), not in the pool; it pays the {R} chant (CR 903.2j) but not the {R} resonator; spent, it is gone."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, use, play_spark, play_pup, spark = _restricted_game(tmp_path, well_type=well_type)
    assert play_spark not in g.legal_actions().tolist() and play_pup not in g.legal_actions().tolist()
    g.step(use)
    assert sum(int(g.state[S.WILL + a]) for a in range(K.N_WILL)) == 0
    assert int(g.state[S.RWILL_N]) == 1
    assert int(g.state[S.RWILL + K.RW_WILL]) == K.Attribute.FIRE and int(g.state[S.RWILL + K.RW_COUNT]) == 1
    # public (CR 907.4): both players see it, apart from the will columns (force_of_will_v7)
    from tcg_env.games.force_of_will import observation as O

    for viewer, side in ((0, "my"), (1, "opp")):
        obs = g.observe(viewer)
        assert obs[O.GLOBAL.col(f"{side}_restricted_will_fire_div10")] == np.float32(0.1)
        assert obs[O.GLOBAL.col(f"{side}_will_fire_div10")] == 0.0
    legal = g.legal_actions().tolist()
    assert play_spark in legal and play_pup not in legal
    g.step(play_spark)
    assert int(g.state[S.ZONE + spark * S.CARD_W]) == K.Zone.CHASE
    assert int(g.state[S.RWILL_N]) == 0 and int(g.state[S.RWILL + K.RW_COUNT]) == 0


def test_restricted_will_is_spent_before_the_same_will_without_the_restriction(tmp_path):
    """With one unrestricted {R} and one restricted to chants, the {R} chant takes the restricted one: the
    unrestricted {R} is left and still plays the {R} resonator."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    from tcg_env.games.force_of_will.scenario import Scenario

    g, use, play_spark, play_pup, _ = _restricted_game(tmp_path, main_fire=1)
    g.step(use)
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == 1 and int(g.state[S.RWILL_N]) == 1
    g.step(play_spark)
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == 1 and int(g.state[S.RWILL_N]) == 0
    while int(g.state[S.CHASE_N]) > 0:
        g.step(K.PASS)
    pup = next(x for x in Scenario(g).zone(0, "hand") if int(g.state[S.CARD + int(x) * S.CARD_W]) == g.pool.index["TXT-003"])
    hand = [int(x) for x in Scenario(g).zone(0, "hand")]
    assert K.PLAY_HAND_BASE + hand.index(int(pup)) in g.legal_actions().tolist()


# ---- "Whenever a <card> is put into a graveyard from the field" (Trigger.OTHER_TO_GRAVEYARD, CR 906.7) ------------
def test_put_into_a_graveyard_from_the_field_compiles_to_a_trigger_about_the_moved_card():
    r = exact("Whenever a resonator your opponent controls is put into a graveyard from the field => You gain 200 life.")
    assert r.abilities == [{"kind": "automatic", "trigger": "other_to_graveyard", "effect": [
        {"op": "gain_life", "amount": 200}], "trigger_filter": {"type": ["resonator"], "side": "opponent", "zone": "field"}}]
    r = exact("Whenever another resonator is put into a graveyard from your field => Draw a card.")
    assert r.abilities[0]["trigger_filter"] == {"exclude_self": True, "type": ["resonator"], "side": "own", "zone": "field"}
    # "it" may name the moved card (no longer in the field) or this card: not compiled
    assert line("Whenever another resonator you control is put into a graveyard from the field => Put it into its "
                "owner's hand.").verdict is Verdict.UNSUPPORTED


def _grave_game(tmp_path, watcher_text, chant_text):
    """Player 0 in its main phase: a watcher resonator with ``watcher_text`` and a vanilla resonator in its field, two
    vanilla resonators in player 1's field, a {R} chant with ``chant_text`` in its hand and {R}{R} in its pool."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-011", "Made-up Mourner", "Resonator", [watcher_text], ATK=100, DEF=100),
             _card("TXT-012", "Made-up Squire", "Resonator", [], ATK=100, DEF=100),
             _card("TXT-013", "Made-up Quake", "Chant", [chant_text])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.skip for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    watcher, own = sc.field(0, ["TXT-011", "TXT-012"])
    opp = sc.field(1, ["TXT-012", "TXT-012"])
    (quake,) = sc.hand(0, ["TXT-013"])
    sc.will(0, K.Attribute.FIRE, 2)
    return sc.game(), watcher, own, opp


def _resolve_all(g):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    for _ in range(40):
        if int(g.state[S.CHASE_N]) == 0 and int(g.state[S.PT_N]) == 0 and int(g.state[S.PT_N + 1]) == 0:
            return
        legal = g.legal_actions().tolist()
        g.step(K.PASS if K.PASS in legal else legal[0])
    raise AssertionError("the chase did not empty")


def test_cr_906_7_cards_destroyed_at_the_same_time_trigger_a_watcher_destroyed_with_them(tmp_path):
    """"Destroy all resonators": the watcher ("whenever a resonator is put into a graveyard from the field => you gain
    200 life") is destroyed with the three others at the same time; read as it was in the field (CR 906.7b), it
    triggers for each of the four, itself included (whatever the order the instruction moves them in): 800 life."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, watcher, own, opp = _grave_game(tmp_path, "Whenever a resonator is put into a graveyard from the field => You "
                                       "gain 200 life.", "Destroy all resonators.")
    life = int(g.state[S.LIFE])
    g.step(K.PLAY_HAND_BASE)
    _resolve_all(g)
    assert all(int(g.state[S.ZONE + x * S.CARD_W]) == K.Zone.GRAVEYARD for x in (watcher, own, *opp))
    assert int(g.state[S.LIFE]) == life + 4 * 200
    assert int(g.state[S.LEFT_N]) == 0 and int(g.state[S.MOVE_OPEN]) == 0


def test_put_into_a_graveyard_from_your_opponents_field_reads_the_controller_in_the_field(tmp_path):
    """"... from your opponent's field": the opponent's resonator destroyed triggers it (its controller as it was in
    the field, CR 906.7b: in the graveyard it is its owner's), its own does not; the watcher stays in the field."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    for side, gained in ((1, 200), (0, 0)):
        g, watcher, own, opp = _grave_game(tmp_path, "Whenever a resonator is put into a graveyard from your "
                                           "opponent's field => You gain 200 life.", "Destroy target resonator.")
        victim = opp[0] if side == 1 else own
        life = int(g.state[S.LIFE])
        g.step(K.PLAY_HAND_BASE)
        cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]  # the target's candidates
        g.step(K.OPTION_BASE + cands.index(victim))
        _resolve_all(g)
        assert int(g.state[S.ZONE + victim * S.CARD_W]) == K.Zone.GRAVEYARD
        assert int(g.state[S.LIFE]) == life + gained
        assert int(g.state[S.ZONE + watcher * S.CARD_W]) == K.Zone.FIELD


# ---- a magic stone's will abilities other than its 'will' field (CR 907) ----------------------------------------
def test_cr_907_a_magic_stones_other_will_ability_is_played_from_the_field(tmp_path):
    """A special magic stone "{Rest}: Produce {G}." (its 'will' field) and "{G},{Rest}: Produce {W}, {R}, {U}, {G} or
    {B}.": the second is a will ability played from the field (its {G} paid, the stone rested, the will chosen as it
    resolves, CR 907.3); rested, neither is offered again."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-021", "Made-up Prism Stone", "Special Magic Stone",
                   ["{Rest}: Produce {G}.", "{G},{Rest}: Produce {W}, {R}, {U}, {G} or {B}."])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.skip for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (stone,) = sc.field(0, ["TXT-021"])
    sc.will(0, K.Attribute.WIND, 1)
    g = sc.game()
    field = [int(x) for x in sc.zone(0, "field")]
    use = K.ACTIVATE_BASE + field.index(stone) * K.ABILITIES_PER_CARD
    legal = g.legal_actions().tolist()
    assert use in legal and K.WILL_A_BASE + field.index(stone) in legal
    g.step(use)
    g.step(K.OPTION_BASE + 1)  # the second mode: fire
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == 1 and int(g.state[S.WILL + K.Attribute.WIND]) == 0
    assert int(g.state[S.RESTED + stone * S.CARD_W]) == 1 and int(g.state[S.CHASE_N]) == 0
    legal = g.legal_actions().tolist()
    assert use not in legal and K.WILL_A_BASE + field.index(stone) not in legal


# ---- "It doesn't recover during the recovery phase as long as this card is in the field" (CR 503.5) --------------
def _to_main_phase_of(g, player):
    """Pass (or take the first legal action) until ``player``'s next main phase with priority."""
    from tcg_env.engine.header import H_TURN
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    turn = int(g.state[H_TURN])
    for _ in range(200):
        if int(g.state[H_TURN]) > turn and int(g.state[S.TURN_PLAYER]) == player and int(g.state[S.STEP]) == K.Step.MAIN:
            return
        legal = g.legal_actions().tolist()
        g.step(K.PASS if K.PASS in legal else legal[0])
    raise AssertionError("the main phase was not reached")


def test_cr_503_5_a_card_rested_as_long_as_this_card_is_in_the_field_does_not_recover_until_it_leaves(tmp_path):
    """"[Enter] => Rest target resonator. It doesn't recover during the recovery phase as long as this card is in the
    field.": the opponent's resonator stays rested through its recovery phases (the entry outlives the end of turn,
    CR 505.5b names "this turn" only); once the source has left the field it recovers in the next one."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    assert exact("[Enter] => Rest target resonator. It doesn't recover during the recovery phase as long as this card "
                 "is in the field.").abilities[0]["effect"][-1] == {"op": "lock_recover"}
    assert line("Rest target resonator. It doesn't recover during the recovery phase as long as this card is in the "
                "field.", "chant").verdict is Verdict.UNSUPPORTED
    cards = [_card("TXT-031", "Made-up Warden", "Resonator", [
        "[Enter] => Rest target resonator your opponent controls. It doesn't recover during the recovery phase as "
        "long as this card is in the field."], ATK=100, DEF=100),
             _card("TXT-032", "Made-up Squire", "Resonator", [], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.skip for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (squire,) = sc.field(1, ["TXT-032"])
    (warden,) = sc.hand(0, ["TXT-031"])
    sc.will(0, K.Attribute.FIRE, 1)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    for _ in range(20):  # the resonator resolves, its [Enter] ability targets the squire and resolves
        if int(g.state[S.RESTED + squire * S.CARD_W]) == 1 and int(g.state[S.CHASE_N]) == 0:
            break
        cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
        legal = g.legal_actions().tolist()
        g.step(K.OPTION_BASE + cands.index(squire) if squire in cands and K.OPTION_BASE in legal else
               (K.PASS if K.PASS in legal else legal[0]))
    assert int(g.state[S.ZONE + warden * S.CARD_W]) == K.Zone.FIELD and int(g.state[S.RESTED + squire * S.CARD_W]) == 1
    _to_main_phase_of(g, 1)
    assert int(g.state[S.RESTED + squire * S.CARD_W]) == 1  # its recovery phase passed: still rested
    _to_main_phase_of(g, 1)
    assert int(g.state[S.RESTED + squire * S.CARD_W]) == 1  # and the next one
    sc = Scenario(g)  # the warden leaves the field
    sc.move(warden, K.Zone.GRAVEYARD, 0)
    g = sc.game()
    _to_main_phase_of(g, 1)
    assert int(g.state[S.RESTED + squire * S.CARD_W]) == 0


# ---- will produced by an automatic ability (CR 907.1: not a will ability) ---------------------------------------
def test_cr_907_1_an_automatic_ability_produces_its_will_as_it_resolves_from_the_chase(tmp_path):
    """"[Enter] => Produce {W}{W}.": the ability goes onto the chase (it is no will ability, CR 907.1); the two light
    will are in its controller's pool once it resolves (CR 907.4). A choice of will there stays unsupported."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    # session 32: a choice of will there is made as it resolves (produce_will choose; test_fow_card_text_s32a)
    assert line("[Enter] => Produce {W} or {R}.").abilities[0]["effect"][0]["choose"] == ["light", "fire"]
    cards = [_card("TXT-041", "Made-up Lamplighter", "Resonator", ["[Enter] => Produce {W}{W}."], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.skip for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.hand(0, ["TXT-041"])
    sc.will(0, K.Attribute.FIRE, 1)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    seen_on_chase = False
    for _ in range(10):
        if int(g.state[S.WILL + K.Attribute.LIGHT]) == 2:
            break
        seen_on_chase |= int(g.state[S.CHASE_N]) > 0 and int(g.state[S.WILL + K.Attribute.LIGHT]) == 0
        g.step(K.PASS)
    assert seen_on_chase and int(g.state[S.WILL + K.Attribute.LIGHT]) == 2 and int(g.state[S.CHASE_N]) == 0


# ---- "Players cannot gain life." (a continuous ability, CR 904) -----------------------------------------------------
def test_cr_904_players_cannot_gain_life_while_its_card_is_in_the_field(tmp_path):
    """With "Players cannot gain life." in a field, "You gain 500 life." gains nothing; once that card has left the
    field, the same chant gains 500."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    assert line("Players cannot gain life.", "chant").verdict is Verdict.UNSUPPORTED
    cards = [_card("TXT-051", "Made-up Ascetic", "Resonator", ["Players cannot gain life."], ATK=100, DEF=100),
             _card("TXT-052", "Made-up Balm", "Chant", ["You gain 500 life."])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.skip for r in res.text_records]
    for present, gained in ((True, 0), (False, 500)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        if present:
            sc.field(1, ["TXT-051"])  # the opponent's: "players" is both
        sc.hand(0, ["TXT-052"])
        sc.will(0, K.Attribute.FIRE, 1)
        g = sc.game()
        life = int(g.state[S.LIFE])
        g.step(K.PLAY_HAND_BASE)
        for _ in range(6):
            if int(g.state[S.CHASE_N]) == 0:
                break
            g.step(K.PASS)
        assert int(g.state[S.CHASE_N]) == 0 and int(g.state[S.LIFE]) == life + gained
