"""Force of Will card text, session 22 (branch s22-fowc): [Mythic]. CR 8.01 (``force-of-will-cr-8.01.txt``) has no
[Mythic]; the cards' reminder text: "When you control two or more entities with [Mythic] that share a name >>> Banish
all but one of them." Compiled as the printed bit KW_MYTHIC and checked with the rule processes (CR 1201.1; banish: CR
1011.1), the named approximation ``mythic_rule_process`` (docs/force_of_will/card-text.md). Lines are made up in the
game's template language."""

from __future__ import annotations

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from test_fow_card_text import _imported_pool, line

_REMINDER = "(When you control two or more entities with [Mythic] that share a name >>> Banish all but one of them.)"


def _card(number, name, ctype, abilities, cost="{W}", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": ["W"], "abilities": abilities, **kw}


def _mythic(text, ctype="resonator"):
    r = line(text, ctype)
    assert r.verdict is Verdict.APPROXIMATE and tuple(r.approximations) == ("mythic_rule_process",), (text, r.reason)
    return r


# ---- compiling ------------------------------------------------------------------------------------------------------
def test_mythic_keyword_line_is_the_printed_bit_approximate():
    assert _mythic("[Mythic]").fields == {"keywords": ["mythic"]}
    assert _mythic(f"[Mythic] {_REMINDER}").fields == {"keywords": ["mythic"]}
    assert _mythic("[Quickcast] [Mythic]", "addition").fields == {"keywords": ["quickcast", "mythic"]}
    assert _mythic("[Flying] [Mythic]").fields == {"keywords": ["flying", "mythic"]}
    for ctype in ("regalia", "addition", "magic_stone", "j_ruler"):
        assert _mythic("[Mythic]", ctype).fields == {"keywords": ["mythic"]}


def test_mythic_is_unsupported_where_no_entity_has_it():
    assert line("[Mythic]", "chant").verdict is Verdict.UNSUPPORTED  # a chant is never an entity in the field
    assert line("[Flying] [Mythic]", "regalia").verdict is Verdict.UNSUPPORTED  # [Flying] is a J/resonator's
    # [Mythic] is printed, never granted (BitKeywordName): a grant of it is no line the engine plays
    assert line("This card gains [Mythic] until end of turn.").verdict is Verdict.UNSUPPORTED


def _pool(tmp_path):
    cards = [_card("TXT-001", "Made-up Myth", "Resonator", [f"[Mythic] {_REMINDER}"], ATK=300, DEF=300, race=["Beast"]),
             _card("TXT-002", "Made-up Myth Twin", "Resonator", ["[Mythic]"], ATK=300, DEF=300, race=["Beast"]),
             # a second name shared with TXT-001 (CR 202: either name counts), without [Mythic] / with it
             _card("TXT-003", "Made-up Plain", "Resonator", ['This card has "Made-up Myth" in addition to its other names.'],
                   ATK=300, DEF=300, race=["Beast"]),
             _card("TXT-004", "Made-up Myth Alias", "Resonator",
                   ["[Mythic]", 'This card has "Made-up Myth" in addition to its other names.'], ATK=300, DEF=300,
                   race=["Beast"])]
    res, pool = _imported_pool(tmp_path, cards)
    assert [r.verdict for r in res.text_records] == [Verdict.APPROXIMATE, Verdict.APPROXIMATE, Verdict.EXACT,
                                                     Verdict.APPROXIMATE]
    return pool


def _zone(g, slot):
    return int(g.state[S.ZONE + slot * S.CARD_W])


def test_mythic_card_table_bit_and_pool_flag(tmp_path):
    pool = _pool(tmp_path)
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    T = sc.game()._T
    from tcg_env.engine.tables import card_table, flag_table

    for cid, kw in ((sc.card_id("TXT-001"), K.KW_MYTHIC), (sc.card_id("TXT-003"), 0)):
        assert int(card_table(T)[cid, K.C_KEYWORDS]) & K.KW_MYTHIC == kw
    assert int(flag_table(T)[-1, K.FL_MISC]) & K.FLAG_MYTHIC
    # the starter pool has no [Mythic] card: no flag, the rule processes skip the check
    from tcg_env.games.force_of_will.cards import compile_force_of_will_pool, default_pool_path, load_force_of_will_cards

    starter = compile_force_of_will_pool(list(load_force_of_will_cards(default_pool_path())))
    st = Scenario.main_phase(starter, turn_player=0, seed=1).game()._T
    assert int(flag_table(st)[-1, K.FL_MISC]) & K.FLAG_MYTHIC == 0


def test_mythic_two_sharing_a_name_all_but_the_latest_banished_by_rule_process(tmp_path):
    """Two [Mythic] resonators named alike (and an entity with [Mythic] of another name, and one without [Mythic] that
    shares the name) under one player's control: at the next priority sequence's rule processes (CR 602.1a, 1201.1) the earlier
    one is banished (CR 1011.1: its owner's graveyard), the latest stays; the others are untouched."""
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    old, other, plain, new = sc.field(0, ["TXT-001", "TXT-002", "TXT-003", "TXT-001"])
    opp = sc.field(1, ["TXT-001"])[0]  # the opponent's: another player's entity is no concern of player 0's
    g = sc.game()
    g.step(K.PASS)  # a priority sequence begins (CR 602.1a): the rule processes run
    assert _zone(g, old) == K.Zone.GRAVEYARD
    assert [_zone(g, x) for x in (other, plain, new, opp)] == [K.Zone.FIELD] * 4


def test_mythic_three_copies_leave_one(tmp_path):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path)
    sc = Scenario.main_phase(pool, turn_player=1, seed=2)
    a, b, c = sc.field(1, ["TXT-001", "TXT-001", "TXT-001"])
    g = sc.game()
    g.step(K.PASS)
    assert [_zone(g, x) for x in (a, b, c)] == [K.Zone.GRAVEYARD, K.Zone.GRAVEYARD, K.Zone.FIELD]


def test_mythic_one_copy_stays(tmp_path):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    a, b = sc.field(0, ["TXT-001", "TXT-002"])
    g = sc.game()
    g.step(K.PASS)
    assert [_zone(g, x) for x in (a, b)] == [K.Zone.FIELD] * 2


def test_mythic_a_second_name_is_a_shared_name(tmp_path):
    """CR 202: a card "has <name> in addition to its other names": the [Mythic] card with the second name shares a name
    with the earlier one, which is banished; the one without [Mythic] sharing it is not concerned."""
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = _pool(tmp_path)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    old, plain, alias = sc.field(0, ["TXT-001", "TXT-003", "TXT-004"])
    g = sc.game()
    g.step(K.PASS)
    assert [_zone(g, x) for x in (old, plain, alias)] == [K.Zone.GRAVEYARD, K.Zone.FIELD, K.Zone.FIELD]
