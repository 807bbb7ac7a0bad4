"""Importers of the real Force of Will card lists (both layouts). Skipped when the shared card data is
absent (``../shared/carddata`` beside the repository root)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tcg_env.cards import CardDataError
from tcg_env.games.force_of_will.cards import compile_force_of_will_pool
from tcg_env.games.force_of_will.importer import import_force_of_will_json, raw_layout

_ROOT = Path(__file__).resolve().parents[2]
_FILES = {"sim": "antlebel2_fow-sim__cards.json", "carddb": "LifeAsDev_force-of-will__CardDB.json"}


def _need(which: str) -> Path:
    """The shared card file ``which``, in ``../shared/carddata`` beside the repository root."""
    path = _ROOT.parent / "shared" / "carddata" / "force_of_will" / _FILES[which]
    if not path.is_file():
        pytest.skip(f"card data not available: {path}")
    return path


def test_import_fow_sim_list():
    res = import_force_of_will_json(_need("sim"))
    assert res.layout == "fow-sim"
    printed = [c for c in res if not c.token]  # the tokens' cards (CR 1303) are no records of the list
    assert len(printed) > 3000 and len(printed) + sum(res.skipped.values()) == res.total
    assert all(c.type == "resonator" and c.cost is None for c in res if c.token)
    assert not res.errors
    for reason in ("rune_effect_not_understood", "chant_effect_not_understood", "sub-ruler", "order"):
        assert res.skipped[reason] > 0, reason
    by = {c.number: c for c in res}
    # a [Stealth] condition no template reads: the resonator is imported without it (it is still
    # played from the hand), the line listed as not compiled (CR 1114.2)
    assert any(c.type == "resonator" and c.stealth is None and any(ln.startswith("[Stealth]") for ln in c.uncompiled)
               for c in res)
    # a ruler and its J-ruler side with the printed [J-Activate] cost (CR 705.3)
    assert by["CMF-013"].j_ruler == "CMF-013J" and by["CMF-013"].judgment == "{W}{B}{3}"
    assert by["CMF-013J"].type == "j_ruler" and (by["CMF-013J"].atk, by["CMF-013J"].defense) == (400, 800)
    # printed cost, attribute, races, ATK/DEF
    aesop = by["CMF-001"]
    assert (aesop.type, aesop.cost, aesop.attribute, aesop.races, aesop.atk) == ("resonator", "{W}{1}", ["light"], ["Human"], 500)
    # magic stones: basic and dual, the will produced
    assert by["CMF-101"].basic and by["CMF-101"].will == ["darkness"]
    assert not by["CMF-096"].basic and by["CMF-096"].will == ["wind", "darkness"]
    kws = {k for c in res for k in c.keywords}
    assert {"flying", "swiftness", "pierce", "precision", "first_strike", "quickcast", "barrier", "drain", "eternal",
            "imperishable"} <= kws
    assert any(c.incarnation for c in res) and any(c.mana for c in res) and res.effects_compiled > 0
    # runes (CR 711): divinity, chant/rune and master types; [Divinity] of J/rulers, [Grimoire]
    assert by["SDV3-017"].type == "rune" and by["SDV3-017"].divinity == 3 and by["SDV3-017"].effect
    assert any(c.type == "rune" and c.chant_rune for c in res)
    assert by["SDV1-002J"].divinity == 10 and by["TSW-109"].grimoire == 5
    pool = compile_force_of_will_pool(list(res))
    assert pool.n_cards == len(res)


def test_import_carddb_list():
    res = import_force_of_will_json(_need("carddb"))
    assert res.layout == "carddb"
    assert len([c for c in res if not c.token]) + sum(res.skipped.values()) == res.total and not res.errors
    assert res.skipped["no_type"] > 400  # most records print neither type nor cost
    by = {c.number: c for c in res}
    assert by["SDV5-011"].j_ruler == "SDV5-011J" and by["SDV5-011"].judgment == "{B}{B}{3}"
    assert by["SDV5-011J"].keywords == ["flying"]
    assert by["SDV3-023"].basic and by["SDV3-023"].will == ["water"]
    assert by["DBV-042"].cost == "{U}{U}{1}" and by["DBV-042"].races == ["Machine"]
    assert "quickcast" in by["DBV-051"].keywords
    compile_force_of_will_pool(list(res))


def test_summary_names_what_was_skipped():
    res = import_force_of_will_json(_need("carddb"))
    s = res.summary()
    assert s.startswith("LifeAsDev_force-of-will__CardDB.json (carddb): 552 records, imported") and "no_type" in s


def test_unrecognised_layout_is_one_clear_error(tmp_path):
    p = tmp_path / "x.json"
    p.write_text(json.dumps([{"foo": 1}]))
    with pytest.raises(CardDataError, match=r"^x.json: unrecognised Force of Will card list layout"):
        import_force_of_will_json(p)
    assert raw_layout([{"foo": 1}]) is None
    assert raw_layout({"fow": {"clusters": []}}) == "fow-sim"


def test_importer_imports_without_compiling_kernels():
    code = ("import sys, tcg_env.games.force_of_will.importer as m; "
            "from numba.core.registry import CPUDispatcher; "
            "import gc; print(sum(1 for o in gc.get_objects() if isinstance(o, CPUDispatcher) and o.signatures))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=_ROOT,
                         env={"PYTHONPATH": str(_ROOT), "PATH": ""})  # fmt: skip
    assert out.stdout.strip() == "0", out.stderr


def test_imported_cards_write_back_as_a_pool(tmp_path):
    # what ``tcg cards import`` writes (tcg_env.cards.files.write_pool: model_dump, exclude_defaults)
    # reads back and compiles to the same tables
    from tcg_env.games.force_of_will.cards import load_force_of_will_pool

    res = import_force_of_will_json(_need("carddb"))
    p = tmp_path / "pool.json"
    p.write_text(json.dumps({"cards": [c.model_dump(mode="json", exclude_defaults=True) for c in res]}))
    again = load_force_of_will_pool(p)
    first = compile_force_of_will_pool(list(res))
    assert (again.cards == first.cards).all() and again.numbers == first.numbers
