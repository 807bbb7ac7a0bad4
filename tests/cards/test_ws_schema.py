"""Weiss Schwarz card files: schema and compiler errors name the file, the card and the field."""

from __future__ import annotations

import json

import pytest

from tcg_env.cards import CardDataError
from tcg_env.games.weiss_schwarz.cards import load_ws_cards, load_ws_pool

CLIMAX = """
[[cards]]
number = "T-CX"
name = "Test Climax"
type = "climax"
color = "red"
triggers = ["soul", "soul"]
"""

CHAR = """
[[cards]]
number = "T-001"
name = "Test Knight"
type = "character"
color = "red"
level = 1
cost = 1
power = 6000
soul = 1
traits = ["Tester"]
{extra}
  [[cards.abilities]]
  kind = "{kind}"
  {ability}
  effect = [
    {effect}
  ]
"""

PUMP = '{ op = "target_self" }, { op = "power", amount = 1000 },'


def write(tmp_path, extra="", kind="auto", ability='trigger = "attacks_self"', effect=PUMP, more=""):
    p = tmp_path / "t.toml"
    p.write_text(CLIMAX + CHAR.format(extra=extra, kind=kind, ability=ability, effect=effect) + more)
    return p


def error(path) -> CardDataError:
    with pytest.raises(CardDataError) as info:
        load_ws_pool(path)
    return info.value


def check(e: CardDataError, field: str, words: str, card="T-001"):
    msg = str(e)
    assert e.file == "t.toml" and e.card == card and e.field == field, msg
    assert msg.startswith(f"t.toml: card '{card}'"), msg
    assert f"field '{field}'" in msg and words in msg, msg


def test_valid_file_loads(tmp_path):
    table = load_ws_pool(write(tmp_path))
    assert table.numbers == ["T-CX", "T-001"] and table.n_abilities == 1


def test_unknown_key_names_the_field(tmp_path):
    check(error(write(tmp_path, extra='colour = "red"')), "colour", "unknown key")


def test_bad_color_value(tmp_path):
    p = write(tmp_path).read_text().replace('color = "red"\nlevel', 'color = "orange"\nlevel')
    (tmp_path / "t.toml").write_text(p)
    check(error(tmp_path / "t.toml"), "color", "orange")


def test_level_out_of_range(tmp_path):
    p = write(tmp_path).read_text().replace("level = 1", "level = 4")
    (tmp_path / "t.toml").write_text(p)
    check(error(tmp_path / "t.toml"), "level", "<= 3")


def test_unknown_op_in_effect(tmp_path):
    e = error(write(tmp_path, effect='{ op = "explode" },'))
    check(e, "abilities[0].effect[0].op", "unknown value 'explode'")


def test_bad_op_argument_path(tmp_path):
    e = error(write(tmp_path, effect='{ op = "target_self" }, { op = "power", amount = 1250 },'))
    check(e, "abilities[0].effect[1].amount", "multiple of 500")


def test_three_trigger_icons_rejected(tmp_path):
    e = error(write(tmp_path, extra='triggers = ["soul", "soul", "draw"]'))
    check(e, "triggers", "at most 2")


def test_register_used_before_targets(tmp_path):
    e = error(write(tmp_path, effect='{ op = "power", amount = 1000 },'))
    check(e, "abilities[0].effect[0].reg", "no targets")


def test_auto_needs_trigger(tmp_path):
    check(error(write(tmp_path, ability="")), "abilities[0].trigger", "needs a trigger")


def test_cont_only_uses_aura_ops(tmp_path):
    e = error(write(tmp_path, kind="cont", ability=""))
    check(e, "abilities[0].effect[0].op", "cont abilities only use")


def test_aura_op_outside_cont(tmp_path):
    e = error(write(tmp_path, effect='{ op = "aura_power", amount = 500, filter = { type = "character" } },'))
    check(e, "abilities[0].effect[0].op", "only allowed in cont")


def test_act_needs_cost(tmp_path):
    check(error(write(tmp_path, kind="act", ability="")), "abilities[0].cost", "non-empty cost")


def test_auto_with_cost_must_be_optional(tmp_path):
    e = error(write(tmp_path, ability='trigger = "attacks_self"\n  cost = { stock = 1 }'))
    check(e, "abilities[0].optional", "optional")


def test_x_count_needs_a_counting_op(tmp_path):
    e = error(write(tmp_path, effect='{ op = "draw", count = "x" },'))
    check(e, "abilities[0].effect[0].count", "brainstorm or count")


def test_unknown_trait_in_filter(tmp_path):
    eff = '{ op = "choose", filter = { type = "character", trait = "Nobody" } }, { op = "power", amount = 500 },'
    check(error(write(tmp_path, effect=eff)), "abilities[0].effect[0].filter.trait", "unknown trait 'Nobody'")


def test_combo_must_name_a_climax_of_the_pool(tmp_path):
    e = error(write(tmp_path, ability='trigger = "attacks_self"\n  combo = "Test Knight"'))
    check(e, "abilities[0].combo", "unknown climax")


def test_encore_keyword_shape(tmp_path):
    # CR 10.2.2: Encore is triggered when the card goes from the stage to the waiting room
    e = error(write(tmp_path, ability='keyword = "encore"\n  trigger = "attacks_self"\n  optional = true\n  cost = { stock = 1 }',
                    effect='{ op = "encore_self" },'))  # fmt: skip
    check(e, "abilities[0].trigger", "CR 10.2.2")


def test_keyword_op_needs_its_keyword(tmp_path):
    # (brainstorm is no such op: it is also the counted "put the top N cards into your waiting room")
    e = error(write(tmp_path, effect='{ op = "encore_self" },'))
    check(e, "abilities[0].keyword", "'encore'")


def test_assist_is_cont(tmp_path):
    e = error(write(tmp_path, ability='keyword = "assist"\n  trigger = "attacks_self"'))
    check(e, "abilities[0].kind", "Assist is a cont ability")


def test_shift_needs_level_condition(tmp_path):
    ab = 'keyword = "shift"\n  trigger = "begin_main"\n  whose = "yours"\n  zone = "clock"\n  optional = true'
    e = error(write(tmp_path, ability=ab, effect='{ op = "shift" },'))
    check(e, "abilities[0].condition", "level_at_least")


def test_backup_needs_counter_icon(tmp_path):
    e = error(write(tmp_path, extra="backup = { power = 2000, level = 1, cost = 1 }"))
    check(e, "counter", "counter icon")


def test_climax_has_no_power(tmp_path):
    p = tmp_path / "t.toml"
    p.write_text(CLIMAX.replace('color = "red"', 'color = "red"\npower = 1000'))
    check(error(p), "power", "only characters", card="T-CX")


def test_event_needs_one_event_ability(tmp_path):
    p = tmp_path / "t.toml"
    p.write_text('[[cards]]\nnumber = "T-EV"\nname = "Test Event"\ntype = "event"\ncolor = "blue"\n')
    check(error(p), "abilities", "an event has one ability of kind 'event' (CR 6.5.1.2.2), after CONT abilities working from the hand and AUTO abilities working from the memory only", card="T-EV")


def test_duplicate_number_across_files(tmp_path):
    write(tmp_path)
    other = tmp_path / "u.toml"
    other.write_text(CLIMAX)
    with pytest.raises(CardDataError) as info:
        load_ws_pool([tmp_path / "t.toml", other])
    assert info.value.field == "number" and "duplicate card number" in str(info.value)


@pytest.mark.parametrize("fmt", ["json", "yaml"])
def test_json_and_yaml_files_load(tmp_path, fmt):
    rec = {"number": "J-001", "name": "Json Page", "type": "character", "color": "blue", "power": 3000, "soul": 1,
           "abilities": [{"kind": "auto", "trigger": "attacks_self",
                          "effect": [{"op": "target_self"}, {"op": "soul", "amount": 1}]}]}  # fmt: skip
    p = tmp_path / f"c.{fmt}"
    if fmt == "json":
        p.write_text(json.dumps({"cards": [rec]}))
    else:
        import yaml

        p.write_text(yaml.safe_dump([rec]))
    cards = load_ws_cards(p)
    assert cards[0].name == "Json Page" and cards[0].abilities[0].effect[1].amount == 1
    assert load_ws_pool(p).n_abilities == 1


def test_card_field_named_like_an_op_keeps_its_name(tmp_path):
    # 'power', 'soul', 'level' and 'backup' are both card fields and op tags
    p = write(tmp_path).read_text().replace("power = 6000", "power = -5")
    (tmp_path / "t.toml").write_text(p)
    check(error(tmp_path / "t.toml"), "power", ">= 0")


def test_error_inside_if_block(tmp_path):
    eff = '{ op = "if", condition = { kind = "your_turn" }, then = [{ op = "draw", count = 0 }] },'
    check(error(write(tmp_path, effect=eff)), "abilities[0].effect[0].then[0].count", ">= 1")


def test_choose_count_capped_by_target_registers(tmp_path):
    eff = '{ op = "choose", filter = { type = "character" }, count = 9 }, { op = "power", amount = 500 },'
    check(error(write(tmp_path, effect=eff)), "abilities[0].effect[0].count", "TARGET_MAX")


def test_climax_placed_only_on_a_climax(tmp_path):
    check(error(write(tmp_path, ability='trigger = "climax_placed"')), "abilities[0].trigger", "own_climax_placed")


def test_cr_2_9_a_character_may_print_power_0_but_not_a_negative_or_odd_power(tmp_path):
    """CR 2.9 sets no least power: a character printed with 0 loads (a trial deck has one, and its
    whole set failed to import); a negative power or one not a multiple of 500 is refused."""
    p = tmp_path / "t.toml"
    p.write_text(CLIMAX + CHAR.format(extra="", kind="auto", ability='trigger = "attacks_self"', effect=PUMP)
                 .replace("power = 6000", "power = 0"))
    pool = load_ws_pool(p)
    assert pool is not None
    for bad, words in (("-500", "must be >= 0"), ("250", "0 or more, a multiple of 500")):
        p.write_text(CLIMAX + CHAR.format(extra="", kind="auto", ability='trigger = "attacks_self"', effect=PUMP)
                     .replace("power = 6000", f"power = {bad}"))
        check(error(p), "power", words)


def test_a_compiled_ability_the_card_format_refuses_is_an_unsupported_line_not_a_failed_import():
    """The text compiler checks each compiled ability against the card format (mill_count's count is
    at most 10): "put the top 17 cards ..." is unsupported with the reason, in a card's own line and in
    an ability it grants, instead of an import that writes a card file it cannot load."""
    from tcg_env.games.weiss_schwarz.card_text import COMPILER

    own = COMPILER.compile_line("【AUTO】 When this card attacks, put the top 17 cards of your deck into your waiting "
                                "room. If there is a climax among those cards, this card gets +1000 power until end of "
                                "turn.", {"type": "character"})
    assert not own.compiled and "mill_count.count" in own.reason, own.reason
    granted = COMPILER.compile_line('【CONT】 All of your other "Test Knight" get the following ability. "【AUTO】 When '
                                    'this card attacks, put the top 17 cards of your deck into your waiting room. If there '
                                    'is a climax among those cards, this card gets +1000 power until end of turn."',
                                    {"type": "character"})
    assert not granted.compiled and "mill_count.count" in granted.reason, granted.reason
    three = COMPILER.compile_line("【AUTO】 When this card attacks, put the top 3 cards of your deck into your waiting "
                                  "room. If there is a climax among those cards, this card gets +1000 power until end of "
                                  "turn.", {"type": "character"})
    assert three.compiled, three.reason  # the same line within the bounds compiles
