"""The plan of ``rearrange``, ``reduce`` and ``repeat``: the steps einops itself takes, named.

einops turns a pattern into a recipe (``einops.einops._prepare_transformation_recipe``) and applies
it as: reshape to elementary axes → permute (reduced axes last) → reduce → add and expand new axes
→ reshape to the output's groups, skipping each step that is not needed. This module rebuilds the
same steps with axis names, so the generated PyTorch code does exactly what einops does (a test
compares them on random tensors). It is only called after einops accepted the call on ``meta``
tensors, so it assumes a valid pattern.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.einops.model import AxisInfo
from core.texts import join_texts, translate

__all__ = ["Step", "TransformPlan", "plan_transform"]


@dataclass(frozen=True)
class Step:
    """One tensor operation: ``kind`` in reshape/permute/reduce/unsqueeze/expand, its argument,
    the axis names after it and a sentence for the plan."""

    kind: str
    arg: Any
    names: tuple[str, ...]
    detail: str


@dataclass(frozen=True)
class TransformPlan:
    """Steps, axes and the input's named groups of a rearrange/reduce/repeat call."""

    steps: tuple[Step, ...]
    axes: tuple[AxisInfo, ...]
    input_names: tuple[str, ...]


def _name(axis: Any) -> str:
    if isinstance(axis, str):
        return "…" + axis[1:] if axis.startswith("…") else axis
    return str(axis.value)  # an anonymous axis such as 2


def _group(names: list[str]) -> str:
    return names[0] if len(names) == 1 else "(" + " ".join(names) + ")"


def _expand(composition: list, ellipsis: list[str], ellipsis_mark: str) -> list[list]:
    out: list[list] = []
    for group in composition:
        if group == ellipsis_mark:
            out.extend([a] for a in ellipsis)
        else:
            flat: list = []
            for axis in group:
                flat.extend(ellipsis if axis == ellipsis_mark else [axis])
            out.append(flat)
    return out


def plan_transform(
    op: str, pattern: str, shape: tuple[int, ...], axes: dict[str, int], reduction: str | None
) -> TransformPlan:
    """Rebuild einops' steps for a call that einops accepted."""
    from einops.parsing import AnonymousAxis, ParsedExpression, _ellipsis

    left_text, right_text = pattern.split("->")
    left, right = ParsedExpression(left_text), ParsedExpression(right_text)
    n_named = len(left.composition) - (1 if left.has_ellipsis else 0)
    ellipsis = [f"…{i}" for i in range(len(shape) - n_named)] if left.has_ellipsis else []
    left_groups = _expand(left.composition, ellipsis, _ellipsis)
    right_groups = _expand(right.composition, ellipsis, _ellipsis)
    flat_left = [a for g in left_groups for a in g]
    flat_right = [a for g in right_groups for a in g]
    left_ids = set(flat_left)
    right_ids = set(flat_right)

    lengths: dict[Any, int] = {}
    for axis in flat_left + flat_right:
        if isinstance(axis, AnonymousAxis):
            lengths[axis] = axis.value
        elif axis in axes:
            lengths[axis] = axes[axis]
    for dim, group in zip(shape, left_groups, strict=True):
        unknown = [a for a in group if a not in lengths]
        if unknown:
            known = 1
            for a in group:
                if a in lengths:
                    known *= lengths[a]
            lengths[unknown[0]] = dim // known if known else 0

    steps: list[Step] = []
    names_left = tuple(_name(a) for a in flat_left)
    if any(len(g) != 1 for g in left_groups):
        parts: list[str] = []
        for g in left_groups:
            if len(g) > 1:
                parts.append(
                    translate("Einops", "split {group} into {parts}").format(
                        group=_group([_name(a) for a in g]),
                        parts=" × ".join(f"{_name(a)}={lengths[a]}" for a in g),
                    )
                )
            elif not g:
                parts.append(translate("Einops", "drop a length-1 axis"))
        steps.append(
            Step(
                "reshape",
                tuple(lengths[a] for a in flat_left),
                names_left,
                join_texts(parts, "; ")
                if parts
                else translate("Einops", "reshape to elementary axes"),
            )
        )
    reduced = [a for a in flat_left if a not in right_ids]
    order = [a for a in flat_right if a in left_ids] + reduced
    perm = tuple(flat_left.index(a) for a in order)
    names_order = tuple(_name(a) for a in order)
    if perm != tuple(range(len(perm))):
        if reduced:
            detail = translate("Einops", "reorder axes to {names} (axes to reduce go last)")
        else:
            detail = translate("Einops", "reorder axes to {names}")
        detail = detail.format(names=" ".join(names_order))
        steps.append(Step("permute", perm, names_order, detail))
    if reduced:
        first = len(order) - len(reduced)
        dims = tuple(range(first, len(order)))
        kept = names_order[:first]
        steps.append(
            Step(
                "reduce",
                (reduction, dims),
                kept,
                translate("Einops", "{reduction} over {names}").format(
                    reduction=reduction, names=", ".join(_name(a) for a in reduced)
                ),
            )
        )
    added = {i: lengths[a] for i, a in enumerate(flat_right) if a not in left_ids}
    if added:
        names_right = tuple(_name(a) for a in flat_right)
        steps.append(
            Step(
                "unsqueeze",
                tuple(added),
                names_right,
                translate("Einops", "insert new axes {names}").format(
                    names=", ".join(names_right[i] for i in added)
                ),
            )
        )
        steps.append(
            Step(
                "expand",
                tuple(added.get(i, -1) for i in range(len(perm) + len(added))),
                names_right,
                translate("Einops", "broadcast {axes} (stride 0: no copy yet)").format(
                    axes=", ".join(f"{names_right[i]}={n}" for i, n in added.items())
                ),
            )
        )
    if any(len(g) != 1 for g in right_groups):
        merged = [g for g in right_groups if len(g) > 1]
        parts = [
            translate("Einops", "merge {group}").format(group=_group([_name(a) for a in g]))
            for g in merged
        ]
        if any(not g for g in right_groups):
            parts.append(translate("Einops", "insert length-1 axes"))
        final = []
        for g in right_groups:
            size = 1
            for a in g:
                size *= lengths[a]
            final.append(size)
        steps.append(
            Step(
                "reshape",
                tuple(final),
                tuple(_group([_name(a) for a in g]) if g else "1" for g in right_groups),
                join_texts(parts, "; "),
            )
        )

    split = {a for g in left_groups if len(g) > 1 for a in g}
    merged_axes = {a for g in right_groups if len(g) > 1 for a in g}
    infos: list[AxisInfo] = []
    seen: set = set()
    for axis in flat_left + flat_right:
        if axis in seen:
            continue
        seen.add(axis)
        if axis not in right_ids:
            role = "reduced"
        elif axis not in left_ids:
            role = "repeated"
        elif axis in split and axis in merged_axes:
            role = "split+merged"
        elif axis in split:
            role = "split"
        elif axis in merged_axes:
            role = "merged"
        else:
            role = "kept"
        if isinstance(axis, str) and axis.startswith("…"):
            note = translate("Einops", "matched by ...")
        elif isinstance(axis, AnonymousAxis):
            note = translate("Einops", "anonymous (a number in the pattern)")
        elif axis in axes:
            note = translate("Einops", "length given")
        else:
            note = translate("Einops", "inferred from the shape")
        infos.append(AxisInfo(_name(axis), int(lengths.get(axis, 0)), role, note))
    input_names = tuple(_group([_name(a) for a in g]) if g else "1" for g in left_groups)
    return TransformPlan(tuple(steps), tuple(infos), input_names)
