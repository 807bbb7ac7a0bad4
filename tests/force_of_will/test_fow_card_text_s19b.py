"""Force of Will card text, session 19 (branch s19-fowb): a ruler's continuous abilities work from its ruler area (CR
902.1b; the one scan of the continuous abilities in force, ``characteristics.next_continuous``), and effect sentences of
the long tail. Lines are made up in the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.characteristics import (
    AURA_ALL, atk_of, continuous_in_field, cost_reduction, def_of, field_aura_sums, restrictions_of)
from tcg_env.games.force_of_will.play import hand_quickcast
from test_fow_card_text import _imported_pool, exact, line


def _card(number, name, ctype, abilities, cost="{R}", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": ["R"], "abilities": abilities, **kw}


def _ruler(number, name, abilities):
    return {"id": number, "name": name, "type": ["Ruler"], "cost": None, "colour": ["G"], "abilities": abilities}


def _all_exact(res):
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [
        (r.name, [x.reason for x in r.lines]) for r in res.text_records]


def _with_ruler(pool, ruler, player=0, seed=1):
    """A main-phase scenario with player ``player``'s ruler (in its ruler area) replaced by ``ruler``."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=seed)
    slot = K.RULER_SLOT + player * K.PLAYER_SLOTS
    assert int(sc.row[S.ZONE + slot * S.CARD_W]) == K.Zone.RULER_AREA
    if ruler is not None:
        sc.row[S.CARD + slot * S.CARD_W] = pool.index[ruler]
    return sc


# ---- CR 902.1b: a ruler's continuous abilities are in force in its ruler area --------------------------------------
def _ruler_aura_pool(tmp_path):
    cards = [_ruler("TXT-001", "Made-up Warden", ["Resonators you control gain [+100/+200]."]),
             _ruler("TXT-002", "Made-up Jailer", ["Resonators your opponent controls cannot attack."]),
             _ruler("TXT-003", "Made-up Plain Ruler", []),
             _card("TXT-010", "Made-up Pup", "Resonator", [], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    return pool


# njit wrappers of the rules' reads (internal helpers have no Python entry; cached: compiled once): (ATK, DEF) and
# restrictions of a card, the field_aura_sums of the whole field, the cost reduction of a hand card, the hand
# [Quickcast], continuous_in_field's mask
@njit(cache=True)
def _values(s, T, slot):
    return atk_of(K.RULES, s, T, slot), def_of(K.RULES, s, T, slot), restrictions_of(K.RULES, s, T, slot)


@njit(cache=True)
def _field_sums(s, T, n):
    sums = np.zeros(4 * n + 4, np.int64)
    field_aura_sums(K.RULES, s, T, AURA_ALL, continuous_in_field(s, T), sums)
    return sums


@njit(cache=True)
def _reduction(s, T, p, slot):
    return cost_reduction(K.RULES, s, T, p, slot)


@njit(cache=True)
def _quickcast(s, T, p, slot):
    return hand_quickcast(K.RULES, s, T, p, slot)


@njit(cache=True)
def _sources(s, T):
    return continuous_in_field(s, T)


def _kernel_reads():
    return _values, _field_sums, _reduction, _quickcast, _sources


@pytest.mark.parametrize("ruler, own_bonus", [("TXT-001", (100, 200)), ("TXT-003", (0, 0))])
def test_cr_902_1b_a_rulers_aura_applies_from_its_ruler_area(tmp_path, ruler, own_bonus):
    """"Resonators you control gain [+100/+200]." on player 0's ruler (in its ruler area, no card of a field) changes
    player 0's resonators (characteristics.aura_sums; the observation's field_aura_sums agrees), not player 1's."""
    from tcg_env.games.force_of_will.characteristics import SRC_RULER

    values, field_sums, _, _, sources = _kernel_reads()
    pool = _ruler_aura_pool(tmp_path)
    sc = _with_ruler(pool, ruler)
    (mine,) = sc.field(0, ["TXT-010"])
    (theirs,) = sc.field(1, ["TXT-010"])
    g = sc.game()
    T = pool.kernel_tables
    assert ((int(sources(g.state, T)) >> SRC_RULER) & 1) == (ruler == "TXT-001")
    assert tuple(map(int, values(g.state, T, mine)[:2])) == (100 + own_bonus[0], 100 + own_bonus[1])
    assert tuple(map(int, values(g.state, T, theirs)[:2])) == (100, 100)
    # the whole field at once (field_aura_sums, the observation's read): the same changes
    f0 = [int(x) for x in sc.zone(0, "field")]
    f1 = [int(x) for x in sc.zone(1, "field")]
    sums = field_sums(g.state, T, len(f0) + len(f1))
    assert tuple(int(x) for x in sums[4 * f0.index(mine):4 * f0.index(mine) + 2]) == own_bonus
    k = len(f0) + f1.index(theirs)
    assert tuple(int(x) for x in sums[4 * k:4 * k + 2]) == (0, 0)


def test_cr_902_1b_a_rulers_restriction_applies_from_its_ruler_area(tmp_path):
    """"Resonators your opponent controls cannot attack." on player 1's ruler: player 0's resonator cannot attack
    (restrictions_of reads aura_sums' restrictions); with a plain ruler it can."""
    from tcg_env.games.force_of_will import constants as K

    values, _, _, _, _ = _kernel_reads()
    pool = _ruler_aura_pool(tmp_path)
    for ruler, barred in (("TXT-002", True), ("TXT-003", False)):
        sc = _with_ruler(pool, ruler, player=1)
        (pup,) = sc.field(0, ["TXT-010"])
        g = sc.game()
        assert bool(int(values(g.state, pool.kernel_tables, pup)[2]) & K.RESTRICT_CANT_ATTACK) is barred


@pytest.mark.parametrize("ruler, offered", [("TXT-004", True), ("TXT-003", False)])
def test_cr_902_1b_and_1111_2_a_rulers_quickcast_for_hand_cards_applies_from_its_ruler_area(tmp_path, ruler, offered):
    """"Wind resonators in your hand gain [Quickcast]." on player 0's ruler: player 0's wind resonator in the hand has
    [Quickcast] (play.hand_quickcast reads the abilities in force in the ruler area), its fire resonator not; with the
    chant on the chase (no main timing) only the wind one is offered."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    _, _, _, quickcast, _ = _kernel_reads()
    cards = [_ruler("TXT-004", "Made-up Gale Ruler", ["Wind resonators in your hand gain [Quickcast]."]),
             _ruler("TXT-003", "Made-up Plain Ruler", []),
             _card("TXT-011", "Made-up Wind Pup", "Resonator", [], cost="{G}", colour="G", ATK=100, DEF=100),
             _card("TXT-012", "Made-up Fire Pup", "Resonator", [], ATK=100, DEF=100),
             _card("TXT-013", "Made-up Study", "Chant", ["Draw a card."], cost="{G}", colour="G")]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = _with_ruler(pool, ruler)
    study, wind, fire = sc.hand(0, ["TXT-013", "TXT-011", "TXT-012"])
    sc.will(0, K.Attribute.WIND, 2)
    sc.will(0, K.Attribute.FIRE, 1)
    g = sc.game()
    T = pool.kernel_tables
    assert bool(quickcast(g.state, T, 0, wind)) is offered and not quickcast(g.state, T, 0, fire)
    hand = [int(x) for x in sc.zone(0, "hand")]
    g.step(K.PLAY_HAND_BASE + hand.index(study))
    hand = [int(x) for x in Scenario(g).zone(0, "hand")]
    legal = g.legal_actions().tolist()
    assert (K.PLAY_HAND_BASE + hand.index(wind) in legal) is offered
    assert K.PLAY_HAND_BASE + hand.index(fire) not in legal


# ---- CR 907: "{Rest}: Produce one will of any attribute shared with your J/ruler." -----------------------------------
def _will(g, p, attr):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    return int(g.state[S.WILL + p * K.N_WILL + int(attr)])


def test_cr_907_a_will_shared_with_your_j_ruler_compiles_to_modes_marked_shared():
    r = exact("{Rest}: Produce one will of any attribute shared with your J/ruler.")
    (ab,) = r.abilities
    modes = ab["effect"][0]["modes"]
    assert ab["kind"] == "will" and [m[0]["will"] for m in modes] == ["light", "fire", "water", "wind", "darkness"]
    assert all(m == [{"op": "produce_will", "will": m[0]["will"], "shared_with_ruler": True}] for m in modes)
    # a magic stone's: a will ability as any card's (its will field has no such choice)
    assert exact("{Rest}: Produce one will of any attribute shared with your J/ruler.", "magic_stone").abilities == [ab]
    # without {Rest} (paid with will, again and again): not compiled, as any will ability paid with will
    assert line("{1}: Produce one will of any attribute shared with your J/ruler.").verdict is Verdict.UNSUPPORTED


@pytest.mark.parametrize("colours, offered", [(["G", "B"], [3, 4]), (["W"], [0]), ([], [])])
def test_cr_907_a_will_shared_with_your_j_ruler_offers_only_its_attributes(tmp_path, colours, offered):
    """The will ability offers the modes of the J/ruler's attributes only (effects.mode_open: CHOOSE_MODE's answers);
    the chosen will is in the pool (CR 907.4). A void J/ruler shares none: the ability is not offered at all."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K

    cards = [{"id": "TXT-001", "name": "Made-up Prism Ruler", "type": ["Ruler"], "cost": None, "colour": colours,
              "abilities": []},
             _card("TXT-010", "Made-up Attuned Sprite", "Resonator",
                   ["{Rest}: Produce one will of any attribute shared with your J/ruler."], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = _with_ruler(pool, "TXT-001")
    (sprite,) = sc.field(0, ["TXT-010"])
    g = sc.game()
    act = K.ACTIVATE_BASE + [int(x) for x in sc.zone(0, "field")].index(sprite) * K.ABILITIES_PER_CARD
    assert (act in g.legal_actions().tolist()) is bool(offered)
    if not offered:
        return
    before = [_will(g, 0, k) for k in K.Attribute]
    g.step(act)
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE
    legal = g.legal_actions().tolist()
    assert [k for k in range(5) if K.OPTION_BASE + k in legal] == offered
    g.step(K.OPTION_BASE + offered[-1])
    after = [_will(g, 0, k) for k in K.Attribute]
    assert after[offered[-1]] == before[offered[-1]] + 1 and sum(after) == sum(before) + 1


# ---- CR 1007.1: "damaged <cards>": with damage on them -------------------------------------------------------------
def test_cr_1007_1_damaged_is_a_filter_state():
    r = exact("Destroy target damaged resonator.", "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["resonator"], "state": "damaged"}
    r = exact("Destroy all damaged resonators your opponent controls.", "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["resonator"], "state": "damaged", "side": "opponent"}


def test_cr_1007_1_destroy_target_damaged_resonator_targets_only_a_resonator_with_damage(tmp_path):
    """Only the resonator with damage on it (DAMAGE > 0) is a legal target; the chant destroys it."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    cards = [_card("TXT-001", "Made-up Finisher", "Chant", ["Destroy target damaged resonator."]),
             _card("TXT-010", "Made-up Pup", "Resonator", [], ATK=100, DEF=500)]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = _with_ruler(pool, None)
    (chant,) = sc.hand(0, ["TXT-001"])
    hurt, whole = sc.field(1, ["TXT-010", "TXT-010"])
    sc.row[S.DAMAGE + hurt * S.CARD_W] = 200
    sc.will(0, K.Attribute.FIRE, 1)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE + [int(x) for x in sc.zone(0, "hand")].index(chant))
    for _ in range(10):
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
            cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
            assert hurt in cands and whole not in cands
            g.step(K.OPTION_BASE + cands.index(hurt))
        elif int(g.state[H_DECISION]) == K.Decision.PRIORITY and int(g.state[S.CHASE_N]) > 0:
            g.step(K.PASS)
        else:
            break
    assert int(g.state[S.ZONE + hurt * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.ZONE + whole * S.CARD_W]) == K.Zone.FIELD


def test_cr_1007_1_was_dealt_damage_this_turn_is_its_own_state_since_session_21():
    """"<card> that was dealt damage this turn" read the damage on the card now in sessions 19-20 (state "damaged",
    approximate dealt_damage_as_damaged); since session 21 it is exact: state "dealt_damage_this_turn" (the card's record
    of this turn, test_fow_card_text_s21a)."""
    r = exact("Destroy target resonator that was dealt damage this turn.", "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["resonator"], "state": "dealt_damage_this_turn"}


# ---- CR 1019: "Your opponent discards a card at random, then discards a card." ---------------------------------------
def test_cr_1019_discard_at_random_then_discard_compiles_to_two_discards():
    r = exact("Your opponent discards a card at random, then discards a card.", "chant")
    assert r.fields["effect"] == [{"op": "discard", "count": 1, "who": "opponent", "random": True},
                                  {"op": "discard", "count": 1, "who": "opponent"}]


def test_cr_1019_discard_at_random_then_discard_takes_two_cards_the_second_chosen(tmp_path):
    """The opponent loses one hand card at random, then chooses one to discard (DISCARD decision): two fewer."""
    from tcg_env.engine.header import H_DECIDER, H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    cards = [_card("TXT-001", "Made-up Mind Rot", "Chant", [
        "Your opponent discards a card at random, then discards a card."])]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = _with_ruler(pool, None)
    (chant,) = sc.hand(0, ["TXT-001"])
    sc.hand(1, ["TXT-001"] * 3)
    sc.will(0, K.Attribute.FIRE, 1)
    g = sc.game()
    n1 = int(g.state[S.HAND_N + 1])
    assert n1 == 3
    g.step(K.PLAY_HAND_BASE + [int(x) for x in sc.zone(0, "hand")].index(chant))
    asked = 0
    for _ in range(10):
        d = int(g.state[H_DECISION])
        if d == K.Decision.DISCARD:
            assert int(g.state[H_DECIDER]) == 1
            asked += 1
            g.step(g.legal_actions().tolist()[0])
        elif d == K.Decision.PRIORITY and int(g.state[S.CHASE_N]) > 0:
            g.step(K.PASS)
        else:
            break
    assert asked == 1 and int(g.state[S.HAND_N + 1]) == n1 - 2


# ---- CR 1018.1b: "Prevent all damage that would be dealt to <cards> by <cards>." (a continuous ability) ---------------
def test_cr_1018_1b_prevention_by_source_compiles_with_the_source_filter():
    r = exact("Prevent all damage that would be dealt to this card by fire resonators.")
    assert r.abilities == [{"kind": "continuous", "effect": [{
        "op": "prevent_damage", "amount": "all", "filter": {"self_only": True},
        "source": {"attribute": ["fire"], "type": ["resonator"]}}]}]
    # a source that is no J/resonator in the field (a chant's damage: its source is on the chase): not compiled
    assert line("Prevent all damage that would be dealt to this card by chants.").verdict is Verdict.UNSUPPORTED


@pytest.mark.parametrize("shooter, prevented", [("TXT-002", True), ("TXT-003", False)])
def test_cr_1018_1b_prevention_by_source_prevents_only_that_sources_damage(tmp_path, shooter, prevented):
    """Player 1's "Made-up Warded Pup" (all damage dealt to it by fire resonators prevented) is dealt no damage by
    player 0's fire resonator's ability, and 200 by its water twin's (replacement.continuous_prevention reads the
    source)."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    shot = "{Rest}: This card deals 200 damage to target resonator."
    cards = [_card("TXT-001", "Made-up Warded Pup", "Resonator",
                   ["Prevent all damage that would be dealt to this card by fire resonators."], ATK=100, DEF=500),
             _card("TXT-002", "Made-up Fire Archer", "Resonator", [shot], ATK=100, DEF=100),
             _card("TXT-003", "Made-up Water Archer", "Resonator", [shot], cost="{U}", colour=["U"], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = _with_ruler(pool, None)
    (archer,) = sc.field(0, [shooter])
    (pup,) = sc.field(1, ["TXT-001"])
    g = sc.game()
    g.step(K.ACTIVATE_BASE + [int(x) for x in sc.zone(0, "field")].index(archer) * K.ABILITIES_PER_CARD)
    for _ in range(10):
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
            cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
            g.step(K.OPTION_BASE + cands.index(pup))
        elif int(g.state[H_DECISION]) == K.Decision.PRIORITY and int(g.state[S.CHASE_N]) > 0:
            g.step(K.PASS)
        else:
            break
    assert int(g.state[S.CHASE_N]) == 0 and int(g.state[S.RESTED + archer * S.CARD_W]) == 1
    assert int(g.state[S.DAMAGE + pup * S.CARD_W]) == (0 if prevented else 200)


def test_cr_907_a_magic_stone_whose_will_is_a_will_ability_imports_without_a_will_field(tmp_path):
    """A special magic stone printing only "{Rest}: Produce one will of any attribute shared with your J/ruler." is
    imported with an empty 'will' field (no WILL_A / WILL_B action: C_WILL_A = -1) and the will ability, played from
    the field as any card's (play.ability_usable): only the J/ruler's attributes are offered."""
    from tcg_env.engine.tables import card_table
    from tcg_env.games.force_of_will import constants as K

    cards = [{"id": "TXT-001", "name": "Made-up Wind Ruler", "type": ["Ruler"], "cost": None, "colour": ["G"],
              "abilities": []},
             {"id": "TXT-020", "name": "Made-up Memoria", "type": ["Special Magic Stone", "Magic Stone"], "cost": None,
              "colour": ["V"], "abilities": ["{Rest}: Produce one will of any attribute shared with your J/ruler."]}]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    (stone,) = [c for c in res if c.number == "TXT-020"]
    assert stone.will == [] and [a.kind for a in stone.abilities] == ["will"]
    assert int(card_table(pool.kernel_tables)[pool.index["TXT-020"], K.C_WILL_A]) == -1
    sc = _with_ruler(pool, "TXT-001")
    memoria = sc.put(0, "TXT-020", K.Zone.FIELD)
    g = sc.game()
    i = [int(x) for x in sc.zone(0, "field")].index(memoria)
    legal = g.legal_actions().tolist()
    assert K.WILL_A_BASE + i not in legal and K.WILL_B_BASE + i not in legal
    g.step(K.ACTIVATE_BASE + i * K.ABILITIES_PER_CARD)
    legal = g.legal_actions().tolist()
    assert [k for k in range(5) if K.OPTION_BASE + k in legal] == [int(K.Attribute.WIND)]
    before = _will(g, 0, K.Attribute.WIND)
    g.step(K.OPTION_BASE + int(K.Attribute.WIND))
    assert _will(g, 0, K.Attribute.WIND) == before + 1


def test_cr_902_1b_and_903_2i_a_rulers_cost_reduction_applies_from_its_ruler_area(tmp_path):
    """A ruler (card format: a continuous ``cost_reduction`` of the resonators in its controller's hand) reduces their
    free cost from its ruler area (characteristics.cost_reduction reads the abilities in force there), not the
    opponent's; a plain ruler reduces nothing."""
    from tcg_env.games.force_of_will.cards import (
        FowCard, compile_force_of_will_pool, default_pool_path, load_force_of_will_cards)
    from tcg_env.games.force_of_will.importer import import_force_of_will_json
    import json

    _, _, reduction, _, _ = _kernel_reads()
    cards = [_ruler("TXT-005", "Made-up Patron", []), _ruler("TXT-003", "Made-up Plain Ruler", []),
             _card("TXT-010", "Made-up Pup", "Resonator", [], ATK=100, DEF=100)]
    src = tmp_path / "sim.json"
    src.write_text(json.dumps({"fow": {"clusters": [{"sets": [{"code": "TXT", "cards": cards}]}]}}))
    imported = list(import_force_of_will_json(src))
    patron = next(c for c in imported if c.number == "TXT-005")
    imported[imported.index(patron)] = FowCard.model_validate({**patron.model_dump(exclude_defaults=True), "abilities": [
        {"kind": "continuous", "effect": [{"op": "cost_reduction", "amount": 1,
                                           "filter": {"zone": "hand", "type": ["resonator"], "side": "own"}}]}]})
    pool = compile_force_of_will_pool(list(load_force_of_will_cards(default_pool_path())) + imported)
    for ruler, less in (("TXT-005", 1), ("TXT-003", 0)):
        sc = _with_ruler(pool, ruler)
        (mine,) = sc.hand(0, ["TXT-010"])
        (theirs,) = sc.hand(1, ["TXT-010"])
        g = sc.game()
        assert int(reduction(g.state, pool.kernel_tables, 0, mine)) == less
        assert int(reduction(g.state, pool.kernel_tables, 1, theirs)) == 0


def test_cr_1018_1b_prevent_all_damage_from_target_is_prevention_of_its_damage():
    """The older wording "Prevent all damage from target <card> until end of turn." is "... that would be dealt by
    target <card> ..." (a PREVENT_FROM shield on the target, replacement.damage_from_prevented)."""
    old = exact("{Rest}: Prevent all damage from target fire resonator until end of turn.")
    new = exact("{Rest}: Prevent all damage that would be dealt by target fire resonator until end of turn.")
    assert old.abilities == new.abilities and old.abilities[0]["effect"][-1] == {"op": "prevent_from"}
