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


# ---- issue 25 item 9: the field as the user wrote it, never a pydantic label; empty files -------
from tcg_env.cards import DeckError, load_card_records, parse_deck_text, parse_deck_toml  # noqa: E402
from tcg_env.games.fftcg.cards import default_pool_path as ff_pool_path, parse_fftcg_cards  # noqa: E402
from tcg_env.games.force_of_will.cards import default_pool_path as fow_pool_path  # noqa: E402
from tcg_env.games.force_of_will.cards import parse_force_of_will_cards  # noqa: E402
from tcg_env.games.weiss_schwarz.cards import default_pool_path as ws_pool_path, parse_ws_cards  # noqa: E402

CHANT = {"number": "X-1", "name": "Chant", "type": "chant", "cost": "{R}"}


def fow_error(**fields) -> CardDataError:
    with pytest.raises(CardDataError) as info:
        parse_force_of_will_cards([dict(CHANT, **fields)])
    return info.value


def test_a_union_member_label_is_not_part_of_the_field():
    """The issue's message: ``field 'effect[0].count.constrained-int'``. The int member of
    ``count: 1..10 | "X"`` failed; the user wrote ``effect[0].count``, and either choice is named."""
    e = fow_error(effect=[{"op": "draw", "count": 0}])
    assert e.field == "effect[0].count", str(e)
    assert "must be >= 1, or 'X' (got 0)" in str(e)
    assert "constrained" not in str(e) and "more error" not in str(e)
    e = fow_error(abilities=[{"kind": "automatic", "trigger": "enter", "effect": [{"op": "draw"}],
                              "condition": {"kind": "life_at_most", "value": 1.5}}])
    assert e.field == "abilities[0].condition.value", str(e)  # was '...value.int'
    assert "must be an integer, or a string (got 1.5)" in str(e)
    e = fow_error(effect=[{"op": "prevent", "amount": 50}])
    assert e.field == "effect[0].amount" and "multiple of 100, or 'all' or 'next', or 'X00'" in str(e), str(e)


def _leaves(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, path + (i,))
    yield path


def _put(record, path, value):
    import copy

    out = copy.deepcopy(record)
    if not path:
        return value
    cur = out
    for p in path[:-1]:
        cur = cur[p]
    cur[path[-1]] = value
    return out


def _written(record, field: str) -> bool:
    """``field`` is a path of keys and list positions the record has (its last key may be one the
    record lacks: a required key that is missing)."""
    import re

    parts = [int(p) if p.isdigit() else p for p in re.findall(r"[^.\[\]]+", field)]
    cur = record
    for i, p in enumerate(parts):
        if isinstance(cur, dict) and isinstance(p, str) and p in cur:
            cur = cur[p]
        elif isinstance(cur, list) and isinstance(p, int) and p < len(cur):
            cur = cur[p]
        elif i == len(parts) - 1 and isinstance(cur, dict) and isinstance(p, str):
            return True
        else:
            return False
    return True


@pytest.mark.parametrize("game, parse, path", [
    ("fftcg", parse_fftcg_cards, ff_pool_path),
    ("force_of_will", parse_force_of_will_cards, fow_pool_path),
    ("weiss_schwarz", parse_ws_cards, ws_pool_path),
])
def test_every_schema_error_of_the_starter_pools_names_a_field_the_user_wrote(game, parse, path):
    """Every value of every starter card replaced by a wrong one (a negative number, a fraction, an
    unknown word, a list, a table, nothing): the error's field is a path through what was written
    (keys and positions, or the missing key), never a label pydantic adds (``constrained-int``,
    ``int``, ``function-after[...]``, ``tagged-union[...]``, a union member's class name, a tag)."""
    records = load_card_records(path()).records
    bad_values = (-7, 1.5, "???", [], {"zzz": 1}, None)
    checked = 0
    for rec in records:
        for leaf in list(_leaves(rec)):
            if leaf in (("number",),):
                continue
            for bad in bad_values:
                mutated = _put(rec, leaf, bad) if bad is not None else _drop(rec, leaf)
                if mutated is None:
                    continue
                try:
                    parse([mutated])
                except CardDataError as e:
                    checked += 1
                    assert e.field is None or _written(mutated, e.field), f"{game}: {e} (changed {leaf} to {bad!r})"
                    assert "constrained" not in str(e) and "function-" not in str(e) and "union[" not in str(e), str(e)
    assert checked > 1000


def _drop(record, path):
    import copy

    if not path or not isinstance(path[-1], str):
        return None
    out = copy.deepcopy(record)
    cur = out
    for p in path[:-1]:
        cur = cur[p]
    del cur[path[-1]]
    return out


@pytest.mark.parametrize("text", ["", "   \n\n", "# only a comment\n  # another\n"])
@pytest.mark.parametrize("suffix", [".toml", ".yaml", ".json"])
def test_an_empty_card_file_says_it_is_empty(tmp_path, text, suffix):
    if suffix == ".json" and "#" in text:
        text = "  \n"  # JSON has no comments
    p = tmp_path / f"cards{suffix}"
    p.write_text(text)
    with pytest.raises(CardDataError) as info:
        load_fftcg_cards(p)
    assert str(info.value) == f"cards{suffix}: the file is empty (no cards in it)"


@pytest.mark.parametrize("text", ["", " \n\t\n", "# my deck, to do\n"])
def test_an_empty_deck_file_says_it_is_empty(text):
    """It said ``field 'name': Field required`` (a TOML deck) before."""
    pool = load_fftcg_pool()
    for parse, file in ((parse_deck_toml, "deck.toml"), (parse_deck_text, "deck.txt")):
        with pytest.raises(DeckError) as info:
            parse(pool, text, file=file)
        assert str(info.value) == f"{file}: the file is empty (no cards in it)"


def test_a_deck_file_without_a_name_names_the_key_in_plain_words():
    pool = load_fftcg_pool()
    with pytest.raises(DeckError) as info:
        parse_deck_toml(pool, '[[cards]]\nnumber = "FF1-001"\ncount = 3\n', file="deck.toml")
    assert str(info.value) == "deck.toml: field 'name': required key is missing"
    with pytest.raises(DeckError) as info:
        parse_deck_toml(pool, 'name = "x"\n[[cards]]\nnumber = "FF1-001"\ncount = "3"\n', file="deck.toml")
    assert str(info.value) == "deck.toml: card 'FF1-001': field 'cards[0].count': must be an integer (got '3')"
