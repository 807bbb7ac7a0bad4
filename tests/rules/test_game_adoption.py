"""The games' modifier code, replaced by the shared layer, writes the same rows.

Each game's modifier table below is the declaration the game adopts in its ``state.py``
(docs/architecture.md, "Shared rules layer"); each test runs the game's own kernels of today and
the layer's on copies of random rows and compares the whole rows, so an adoption that passes is
bit-identical by construction. The game's kernels are found by name anywhere in its package (the
games' modules are being split and renamed: the names stay). When a game has adopted the layer,
its half of these tests is deleted with the code it compared against (the game's golden play and
rules tests then hold it): Force of Will's half went with its modifier and will code
(it declares ``state.MODS`` and pays will with ``tcg_env.rules.costs``)."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import types

import numpy as np
import pytest
from numba import njit

from tcg_env.engine.header import H_TURN
from tcg_env.engine.hooks import Rules, _takes_game
from tcg_env.rules import modifiers as M
from tcg_env.rules.modifiers import ADD, OR, UNTIL_LATEST, UNTIL_MAX, ModifierTable

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


# ---------------------------------------------------------------------------------------------
# FF-TCG: power, keywords, restrictions until the end of the turn or while on the field
# ---------------------------------------------------------------------------------------------
def _fftcg():
    from tcg_env.games.fftcg import constants as K
    from tcg_env.games.fftcg import state as S
    from enum import IntEnum

    class Mod(IntEnum):
        POWER = 0
        KEYWORDS = 1
        RESTRICTIONS = 2

    t = ModifierTable(S.LAYOUT, Mod, K.Duration, card=S.CARD)
    t.kind(Mod.POWER, ADD, derived=S.D_POWER, base_column=K.C_POWER)
    t.kind(Mod.KEYWORDS, OR, derived=S.D_KW, base_column=K.C_KEYWORDS)
    t.kind(Mod.RESTRICTIONS, OR, derived=S.D_RST)
    for kind, eot, perm in ((Mod.POWER, S.PMOD_EOT, S.PMOD_PERM), (Mod.KEYWORDS, S.KW_EOT, S.KW_PERM),
                            (Mod.RESTRICTIONS, S.RST_EOT, S.RST_PERM)):
        t.cell(kind, K.Duration.END_OF_TURN, eot)  # CR 9.5.1.3.2
        t.cell(kind, K.Duration.PERMANENT, perm)
    t.forget(S.DMG, duration=K.Duration.END_OF_TURN)  # CR 9.5.1.3.1
    for word in (S.DULL, S.FROZEN, S.ATTACKED, S.D_POWER, S.D_KW, S.D_RST):  # CR 7.4
        t.forget(word)
    return K, S, t.compile()


def test_fftcg_modifiers_declared_for_the_layer_write_what_its_effects_and_moves_wrote():
    K, S, MT = _fftcg()
    G = _hooks("tcg_env_rules_adoption_fftcg")
    add_power, grant_keywords, add_restrictions = (_kernel("fftcg", n) for n in
                                                   ("add_power", "grant_keywords", "add_restrictions"))
    reset_card_state = _kernel("fftcg", "reset_card_state")

    @njit
    def game_apply(s, kind, slot, v, d):
        if kind == 0:
            add_power(s, slot, v, d)
        elif kind == 1:
            grant_keywords(s, slot, v, d)
        else:
            add_restrictions(s, slot, v, d)

    @njit
    def layer_apply(s, kind, slot, v, d):
        M.mod_apply(G, s, MT, slot, kind, d, v)

    @njit
    def game_forget(s, slot):
        reset_card_state(s, slot)

    @njit
    def layer_forget(s, slot):
        M.mod_forget(s, MT, slot)

    # turn.end_cleanup's loop (CR 9.5.1.3), before its rule processes and the next turn
    FIELD_N, FIELD_L, FS, W = S.FIELD_N, S.FIELD_L, K.FIELD_SLOTS, S.CARD_W
    DMG, PMOD_EOT, KW_EOT, RST_EOT = S.DMG, S.PMOD_EOT, S.KW_EOT, S.RST_EOT

    @njit
    def game_end_of_turn(s):
        for p in range(2):
            for i in range(s[FIELD_N + p]):
                slot = s[FIELD_L + p * FS + i]
                s[DMG + slot * W] = 0
                s[PMOD_EOT + slot * W] = 0
                s[KW_EOT + slot * W] = 0
                s[RST_EOT + slot * W] = 0

    @njit
    def layer_end_of_turn(s):
        M.mod_end_in_zone(s, MT, S.ZT, K.Zone.FIELD, K.Duration.END_OF_TURN)

    rng = np.random.default_rng(1)
    rows = _random_rows(S.STATE_SIZE, S.N_SLOTS, W, S.CARD, S.ZONE, int(K.Zone.FIELD), FIELD_N, FIELD_L, FS, rng)
    _compare(rows, rng, S.N_SLOTS, game_apply, layer_apply, game_forget, layer_forget, len(K.Duration), 3)
    for s in rows:
        a, b = s.copy(), s.copy()
        game_end_of_turn(a)
        layer_end_of_turn(b)
        np.testing.assert_array_equal(a, b)


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
# Weiss Schwarz: until end of turn, until the end of the opponent's next turn, while in its zone
# ---------------------------------------------------------------------------------------------
def _weiss_schwarz():
    from tcg_env.games.weiss_schwarz import constants as K
    from tcg_env.games.weiss_schwarz import state as S
    from enum import IntEnum

    class Mod(IntEnum):
        POWER = 0
        KEYWORDS = 1
        RESTRICTIONS = 2
        SOUL = 3
        LEVEL = 4

    D = K.Duration
    t = ModifierTable(S.LAYOUT, Mod, D, card=S.CARD)
    t.kind(Mod.POWER, ADD, derived=S.D_POWER, base_column=K.C_POWER)
    t.kind(Mod.KEYWORDS, OR, derived=S.D_KW, base_column=K.C_KEYWORDS)
    t.kind(Mod.RESTRICTIONS, OR, derived=S.D_RST)
    t.kind(Mod.SOUL, ADD, derived=S.D_SOUL, base_column=K.C_SOUL)
    t.kind(Mod.LEVEL, ADD, derived=S.D_LEVEL, base_column=K.C_LEVEL)
    t.cell(Mod.POWER, D.END_OF_TURN, S.PMOD)  # CR 6.8.1.4
    t.cell(Mod.POWER, D.NEXT_OPP_TURN_END, S.PMOD_LONG, until=S.LONG_UNTIL, merge=UNTIL_LATEST)  # CR 8.2.1.2
    t.cell(Mod.RESTRICTIONS, D.END_OF_TURN, S.RSTMOD)
    t.cell(Mod.RESTRICTIONS, D.NEXT_OPP_TURN_END, S.RSTMOD_LONG, until=S.RST_UNTIL, merge=UNTIL_MAX)
    t.cell(Mod.KEYWORDS, D.END_OF_TURN, S.KWMOD)
    t.cell(Mod.SOUL, D.END_OF_TURN, S.SMOD)
    t.cell(Mod.LEVEL, D.END_OF_TURN, S.LMOD)
    # today's words: every other duration is kept in the end-of-turn word (the gap this layer
    # closes by a word per duration, a change of the row: docs/architecture.md)
    t.alias(Mod.POWER, D.PERMANENT, D.END_OF_TURN)
    t.alias(Mod.RESTRICTIONS, D.PERMANENT, D.END_OF_TURN)
    for kind in (Mod.KEYWORDS, Mod.SOUL, Mod.LEVEL):
        t.alias(kind, D.NEXT_OPP_TURN_END, D.END_OF_TURN)
        t.alias(kind, D.PERMANENT, D.END_OF_TURN)
    t.forget(S.USES, duration=D.END_OF_TURN)
    t.forget(S.ORIENT, reset=K.Orientation.STAND)  # CR 3.1.4
    t.forget(S.POS, reset=-1)
    return K, S, t.compile()


def test_weiss_schwarz_modifiers_declared_for_the_layer_write_what_its_effects_moves_and_end_phase_wrote():
    K, S, MT = _weiss_schwarz()
    opponents_next_turn = _kernel("weiss_schwarz", "opponents_next_turn")

    @njit
    def modifier_until(s, duration):
        return opponents_next_turn(s)

    G = _hooks("tcg_env_rules_adoption_weiss_schwarz", modifier_until=modifier_until)
    add_power, grant_keywords = _kernel("weiss_schwarz", "add_power"), _kernel("weiss_schwarz", "grant_keywords")
    add_restrictions, reset_card = _kernel("weiss_schwarz", "add_restrictions"), _kernel("weiss_schwarz", "reset_card")
    end_of_turn_cleanup = _kernel("weiss_schwarz", "end_of_turn_cleanup")
    SMOD, LMOD, W = S.SMOD, S.LMOD, S.CARD_W

    @njit
    def game_apply(s, kind, slot, v, d):
        if kind == 0:
            add_power(s, slot, v, d)
        elif kind == 1:
            grant_keywords(s, slot, v, d)
        elif kind == 2:
            add_restrictions(s, slot, v, d)
        elif kind == 3:
            s[SMOD + slot * W] += v  # effects.each_target's SOUL (any duration)
        else:
            s[LMOD + slot * W] += v  # ... and LEVEL

    @njit
    def layer_apply(s, kind, slot, v, d):
        M.mod_apply(G, s, MT, slot, kind, d, v)

    @njit
    def game_forget(s, slot):
        reset_card(s, slot)

    @njit
    def layer_forget(s, slot):
        M.mod_forget(s, MT, slot)

    TURN_PLAYER, ATK_SLOT, DEF_SLOT, SHOT_ARMED, FLOW = S.TURN_PLAYER, S.ATK_SLOT, S.DEF_SLOT, S.SHOT_ARMED, S.FLOW
    F_TURN_START = S.F_TURN_START

    @njit
    def game_end(s, T):
        end_of_turn_cleanup(s, T)

    @njit
    def layer_end(s, T):
        t = s[H_TURN]
        M.mod_end_all(s, MT, K.Duration.END_OF_TURN)  # CR 6.8.1.4
        M.mod_expire_all(s, MT, t)  # CR 8.2.1.2
        s[TURN_PLAYER] = 1 - s[TURN_PLAYER]  # the rest of end_of_turn_cleanup: the next turn (6.8.1.5)
        s[H_TURN] = t + 1
        s[ATK_SLOT] = -1
        s[DEF_SLOT] = -1
        s[SHOT_ARMED] = 0
        s[FLOW] = F_TURN_START

    rng = np.random.default_rng(4)

    def frames(s):
        s[S.FRAME_N] = int(rng.integers(0, 3))
        s[S.TURN_PLAYER] = int(rng.integers(0, 2))
        s[H_TURN] = int(rng.integers(1, 9))
        for sl in range(K.N_SLOTS):  # expiry turns near the turn, 0 (none) often
            for u in (S.LONG_UNTIL, S.RST_UNTIL):
                s[u + sl * W] = 0 if rng.random() < 0.4 else s[H_TURN] + int(rng.integers(-2, 3))

    rows = _random_rows(S.STATE_SIZE, K.N_SLOTS, W, S.CARD, S.ZONE, int(K.Zone.STAGE), S.STOCK_N, S.STOCK_L,
                        K.MAX_DECK, rng, frames)  # (a list zone only to have one: the stage has none)
    _compare(rows, rng, K.N_SLOTS, game_apply, layer_apply, game_forget, layer_forget, len(K.Duration), 5)
    T = np.zeros(1, np.int32)
    for s in rows:
        a, b = s.copy(), s.copy()
        game_end(a, T)
        layer_end(b, T)
        np.testing.assert_array_equal(a, b)


@pytest.fixture(autouse=True)
def _drop_hooks_modules():
    yield
    for name in [n for n in sys.modules if n.startswith("tcg_env_rules_adoption_")]:
        sys.modules.pop(name, None)
