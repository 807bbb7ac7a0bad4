"""The Weiss Schwarz rules are methods of the game's tag (docs/architecture.md, "Rules variants";
issue 26 item 1): a kernel calls another rule as ``game.name(...)``, so a variant's hooks module
that defines ``name`` replaces it wherever the base game's kernels call it, however deep."""

import ast
import os
import subprocess
import sys
from pathlib import Path

from tcg_env.games.weiss_schwarz import hooks

GAME = Path(__file__).resolve().parents[2] / "tcg_env" / "games" / "weiss_schwarz"
# reads of the row's layout (where a thing is stored, not a rule): called by name; and reads of the
# pool's flags table (what the pool's cards have, derived from its tables when it is packed: not a
# rule either; the rule they guard, hand_level / trigger_card, is still called through the tag)
LAYOUT_READS = {"cid_of", "owner_of", "stage_slot", "frame_base", "has_hand_abilities", "pool_may_trigger",
                # a card's granted-ability bits and a zone's card count: read from the layout
                "granted_bits", "zone_size"}
# the game's kernels that are not rules: the observation and the heuristic (they call rules)
NOT_RULES = {"observation", "policy_kernels"}


JIT = {"njit", "kernel", "kernel_inline", "internal", "internal_nrt", "internal_inline", "internal_widened"}


def _jitted(decorator):
    d = decorator.func if isinstance(decorator, ast.Call) else decorator
    return isinstance(d, ast.Name) and d.id in JIT


def _kernels(name):
    tree = ast.parse((GAME / f"{name}.py").read_text())
    return [n for n in tree.body if isinstance(n, ast.FunctionDef) and any(map(_jitted, n.decorator_list))]


def _rules_module_names():
    return [m.__name__.rsplit(".", 1)[1] for m in hooks.RULES_MODULES]


def test_every_module_that_defines_kernels_is_a_rules_module_or_says_why_not():
    with_kernels = {p.stem for p in GAME.glob("*.py") if _kernels(p.stem)}
    assert with_kernels - NOT_RULES == set(_rules_module_names())


def test_kernels_call_the_games_rules_through_the_tag_not_by_name():
    rules = {fn.name for m in _rules_module_names() for fn in _kernels(m)} - LAYOUT_READS
    by_name = []
    for m in [*_rules_module_names(), *sorted(NOT_RULES)]:
        for fn in _kernels(m):
            for node in ast.walk(fn):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in rules:
                    by_name.append(f"{m}.{fn.name} calls {node.func.id} by name (line {node.lineno})")
    assert by_name == []


VARIANT = """
import sys, types, warnings, numpy as np
warnings.simplefilter("ignore")
sys.path.insert(0, {tests!r})
from ws_tables import basic_deck, basic_pool
from tcg_env.engine import rows
from tcg_env.engine.hooks import Rules
from tcg_env.games.weiss_schwarz.battle import deal_damage
from tcg_env.games.weiss_schwarz.constants import NUM_ACTIONS, RULES
from tcg_env.games.weiss_schwarz.state import STATE_SIZE
from tcg_env.games.weiss_schwarz.triggers import trigger_card

# a variant's hooks module: the base game's rules, two of them replaced by wrappers that count calls
variant = types.ModuleType("ws_counting_variant")
exec("from tcg_env.games.weiss_schwarz.hooks import *", variant.__dict__)
calls = {{"deal_damage": 0, "trigger_card": 0}}
def counted_deal_damage(game, s, T, p, amount):
    calls["deal_damage"] += 1
    return deal_damage(game, s, T, p, amount)
def counted_trigger_card(game, s, T, slot, p, trig, aux):
    calls["trigger_card"] += 1
    trigger_card(game, s, T, slot, p, trig, aux)
variant.deal_damage, variant.trigger_card = counted_deal_damage, counted_trigger_card
sys.modules[variant.__name__] = variant

pool = basic_pool()
deck = np.ascontiguousarray(basic_deck(pool), np.int32)
T = pool.kernel_tables
mask, obs = np.zeros(NUM_ACTIONS, np.int8), np.zeros(1, np.float32)
final = []
for rules in (RULES, Rules(variant.__name__)):
    row = np.zeros(STATE_SIZE, np.int32)
    rows.row_entry(rules, rows.ROW_RESET, row, T, deck, deck, 11, 0, 0, 0, mask, obs)
    rng = np.random.default_rng(0)
    for _ in range(300):
        if rows.row_entry(rules, rows.ROW_MASK, row, T, deck, deck, 0, 0, 0, 0, mask, obs) == 0:
            break
        legal = np.flatnonzero(mask)
        rows.row_entry(rules, rows.ROW_STEP, row, T, deck, deck, 0, 0, 0, int(legal[rng.integers(len(legal))]), mask,
                       obs)
    final.append(row.copy())
print(calls["deal_damage"], calls["trigger_card"], int((final[0] != final[1]).sum()))
"""


def test_a_variant_replaces_rules_deep_under_the_base_games_apply_unchecked():
    """``deal_damage`` (reached from ``apply_unchecked`` through ``advance`` and ``flow_step``, and
    from the effect interpreter) and ``trigger_card`` (from playing, battle, the turn, effects),
    replaced in a variant's hooks module, are the ones the base game's kernels call for the
    variant's tag; wrappers that only count leave the game as it was. Run as Python
    (NUMBA_DISABLE_JIT=1): the tag resolves ``game.name`` by the same rule as the compiled
    lowering (``engine.hooks.find_rule``), and the variant costs no engine compile."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run([sys.executable, "-c", VARIANT.format(tests=str(Path(__file__).parent))], env=env,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    damage_calls, trigger_calls, differing_words = map(int, out.stdout.split())
    assert damage_calls > 0 and trigger_calls > 0
    assert differing_words == 0
