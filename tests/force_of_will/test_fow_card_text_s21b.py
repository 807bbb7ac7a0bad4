"""Force of Will card text, session 21 (branch s21-fowb): moon will (CR 907.6a, 1003.6), [Torrent] (CR 1124) and costs
that depend on choices or counts (CR 903.2i). Lines are made up in the game's template language. Rule numbers: CR 8.01
(``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import numpy as np
from numba import njit

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will.costs import can_pay, pay
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from test_fow_card_text import _drive, _imported_pool, exact, line


def _card(number, name, ctype, abilities, cost="{W}", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": ["W"], "abilities": abilities, **kw}


def _all_exact(res):
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [
        (r.number, [x.reason for x in r.lines]) for r in res.text_records]


@njit
def _can_pay(s, p, row, free):
    """costs.can_pay from a compiled caller (internal kernels have no Python entry)."""
    return can_pay(s, p, row, 0, free)


@njit
def _pay(s, p, row, free):
    pay(s, p, row, 0, free)


def _moon(s, p):
    return int(s[S.WILL + p * K.N_WILL + K.WILL_MOON])


# ---- CR 907.6a / 1003.6: moon will -----------------------------------------------------------------------------------
def test_cr_907_6a_produce_moon_is_moon_will_on_stones_and_other_cards():
    assert exact("{Rest}: Produce {M}.", "magic_stone").fields == {"will": ["moon"]}
    assert exact("{Rest}: Produce {M} or {B}.", "magic_stone").fields == {"will": ["moon", "darkness"]}
    assert exact("{Rest}: Produce {M}.").abilities == [
        {"kind": "will", "cost": {"rest": True}, "effect": [{"op": "produce_will", "will": "moon"}]}]
    assert exact("Pay {1}, {Rest}: Produce {M}.", "addition").abilities[0]["effect"] == [
        {"op": "produce_will", "will": "moon"}]


def test_cr_1003_6_moon_symbols_of_an_activate_abilitys_cost():
    for text in ("[Activate] Pay {M}: This card gains [+200/+0] until end of turn.",
                 "{M}: This card gains [+200/+0] until end of turn."):
        assert exact(text).abilities[0]["cost"] == {"will": "", "moon": 1}
    assert exact("{B}{M}{2}: Draw a card.").abilities[0]["cost"] == {"will": "{B}{2}", "moon": 1}
    # moon will only in an activate ability's cost: not a ruler's [Judgment] cost, nor a will ability's
    assert line("[Judgment] {W}{M}{1}", "ruler").verdict is Verdict.UNSUPPORTED
    assert line("{M}: Produce {B}.").verdict is Verdict.UNSUPPORTED


def _moon_pool(tmp_path):
    cards = [_card("TXT-001", "Made-up Moon Stone", "Special Magic Stone", ["{Rest}: Produce {M} or {B}."], cost=None),
             _card("TXT-002", "Made-up Moon Rabbit", "Resonator",
                   ["{M}{1}: This card gains [+200/+200] until end of turn."], ATK=300, DEF=300, race=["Beast"])]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    return pool


def _moon_game(pool, will=()):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    stone, rabbit = sc.field(0, ["TXT-001", "TXT-002"])
    for a, n in will:
        sc.will(0, a, n)
    return sc.game(), stone, rabbit


def _field_pos(g, slot):
    from tcg_env.engine.zones import zone_list

    return list(zone_list(g.state, S.ZONES, K.Zone.FIELD, 0)).index(slot)


def test_cr_1003_6_a_moon_cost_needs_moon_will_and_the_stone_makes_it(tmp_path):
    """The rabbit's {M}{1} ability is not playable with two darkness will (no moon will, CR 1003.6); the stone's first
    will action makes one moon will (CR 907.6a; the second a darkness will), and with it the ability is played: the
    {M} paid with the moon will, the {1} with the darkness will."""
    from fow_tables import current_values

    pool = _moon_pool(tmp_path)
    g, stone, rabbit = _moon_game(pool, [(K.Attribute.DARKNESS, 2)])
    act = K.ACTIVATE_BASE + _field_pos(g, rabbit) * K.ABILITIES_PER_CARD
    assert act not in g.legal_actions().tolist()
    i = _field_pos(g, stone)
    assert {K.WILL_A_BASE + i, K.WILL_B_BASE + i} <= set(g.legal_actions().tolist())
    g.step(K.WILL_A_BASE + i)
    assert _moon(g.state, 0) == 1 and int(g.state[S.WILL + K.Attribute.DARKNESS]) == 2
    assert act in g.legal_actions().tolist()
    g.step(act)
    assert _moon(g.state, 0) == 0 and int(g.state[S.WILL + K.Attribute.DARKNESS]) == 1
    _drive(g, lambda g: int(g.state[S.CHASE_N]) == 0 and current_values(g.state, g._T, rabbit)[0] == 500)
    assert current_values(g.state, g._T, rabbit)[0] == 500


def test_cr_1003_2_moon_will_pays_free_will_last(tmp_path):
    """Moon will is will (CR 1003.2: {1} is any one will): a moon will alone pays the {1} of a card's cost; with
    another will in the pool the canonical payment spends the moon will last (costs.pay)."""
    s = _moon_game(_moon_pool(tmp_path), [(K.WILL_MOON, 1)])[0].state.copy()
    row = np.zeros(K.N_ATTRIBUTES, np.int32)
    assert _can_pay(s, 0, row, 1) and not _can_pay(s, 0, row, 2)
    s[S.WILL + K.Attribute.FIRE] = 1
    _pay(s, 0, row, 1)
    assert _moon(s, 0) == 1 and int(s[S.WILL + K.Attribute.FIRE]) == 0
    _pay(s, 0, row, 1)
    assert _moon(s, 0) == 0


def test_cr_907_6c_moon_will_pays_no_attribute_cost(tmp_path):
    s = _moon_game(_moon_pool(tmp_path), [(K.WILL_MOON, 3)])[0].state.copy()
    assert _can_pay(s, 0, np.zeros(K.N_ATTRIBUTES, np.int32), 3)
    for a in range(K.N_ATTRIBUTES):
        row = np.zeros(K.N_ATTRIBUTES, np.int32)
        row[a] = 1
        assert not _can_pay(s, 0, row, 0)


def test_cr_907_4_the_moon_will_is_public_in_the_observation(tmp_path):
    from tcg_env.games.force_of_will.observation import GLOBAL

    g = _moon_game(_moon_pool(tmp_path), [(K.WILL_MOON, 2)])[0]
    for viewer, col in ((0, "my_will_moon_div10"), (1, "opp_will_moon_div10")):
        assert abs(float(g.observe(viewer)[GLOBAL.col(col)]) - 0.2) < 1e-6


# ---- CR 1124: [Torrent] ----------------------------------------------------------------------------------------------
def test_cr_1124_2_torrent_text_is_the_chants_effect_under_the_torrent_condition(tmp_path):
    res, _ = _imported_pool(tmp_path, _torrent_cards())
    _all_exact(res)
    card = next(m for m in res if m.number == "TXT-010")
    eff = [op.model_dump(exclude_defaults=True) for op in card.effect]
    assert eff == [{"op": "draw"}, {"op": "if", "condition": {"kind": "torrent"}}, {"op": "draw", "count": 2}]
    # CR 1124.2b: a choice of the [Torrent] text is not made without it: a target there stays unsupported
    assert line("[Torrent] Recover up to one target magic stone.", "chant").verdict is Verdict.UNSUPPORTED
    assert line("[Torrent] Draw a card.", "resonator").verdict is Verdict.UNSUPPORTED


def _torrent_cards():
    return [_card("TXT-010", "Made-up Torrent Wave", "Chant",
                  ["[Quickcast]", "Draw a card.",
                   "[Torrent] (As you play this card, if you played one or more other cards this turn, it gains the "
                   "following text.) Draw two cards."], cost="{R}"),
            _card("TXT-011", "Made-up Spark", "Chant", ["[Quickcast]", "Draw a card."], cost="{R}")]


def _torrent_game(tmp_path):
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, _torrent_cards())
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.put(0, "TXT-011", K.Zone.HAND)
    sc.put(0, "TXT-010", K.Zone.HAND)
    sc.will(0, K.Attribute.FIRE, 2)
    return sc.game(), pool


def _play_named(g, pool, number):
    from tcg_env.engine.zones import zone_list

    hand = list(zone_list(g.state, S.ZONES, K.Zone.HAND, 0))
    cid = pool.index[number]
    i = next(k for k, slot in enumerate(hand) if int(g.state[S.CARD + slot * S.CARD_W]) == cid)
    g.step(K.PLAY_HAND_BASE + i)


def _resolve_all(g):
    _drive(g, lambda g: int(g.state[S.CHASE_N]) == 0 and int(g.state[S.FRAME_N]) == 0, steps=40)


def test_cr_1124_2_torrent_first_card_of_the_turn_draws_one(tmp_path):
    g, pool = _torrent_game(tmp_path)
    hand = int(g.state[S.HAND_N])
    _play_named(g, pool, "TXT-010")
    _resolve_all(g)
    assert int(g.state[S.HAND_N]) == hand - 1 + 1


def test_cr_1124_2_torrent_after_another_card_played_draws_three(tmp_path):
    g, pool = _torrent_game(tmp_path)
    hand = int(g.state[S.HAND_N])
    _play_named(g, pool, "TXT-011")
    _resolve_all(g)
    _play_named(g, pool, "TXT-010")
    _resolve_all(g)
    assert int(g.state[S.HAND_N]) == hand - 2 + 1 + 3


def test_cr_1124_2a_torrent_is_checked_as_the_card_is_played_not_as_it_resolves(tmp_path):
    """The [Torrent] chant played first, then another card chased onto it: two cards played this turn as it resolves,
    but none before it as it was played: no [Torrent] text (its entry's PLAY_TORRENT bit, Condition.TORRENT)."""
    g, pool = _torrent_game(tmp_path)
    hand = int(g.state[S.HAND_N])
    _play_named(g, pool, "TXT-010")
    _drive(g, lambda g: int(g.state[S.CHASE_N]) == 1 and int(g.state[S.FRAME_N]) == 0, steps=5)
    assert int(g.state[S.PRIORITY_PLAYER]) == 0
    _play_named(g, pool, "TXT-011")
    _resolve_all(g)
    assert int(g.state[S.PLAYED_CARDS]) == 2
    assert int(g.state[S.HAND_N]) == hand - 2 + 1 + 1


# ---- CR 903.2i: a card's own cost counting the hand it leaves --------------------------------------------------------
def test_cr_903_2i_pay_more_or_less_for_each_card_in_your_hand_compiles_to_the_other_cards():
    op = exact("You pay {1} more to play this card for each card in your hand.", "chant").abilities[0]["effect"][0]
    assert op["amount"] == -1 and op["per"] == {"count": "hand_other"} and "optional" not in op
    op = exact("You may pay {1} less to play this card for each card in your hand.", "chant").abilities[0]["effect"][0]
    assert op["amount"] == 1 and op["per"] == {"count": "hand_other"} and op["optional"]
    assert line("You pay {R} more to play this card for each card in your hand.", "chant").verdict is Verdict.UNSUPPORTED


def _hand_cost_game(tmp_path, n_other):
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-020", "Made-up Heavy Thought", "Chant",
                   ["You pay {1} more to play this card for each card in your hand.", "Draw a card."], cost="{R}")]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.put(0, "TXT-020", K.Zone.HAND)
    for _ in range(n_other):
        sc.put(0, "TXT-020", K.Zone.HAND)
    return sc, pool


def test_cr_903_2d_a_card_paying_more_for_each_card_in_hand_does_not_count_itself(tmp_path):
    """With two other cards in the hand the card costs {R}{2} (CR 903.2d: it is on the chase as its cost is
    determined): playable with three will, not with two; paying it empties the pool."""
    sc, pool = _hand_cost_game(tmp_path, 2)
    sc.will(0, K.Attribute.FIRE, 2)
    g = sc.game()
    assert not any(K.PLAY_HAND_BASE <= a < K.PLAY_HAND_BASE + 3 for a in g.legal_actions().tolist())
    sc, pool = _hand_cost_game(tmp_path, 2)
    sc.will(0, K.Attribute.FIRE, 3)
    g = sc.game()
    _play_named(g, pool, "TXT-020")
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == 0


# ---- CR 905: a magic stone's will played only if ... -----------------------------------------------------------------
def test_cr_905_a_magic_stones_will_only_if_is_a_will_ability_with_its_condition():
    ab = exact('{Rest}: Produce {R}. Play this ability only if your life is 1000 or less.', "magic_stone").abilities
    assert ab == [{"kind": "will", "cost": {"rest": True}, "effect": [{"op": "produce_will", "will": "fire"}],
                   "condition": {"kind": "life_at_most", "value": 1000}}]


# ---- CR 711.2, 903.2i: a rune's attribute will more / less from a rune area ------------------------------------------
def _rune_game(tmp_path, text, cost, will):
    from tcg_env.games.force_of_will.scenario import Scenario

    ruler = {"id": "TXT-040", "name": "Made-up Sage", "type": ["Ruler"], "cost": None, "colour": ["R"],
             "abilities": ["[Divinity] 3"]}
    rune = _card("TXT-041", "Made-up Glyph", "Rune", ["Draw a card.", text], cost=cost, colour=["R"], divinity=1)
    res, pool = _imported_pool(tmp_path, [ruler, rune])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = pool.index["TXT-040"]  # player 0's ruler: [Divinity] 3
    glyph = sc.put(0, "TXT-041", "rune_area")
    for a, n in will:
        sc.will(0, a, n)
    g = sc.game()
    return g, K.PLAY_RUNE_BASE + [int(x) for x in sc.zone(0, "rune_area")].index(glyph)


def _pool(g):
    return [int(g.state[S.WILL + a]) for a in range(K.N_WILL)]


def test_cr_903_2i_ii_a_rune_pays_an_attribute_more_from_its_rune_area(tmp_path):
    """"You pay {R}{1} more ..." on a {R} rune: {R}{R}{1} from the rune area; one fire and two water will do not pay
    it (they would pay {R}{1}), two fire and two water will do (a water will left, CR 1003)."""
    text = "You pay {R} {1} more to play this card from a rune area."
    g, act = _rune_game(tmp_path, text, "{R}", [(K.Attribute.FIRE, 1), (K.Attribute.WATER, 2)])
    assert act not in g.legal_actions().tolist()
    g, act = _rune_game(tmp_path, text, "{R}", [(K.Attribute.FIRE, 2), (K.Attribute.WATER, 2)])
    assert act in g.legal_actions().tolist()
    g.step(act)
    assert _pool(g)[K.Attribute.FIRE] == 0 and sum(_pool(g)) == 1 and int(g.state[S.CHASE_N]) == 1


def test_cr_903_2i_iv_a_rune_may_pay_an_attribute_less_from_its_rune_area(tmp_path):
    """"You may pay {R} less ..." on a {R}{R} rune: with one fire will it is played with the reduction, unasked
    (CR 903.2j); with two fire will the player is asked: OPTION 0 leaves one fire will, PASS none."""
    text = "You may pay {R} less to play this card from a rune area."
    g, act = _rune_game(tmp_path, text, "{R}{R}", [(K.Attribute.FIRE, 1)])
    assert act in g.legal_actions().tolist()
    g.step(act)
    assert sum(_pool(g)) == 0 and int(g.state[S.CHASE_N]) == 1
    for answer, left in ((K.OPTION_BASE, 1), (K.PASS, 0)):
        g, act = _rune_game(tmp_path, text, "{R}{R}", [(K.Attribute.FIRE, 2)])
        g.step(act)
        from tcg_env.engine.header import H_DECISION

        assert int(g.state[H_DECISION]) == K.Decision.OPTIONAL
        g.step(answer)
        assert _pool(g)[K.Attribute.FIRE] == left and int(g.state[S.CHASE_N]) == 1


# ---- CR 208: "non-<attribute>" ---------------------------------------------------------------------------------------
def test_cr_208_non_attribute_cards_are_those_without_it_void_ones_included(tmp_path):
    """"Non-darkness resonators gain [-200/-200]." (an addition's continuous ability): a fire resonator and a void one
    lose 200, a darkness one and a darkness / fire one do not."""
    from fow_tables import current_values
    from tcg_env.games.force_of_will.scenario import Scenario

    assert exact("Non-darkness resonators gain [-200/-200].").abilities[0]["effect"][0]["filter"] == {
        "not_attribute": ["darkness"], "type": ["resonator"]}
    cards = [_card("TXT-050", "Made-up Gloom", "Addition:Field", ["Non-darkness resonators gain [-200/-200]."],
                   cost="{B}", colour=["B"]),
             _card("TXT-051", "Made-up Fire Pup", "Resonator", [], cost="{R}", colour=["R"], ATK=500, DEF=500),
             _card("TXT-052", "Made-up Shade", "Resonator", [], cost="{B}", colour=["B"], ATK=500, DEF=500),
             _card("TXT-053", "Made-up Golem", "Resonator", [], cost="{1}", colour=["V"], ATK=500, DEF=500),
             _card("TXT-054", "Made-up Ember Shade", "Resonator", [], cost="{R}{B}", colour=["R", "B"], ATK=500, DEF=500)]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.field(0, ["TXT-050"])
    pup, shade, golem, ember = sc.field(1, ["TXT-051", "TXT-052", "TXT-053", "TXT-054"])
    g = sc.game()
    atk = {slot: current_values(g.state, g._T, slot)[0] for slot in (pup, shade, golem, ember)}
    assert atk == {pup: 300, shade: 500, golem: 300, ember: 500}


def test_cr_1003_6_an_awakening_cost_with_moon_needs_moon_will(tmp_path):
    """"[Awakening] {M}{1}: Draw a card." on a {R} chant (CR 1109.2): with three fire will it is not awakened (no moon
    will, CR 1003.6); with a moon will and two fire will it is, all three paid, and it draws twice."""
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will.scenario import Scenario

    assert exact("[Awakening] {M}{1}: Draw a card.", "chant").fields["awakening"] == {
        "cost": "{1}", "moon": 1, "effect": []}
    cards = [_card("TXT-060", "Made-up Moonlit Verse", "Chant", ["Draw a card.", "[Awakening] {M}{1}: Draw a card."],
                   cost="{R}")]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    for will, awakens in (([(K.Attribute.FIRE, 3)], False), ([(K.WILL_MOON, 1), (K.Attribute.FIRE, 2)], True)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        verse = sc.put(0, "TXT-060", K.Zone.HAND)
        for a, n in will:
            sc.will(0, a, n)
        g = sc.game()
        i = list(zone_list(g.state, S.ZONES, K.Zone.HAND, 0)).index(verse)
        assert (K.AWAKEN_HAND_BASE + i in g.legal_actions().tolist()) is awakens
        if awakens:
            hand = int(g.state[S.HAND_N])
            g.step(K.AWAKEN_HAND_BASE + i)
            assert sum(int(g.state[S.WILL + a]) for a in range(K.N_WILL)) == 0
            _resolve_all(g)
            assert int(g.state[S.HAND_N]) == hand - 1 + 2


def test_cr_208_4_with_no_attribute_is_every_attribute_excluded():
    flt = exact("Destroy target resonator with no attribute.", "chant").fields["effect"][0]["filter"]
    assert flt == {"type": ["resonator"], "not_attribute": ["light", "fire", "water", "wind", "darkness"]}
