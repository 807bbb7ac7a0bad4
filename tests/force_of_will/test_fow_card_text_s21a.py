"""Force of Will card text, session 21 (branch s21-fowa): damage this turn (a card dealt damage, the damage a card dealt),
named counters and the other sentences of part A. Lines are made up in the game's template language. Rule numbers:
CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line


def _card(number, name, ctype, abilities, cost="{R}", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": ["R"], "abilities": abilities, **kw}


def _all_exact(res):
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [
        (r.name, [x.reason for x in r.lines]) for r in res.text_records]


def _scenario(pool):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 6)
    return sc


def _play(g, sc, card, target=None):
    """Play chant ``card`` from player 0's hand (choosing ``target`` if asked) and pass until it resolves."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    hand = [int(g.state[S.HAND_L + k]) for k in range(int(g.state[S.HAND_N]))]
    g.step(K.PLAY_HAND_BASE + hand.index(card))
    for _ in range(12):
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD:
            return
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
            cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
            assert target in cands, (target, cands)
            g.step(K.OPTION_BASE + cands.index(target))
        else:
            g.step(K.PASS)
    raise AssertionError("the chant did not resolve")


def _activate(g, i, j, target=None):
    """Player 0 plays activate ability ``j`` of its ``i``-th field card (choosing ``target`` if asked); both pass."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g.step(K.ACTIVATE_BASE + i * K.ABILITIES_PER_CARD + j)
    for _ in range(12):
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
            cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
            g.step(K.OPTION_BASE + cands.index(target))
        elif int(g.state[S.CHASE_N]) > 0:
            g.step(K.PASS)
        else:
            return
    raise AssertionError("the ability did not resolve")


def _targets(g, card):
    """The legal targets offered as player 0 plays chant ``card`` (the game is left asking)."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    hand = [int(g.state[S.HAND_L + k]) for k in range(int(g.state[S.HAND_N]))]
    g.step(K.PLAY_HAND_BASE + hand.index(card))
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET
    return [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]


# ---- CR 1007.1: "<card> that was dealt damage this turn" ------------------------------------------------------------
def test_cr_1007_1_was_dealt_damage_this_turn_is_exact_and_its_own_state():
    r = exact("Destroy target resonator that was dealt damage this turn.", "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["resonator"], "state": "dealt_damage_this_turn"}
    r = exact("Choose one - This card deals 500 damage to target resonator; or destroy target resonator that was dealt "
              "damage this turn.", "chant")
    assert r.fields["effect"][0]["modes"][1][0]["filter"]["state"] == "dealt_damage_this_turn"


def _finisher_pool(tmp_path):
    cards = [_card("TXT-001", "Made-up Spark", "Chant", ["This card deals 300 damage to target resonator."]),
             _card("TXT-002", "Made-up Finisher", "Chant", ["Destroy target resonator that was dealt damage this turn."]),
             _card("TXT-010", "Made-up Pup", "Resonator", [], ATK=100, DEF=500)]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    return pool


def test_cr_1007_1_a_resonator_dealt_damage_this_turn_is_the_only_target_and_is_destroyed(tmp_path):
    """A resonator dealt 300 damage by a chant this turn is the only legal target of "Destroy target resonator that was
    dealt damage this turn." (the record: a bit of its USED_TURN word, cleared as each turn begins, turn.begin_turn);
    the chant destroys it."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    pool = _finisher_pool(tmp_path)
    sc = _scenario(pool)
    spark, finisher = sc.hand(0, ["TXT-001", "TXT-002"])
    hurt, whole = sc.field(1, ["TXT-010", "TXT-010"])
    g = sc.game()
    _play(g, sc, spark, hurt)
    assert int(g.state[S.DAMAGE + hurt * S.CARD_W]) == 300
    assert int(g.state[S.USED_TURN + hurt * S.CARD_W]) & K.USED_DEALT_DAMAGE
    assert not int(g.state[S.USED_TURN + whole * S.CARD_W]) & K.USED_DEALT_DAMAGE
    assert _targets(g, finisher) == [hurt]
    g.step(K.OPTION_BASE)
    for _ in range(4):
        g.step(K.PASS)
        if int(g.state[S.ZONE + finisher * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
    assert int(g.state[S.ZONE + hurt * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.ZONE + whole * S.CARD_W]) == K.Zone.FIELD


def test_cr_1007_6_dealt_damage_this_turn_is_not_damage_on_the_card_now(tmp_path):
    """The record, not the damage: a resonator dealt damage this turn whose damage was removed (CR 1007.6) is a target,
    one with damage but no record (set up so) is not - the approximation "damaged" of sessions 19-20 had it the other
    way round."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    pool = _finisher_pool(tmp_path)
    sc = _scenario(pool)
    (finisher,) = sc.hand(0, ["TXT-002"])
    healed, marked = sc.field(1, ["TXT-010", "TXT-010"])
    sc.row[S.USED_TURN + healed * S.CARD_W] = K.USED_DEALT_DAMAGE
    sc.row[S.DAMAGE + marked * S.CARD_W] = 200
    assert _targets(sc.game(), finisher) == [healed]


def test_cr_1007_1_damage_is_recorded_in_a_pool_without_a_reader(tmp_path):
    """Damage dealt this turn is recorded in every pool, also one no filter or DAMAGE reads it in (a pool flag may skip
    work, never change the state: tests/engine/test_pool_flags.py): the damaged card's USED_DEALT_DAMAGE."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    cards = [_card("TXT-001", "Made-up Spark", "Chant", ["This card deals 300 damage to target resonator."]),
             _card("TXT-010", "Made-up Pup", "Resonator", [], ATK=100, DEF=500)]
    res, pool = _imported_pool(tmp_path, cards)
    sc = _scenario(pool)
    (spark,) = sc.hand(0, ["TXT-001"])
    (pup,) = sc.field(1, ["TXT-010"])
    g = sc.game()
    _play(g, sc, spark, pup)
    assert int(g.state[S.DAMAGE + pup * S.CARD_W]) == 300
    assert int(g.state[S.USED_TURN + pup * S.CARD_W]) & K.USED_DEALT_DAMAGE


# ---- CR 1007.1: "... X damage to target <card>, where X is the damage it dealt this turn" ---------------------------
def test_cr_1007_1_the_damage_it_dealt_this_turn_compiles_to_damage_of_the_targets_record():
    r = exact("This card deals X damage to target J/resonator, where X is the damage it dealt this turn.", "chant")
    assert r.fields["effect"] == [{"op": "choose", "filter": {"type": ["j_resonator"]}},
                                  {"op": "damage", "amount": "dealt_this_turn"}]
    assert line("This card deals X damage to up to two target J/resonators, where X is the damage it dealt this turn.",
                "chant").verdict is Verdict.UNSUPPORTED


def test_cr_1007_1_the_damage_it_dealt_this_turn_counts_damage_to_players_and_cards(tmp_path):
    """A resonator deals 200 damage to the opponent and 100 to a resonator (its two abilities); the chant then deals it
    300 damage (the sum, CR 1007.1)."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    cards = [_card("TXT-001", "Made-up Reckoning", "Chant", [
                 "This card deals X damage to target J/resonator, where X is the damage it dealt this turn."]),
             _card("TXT-010", "Made-up Brute", "Resonator", ["{R}: This card deals 200 damage to your opponent.",
                                                              "{R}: This card deals 100 damage to target resonator."],
                   ATK=100, DEF=1000),
             _card("TXT-011", "Made-up Pup", "Resonator", [], ATK=100, DEF=500)]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = _scenario(pool)
    (chant,) = sc.hand(0, ["TXT-001"])
    (brute,) = sc.field(0, ["TXT-010"])
    (pup,) = sc.field(1, ["TXT-011"])
    g = sc.game()
    life = int(g.state[S.LIFE + 1])
    field = [int(g.state[S.FIELD_L + k]) for k in range(int(g.state[S.FIELD_N]))]
    _activate(g, field.index(brute), 0)
    assert int(g.state[S.LIFE + 1]) == life - 200
    _activate(g, field.index(brute), 1, pup)
    assert int(g.state[S.DAMAGE + pup * S.CARD_W]) == 100
    assert (int(g.state[S.USED_TURN + brute * S.CARD_W]) >> K.USED_DAMAGE_SHIFT) & K.USED_DAMAGE_MASK == 300
    targets = _targets(g, chant)
    assert brute in targets and pup in targets
    g.step(K.OPTION_BASE + targets.index(brute))
    for _ in range(6):
        if int(g.state[S.ZONE + chant * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
        assert int(g.state[H_DECISION]) != K.Decision.CHOOSE_TARGET
        g.step(K.PASS)
    assert int(g.state[S.DAMAGE + brute * S.CARD_W]) == 300 and int(g.state[S.DAMAGE + pup * S.CARD_W]) == 100


# ---- CR 1022.1: named counters ("put N <name> counters on ...") ----------------------------------------------------
def _named(g, slot):
    """{kind: count} of card ``slot``'s named counters (state.NAMED: constants.NC_SLOTS slots of a kind and a count)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    v, out = int(g.state[S.NAMED + slot * S.CARD_W]), {}
    for k in range(K.NC_SLOTS):
        e = (v >> (k * K.NC_SLOT_BITS)) & ((1 << K.NC_SLOT_BITS) - 1)
        if e:
            out[e & K.NC_KIND_MASK] = e >> K.NC_KIND_BITS
    return out


def test_cr_1022_1_put_named_counters_compiles_to_counter_ops_with_the_name():
    r = exact("When this card enters the field => Put two strength counters on your J/ruler.")
    assert r.abilities[0]["effect"] == [{"op": "mana_counter", "count": 2, "name": "strength"}]
    r = exact("Destroy target resonator. Put a mystery counter on your J/ruler.", "chant")
    assert r.fields["effect"][-1] == {"op": "mana_counter", "count": 1, "name": "mystery"}
    r = exact("[Enter] >>> Put two guidance counters on target entity you control.")
    assert r.abilities[0]["effect"] == [{"op": "choose", "filter": {"side": "own"}},
                                        {"op": "counter", "count": 2, "name": "guidance"}]
    r = exact("{B}: This card deals 300 damage to target resonator. Put a blood counter on this card.")
    assert r.abilities[0]["effect"][-2:] == [{"op": "target_self", "reg": 1},
                                             {"op": "counter", "count": 1, "name": "blood", "reg": 1}]
    # the counters the grammar names itself stay theirs; a count is no name
    assert exact("Put two mana counters on your J/ruler.", "chant").fields["effect"] == [
        {"op": "mana_counter", "count": 2}]
    assert exact("Put a [+100/+100] counter on target resonator.", "chant").fields["effect"][-1] == {
        "op": "counter", "count": 1}


def test_cr_1022_1b_named_counters_on_the_ruler_and_a_target_one_kind_per_name(tmp_path):
    """Two chants put strength counters on the J/ruler (its ruler slot, in the ruler area: 2 + 3 = 5 of one kind, CR
    1022.1b) and a guidance counter on a resonator; the pool numbers the names (counter_ids) and the observation shows
    them (kind / 63, count / 5)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import observation as O
    from tcg_env.games.force_of_will import state as S

    cards = [_card("TXT-001", "Made-up Might", "Chant", ["Put two strength counters on your J/ruler."]),
             _card("TXT-002", "Made-up Greater Might", "Chant", ["Put three strength counters on your J/ruler."]),
             _card("TXT-003", "Made-up Guide", "Chant", ["Put a guidance counter on target resonator."]),
             _card("TXT-010", "Made-up Pup", "Resonator", [], ATK=100, DEF=500)]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    strength, guidance = pool.counter_ids["strength"], pool.counter_ids["guidance"]
    assert sorted(pool.counter_ids.values()) == [1, 2]
    sc = _scenario(pool)
    might, greater, guide = sc.hand(0, ["TXT-001", "TXT-002", "TXT-003"])
    (pup,) = sc.field(1, ["TXT-010"])
    ruler = K.RULER_SLOT
    g = sc.game()
    assert int(g.state[S.ZONE + ruler * S.CARD_W]) == K.Zone.RULER_AREA
    _play(g, sc, might)
    _play(g, sc, greater)
    assert _named(g, ruler) == {strength: 5}
    _play(g, sc, guide, pup)
    assert _named(g, pup) == {guidance: 1} and _named(g, ruler) == {strength: 5}
    for viewer in (0, 1):  # public: both players see them
        obs = dict(zip(O.OBS.column_names(), g.observe(viewer).tolist()))
        rows = [k[: -len(".named_counters_a_div5")] for k, v in obs.items() if k.endswith(".named_counters_a_div5") and v]
        assert sorted(rows, key=lambda r: r.startswith("rulers")) == [
            f"{'opp' if viewer == 0 else 'my'}_field[0]", "rulers[0]" if viewer == 0 else "rulers[1]"], rows
        assert obs[f"{rows[-1]}.named_counters_a_div5"] == 1.0  # 5 strength counters / 5
        assert obs[f"{rows[-1]}.named_kind_a"] == pytest.approx(strength / K.NC_MAX_KINDS)


def _packed(kind, n):
    from tcg_env.games.force_of_will import constants as K

    return (n << K.NC_KIND_BITS) | kind


def test_cr_1022_1_remove_named_counters_as_a_cost_compiles_to_the_cost_fields():
    r = exact("Remove a mystery counter from your J/ruler: This card gains [+200/+200] until end of turn.")
    assert r.abilities[0]["cost"] == {"counters": 1, "counter_name": "mystery", "counters_from": "j_ruler"}
    r = exact("{Rest}, remove two blood counters from this card: Destroy target resonator.")
    assert r.abilities[0]["cost"] == {"rest": True, "counters": 2, "counter_name": "blood", "counters_from": "this_card"}
    r = exact("[Awakening] Remove two mystery counters from your J/ruler.", "chant")
    assert r.fields == {"awakening": {"counters": 2, "counter_name": "mystery", "effect": []}}
    # a will ability paid so is bounded by the counters (each use takes one; CR 907): compiled, with will too
    r = exact("{1}, remove a limited counter from this card: Produce {W} or {B}.", "ruler")
    assert r.abilities[0]["kind"] == "will" and r.abilities[0]["cost"] == {
        "will": "{1}", "counters": 1, "counter_name": "limited", "counters_from": "this_card"}


def test_cr_1022_1_an_activate_ability_paid_with_the_rulers_counters_needs_them_and_removes_one(tmp_path):
    """"Remove a mystery counter from your J/ruler: ..." is offered only while the J/ruler has one (a cost is paid in
    full); played, one counter is gone (of two) and the effect resolves."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-010", "Made-up Shade", "Resonator",
                   ["Remove a mystery counter from your J/ruler: This card gains [+200/+200] until end of turn."],
                   ATK=100, DEF=500)]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    mystery = pool.counter_ids["mystery"]
    for counters in (0, 2):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        (shade,) = sc.field(0, ["TXT-010"])
        sc.row[S.NAMED + K.RULER_SLOT * S.CARD_W] = _packed(mystery, counters) if counters else 0
        g = sc.game()
        i = [int(x) for x in sc.zone(0, "field")].index(shade)
        act = K.ACTIVATE_BASE + i * K.ABILITIES_PER_CARD
        assert (act in g.legal_actions().tolist()) is bool(counters)
        if counters:
            _activate(g, i, 0)
            assert _named(g, K.RULER_SLOT) == {mystery: 1}
            from tcg_env.games.force_of_will.characteristics import atk_of  # noqa: F401 - the card's ATK, below
            assert int(g.state[S.ATK_EOT + shade * S.CARD_W]) == 200


def test_cr_1109_2_awakening_paid_with_the_rulers_named_counters(tmp_path):
    """"[Awakening] Remove two mystery counters from your J/ruler." on a chant: awakening is offered only with two there
    (CR 1109.2: the extra cost); awakened, both are removed and the chant resolves awakened."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-001", "Made-up Moonlit Wish", "Chant", [
        "Draw a card. If this card was awakened, draw a card.", "[Awakening] Remove two mystery counters from your J/ruler."])]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    mystery = pool.counter_ids["mystery"]
    for counters in (1, 3):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.will(0, K.Attribute.FIRE, 1)
        (chant,) = sc.hand(0, ["TXT-001"])
        sc.row[S.NAMED + K.RULER_SLOT * S.CARD_W] = _packed(mystery, counters)
        g = sc.game()
        awaken = K.AWAKEN_HAND.base
        assert K.PLAY_HAND_BASE in g.legal_actions().tolist()
        assert (awaken in g.legal_actions().tolist()) is (counters >= 2)
        if counters >= 2:
            hand = int(g.state[S.HAND_N])
            g.step(awaken)
            assert _named(g, K.RULER_SLOT) == {mystery: 1}
            for _ in range(4):
                if int(g.state[S.ZONE + chant * S.CARD_W]) == K.Zone.GRAVEYARD:
                    break
                g.step(K.PASS)
            assert int(g.state[S.HAND_N]) == hand - 1 + 2  # the chant left the hand; two cards drawn (awakened)


def test_cr_903_2j_an_additional_cost_of_the_rulers_named_counters(tmp_path):
    """"As an additional cost to play this card, remove two strength counters from your J/ruler." (the card field
    play_cost): the chant may be played only with two there (CR 903.2j); played, they are removed."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    r = exact("As an additional cost to play this card, remove two strength counters from your J/ruler.", "chant")
    assert r.fields == {"play_cost": {"counters": 2, "counter_name": "strength", "counters_from": "j_ruler"}}
    cards = [_card("TXT-001", "Made-up Roar", "Chant", [
        "As an additional cost to play this card, remove two strength counters from your J/ruler.", "Draw a card."])]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    strength = pool.counter_ids["strength"]
    for counters in (1, 2):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.will(0, K.Attribute.FIRE, 1)
        (chant,) = sc.hand(0, ["TXT-001"])
        sc.row[S.NAMED + K.RULER_SLOT * S.CARD_W] = _packed(strength, counters)
        g = sc.game()
        assert (K.PLAY_HAND_BASE in g.legal_actions().tolist()) is (counters == 2)
        if counters == 2:
            _play(g, sc, chant)
            assert _named(g, K.RULER_SLOT) == {}


def test_cr_1022_1_counts_and_conditions_of_named_counters_compile():
    r = exact("This card gains [+200/+0] for each mystery counter on your J/ruler.")
    assert r.abilities[0]["effect"][0]["per"] == {"count": "named", "counter_name": "mystery", "counters_from": "j_ruler"}
    r = exact("This card gains [+500/+500] as long as there are one or more evolution counters on this card.")
    assert r.abilities[0]["condition"] == {"kind": "named_counters_at_least", "value": 1, "counter_name": "evolution",
                                           "counters_from": "this_card"}
    r = exact("Draw a card. If there are three or more friendship counters on your J/ruler, draw a card.", "chant")
    assert r.fields["effect"][1]["condition"]["kind"] == "named_counters_at_least"
    # a chant is never in the field: no counters of its own; a card in the hand neither
    assert line("Draw a card. If there is a blood counter on this card, draw a card.", "chant").verdict is \
        Verdict.UNSUPPORTED
    assert line("Play this card only if there is a blood counter on this card.", "chant").verdict is Verdict.UNSUPPORTED


def test_cr_1022_1_an_aura_per_named_counter_on_the_ruler_and_a_condition_on_this_card(tmp_path):
    """"This card gains [+200/+0] for each mystery counter on your J/ruler." reads the J/ruler's count (3: +600 ATK);
    "... [+500/+500] as long as there are one or more evolution counters on this card" holds with one on the card
    only (CR 1022.1)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-010", "Made-up Bat", "Resonator",
                   ["This card gains [+200/+0] for each mystery counter on your J/ruler."], ATK=100, DEF=500),
             _card("TXT-011", "Made-up Ox", "Resonator",
                   ["This card gains [+500/+500] as long as there are one or more evolution counters on this card."],
                   ATK=100, DEF=500)]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    mystery, evolution = pool.counter_ids["mystery"], pool.counter_ids["evolution"]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    bat, ox, ox2 = sc.field(0, ["TXT-010", "TXT-011", "TXT-011"])
    sc.row[S.NAMED + K.RULER_SLOT * S.CARD_W] = _packed(mystery, 3)
    sc.row[S.NAMED + ox * S.CARD_W] = _packed(evolution, 1)
    g = sc.game()
    seen = dict(zip(__import__("tcg_env.games.force_of_will.observation", fromlist=["OBS"]).OBS.column_names(),
                    g.observe(0).tolist()))
    field = [int(x) for x in sc.zone(0, "field")]
    atk = {c: round(seen[f"my_field[{field.index(c)}].atk_div1000"] * 1000) for c in (bat, ox, ox2)}
    assert atk == {bat: 700, ox: 600, ox2: 100}


# ---- CR 105.3: "Gain control of <targets> [until end of turn]." ---------------------------------------------------
def test_cr_105_3_gain_control_compiles_to_gain_control_ops():
    r = exact("Gain control of target resonator with total cost 2 or less.", "chant")
    assert r.fields["effect"] == [{"op": "choose", "filter": {"type": ["resonator"], "cost_max": 2}},
                                  {"op": "gain_control", "duration": "permanent"}]
    r = exact("Recover target resonator. Gain control of it until end of turn. It gains [Swiftness] until end of turn.",
              "chant")
    assert r.fields["effect"][2] == {"op": "gain_control", "duration": "end_of_turn"}
    assert line("Gain control of target addition.", "chant").verdict is Verdict.UNSUPPORTED


def test_cr_105_3_gained_control_moves_the_card_and_ends_with_the_turn(tmp_path):
    """"Gain control of target resonator." moves the opponent's resonator to its field (not controlled since the turn
    began, CR 803.3a: ENTERED this turn); "... until end of turn" gives it back as the turn ends (CR 505.5b)."""
    from tcg_env.engine.header import H_TURN
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    cards = [_card("TXT-001", "Made-up Charm", "Chant", ["Gain control of target resonator."]),
             _card("TXT-002", "Made-up Loan", "Chant", ["Gain control of target resonator until end of turn."]),
             _card("TXT-010", "Made-up Pup", "Resonator", [], ATK=100, DEF=500)]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = _scenario(pool)
    charm, loan = sc.hand(0, ["TXT-001", "TXT-002"])
    kept, lent = sc.field(1, ["TXT-010", "TXT-010"])
    g = sc.game()
    _play(g, sc, charm, kept)
    _play(g, sc, loan, lent)
    for c in (kept, lent):
        assert int(g.state[S.CONTROLLER + c * S.CARD_W]) == 0 and int(g.state[S.ZONE + c * S.CARD_W]) == K.Zone.FIELD
        assert int(g.state[S.ENTERED + c * S.CARD_W]) == int(g.state[H_TURN])
    mine = [int(g.state[S.FIELD_L + k]) for k in range(int(g.state[S.FIELD_N]))]
    assert kept in mine and lent in mine
    turn = int(g.state[H_TURN])
    for _ in range(80):  # pass to the next turn (player 0 answers any other decision with its first legal action)
        if int(g.state[H_TURN]) != turn:
            break
        legal = g.legal_actions().tolist()
        g.step(K.PASS if K.PASS in legal else legal[0])
    assert int(g.state[H_TURN]) == turn + 1
    assert int(g.state[S.CONTROLLER + kept * S.CARD_W]) == 0
    assert int(g.state[S.CONTROLLER + lent * S.CARD_W]) == 1


# ---- "non-<attribute> <cards>" ---------------------------------------------------------------------------------------
def test_non_attribute_cards_are_those_without_it_attributeless_included(tmp_path):
    """"Non-darkness resonators gain [-200/-200]." (a continuous ability): a fire and an attributeless resonator lose
    200 ATK, a darkness and a fire-darkness one do not (CR 208.4: a card without attributes has none of them)."""
    from tcg_env.games.force_of_will import observation as O
    from tcg_env.games.force_of_will.scenario import Scenario

    r = exact("Non-darkness resonators gain [-200/-200].")
    assert r.abilities[0]["effect"][0]["filter"] == {"not_attribute": ["darkness"], "type": ["resonator"]}
    cards = [_card("TXT-001", "Made-up Mount", "Addition", ["Non-darkness resonators gain [-200/-200]."]),
             {**_card("TXT-010", "Made-up Imp", "Resonator", [], ATK=500, DEF=500), "colour": ["B"]},
             {**_card("TXT-011", "Made-up Salamander", "Resonator", [], ATK=500, DEF=500), "colour": ["R"]},
             {**_card("TXT-012", "Made-up Golem", "Resonator", [], cost="{1}", ATK=500, DEF=500), "colour": ["V"]},
             {**_card("TXT-013", "Made-up Hellhound", "Resonator", [], cost="{R}{B}", ATK=500, DEF=500),
              "colour": ["R", "B"]}]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.field(0, ["TXT-001"])
    imp, salamander, golem, hound = sc.field(1, ["TXT-010", "TXT-011", "TXT-012", "TXT-013"])
    g = sc.game()
    seen = dict(zip(O.OBS.column_names(), g.observe(0).tolist()))
    field = [int(x) for x in sc.zone(1, "field")]
    atk = {c: round(seen[f"opp_field[{field.index(c)}].atk_div1000"] * 1000) for c in (imp, salamander, golem, hound)}
    assert atk == {imp: 500, salamander: 300, golem: 300, hound: 500}


# ---- CR 208: "the number of different attributes among <cards>" ----------------------------------------------------
def test_cr_208_draw_cards_equal_to_the_number_of_different_attributes(tmp_path):
    """Resonators of fire, water, fire-darkness and no attribute: three different attributes, three cards drawn (the
    attributeless one adds none); the opponent's resonators are not counted ("you control")."""
    from tcg_env.games.force_of_will import state as S

    r = exact("Draw cards equal to the number of different attributes among resonators you control. (Cards without "
              "attributes don't count.)", "chant")
    assert r.fields["effect"][0] == {"op": "set_x", "per": {"count": "attributes", "filter": {
        "type": ["resonator"], "side": "own"}}, "times": 1}
    cards = [_card("TXT-001", "Made-up Whirlpool", "Chant", [
                 "Draw cards equal to the number of different attributes among resonators you control."]),
             {**_card("TXT-010", "Made-up Salamander", "Resonator", [], ATK=500, DEF=500), "colour": ["R"]},
             {**_card("TXT-011", "Made-up Undine", "Resonator", [], cost="{U}", ATK=500, DEF=500), "colour": ["U"]},
             {**_card("TXT-012", "Made-up Hellhound", "Resonator", [], cost="{R}{B}", ATK=500, DEF=500),
              "colour": ["R", "B"]},
             {**_card("TXT-013", "Made-up Golem", "Resonator", [], cost="{1}", ATK=500, DEF=500), "colour": ["V"]},
             {**_card("TXT-014", "Made-up Sylph", "Resonator", [], cost="{G}", ATK=500, DEF=500), "colour": ["G"]}]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = _scenario(pool)
    (chant,) = sc.hand(0, ["TXT-001"])
    sc.field(0, ["TXT-010", "TXT-011", "TXT-012", "TXT-013"])
    sc.field(1, ["TXT-014"])
    g = sc.game()
    hand = int(g.state[S.HAND_N])
    _play(g, sc, chant)
    assert int(g.state[S.HAND_N]) == hand - 1 + 3


# ---- CR 1007.1: "<card> and target <card> deal damage equal to their ATK to each other" -----------------------------
def test_cr_1007_1_deal_damage_to_each_other_compiles_to_two_damages_by_each_others_register():
    r = exact("Target J/resonator you control and target J/resonator your opponent controls deal damage equal to their "
              "ATK to each other.", "chant")
    assert r.fields["effect"][2:] == [{"op": "damage", "amount": "atk", "reg": 1, "by_reg": 0},
                                      {"op": "damage", "amount": "atk", "by_reg": 1}]
    r = exact("Target J/resonator you control gains [+400/+400] until end of turn. Then that card and target "
              "J/resonator your opponent controls deal damage equal to their ATK to each other.", "chant")
    assert r.fields["effect"][3:] == [{"op": "damage", "amount": "atk", "reg": 1, "by_reg": 0},
                                      {"op": "damage", "amount": "atk", "by_reg": 1}]
    # "that card" must be a target of yours (its ATK is read as it resolves, CR 903.3a)
    assert line("Target J/resonator gains [+400/+400] until end of turn. Then that card and target J/resonator your "
                "opponent controls deal damage equal to their ATK to each other.", "chant").verdict is Verdict.UNSUPPORTED


def test_cr_1007_1_a_pumped_target_and_an_opposing_one_deal_damage_to_each_other(tmp_path):
    """Own resonator [500/1000] gains [+400/+400] (900 ATK), then it and the opponent's [300/800] deal damage equal to
    their ATK to each other: 900 to the opponent's (destroyed by the rule process, CR 1201), 300 to the own."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    cards = [_card("TXT-001", "Made-up Counterattack", "Chant", [
                 "Target J/resonator you control gains [+400/+400] until end of turn. Then that card and target "
                 "J/resonator your opponent controls deal damage equal to their ATK to each other."]),
             _card("TXT-010", "Made-up Queen", "Resonator", [], ATK=500, DEF=1000),
             _card("TXT-011", "Made-up Brute", "Resonator", [], ATK=300, DEF=800)]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = _scenario(pool)
    (chant,) = sc.hand(0, ["TXT-001"])
    (queen,) = sc.field(0, ["TXT-010"])
    (brute,) = sc.field(1, ["TXT-011"])
    g = sc.game()
    targets = _targets(g, chant)
    assert targets == [queen]
    g.step(K.OPTION_BASE)
    assert [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))] == [brute]
    g.step(K.OPTION_BASE)
    for _ in range(6):
        if int(g.state[S.ZONE + chant * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
        g.step(K.PASS)
    assert int(g.state[S.DAMAGE + queen * S.CARD_W]) == 300
    assert int(g.state[S.ZONE + brute * S.CARD_W]) == K.Zone.GRAVEYARD


def test_cr_1022_1_magic_counters_off_a_magic_stone_and_an_are_named_counters():
    """A magic stone's magic counters are its MANA word (session 18); on a J/ruler or another card they are named
    counters "magic" (CR 1022.1b); "an <name> counter" reads as one."""
    assert exact("{Rest}: Put a magic counter on your J/ruler.").abilities[0]["effect"] == [
        {"op": "mana_counter", "count": 1, "name": "magic"}]
    assert exact("{G}, {Rest}, remove two magic counters from your J/ruler: Draw a card.").abilities[0]["cost"] == {
        "will": "{G}", "rest": True, "counters": 2, "counter_name": "magic", "counters_from": "j_ruler"}
    assert exact("{Rest}, remove two magic counters from this card: Draw a card.").abilities[0]["cost"] == {
        "rest": True, "counters": 2, "counter_name": "magic", "counters_from": "this_card"}
    assert exact("{Rest}: Put a magic counter on this card.", "magic_stone").abilities[0]["effect"] == [
        {"op": "mana_counter", "count": 1, "on": "self"}]
    assert exact("At the end of your turn, put an omen counter on this card.").abilities[0]["effect"][-1] == {
        "op": "counter", "count": 1, "name": "omen"}
    assert exact("{Rest}, remove an arrow counter from this card: Draw a card.").abilities[0]["cost"]["counters"] == 1


def test_cr_907_a_rulers_will_ability_paid_with_its_named_counters(tmp_path):
    """"{1}, remove a limited counter from this card: Produce {W} or {B}." on a ruler in its ruler area: offered only
    with a counter on it (and {1} to pay); played, the counter is gone and the will chosen is produced (CR 907.3)."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [{"id": "TXT-001", "name": "Made-up Treasure Hunter", "type": ["Ruler"], "cost": None, "colour": ["W"],
              "abilities": ["{1}, remove a limited counter from this card: Produce {W} or {B}."]}]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    limited = pool.counter_ids["limited"]
    for counters in (0, 1):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = pool.index["TXT-001"]
        sc.row[S.NAMED + K.RULER_SLOT * S.CARD_W] = _packed(limited, counters) if counters else 0
        sc.will(0, K.Attribute.FIRE, 1)
        g = sc.game()
        assert (K.RULER_ACTIVATE_BASE in g.legal_actions().tolist()) is bool(counters)
        if counters:
            g.step(K.RULER_ACTIVATE_BASE)
            if int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE:
                g.step(K.OPTION_BASE)
            assert _named(g, K.RULER_SLOT) == {}
            made = [int(g.state[S.WILL + a]) for a in (K.Attribute.LIGHT, K.Attribute.DARKNESS)]
            assert sum(made) == 1 and int(g.state[S.WILL + K.Attribute.FIRE]) == 0  # {1} paid, {W} or {B} made
            assert K.RULER_ACTIVATE_BASE not in g.legal_actions().tolist()  # no counter left


# ---- CR 1012: "This card cannot be cancelled." -----------------------------------------------------------------------
def test_cr_1012_a_spell_that_cannot_be_cancelled_stays_on_the_chase_and_resolves(tmp_path):
    """Player 0 plays "Draw two cards." chants, one that "cannot be cancelled"; player 1 answers each with "[Quickcast]
    Cancel target chant.": the plain one is cancelled (no draw), the other resolves (two cards drawn)."""
    from tcg_env.engine.header import H_DECIDER, H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    assert exact("This card cannot be cancelled.", "chant").fields == {"uncancelable": True}
    assert line("This card cannot be cancelled.", "magic_stone").verdict is Verdict.UNSUPPORTED
    cards = [_card("TXT-001", "Made-up Stubborn Insight", "Chant", ["This card cannot be cancelled.", "Draw two cards."]),
             _card("TXT-002", "Made-up Insight", "Chant", ["Draw two cards."]),
             _card("TXT-003", "Made-up Denial", "Chant", ["[Quickcast]", "Cancel target chant."], cost="{U}")]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    for number, drawn in (("TXT-002", 0), ("TXT-001", 2)):
        sc = _scenario(pool)
        (chant,) = sc.hand(0, [number])
        (denial,) = sc.hand(1, ["TXT-003"])
        sc.will(1, K.Attribute.WATER, 1)
        g = sc.game()
        hand = int(g.state[S.HAND_N])
        g.step(K.PLAY_HAND_BASE)
        for _ in range(12):
            if int(g.state[S.ZONE + chant * S.CARD_W]) == K.Zone.GRAVEYARD and int(g.state[S.CHASE_N]) == 0:
                break
            legal = g.legal_actions().tolist()
            if int(g.state[H_DECIDER]) == 1 and int(g.state[S.ZONE + denial * S.CARD_W]) == K.Zone.HAND and \
                    K.PLAY_HAND_BASE in legal:
                g.step(K.PLAY_HAND_BASE)  # the denial, player 1's one hand card
            elif int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
                g.step(K.OPTION_BASE)
            else:
                g.step(K.PASS)
        assert int(g.state[S.ZONE + denial * S.CARD_W]) == K.Zone.GRAVEYARD  # played
        assert int(g.state[S.HAND_N]) == hand - 1 + drawn


def test_cr_1022_1_named_counters_on_each_of_up_to_n_targets():
    r = exact("Put an achievement counter on each of up to two target resonators.", "chant")
    assert r.fields["effect"] == [{"op": "choose", "filter": {"type": ["resonator"]}, "count": 2, "up_to": True},
                                  {"op": "counter", "count": 1, "name": "achievement"}]
