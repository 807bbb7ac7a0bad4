"""Force of Will card text, session 31 (branch s31-b2): automatic abilities and replacement effects ("If ... would ...,
... instead"). Lines are made up in the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import state as S
from test_fow_card_text import _imported_pool, exact, line
from test_fow_card_text_s13 import _res, _to_block


# ---- replacing the damage a source deals (CR 910) -------------------------------------------------------------------
def test_cr_910_double_that_much_damage_is_double_that_much():
    a = exact("If this card would deal damage to a J/resonator, it deals double that much damage instead.")
    b = exact("If this card would deal damage to a J/resonator, it deals double that much instead.")
    assert a.abilities == b.abilities


def test_cr_910_1007_1_double_damage_while_this_card_is_damaged(tmp_path):
    """"If this card would deal damage while it is damaged, it deals double that much instead.": the DAMAGE_MOD source
    filter is this card with damage on it (CR 1007.1); its 300 battle damage is 600 only while it has damage."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    text = "If this card would deal damage while it is damaged, it deals double that much instead."
    r = exact(text)
    assert r.abilities[0]["effect"] == [{"op": "damage_mod", "amount": "double",
                                         "source": {"self_only": True, "state": "damaged"}}]
    res, pool = _imported_pool(tmp_path, [_res(1, [text], 300, 500), _res(2, [], 100, 1000)])
    assert [r.verdict for r in res.text_records] == [Verdict.EXACT] * 2
    for damaged, want in ((False, 300), (True, 600)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        attacker = sc.put(0, "TXT-001", "field")
        blocker = sc.put(1, "TXT-002", "field")
        if damaged:
            sc.row[S.DAMAGE + attacker * S.CARD_W] = 100  # CR 1007.1: damage on it from earlier this turn
        g = sc.game()
        _to_block(g, sc, attacker, blocker)
        for _ in range(16):
            if int(g.state[S.DAMAGE + blocker * S.CARD_W]) != 0:
                break
            g.step(K.PASS)
        assert int(g.state[S.DAMAGE + blocker * S.CARD_W]) == want


# ---- "whenever your opponent plays a <card>" (CR 903.2) ------------------------------------------------------------
def test_cr_903_2_whenever_your_opponent_plays_a_chant_triggers_on_the_other_players_card(tmp_path):
    """"Whenever your opponent plays a chant => You gain 300 life.": Trigger.YOU_PLAY with the filter's side opponent.
    Player 0 plays a chant: player 1's watcher triggers (its controller gains 300), player 0's own does not; "Whenever
    you play a chant" of player 1 does not trigger on player 0's chant; "Whenever a player plays a chant" (side any) of both
    players does."""
    from test_fow_card_text_s23b import _resolved
    from test_fow_card_text_s24b import _card

    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _drive

    r = exact("Whenever your opponent plays a chant => You gain 300 life.")
    assert r.abilities[0]["trigger"] == "you_play"
    assert r.abilities[0]["trigger_filter"] == {"type": ["chant"], "zone": "chase", "side": "opponent"}
    assert exact("Whenever a player plays a chant => You gain 300 life.").abilities[0]["trigger_filter"] == \
        {"type": ["chant"], "zone": "chase", "side": "any"}
    res, pool = _imported_pool(tmp_path, [
        _card("TXT-300", "Made-up Watcher", "Resonator", ["Whenever your opponent plays a chant => You gain 300 life."]),
        _card("TXT-302", "Made-up Echo", "Resonator", ["Whenever you play a chant => You gain 500 life."]),
        _card("TXT-303", "Made-up Herald", "Resonator", ["Whenever a player plays a chant => You gain 1000 life."]),
        _card("TXT-301", "Made-up Spark", "Chant", ["Draw a card."], cost="{R}")])
    assert [r.verdict for r in res.text_records] == [Verdict.EXACT] * 4
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 1)
    sc.field(0, ["TXT-300", "TXT-303"])
    sc.field(1, ["TXT-300", "TXT-302", "TXT-303"])
    sc.put(0, "TXT-301", K.Zone.HAND)
    sc.life(0, 4000)
    sc.life(1, 4000)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: _resolved(g) and int(g.state[S.LIFE + 1]) == 5300 and int(g.state[S.LIFE + 0]) == 5000)
    _drive(g, _resolved)
    assert int(g.state[S.LIFE + 1]) == 5300  # "your opponent plays" 300 + "a player plays" 1000
    assert int(g.state[S.LIFE + 0]) == 5000  # "a player plays" 1000 only


# ---- "when this card is put into a graveyard from your hand" --------------------------------------------------------
def _approx(text):
    r = line(text)
    # session 32: a discard at random triggers it too (Op.PLAYER_DISCARD by zones.discard_to_graveyard): exact
    assert r.verdict is Verdict.EXACT, (text, r.reason)
    return r


def test_cr_302_3_when_this_card_is_put_into_a_graveyard_from_your_hand_a_discard_triggers_it(tmp_path):
    """"When this card is put into a graveyard from your hand => You gain 300 life.": a chant's "Discard a card." puts it
    from the hand into the graveyard (Trigger.PUT_INTO_GRAVEYARD_FROM_HAND); its owner gains 300. A copy put into the
    graveyard from the field does not trigger it."""
    from test_fow_card_text_s23b import _resolved
    from test_fow_card_text_s24b import _card

    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _drive

    text = "When this card is put into a graveyard from your hand => You gain 300 life."
    assert _approx(text).abilities[0]["trigger"] == "put_into_graveyard_from_hand"
    assert _approx("When this card is put into your graveyard from your hand >>> Draw a card.").abilities[0]["trigger"] \
        == "put_into_graveyard_from_hand"
    res, pool = _imported_pool(tmp_path, [
        _card("TXT-300", "Made-up Ash Sprite", "Resonator", [text]),
        _card("TXT-301", "Made-up Purge", "Chant", ["Discard a card."], cost="{R}"),
        _card("TXT-302", "Made-up Quake", "Chant", ["Destroy all resonators."], cost="{R}")])
    assert [r.verdict for r in res.text_records] == [Verdict.EXACT] * 3  # session 32 (before, approximate)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 1)
    sprite = sc.put(0, "TXT-300", K.Zone.HAND)
    sc.put(0, "TXT-301", K.Zone.HAND)
    sc.life(0, 4000)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE + 1)
    _drive(g, lambda g: _resolved(g) and int(g.state[S.LIFE + 0]) != 4000)
    assert int(g.state[S.ZONE + sprite * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.LIFE + 0]) == 4300
    # from the field: not this trigger
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 1)
    sprite = sc.put(0, "TXT-300", K.Zone.FIELD)
    sc.put(0, "TXT-302", K.Zone.HAND)
    sc.life(0, 4000)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: _resolved(g) and int(g.state[S.ZONE + sprite * S.CARD_W]) == K.Zone.GRAVEYARD)
    _drive(g, _resolved)
    assert int(g.state[S.ZONE + sprite * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.LIFE + 0]) == 4000


# ---- "whenever you play your second card each turn" (CR 903.2, 1124.2) ----------------------------------------------
def test_cr_903_2_whenever_you_play_your_second_card_each_turn_triggers_on_the_second_only(tmp_path):
    """YOU_PLAY of any card with the condition played_cards_exactly 2 (Condition.PLAYED_CARDS_EXACTLY, read as it
    triggers: the card just played counted): the first chant does not trigger it, the second does (+300), a third not (each chant: +100)."""
    from test_fow_card_text_s23b import _resolved
    from test_fow_card_text_s24b import _card

    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _drive

    text = "Whenever you play your second card each turn => You gain 300 life."
    assert exact(text).abilities[0]["condition"] == {"kind": "played_cards_exactly", "value": 2}
    res, pool = _imported_pool(tmp_path, [
        _card("TXT-300", "Made-up Tempo Sprite", "Resonator", [text]),
        _card("TXT-301", "Made-up Spark", "Chant", ["You gain 100 life."], cost="{R}")])
    assert [r.verdict for r in res.text_records] == [Verdict.EXACT] * 2
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 3)
    sc.field(0, ["TXT-300"])
    for _ in range(3):
        sc.put(0, "TXT-301", K.Zone.HAND)
    sc.life(0, 4000)
    g = sc.game()
    for want in (4100, 4500, 4600):  # each chant +100; the second's trigger +300
        g.step(K.PLAY_HAND_BASE)
        _drive(g, lambda g: _resolved(g))
        assert int(g.state[S.LIFE + 0]) == want
