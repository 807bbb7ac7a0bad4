"""The three games' modifier and will code, replaced by the shared layer, writes the same rows.

Each game's modifier table below is the declaration the game adopts in its ``state.py``
(docs/architecture.md, "Shared rules layer"); each test runs the game's own kernels of today and
the layer's on copies of random rows and compares the whole rows, so an adoption that passes is
bit-identical by construction. The game's kernels are found by name anywhere in its package (the
games' modules are being split and renamed: the names stay). When a game has adopted the layer,
its half of these tests is deleted with the code it compared against (the game's golden play and
rules tests then hold it)."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import types

import numpy as np
import pytest
from numba import njit

from tcg_env.engine.hooks import Rules, _takes_game
from tcg_env.rules import costs as C
from tcg_env.rules import modifiers as M
from tcg_env.rules.modifiers import ADD, OR, ModifierTable

ROWS = 200  # random rows per comparison


def _kernel(game: str, name: str):
    """The function ``name`` defined in one module of ``tcg_env.games.<game>`` (not re-exported)."""
    pkg = importlib.import_module(f"tcg_env.games.{game}")
    found = []
    for info in pkgutil.iter_modules(pkg.__path__):
        mod = importlib.import_module(f"{pkg.__name__}.{info.name}")
        fn = getattr(mod, name, None)
        if fn is not None and getattr(getattr(fn, "py_func", fn), "__module__", None) == mod.__name__:
            found.append(fn)
    assert len(found) == 1, f"{game}: {name} defined in {len(found)} modules"
    fn = found[0]
    if not _takes_game(fn):
        return fn
    # a rules kernel takes the game's tag first (engine.hooks, rules methods): a wrapper of the
    # kernel's other parameters passes it (written out: numba inlines no closure with *args)
    params = ", ".join(getattr(fn, "py_func", fn).__code__.co_varnames[1 : getattr(fn, "py_func", fn).__code__.co_argcount])
    scope = {"fn": fn, "rules": Rules(f"tcg_env.games.{game}.hooks")}
    exec(f"def with_the_tag({params}):\n    return fn(rules, {params})", scope)
    return njit(scope["with_the_tag"])


def _hooks(name: str, **kernels) -> Rules:
    """A hooks module ``name`` holding ``kernels`` (the game's rules the layer asks for)."""
    mod = types.ModuleType(name)
    mod.__dict__.update(kernels)
    sys.modules[name] = mod
    return Rules(name)


def _random_rows(S, n_slots, card_w, card0, zone_word, field_zone, field_n, field_l, cap, rng, extra=None):
    """Rows of random small words; the field lists (both players) hold distinct slots whose zone
    word says FIELD, as the zone table keeps them."""
    rows = rng.integers(-3, 9, size=(ROWS, S)).astype(np.int32)
    for s in rows:
        slots = rng.permutation(n_slots)
        k = 0
        for p in range(2):
            n = int(rng.integers(0, min(cap, 5) + 1))
            s[field_n + p] = n
            for i in range(n):
                s[field_l + p * cap + i] = slots[k]
                s[zone_word + slots[k] * card_w] = field_zone
                k += 1
        if extra is not None:
            extra(s)
    return rows


def _compare(rows, rng, n_slots, game_apply, layer_apply, game_forget, layer_forget, n_durations, n_kinds):
    for s in rows:
        a, b = s.copy(), s.copy()
        for _ in range(6):  # several modifiers in a row on one row
            kind, slot = int(rng.integers(n_kinds)), int(rng.integers(n_slots))
            d, v = int(rng.integers(n_durations)), int(rng.integers(-3000, 3000))
            game_apply(a, kind, slot, v, d)
            layer_apply(b, kind, slot, v, d)
        np.testing.assert_array_equal(a, b)
        slot = int(rng.integers(n_slots))
        game_forget(a, slot)
        layer_forget(b, slot)
        np.testing.assert_array_equal(a, b)


# ---------------------------------------------------------------------------------------------
# Force of Will: ATK / DEF / keywords / restrictions, until end of turn, of battle, in the field
# ---------------------------------------------------------------------------------------------
def _force_of_will():
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from enum import IntEnum

    class Mod(IntEnum):
        ATK = 0
        DEF = 1
        KEYWORDS = 2
        RESTRICTIONS = 3

    D = K.Duration
    t = ModifierTable(S.LAYOUT, Mod, D, card=S.CARD)
    t.kind(Mod.ATK, ADD)
    t.kind(Mod.DEF, ADD)
    t.kind(Mod.KEYWORDS, OR)
    t.kind(Mod.RESTRICTIONS, OR)
    for kind, eot, eob, perm in ((Mod.ATK, S.ATK_EOT, S.ATK_EOB, S.ATK_PERM), (Mod.DEF, S.DEF_EOT, S.DEF_EOB, S.DEF_PERM),
                                 (Mod.KEYWORDS, S.KW_EOT, S.KW_EOB, S.KW_PERM)):
        t.cell(kind, D.END_OF_TURN, eot)  # CR 505.5b
        t.cell(kind, D.END_OF_BATTLE, eob)  # CR 807.3a
        t.cell(kind, D.PERMANENT, perm)
    t.cell(Mod.RESTRICTIONS, D.END_OF_TURN, S.RST_EOT)
    t.alias(Mod.RESTRICTIONS, D.END_OF_BATTLE, D.END_OF_TURN)  # its restrictions have no end-of-battle word
    t.cell(Mod.RESTRICTIONS, D.PERMANENT, S.RST_PERM)
    t.forget(S.DAMAGE, duration=D.END_OF_TURN)  # CR 505.5a
    for word in (S.RESTED, S.COUNTERS, S.USED_TURN, S.MANA, S.REVEALED):  # CR 302.3 / 1022.3 / 1007.7
        t.forget(word)
    t.forget(S.ATTACHED, reset=-1)
    return K, S, t.compile()


def test_force_of_will_modifiers_declared_for_the_layer_write_what_its_effects_and_moves_wrote():
    K, S, MT = _force_of_will()
    G = _hooks("tcg_env_rules_adoption_force_of_will")
    add_power, add_power_second = _kernel("force_of_will", "add_power"), _kernel("force_of_will", "add_power_second")
    grant_keywords, add_restrictions = _kernel("force_of_will", "grant_keywords"), _kernel("force_of_will", "add_restrictions")
    forget, shields_end_on = _kernel("force_of_will", "forget"), _kernel("force_of_will", "shields_end_on")
    clear_in_field = _kernel("force_of_will", "clear_in_field")
    eot_words = (S.DAMAGE, S.ATK_EOT, S.DEF_EOT, S.KW_EOT, S.RST_EOT)  # turn._ENDS_AT_END_OF_TURN
    eob_words = (S.ATK_EOB, S.DEF_EOB, S.KW_EOB)  # battle.py's end of battle

    @njit
    def game_apply(s, kind, slot, v, d):
        if kind == 0:
            add_power(s, slot, v, d)
        elif kind == 1:
            add_power_second(s, slot, v, d)
        elif kind == 2:
            grant_keywords(s, slot, v, d)
        else:
            add_restrictions(s, slot, v, d)

    @njit
    def layer_apply(s, kind, slot, v, d):
        M.mod_apply(G, s, MT, slot, kind, d, v)

    @njit
    def game_forget(s, slot):
        forget(s, slot)

    @njit
    def layer_forget(s, slot):
        M.mod_forget(s, MT, slot)
        shields_end_on(s, slot)  # the game's own: its prevention entries on the card end

    @njit
    def game_ends(s, battle):
        if battle:
            clear_in_field(s, eob_words)
        else:
            clear_in_field(s, eot_words)

    @njit
    def layer_ends(s, battle):
        M.mod_end_in_zone(s, MT, S.ZT, K.Zone.FIELD, K.Duration.END_OF_BATTLE if battle else K.Duration.END_OF_TURN)

    rng = np.random.default_rng(2)

    def no_shields(s):
        s[S.SHIELD_N] = int(rng.integers(0, 3))

    rows = _random_rows(S.STATE_SIZE, K.N_SLOTS, S.CARD_W, S.CARD, S.ZONE, int(K.Zone.FIELD), S.FIELD_N, S.FIELD_L,
                        S.FIELD_CAP, rng, no_shields)
    _compare(rows, rng, K.N_SLOTS, game_apply, layer_apply, game_forget, layer_forget, len(K.Duration), 4)
    for s in rows:
        for battle in (False, True):
            a, b = s.copy(), s.copy()
            game_ends(a, battle)
            layer_ends(b, battle)
            np.testing.assert_array_equal(a, b)


def test_force_of_will_will_payment_through_the_layer_takes_the_same_will():
    """CR 1003 / 203.4: zones.can_pay / pay / can_pay_both / pay_both against the layer's pool."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    can_pay, pay = _kernel("force_of_will", "can_pay"), _kernel("force_of_will", "pay")
    can_pay_both, pay_both = _kernel("force_of_will", "can_pay_both"), _kernel("force_of_will", "pay_both")
    NA, NW, WILL, VOID = K.N_ATTRIBUTES, K.N_WILL, S.WILL, K.WILL_VOID

    @njit
    def game(s, p, r1, r2, free1, free2, both):
        if both:
            ok = can_pay_both(s, p, r1, 1, free1, r2, 0, NA)  # the second cost's free part in its column NA
            if ok:
                pay_both(s, p, r1, 1, free1, r2, 0, r2[NA])
            return ok
        ok = can_pay(s, p, r1, 1, free1)
        if ok:
            pay(s, p, r1, 1, free1)
        return ok

    @njit
    def layer(s, p, r1, r2, free1, free2, both):
        pool = WILL + p * NW
        if both:
            ok = C.pool_can_pay_two(s, pool, NA, pool + VOID, r1, 1, free1, r2, 0, r2[NA])
            if ok:
                C.pool_pay_two(s, pool, NA, pool + VOID, r1, 1, free1, r2, 0, r2[NA])
            return ok
        ok = C.pool_can_pay(s, pool, NA, pool + VOID, r1, 1, free1)
        if ok:
            C.pool_pay(s, pool, NA, pool + VOID, r1, 1, free1)
        return ok

    rng = np.random.default_rng(3)
    paid = 0
    for _ in range(3000):
        s = np.zeros(S.STATE_SIZE, np.int32)
        s[WILL:WILL + 2 * NW] = rng.integers(0, 4, 2 * NW)
        r1 = rng.integers(0, 2, NA + 2).astype(np.int32)
        r2 = rng.integers(0, 2, NA + 1).astype(np.int32)
        r2[NA] = rng.integers(-1, 3)
        p, free1, both = int(rng.integers(2)), int(rng.integers(-1, 5)), bool(rng.integers(2))
        a, b = s.copy(), s.copy()
        ok = game(a, p, r1, r2, free1, 0, both)
        assert layer(b, p, r1, r2, free1, 0, both) == ok
        np.testing.assert_array_equal(a, b)
        paid += ok
    assert 300 < paid < 2700  # both outcomes were compared often


@pytest.fixture(autouse=True)
def _drop_hooks_modules():
    yield
    for name in [n for n in sys.modules if n.startswith("tcg_env_rules_adoption_")]:
        sys.modules.pop(name, None)
