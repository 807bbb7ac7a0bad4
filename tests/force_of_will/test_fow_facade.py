"""Force of Will as a registered game (issue 18): the facade's action descriptions, the board, the
snapshot value checks, card lists and deck summaries (tcg_env/games/force_of_will/adapter.py;
docs/force_of_will/snapshot.md, observations.md). The conformance kit (tests/conformance) runs the
game-independent checks."""

import copy
import json

import numpy as np
import pytest

import tcg_env
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S


@pytest.fixture(scope="module")
def mid_game():
    """A game of the default decks at turn 4 or later, and its snapshot as JSON would carry it."""
    g = tcg_env.make_game("force_of_will", seed=5)
    rng = np.random.default_rng(1)
    while g.turn < 4 and not g.done:
        g.step(int(rng.choice(g.legal_actions())))
    return g, json.loads(json.dumps(g.to_dict()))


def test_registered_with_its_envs_and_gym_id():
    assert "force_of_will" in tcg_env.list_games()
    spec = tcg_env.get_spec("force_of_will")
    assert (spec.env_name, spec.num_actions, spec.default_variant) == ("force_of_will_v10", K.NUM_ACTIONS, "constructed")
    assert tcg_env.GYM_IDS["force_of_will"] == "tcg_env/ForceOfWill-v10"
    from tcg_env.envs import force_of_will_v10

    env = force_of_will_v10.env()
    env.reset(seed=1)
    assert env.agents == ["player_0", "player_1"]


def test_every_legal_action_has_a_description_of_its_card(mid_game):
    g, _ = mid_game
    g = g.clone()
    rng = np.random.default_rng(3)
    seen = set()
    for _ in range(400):
        if g.done:
            break
        for a in g.legal_actions():
            text = g.describe_action(int(a))
            assert "(empty)" not in text and not text.startswith("Option"), (int(a), text)
            seen.add(text.split(" ")[0])
        g.step(int(rng.choice(g.legal_actions())))
    assert {"Pass", "Play", "Produce"} <= seen, seen


def test_play_names_the_card_and_its_cost_and_will_names_the_attribute(mid_game):
    g, _ = mid_game
    g = g.clone()
    rng = np.random.default_rng(4)
    found = {}
    while len(found) < 2 and not g.done:
        for a in g.legal_actions():
            if K.PLAY_HAND_BASE <= a < K.STANDBY_BASE:
                found["play"] = g.describe_action(int(a))
            elif K.WILL_A_BASE <= a < K.WILL_B_BASE:
                found["will"] = g.describe_action(int(a))
        g.step(int(rng.choice(g.legal_actions())))
    assert found["play"].startswith("Play ") and found["play"].endswith("})") and " ({" in found["play"]
    attrs = "|".join([*K.ATTRIBUTE_NAMES, "void"])
    assert __import__("re").fullmatch(rf"Produce ({attrs}) will with .+", found["will"]), found["will"]


def test_board_for_a_seat_hides_the_opponents_hand_and_standby(mid_game):
    g, _ = mid_game
    for seat in (0, 1):
        view = g.render(viewer=seat)
        assert view.count("hand:") == 1
        assert view.startswith("Force of Will - turn ")
    assert g.render().count("hand:") == 2


def test_board_shows_the_cost_of_each_hand_card(mid_game):
    g, _ = mid_game
    hand_line = next(line for line in g.render(viewer=0).splitlines() if line.strip().startswith("hand:"))
    cards = [c for c in hand_line.split("hand:", 1)[1].split(", ") if c.strip()]
    assert cards and all(c.rstrip().endswith("}") and " {" in c for c in cards), hand_line


@pytest.mark.parametrize("field, value, words", [
    ("rested", 2, "0 or 1"), ("mulligan_stage", 3, "0..2"), ("step", 40, "Step"), ("priority_player", 2, "0 or 1"),
    ("attacker", K.N_SLOTS, f"-1..{K.N_SLOTS - 1}"), ("chase_count", K.CHASE_MAX + 1, f"0..{K.CHASE_MAX}"),
])  # fmt: skip
def test_a_snapshot_value_outside_its_domain_is_refused_naming_the_field(mid_game, field, value, words,
                                                                        assert_snapshot_refused):  # fmt: skip
    g, d = mid_game
    bad = copy.deepcopy(d)
    if isinstance(bad["fields"][field], list):
        bad["fields"][field][0] = value
        assert_snapshot_refused(g, bad, rf"field '{field}'\[0\] is {value}, must be .*{words}")
    else:
        bad["fields"][field] = value
        assert_snapshot_refused(g, bad, rf"field '{field}' is {value}, must be .*{words}")


def test_cr_711_2_a_card_revealed_outside_the_rune_area_is_refused(mid_game, assert_snapshot_refused):
    """CR 711.2: a rune is revealed in its rune area and stays there; the zone table declares the
    rune area's ``revealed`` word (state.ZONES), so a snapshot with a revealed card in another zone
    (a hand) is refused (``ZoneTable.check``)."""
    g, d = mid_game
    bad = copy.deepcopy(d)
    slot = bad["fields"]["hand"][0][0]
    bad["fields"]["revealed"][slot] = 1
    assert_snapshot_refused(g, bad, rf"slot {slot} is revealed in hand, a zone that has no revealed cards")


def test_cr_1112_2a_the_gods_art_record_is_kept_and_names_outside_the_pool_are_refused(mid_game,
                                                                                    assert_snapshot_refused):
    g, d = mid_game
    assert g.pool.gods_art_ids == {"Turning Sands": 0}  # the starter pool's one [God's Art]
    used = copy.deepcopy(d)
    used["fields"]["gods_art_used"] = [1, 0]
    assert tcg_env.Game.from_dict(used).to_dict()["fields"]["gods_art_used"] == [1, 0]
    used["fields"]["gods_art_used"] = [0, 2]
    assert_snapshot_refused(g, used, r"field 'gods_art_used'\[1\] is 2: this pool has 1 \[God's Art\] name ")
    used["fields"]["gods_art_used"] = [-1, 0]
    assert_snapshot_refused(g, used, r"field 'gods_art_used'\[0\] is -1, must be")


def test_cr_1112_2_a_gods_art_is_described_by_its_name(mid_game):
    from tcg_env.games.force_of_will.cards import cost_words

    g, _ = mid_game
    ab = g.pool.models[g.pool.card_id("FOW1-075")].abilities[0]
    assert cost_words(ab.cost, ab.once, ab.gods_art) == "[Rest], [God's Art] Turning Sands"
    row = g.pool.ability_rows(g.pool.card_id("FOW1-075"))[0]
    assert "[Rest], [God's Art] Turning Sands" in g.pool.describe_ability(row)  # what `tcg cards show` prints


def test_cr_1112_2a_random_play_never_plays_turning_sands_twice_with_two_hourglasses():
    """dawn_sentinels holds two Hourglass of Ages ([God's Art] Turning Sands): once one of them played
    it, the other must not offer it again (the rule once kept per card let 4 of these 16 games play
    it twice)."""
    plays = []
    for seed in range(8):
        for decks in (["dawn_sentinels", "tide_dusk_control"], ["tide_dusk_control", "dawn_sentinels"]):
            g = tcg_env.make_game("force_of_will", decks=decks, seed=seed)
            rng = np.random.default_rng(seed)
            n = [0, 0]
            while not g.done:
                a = int(rng.choice(g.legal_actions()))
                if K.ACTIVATE_BASE <= a < K.JUDGMENT and "Hourglass of Ages's ability" in g.describe_action(a):
                    n[g.current_player] += 1
                g.step(a)
            plays.append(n)
    assert max(max(n) for n in plays) == 1, plays
    assert sum(sum(n) for n in plays) >= 8, plays  # the games do play it


def test_a_card_moved_out_of_its_list_is_refused(mid_game, assert_snapshot_refused):
    g, d = mid_game
    bad = copy.deepcopy(d)
    slot = next(c["slot"] for c in d["cards"] if c["zone"] == "hand")
    bad["fields"]["zone"][slot] = int(K.Zone.GRAVEYARD)
    assert_snapshot_refused(g, bad, "force_of_will snapshot: .*slot")


def test_snapshot_round_trip_continues_identically(mid_game):
    g, d = mid_game
    h = tcg_env.Game.from_dict(d)
    a, b = g.clone(), h
    rng = np.random.default_rng(9)
    for _ in range(200):
        if a.done:
            break
        act = int(rng.choice(a.legal_actions()))
        a.step(act)
        b.step(act)
    np.testing.assert_array_equal(a.state, b.state)


def test_card_lists_filter_by_attribute_type_and_cost():
    spec = tcg_env.get_spec("force_of_will")
    pool = spec.load_tables()
    attrs = spec.card_attributes(pool)
    assert set(attrs) == {"type", "cost", "attribute", "will"}
    types, choices = attrs["type"]
    assert "resonator" in choices and len(types) == pool.n_cards
    attributes, choices = attrs["attribute"]
    fire = [c for c in range(pool.n_cards) if attributes[c] == "fire"]
    assert fire and all(pool.cards[c, K.C_ATTR] == 1 << K.Attribute.FIRE for c in fire)
    deck = spec.load_deck(pool, "ember_gale_aggro")
    summary = spec.deck_summary(pool, deck)
    assert summary.startswith("1 ruler, ") and "; fire " in summary


def test_shaping_potential_is_the_life_lead_over_the_starting_life():
    """CR 105.4 / 403.3: a player at 0 life loses, from 4000; the potential is (my life - the
    opponent's life) / 4000, read from the observation's life columns."""
    from tcg_env.games.force_of_will import observation as O

    w = tcg_env.get_spec("force_of_will").shaping_potential()
    obs = np.zeros(O.OBS_SIZE, np.float32)
    obs[O.G_LIFE], obs[O.G_LIFE + 1] = 3000 / 4000, 1000 / 4000
    assert sum(obs[c] * x for c, x in w.items()) == pytest.approx(0.5)


def test_cr_905_ruler_activate_ability_description_says_its_cost_and_effect():
    """A ruler's activate ability (CR 902.1b, 905) is described by what it costs and does, as the
    field cards' are, not as "ability 1 of <card>"."""
    g = tcg_env.make_game("force_of_will", decks=["dawn_sentinels", "tide_dusk_control"], seed=3)
    rng = np.random.default_rng(0)
    texts, second = set(), set()
    for _ in range(200):  # the decider alternates, so both players' rulers are described
        if g.done:
            break
        texts.add(g.describe_action(K.RULER_ACTIVATE_BASE))
        second.add(g.describe_action(K.RULER_ACTIVATE_BASE + 1))
        g.step(int(rng.choice(g.legal_actions())))
    aurel = "Play ruler Aurel, Keeper of Dawn's ability ({W}{1}, once per turn): choose resonator (own) -> power +100/+100"
    # CR 1122: a will ability paid with a mana counter of the ruler's
    selka = "Play ruler Selka, Runewarden's ability (remove 1 mana counter from this card): produce water will"
    assert {aurel, selka} <= texts, texts
    assert not any("ability 1 of" in t for t in texts), texts
    assert all(t.endswith("(none)") for t in second), second  # each ruler has one activate ability


# ---- issue 25 item 7: life ----------------------------------------------------------------------------
def _positions(decision_wanted, seeds=range(6)):
    """Random-play positions of the default decks: the first with a pending ``decision_wanted``
    (a Decision, or "done" for a finished game) after turn 2, per seed."""
    rng = np.random.default_rng(3)
    for seed in seeds:
        g = tcg_env.make_game("force_of_will", seed=seed)
        while not g.done:
            if decision_wanted != "done" and g.turn > 2 and g.decision == decision_wanted:
                yield g
                break
            g.step(int(rng.choice(g.legal_actions())))
        else:
            if decision_wanted == "done":
                yield g


@pytest.mark.parametrize("life", [0, -300, 1250, 1], ids=["0", "-300", "1250", "1"])
def test_cr_1202_1_1205_1_life_at_a_priority_decision_is_positive_and_rounded(life, assert_snapshot_refused):
    """The rule processes run before priority is offered (CR 602.1a): life is rounded up to a multiple
    of 100 (CR 1205.1) and 0 or less ends the game (CR 1202.1), so a PRIORITY decision never comes
    with such a life."""
    g = next(_positions(K.Decision.PRIORITY))
    d = json.loads(json.dumps(g.to_dict()))
    bad = copy.deepcopy(d)
    bad["fields"]["life"][1] = life
    assert_snapshot_refused(g, bad, rf"^force_of_will snapshot: field 'life'\[1\] is {life} at a PRIORITY decision, "
                                    r"must be a positive multiple of 100: .*\(CR 602\.1a\).*\(CR 1205\.1\).*\(CR 1202\.1\)$")
    ok = copy.deepcopy(d)
    ok["fields"]["life"][1] = 100
    tcg_env.Game.from_dict(ok, pool=g.pool)


def test_cr_1007_2_negative_life_is_a_stored_state_before_the_rule_processes_and_after_the_game():
    """Damage decreases life with no floor (CR 1007.2): until the rule processes (CR 1202.1) a
    resolution's choice may be pending with life below 0, and a finished game keeps the loser's."""
    found = 0
    for g in _positions(K.Decision.CHOOSE_TARGET):
        d = json.loads(json.dumps(g.to_dict()))
        d["fields"]["life"][0] = -1500
        h = tcg_env.Game.from_dict(d, pool=g.pool)
        assert int(h.state[S.LIFE]) == -1500 and not h.done
        found += 1
        break
    for g in _positions("done"):
        d = json.loads(json.dumps(g.to_dict()))
        loser = 1 - g.winner if g.winner in (0, 1) else 0
        d["fields"]["life"][loser] = -2300
        assert int(tcg_env.Game.from_dict(d, pool=g.pool).state[S.LIFE + loser]) == -2300
        found += 1
        break
    assert found == 2


def test_every_priority_decision_of_random_play_has_life_above_0_in_hundreds():
    """What the check above relies on, over random games: the engine offers PRIORITY only after the
    rule processes (engine.chase.priority_point)."""
    rng = np.random.default_rng(9)
    seen = 0
    for seed in range(6):
        g = tcg_env.make_game("force_of_will", seed=100 + seed)
        while not g.done:
            if g.decision == K.Decision.PRIORITY:
                life = g.state[S.LIFE : S.LIFE + 2]
                assert (life > 0).all() and not (life % 100).any(), (seed, g.turn, life)
                seen += 1
            g.step(int(rng.choice(g.legal_actions())))
    assert seen > 100
