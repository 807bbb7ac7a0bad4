"""Named offsets into a game's int32 state row, and exact snapshots field by field."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tcg_env.engine.header import HEADER_SIZE


@dataclass(frozen=True)
class Field:
    name: str
    offset: int
    shape: tuple[int, ...]
    stride: int = 1  # > 1: one attribute of a record array (element i at offset + i * stride)

    @property
    def size(self) -> int:
        return int(np.prod(self.shape)) if self.shape else 1

    def view(self, row: np.ndarray) -> np.ndarray:
        """The field's values in ``row`` (a view)."""
        return row[self.offset : self.offset + (self.size - 1) * self.stride + 1 : self.stride]


class SnapshotError(ValueError):
    """A snapshot (``to_dict`` output) that cannot be restored; the message names the field."""


class StateLayout:
    """Allocates named runs of the state row.

    ``add`` returns the offset, which the game module stores in an UPPER_CASE constant used by
    its kernels (numba folds module-level ints into the compiled code).
    """

    def __init__(self, game: str):
        self.game = game
        self.fields: dict[str, Field] = {}
        self.size = HEADER_SIZE
        for name, off in (
            ("done", 0),
            ("winner", 1),
            ("decision", 2),
            ("decider", 3),
            ("num_decisions", 4),
            ("rng", 5),
            ("turn", 9),
            ("variant", 10),
            ("auto_single", 11),
            ("error", 12),
        ):
            shape = (4,) if name == "rng" else ()
            self.fields[name] = Field(name, off, shape)

    def add(self, name: str, shape: tuple[int, ...] | int = ()) -> int:
        if name in self.fields:
            raise ValueError(f"state field {name!r} defined twice")
        if isinstance(shape, int):
            shape = (shape,)
        field = Field(name, self.size, tuple(shape))
        self.fields[name] = field
        self.size += field.size
        return field.offset

    def add_records(self, count: int, names: list[str]) -> tuple[int, ...]:
        """``count`` records of ``len(names)`` ints, stored record by record (all attributes of
        record i are adjacent, so code that reads several attributes of one card touches one or two
        cache lines instead of one line per attribute). Returns each attribute's offset; element i
        of attribute ``a`` is at ``offset_a + i * len(names)``. Snapshots still list one field per
        attribute (shape ``(count,)``)."""
        width = len(names)
        base = self.size
        offsets = []
        for j, name in enumerate(names):
            if name in self.fields:
                raise ValueError(f"state field {name!r} defined twice")
            self.fields[name] = Field(name, base + j, (count,), width)
            offsets.append(base + j)
        self.size += count * width
        return tuple(offsets)

    def to_fields(self, row: np.ndarray) -> dict:
        out = {}
        for f in self.fields.values():
            run = f.view(row)
            out[f.name] = int(run[0]) if not f.shape else run.reshape(f.shape).tolist()
        return out

    def from_fields(self, fields: dict, row: np.ndarray) -> None:
        """Write ``fields`` into ``row``; every field must be present with its exact shape."""
        missing = [n for n in self.fields if n not in fields]
        if missing:
            raise SnapshotError(f"{self.game} snapshot: missing state fields {missing}")
        unknown = [n for n in fields if n not in self.fields]
        if unknown:
            raise SnapshotError(f"{self.game} snapshot: unknown state fields {unknown}")
        staged = row.copy()
        for f in self.fields.values():
            value = fields[f.name]
            try:
                raw = np.asarray(value)
            except (TypeError, ValueError) as exc:  # ragged lists
                raise SnapshotError(f"{self.game} snapshot: field {f.name!r} is not integers: {exc}") from None
            if raw.dtype.kind == "O":  # Python ints past int64, or mixed objects
                items = raw.reshape(-1).tolist()
                odd = next((x for x in items if isinstance(x, bool) or not isinstance(x, int)), None)
                if odd is not None or not items:
                    raise SnapshotError(f"{self.game} snapshot: field {f.name!r} is not integers (holds {odd!r})")
                raise SnapshotError(f"{self.game} snapshot: field {f.name!r} out of int32 range")
            if raw.dtype.kind not in "iu":
                # the state holds integers: 1.0, 1.5, true and "1" are refused, not converted
                odd = raw.reshape(-1)[0].item() if raw.size else None
                raise SnapshotError(f"{self.game} snapshot: field {f.name!r} must hold integers, got "
                                    f"{raw.dtype.name} values (e.g. {odd!r})")
            if isinstance(value, (list, tuple)) and _holds_bool(value):  # numpy reads [0, true] as ints
                raise SnapshotError(f"{self.game} snapshot: field {f.name!r} must hold integers, got a bool")
            if raw.shape != f.shape:
                raise SnapshotError(
                    f"{self.game} snapshot: field {f.name!r} has shape {raw.shape}, expected {f.shape}"
                )
            if raw.size and (int(raw.min()) < -(2**31) or int(raw.max()) >= 2**31):
                raise SnapshotError(f"{self.game} snapshot: field {f.name!r} out of int32 range")
            f.view(staged)[:] = raw.reshape(-1)
        row[:] = staged

    def check_values(self, row: np.ndarray, domains: dict) -> None:
        """Every element of the named fields of ``row`` inside its domain, or a SnapshotError naming
        the field, the element and the value. ``domains`` maps a field name to ``(lo, hi)``
        (inclusive) or to an IntEnum class (its members' values)."""
        for name, dom in domains.items():
            f = self.fields[name]
            vals = f.view(row)
            if isinstance(dom, tuple):
                lo, hi = dom
                bad = np.flatnonzero((vals < lo) | (vals > hi))
                want = "0 or 1" if dom == FLAG else f"{lo}..{hi}"
            else:
                allowed = np.array(sorted(int(m) for m in dom), np.int64)
                bad = np.flatnonzero(~np.isin(vals, allowed))
                want = f"in {dom.__name__} ({', '.join(f'{int(m)} {m.name}' for m in dom)})"
            if bad.size:
                i = int(bad[0])
                where = f"[{', '.join(str(int(k)) for k in np.unravel_index(i, f.shape))}]" if f.shape else ""
                raise SnapshotError(f"{self.game} snapshot: field {name!r}{where} is {int(vals[i])}, must be {want}")

    def check_header(self, row: np.ndarray) -> None:
        """The header fields every game shares: flags 0/1, counters >= 0, and an RNG state that is
        not all zero (xorshift128 maps the zero state to itself: every later draw would be 0)."""
        self.check_values(row, {"done": FLAG, "auto_single": FLAG, "turn": (0, 2**31 - 1),
                                "num_decisions": (0, 2**31 - 1), "decider": (-1, 1)})
        if not self.fields["rng"].view(row).any():
            raise SnapshotError(f"{self.game} snapshot: field 'rng' is all zero, a state the xorshift generator "
                                "never leaves (a restored game would draw 0 forever)")


FLAG = (0, 1)  # the domain of a 0/1 field (check_values)


def _holds_bool(value) -> bool:
    if isinstance(value, (list, tuple)):
        return any(_holds_bool(v) for v in value)
    return isinstance(value, (bool, np.bool_))
