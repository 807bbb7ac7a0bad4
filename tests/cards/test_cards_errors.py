"""Card-file errors name the file, the card and the field."""

from __future__ import annotations

import pickle

import pytest

from tcg_env.cards import CardDataError
from tcg_env.games.fftcg.cards import load_fftcg_cards, load_fftcg_pool

CARD = """
[[cards]]
number = "T-001"
name = "Test Lancer"
element = "fire"
type = "forward"
cost = 3
power = 7000
job = "Lancer"
{extra}
  [[cards.abilities]]
  kind = "{kind}"
  {ability}
  effect = [
    {effect}
  ]
"""

CHOOSE = '{ op = "choose", filter = { type = "forward", side = "opponent" } },'
DAMAGE = '{ op = "damage", amount = 5000 },'


def write(tmp_path, extra="", kind="auto", ability='trigger = "enters_self"', effect=CHOOSE + DAMAGE, more=""):
    p = tmp_path / "t.toml"
    p.write_text(CARD.format(extra=extra, kind=kind, ability=ability, effect=effect) + more)
    return p


def error(path) -> CardDataError:
    with pytest.raises(CardDataError) as info:
        load_fftcg_pool(path)
    return info.value


def check(e: CardDataError, field: str, words: str, card="T-001"):
    msg = str(e)
    assert e.file == "t.toml" and e.card == card and e.field == field, msg
    assert msg.startswith(f"t.toml: card '{card}'"), msg
    assert f"field '{field}'" in msg, msg
    assert words in msg, msg


def test_valid_base_card_compiles(tmp_path):
    t = load_fftcg_pool(write(tmp_path))
    assert t.n_cards == 1 and t.n_abilities == 1 and t.n_code == 2


def test_unknown_key(tmp_path):
    e = error(write(tmp_path, extra='colour = "red"'))
    check(e, "colour", "unknown key")
    assert "(Test Lancer)" in str(e)


def test_unknown_key_inside_effect(tmp_path):
    e = error(write(tmp_path, effect=CHOOSE + '{ op = "damage", amount = 5000, bogus = 1 },'))
    check(e, "abilities[0].effect[1].bogus", "unknown key")


def test_unknown_op(tmp_path):
    e = error(write(tmp_path, effect=CHOOSE + '{ op = "explode", amount = 5000 },'))
    check(e, "abilities[0].effect[1].op", "unknown value 'explode'")
    e = error(write(tmp_path, effect=CHOOSE + '{ amount = 5000 },'))
    check(e, "abilities[0].effect[1].op", "missing key 'op'")


def test_negative_amount(tmp_path):
    e = error(write(tmp_path, effect=CHOOSE + '{ op = "damage", amount = -1000 },'))
    check(e, "abilities[0].effect[1].amount", "must be > 0")


def test_bad_element(tmp_path):
    p = write(tmp_path)
    p.write_text(p.read_text().replace('element = "fire"', 'element = "purple"'))
    check(error(p), "element", "purple")


def test_bad_filter_element(tmp_path):
    eff = '{ op = "choose", filter = { type = "forward", element = ["fire", "mud"] } },' + DAMAGE
    check(error(write(tmp_path, effect=eff)), "abilities[0].effect[0].filter.element[1]", "mud")


def test_forward_without_power(tmp_path):
    p = write(tmp_path)
    p.write_text(p.read_text().replace("power = 7000\n", ""))
    check(error(p), "power", "Forward needs power")


def test_backup_with_power(tmp_path):
    p = write(tmp_path)
    p.write_text(p.read_text().replace('type = "forward"', 'type = "backup"'))
    check(error(p), "power", "no power")


def test_choose_after_effect(tmp_path):
    eff = CHOOSE + DAMAGE + '{ op = "choose", filter = { type = "forward" }, reg = 1 }, { op = "dull", reg = 1 },'
    check(error(write(tmp_path, effect=eff)), "abilities[0].effect[2].op", "choose must come before")


def test_discard_and_cp_cost(tmp_path):
    e = error(write(tmp_path, kind="action", ability='cost = { cp = 1, discard = 1 }'))
    check(e, "abilities[0].cost", "never combined")


def test_duplicate_numbers(tmp_path):
    p = write(tmp_path)
    p.write_text(p.read_text() + CARD.format(extra="", kind="auto", ability='trigger = "enters_self"',
                                             effect=CHOOSE + DAMAGE).replace("Test Lancer", "Other"))  # fmt: skip
    e = error(p)
    check(e, "number", "duplicate card number")
    assert "(Other)" in str(e)


def test_register_without_targets(tmp_path):
    check(error(write(tmp_path, effect=DAMAGE)), "abilities[0].effect[0].reg", "no targets")


def test_register_out_of_range(tmp_path):
    eff = '{ op = "choose", filter = { type = "forward" }, reg = 2 },' + DAMAGE
    check(error(write(tmp_path, effect=eff)), "abilities[0].effect[0].reg", "<= 1")


def test_count_limit(tmp_path):
    eff = '{ op = "choose", filter = { type = "forward" }, count = 17 },' + DAMAGE
    check(error(write(tmp_path, effect=eff)), "abilities[0].effect[0].count", "<= 16")


def test_trigger_on_action(tmp_path):
    e = error(write(tmp_path, kind="action", ability='trigger = "enters_self"\n  cost = { dull = true }'))
    check(e, "abilities[0].trigger", "only auto abilities")


def test_auto_without_trigger(tmp_path):
    check(error(write(tmp_path, ability="")), "abilities[0].trigger", "needs a trigger")


def test_trigger_filter_needs_enters_other(tmp_path):
    e = error(write(tmp_path, ability='trigger = "enters_self"\n  trigger_filter = { type = "forward" }'))
    check(e, "abilities[0].trigger_filter", "enters_other")


def test_field_ability_ops(tmp_path):
    check(error(write(tmp_path, kind="field", ability="")), "abilities[0].effect[0].op", "field abilities only")
    eff = '{ op = "aura_power", amount = 1000, filter = { type = "forward", side = "own" } },'
    check(error(write(tmp_path, effect=eff)), "abilities[0].effect[0].op", "only allowed in field")


def test_unknown_job_in_filter(tmp_path):
    eff = '{ op = "choose", filter = { type = "forward", job = "Astronaut" } },' + DAMAGE
    check(error(write(tmp_path, effect=eff)), "abilities[0].effect[0].filter.job", "unknown job")


def test_activate_with_dull_only_cost(tmp_path):
    eff = '{ op = "choose", filter = { type = "backup", side = "own" } }, { op = "activate" },'
    e = error(write(tmp_path, kind="action", ability="cost = { dull = true }", effect=eff))
    check(e, "abilities[0].cost", "activates Characters")


def test_ex_burst_flags(tmp_path):
    check(error(write(tmp_path, extra="ex_burst = true")), "ex_burst", "needs an ability of kind 'ex_burst'")
    check(error(write(tmp_path, kind="ex_burst", ability="")), "abilities[0].kind", "ex_burst = true")


def test_special_on_generic(tmp_path):
    e = error(write(tmp_path, extra="generic = true", kind="special", ability="cost = { cp = 2 }"))
    check(e, "abilities[0].kind", "generic")


def test_summon_needs_one_summon_ability(tmp_path):
    p = tmp_path / "t.toml"
    p.write_text(
        '[[cards]]\nnumber = "T-001"\nname = "Boom"\nelement = "fire"\ntype = "summon"\ncost = 2\n'
        'text = "Nothing."\n'
    )
    check(error(p), "abilities", "exactly one ability")


def test_too_many_action_abilities(tmp_path):
    act = '\n  [[cards.abilities]]\n  kind = "action"\n  cost = { cp = 1 }\n  effect = [{ op = "draw" }]\n'
    p = write(tmp_path, kind="action", ability="cost = { cp = 1 }", effect='{ op = "draw" },', more=act + act)
    check(error(p), "abilities", "at most 2")


def test_search_zone(tmp_path):
    eff = '{ op = "search", filter = { type = "backup" } },'
    check(error(write(tmp_path, effect=eff)), "abilities[0].effect[0].filter.zone", "'deck'")


def test_error_pickles():
    e = CardDataError("bad", file="f.toml", card="X-1", card_name="X", field="cost")
    e2 = pickle.loads(pickle.dumps(e))
    assert str(e2) == str(e) == "f.toml: card 'X-1' (X): field 'cost': bad"
    assert isinstance(e, ValueError)


def test_parse_errors_name_file(tmp_path):
    p = tmp_path / "broken.toml"
    p.write_text("[[cards]\nnumber = 1")
    with pytest.raises(CardDataError, match="broken.toml: cannot parse TOML"):
        load_fftcg_cards(p)
    q = tmp_path / "cards.txt"
    q.write_text("")
    with pytest.raises(CardDataError, match="unknown card file type"):
        load_fftcg_cards(q)


def test_yaml_is_safe(tmp_path):
    p = tmp_path / "evil.yaml"
    p.write_text("cards: !!python/object/apply:os.system ['echo hi']\n")
    with pytest.raises(CardDataError, match="cannot parse YAML"):
        load_fftcg_cards(p)
