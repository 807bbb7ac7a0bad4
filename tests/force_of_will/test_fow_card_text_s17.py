"""Force of Will card text, session 17 pieces: any card put into the field by an effect (from the graveyard, the hand
or a search: CR 307.7, 316.4 for a chant, 1406.3 for an addition added to a card). Lines are made up in the game's
template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact


def _card(number, name, ctype, abilities, cost="{B}", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": ["B"], "abilities": abilities, **kw}


_ZOMBIE_FIELD = _card("TXT-011", "Made-up Crypt", "Addition:Field", [], race=["Zombie"])
_ZOMBIE_ARMOUR = _card("TXT-012", "Made-up Bone Armour", "Addition:Resonator",
                       ["Added resonator gains [+200/+200]."], race=["Zombie"])
_ZOMBIE_CHANT = _card("TXT-013", "Made-up Grave Song", "Chant", ["Draw a card."], race=["Zombie"])
_PUP = _card("TXT-014", "Made-up Pup", "Resonator", [], ATK=200, DEF=200)


def _game(tmp_path, text, graveyard=(), field=(), hand=(), deck=(), will=1):
    """Player 0 in its main phase with a made-up {B} chant ``text`` in its hand, ``will`` darkness will, and the
    made-up cards ``graveyard`` / ``field`` / ``hand`` / ``deck`` (numbers) in those zones of its own. The chant is
    played (its targets, if any, asked next). Returns (game, chant slot, {number: [slots]})."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    chant = _card("TXT-001", "Made-up Call", "Chant", [text])
    res, pool = _imported_pool(tmp_path, [chant, _ZOMBIE_FIELD, _ZOMBIE_ARMOUR, _ZOMBIE_CHANT, _PUP])
    rec = next(r for r in res.text_records if r.number == "TXT-001")
    assert rec.verdict is Verdict.EXACT, [r.reason for r in rec.lines]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.DARKNESS, will)
    slots: dict[str, list[int]] = {}
    for zone, cards in (("graveyard", graveyard), ("field", field), ("main_deck", deck)):
        for c in cards:
            slots.setdefault(c, []).append(sc.put(0, c, zone))
    (card, *held) = sc.hand(0, ["TXT-001", *hand])
    for c, s in zip(hand, held):
        slots.setdefault(c, []).append(s)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    return g, card, slots


def _atk(g, slot):
    from fow_tables import current_values

    return current_values(g.state, g._T, slot)[0]


def _zone(g, slot):
    from tcg_env.games.force_of_will import state as S

    return int(g.state[S.ZONE + slot * S.CARD_W])


def _run(g, card, answer=None):
    """Pass until the chant resolved; ``answer(g)`` answers any other decision (None: OPTION 0)."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K

    for _ in range(12):
        if _zone(g, card) == K.Zone.GRAVEYARD and int(g.state[H_DECISION]) == K.Decision.PRIORITY:
            return
        kind = int(g.state[H_DECISION])
        if kind == K.Decision.PRIORITY:
            g.step(K.PASS)
        elif answer is not None and answer(g) is not None:
            pass
        else:
            g.step(K.OPTION_BASE)
    raise AssertionError("the chant did not resolve")


def test_put_target_card_from_graveyard_into_field_compiles_for_any_card_type():
    for text in ("Put target addition with total cost 2 or less from your graveyard into the field.",
                 "Put target regalia from your graveyard into your field.",
                 "Put target magic stone from your graveyard into the field rested."):
        r = exact(text, "chant")
        assert r.fields["effect"][-1]["op"] == "grave_to_field", r.fields


def test_cr_307_7_an_addition_field_from_the_graveyard_enters_the_field(tmp_path):
    """"Put target Zombie from your graveyard into the field." targeting an [Addition: Field]: it enters the field
    under the chant's controller's control, added to nothing (CR 307.7)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, card, slots = _game(tmp_path, "Put target Zombie from your graveyard into the field.", graveyard=["TXT-011"])
    _run(g, card)
    (crypt,) = slots["TXT-011"]
    assert _zone(g, crypt) == K.Zone.FIELD
    assert int(g.state[S.CONTROLLER + crypt * S.CARD_W]) == 0 and int(g.state[S.ATTACHED + crypt * S.CARD_W]) == -1


def test_cr_1406_3_an_addition_resonator_with_no_resonator_stays_in_the_graveyard(tmp_path):
    from tcg_env.games.force_of_will import constants as K

    g, card, slots = _game(tmp_path, "Put target Zombie from your graveyard into the field.", graveyard=["TXT-012"])
    _run(g, card)
    assert _zone(g, slots["TXT-012"][0]) == K.Zone.GRAVEYARD  # CR 1406.3: nothing it can be added to


def test_cr_1406_3_an_addition_resonator_is_added_to_the_only_resonator(tmp_path):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, card, slots = _game(tmp_path, "Put target Zombie from your graveyard into the field.", graveyard=["TXT-012"],
                           field=["TXT-014"])
    _run(g, card)
    (armour,), (pup,) = slots["TXT-012"], slots["TXT-014"]
    assert _zone(g, armour) == K.Zone.FIELD and int(g.state[S.ATTACHED + armour * S.CARD_W]) == pup
    assert _atk(g, pup) == 400  # "Added resonator gains [+200/+200]." applies to it


def test_cr_1406_3_with_two_resonators_its_controller_chooses_the_one_it_is_added_to(tmp_path):
    """Two resonators in the field: the CHOOSE_TARGET decision over both, no PASS; the addition enters added to the
    one chosen (the second here), rested for "... into the field rested"."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    asked = []

    def answer(g):
        if int(g.state[H_DECISION]) != K.Decision.CHOOSE_TARGET or int(g.state[S.CAND_N]) != 2:
            return None
        assert K.PASS not in g.legal_actions().tolist()
        asked.append([int(g.state[S.CAND + k]) for k in range(2)])
        g.step(K.OPTION_BASE + 1)
        return True

    g, card, slots = _game(tmp_path, "Put target Zombie from your graveyard into the field rested.",
                           graveyard=["TXT-012"], field=["TXT-014", "TXT-014"])
    _run(g, card, answer)
    (armour,), pups = slots["TXT-012"], slots["TXT-014"]
    assert len(asked) == 1 and sorted(asked[0]) == sorted(pups)
    assert _zone(g, armour) == K.Zone.FIELD
    assert int(g.state[S.ATTACHED + armour * S.CARD_W]) == asked[0][1]
    assert int(g.state[S.RESTED + armour * S.CARD_W]) == 1
    assert _atk(g, asked[0][1]) == 400 and _atk(g, asked[0][0]) == 200


def test_cr_316_4_a_chant_searched_into_the_field_goes_to_the_graveyard(tmp_path):
    """"Search your deck for a Zombie and put it into the field.": the chant found moves to the graveyard instead."""
    from tcg_env.games.force_of_will import constants as K

    g, card, slots = _game(tmp_path, "Search your deck for a Zombie and put it into the field. Then shuffle your deck.",
                           deck=["TXT-013"])
    _run(g, card)
    assert _zone(g, slots["TXT-013"][0]) == K.Zone.GRAVEYARD


def test_cr_1406_3_an_addition_searched_into_the_field_with_a_resonator(tmp_path):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, card, slots = _game(tmp_path, "Search your deck for a card named \"Made-up Bone Armour\" and put it into the "
                           "field. Then shuffle your deck.", deck=["TXT-012"], field=["TXT-014"])
    _run(g, card)
    (armour,), (pup,) = slots["TXT-012"], slots["TXT-014"]
    assert _zone(g, armour) == K.Zone.FIELD and int(g.state[S.ATTACHED + armour * S.CARD_W]) == pup


def test_put_a_card_from_your_hand_without_you_may_must_put_one(tmp_path):
    """"Put a Zombie from your hand into your field." (no "you may"): the SEARCH decision over the hand has no PASS
    while one matches; the [Addition: Field] enters the field."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K

    seen = []

    def answer(g):
        if int(g.state[H_DECISION]) == K.Decision.SEARCH:
            seen.append(K.PASS in g.legal_actions().tolist())
        return None

    g, card, slots = _game(tmp_path, "Put a Zombie from your hand into your field.", hand=["TXT-011"])
    _run(g, card, answer)
    assert seen == [False]
    assert _zone(g, slots["TXT-011"][0]) == K.Zone.FIELD


def test_you_may_put_a_card_from_your_hand_after_another_effect(tmp_path):
    """"Draw a card. You may put a Zombie from your hand into your field.": the draw, then the SEARCH over the hand
    with PASS (the "you may"); passing leaves the card in the hand."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K

    seen = []

    def answer(g):
        if int(g.state[H_DECISION]) == K.Decision.SEARCH:
            seen.append(K.PASS in g.legal_actions().tolist())
            g.step(K.PASS)
            return True
        return None

    g, card, slots = _game(tmp_path, "Draw a card. You may put a Zombie from your hand into your field.",
                           hand=["TXT-011"], deck=["TXT-014"])
    _run(g, card, answer)
    assert seen == [True]
    assert _zone(g, slots["TXT-011"][0]) == K.Zone.HAND and _zone(g, slots["TXT-014"][0]) == K.Zone.HAND


# ---- the weather (CR 1028) --------------------------------------------------------------------------------------
def test_cr_1028_weather_lines_compile():
    r = exact("The weather is rain until end of turn.", "chant")
    assert r.fields["effect"] == [{"op": "weather", "weather": "rain"}]
    r = exact("This card gains [+200/+200] as long as the weather is rain.")
    assert r.abilities[0]["condition"] == {"kind": "weather_is", "value": "rain"}
    r = exact("{U}{U}: Rest target resonator. Play this ability only if the weather is thunderstorm.")
    assert r.abilities[0]["condition"] == {"kind": "weather_is", "value": "thunderstorm"}
    # "The weather is rain during your turn." (a continuous weather) is not compiled
    from test_fow_card_text import line

    assert line("The weather is rain during your turn.").verdict is Verdict.UNSUPPORTED


def test_cr_1028_the_weather_until_end_of_turn_turns_on_as_long_as_the_weather(tmp_path):
    """A chant "The weather is rain until end of turn." makes its controller's weather rain (CR 1028.1): that
    player's resonator with "This card gains [+200/+200] as long as the weather is rain." is 400 ATK, the opponent's
    (another weather, CR 1028.2) stays 200; at the end of the turn the weather ends (no weather, 1028.1a)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Rain Call", "Chant", ["The weather is rain until end of turn."]),
             _card("TXT-002", "Made-up Frog", "Resonator", ["This card gains [+200/+200] as long as the weather is rain."],
                   ATK=200, DEF=200)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.DARKNESS, 1)
    mine, theirs = sc.put(0, "TXT-002", "field"), sc.put(1, "TXT-002", "field")
    (chant,) = sc.hand(0, ["TXT-001"])
    g = sc.game()
    assert _atk(g, mine) == 200 and int(g.state[S.WEATHER]) == K.Weather.NONE
    g.step(K.PLAY_HAND_BASE)
    _run(g, chant)
    assert int(g.state[S.WEATHER]) == K.Weather.RAIN and int(g.state[S.WEATHER + 1]) == K.Weather.NONE
    assert _atk(g, mine) == 400 and _atk(g, theirs) == 200
    from tcg_env.games.force_of_will import observation as O

    for viewer in (0, 1):  # public, as the chant was (force_of_will_v7): each player sees it from its own side
        seen = dict(zip(O.OBS.column_names(), g.observe(viewer).tolist()))
        rain, none = ("my", "opp") if viewer == 0 else ("opp", "my")
        assert seen[f"global.{rain}_weather_rain"] == 1.0 and seen[f"global.{rain}_weather_none"] == 0.0, viewer
        assert seen[f"global.{none}_weather_none"] == 1.0 and seen[f"global.{none}_weather_rain"] == 0.0, viewer
    from tcg_env.games.force_of_will.state import TURN_PLAYER

    for _ in range(40):  # to the opponent's turn: the end of this turn ended the weather
        if int(g.state[TURN_PLAYER]) == 1:
            break
        legal = g.legal_actions().tolist()
        g.step(K.PASS if K.PASS in legal else legal[0])
    assert int(g.state[TURN_PLAYER]) == 1
    assert int(g.state[S.WEATHER]) == K.Weather.NONE and _atk(g, mine) == 200


# ---- [Mobilize] (CR 1129) ---------------------------------------------------------------------------------------
def test_cr_1129_mobilize_compiles_to_the_card_field():
    assert exact("[Mobilize] {1} (This card cannot attack or block unless its controller pays {1}.)").fields == \
        {"mobilize": "{1}"}
    assert exact("[Mobilize] {W}").fields == {"mobilize": "{W}"}
    from test_fow_card_text import line

    assert line("[Mobilize] {1}", "addition").verdict is Verdict.UNSUPPORTED


def test_cr_1129_2_mobilize_cost_is_paid_to_attack_and_to_block(tmp_path):
    """Two made-up resonators with "[Mobilize] {1}": without will player 0's cannot be chosen as the attacker (CR
    803.4); with one will it attacks and the will is paid (CR 803.5); player 1's may block only with will (804.4),
    which the block takes."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-021", "Made-up Levy", "Resonator", ["[Mobilize] {1} (This card cannot attack or block unless "
                                                            "its controller pays {1}.)"], ATK=500, DEF=500)]
    res, pool = _imported_pool(tmp_path, cards)
    assert res.text_records[0].verdict is Verdict.EXACT
    assert pool.models[pool.index["TXT-021"]].mobilize == "{1}"

    def to_attacker(will0, will1):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        mine, theirs = sc.put(0, "TXT-021", "field"), sc.put(1, "TXT-021", "field")
        if will0:
            sc.will(0, K.Attribute.FIRE, will0)
        if will1:
            sc.will(1, K.Attribute.WATER, will1)
        g = sc.game()
        g.step(K.BATTLE)
        for _ in range(8):
            if int(g.state[H_DECISION]) == K.Decision.ATTACKER:
                break
            g.step(K.PASS)
        return g, sc, mine, theirs

    g, sc, mine, _ = to_attacker(0, 0)
    own = K.OWN_FIELD_BASE + sc.zone(0, "field").index(mine)
    assert int(g.state[H_DECISION]) != K.Decision.ATTACKER or own not in g.legal_actions().tolist()
    for will1, blocks in ((0, False), (1, True)):
        g, sc, mine, theirs = to_attacker(1, will1)
        assert int(g.state[H_DECISION]) == K.Decision.ATTACKER
        g.step(K.OWN_FIELD_BASE + sc.zone(0, "field").index(mine))
        g.step(K.ATTACK_PLAYER)
        assert int(g.state[S.WILL + K.Attribute.FIRE]) == 0  # paid as it attacked
        for _ in range(8):
            if int(g.state[H_DECISION]) == K.Decision.BLOCK:
                break
            g.step(K.PASS)
        block = K.OWN_FIELD_BASE + sc.zone(1, "field").index(theirs)
        assert int(g.state[H_DECISION]) == K.Decision.BLOCK
        assert (block in g.legal_actions().tolist()) is blocks
        if blocks:
            g.step(block)
            assert int(g.state[S.BLOCKER]) == theirs
            assert int(g.state[S.WILL + K.N_WILL + K.Attribute.WATER]) == 0


# ---- a magic stone's other will abilities (CR 907) ----------------------------------------------------------------
def test_cr_907_a_magic_stone_with_a_second_will_ability_paid_with_life(tmp_path):
    """A made-up special magic stone "{Rest}: Produce {U}." (its will field, WILL_A) and "{Rest}, pay 100 life:
    Produce {W} or {B}." (two will abilities, ACTIVATE j = 0 / 1): the second rests it, takes 100 life and gives one
    light will (CR 907.3: at once, no chase); "This card has the water magic stone type." gives the type (CR 201.4)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    stone = {"id": "TXT-031", "name": "Made-up Tablet", "type": ["Special Magic Stone", "Magic Stone"], "cost": None,
             "colour": ["V"], "abilities": ["This card has the water magic stone type.", "{Rest}: Produce {U}.",
                                            "{Rest}, pay 100 life: Produce {W} or {B}."]}
    res, pool = _imported_pool(tmp_path, [stone])
    assert res.text_records[0].verdict is Verdict.EXACT, [r.reason for r in res.text_records[0].lines]
    m = pool.models[pool.index["TXT-031"]]
    assert m.will == ["water"] and m.stone_types == ["water"] and [a.kind for a in m.abilities] == ["will", "will"]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    slot = sc.put(0, "TXT-031", "field")
    g = sc.game()
    life = int(g.state[S.LIFE])
    act = K.ACTIVATE_BASE + sc.zone(0, "field").index(slot) * K.ABILITIES_PER_CARD
    assert act in g.legal_actions().tolist() and act + 1 in g.legal_actions().tolist()
    g.step(act)
    assert int(g.state[S.LIFE]) == life - 100 and int(g.state[S.RESTED + slot * S.CARD_W]) == 1
    assert int(g.state[S.WILL + K.Attribute.LIGHT]) == 1 and int(g.state[S.CHASE_N]) == 0


# ---- "Play this card only if <condition>." ----------------------------------------------------------------------
def test_play_this_card_only_if_a_condition_holds(tmp_path):
    """A {B} chant "Draw a card." with "Play this card only if you control a resonator.": not offered with no
    resonator in its player's field, offered (and played) with one; the line is the card field play_condition."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    assert exact("Play this card only if you control a resonator.", "chant").fields == {
        "play_condition": {"kind": "control_at_least", "value": 1, "filter": {"type": ["resonator"], "side": "own"}}}
    cards = [_card("TXT-041", "Made-up Lesson", "Chant", ["Draw a card.",
                                                          "Play this card only if you control a resonator."]), _PUP]
    res, pool = _imported_pool(tmp_path, cards)
    assert res.text_records[0].verdict is Verdict.EXACT, [r.reason for r in res.text_records[0].lines]
    for with_pup in (False, True):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.will(0, K.Attribute.DARKNESS, 1)
        if with_pup:
            sc.put(0, "TXT-014", "field")
        (chant,) = sc.hand(0, ["TXT-041"])
        g = sc.game()
        assert (K.PLAY_HAND_BASE in g.legal_actions().tolist()) is with_pup
        if with_pup:
            g.step(K.PLAY_HAND_BASE)
            _run(g, chant)


# ---- a target in another player's graveyard into your field (CR 903.2g, 307.7) -----------------------------------
def test_cr_307_7_target_from_your_opponents_graveyard_enters_under_your_control(tmp_path):
    """"Put target resonator from your opponent's graveyard into the field under your control.": only the
    opponent's graveyard card is a candidate (CHOOSE_TARGET as the chant is played); it enters player 0's field, its
    owner still player 1. "... into your hand" from another player's graveyard is not compiled."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import line

    assert line("Put target resonator from a graveyard into your hand.", "chant").verdict is Verdict.UNSUPPORTED
    assert exact("Put target resonator from a graveyard into your field.", "chant").fields["effect"][0]["filter"] == \
        {"type": ["resonator"], "zone": "graveyard", "side": "any"}
    cards = [_card("TXT-051", "Made-up Raise", "Chant", ["Put target resonator from your opponent's graveyard into the "
                                                         "field under your control."]), _PUP]
    res, pool = _imported_pool(tmp_path, cards)
    assert res.text_records[0].verdict is Verdict.EXACT, [r.reason for r in res.text_records[0].lines]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.DARKNESS, 1)
    mine, theirs = sc.put(0, "TXT-014", "graveyard"), sc.put(1, "TXT-014", "graveyard")
    (chant,) = sc.hand(0, ["TXT-051"])
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET
    assert [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))] == [theirs]
    _run(g, chant)
    assert _zone(g, theirs) == K.Zone.FIELD and _zone(g, mine) == K.Zone.GRAVEYARD
    assert int(g.state[S.CONTROLLER + theirs * S.CARD_W]) == 0 and int(g.state[S.OWNER + theirs * S.CARD_W]) == 1
