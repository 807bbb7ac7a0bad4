"""Weiss Schwarz card text, session 27 (branch s27-wsa): trait filters. "<<A>> or <<B>> or <<C>>" (three or more
traits, CR 2.5: a card with any of them) wherever "<<A>> or <<B>>" is accepted: the filter's trait column holds two
trait ids, so the pool compiler makes each distinct set of three or more a trait group, a bit of the card table's
``C_TRAIT_GROUPS`` set on every card with one of its traits (constants). Made-up lines in the card language, imported,
and what the engine does with them."""

from __future__ import annotations

import pytest

from tcg_env.cards.errors import CardDataError
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.card_text import compile_line
from tcg_env.games.weiss_schwarz.cards import WSCard, compile_ws_pool
from tcg_env.games.weiss_schwarz.scenario import Scenario

import ws_card_text_kit as kit


_rec = kit.rec


def _c(line, type="character"):
    return compile_line(line, {"type": type, "name": "Tester", "traits": ["Glass"]})


_THREE = "《Wood》 or 《Sand》 or 《Glass》"
(PLAIN, FLARE, WOOD, SAND, STONE, MIXED, AURA, COUNTER, HANDY, ICY, HERO, KIN, FAN, BRAVE_ONE) = range(14)
RECORDS = [
    _rec("T/S27A-001", "Plain"),  # <<Glass>>
    _rec("T/S27A-002", "Flare", [], type="Climax", trigger=("SOUL",)),
    _rec("T/S27A-003", "Wood", [], traits=("Wood",)),
    _rec("T/S27A-004", "Sand", [], traits=("Sand",)),
    _rec("T/S27A-005", "Stone", [], traits=("Stone",)),  # none of the three
    _rec("T/S27A-006", "Mixed", [], traits=("Stone", "Sand")),  # the second of its traits
    _rec("T/S27A-007", "Aura", [f"【CONT】 All of your other {_THREE} characters get +500 power."], traits=("Stone",)),
    _rec("T/S27A-008", "Counter", [f"【CONT】 If you have 2 or more other {_THREE} characters, this card gets +1000 "
                                   "power."], traits=("Stone",)),
    _rec("T/S27A-009", "Handy", [f"【CONT】 If you have 2 or more {_THREE} characters, this card gets -1 level while in "
                                 "your hand."], level="1", traits=("Stone",)),
    # another set of three, two of them traits no character of the list has (WSCard.text_traits)
    _rec("T/S27A-010", "Icy", ["【CONT】 All of your 《Stone》 or 《Ice》 or 《Mud》 characters get +1 soul."],
         traits=("Reed",)),
    # a trait or a part of the card name (name_or_trait with name_contains): the two word orders
    _rec("T/S27A-011", "Hero Aide", ["【CONT】 All of your other 《Brave》 characters or characters with \"Hero\" in its "
                                     "card name get +500 power."], traits=("Reed",)),
    _rec("T/S27A-012", "Kin", ["【CONT】 All of your other characters with 《Brave》 or \"Hero\" in its card name get +1 "
                               "soul."], traits=("Reed",)),
    # a card name or one of three traits
    _rec("T/S27A-013", "Fan", ["【CONT】 All of your other \"Wood\" or 《Sand》 or 《Glass》 or 《Ice》 characters get +1 "
                               "soul."], traits=("Reed",)),
    _rec("T/S27A-014", "Brave One", [], traits=("Brave",)),
]  # fmt: skip
RECORDS += [_rec(f"T/S27A-F{i:02d}", f"Filler {i}", traits=("Reed",)) for i in range(12)]
FILLER = len(RECORDS) - 12


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    return kit.import_pool(tmp_path_factory, "ws27a", RECORDS)


def _scenario(pool, **kw):
    deck = kit.deck_of(len(RECORDS), FLARE, extra=(PLAIN, WOOD))
    return Scenario.main_phase(pool, decks=(deck, deck), **kw)


# ---------------------------------------------------------------------------- compiled
def test_cr_2_5_three_traits_compile_to_one_filter_of_any_of_them():
    spec = {"type": "character", "trait": "Wood", "trait_or": "Sand", "trait_more": ["Glass"]}
    r = _c(f"【AUTO】 When this card attacks, choose 1 {_THREE} character in your waiting room, and return it to your "
           "hand.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == dict(spec, zone="waiting_room")
    r = _c(f"【CONT】 If you have 2 or more other {_THREE} characters, this card gets +1000 power.")
    assert r.verdict == "exact", r.reason  # a count by a filter (the kernels' trait count holds two traits)
    assert r.abilities[0]["condition"] == {"kind": "filter_count_at_least", "value": 2,
                                           "filter": dict(spec, relation="other")}  # fmt: skip
    r = _c(f"【CONT】 If all of your characters are {_THREE}, this card gets +1000 power.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"] == {"kind": "all_chars_filter", "filter": spec}
    # four traits; a colour or three traits; the middle position's other character
    r = _c("【CONT】 All of your other 《Wood》 or 《Sand》 or 《Glass》 or 《Reed》 characters get +500 power.")
    assert r.verdict == "exact" and r.abilities[0]["effect"][0]["filter"]["trait_more"] == ["Glass", "Reed"]
    r = _c(f"【CONT】 All of your other green or {_THREE} characters get +500 power.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == dict(spec, color=["green"], color_or_trait=True, relation="other")
    r = _c(f"【CONT】 Your other {_THREE} character in the middle position of the center stage gets +500 power.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == dict(spec, relation="other", positions=["center_middle"])


def test_cr_2_5_a_trait_group_bit_for_each_card_with_one_of_the_traits(pool):
    groups = sorted({int(t) for t in pool.filters[:, K.F_TRAIT] if t < 0}, reverse=True)
    assert groups == [-1, -2, -3]  # three distinct sets of three traits: three groups, whatever the number of lines
    bits = pool.cards[:, K.C_TRAIT_GROUPS]
    wsg = 1 << 0  # Aura's set (the first compiled): Wood, Sand, Glass
    sim = 1 << 1  # Icy's: Stone, Ice, Mud
    sgi = 1 << 2  # Fan's: Sand, Glass, Ice
    assert [int(bits[c]) for c in (PLAIN, FLARE, WOOD, SAND, STONE, MIXED, AURA, ICY, FILLER)] == [
        wsg | sgi, 0, wsg, wsg | sgi, sim, wsg | sim | sgi, sim, 0, 0]


def _aura_card(k: int, flt: dict) -> WSCard:
    return WSCard.model_validate({"number": f"T/S27A-C{k:02d}", "name": f"C{k}", "type": "character", "level": 0,
                                  "cost": 0, "power": 1000, "soul": 1, "traits": [f"A{k}", "B", "C"],
                                  "color": "yellow", "abilities": [{"kind": "cont", "effect": [
                                      {"op": "aura_power", "amount": 500, "filter": dict(flt, type="character")}]}]})


def test_trait_groups_are_limited_per_pool():
    # k + 1 cards, each "all of your <<A{k}>> or <<B>> or <<C>> characters get +500 power": k + 1 groups
    cards = [_aura_card(k, {"trait": f"A{k}", "trait_or": "B", "trait_more": ["C"]})
             for k in range(K.MAX_TRAIT_GROUPS + 1)]
    compile_ws_pool(cards[:K.MAX_TRAIT_GROUPS])
    with pytest.raises(CardDataError, match="distinct sets of 3 or more traits"):
        compile_ws_pool(cards)
    with pytest.raises(CardDataError, match="needs trait and trait_or"):
        compile_ws_pool([_aura_card(0, {"trait": "B", "trait_more": ["C"]})])
    with pytest.raises(CardDataError, match="unknown trait"):
        compile_ws_pool([_aura_card(0, {"trait": "B", "trait_or": "C", "trait_more": ["Nowhere"]})])


# ---------------------------------------------------------------------------- played
def test_cr_2_5_an_aura_of_three_traits_reaches_a_character_with_any_of_them(pool):
    sc = _scenario(pool)
    aura = sc.put(0, AURA, "stage", pos=0)  # <<Stone>>: "other" in any case
    wood = sc.put(0, WOOD, "stage", pos=1)
    plain = sc.put(0, PLAIN, "stage", pos=2)  # <<Glass>>: the third trait
    mixed = sc.put(0, MIXED, "stage", pos=3)  # <<Stone>> <<Sand>>: its second trait
    stone = sc.put(0, STONE, "stage", pos=4)  # none of them
    opp = sc.put(1, SAND, "stage", pos=0)  # the opponent's: not yours
    g = sc.game()
    assert [kit.power(g, x) for x in (aura, wood, plain, mixed, stone, opp)] == [3000, 3500, 3500, 3500, 3000, 3000]


@pytest.mark.parametrize("second, holds", [(SAND, True), (PLAIN, True), (STONE, False)])
def test_cr_2_5_a_count_of_other_characters_with_any_of_three_traits(pool, second, holds):
    sc = _scenario(pool)
    counter = sc.put(0, COUNTER, "stage", pos=0)
    sc.put(0, WOOD, "stage", pos=1)
    sc.put(0, second, "stage", pos=2)
    sc.put(1, SAND, "stage", pos=1)  # the opponent's: not counted
    g = sc.game()
    assert kit.power(g, counter) == 3000 + 1000 * holds


@pytest.mark.parametrize("second, holds", [(MIXED, True), (STONE, False)])
def test_cr_8_6_2_1_a_level_in_the_hand_under_a_count_of_three_traits(pool, second, holds):
    # play.hand_filter_ok reads the trait group: Handy (level 1) is playable at level 0 only with the -1
    sc = _scenario(pool)
    sc.put(0, HANDY, "hand")
    sc.put(0, PLAIN, "stage", pos=0)
    sc.put(0, second, "stage", pos=1)
    g = sc.game()
    assert int(g.state[S.LEVEL_N]) == 0
    assert any(t.startswith("Play Handy") for t in kit.labels(g)) == holds


def test_cr_2_5_a_trait_no_character_has_in_a_group_matches_by_the_others(pool):
    sc = _scenario(pool)
    icy = sc.put(0, ICY, "stage", pos=0)  # <<Reed>>: not in the set
    stone = sc.put(0, STONE, "stage", pos=1)
    mixed = sc.put(0, MIXED, "stage", pos=2)
    wood = sc.put(0, WOOD, "stage", pos=3)
    g = sc.game()
    assert [int(g.state[S.D_SOUL + x * S.CARD_W]) for x in (icy, stone, mixed, wood)] == [1, 2, 2, 1]



# ---------------------------------------------------------------------------- a trait or a part of the name
def test_cr_2_5_a_trait_or_a_name_part_compiles_to_one_filter_of_alternatives():
    want = {"type": "character", "trait": "Brave", "name_contains": ["Hero"], "name_or_trait": True,
            "relation": "other"}  # fmt: skip
    for line in ("【CONT】 All of your other 《Brave》 characters or characters with \"Hero\" in its card name get +500 "
                 "power.",
                 "【CONT】 All of your other characters with 《Brave》 or \"Hero\" in its card name get +500 power."):
        r = _c(line)
        assert r.verdict == "exact", r.reason
        assert r.abilities[0]["effect"][0]["filter"] == want
    # two traits; cards (any type named, characters with the trait); a zone's bounds apply to both alternatives
    r = _c("【CONT】 All of your other 《Brave》 or 《Sand》 character or character with \"Hero\" in its card name get +500 "
           "power.")
    assert r.verdict == "exact" and r.abilities[0]["effect"][0]["filter"]["trait_or"] == "Sand"
    r = _c("【AUTO】 When this card attacks, choose 1 level 1 or lower character in your waiting room with 《Brave》 or "
           "\"Hero\" in its card name, and return it to your hand.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"type": "character", "level_max": 1, "zone": "waiting_room",
                                                     "trait": "Brave", "name_contains": ["Hero"],
                                                     "name_or_trait": True}  # fmt: skip
    r = _c("【CONT】 If you have 2 or more characters with 《Brave》 or 《Sand》 or \"Hero\" in their card names, this card "
           "gets +1000 power.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["condition"]["filter"]["trait_or"] == "Sand"
    # not two nouns of one type, not a trait before "or <noun> with": refused
    for line in ("【CONT】 All of your other 《Brave》 characters or cards with \"Hero\" in its card name get +500 power.",
                 "【CONT】 All of your other level 1 characters or characters with \"Hero\" in its card name get +500 "
                 "power."):
        assert _c(line).verdict == "unsupported", line
    # '"X" or <<A>> or <<B>> character'
    r = _c("【AUTO】 When this card attacks, choose 1 \"Wood\" or 《Sand》 or 《Glass》 character in your waiting room, and "
           "return it to your hand.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["filter"] == {"name": "Wood", "trait": "Sand", "trait_or": "Glass",
                                                     "name_or_trait": True, "zone": "waiting_room"}  # fmt: skip


def test_cr_2_5_a_character_with_the_trait_or_the_name_part_gets_the_aura(pool):
    sc = _scenario(pool)
    aide = sc.put(0, HERO, "stage", pos=0)  # "Hero Aide": other - not itself
    kin = sc.put(0, KIN, "stage", pos=1)  # no Brave, no "Hero": neither
    brave = sc.put(0, BRAVE_ONE, "stage", pos=2)  # <<Brave>>: the trait
    plain = sc.put(0, PLAIN, "stage", pos=3)  # neither
    opp = sc.put(1, BRAVE_ONE, "stage", pos=0)
    g = sc.game()
    assert [kit.power(g, x) for x in (aide, kin, brave, plain, opp)] == [3000, 3000, 3500, 3000, 3000]
    # Kin's aura (the other word order): Hero Aide by its name, Brave One by its trait
    assert [int(g.state[S.D_SOUL + x * S.CARD_W]) for x in (aide, kin, brave, plain, opp)] == [2, 1, 2, 1, 1]


def test_cr_2_5_1_the_card_named_or_a_character_with_one_of_three_traits(pool):
    sc = _scenario(pool)
    fan = sc.put(0, FAN, "stage", pos=0)
    named = sc.put(0, WOOD, "stage", pos=1)  # "Wood" (its trait <<Wood>> is none of the three)
    sand = sc.put(0, SAND, "stage", pos=2)
    plain = sc.put(0, PLAIN, "stage", pos=3)  # <<Glass>>
    stone = sc.put(0, STONE, "stage", pos=4)
    g = sc.game()
    assert [int(g.state[S.D_SOUL + x * S.CARD_W]) for x in (fan, named, sand, plain, stone)] == [1, 2, 2, 2, 1]


# ---------------------------------------------------------------------------- "on your back stage"
def test_for_each_of_your_other_trait_characters_on_your_back_stage_compiles_as_in():
    r = _c("【CONT】 This card gets +1000 power for each of your other 《Wood》 or 《Sand》 characters on your back stage.")
    assert r.verdict == "exact", r.reason
    assert r.abilities[0]["effect"][0]["counted"] == {"type": "character", "trait": "Wood", "trait_or": "Sand",
                                                      "relation": "other", "positions": ["back"]}  # fmt: skip


# ---------------------------------------------------------------------------- the importer: a skipped event's name
def test_a_filter_naming_an_event_the_import_skips_takes_a_name_group(tmp_path):
    # an event whose line compiles but is then refused (a name part no card has; a cost the pool compiler refuses) is
    # in no pool: a filter of another card naming it selects that whole name (a name group), as for a name no card of
    # the list has (session 24), instead of failing "unknown card name" in the pool compiler
    import json

    from tcg_env.games.weiss_schwarz.importer import import_ws_json

    records = [
        _rec("T/S27A-X01", "Fetch A", ["【ACT】 [【REST】 this card] Choose 1 \"Lost Note\" in your waiting room, and "
                                       "return it to your hand."]),
        _rec("T/S27A-X02", "Lost Note", ["Choose 1 character in your waiting room with \"Nobody\" in its card name, and "
                                         "return it to your hand."], type="Event"),
        _rec("T/S27A-X03", "Fetch B", ["【ACT】 [【REST】 this card] Choose 1 \"Kept Note\" in your waiting room, and "
                                       "return it to your hand."]),
        _rec("T/S27A-X04", "Kept Note", ["Put this card into your memory.", "【AUTO】 Memory [Return this card to your "
                                         "hand] At the beginning of your main phase, if this card is in your memory, "
                                         "you may pay the cost. If you do, draw 1 card."], type="Event"),
    ]  # fmt: skip
    p = tmp_path / "list.json"
    p.write_text(json.dumps(records))
    res = import_ws_json(p)
    verdicts = {t.number: t.verdict for t in res.text_records}
    assert verdicts == {"T/S27A-X01": "exact", "T/S27A-X02": "unsupported", "T/S27A-X03": "exact",
                        "T/S27A-X04": "unsupported"}  # fmt: skip
    by = {c.name: c for c in res.cards}
    assert by["Fetch A"].abilities[0].effect[0].filter.name_any == ["Lost Note"]
    assert by["Fetch B"].abilities[0].effect[0].filter.name_any == ["Kept Note"]
    compile_ws_pool([c for c in res.cards if c.name in ("Fetch A", "Fetch B")])


# ---------------------------------------------------------------------------- "if this card is on the stage"
@pytest.mark.parametrize("where", ["on the", "on your", "in the", "in your"])
def test_a_trait_or_a_name_on_the_stage_reads_on_as_in(where):
    r = _c(f"【CONT】 If this card is {where} stage, this card gets 《Potato》.")
    assert r.verdict == "approximate" and r.approximations == ("trait_on_stage_everywhere",)
    assert r.fields == {"trait_on_stage": "Potato"} and not r.abilities
    r = _c(f"【CONT】 If this card is {where} stage, this card's card name will also be regarded as \"Spud\".")
    assert r.verdict == "exact", r.reason
    assert r.fields == {"also_named_on_stage": "Spud"} and not r.abilities


# ---------------------------------------------------------------------------- traits counted among the cards milled
def test_x_is_1000_multiplied_by_the_trait_characters_revealed_among_those_cards():
    head = ("【AUTO】 When this card is placed on the stage from your hand, put the top two cards of your deck into your "
            "waiting room, and this card gets +X power until end of turn. X is equal to ")
    pre = _c(head + f"1000 multiplied by the number of {_THREE} characters revealed among those cards.")
    post = _c(head + f"the number of {_THREE} characters revealed among those cards x 1000.")
    assert pre.verdict == post.verdict == "exact", (pre.reason, post.reason)
    assert pre.abilities == post.abilities
    assert pre.abilities[0]["effect"][0] == {"op": "mill_count", "count": 2, "filter": {
        "type": "character", "trait": "Wood", "trait_or": "Sand", "trait_more": ["Glass"], "zone": "waiting_room"}}


# ---------------------------------------------------------------------------- a trait gained (CR 2.5)
def test_cr_2_5_a_trait_gained_beside_another_gain_is_approximate_and_refused_where_a_filter_reads_it(tmp_path):
    import json

    from tcg_env.games.weiss_schwarz.importer import import_ws_json

    r = _c("【AUTO】 When this card attacks, choose 1 of your other characters, and that character gets +1000 power and "
           "《Tea》 until end of turn.")
    assert r.verdict == "approximate" and r.approximations == ("trait_gain_unread",)
    assert r.fields == {"gained_traits": ["Tea"]}
    assert r.abilities[0]["effect"] == [{"op": "choose", "filter": {"type": "character", "relation": "other"},
                                         "count": 1}, {"op": "power", "amount": 1000}]  # fmt: skip
    r = _c("【CONT】 All of your other 《Glass》 characters get +500 power and 《Music》.")
    assert r.verdict == "approximate" and r.abilities[0]["effect"][0]["op"] == "aura_power"
    # two traits beside a power; a trait alone (nothing left to do) is refused in an effect; a [CONT] trait gain alone
    # compiles to no ability (session 33, s33d: the importer still refuses it where a filter of the list names it)
    assert _c("【AUTO】 When this card attacks, choose 1 of your characters, and that character gets +1000 power and 《Tea》"
              " and 《Milk》 until end of turn.").verdict == "approximate"
    r = _c("【CONT】 This card gets 《Tea》.")
    assert r.verdict == "approximate" and r.abilities == []
    assert _c("【AUTO】 When this card attacks, choose 1 of your characters, and that character gets 《Tea》 until end of "
              "turn.").verdict == "unsupported"
    # beside a granted ability (a bit of the list's MAX_GRANTS an exact line may need): refused
    assert _c("【AUTO】 When this card attacks, choose 1 of your characters, and that character gets 《Tea》 and the "
              "following ability until end of turn. \"【CONT】 This card gets +1000 power.\"").verdict == "unsupported"
    records = [
        _rec("T/S27A-G01", "Tea Giver", ["【AUTO】 When this card attacks, choose 1 of your other characters, and that "
                                         "character gets +1000 power and 《Tea》 until end of turn."]),
        _rec("T/S27A-G02", "Coffee Giver", ["【AUTO】 When this card attacks, choose 1 of your other characters, and "
                                            "that character gets +1000 power and 《Coffee》 until end of turn."]),
        _rec("T/S27A-G03", "Coffee Lover", ["【CONT】 All of your other 《Coffee》 or 《Milk》 or 《Glass》 characters get "
                                            "+500 power."]),
    ]  # fmt: skip
    p = tmp_path / "list.json"
    p.write_text(json.dumps(records))
    res = import_ws_json(p)
    lines = {t.number: t.lines[0] for t in res.text_records}
    assert lines["T/S27A-G01"].verdict == "approximate"
    assert lines["T/S27A-G02"].verdict == "unsupported" and "(Coffee)" in lines["T/S27A-G02"].reason
    assert lines["T/S27A-G03"].verdict == "exact"


def test_cr_3_5_3_trait_characters_with_a_marker_read_as_with_markers():
    a = _c("【CONT】 All of your other 《Wood》 characters with a marker get +500 power.")
    b = _c("【CONT】 All of your other 《Wood》 characters with markers get +500 power.")
    assert a.verdict == b.verdict == "exact" and a.abilities == b.abilities
    assert a.abilities[0]["effect"][0]["filter"]["with_markers"] is True
