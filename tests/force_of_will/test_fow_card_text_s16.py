"""Force of Will card text, session 16 pieces: [Remnant] (CR 1115), [Energize] (CR 1119), "N target" needing N
targets (CR 903.2g), [Dive] (its reminder text), playing from the removed area (CR 903.2), [Inheritance] (CR 1126),
will abilities paid with will or once per turn (CR 907), the rest of a look on the bottom in any order. Lines are made
up in the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import numpy as np

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line


def _card(number, name, ctype, abilities, cost="{B}", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": ["B"], "abilities": abilities, **kw}


# ---- [Remnant] (CR 1115.2) ------------------------------------------------------------------------------------
def test_cr_1115_remnant_compiles_to_the_card_field_on_a_chant_only():
    assert exact("[Remnant]", "chant").fields == {"keywords": [], "remnant": True}
    r = exact("[Quickcast] [Remnant] (You may play this card from your graveyard. If you do, remove it from the game "
              "instead of putting it anywhere else any time it would leave the chase.)", "chant")
    assert r.fields == {"keywords": ["quickcast"], "remnant": True}
    # a resonator's would be removed instead of entering the field: not compiled
    assert line("[Remnant]", "resonator").verdict is Verdict.UNSUPPORTED


def _remnant_game(tmp_path, will, where=0, texts=("Draw a card.", "[Remnant]")):
    """Player 0 in its main phase with ``will`` darkness will and a made-up {B} chant with ``texts`` in its
    graveyard, ``where`` cards from the top (other graveyard cards above it). Returns (game, chant slot)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Echo", "Chant", list(texts)),
             _card("TXT-002", "Made-up Filler", "Chant", ["Draw a card."])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    chant = sc.put(0, "TXT-001", "graveyard")
    for _ in range(where):
        sc.put(0, "TXT-002", "graveyard")
    if will:
        sc.will(0, K.Attribute.DARKNESS, will)
    return sc.game(), chant


def test_cr_1115_2_a_remnant_chant_is_played_from_the_graveyard_and_removed_from_the_game(tmp_path):
    """A {B} chant "Draw a card." with [Remnant] on top of the graveyard: with {B} its play is OPTION 0 at
    priority (the graveyard's top row); it goes to the chase, its cost paid; it resolves (a card drawn) and then,
    played by [Remnant], it is removed from the game instead of going to the graveyard."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, chant = _remnant_game(tmp_path, 1)
    assert K.OPTION_BASE in g.legal_actions().tolist()
    assert "from the graveyard by [Remnant]" in g.describe_action(K.OPTION_BASE)
    hand = int(g.state[S.HAND_N])
    g.step(K.OPTION_BASE)
    assert int(g.state[S.ZONE + chant * S.CARD_W]) == K.Zone.CHASE and int(g.state[S.CHASE_N]) == 1
    assert sum(int(g.state[S.WILL + a]) for a in range(K.N_WILL)) == 0  # CR 903.2j: its cost paid
    for _ in range(4):
        if int(g.state[S.CHASE_N]) == 0:
            break
        g.step(K.PASS)
    assert int(g.state[S.HAND_N]) == hand + 1  # it resolved
    assert int(g.state[S.ZONE + chant * S.CARD_W]) == K.Zone.REMOVED  # CR 1115.2: not the graveyard
    assert int(g.state[S.MARK + chant * S.CARD_W]) == 0
    assert K.OPTION_BASE not in g.legal_actions().tolist()


def test_cr_1115_2_remnant_needs_its_cost_and_names_the_graveyard_row(tmp_path):
    """Without will it cannot be played (CR 903.2j); one card above it in the graveyard, it is OPTION 1; the card
    without [Remnant] above it is not playable from the graveyard at all."""
    from tcg_env.games.force_of_will import constants as K

    g, _ = _remnant_game(tmp_path, 0)
    assert not [a for a in g.legal_actions().tolist() if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS]
    g, _ = _remnant_game(tmp_path, 1, where=1)
    assert [a for a in g.legal_actions().tolist() if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS] \
        == [K.OPTION_BASE + 1]


def test_cr_1115_2_a_remnant_chant_played_from_the_hand_goes_to_the_graveyard(tmp_path):
    """Played from the hand (not by [Remnant]), it resolves into the graveyard as any chant (CR 703.3)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Echo", "Chant", ["Draw a card.", "[Remnant]"])]
    _, pool = _imported_pool(tmp_path, cards)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (chant,) = sc.hand(0, ["TXT-001"])
    sc.will(0, K.Attribute.DARKNESS, 1)
    g = sc.game()
    hand = [int(x) for x in g.state[S.HAND_L: S.HAND_L + int(g.state[S.HAND_N])]]
    g.step(K.PLAY_HAND_BASE + hand.index(chant))
    for _ in range(4):
        if int(g.state[S.CHASE_N]) == 0:
            break
        g.step(K.PASS)
    assert int(g.state[S.ZONE + chant * S.CARD_W]) == K.Zone.GRAVEYARD


def test_cr_1115_2_remnant_with_its_own_cost_reduction_stays_unsupported(tmp_path):
    """Its own "you may pay ... less" is compiled for the hand: with [Remnant] the [Remnant] line is unsupported."""
    from tcg_env.games.force_of_will.importer import import_force_of_will_json  # noqa: F401

    cards = [_card("TXT-001", "Made-up Echo", "Chant", ["Draw a card.", "[Remnant]",
                                                       "You may pay {1} less to play this card."], cost="{B}{1}")]
    res, pool = _imported_pool(tmp_path, cards)
    (rec,) = res.text_records
    bad = [r for r in rec.lines if r.verdict is Verdict.UNSUPPORTED]
    assert [r.line for r in bad] == ["[Remnant]"]
    assert not pool.models[pool.index["TXT-001"]].remnant


# ---- [Energize] (CR 1119.2) -----------------------------------------------------------------------------------
def _energize_cards(j_abilities=()):
    ruler = {"id": "TXT-010", "name": "Made-up Herald", "type": ["Ruler"], "cost": None, "colour": ["R"],
             "abilities": ["[Judgment] {R}{1}", "[Energize] {R} (As the game starts, if you are not the player going "
                           "first, you get a will coin with \"Banish this coin: Produce {R}.\")"]}
    j_side = {"id": "TXT-010J", "name": "Made-up Herald, Awakened", "type": ["J-Ruler"], "cost": None,
              "colour": ["R"], "ATK": 1000, "DEF": 1000, "abilities": list(j_abilities)}
    return [ruler, j_side]


def test_cr_1119_2_energize_compiles_to_a_once_per_game_will_ability_on_both_sides(tmp_path):
    from tcg_env.games.force_of_will import constants as K

    r = exact("[Energize] {R}", "ruler")
    assert r.abilities == [{"kind": "will", "gods_art": K.ENERGIZE_ART, "condition": {"kind": "not_first_player"},
                            "effect": [{"op": "produce_will", "will": "fire"}]}]
    assert len(exact("[Energize] {W}{U}", "ruler").abilities) == 2  # CR 1119.2b: one of them chosen
    assert line("[Energize] {R}", "resonator").verdict is Verdict.UNSUPPORTED
    res, pool = _imported_pool(tmp_path, _energize_cards())
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    j = pool.models[pool.index["TXT-010J"]]
    assert [a.gods_art for a in j.abilities] == [K.ENERGIZE_ART]  # the coin stays whichever side is up
    # a J-ruler side with no room for it: the [Energize] line is unsupported
    res, _ = _imported_pool(tmp_path, _energize_cards(["{R}: Draw a card.", "{1}: You gain 100 life."]))
    (rec,) = [r for r in res.text_records if r.number == "TXT-010"]
    assert [r.line.startswith("[Energize]") for r in rec.lines if r.verdict is Verdict.UNSUPPORTED] == [True]


def test_cr_1119_2_the_player_not_going_first_banishes_the_will_coin_once_for_its_will(tmp_path):
    """Player 0's ruler has [Energize] {R}: while player 0 is not the first player, the coin's will ability is a
    ruler action (RULER_ACTIVATE 0); played, one {R} is in the pool and it is gone for the game (the once-per-game
    name, state.GODS_ART_USED). The first player has no coin."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    _, pool = _imported_pool(tmp_path, _energize_cards())
    for first, has_coin in ((1, True), (0, False)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = pool.index["TXT-010"]
        sc.row[S.FIRST_PLAYER] = first
        g = sc.game()
        assert int(g.state[S.ZONE + K.RULER_SLOT * S.CARD_W]) == K.Zone.RULER_AREA
        assert (K.RULER_ACTIVATE_BASE in g.legal_actions().tolist()) is has_coin
        if not has_coin:
            continue
        fire = int(g.state[S.WILL + K.Attribute.FIRE])
        g.step(K.RULER_ACTIVATE_BASE)
        assert int(g.state[S.WILL + K.Attribute.FIRE]) == fire + 1  # CR 907.3: at once, no chase
        assert int(g.state[S.CHASE_N]) == 0
        assert K.RULER_ACTIVATE_BASE not in g.legal_actions().tolist()  # banished: once per game


# ---- "N target <cards>" needs N legal targets (CR 903.2g) --------------------------------------------------------
def test_cr_903_2g_two_target_resonators_needs_two_legal_targets_to_be_played(tmp_path):
    """A {B} chant "Rest two target resonators.": with one resonator in the field it cannot be played (CR 903.2g:
    the controller chooses legal targets, as many as it names, or cannot play it; 903.2g-iii: the number is fixed);
    with two it can, and both are rested. "Up to two" needs none."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Lull", "Chant", ["Rest two target resonators."]),
             _card("TXT-002", "Made-up Doze", "Chant", ["Rest up to two target resonators."]),
             _card("TXT-003", "Made-up Sleeper", "Resonator", [], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    for n_res in (1, 2):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        lull, doze = sc.hand(0, ["TXT-001", "TXT-002"])
        sleepers = [sc.put(1, "TXT-003", "field") for _ in range(n_res)]
        sc.will(0, K.Attribute.DARKNESS, 1)
        g = sc.game()
        hand = [int(x) for x in g.state[S.HAND_L: S.HAND_L + int(g.state[S.HAND_N])]]
        legal = g.legal_actions().tolist()
        assert K.PLAY_HAND_BASE + hand.index(doze) in legal
        assert (K.PLAY_HAND_BASE + hand.index(lull) in legal) is (n_res == 2)
        if n_res == 2:
            g.step(K.PLAY_HAND_BASE + hand.index(lull))
            for _ in range(2):
                g.step(next(a for a in g.legal_actions().tolist() if K.OPTION_BASE <= a < K.OPTION_BASE + 16))
            for _ in range(4):
                if int(g.state[S.CHASE_N]) == 0:
                    break
                g.step(K.PASS)
            assert all(int(g.state[S.RESTED + x * S.CARD_W]) == 1 for x in sleepers)


# ---- [Dive] (GITS sets; its reminder text: no rule of CR 8.01) ------------------------------------------------
def test_dive_compiles_to_an_activate_ability_played_from_the_hand():
    r = exact("[Dive] {2}: Draw a card. (Pay {2} and reveal this card from your hand to play this ability. Then "
              "remove this card from the game and put a cyberbrain counter on it. You may play this card from your "
              "removed area as long as there is a cyberbrain counter on it.)")
    assert r.abilities == [{"kind": "activate", "cost": {"will": "{2}", "dive": True}, "effect": [{"op": "draw", "count": 1}]}] \
        or (r.abilities[0]["cost"] == {"will": "{2}", "dive": True} and r.abilities[0]["kind"] == "activate")
    assert line("[Dive] {2}: Draw a card.", "chant").verdict is Verdict.UNSUPPORTED


def test_dive_from_the_hand_removes_the_card_with_a_counter_and_it_is_played_from_the_removed_area(tmp_path):
    """A {B} resonator with "[Dive] {1}: Draw a card." in player 0's hand, two will: its [Dive] is SELECT i at
    priority; played, {1} is paid, the card is removed from the game with a cyberbrain counter (MARK) and the ability
    resolves (a card drawn). From the removed area it is then OPTION REMNANT_ROWS + 0 and enters the field as a
    resonator spell does (its {B} paid, the counter gone); in the field its [Dive] is no action."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Diver", "Resonator", ["[Dive] {1}: Draw a card."], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (diver,) = sc.hand(0, ["TXT-001"])
    sc.will(0, K.Attribute.DARKNESS, 2)
    g = sc.game()
    hand = [int(x) for x in g.state[S.HAND_L: S.HAND_L + int(g.state[S.HAND_N])]]
    dive = K.SELECT_HAND_BASE + hand.index(diver)
    assert dive in g.legal_actions().tolist()
    assert "[Dive]" in g.describe_action(dive)
    n_hand = len(hand)
    g.step(dive)
    w = diver * S.CARD_W
    assert int(g.state[S.ZONE + w]) == K.Zone.REMOVED and int(g.state[S.MARK + w]) == 1
    assert sum(int(g.state[S.WILL + a]) for a in range(K.N_WILL)) == 1  # {1} paid
    assert int(g.state[S.CHASE_N]) == 1
    for _ in range(4):
        if int(g.state[S.CHASE_N]) == 0:
            break
        g.step(K.PASS)
    assert int(g.state[S.HAND_N]) == n_hand  # the card left the hand, one was drawn
    back = K.OPTION_BASE + K.REMNANT_ROWS
    assert back in g.legal_actions().tolist()
    g.step(back)
    assert int(g.state[S.ZONE + w]) == K.Zone.CHASE and int(g.state[S.MARK + w]) == 0
    for _ in range(4):
        if int(g.state[S.ZONE + w]) == K.Zone.FIELD:
            break
        g.step(K.PASS)
    assert int(g.state[S.ZONE + w]) == K.Zone.FIELD
    legal = g.legal_actions().tolist()
    assert not [a for a in legal if K.ACTIVATE_BASE <= a < K.RULER_ACTIVATE_BASE]  # no [Dive] from the field


def test_cr_903_2_you_may_play_this_card_from_your_removed_area(tmp_path):
    """"You may play this card from your removed area." on a {B} resonator in player 0's removed area (its top): with
    {B} it is OPTION REMNANT_ROWS + 0 at priority and enters the field as from the hand (CR 903.2, 702.3); a card
    without that text in the removed area is no action."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    assert exact("You may play this card from your removed area.").fields == {"from_removed": True}
    cards = [_card("TXT-001", "Made-up Returner", "Resonator", ["You may play this card from your removed area."],
                   ATK=100, DEF=100),
             _card("TXT-002", "Made-up Exile", "Resonator", [], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.put(0, "TXT-002", "removed_area")
    returner = sc.put(0, "TXT-001", "removed_area")
    sc.will(0, K.Attribute.DARKNESS, 1)
    g = sc.game()
    legal = g.legal_actions().tolist()
    assert K.OPTION_BASE + K.REMNANT_ROWS in legal and K.OPTION_BASE + K.REMNANT_ROWS + 1 not in legal
    g.step(K.OPTION_BASE + K.REMNANT_ROWS)
    for _ in range(4):
        if int(g.state[S.ZONE + returner * S.CARD_W]) == K.Zone.FIELD:
            break
        g.step(K.PASS)
    assert int(g.state[S.ZONE + returner * S.CARD_W]) == K.Zone.FIELD


# ---- [Inheritance] (CR 1126) ----------------------------------------------------------------------------------
def test_cr_1126_2_inheritance_is_played_from_the_hand_by_discarding_the_card(tmp_path):
    """"[Inheritance] {1}: Draw a card." on a resonator in player 0's hand (CR 1126.2: "pay the cost, discard this
    card from your hand: <effect>"; 1126.2a: only from the hand): SELECT i at priority; played, {1} is paid, the card
    is in the graveyard and the ability resolves (a card drawn). In the field it is no action."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    r = exact("[Inheritance] {1}: Draw a card. (Pay {1} and discard this card to play this ability.)")
    assert r.abilities[0]["kind"] == "activate" and r.abilities[0]["cost"] == {"will": "{1}", "inheritance": True}
    cards = [_card("TXT-001", "Made-up Heir", "Resonator", ["[Inheritance] {1}: Draw a card."], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (heir,) = sc.hand(0, ["TXT-001"])
    field_heir = sc.put(0, "TXT-001", "field")
    sc.will(0, K.Attribute.DARKNESS, 1)
    g = sc.game()
    hand = [int(x) for x in g.state[S.HAND_L: S.HAND_L + int(g.state[S.HAND_N])]]
    legal = g.legal_actions().tolist()
    assert not [a for a in legal if K.ACTIVATE_BASE <= a < K.RULER_ACTIVATE_BASE]  # not from the field
    act = K.SELECT_HAND_BASE + hand.index(heir)
    assert act in legal and "[Inheritance]" in g.describe_action(act)
    g.step(act)
    assert int(g.state[S.ZONE + heir * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.ZONE + field_heir * S.CARD_W]) == K.Zone.FIELD
    assert sum(int(g.state[S.WILL + a]) for a in range(K.N_WILL)) == 0
    for _ in range(4):
        if int(g.state[S.CHASE_N]) == 0:
            break
        g.step(K.PASS)
    assert int(g.state[S.HAND_N]) == len(hand)  # discarded one, drew one


# ---- will abilities paid with will, or once per turn (CR 907) --------------------------------------------------
def test_cr_907_a_will_ability_once_per_turn_or_paid_with_will_and_rest(tmp_path):
    """"Pay 100 life: Produce {R}. Play this ability only once per turn." is played once a turn (life paid, {R} in
    the pool at once, CR 907.3); "{Rest}, {1}: Produce {G}." pays {1} and rests the card. "{1}: Produce one will of
    any attribute." (played again and again) stays unsupported."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    assert line("{1}: Produce one will of any attribute.").verdict is Verdict.UNSUPPORTED
    assert line("Pay 100 life: Produce {R} or {G}. Play this ability only once per turn.").verdict is Verdict.UNSUPPORTED
    cards = [_card("TXT-001", "Made-up Bloodwell", "Resonator",
                   ["Pay 100 life: Produce {R}. Play this ability only once per turn."], ATK=100, DEF=100),
             _card("TXT-002", "Made-up Converter", "Resonator", ["{Rest}, {1}: Produce {G}."], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    well, conv = sc.field(0, ["TXT-001", "TXT-002"])
    sc.will(0, K.Attribute.DARKNESS, 1)
    g = sc.game()
    field = [int(x) for x in sc.zone(0, "field")]
    use_well = K.ACTIVATE_BASE + field.index(well) * K.ABILITIES_PER_CARD
    use_conv = K.ACTIVATE_BASE + field.index(conv) * K.ABILITIES_PER_CARD
    life = int(g.state[S.LIFE])
    assert use_well in g.legal_actions().tolist()
    g.step(use_well)
    assert int(g.state[S.LIFE]) == life - 100 and int(g.state[S.WILL + K.Attribute.FIRE]) == 1
    assert use_well not in g.legal_actions().tolist()  # once per turn
    g.step(use_conv)
    assert int(g.state[S.WILL + K.Attribute.WIND]) == 1 and int(g.state[S.RESTED + conv * S.CARD_W]) == 1
    assert sum(int(g.state[S.WILL + a]) for a in range(K.N_WILL)) == 2  # {1} paid: the darkness will and one fire


# ---- "put the rest on the bottom of your deck in any order" ----------------------------------------------------
def test_look_rest_on_the_bottom_in_any_order_is_ordered_by_the_player(tmp_path):
    """"Look at the top three cards of your deck. You may put a resonator from among them into your hand. Put the
    rest on the bottom of your deck in any order.": none taken (PASS), the player puts the three on the bottom one at
    a time (FORESEE with the BOTTOM actions only): the order chosen is the deck's bottom order (the first chosen
    above the next), the card under them on top."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from test_fow_card_text_s10 import _look_game, _pass_until_search

    res, g, card, under, looked = _look_game(tmp_path, "Look at the top three cards of your deck. You may put a "
                                             "resonator from among them into your hand. Put the rest on the bottom "
                                             "of your deck in any order.")
    assert res.text_records[0].verdict is Verdict.EXACT
    _pass_until_search(g)
    g.step(K.PASS)
    order = []
    for _ in range(3):
        assert int(g.state[H_DECISION]) == K.Decision.FORESEE
        legal = g.legal_actions().tolist()
        assert not [a for a in legal if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS]  # not onto the top
        k = int(g.state[S.CAND_N]) - 1  # the last looked-at card first
        order.append(int(g.state[S.CAND + k]))
        g.step(K.BOTTOM_BASE + k)
    for _ in range(6):
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
        g.step(K.PASS)
    deck = zone_list(np.asarray(g.state), S.ZONES, K.Zone.MAIN_DECK, 0)
    assert deck[:3] == order[::-1] and deck[-1] == under  # bottom .. top: the last put there is the bottom


def test_look_rest_on_the_bottom_with_no_order_printed_is_approximate():
    """"Put the rest on the bottom of your deck." with no order printed: the player orders them as for "in any order",
    which no rule says (CR 1034.1 and 403.5 name "any order" for Foresee and the mulligan only): the named
    approximation; "in any order" printed is exact."""
    text = ("Look at the top three cards of your deck. You may put a resonator from among them into your hand. Put "
            "the rest on the bottom of your deck{}.")
    r = line(text.format(""), "chant")
    assert r.verdict is Verdict.APPROXIMATE and "look_rest_order_unprinted" in r.approximations
    assert r.fields["effect"][0]["rest"] == "bottom_any"
    exact(text.format(" in any order"), "chant")


# ---- "remove a mana counter from your J/ruler" as a cost (CR 1122, 1022) ---------------------------------------
def test_cr_1122_a_resonator_pays_with_a_mana_counter_of_its_controllers_j_ruler(tmp_path):
    """"Remove a mana counter from your J/ruler: This card gains [+300/+300] until end of turn." on a resonator:
    usable while player 0's ruler has a mana counter; played, the ruler has none left and the resonator has +300."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    r = exact("Remove a mana counter from your J/ruler: This card gains [+300/+300] until end of turn.")
    assert r.abilities[0]["cost"] == {"mana": 1, "mana_from": "j_ruler"}
    cards = [_card("TXT-001", "Made-up Tapper", "Resonator",
                   ["Remove a mana counter from your J/ruler: This card gains [+300/+300] until end of turn."],
                   ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    for mana in (0, 1):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        (tapper,) = sc.field(0, ["TXT-001"])
        sc.row[S.MANA + K.RULER_SLOT * S.CARD_W] = mana
        g = sc.game()
        use = K.ACTIVATE_BASE + [int(x) for x in sc.zone(0, "field")].index(tapper) * K.ABILITIES_PER_CARD
        assert (use in g.legal_actions().tolist()) is (mana == 1)
        if mana:
            g.step(use)
            assert int(g.state[S.MANA + K.RULER_SLOT * S.CARD_W]) == 0
            for _ in range(4):
                if int(g.state[S.CHASE_N]) == 0:
                    break
                g.step(K.PASS)
            assert int(g.state[S.ATK_EOT + tapper * S.CARD_W]) == 300
