"""Force of Will card text, session 15 pieces: a card's own cost reductions, asked (CR 903.2i-iv). Lines are
made up in the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line


def _card(number, name, ctype, abilities, cost="{B}{2}", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": ["B"], "abilities": abilities, **kw}


def _pool_will(g, p=0):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    return [int(g.state[S.WILL + p * K.N_WILL + a]) for a in range(K.N_WILL)]


# ---- "you may pay {N} less" / "you pay {N} less" to play this card (CR 903.2i-iv) ----------------------------
def test_cr_903_2i_iv_own_cost_reductions_compile_optional_or_always():
    r = exact("You may pay {1} less to play this card.")
    assert r.abilities == [{"kind": "continuous", "effect": [
        {"op": "cost_reduction", "amount": 1, "filter": {"zone": "hand", "self_only": True}, "optional": True}]}]
    assert r.approximations == ()
    r = exact("You pay {2} less to play this card if you control a resonator.")
    assert "optional" not in r.abilities[0]["effect"][0] and r.abilities[0]["condition"]["kind"] == "control_at_least"
    r = exact("If you control a resonator, you pay {1} less to play this card.", "chant")
    assert "optional" not in r.abilities[0]["effect"][0]
    # a card whose cost has X takes it without asking: the approximation
    r = line("You may pay {1} less to play this card.", "chant", x=True)
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("pay_less_always",)
    # a rune's from its rune area: asked too (play.play_rune)
    r = exact("You may pay {2} less to play this card from a rune area.", "rune")
    assert r.fields == {"rune_cost": -2}


def _play_resonator(tmp_path, text, will, answer=None):
    """Player 0 plays a made-up {B}{2} resonator with ``text`` holding ``will`` darkness will; ``answer``: the
    action at the OPTIONAL decision (none expected when None). Returns the game, the card's slot and whether the
    player was asked."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Thrifty", "Resonator", [text], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.DARKNESS, will)
    (card,) = sc.hand(0, ["TXT-001"])
    g = sc.game()
    hand = [int(x) for x in g.state[S.HAND_L: S.HAND_L + int(g.state[S.HAND_N])]]
    g.step(K.PLAY_HAND_BASE + hand.index(card))
    asked = int(g.state[H_DECISION]) == K.Decision.OPTIONAL
    if asked:
        assert sorted(g.legal_actions().tolist()) == sorted([K.OPTION_BASE, K.PASS])
        assert int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.CHASE  # on its way, not yet on the chase
        assert int(g.state[S.CHASE_N]) == 0
        g.step(answer)
    for _ in range(6):
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.FIELD:
            break
        g.step(K.PASS)
    assert int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.FIELD
    return g, card, asked


def test_cr_903_2i_iv_you_may_pay_less_the_player_chooses_to_take_the_reduction(tmp_path):
    """"You may pay {1} less to play this card." with three will: asked; OPTION 0 takes the reduction (one will
    left in the pool), PASS declines it and the full {B}{2} is paid (none left)."""
    from tcg_env.games.force_of_will import constants as K

    g, _, asked = _play_resonator(tmp_path, "You may pay {1} less to play this card.", 3, K.OPTION_BASE)
    assert asked and sum(_pool_will(g)) == 1
    g, _, asked = _play_resonator(tmp_path, "You may pay {1} less to play this card.", 3, K.PASS)
    assert asked and sum(_pool_will(g)) == 0


def test_cr_903_2j_you_may_pay_less_is_not_asked_when_only_the_reduced_cost_can_be_paid(tmp_path):
    """Two will: the full cost cannot be paid (CR 903.2j), so the card is played only with the reduction, unasked;
    "You pay {1} less ..." (no "may") is never asked."""
    g, _, asked = _play_resonator(tmp_path, "You may pay {1} less to play this card.", 2)
    assert not asked and sum(_pool_will(g)) == 0
    g, _, asked = _play_resonator(tmp_path, "You pay {1} less to play this card.", 3)
    assert not asked and sum(_pool_will(g)) == 1


def test_cr_903_2i_iv_a_rune_may_be_played_from_its_rune_area_without_its_reduction(tmp_path):
    """"You may pay {1} less to play this card from a rune area." on a {B}{2} rune (CR 711.2): with three will the
    player is asked after its targets; PASS pays the full cost, OPTION 0 leaves one will; the copy resolves."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    ruler = {"id": "TXT-001", "name": "Made-up Sage", "type": ["Ruler"], "cost": None, "colour": ["B"],
             "abilities": ["[Divinity] 3"]}
    rune = _card("TXT-002", "Made-up Glyph", "Rune", ["Draw a card.",
                                                     "You may pay {1} less to play this card from a rune area."],
                 divinity=1)
    res, pool = _imported_pool(tmp_path, [ruler, rune])
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    for answer, left in ((K.PASS, 0), (K.OPTION_BASE, 1)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = pool.index["TXT-001"]  # player 0's ruler: [Divinity] 3
        glyph = sc.put(0, "TXT-002", "rune_area")
        sc.will(0, K.Attribute.DARKNESS, 3)
        g = sc.game()
        hand = int(g.state[S.HAND_N])
        runes = [int(x) for x in sc.zone(0, "rune_area")]
        g.step(K.PLAY_RUNE_BASE + runes.index(glyph))
        assert int(g.state[H_DECISION]) == K.Decision.OPTIONAL
        g.step(answer)
        assert sum(_pool_will(g)) == left and int(g.state[S.CHASE_N]) == 1
        for _ in range(4):
            if int(g.state[S.CHASE_N]) == 0:
                break
            g.step(K.PASS)
        assert int(g.state[S.HAND_N]) == hand + 1  # the copy resolved: a card drawn


def test_cr_903_2i_iv_paying_less_of_an_attribute_compiles_for_a_cost_that_has_it(tmp_path):
    r = exact('If you control "Made-up Zero", you may pay {B}{1} less to play this card.')
    assert r.abilities[0]["effect"] == [{"op": "cost_reduction", "amount": 1, "filter": {"zone": "hand", "self_only": True},
                                         "attributes": ["darkness"], "optional": True}]
    assert line("You pay {B} less to play this card.").verdict is Verdict.UNSUPPORTED  # no choice: not compiled
    assert line("You may pay {B} less to play this card.", "chant", x=True).verdict is Verdict.UNSUPPORTED
    # the card compiler refuses a reduction of an attribute the printed cost lacks (CR 903.2i-iv: a part decreased)
    cards = [_card("TXT-001", "Made-up Bright", "Resonator", ["You may pay {W} less to play this card."], ATK=100, DEF=100),
             _card("TXT-002", "Made-up Dark", "Resonator", ["You may pay {B}{B} less to play this card."],
                   cost="{B}{B}{1}", ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert [r.verdict for r in res.text_records] == [Verdict.UNSUPPORTED, Verdict.EXACT]


def test_cr_903_2i_iv_you_may_pay_an_attribute_less_is_asked_and_paid_from_that_attribute(tmp_path):
    """"You may pay {B} less to play this card." on a {B}{B}{1} resonator: with one darkness and one light will it
    is played only with the reduction ({B}{1}), unasked; with three darkness will the player is asked: OPTION 0
    leaves one darkness will, PASS pays {B}{B}{1}."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Umbral", "Resonator", ["You may pay {B} less to play this card."],
                   cost="{B}{B}{1}", ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    for will, answer, left in (({K.Attribute.DARKNESS: 1, K.Attribute.LIGHT: 1}, None, 0),
                               ({K.Attribute.DARKNESS: 3}, K.OPTION_BASE, 1), ({K.Attribute.DARKNESS: 3}, K.PASS, 0)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        for a, n in will.items():
            sc.will(0, a, n)
        (card,) = sc.hand(0, ["TXT-001"])
        g = sc.game()
        hand = [int(x) for x in g.state[S.HAND_L: S.HAND_L + int(g.state[S.HAND_N])]]
        assert K.PLAY_HAND_BASE + hand.index(card) in g.legal_actions().tolist()
        g.step(K.PLAY_HAND_BASE + hand.index(card))
        assert (int(g.state[H_DECISION]) == K.Decision.OPTIONAL) == (answer is not None)
        if answer is not None:
            g.step(answer)
        pool_now = _pool_will(g)
        assert sum(pool_now) == left and pool_now[K.Attribute.DARKNESS] == left
        for _ in range(4):
            if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.FIELD:
                break
            g.step(K.PASS)
        assert int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.FIELD
    # one darkness will only: {B}{1} cannot be paid, the card is not playable
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.DARKNESS, 1)
    sc.will(0, K.Attribute.LIGHT, 0)
    sc.hand(0, ["TXT-001"])
    g = sc.game()
    assert K.PLAY_HAND_BASE not in g.legal_actions().tolist()


# ---- "your J/ruler is "A" or "B"" (CR 201.2b) and "you control "<a ruler's name>"" (CR 105.3) ----------------------
def test_cr_201_2b_your_j_ruler_is_compiles_to_the_ruler_slots_name():
    r = exact('This card gains [+200/+200] as long as your J/ruler is "Made-up Sage" or "Made-up Sage, Risen".')
    assert r.abilities[0]["condition"] == {"kind": "ruler_named", "value": "Made-up Sage", "names": ["Made-up Sage, Risen"]}
    r = exact('You pay {1} less to play this card if you control a J/ruler named "Made-up Sage".')
    assert r.abilities[0]["condition"] == {"kind": "ruler_named", "value": "Made-up Sage"}


def test_cr_201_2b_and_105_3_a_ruler_in_its_ruler_area_is_your_j_ruler_and_is_controlled(tmp_path):
    """"as long as your J/ruler is "Made-up Sage" or ..." holds while player 0's ruler is Made-up Sage, not another
    ruler; "as long as you control "Made-up Sage"" holds for the ruler in its ruler area (CR 105.3: every card is
    controlled), which is in no field."""
    from fow_tables import current_values
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [{"id": "TXT-001", "name": "Made-up Sage", "type": ["Ruler"], "cost": None, "colour": ["B"], "abilities": []},
             {"id": "TXT-002", "name": "Made-up Other", "type": ["Ruler"], "cost": None, "colour": ["B"], "abilities": []},
             _card("TXT-003", "Made-up Votary", "Resonator",
                   ['This card gains [+200/+200] as long as your J/ruler is "Made-up Sage" or "Made-up Sage, Risen".'],
                   ATK=100, DEF=100),
             _card("TXT-004", "Made-up Herald", "Resonator",
                   ['This card gains [+300/+300] as long as you control "Made-up Sage".'], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    recs = {r.number: r for r in res.text_records}
    assert recs["TXT-003"].verdict is Verdict.UNSUPPORTED  # "Made-up Sage, Risen": no such card in the list
    cards[2]["abilities"] = ['This card gains [+200/+200] as long as your J/ruler is "Made-up Other" or "Made-up Sage".']
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    cards[2]["abilities"] = ['This card gains [+200/+200] as long as your J/ruler is "Made-up Sage".']
    res, pool = _imported_pool(tmp_path, cards)
    for ruler, bonus in (("TXT-001", 200), ("TXT-002", 0)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = pool.index[ruler]
        assert int(sc.row[S.ZONE + K.RULER_SLOT * S.CARD_W]) == K.Zone.RULER_AREA
        votary, herald = sc.field(0, ["TXT-003", "TXT-004"])
        g = sc.game()
        atk, dfn, _ = current_values(g.state, pool.kernel_tables, votary)
        assert (int(atk), int(dfn)) == (100 + bonus, 100 + bonus)
        atk, _, _ = current_values(g.state, pool.kernel_tables, herald)
        assert int(atk) == 100 + (300 if bonus else 0)


# ---- "As an additional cost to play this card, banish a <card> / rest N recovered <cards> you control" (CR 903.2j) ----
def _choose_in_order(g, picks):
    """Answer each CHOOSE_TARGET with the next slot of ``picks``; PASS at priority until the chase is empty."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    picks = list(picks)
    for _ in range(12):
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
            cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
            g.step(K.OPTION_BASE + cands.index(picks.pop(0)))
        elif int(g.state[S.CHASE_N]) == 0 and not picks:
            return
        else:
            g.step(K.PASS)


def test_cr_903_2j_an_additional_cost_banishes_the_chosen_card_after_the_targets(tmp_path):
    """A {B} chant "Destroy target resonator." with "As an additional cost to play this card, banish a resonator.":
    not playable without a resonator of its controller's to banish; played, its target is chosen first (CR 903.2g),
    then the resonator banished (into the graveyard, CR 1011) before it resolves (CR 903.2j), chosen among its
    controller's only; the target is destroyed on resolution."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Offering", "Chant",
                   ["As an additional cost to play this card, banish a resonator.", "Destroy target resonator."],
                   cost="{B}"),
             _card("TXT-002", "Made-up Thrall", "Resonator", [], cost="{B}", ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    (chant,) = [c for c in res if c.number == "TXT-001"]
    assert chant.play_cost.pay_chosen == "banish" and [op.op for op in chant.effect] == ["choose", "choose", "destroy"]
    for own in (False, True):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.will(0, K.Attribute.DARKNESS, 1)
        mine = sc.field(0, ["TXT-002"])[0] if own else None
        foe = sc.field(1, ["TXT-002"])[0]
        (card,) = sc.hand(0, ["TXT-001"])
        g = sc.game()
        legal = g.legal_actions().tolist()
        assert (K.PLAY_HAND_BASE in legal) == own
        if not own:
            continue
        g.step(K.PLAY_HAND_BASE)
        assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET  # the target: either resonator
        assert sorted(int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))) == sorted([mine, foe])
        g.step(K.OPTION_BASE + [int(g.state[S.CAND + k]) for k in range(2)].index(foe))
        assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET  # the card to banish: its controller's only
        assert [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))] == [mine]
        g.step(K.OPTION_BASE)
        assert int(g.state[S.ZONE + mine * S.CARD_W]) == K.Zone.GRAVEYARD and int(g.state[S.CHASE_N]) == 1
        assert int(g.state[S.ZONE + foe * S.CARD_W]) == K.Zone.FIELD
        _choose_in_order(g, [])
        assert int(g.state[S.ZONE + foe * S.CARD_W]) == K.Zone.GRAVEYARD
        assert int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD


def test_cr_1013_3_an_additional_cost_rests_two_recovered_resonators(tmp_path):
    """"As an additional cost to play this card, rest two recovered light resonators you control." on a chant "Draw
    a card.": playable only with two recovered light resonators of its controller's; both are rested as it is
    played (CR 1013.3), then it resolves."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Vigil", "Chant",
                   ["As an additional cost to play this card, rest two recovered light resonators you control.",
                    "Draw a card."], cost="{B}"),
             {**_card("TXT-002", "Made-up Acolyte", "Resonator", [], cost="{W}", ATK=100, DEF=100), "colour": ["W"]}]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    for n, rested in ((2, 0), (2, 1), (3, 0)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.will(0, K.Attribute.DARKNESS, 1)
        mine = sc.field(0, ["TXT-002"] * n)
        if rested:
            sc.row[S.RESTED + mine[0] * S.CARD_W] = 1
        sc.hand(0, ["TXT-001"])
        g = sc.game()
        playable = n - rested >= 2
        assert (K.PLAY_HAND_BASE in g.legal_actions().tolist()) == playable
        if not playable:
            continue
        hand = int(g.state[S.HAND_N])
        g.step(K.PLAY_HAND_BASE)
        _choose_in_order(g, mine[:2])
        assert [int(g.state[S.RESTED + s * S.CARD_W]) for s in mine] == [1, 1] + [0] * (n - 2)
        assert int(g.state[S.HAND_N]) == hand  # the chant left the hand, a card drawn


# ---- "cannot be targeted by spells or abilities" is public (CR 302.2): the column cant_be_targeted (v6) -------------
def test_cr_302_2_cannot_be_targeted_is_a_column_in_both_seats_views(tmp_path):
    """Printed ("This card cannot be targeted by spells or abilities.") or granted until end of turn by a resolved
    chant ("Target resonator cannot be targeted by spells or abilities until end of turn."): both players'
    observations show ``cant_be_targeted`` on the card's row; a plain resonator's row does not; the board names it."""
    import numpy as np

    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import observation as O
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Veiled", "Resonator", ["This card cannot be targeted by spells or abilities."],
                   ATK=100, DEF=100),
             _card("TXT-002", "Made-up Plain", "Resonator", [], ATK=100, DEF=100),
             _card("TXT-003", "Made-up Shroud", "Chant",
                   ["Target resonator cannot be targeted by spells or abilities until end of turn."], cost="{B}")]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.DARKNESS, 1)
    veiled, plain = sc.field(0, ["TXT-001", "TXT-002"])
    sc.hand(0, ["TXT-003"])
    g = sc.game()
    names = O.OBS.column_names()

    def shown(slot):
        i = zone_list(np.asarray(g.state), S.ZONES, K.Zone.FIELD, 0).index(slot)
        return [float(g.observe(v)[names.index(f"{'my' if v == 0 else 'opp'}_field[{i}].cant_be_targeted")])
                for v in (0, 1)]

    assert shown(veiled) == [1.0, 1.0] and shown(plain) == [0.0, 0.0]
    assert "cannot be targeted" in g.render()
    g.step(K.PLAY_HAND_BASE)
    _choose_in_order(g, [plain])  # the only legal target: the veiled one is none (CR 903.2g)
    assert shown(plain) == [1.0, 1.0]


def test_cr_903_2g_a_graveyard_line_after_another_selection_keeps_its_own_register(tmp_path):
    """A chant printed over two lines, "Destroy target resonator." then "Put target resonator from your graveyard
    into your hand.": one program whose graveyard op acts on the second line's register, not on the first line's
    target (importer._REG_OPS lists grave_to_hand / grave_to_field since session 15)."""
    cards = [_card("TXT-001", "Made-up Exchange", "Chant",
                   ["Destroy target resonator.", "Put target resonator from your graveyard into your hand."], cost="{B}"),
             _card("TXT-002", "Made-up Thrall", "Resonator", [], cost="{B}", ATK=100, DEF=100)]
    res, _ = _imported_pool(tmp_path, cards)
    (chant,) = [c for c in res if c.number == "TXT-001"]
    ops = [(op.op, getattr(op, "reg", None)) for op in chant.effect]
    assert ops == [("choose", 0), ("choose", 1), ("destroy", 0), ("grave_to_hand", 1)]


def test_cr_903_2i_cards_show_words_a_cost_reduction_in_will():
    """``tcg cards show`` (``ability_summary``) words a reduction in will symbols: attributes, a number, "more" for an
    increase (CR 903.2i), asked or not, and its count (it printed "cost reduction 0" for "{W}{U} less" before)."""
    from tcg_env.games.force_of_will.cards import FowAbility, op_words

    def words(text):
        return op_words(FowAbility.model_validate(exact(text).abilities[0]).effect[0])

    assert words("You may pay {W}{U} less to play this card.") == "pay {W}{U} less (may) to play card (this card, in the hand)"
    assert words("You pay {1} more to play this card for each card in your hand.").startswith("pay {1} more to play")
    assert words("You may pay {2} less to play this card.") == "pay {2} less (may) to play card (this card, in the hand)"
