"""FF-TCG 2014's Python side (``tcg_env.games.fftcg_2014.adapter``): the words of the questions the
variant asks through FF-TCG's decisions (``Ask``), the board's Monsters, Items and Formations, the
hand's 2014 columns (the opponent's hand hidden), and snapshots of the 2014 words. Its own small
card file (below) over FF-TCG's rules test pool, so that the starter pool may change."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

import tcg_env
from tcg_env import Game, SnapshotError
from tcg_env.adapter import as_the_other_reads
from tcg_env.games.fftcg_2014 import adapter as A
from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014 import state as S
from tcg_env.games.fftcg_2014.observation import OBS
from tcg_env.games.fftcg_2014.scenario import Scenario

RULES_POOL = Path(__file__).resolve().parents[1] / "fftcg" / "data" / "rules_pool.toml"
CARDS_2014 = '''
[[cards]]
number = "PY-001"
name = "Bronze Sword"
element = "fire"
type = "weapon"
cost = 2
equips = ["forward"]
  [[cards.abilities]]
  kind = "field"
  effect = [{ op = "aura_power", amount = 2000, filter = { equipped_by_source = true } }]

[[cards]]
number = "PY-002"
name = "Flame Banner"
element = "fire"
type = "formation"
cost = 2
formation_condition = { kind = "forwards_at_least", value = 1 }
  [[cards.abilities]]
  kind = "field"
  effect = [{ op = "aura_power", amount = 1000, filter = { type = "forward", side = "own", element = "fire" } }]

[[cards]]
number = "PY-003"
name = "Ash Hound"
element = "fire"
type = "monster"
cost = 2
  [[cards.abilities]]
  kind = "action"
  keyword = "blue_magic"
  cost = { cp = 1 }
  effect = [{ op = "choose", filter = { type = "forward", side = "opponent" } }, { op = "damage", amount = 3000 }]

[[cards]]
number = "PY-004"
name = "Ember Squire"
element = "fire"
type = "forward"
cost = 2
power = 4000
job = "Squire"
generic = true
keywords = ["level_up"]

[[cards]]
number = "PY-005"
name = "Ember Squire"
element = "fire"
type = "forward"
cost = 4
power = 8000
job = "Knight"
generic = true
overdrive = 2
  [[cards.abilities]]
  kind = "auto"
  trigger = "enters_self"
  condition = { kind = "overdrive_paid" }
  effect = [{ op = "draw", count = 1 }]

[[cards]]
number = "PY-006"
name = "Hearth Aide"
element = "fire"
type = "backup"
cost = 2
  [[cards.abilities]]
  kind = "auto"
  trigger = "enters_self"
  keyword = "assist"
  effect = [{ op = "draw", count = 2 }]

[[cards]]
number = "PY-007"
name = "Pyre Titan"
element = "fire"
type = "summon"
cost = 6
war_god = "Squire"
  [[cards.abilities]]
  kind = "summon"
  effect = [{ op = "choose", filter = { type = "forward", side = "opponent" } }, { op = "break" }]

[[cards]]
number = "PY-008"
name = "Cinder Vanguard"
element = "fire"
type = "forward"
cost = 3
power = 6000
combination = { names = ["Ash Hound", "Hearth Aide"], reduction = 1 }
  [[cards.abilities]]
  kind = "action"
  keyword = "flash"
  cost = { cp = 1 }
  effect = [{ op = "choose", filter = { type = "forward", side = "own" } }, { op = "power", amount = 3000 }]

[[cards]]
number = "PY-009"
name = "Ember Paladin"
element = "fire"
type = "forward"
cost = 3
power = 6000
  [[cards.abilities]]
  kind = "action"
  keyword = "junction"
  cost = { cp = 1 }
  [[cards.abilities]]
  kind = "field"
  condition = { kind = "junctioned" }
  effect = [{ op = "aura_power", amount = 3000, filter = { exclude_self = false, name = "Ember Paladin", side = "own" } }]
'''
# 27 cards of the variant's and 23 of FF-TCG's rules test pool (Fire Grunt, Fire Squire, ...)
DECK_2014 = [f"PY-{i:03d}" for i in range(1, 10) for _ in range(3)] + [f"T-{i:03d}" for i in (1, 3, 5, 6, 7, 8, 9)] * 3 \
    + ["T-013"] * 2
A_ = K.Ask
D = K.Decision


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    from tcg_env.games.fftcg_2014.cards import load_pool

    path = tmp_path_factory.mktemp("fftcg_2014") / "cards_2014.toml"
    path.write_text(CARDS_2014)
    return load_pool([RULES_POOL, path])


def _names(g, slots):
    return [g.pool.names[int(g.state[S.CARD + s * S.CARD_W])] for s in slots]


def _scenario(pool):
    return Scenario.main_phase(pool, decks=(DECK_2014, DECK_2014))


# ---- the questions' words --------------------------------------------------------------------------
# every wording of every question (Ask): what the decision's legal actions must read as
QUESTION_WORDS = {
    A_.OVERDRIVE: [r"Play Ember Squire without its Overdrive", r"Pay the Overdrive of Ember Squire too \(\+2 CP\)"],
    A_.COMBINATION: [r"Keep (Ash Hound|Hearth Aide) in your Break Zone",
                     r"Combination: remove (Ash Hound|Hearth Aide) from your Break Zone for Cinder Vanguard \(-1 CP\)"],
    A_.HAND_ABILITY: [r"Play (Ash Hound|Cinder Vanguard) \(\d CP\) instead of using its (Blue Magic|Flash)",
                      r"Discard (Ash Hound|Cinder Vanguard) for its (Blue Magic|Flash) instead of playing it"],
    A_.ASSIST: [r"Don't use the Assist of Hearth Aide", r"Use the Assist of Hearth Aide"],
    A_.WAR_GOD: [r"Cast Pyre Titan without War God", r"War God: put your Ember Squire into the Break Zone for Pyre Titan"],
    A_.EQUIP: [r"Equip Bronze Sword to your [A-Z][a-z]+( [A-Z][a-z]+)?"],
    A_.JUNCTION: [r"Junction: remove (Pyre Titan|Fire Bolt) from the game for Ember Paladin( \(hand card \d+\))?"],
}


def test_every_question_of_random_play_reads_as_its_question(pool):
    """Seeded random games of 2014 decks ask every question; each legal action of a question is one
    of its wordings (never FF-TCG's "Decline the optional effect" / "Choose your X" nor a "?"), the
    same in the other player's words (``public``)."""
    seen = set()
    for seed in range(40):
        g = tcg_env.make_game("fftcg_2014", decks=(DECK_2014, DECK_2014), seed=seed, pool=pool)
        rng = np.random.default_rng(seed)
        while not g.done:
            what = A_(int(g.state[S.ASK]))
            if what != A_.NONE:
                seen.add(what)
                for a in g.legal_actions():
                    text = g.describe_action(int(a))
                    assert any(re.fullmatch(w, text) for w in QUESTION_WORDS[what]), (what.name, text)
                    # the other player's log: no copy marker, and the decider's "your" is its own
                    assert as_the_other_reads(re.sub(r" \(hand card \d+\)", "", text)) == g.describe_action(int(a), public=True)
            g.step(int(rng.choice(g.legal_actions())))
        if seen == set(QUESTION_WORDS):
            break
    assert seen == set(QUESTION_WORDS), f"never asked: {set(QUESTION_WORDS) - seen}"


def _hand_words(pool, own_field, opp_field, hand=("PY-003", "PY-008", "T-005")):
    sc = _scenario(pool)
    sc.hand(0, list(hand))
    sc.field(0, own_field)
    sc.field(1, opp_field)
    g = sc.game()
    return {g.describe_action(int(a)) for a in g.legal_actions()}


def test_a_hand_card_with_flash_or_blue_magic_says_what_playing_it_does(pool):
    """2014 CR 15.2.11, 15.2.14: played from the hand, such a card is played, or discarded for its
    ability when only that is possible, or the player is asked which when both are."""
    both = _hand_words(pool, ["T-001"] + ["T-003"] * 5, ["T-002"])
    assert {"Play Ash Hound (2 CP) or discard it for its Blue Magic",
            "Play Cinder Vanguard (3 CP) or discard it for its Flash"} <= both
    no_targets = _hand_words(pool, ["T-003"] * 5, [])  # nothing to choose: the abilities can't be used
    assert {"Play Ash Hound (2 CP)", "Play Cinder Vanguard (3 CP)"} <= no_targets
    for card, words in (("PY-003", "Discard Ash Hound for its Blue Magic"), ("PY-008", "Discard Cinder Vanguard for its Flash")):
        one_cp = _hand_words(pool, ["T-001", "T-003"], ["T-002"], hand=[card])  # 1 CP: the ability only (cost 1)
        assert words in one_cp, one_cp


def test_the_equip_question_names_the_item_and_each_character(pool):
    sc = _scenario(pool)
    sc.hand(0, ["PY-001"])
    sc.field(0, ["T-001", "T-013", "T-003", "T-003", "T-003"])
    g = sc.game()
    g.step(next(int(a) for a in g.legal_actions() if g.describe_action(int(a)).startswith("Play Bronze Sword")))
    assert g.decision == D.CHOOSE_TARGET and int(g.state[S.ASK]) == A_.EQUIP
    assert sorted(g.describe_action(int(a)) for a in g.legal_actions()) == [
        "Equip Bronze Sword to your Fire Grunt", "Equip Bronze Sword to your Unique Knight"]


# ---- the board ------------------------------------------------------------------------------------
def test_the_board_shows_monsters_items_with_what_they_equip_and_the_formation(pool):
    sc = _scenario(pool)
    grunt, sword, hound, banner, paladin = sc.field(0, ["T-001", "PY-001", "PY-003", "PY-002", "PY-009"])
    sc.equip(sword, grunt)
    sc.row[S.JUNCTIONED + paladin * S.X_W] = 1 + sc.put(0, "PY-007", K.Zone.REMOVED)
    sc.hand(0, ["PY-003", "PY-008"])
    g = sc.game()
    board = g.render()
    assert "(2014 rules)" in board.splitlines()[0]
    assert re.search(r"monsters: +Ash Hound\n", board), board
    assert re.search(r"items: +Bronze Sword \(weapon, equips Fire Grunt\)\n", board), board
    assert re.search(r"formation: +Flame Banner\n", board), board
    # the Formation's aura: +1000 to fire Forwards; the Item's: +2000 to Fire Grunt; Junction: +3000
    assert "Fire Grunt [power 8000]" in board
    assert "Ember Paladin [junctioned, power 10000]" in board
    assert "Ash Hound (fire monster, 2 CP, Blue Magic)" in board
    assert "Cinder Vanguard (fire forward, 3 CP, 6000, Flash)" in board
    view = A.public_view(g, 1)
    hands = [a for p, a in view.areas() if a.name == "hand"]
    assert hands[0].cards is None and hands[1].cards is not None  # seat 1 sees its own hand only


# ---- observation: the 2014 blocks ---------------------------------------------------------------
def test_the_hand_2014_rows_are_the_observers_hand_only(pool):
    """2014 CR 7.7: the hand is hidden. Player 1's Monster and Flash cards show in player 1's
    ``hand_2014`` rows and nowhere in player 0's observation, whatever player 1 holds."""
    block = OBS["hand_2014"]
    col = {c: block.col(c) for c in block.columns}
    obs = []
    for opp_hand in (["PY-003", "PY-008"], ["T-001", "T-001"]):
        sc = _scenario(pool)
        sc.hand(0, ["T-001", "PY-003"])
        sc.hand(1, opp_hand)
        g = sc.game()
        obs.append((g.observe(0), g.observe(1)))
    (mine, theirs), (mine_again, _) = obs
    rows = mine[block.base:block.end].reshape(block.shape)
    assert rows[0].sum() == 0 and rows[1, col["type_monster"]] == 1 and rows[1, col["hand_ability"]] == 1
    assert np.array_equal(mine, mine_again)  # nothing of player 1's hand reaches player 0
    theirs_rows = theirs[block.base:block.end].reshape(block.shape)
    assert theirs_rows[0, col["type_monster"]] == 1 and theirs_rows[1, col["hand_ability"]] == 1


def test_the_field_2014_rows_say_what_an_item_equips_on_both_sides(pool):
    sc = _scenario(pool)
    grunt, sword = sc.field(0, ["T-001", "PY-001"])
    sc.equip(sword, grunt)
    g = sc.game()
    for viewer, name in ((0, "own_field_2014"), (1, "opp_field_2014")):
        b = OBS[name]
        rows = g.observe(viewer)[b.base:b.end].reshape(b.shape)
        assert rows[1, b.col("type_weapon")] == 1
        assert rows[1, b.col("equips_row_plus1_div16")] == pytest.approx(1 / 16)  # row 0: Fire Grunt
        assert rows[0, b.col("equips_row_plus1_div16")] == 0


# ---- snapshots ---------------------------------------------------------------------------------
def _equipped_game(pool):
    sc = _scenario(pool)
    grunt, sword, squire = sc.field(0, ["T-001", "PY-001", "PY-005"])
    sc.equip(sword, grunt)
    sc.row[S.OVERDRIVEN + squire * S.X_W] = 1
    return sc.game(), grunt, sword, squire


def test_a_snapshot_keeps_the_2014_words_and_names_what_an_item_equips(pool):
    g, grunt, sword, squire = _equipped_game(pool)
    d = g.to_dict()
    assert (d["game"], d["format"]) == ("fftcg_2014", A.SNAPSHOT_FORMAT)
    assert d["fields"]["equips"][sword] == grunt + 1 and d["fields"]["overdriven"][squire] == 1
    assert next(c for c in d["cards"] if c["slot"] == sword)["equips"] == grunt
    back = Game.from_dict(json.loads(json.dumps(d)), pool=pool)
    assert np.array_equal(back.state, g.state)
    assert back.render() == g.render()


@pytest.mark.parametrize("edit, words", [
    (lambda d, grunt, sword, squire: d["fields"]["equips"].__setitem__(sword, squire + 1 + 60),
     "is not a character on the same field"),
    (lambda d, grunt, sword, squire: d["fields"]["equips"].__setitem__(grunt, sword + 1), "only Items equip"),
    (lambda d, grunt, sword, squire: d["fields"]["overdriven"].__setitem__(5, 1), "is not on the field"),
    (lambda d, grunt, sword, squire: d["fields"]["overdriven"].__setitem__(squire, 2), "'overdriven'"),
    (lambda d, grunt, sword, squire: d["fields"].__setitem__("ask", 9), "field 'ask' is 9"),
    (lambda d, grunt, sword, squire: d["fields"].__setitem__("ask", int(K.Ask.EQUIP)),
     "field 'ask' is EQUIP but the pending decision is PRIORITY"),
])
def test_a_snapshot_whose_2014_words_point_nowhere_is_refused(pool, edit, words):
    g, grunt, sword, squire = _equipped_game(pool)
    d = json.loads(json.dumps(g.to_dict()))
    edit(d, grunt, sword, squire)
    with pytest.raises(SnapshotError, match=re.escape(words)):
        Game.from_dict(d, pool=pool)


def test_an_unequipped_item_is_a_position_the_rule_process_ends(pool):
    """2014 CR 12.4.8: equips 0 is a valid snapshot (the next rule-process check puts the Item into
    the Break Zone), not a refused one."""
    g, grunt, sword, squire = _equipped_game(pool)
    d = g.to_dict()
    d["fields"]["equips"][sword] = 0
    d["fields"]["priority_rules_clean"] = 0
    back = Game.from_dict(d, pool=pool)
    assert back.to_dict()["fields"]["equips"][sword] == 0


def _dealt_anew(game, player, seed):
    """``game`` with what ``player`` cannot see dealt anew (the kernels' determinization, as the
    conformance kit's hidden-information test does)."""
    k = game.spec.kernels
    states = np.array(game.state, np.int32)[None].copy()
    k.determinize_batch(states, game.pool.kernel_tables, np.array([player], np.int32), k.seed_agent_rng(1, seed))
    return Game(game.spec, game.pool, states[0], game.variant_index)


def test_a_deal_of_what_a_player_cannot_see_leaves_its_2014_blocks_as_they_were(pool):
    """The conformance kit's hidden-information sweep, on decks of 2014 cards (the kit plays the
    starter decks): at every decision, the opponent's hand and both decks dealt anew leave a
    player's observation (2014 blocks included) and the decider's mask unchanged, while the
    opponent's own ``hand_2014`` rows do change in some deals."""
    block = OBS["hand_2014"]
    moved = 0
    for seed in range(3):
        g = tcg_env.make_game("fftcg_2014", decks=(DECK_2014, DECK_2014), seed=seed, pool=pool)
        rng = np.random.default_rng(seed)
        for i in range(150):
            if g.done:
                break
            for p in (0, 1):
                h = _dealt_anew(g, p, seed=10 * i + p)
                assert np.array_equal(h.observe(p), g.observe(p)), (seed, i, p)
                if p == g.current_player:
                    assert np.array_equal(h.action_mask(), g.action_mask()), (seed, i)
                o = 1 - p
                moved += not np.array_equal(h.observe(o)[block.base:block.end], g.observe(o)[block.base:block.end])
            g.step(int(rng.choice(g.legal_actions())))
    assert moved > 20


@pytest.mark.parametrize("seed", [0, 1, *(pytest.param(s, marks=pytest.mark.slow) for s in (2, 3))])
def test_every_position_of_random_play_with_2014_cards_is_a_snapshot_that_restores(pool, seed):
    """The 2014 checks refuse no position the rules reach (an Item whose character is leaving, a
    question pending), and the snapshot restores it exactly (two games in CI, four in the slow run)."""
    g = tcg_env.make_game("fftcg_2014", decks=(DECK_2014, DECK_2014), seed=seed, pool=pool)
    rng = np.random.default_rng(seed)
    while not g.done:
        back = Game.from_dict(json.loads(json.dumps(g.to_dict())), pool=pool)
        assert np.array_equal(back.state, g.state)
        g.step(int(rng.choice(g.legal_actions())))
