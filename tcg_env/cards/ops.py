"""The effect op model every game's card schema shares: an op is a pydantic model tagged by its
``op`` field (``{op = "choose", filter = {...}, reg = 0}``), and a game's ``effect`` list is the
discriminated union of its op models. The kernels' instruction format is the same in every game
(opcode, register, three arguments); a game's compiler maps each tag to its ``constants.Op``.

A game declares its ops with :func:`op_model` (one line an op) and the targeting ops every game has
with :func:`targeting_ops`; ops of its own may still be written as classes deriving :class:`Op`.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Literal

from pydantic import Field, create_model

from tcg_env.cards.base import StrictModel

__all__ = ["Op", "op_model", "op_tag", "op_codes", "reg_ops", "targeting_ops", "if_done_op", "if_done_problem"]


class Op(StrictModel):
    """Base of every effect op model."""


def _class_name(tag: str) -> str:
    return "Op" + "".join(p.capitalize() for p in tag.split("_"))


def op_model(tag: str, module: str, **fields: Any) -> type[Op]:
    """The op model ``Op<Tag>`` (``"grant_keyword"`` -> ``OpGrantKeyword``) of module ``module``
    (bind it to that name there, so card models pickle): ``op: Literal[tag]`` and ``fields``, each
    an annotation (required) or ``(annotation, default or Field(...))`` as pydantic's
    ``create_model`` takes them."""
    return create_model(_class_name(tag), __base__=Op, __module__=module, op=(Literal[tag], ...), **fields)


def reg_ops(module: str, reg: Any, *tags: str) -> tuple[type[Op], ...]:
    """Ops that act on the cards of a target register and take nothing else (``break``, ``rest``)."""
    return tuple(op_model(tag, module, reg=(reg, 0)) for tag in tags)


def targeting_ops(module: str, filter_model: type, reg: Any, count: Any) -> tuple[type[Op], type[Op], type[Op]]:
    """``OpChoose``, ``OpSelectAll``, ``OpTargetSelf``: fill a target register with ``count`` cards
    the player chooses (``up_to``: or fewer), with every card ``filter`` matches, or with the
    ability's source."""
    return (
        op_model("choose", module, filter=filter_model, count=(count, 1), up_to=(bool, False), reg=(reg, 0)),
        op_model("select_all", module, filter=filter_model, reg=(reg, 0)),
        op_model("target_self", module, reg=(reg, 0)),
    )


def op_tag(model: type[Op]) -> str:
    """The ``op`` tag of an op model."""
    return model.model_fields["op"].annotation.__args__[0]


def op_codes(models: tuple[type[Op], ...], codes: type[Enum]) -> dict[str, Any]:
    """Tag -> the game's opcode (``codes[TAG.upper()]``) of each op model: the compiler's table."""
    return {op_tag(m): codes[op_tag(m).upper()] for m in models}


def if_done_op(module: str) -> type[Op]:
    """``OpIfDone`` (the core's ``CoreOp.IF_DONE``): ``{op = "if_done", rows = N}`` "If you do, <the next
    N ops>" (``done = false``: "If you don't, ..."), right after the op it asks about, which must be one
    that reports whether it was done (see :func:`if_done_problem`)."""
    return op_model("if_done", module, rows=(int, Field(default=1, ge=1, le=20)), done=(bool, True))


def if_done_problem(effect: list, j: int, reports: frozenset[str] | set[str]) -> tuple[str, str] | None:
    """Why ``effect[j]`` (an ``if_done`` op) cannot run, as (field, reason), or None: the op before it
    must be one of ``reports`` (the game's ops that return NOT_DONE when they were not done: anything
    else is always "done"), and its rows must lie inside the effect."""
    op = effect[j]
    if j == 0 or effect[j - 1].op not in reports:
        return "op", f"if_done must come right after an op that reports it ({', '.join(sorted(reports))})"
    if j + op.rows >= len(effect):
        return "rows", f"governs past the end of the effect ({len(effect) - j - 1} ops follow)"
    return None
