"""Force of Will card text, session 34 (s34a): "cannot attack resonators" (RESTRICT_CANT_ATTACK_RESONATORS), race lists
"<A> and <B> you control", "<cards> become(s) a [A/D] until end of turn" (Op.SET_POWER, RESTRICT_POWER_SET), "Destroy all
<cards> that share a name with another <card>" (Op.SELECT_SHARED_NAME) and the later pieces below. Lines are made up in
the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest
from numba import njit

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from tcg_env.games.force_of_will.battle import attackable, can_attack, must_attack_exists
from tcg_env.games.force_of_will.characteristics import atk_of, def_of, keywords_of
from tcg_env.games.force_of_will.effects import add_power, add_power_second, add_restrictions, grant_keywords, set_power
from tcg_env.games.force_of_will.play import ability_usable, will_producer
from tcg_env.games.force_of_will.replacement import shields_end_of_turn
from tcg_env.games.force_of_will.turn import end_of_turn_cleanup, recover_all
from test_fow_card_text import _drive, _imported_pool, exact, line
from test_fow_card_text_s23b import _all_exact
from test_fow_card_text_s24b import _card


def _chant(number, name, text):
    return _card(number, name, "Chant", [text])


# ---- the kernels' wrappers (the rules tag an argument: NUMBA_DISABLE_JIT or not) -------------------------------------
@njit(cache=True)
def _attackable(game, s, T, attacker, slot):
    return attackable(game, s, T, attacker, slot)


@njit(cache=True)
def _can_attack(game, s, T, p, slot):
    return can_attack(game, s, T, p, slot)


@njit(cache=True)
def _restrict(game, s, slot, bits, duration):
    add_restrictions(game, s, slot, bits, duration)


@njit(cache=True)
def _power(game, s, T, slot):
    return atk_of(game, s, T, slot), def_of(game, s, T, slot)


@njit(cache=True)
def _keywords(game, s, T, slot):
    return keywords_of(game, s, T, slot)


@njit(cache=True)
def _gain(game, s, slot, atk, df, duration):
    add_power(game, s, slot, atk, duration)
    add_power_second(game, s, slot, df, duration)


@njit(cache=True)
def _set(game, s, T, slot, atk, df):
    set_power(game, s, T, slot, atk, df)


@njit(cache=True)
def _grant(game, s, slot, bits, duration):
    grant_keywords(game, s, slot, bits, duration)


@njit(cache=True)
def _end_of_turn(game, s):
    end_of_turn_cleanup(game, s)


@pytest.fixture(scope="module")
def pool34a(tmp_path_factory):
    cards = [
        _card("TXT-501", "Made-up Brawler", "Resonator", [], ATK=500, DEF=500),
        _card("TXT-502", "Made-up Banner", "Resonator", ["Resonators you control gain [+200/+200]."], ATK=100, DEF=100),
        _chant("TXT-503", "Made-up Shrink", "Target resonator becomes a [900/900] until end of turn."),
        _chant("TXT-504", "Made-up Hex", "Target J/resonator loses all abilities and becomes a [0/100] until end of turn."),
        _card("TXT-505", "Made-up Flier", "Resonator", ["[Flying]"], ATK=800, DEF=800),
        _chant("TXT-506", "Made-up Mirror Purge",
               "Destroy all non-magic stone entities that share a name with another non-magic stone entity."),
        _chant("TXT-507", "Made-up Taunt", "Target resonator cannot attack resonators until end of turn."),
        _card("TXT-508", "Made-up Beastmaster", "Resonator", ["Beasts and Four Sacred Beasts you control gain [+200/+200]."],
              race=["Human"]),
        _card("TXT-509", "Made-up Wolf", "Resonator", [], race=["Beast"]),
        _card("TXT-510", "Made-up Tiger", "Resonator", [], race=["Four Sacred Beasts"]),
        _card("TXT-511", "Made-up Knight", "Resonator", [], race=["Knight"]),
        _chant("TXT-513", "Made-up Pacifism", "Prevent the next damage that would be dealt by target resonator."),
        _card("TXT-514", "Made-up Cannon", "Resonator", ["{Rest}: This card deals 300 damage to your opponent."]),
        _chant("TXT-515", "Made-up Purist", "Destroy target resonator with ATK different from its printed ATK or DEF "
                                            "different from its printed DEF."),
        _card("TXT-516", "Made-up Eclipse", "Resonator", [
            "Players cannot play activate abilities of resonators they control unless they control a Moon."]),
        _card("TXT-517", "Made-up Moonkin", "Resonator", [], race=["Moon"]),
        _card("TXT-518", "Made-up Druid", "Resonator", ["{Rest}: Produce {G}."]),
        _chant("TXT-520", "Made-up Amnesia", "Each player discards their hand. Draw a card."),
        _chant("TXT-521", "Made-up Recall", "Put target card from your removed area into your hand."),
        {"id": "TXT-512", "name": "Made-up Warlord", "type": ["Ruler"], "cost": None, "colour": ["R"],
         "abilities": ["[Judgment] {R}"]},
        {"id": "TXT-512J", "name": "Made-up Warlord, Crowned", "type": ["J-Ruler"], "cost": None, "colour": ["R"],
         "abilities": [], "ATK": 1000, "DEF": 1000, "race": ["Human"]},
    ]
    res, pool = _imported_pool(tmp_path_factory.mktemp("s34a"), cards)
    _all_exact(res)
    return pool


@pytest.fixture(scope="module")
def pool34a_more(tmp_path_factory):
    cards = [
        _card("TXT-511", "Made-up Knight", "Resonator", [], race=["Knight"]),
        _card("TXT-519", "Made-up Warlust", "Resonator", ["[Continuous]: Resonators must attack if able."]),
        _card("TXT-523", "Made-up Sleeper", "Resonator", ["This card doesn't recover during the recovery phase."]),
        _card("TXT-524", "Made-up Taunter", "Resonator", ["[Continuous]: Your opponent must block this card if able."]),
        _card("TXT-522", "Made-up Berserker", "Resonator", [
            "[Continuous]: As you choose a card to attack, you must choose this card if able."]),
    ]
    res, pool = _imported_pool(tmp_path_factory.mktemp("s34a_more"), cards)
    _all_exact(res)
    return pool


def _play_first(g, card, steps=30):
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD and int(g.state[S.CHASE_N]) == 0,
           steps=steps)


# ---- "cannot attack resonators" (CR 803.3b) -------------------------------------------------------------------------
def test_cr_803_3b_cannot_attack_resonators_is_its_restriction():
    r = exact("Target resonator cannot attack resonators until end of turn.", "chant")
    assert r.fields["effect"][1] == {"op": "restrict", "restrictions": ["cant_attack_resonators"],
                                     "duration": "end_of_turn"}
    r2 = exact("Resonators your opponent controls cannot attack resonators you control until end of turn.", "chant")
    assert r2.fields["effect"][1]["restrictions"] == ["cant_attack_resonators"]
    r3 = exact("Added resonator cannot attack resonators.", "addition", addition="resonator")
    assert r3.abilities[0]["effect"][0]["restrictions"] == ["cant_attack_resonators"]


def test_cr_803_3b_a_card_that_cannot_attack_resonators_attacks_the_player_and_a_j_ruler(pool34a):
    """The opponent's rested resonator is no attacked object for it, the opponent's rested J-ruler still is, and it can
    still attack (the player is always an attacked object)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool34a, turn_player=0, seed=3)
    (brawler,) = sc.field(0, ["TXT-501"])
    knight, warlord = sc.field(1, ["TXT-511", "TXT-512J"], rested=True)
    g = sc.game()
    T = pool34a.kernel_tables
    s = g.state.copy()
    assert _attackable(K.RULES, s, T, brawler, knight) and _attackable(K.RULES, s, T, brawler, warlord)
    _restrict(K.RULES, s, brawler, K.RESTRICT_CANT_ATTACK_RESONATORS, K.Duration.END_OF_TURN)
    assert not _attackable(K.RULES, s, T, brawler, knight)
    assert _attackable(K.RULES, s, T, brawler, warlord)
    assert _can_attack(K.RULES, s, T, 0, brawler)


def test_cr_803_3b_the_chant_puts_the_restriction_on_its_target(pool34a):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool34a, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 1)
    (knight,) = sc.field(1, ["TXT-511"])
    (card,) = sc.hand(0, ["TXT-507"])
    g = sc.game()
    _play_first(g, card)
    assert int(g.state[S.RST_EOT + knight * S.CARD_W]) & K.RESTRICT_CANT_ATTACK_RESONATORS


# ---- race lists (CR 205) ---------------------------------------------------------------------------------------------
def test_cr_205_a_list_of_two_races_is_either_race():
    races = frozenset({"Beast", "Four Sacred Beasts", "Elf"})
    r = exact("Beasts and Four Sacred Beasts you control gain [+200/+200].", races=races)
    assert r.abilities[0]["effect"][0]["filter"] == {"race": "Beast", "race_or": "Four Sacred Beasts", "side": "own"}
    r2 = exact("Beasts and Elves you control gain [+200/+200].", races=races)
    assert r2.abilities[0]["effect"][0]["filter"] == {"race": "Beast", "race_or": "Elf", "side": "own"}


def test_cr_205_beasts_and_four_sacred_beasts_gain_and_a_knight_does_not(pool34a):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool34a, turn_player=0, seed=3)
    _master, wolf, tiger, knight = sc.field(0, ["TXT-508", "TXT-509", "TXT-510", "TXT-511"])
    g = sc.game()
    T = pool34a.kernel_tables
    s = g.state.copy()
    assert tuple(map(int, _power(K.RULES, s, T, wolf))) == (300, 300)
    assert tuple(map(int, _power(K.RULES, s, T, tiger))) == (300, 300)
    assert tuple(map(int, _power(K.RULES, s, T, knight))) == (100, 100)


# ---- "becomes a [A/D] until end of turn" (CR 909.1g, 909.1h, 909.3b) --------------------------------------------------
def test_cr_909_1g_becomes_a_power_is_set_power():
    r = exact("Target resonator becomes a [900/900] until end of turn.", "chant")
    assert r.fields["effect"][1] == {"op": "set_power", "atk": 900, "defense": 900}
    r2 = exact("Target J/resonator loses all abilities and becomes a [600/600] until end of turn.", "chant")
    assert [op["op"] for op in r2.fields["effect"]] == ["choose", "restrict", "set_power"]


@pytest.mark.parametrize("text", [
    "Target resonator becomes a [900/900].",  # no duration
    "Target magic stone becomes a [1000/1000] until end of turn.",  # a magic stone has no ATK/DEF to set
    "Target resonator becomes a [+200/+200] until end of turn.",
])
def test_cr_909_1g_other_becomes_stay_unsupported(text):
    assert line(text, "chant").verdict is Verdict.UNSUPPORTED


def test_cr_909_1g_the_set_values_overwrite_earlier_changes_and_the_continuous_abilities(pool34a):
    """The brawler [500/500] under the banner's "+200/+200" with an earlier +300/+300 of a one-time effect: it becomes
    [900/900] (both overwritten, CR 909.3b: the continuous ability taken as older); a later +100/+100 and [+100/+100]
    counters apply on top (CR 909.1h); at the end of turn it is [500/500] + 200 + counters again."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool34a, turn_player=0, seed=3)
    brawler, _banner = sc.field(0, ["TXT-501", "TXT-502"])
    g = sc.game()
    T = pool34a.kernel_tables
    s = g.state.copy()
    assert tuple(map(int, _power(K.RULES, s, T, brawler))) == (700, 700)
    _gain(K.RULES, s, brawler, 300, 300, K.Duration.END_OF_TURN)
    _gain(K.RULES, s, brawler, 100, 0, K.Duration.END_OF_BATTLE)
    _gain(K.RULES, s, brawler, 0, 100, K.Duration.PERMANENT)
    assert tuple(map(int, _power(K.RULES, s, T, brawler))) == (1100, 1100)
    _set(K.RULES, s, T, brawler, 900, 900)
    assert tuple(map(int, _power(K.RULES, s, T, brawler))) == (900, 900)
    _gain(K.RULES, s, brawler, 100, 100, K.Duration.END_OF_TURN)
    s[S.COUNTERS + brawler * S.CARD_W] = 2
    assert tuple(map(int, _power(K.RULES, s, T, brawler))) == (1200, 1200)
    _end_of_turn(K.RULES, s)
    s[S.ATK_EOB + brawler * S.CARD_W] = 0  # (the battle ended long before)
    assert tuple(map(int, _power(K.RULES, s, T, brawler))) == (500 + 200 + 200, 500 + 100 + 200 + 200)


def test_cr_909_1g_the_chant_sets_the_target_and_the_loss_takes_its_keywords(pool34a):
    """"Target J/resonator loses all abilities and becomes a [0/100] until end of turn." on the opponent's [Flying]
    [800/800]: [0/100] without [Flying]."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool34a, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 1)
    (flier,) = sc.field(1, ["TXT-505"])
    (card,) = sc.hand(0, ["TXT-504"])
    g = sc.game()
    T = pool34a.kernel_tables
    _play_first(g, card)
    s = g.state.copy()
    assert tuple(map(int, _power(K.RULES, s, T, flier))) == (0, 100)
    assert int(_keywords(K.RULES, s, T, flier)) & K.KW_FLYING == 0


def test_cr_909_1g_a_set_resonator_dies_to_its_damage(pool34a):
    """"Target resonator becomes a [900/900] until end of turn." read as it resolves: the brawler, 500 damage on it,
    survives at [900/900]; the shrink to a [100/100] would not (the rule process, CR 1204, reads the set DEF)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool34a, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 1)
    (brawler,) = sc.field(1, ["TXT-501"])
    (card,) = sc.hand(0, ["TXT-503"])
    g = sc.game()
    T = pool34a.kernel_tables
    _play_first(g, card)
    assert tuple(map(int, _power(K.RULES, g.state.copy(), T, brawler))) == (900, 900)
    assert int(g.state[S.ZONE + brawler * S.CARD_W]) == K.Zone.FIELD


# ---- "Destroy all <cards> that share a name with another <card>." (CR 202, 1010) -------------------------------------
def test_cr_202_share_a_name_with_another_is_select_shared_name():
    r = exact("Destroy all non-magic stone entities that share a name with another non-magic stone entity.", "chant")
    assert [op["op"] for op in r.fields["effect"]] == ["select_shared_name", "destroy"]
    assert line("Destroy all resonators that share a name with another addition.", "chant").verdict is \
        Verdict.UNSUPPORTED


def test_cr_202_the_cards_sharing_a_name_are_destroyed_the_others_stay(pool34a):
    """Two brawlers (one each side) and a lone knight and flier: both brawlers go, the others stay."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool34a, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 1)
    b0, knight = sc.field(0, ["TXT-501", "TXT-511"])
    b1, flier = sc.field(1, ["TXT-501", "TXT-505"])
    (card,) = sc.hand(0, ["TXT-506"])
    g = sc.game()
    _play_first(g, card)
    zone = lambda slot: int(g.state[S.ZONE + slot * S.CARD_W])  # noqa: E731
    assert zone(b0) == K.Zone.GRAVEYARD and zone(b1) == K.Zone.GRAVEYARD
    assert zone(knight) == K.Zone.FIELD and zone(flier) == K.Zone.FIELD


# ---- "Prevent the next damage that would be dealt by <target>." (CR 1018.1b) -----------------------------------------
def test_cr_1018_1b_the_next_damage_dealt_by_a_target_is_prevent_from_next():
    r = exact("Prevent the next damage that would be dealt by target resonator.", "chant")
    assert r.fields["effect"][1] == {"op": "prevent_from", "amount": "next_until_used"}
    r2 = exact("Prevent the next damage that would be dealt by target resonator this turn.", "chant")
    assert r2.fields["effect"][1] == {"op": "prevent_from", "amount": "next"}


def _cannon_shot(g, cannon):
    acts = [a for a in g.legal_actions().tolist() if K.ACTIVATE_BASE <= a < K.RULER_ACTIVATE_BASE]
    assert acts
    life = int(g.state[S.LIFE + 1])
    g.step(acts[0])
    _drive(g, lambda g: int(g.state[S.CHASE_N]) == 0, steps=30)
    return life - int(g.state[S.LIFE + 1])


@pytest.mark.parametrize("chant, past_end_of_turn", [(True, False), (True, True), (False, False)])
def test_cr_1018_1b_the_next_damage_of_the_target_is_prevented_once(pool34a, chant, past_end_of_turn):
    """The chant on our own cannon (made up: "{Rest}: This card deals 300 damage to your opponent."): its next damage is
    prevented, all of it, and the entry is used up (without the chant the shot deals 300). Without a duration the
    entry outlasts the end of the turn (replacement.shields_end_of_turn keeps it) until it is used."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool34a, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 1)
    (cannon,) = sc.field(0, ["TXT-514"])
    (card,) = sc.hand(0, ["TXT-513"])
    g = sc.game()
    if chant:
        _play_first(g, card)
        assert int(g.state[S.SHIELD_N]) == 1
    if past_end_of_turn:
        s = g.state.copy()
        _shields_eot(K.RULES, s)
        assert int(s[S.SHIELD_N]) == 1  # kept: "the next damage", until it is used
    assert _cannon_shot(g, cannon) == (0 if chant else 300)
    assert int(g.state[S.SHIELD_N]) == 0


@njit(cache=True)
def _shields_eot(game, s):
    shields_end_of_turn(game, s)


# ---- "with ATK different from its printed ATK or DEF different from its printed DEF" (CR 909.7) ----------------------
def test_cr_909_7_printed_atk_or_def_different_is_the_power_not_printed_state():
    r = exact("Destroy target resonator with ATK different from its printed ATK or DEF different from its printed DEF.",
              "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["resonator"], "state": "power_not_printed"}


def test_cr_909_7_only_a_resonator_whose_values_changed_is_a_legal_target(pool34a):
    """The brawler and the banner itself under the banner's "+200/+200" (a continuous ability) and a lone knight with a
    [+100/+100] counter are targets; the flier, as printed, is not."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool34a, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 1)
    brawler, _banner = sc.field(1, ["TXT-501", "TXT-502"])
    knight, flier = sc.field(0, ["TXT-511", "TXT-505"])
    sc.row[S.COUNTERS + knight * S.CARD_W] = 1
    (card,) = sc.hand(0, ["TXT-515"])
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    cands = {int(g.state[S.CAND + i]) for i in range(int(g.state[S.CAND_N]))}
    assert brawler in cands and knight in cands and _banner in cands and flier not in cands


# ---- "Players cannot play activate abilities of <cards> they control unless they control a <card>." (CR 904, 905, 907.1)
def test_cr_905_the_activate_lock_is_a_continuous_ability():
    r = exact("Players cannot play activate abilities of resonators they control unless they control a Moon.",
              races=frozenset({"Moon"}))
    assert r.abilities == [{"kind": "continuous", "effect": [{
        "op": "activate_lock", "filter": {"type": ["resonator"], "side": "own"},
        "unless": {"race": "Moon", "side": "own"}}]}]
    assert line("Players cannot play activate abilities of resonators they control unless they control a Moon.",
                "chant", races=frozenset({"Moon"})).verdict is Verdict.UNSUPPORTED


@njit(cache=True)
def _usable(game, s, T, p, slot):
    return ability_usable(game, s, T, p, slot, 0)


@njit(cache=True)
def _will(game, s, T, p, slot):
    return will_producer(game, s, T, p, slot, False)


@pytest.mark.parametrize("moon", [False, True])
def test_cr_907_1_without_a_moon_no_activate_or_will_ability_of_a_resonator(pool34a, moon):
    """The opponent's eclipse locks both players: our cannon's activate ability and our druid's will ability
    ("{Rest}: Produce {G}.", an activate ability that produces will, CR 907.1) are not playable unless we control a
    Moon."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool34a, turn_player=0, seed=3)
    sc.field(1, ["TXT-516"])
    cannon, druid = sc.field(0, ["TXT-514", "TXT-518"])
    if moon:
        sc.field(0, ["TXT-517"])
    g = sc.game()
    T = pool34a.kernel_tables
    s = g.state.copy()
    assert bool(_usable(K.RULES, s, T, 0, cannon)) is moon
    assert bool(_usable(K.RULES, s, T, 0, druid)) is moon  # (a printed will ability: an ability row of kind will)


# ---- "<cards> must attack if able." is [Bloodlust] (CR 1123.2, 712.2) ------------------------------------------------
def test_cr_1123_2_must_attack_if_able_is_bloodlust():
    r = exact("[Continuous]: This card must attack if able.")
    assert r.abilities[0]["effect"] == [{"op": "aura_keyword", "keywords": ["bloodlust"], "filter": {"self_only": True}}]
    r2 = exact("[Continuous]: Resonators must attack if able.")
    assert r2.abilities[0]["effect"] == [{"op": "aura_keyword", "keywords": ["bloodlust"],
                                          "filter": {"type": ["resonator"]}}]
    assert line("Your opponent must attack this card if able.").verdict is Verdict.UNSUPPORTED


@njit(cache=True)
def _must_attack(game, s, T, p):
    return must_attack_exists(game, s, T, p)


def test_cr_712_2_resonators_must_attack_keeps_the_player_from_passing(pool34a_more):
    """The opponent's "[Continuous]: Resonators must attack if able." makes our resonator that can attack one that must
    (CR 712.2: the player may not pass at main timing)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = pool34a_more
    sc = Scenario.main_phase(pool, turn_player=0, seed=3)
    (knight,) = sc.field(0, ["TXT-511"])
    g = sc.game()
    T = pool.kernel_tables
    assert not _must_attack(K.RULES, g.state.copy(), T, 0)
    sc = Scenario.main_phase(pool, turn_player=0, seed=3)
    (knight,) = sc.field(0, ["TXT-511"])
    sc.field(1, ["TXT-519"])
    g = sc.game()
    assert _must_attack(K.RULES, g.state.copy(), T, 0)
    assert K.PASS not in g.legal_actions().tolist()


def test_the_lists_misprints_read_as_meant():
    r = exact("Target J/resonator you control and target J/resonator your opponent control deal damage equal to their ATK "
              "to each other.", "chant")
    assert [op["op"] for op in r.fields["effect"]] == ["choose", "choose", "damage", "damage"]
    r2 = exact("[Continuous]: This card gains [+200/+200] for each spell card in your graveyard.")
    assert r2.abilities[0]["effect"][0]["per"]["count"] == "graveyard"


# ---- "<player> discards their hand" (CR 1019.1) ----------------------------------------------------------------------
@pytest.mark.parametrize("text, ops", [
    ("[Enter]: Your opponent discards all cards from his or her hand.", [("discard_hand", "opponent")]),
    ("[Enter] >>> Each player discards their hand.", [("discard_hand", "controller"), ("discard_hand", "opponent")]),
])
def test_cr_1019_1_discarding_a_hand_is_discard_hand(text, ops):
    r = exact(text)
    assert [(op["op"], op["who"]) for op in r.abilities[0]["effect"]] == ops


def test_cr_1019_1_each_player_discards_their_hand(pool34a):
    """"Each player discards their hand. Draw a card." (a made-up chant): both hands go to their owners' graveyards,
    then its controller draws one."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool34a, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 1)
    (card,) = sc.hand(0, ["TXT-520"])
    mine = sc.hand(0, ["TXT-511", "TXT-505"])
    theirs = sc.hand(1, ["TXT-511", "TXT-501", "TXT-505"])
    g = sc.game()
    _play_first(g, card)
    for slot in mine + theirs:
        assert int(g.state[S.ZONE + slot * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.HAND_N]) == 1 and int(g.state[S.HAND_N + 1]) == 0


# ---- "Put target <card> from your removed area into your hand." (CR 903.2g, 311) -------------------------------------
def test_cr_903_2g_a_target_from_your_removed_area_is_removed_to_hand():
    r = exact("Put target card from your removed area into your hand.", "chant")
    assert r.fields["effect"] == [{"op": "choose", "filter": {"zone": "removed", "side": "own"}},
                                  {"op": "removed_to_hand"}]


def test_cr_903_2g_the_chant_returns_a_removed_card_and_needs_one_to_be_played(pool34a):
    """Our removed knight is the target (the opponent's removed card is not: "your removed area"); without a card in our
    removed area the chant has no legal target and is not offered (CR 903.2g)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool34a, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 1)
    (card,) = sc.hand(0, ["TXT-521"])
    sc.put(1, "TXT-505", K.Zone.REMOVED)
    g = sc.game()
    assert K.PLAY_HAND_BASE not in g.legal_actions().tolist()
    sc = Scenario.main_phase(pool34a, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 1)
    (card,) = sc.hand(0, ["TXT-521"])
    knight = sc.put(0, "TXT-511", K.Zone.REMOVED)
    sc.put(1, "TXT-505", K.Zone.REMOVED)
    g = sc.game()
    _play_first(g, card)
    assert int(g.state[S.ZONE + knight * S.CARD_W]) == K.Zone.HAND


# ---- "As you choose a card to attack, you must choose this card if able." (CR 803.3a) --------------------------------
def test_cr_803_3a_you_must_choose_this_card_is_must_be_attacker():
    r = exact("[Continuous]: As you choose a card to attack, you must choose this card if able.")
    assert r.abilities == [{"kind": "continuous", "effect": [{"op": "must_be_attacker"}]}]
    assert line("As you choose a card to attack, you must choose this card if able.", "addition").verdict is \
        Verdict.UNSUPPORTED


@pytest.mark.parametrize("berserker_rested", [False, True])
def test_cr_803_3a_the_attacker_must_be_this_card_while_it_can_attack(pool34a_more, berserker_rested):
    """The berserker ("you must choose this card if able") beside a knight: while it can attack it is the only legal
    attacker, and the player may still forfeit (no attack is forced, CR 803.3); rested, the knight may attack."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool34a_more, turn_player=0, seed=1)
    berserker = sc.put(0, "TXT-522", "field", rested=berserker_rested)
    knight = sc.put(0, "TXT-511", "field")
    g = sc.game()
    g.step(K.BATTLE)
    for _ in range(6):  # the beginning of battle: priority passes (CR 802)
        if int(g.state[H_DECISION]) == K.Decision.ATTACKER:
            break
        g.step(K.PASS)
    assert int(g.state[H_DECISION]) == K.Decision.ATTACKER
    field = sc.zone(0, "field")
    legal = set(g.legal_actions().tolist())
    assert (K.OWN_FIELD_BASE + field.index(berserker) in legal) is not berserker_rested
    assert (K.OWN_FIELD_BASE + field.index(knight) in legal) is berserker_rested
    assert K.PASS in legal


# ---- "<cards> doesn't recover during the recovery phase" (a continuous ability, CR 503.5, 904) -----------------------
def test_cr_503_5_doesnt_recover_during_the_recovery_phase_is_a_continuous_restriction():
    r = exact("[Continuous]: This card doesn't recover during the recovery phase.")
    assert r.abilities == [{"kind": "continuous", "effect": [{"op": "aura_restrict", "restrictions": ["cant_recover"],
                                                              "filter": {"self_only": True}}]}]
    assert line("Target resonator doesn't recover during the recovery phase.", "chant").verdict is Verdict.UNSUPPORTED


@njit(cache=True)
def _recover_all(game, s, T, p):
    recover_all(game, s, T, p)


def test_cr_503_5_the_card_stays_rested_in_every_recovery_phase(pool34a_more):
    """The sleeper stays rested in each recovery phase (not only the next one); the knight beside it recovers."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool34a_more, turn_player=0, seed=1)
    sleeper = sc.put(0, "TXT-523", "field", rested=True)
    knight = sc.put(0, "TXT-511", "field", rested=True)
    g = sc.game()
    T = pool34a_more.kernel_tables
    s = g.state.copy()
    for _ in range(2):
        _recover_all(K.RULES, s, T, 0)
        assert int(s[S.RESTED + sleeper * S.CARD_W]) == 1
        assert int(s[S.RESTED + knight * S.CARD_W]) == 0
        s[S.RESTED + knight * S.CARD_W] = 1


# ---- "Your opponent must block this card if able." (CR 804.3) --------------------------------------------------------
def test_cr_804_3_your_opponent_must_block_this_card_is_must_be_blocked():
    r = exact("[Continuous]: Your opponent must block this card if able.")
    assert r.abilities == [{"kind": "continuous", "effect": [{"op": "must_be_blocked"}]}]


@pytest.mark.parametrize("attacker, may_pass", [("TXT-524", False), ("TXT-511", True)])
def test_cr_804_3_the_defender_must_block_the_card_if_able(pool34a_more, attacker, may_pass):
    """The taunter attacks the player: the defender's recovered knight must block it (no PASS at the block); a plain
    knight's attack may go unblocked."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool34a_more, turn_player=0, seed=1)
    runner = sc.put(0, attacker, "field")
    sc.put(1, "TXT-511", "field")
    g = sc.game()
    g.step(K.BATTLE)
    for _ in range(20):
        d = int(g.state[H_DECISION])
        if d == K.Decision.BLOCK:
            break
        if d == K.Decision.ATTACKER:
            g.step(K.OWN_FIELD_BASE + sc.zone(0, "field").index(runner))
        elif d == K.Decision.ATTACKED:
            g.step(K.ATTACK_PLAYER)
        else:
            g.step(K.PASS)
    assert int(g.state[H_DECISION]) == K.Decision.BLOCK
    legal = g.legal_actions().tolist()
    assert any(K.OWN_FIELD_BASE <= a < K.OWN_FIELD_BASE + K.FIELD_SLOTS for a in legal)
    assert (K.PASS in legal) is may_pass
