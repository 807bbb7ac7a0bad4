"""Force of Will card text, session 33 (s33b): "<cards> lose(s) all abilities until end of turn / until end of game"
(CR 909.1d: a continuous effect that removes abilities; the restriction bit RESTRICT_NO_ABILITIES of the one-time
effects' restriction words, characteristics.lost_abilities). Lines are made up in the game's template language. Rule
numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest
from numba import njit

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from tcg_env.games.force_of_will.characteristics import atk_of, keywords_of
from tcg_env.games.force_of_will.effects import add_restrictions, grant_keywords
from tcg_env.games.force_of_will.observation import observe_row
from tcg_env.games.force_of_will.play import ability_usable, will_producer
from tcg_env.games.force_of_will.zones import destroy
from test_fow_card_text import _drive, _imported_pool, exact, line
from test_fow_card_text_s23b import _all_exact
from test_fow_card_text_s24b import _card


# ---- the compiler ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, duration", [
    ("Target J/resonator loses all abilities until end of turn.", "end_of_turn"),
    ("Target resonator loses all abilities until the end of turn.", "end_of_turn"),
    ("Target non-J-ruler entity loses all abilities until end of game.", "permanent"),
])
def test_cr_909_1d_loses_all_abilities_is_the_no_abilities_restriction(text, duration):
    r = exact(text, "chant")
    assert r.fields["effect"][1] == {"op": "restrict", "restrictions": ["no_abilities"], "duration": duration}


def test_cr_909_1d_a_group_and_it_lose_all_abilities():
    r = exact("Resonators your opponent controls lose all abilities until end of turn. Draw a card.", "chant")
    assert r.fields["effect"][0]["op"] == "select_all"
    assert r.fields["effect"][1]["restrictions"] == ["no_abilities"]
    r2 = exact("[Enter] >>> Rest target resonator your opponent controls. It loses all abilities until end of turn.")
    assert [op["op"] for op in r2.abilities[0]["effect"]] == ["choose", "rest", "restrict"]


def test_cr_1003_target_and_this_card_lose_all_abilities():
    r = exact("{U}: Target J/resonator and this card lose all abilities until end of turn.")
    ops = r.abilities[0]["effect"]
    assert [op["op"] for op in ops] == ["choose", "restrict", "target_self", "restrict"]
    assert ops[3] == {"op": "restrict", "restrictions": ["no_abilities"], "duration": "end_of_turn", "reg": 1}


def test_cr_909_8_loses_all_abilities_as_long_as_this_card_is_in_the_field():
    r = exact("[Enter] => Target resonator loses all abilities as long as this card is in the field.")
    assert r.abilities[0]["effect"][1] == {"op": "lose_abilities_while"}
    r2 = exact("When this card enters your field, target resonator loses all abilities as long as this card is in a field.")
    assert r2.abilities[0]["effect"][1] == {"op": "lose_abilities_while"}


@pytest.mark.parametrize("text", [
    "Target resonator loses all abilities as long as this card is in the field.",  # a chant is in no field
    "J/resonators your opponent controls lose all abilities.",  # a continuous ability: not read (no recursion)
    "Target resonator loses all abilities.",  # no duration printed
])
def test_cr_909_1d_other_losses_stay_unsupported(text):
    assert line(text, "chant").verdict is Verdict.UNSUPPORTED


# ---- the kernels ----------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def pool33b(tmp_path_factory):
    cards = [
        _card("TXT-401", "Made-up Silence", "Chant", [
            "Target J/resonator loses all abilities until end of turn. Then destroy it."]),
        _card("TXT-402", "Made-up Martyr", "Resonator", [
            "[Flying]", "When this card is put into a graveyard from your field, draw a card."], ATK=500, DEF=500),
        _card("TXT-403", "Made-up Banner", "Resonator", ["Resonators you control gain [+200/+200]."]),
        _card("TXT-404", "Made-up Scholar", "Resonator", ["{Rest}: Draw a card."]),
        _card("TXT-405", "Made-up Slayer", "Chant", ["Destroy target J/resonator."]),
        _card("TXT-407", "Made-up Nap", "Chant", ["Rest target resonator."]),
        _card("TXT-408", "Made-up Sleepwalker", "Resonator", [
            "Whenever this card becomes rested => You gain 1000 life.", "{Rest}: Draw a card."]),
        _card("TXT-406", "Made-up Gorgon", "Resonator", [
            "[Enter] => Target resonator your opponent controls loses all abilities as long as this card is in the field."]),
    ]
    res, pool = _imported_pool(tmp_path_factory.mktemp("s33b"), cards)
    _all_exact(res)
    return pool


@njit(cache=True)
def _reads(game, s, T, slot):
    return keywords_of(game, s, T, slot), atk_of(game, s, T, slot)


@njit(cache=True)
def _usable(game, s, T, p, slot):
    return ability_usable(game, s, T, p, slot, 0)


@njit(cache=True)
def _lose(game, s, slot, duration):
    add_restrictions(game, s, slot, K.RESTRICT_NO_ABILITIES, duration)


@njit(cache=True)
def _will(game, s, T, p, slot):
    return will_producer(game, s, T, p, slot, False)


@njit(cache=True)
def _restrict(game, s, slot, bits, duration):
    add_restrictions(game, s, slot, bits, duration)


@njit(cache=True)
def _destroy(game, s, T, slot):
    destroy(game, s, T, slot)


@njit(cache=True)
def _grant(game, s, slot, bits, duration):
    grant_keywords(game, s, slot, bits, duration)


def test_cr_909_1d_a_card_that_lost_its_abilities_has_no_keyword_no_continuous_ability_no_activate_ability(pool33b):
    """Until end of turn: the printed [Flying] is gone, the card's own continuous ability no longer gives the others
    [+200/+200] (CR 904), its activate ability cannot be played (CR 905); its ATK (no ability) stays."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool33b, turn_player=0, seed=3)
    martyr, banner, scholar = sc.field(0, ["TXT-402", "TXT-403", "TXT-404"])
    g = sc.game()
    T = pool33b.kernel_tables
    s = g.state.copy()
    assert int(_reads(K.RULES, s, T, martyr)[0]) & K.KW_FLYING
    assert int(_reads(K.RULES, s, T, martyr)[1]) == 700
    assert _usable(K.RULES, s, T, 0, scholar)
    for slot in (martyr, banner, scholar):
        _lose(K.RULES, s, slot, K.Duration.END_OF_TURN)
    kw, atk = _reads(K.RULES, s, T, martyr)
    assert int(kw) & K.KW_FLYING == 0
    assert int(atk) == 500  # the banner's ability is lost: no +200
    assert not _usable(K.RULES, s, T, 0, scholar)


@njit(cache=True)
def _observe(game, s, T, p, obs):
    observe_row(game, s, T, p, obs)


def _flying_shown(s, T, p, slot):
    """Whether player ``p``'s observation shows [Flying] in the row of ``slot`` (a card in a field)."""
    import numpy as np

    from tcg_env.engine.zones import zone_list
    from tcg_env.games.force_of_will.observation import B_FIELD, B_OPP_FIELD, CARD_ROW_W, KW_COL, OBS_SIZE

    obs = np.full(OBS_SIZE, np.nan, np.float32)
    _observe(K.RULES, s, T, p, obs)
    ctrl = int(s[S.CONTROLLER + slot * S.CARD_W])
    o = (B_FIELD if ctrl == p else B_OPP_FIELD) + zone_list(s, S.ZONES, K.Zone.FIELD, ctrl).index(slot) * CARD_ROW_W
    return obs[o + KW_COL + K.KW_FLYING.bit_length() - 1] == 1.0


@pytest.mark.parametrize("p", [0, 1])
def test_cr_909_1d_the_observation_shows_no_printed_keyword_of_a_card_that_lost_its_abilities(pool33b, p):
    """Session 34 (found by the field sums test on an imported pool): the observation's keyword columns are the keywords
    the rules read (keywords_of): a card that lost all its abilities shows no printed [Flying], in both players'
    observations, whether the loss is a one-time effect's (a restriction word) or lasts while its source is in the
    field (a shield); the keyword shows again when the loss ends."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool33b, turn_player=0, seed=3)
    (martyr,) = sc.field(0, ["TXT-402"])
    g = sc.game()
    T = pool33b.kernel_tables
    s = g.state.copy()
    assert _flying_shown(s, T, p, martyr)
    _lose(K.RULES, s, martyr, K.Duration.END_OF_TURN)
    assert int(_reads(K.RULES, s, T, martyr)[0]) & K.KW_FLYING == 0
    assert not _flying_shown(s, T, p, martyr)

    sc = Scenario.main_phase(pool33b, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 1)
    (martyr,) = sc.field(1, ["TXT-402"])
    (gorgon,) = sc.hand(0, ["TXT-406"])
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[S.SHIELD_N]) > 0 and int(g.state[S.CHASE_N]) == 0, steps=30)
    s = g.state.copy()
    assert not _flying_shown(s, T, p, martyr)
    _destroy(K.RULES, s, T, gorgon)
    assert _flying_shown(s, T, p, martyr)


@pytest.mark.parametrize("later", [False, True])
def test_cr_909_3b_a_keyword_granted_after_the_loss_stays_one_granted_before_is_lost(pool33b, later):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool33b, turn_player=0, seed=3)
    (scholar,) = sc.field(0, ["TXT-404"])
    g = sc.game()
    T = pool33b.kernel_tables
    s = g.state.copy()
    if not later:
        _grant(K.RULES, s, scholar, K.KW_PIERCE, K.Duration.END_OF_TURN)
    _lose(K.RULES, s, scholar, K.Duration.END_OF_TURN)
    if later:
        _grant(K.RULES, s, scholar, K.KW_PIERCE, K.Duration.END_OF_TURN)
    assert bool(int(_reads(K.RULES, s, T, scholar)[0]) & K.KW_PIERCE) is later


@pytest.mark.parametrize("chant, draws", [("TXT-401", 0), ("TXT-405", 1)])
def test_cr_906_7b_a_card_destroyed_after_losing_its_abilities_triggers_nothing(pool33b, chant, draws):
    """"Target J/resonator loses all abilities until end of turn. Then destroy it.": the opponent's resonator with
    "When this card is put into a graveyard from your field, draw a card." goes to the graveyard without its ability
    triggering (read as it was in the field, CR 906.7b); destroyed by a plain "Destroy target J/resonator." it
    draws."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool33b, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 1)
    (martyr,) = sc.field(1, ["TXT-402"])
    (card,) = sc.hand(0, [chant])
    g = sc.game()
    hand1 = int(g.state[S.HAND_N + 1])
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD and int(g.state[S.CHASE_N]) == 0,
           steps=30)
    assert int(g.state[S.ZONE + martyr * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.HAND_N + 1]) == hand1 + draws


def test_cr_909_8_the_loss_lasts_as_long_as_its_source_is_in_the_field(pool33b):
    """"[Enter] => Target resonator your opponent controls loses all abilities as long as this card is in the field.":
    the opponent's resonator loses its printed [Flying] (a shield table entry, Shield.NO_ABILITIES), and has [Flying]
    again once the source leaves the field (replacement.shields_end_on)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool33b, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 1)
    (martyr,) = sc.field(1, ["TXT-402"])
    (gorgon,) = sc.hand(0, ["TXT-406"])
    g = sc.game()
    T = pool33b.kernel_tables
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[S.SHIELD_N]) > 0 and int(g.state[S.CHASE_N]) == 0, steps=30)
    assert int(g.state[S.ZONE + gorgon * S.CARD_W]) == K.Zone.FIELD
    s = g.state.copy()
    assert int(_reads(K.RULES, s, T, martyr)[0]) & K.KW_FLYING == 0
    _destroy(K.RULES, s, T, gorgon)
    assert int(s[S.ZONE + gorgon * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(_reads(K.RULES, s, T, martyr)[0]) & K.KW_FLYING


# ---- "when this card becomes rested" (CR 104.3) ---------------------------------------------------------------------
def test_cr_104_3_when_this_card_becomes_rested_is_the_becomes_rested_trigger():
    r = exact("Whenever this card becomes rested => You gain 1000 life.")
    assert r.abilities[0]["trigger"] == "becomes_rested"
    assert exact("When this card becomes rested >>> Draw a card.").abilities[0]["trigger"] == "becomes_rested"


@pytest.mark.parametrize("rested, gained", [(False, 1000), (True, 0)])
def test_cr_104_3_a_recovered_card_rested_by_an_effect_becomes_rested(pool33b, rested, gained):
    """"Rest target resonator." on the resonator with "Whenever this card becomes rested => You gain 1000 life.": it
    triggers when the resonator was recovered, not when it was already rested (CR 104.3: the same status)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool33b, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 1)
    (walker,) = sc.field(0, ["TXT-408"], rested=rested)
    (card,) = sc.hand(0, ["TXT-407"])
    g = sc.game()
    life = int(g.state[S.LIFE])
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD and int(g.state[S.CHASE_N]) == 0,
           steps=30)
    assert int(g.state[S.RESTED + walker * S.CARD_W]) == 1
    assert int(g.state[S.LIFE]) == life + gained


def test_cr_1013_2_resting_a_card_to_pay_its_cost_makes_it_become_rested(pool33b):
    """"{Rest}: Draw a card." of the same resonator: paying the rest cost triggers its "becomes rested" ability."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool33b, turn_player=0, seed=3)
    (walker,) = sc.field(0, ["TXT-408"])
    sc.row[S.ENTERED + walker * S.CARD_W] = -1  # controlled since the turn began (CR 905.3)
    g = sc.game()
    life = int(g.state[S.LIFE])
    hand = int(g.state[S.HAND_N])
    acts = [a for a in g.legal_actions().tolist() if K.ACTIVATE_BASE <= a < K.RULER_ACTIVATE_BASE]
    assert acts
    g.step(acts[0])
    _drive(g, lambda g: int(g.state[S.LIFE]) != life and int(g.state[S.CHASE_N]) == 0, steps=30)
    assert int(g.state[S.LIFE]) == life + 1000
    assert int(g.state[S.HAND_N]) == hand + 1


def test_cr_909_1d_loses_all_abilities_and_cannot_gain_abilities():
    r = exact("Target J/resonator loses all abilities and cannot gain abilities until end of turn.", "chant")
    assert r.fields["effect"][1] == {"op": "restrict", "restrictions": ["no_abilities", "cant_gain_abilities"],
                                     "duration": "end_of_turn"}


def test_cr_909_1d_a_card_that_cannot_gain_abilities_keeps_no_keyword_granted_after_the_loss(pool33b):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool33b, turn_player=0, seed=3)
    (scholar,) = sc.field(0, ["TXT-404"])
    g = sc.game()
    T = pool33b.kernel_tables
    s = g.state.copy()
    _restrict(K.RULES, s, scholar, K.RESTRICT_NO_ABILITIES | K.RESTRICT_CANT_GAIN_ABILITIES, K.Duration.END_OF_TURN)
    _grant(K.RULES, s, scholar, K.KW_PIERCE, K.Duration.END_OF_TURN)
    assert int(_reads(K.RULES, s, T, scholar)[0]) & K.KW_PIERCE == 0


def test_cr_707_1_you_cannot_play_this_ability_if_you_dont_control_is_play_only_if_you_control():
    r = exact('[Activate] Pay {0}: This card loses all abilities until end of turn. You cannot play this ability if you '
              'don\'t control "Made-up Tower".')
    a = r.abilities[0]
    assert a["condition"] == {"kind": "control_name", "value": "Made-up Tower"}
    assert a["effect"] == [{"op": "target_self"},
                           {"op": "restrict", "restrictions": ["no_abilities"], "duration": "end_of_turn"}]


def test_cr_907_1_a_magic_stone_that_lost_its_abilities_produces_no_will(pool33b):
    """Its will ability ("{Rest}: Produce {R}", CR 907.1) is one of the abilities it lost."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool33b, turn_player=0, seed=3)
    stone = sc.put(0, "FOW1-079", "field")  # a fire magic stone
    g = sc.game()
    T = pool33b.kernel_tables
    s = g.state.copy()
    assert int(_will(K.RULES, s, T, 0, stone)) == K.Attribute.FIRE
    _lose(K.RULES, s, stone, K.Duration.END_OF_TURN)
    assert int(_will(K.RULES, s, T, 0, stone)) == -1
