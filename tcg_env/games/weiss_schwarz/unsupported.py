"""What the Weiss Schwarz engine does not run yet of the card-table contract, and which cards of a
pool use it (checked in Python).

The kernels skip an instruction whose opcode is in :data:`UNSUPPORTED_OPS` (it does nothing), and
treat abilities with an unsupported cost as unusable. :func:`unsupported_report` lists the cards
of a pool that rely on them, so the facade can warn once per pool instead of silently playing a
weaker card. See ``docs/weiss_schwarz/rules-coverage.md``.
"""

from __future__ import annotations

import warnings

from tcg_env.engine.tables import unpack_tables
from tcg_env.games.weiss_schwarz import constants as K

UNSUPPORTED_OPS = frozenset({
    K.Op.TRIGGER_ICON, K.Op.BACKUP,
})
UNSUPPORTED_COSTS: tuple[str, ...] = ()
UNOFFERED_ACT_COSTS: tuple[str, ...] = ()  # every cost column is paid now


def unsupported_report(pool) -> list[str]:
    """One line per card ability that uses something the engine does not run yet."""
    cards, abilities, _filters, code = unpack_tables(pool.kernel_tables)
    names = getattr(pool, "names", None)
    out = []
    for ai in range(abilities.shape[0]):
        cid = int(abilities[ai, K.A_CARD])
        name = names[cid] if names is not None and 0 <= cid < len(names) else f"card#{cid}"
        c0, n = int(abilities[ai, K.A_CODE_START]), int(abilities[ai, K.A_CODE_LEN])
        ops = sorted({K.Op(int(code[r, K.I_OP])).name for r in range(c0, c0 + n) if int(code[r, K.I_OP]) in UNSUPPORTED_OPS})
        if ops:
            out.append(f"{name}: ability {ai} uses opcodes not run yet: {', '.join(ops)}")
        for col in UNSUPPORTED_COSTS:
            if int(abilities[ai, getattr(K, col)]) >= 0:
                out.append(f"{name}: ability {ai} has a cost not implemented ({col}): never usable")
        if int(abilities[ai, K.A_KIND]) == K.AbilityKind.ACT:
            for col in UNOFFERED_ACT_COSTS:
                if int(abilities[ai, getattr(K, col)]) > 0:
                    out.append(f"{name}: ability {ai} (ACT) has a hand-choice cost ({col}): never offered yet")
    return out


_WARNED: set[int] = set()


def warn_unsupported(pool) -> None:
    if id(pool) in _WARNED:
        return
    _WARNED.add(id(pool))
    lines = unsupported_report(pool)
    if lines:
        warnings.warn("weiss_schwarz engine: parts of this card pool are not implemented yet:\n  " + "\n  ".join(lines),
                      stacklevel=3)
