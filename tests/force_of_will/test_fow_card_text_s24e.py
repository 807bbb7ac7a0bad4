"""Force of Will card text, session 24 (branch s24-fowe): wording that stopped lines whose meaning the engine already had -
the card list's misprints ("it's owner's", "Wenever", "Look a the top", "instaed"), "you don't control a J/ruler named
"<name>"" (CR 201.2b) and "put this card from your graveyard into your hand / the field" in an ability that triggers as
the card is put into a graveyard from the field (CR 906.7b). Lines are made up in the game's template language. Rule
numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from tcg_env.games.force_of_will.card_text import normalise_line
from test_fow_card_text import _imported_pool, exact, line
from test_fow_card_text_s22a import _resolve
from test_fow_card_text_s24b import _card, _ruler, assert_gate

_NOT_NAMED = 'Play this card or its abilities only if you don\'t control a J/ruler named "Made-up Sage".'
_BACK = "When this card is put into a graveyard from the field => Put this card from your graveyard into your hand."


# ---- the list's misprints ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("printed, read", [
    ("Put target resonator on top of it's owner's deck.", "put target resonator on top of its owner's deck."),
    ("Wenever this card attacks, draw a card.", "whenever this card attacks, draw a card."),
    ("Look a the top two cards of your deck.", "look at the top two cards of your deck."),
    ("Roll that many dice plus one instaed.", "roll that many dice plus one instead."),
    ("At end of turn >>> It's controller banishes it.", "at end of turn => its controller banishes it."),
])
def test_misprints_are_read_as_the_words_they_stand_for(printed, read):
    assert normalise_line(printed) == read


def test_misprinted_lines_compile_as_their_correct_wording():
    for text in ("[Enter] => Put target resonator on top of it's owner's deck. Draw a card.",
                 "{U}, discard this card: Put target resonator on the bottom of it's owner's deck.",
                 "Wenever this card attacks, draw a card."):
        fixed = text.replace("it's owner", "its owner").replace("Wenever", "Whenever")
        assert exact(text).abilities == exact(fixed).abilities
    # a name printed with "it's" in quotes is kept as printed
    assert normalise_line('You control "Made-up it\'s owner".') == 'you control "Made-up it\'s owner".'


# ---- CR 201.2b: "you don't control a J/ruler named "A" [or "B"]" -------------------------------------------------------
def test_you_dont_control_a_j_ruler_named_is_the_ruler_not_named_condition():
    cond = {"kind": "ruler_not_named", "value": "Made-up Sage"}
    assert exact(_NOT_NAMED).fields == {"play_condition": cond, "_abilities_condition": cond}
    r = exact('If you don\'t control a J/ruler named "Made-up A" or "Made-up B", draw a card.', "chant")
    assert r.fields["effect"][0]["condition"] == {"kind": "ruler_not_named", "value": "Made-up A",
                                                  "names": ["Made-up B"]}
    # a misprinted "it's abilities" reads the same
    assert line(_NOT_NAMED.replace("its abilities", "it's abilities")).fields == exact(_NOT_NAMED).fields


@pytest.fixture(scope="module")
def not_named_pool(tmp_path_factory):
    cards = [_ruler("TXT-001", "Made-up Sage"), _ruler("TXT-005", "Made-up Fool"),
             _card("TXT-002", "Made-up Heretic", "Resonator", [_NOT_NAMED, "{Rest}: Draw a card."])]
    res, pool = _imported_pool(tmp_path_factory.mktemp("notnamed"), cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records if r.lines)
    return pool


@pytest.mark.parametrize("ruler, allowed", [("TXT-001", False), ("TXT-005", True)])
def test_cr_201_2b_not_named_gates_the_card_and_its_activate_ability(not_named_pool, ruler, allowed):
    """Under a ruler named "Made-up Sage" neither the hand card nor its activate ability is offered; under another
    ruler both are (Condition RULER_NOT_NAMED on the card's play condition and its abilities)."""

    pool = not_named_pool
    assert_gate(pool, ruler, allowed)


# ---- CR 906.7b: "put this card from your graveyard into your hand / the field" ----------------------------------------
def test_this_card_from_your_graveyard_compiles_only_where_it_was_put_there():
    r = exact(_BACK)
    (ab,) = r.abilities
    assert ab["trigger"] == "put_into_graveyard"
    assert [op["op"] for op in ab["effect"]] == ["target_self", "grave_to_hand"]
    r = exact("When this card is put into a graveyard from the field => Put this card from your graveyard into the "
              "field rested.")
    assert r.abilities[0]["effect"][-1] == {"op": "grave_to_field", "rested": True}
    exact("When this card is put into a graveyard from your field, you may discard a card. If you do, put this card "
          "from your graveyard into your hand.")
    # an activate ability (played from the field: the card is not in the graveyard), another trigger, a J/ruler
    for text, ctype in (("{R}{R}: Put this card from your graveyard into your hand.", "resonator"),
                        ("Whenever this card attacks => Put this card from your graveyard into your hand.", "resonator"),
                        (_BACK, "ruler")):
        assert line(text, ctype).verdict is Verdict.UNSUPPORTED


@pytest.fixture(scope="module")
def back_pool(tmp_path_factory):
    cards = [_card("TXT-010", "Made-up Phoenix", "Resonator", [_BACK]),
             _card("TXT-011", "Made-up Smite", "Chant", ["Destroy target resonator."], race=[]),
             _card("TXT-012", "Made-up Exile", "Chant", ["Remove target resonator from the game."], race=[])]
    res, pool = _imported_pool(tmp_path_factory.mktemp("back"), cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records if r.lines), [
        (r.name, [x.reason for x in r.lines]) for r in res.text_records]
    return pool


def _destroyed(pool, chant):
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text import _drive

    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 6)
    (spell,) = sc.hand(0, [chant])
    (bird,) = sc.field(0, ["TXT-010"])
    g = sc.game()
    _resolve(g, spell, [(0, bird)])
    _drive(g, lambda g: int(g.state[S.ZONE + bird * S.CARD_W]) == K.Zone.HAND)
    return int(g.state[S.ZONE + bird * S.CARD_W])


def test_cr_906_7b_destroyed_it_returns_from_the_graveyard_to_its_owners_hand(back_pool):
    assert _destroyed(back_pool, "TXT-011") == K.Zone.HAND


def test_removed_from_the_game_it_triggers_not_and_stays_removed(back_pool):
    assert _destroyed(back_pool, "TXT-012") == K.Zone.REMOVED


# ---- CR 205: a hyphenated race name ("<Word>-<Word> <Word>") ----------------------------------------------------------
def test_a_hyphenated_race_name_is_read_as_the_race():
    races = frozenset({"Made-up Seer", "Knight"})
    assert normalise_line("As long as you control a Made-up Seer, draw.", "X", races) == \
        "as long as you control a <race:Made-up Seer>, draw."
    assert normalise_line("Made-up Seers you control gain [+100/+100].", "X", races) == \
        "<races:Made-up Seer> you control gain [+100/+100]."
    # a part of the name alone, or the name inside another hyphenated word, is no race
    assert normalise_line("Destroy target made resonator.", "X", races) == "destroy target made resonator."
    assert normalise_line("Destroy target Super-Knight resonator.", "X", races) == "destroy target super-knight resonator."


def test_a_condition_on_a_hyphenated_race_compiles_to_its_filter(tmp_path):
    cards = [_card("TXT-020", "Made-up Diviner", "Resonator", [
        "This card gains [+200/+200] as long as you control a Made-up Seer."], race=["Made-up Seer"])]
    res, _ = _imported_pool(tmp_path, cards)
    (rec,) = [r for r in res.text_records if r.lines]
    assert rec.verdict is Verdict.EXACT, [x.reason for x in rec.lines]
    (card,) = [c for c in res if c.number == "TXT-020"]
    (ab,) = card.abilities
    assert ab.condition.kind == "control_at_least" and ab.condition.filter.race == "Made-up Seer"


# ---- CR 205: "non-<race> <cards>" (F_RACE with RACE_NOT) --------------------------------------------------------------
@pytest.fixture(scope="module")
def non_race_pool(tmp_path_factory):
    cards = [_card("TXT-030", "Made-up Golem", "Resonator", [], race=["Golem"]),
             _card("TXT-031", "Made-up Knight", "Resonator", []),
             _card("TXT-032", "Made-up Golem Knight", "Resonator", [], race=["Knight", "Golem"]),
             _card("TXT-033", "Made-up Quake", "Chant", ["Destroy all non-Golem resonators."], race=[]),
             _card("TXT-034", "Made-up Smash", "Chant", ["Destroy target non-Golem resonator."], race=[])]
    res, pool = _imported_pool(tmp_path_factory.mktemp("nonrace"), cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records if r.lines), [
        (r.name, [x.reason for x in r.lines]) for r in res.text_records]
    return res, pool


def test_non_race_compiles_to_the_not_race_filter(non_race_pool):
    card = {c.number: c for c in non_race_pool[0]}["TXT-033"]
    (sel,) = [op for op in card.effect if op.op == "select_all"]
    assert sel.filter.not_race == "Golem" and sel.filter.race is None
    races = frozenset({"Golem"})
    assert normalise_line("Destroy all non-Golem resonators.", "X", races) == "destroy all non-<race:Golem> resonators."
    # "non-" before a word that is no race stays as printed (unsupported)
    assert line("Destroy all non-Madeup resonators.", "chant").verdict is Verdict.UNSUPPORTED


def test_cr_205_destroy_all_non_race_spares_a_card_with_that_race_in_either_slot(non_race_pool):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = non_race_pool[1]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 6)
    (quake,) = sc.hand(0, ["TXT-033"])
    golem, knight, both = sc.field(0, ["TXT-030", "TXT-031", "TXT-032"])
    (their,) = sc.field(1, ["TXT-031"])
    g = sc.game()
    _resolve(g, quake, [])
    zone = lambda x: int(g.state[S.ZONE + x * S.CARD_W])  # noqa: E731
    assert [zone(x) for x in (golem, knight, both, their)] == [K.Zone.FIELD, K.Zone.GRAVEYARD, K.Zone.FIELD,
                                                              K.Zone.GRAVEYARD]


def test_cr_205_a_non_race_target_offers_only_the_cards_without_that_race(non_race_pool):
    from tcg_env.games.force_of_will.scenario import Scenario

    pool = non_race_pool[1]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 6)
    (smash,) = sc.hand(0, ["TXT-034"])
    golem, knight, both = sc.field(0, ["TXT-030", "TXT-031", "TXT-032"])
    g = sc.game()
    assert _resolve(g, smash, [(0, knight)]) == [(0, [knight])]
    assert int(g.state[S.ZONE + knight * S.CARD_W]) == K.Zone.GRAVEYARD


# ---- reminders printed without a full stop inside (CR 1140 [Enter], 1104 [Flying]) -------------------------------------
@pytest.mark.parametrize("printed, read", [
    ("[Enter] (When this card enters the field) >>> Draw a card.", "[enter] => draw a card."),
    ("[Flying] (This resonator cannot be blocked by J/Resonators without [Flying]).", "[flying]."),
    ("This card gains [Flying] as long as the weather is rain. (This card cannot be blocked by J/resonators without "
     "[Flying].)", "this card gains [flying] as long as the weather is rain."),
])
def test_bare_reminders_are_dropped(printed, read):
    assert normalise_line(printed) == read
    assert exact(printed).abilities == exact(read).abilities


def test_an_enter_reminder_keeps_the_enter_ability():
    (ab,) = exact("[Enter] (When this card enters the field) >>> Draw a card.").abilities
    assert ab["trigger"] == "enter" and ab["effect"] == [{"op": "draw", "count": 1}]
    assert exact("[Flying] (This card cannot be blocked by J/resonators without [Flying]).").fields == {
        "keywords": ["flying"]}
