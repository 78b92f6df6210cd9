"""``einops.pack`` and ``unpack`` explained: which axes the ``*`` packs, the steps, code and errors.

``pack(tensors, "b * c")`` flattens, in every input, the axes matched by ``*`` and concatenates
along that one axis; ``unpack(x, packed_shapes, "b * c")`` slices that axis and reshapes each
slice back. Both are only described here after einops accepted the call on ``meta`` tensors.
"""

from __future__ import annotations

import re

from core.echo import brief
from core.einops.errors import compose
from core.einops.model import AxisInfo, PlanStep
from core.einops.text import format_shape, tokenize
from core.texts import Text, translate

__all__ = ["explain_pack", "plan_pack", "plan_unpack"]


def _split(pattern: str) -> tuple[list[str], int]:
    axes = pattern.split()
    return axes, axes.index("*")


def _prod(shape: tuple[int, ...]) -> int:
    out = 1
    for d in shape:
        out *= d
    return out


def plan_pack(
    pattern: str, shapes: list[tuple[int, ...]], out_shape: tuple[int, ...]
) -> tuple[list[AxisInfo], list[PlanStep], str]:
    """Axes, steps and code of a valid ``pack``."""
    axes, star = _split(pattern)
    after = len(axes) - star - 1
    infos = [AxisInfo(a, out_shape[i], "kept") for i, a in enumerate(axes) if a != "*"]
    packed = [s[star : len(s) - after] for s in shapes]
    infos.insert(
        star,
        AxisInfo(
            "*",
            out_shape[star],
            "packed",
            translate("Einops", "packed shapes {shapes}").format(
                shapes=", ".join(format_shape(p) for p in packed)
            ),
        ),
    )
    steps, parts = [], []
    for i, (shape, p) in enumerate(zip(shapes, packed, strict=True)):
        flat = (*shape[:star], _prod(p), *shape[len(shape) - after :])
        steps.append(
            PlanStep(
                "reshape",
                translate("Einops", "input {i}: flatten {shape} into one axis").format(
                    i=i, shape=format_shape(p)
                ),
                flat,
                tuple(axes),
                True,
            )
        )
        parts.append(f"x{i}.reshape({', '.join(map(str, flat))})" if flat else f"x{i}.reshape(())")
    steps.append(
        PlanStep(
            "cat",
            translate("Einops", "concatenate along axis {axis} (*): a copy").format(axis=star),
            out_shape,
            tuple(axes),
            False,
        )
    )
    code = (
        f"y = torch.cat([{', '.join(parts)}], dim={star})  # {' '.join(axes)}\n"
        f"packed_shapes = [{', '.join(format_shape(p) for p in packed)}]"
    )
    return infos, steps, code


def plan_unpack(
    pattern: str,
    shape: tuple[int, ...],
    packed_shapes: list[tuple[int, ...]],
    out_shapes: list[tuple[int, ...]],
) -> tuple[list[AxisInfo], list[PlanStep], str]:
    """Axes, steps and code of a valid ``unpack`` (slices of the ``*`` axis, each reshaped)."""
    axes, star = _split(pattern)
    after = len(axes) - star - 1
    infos = [AxisInfo(a, shape[i], "kept") for i, a in enumerate(axes) if a != "*"]
    resolved = [tuple(o[star : len(o) - after]) for o in out_shapes]
    infos.insert(
        star,
        AxisInfo(
            "*",
            shape[star],
            "packed",
            translate("Einops", "unpacked into {shapes}").format(
                shapes=", ".join(format_shape(p) for p in resolved)
            ),
        ),
    )
    steps, items = [], []
    start = 0
    prefix = ":, " * star
    for i, (p, o) in enumerate(zip(resolved, out_shapes, strict=True)):
        stop = start + _prod(p)
        steps.append(
            PlanStep(
                "slice+reshape",
                translate(
                    "Einops",
                    "output {i}: slice {start}:{stop} of axis {axis}, reshape to {shape}",
                ).format(i=i, start=start, stop=stop, axis=star, shape=format_shape(o)),
                o,
                (),
                None,
            )
        )
        dims = ", ".join(map(str, o)) if o else "()"
        items.append(f"x[{prefix}{start}:{stop}].reshape({dims})")
        start = stop
    code = "y = [\n" + "".join(f"    {item},\n" for item in items) + "]"
    return infos, steps, code


def explain_pack(
    op: str,
    pattern: str,
    shapes: list[tuple[int, ...]],
    packed_shapes: list[tuple[int, ...]],
    reason: str,
) -> tuple[Text, tuple[int, int] | None]:
    """A message (with a caret where possible) for einops' refusal of a pack/unpack call."""
    tokens = tokenize(pattern)
    none = translate("Einops", "none")
    shapes_text = "; ".join(format_shape(s) for s in shapes) or none
    if op == "unpack":
        ctx = translate("Einops", "input shapes: {shapes}; packed shapes: {packed}").format(
            shapes=shapes_text, packed="; ".join(format_shape(p) for p in packed_shapes) or none
        )
    else:
        ctx = translate("Einops", "input shapes: {shapes}").format(shapes=shapes_text)
    stars = [t for t in tokens if t.text == "*"]

    def done(
        head: str, spans: list[tuple[int, int]], hint: str
    ) -> tuple[Text, tuple[int, int] | None]:
        span = (spans[0][0], spans[-1][1]) if spans else None
        return compose(head, pattern, spans, ctx, hint), span

    if not stars:
        return done(
            translate("Einops", "{op} needs one '*' marking the packed axes").format(op=op),
            [(len(pattern), len(pattern) + 1)],
            translate("Einops", "allowed: axis names and one '*', e.g. 'b * c'"),
        )
    if len(stars) > 1 or "Duplicates" in reason:
        names = pattern.split()
        dup = [t for t in tokens if names.count(t.text) > 1]
        return done(
            translate("Einops", "an axis (or '*') appears twice"),
            [(t.start, t.end) for t in dup[1:2]],
            translate("Einops", "each name and '*' once, e.g. 'b * c'"),
        )
    if m := re.search(r"Invalid axis name (\S+)", reason):
        hits = [(t.start, t.end) for t in tokens if t.text == m.group(1)]
        return done(
            translate("Einops", "{name} is not a valid axis name").format(name=brief(m.group(1))),
            hits[:1] or [(0, len(pattern))],
            translate("Einops", "allowed: letters, digits and _ (not starting or ending with _)"),
        )
    bad = [t for t in tokens if not (t.is_name or t.text == "*")]
    if bad:
        return done(
            translate("Einops", "unexpected {token}").format(token=brief(bad[0].text)),
            [(bad[0].start, bad[0].end)],
            translate(
                "Einops",
                "pack/unpack patterns hold only axis names and one '*' (no brackets, no '...')",
            ),
        )
    if m := re.search(r"packed tensor #(\d+).*while pattern .* at least (\d+) axes", reason):
        i = int(m.group(1))
        shape_text = format_shape(shapes[i]) if i < len(shapes) else "?"
        return done(
            translate(
                "Einops", "input {i} has shape {shape} but the pattern needs at least {n} axes"
            ).format(i=i, shape=shape_text, n=m.group(2)),
            [(0, len(pattern))],
            translate("Einops", "give each input the named axes (the '*' may match none)"),
        )
    if "wrong dim" in reason:
        return done(
            translate(
                "Einops", "the input {shape} must have exactly {n} axes for this pattern"
            ).format(shape=format_shape(shapes[0]) if shapes else "?", n=len(pattern.split())),
            [(0, len(pattern))],
            translate("Einops", "unpack's '*' stands for exactly one axis of the input"),
        )
    if "could not split" in reason or "more than one -1" in reason:
        total = shapes[0][pattern.split().index("*")] if shapes else "?"
        sizes = " + ".join(str(_prod(p)) for p in packed_shapes)
        return done(
            translate(
                "Einops", "axis '*' has length {total} but the packed shapes need {sizes}"
            ).format(total=total, sizes=sizes or 0),
            [(t.start, t.end) for t in stars],
            translate(
                "Einops",
                "the packed shapes' element counts must add up to the '*' axis (one of them may "
                "hold a -1)",
            ),
        )
    if m := re.search(
        r"Expected (\d+) in dimension (\d+) but got (\d+) for tensor number (\d+)", reason
    ):
        names = pattern.split()
        dim = int(m.group(2))
        name = names[dim] if dim < len(names) else "?"
        hits = [(t.start, t.end) for t in tokens if t.text == name][:1]
        return done(
            translate(
                "Einops", "axis {name} has length {first} in input 0 but {other} in input {i}"
            ).format(name=brief(name), first=m.group(1), other=m.group(3), i=m.group(4)),
            hits,
            translate("Einops", "every input must agree on the axes other than '*'"),
        )
    if "Sizes of tensors must match" in reason or "must match" in reason:
        return done(
            translate("Einops", "the inputs' named axes differ in length"),
            [],
            translate(
                "Einops", "every input must agree on the axes other than '*'; {reason}"
            ).format(reason=reason),
        )
    return done(reason, [], "")
