"""``einops.einsum`` explained: axis roles, broadcasting, cost terms, code and errors with carets.

einops renames axes to single letters and calls ``torch.einsum``, so torch's errors talk about
letters the user never wrote. :func:`diagnose_einsum` finds the same problem on the user's own
names; :func:`plan_einsum` describes a call einops accepted.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.echo import brief
from core.einops.matmul import matmul_code
from core.einops.model import AxisInfo, PlanStep
from core.einops.text import Token, format_shape, tokenize
from core.texts import join_texts, translate

__all__ = ["EinsumPlan", "diagnose_einsum", "operand_tokens", "plan_einsum"]


def operand_tokens(pattern: str) -> tuple[list[list[Token]], list[Token]]:
    """Tokens of each input operand (split at commas) and of the output side."""
    tokens = tokenize(pattern)
    operands: list[list[Token]] = [[]]
    right: list[Token] = []
    on_right = False
    for tok in tokens:
        if tok.text == "->" and not on_right:
            on_right = True
        elif on_right:
            right.append(tok)
        elif tok.text == ",":
            operands.append([])
        else:
            operands[-1].append(tok)
    return operands, right


def _ell(shapes: list[tuple[int, ...]], operands: list[list[Token]]) -> tuple[int, ...]:
    """Broadcast shape of the dims each operand's '...' covers (right-aligned, 1s broadcast)."""
    out: list[int] = []
    for shape, toks in zip(shapes, operands, strict=False):
        names = [t for t in toks if t.text != ","]
        if not any(t.text == "..." for t in names):
            continue
        n = len(shape) - (len(names) - 1)
        dims = list(shape[names.index(next(t for t in names if t.text == "...")) :][:n])
        if len(dims) > len(out):
            out = [1] * (len(dims) - len(out)) + out
        for k, d in enumerate(reversed(dims)):
            j = len(out) - 1 - k
            out[j] = max(out[j], d) if out[j] == 1 or d == 1 else out[j]
    return tuple(out)


def diagnose_einsum(
    pattern: str, shapes: list[tuple[int, ...]]
) -> tuple[str, list[tuple[int, int]], str] | None:
    """The first problem found with the user's names: (headline, caret spans, hint), or None."""
    operands, right = operand_tokens(pattern)
    arrows = [t for t in tokenize(pattern) if t.text == "->"]
    if len(arrows) != 1:
        return (
            translate("Einops", "einsum needs exactly one '->' (einops does not infer the output)"),
            [(len(pattern), len(pattern) + 1)]
            if not arrows
            else [(t.start, t.end) for t in arrows[1:]],
            translate(
                "Einops", "write the output axes after '->', e.g. 'b s1 h, b s2 h -> b s1 s2'"
            ),
        )
    if len(operands) != len(shapes):
        return (
            translate(
                "Einops",
                "the pattern has {inputs} input(s) (separated by commas) but {shapes} shape(s) "
                "were given",
            ).format(inputs=len(operands), shapes=len(shapes)),
            [(len(pattern), len(pattern) + 1)]
            if len(operands) < len(shapes)
            else [(t.start, t.end) for t in operands[-1]][:1],
            translate("Einops", "give one shape per comma-separated input"),
        )
    for toks in [*operands, right]:
        for t in toks:
            if t.text in "()":
                return (
                    translate("Einops", "einsum takes single axis names: no ( ) groups"),
                    [(t.start, t.end)],
                    translate("Einops", "rearrange first to split or merge axes, then einsum"),
                )
            if t.text.isdecimal():
                return (
                    translate("Einops", "einsum does not accept numbered axes"),
                    [(t.start, t.end)],
                    translate(
                        "Einops",
                        "name the axis instead (einops: anonymous axes are not supported in einsum)",
                    ),
                )
    lengths: dict[str, tuple[int, int, Token]] = {}
    for i, (toks, shape) in enumerate(zip(operands, shapes, strict=True)):
        names = [t for t in toks if t.is_name]
        has_ell = any(t.text == "..." for t in toks)
        if len(names) != len(shape) and not (has_ell and len(shape) >= len(names)):
            span = [(toks[0].start, toks[-1].end)] if toks else [(0, 1)]
            return (
                translate(
                    "Einops",
                    "input {i} has shape {shape} ({axes} axes) but its part of the pattern "
                    "names {names}",
                ).format(i=i, shape=format_shape(shape), axes=len(shape), names=len(names)),
                span,
                translate("Einops", "name one axis per dimension, or add '...' for the rest"),
            )
        ell_at = next((k for k, t in enumerate(toks) if t.text == "..."), None)
        n_ell = len(shape) - len(names)
        for k, tok in enumerate(toks):
            if not tok.is_name:
                continue
            dim = shape[k if ell_at is None or k < ell_at else k - 1 + n_ell]
            if tok.text in lengths:
                seen, where, first = lengths[tok.text]
                if where == i and dim != seen:
                    return (
                        translate(
                            "Einops",
                            "axis {name} appears twice in input {i} (taking a diagonal) but "
                            "its lengths differ: {first} and {second}",
                        ).format(name=brief(tok.text), i=i, first=seen, second=dim),
                        [(first.start, first.end), (tok.start, tok.end)],
                        translate(
                            "Einops",
                            "an axis repeated within one input needs the same length both times",
                        ),
                    )
                if dim != seen and dim != 1 and seen != 1:
                    return (
                        translate(
                            "Einops",
                            "axis {name} has length {dim} in input {i} but {seen} in input {where}",
                        ).format(name=brief(tok.text), dim=dim, i=i, seen=seen, where=where),
                        [(first.start, first.end), (tok.start, tok.end)],
                        translate(
                            "Einops",
                            "lengths of a shared axis must match (or one of them be 1, which "
                            "broadcasts)",
                        ),
                    )
                if seen == 1:
                    lengths[tok.text] = (dim, i, tok)
            else:
                lengths[tok.text] = (dim, i, tok)
    seen_right: set[str] = set()
    for tok in right:
        if tok.is_name and tok.text not in lengths:
            return (
                translate("Einops", "output axis {name} is not in any input").format(
                    name=brief(tok.text)
                ),
                [(tok.start, tok.end)],
                translate("Einops", "every axis after '->' must appear before it"),
            )
        if tok.is_name and tok.text in seen_right:
            return (
                translate("Einops", "output axis {name} appears twice").format(
                    name=brief(tok.text)
                ),
                [(tok.start, tok.end)],
                translate("Einops", "name each output axis once"),
            )
        seen_right.add(tok.text)
        if tok.text == "..." and not any(t.text == "..." for ops in operands for t in ops):
            return (
                translate("Einops", "'...' on the output but on no input"),
                [(tok.start, tok.end)],
                translate("Einops", "add '...' to an input or remove it from the output"),
            )
    return None


@dataclass
class EinsumPlan:
    """What :func:`plan_einsum` found: axes, product size, steps, code and warnings."""

    axes: list[AxisInfo]
    terms: int
    output_names: list[str]
    steps: list[PlanStep]
    code: str
    warnings: list[str] = field(default_factory=list)
    operands: list[list[str]] = field(default_factory=list)
    lengths: dict[str, int] = field(default_factory=dict)


def plan_einsum(
    pattern: str, shapes: list[tuple[int, ...]], output_shape: tuple[int, ...]
) -> EinsumPlan:
    """Describe a call einops accepted: roles, the T index combinations, steps and code."""
    from einops.einops import _compactify_pattern_for_einsum

    operands, right = operand_tokens(pattern)
    ell = _ell(shapes, operands)
    ell_names = [f"…{i}" for i in range(len(ell))]
    lengths: dict[str, int] = dict(zip(ell_names, ell, strict=True))
    where: dict[str, list[int]] = {n: [] for n in ell_names}
    ones: dict[str, list[int]] = {}
    diagonal: set[str] = set()
    op_names: list[list[str]] = []
    for i, (toks, shape) in enumerate(zip(operands, shapes, strict=True)):
        names = [t.text for t in toks if t.is_name or t.text == "..."]
        n_ell = len(shape) - (len(names) - 1) if "..." in names else 0
        flat: list[str] = []
        for n in names:
            flat.extend(ell_names[len(ell_names) - n_ell :] if n == "..." else [n])
        op_names.append(flat)
        for name, dim in zip(flat, shape, strict=True):
            seen_in = where.setdefault(name, [])
            if i in seen_in:
                diagonal.add(name)
            else:
                seen_in.append(i)
            if dim == 1:
                ones.setdefault(name, []).append(i)
            known = lengths.get(name, 1)
            lengths[name] = 0 if dim == 0 or known == 0 else max(known, dim)
    out_names: list[str] = []
    for tok in right:
        if tok.text == "...":
            out_names.extend(ell_names)
        elif tok.is_name:
            out_names.append(tok.text)
    terms = 1
    for name in lengths:
        terms *= lengths[name]
    warnings: list[str] = []
    axes: list[AxisInfo] = []
    for name, length in lengths.items():
        if not where.get(name):
            continue
        in_out = name in out_names
        broadcast = bool(ones.get(name)) and length > 1
        if in_out:
            role = "broadcast" if broadcast else ("ellipsis" if name.startswith("…") else "kept")
        elif len(where[name]) > 1:
            role = "contracted"
        else:
            role = "summed"
        note: list[str] = []
        if name in diagonal:
            note.append(translate("Einops", "repeated in one input: its diagonal is taken"))
        if broadcast:
            inputs_text = ", ".join(map(str, ones[name]))
            note.append(
                translate("Einops", "length 1 in input {inputs}, broadcast to {length}").format(
                    inputs=inputs_text, length=length
                )
            )
            warnings.append(
                translate(
                    "Einops",
                    "axis {name} has length 1 in input {inputs} and is broadcast to "
                    "{length}: intended? (a length-1 axis silently matches any length)",
                ).format(name=brief(name), inputs=inputs_text, length=length)
            )
        if role == "summed" and len(operands) > 1:
            warnings.append(
                translate(
                    "Einops",
                    "axis {name} appears only in input {i} and not after '->', so it is summed "
                    "away on its own before the product: a typo? (add it to the output to "
                    "keep it)",
                ).format(name=brief(name), i=where[name][0])
            )
        axes.append(AxisInfo(name, length, role, join_texts(note, "; ") if note else ""))
    compact = _compactify_pattern_for_einsum(pattern)
    letters = _letters(op_names, compact)
    inputs = ", ".join(f"x{i}" for i in range(len(shapes))) if len(shapes) > 1 else "x"
    legend = ", ".join(f"{v}={k}" for k, v in letters.items())
    code = f"# letters: {legend}\n" if legend else ""
    code += f'y = torch.einsum("{compact}", {inputs})  # ' + (" ".join(out_names) or "(0-d)")
    matmul = matmul_code(op_names, shapes, out_names)
    if matmul is not None:
        code += "\n\n# the same, as one batched matmul (torch does this inside einsum):\n" + matmul
    steps = [
        PlanStep(
            "input",
            translate("Einops", "input {i}: {names}").format(i=i, names=" ".join(n) or "(0-d)"),
            tuple(s),
            tuple(n),
            None,
        )
        for i, (n, s) in enumerate(zip(op_names, shapes, strict=True))
    ]
    all_names = tuple(lengths)
    summed = [a.name for a in axes if a.role in ("contracted", "summed")]
    steps.append(
        PlanStep(
            "multiply",
            translate(
                "Einops", "{terms} products, one per combination of {names} (not materialised)"
            ).format(
                terms=f"{terms:,}", names=" ".join(all_names) or translate("Einops", "(no axes)")
            ),
            tuple(lengths[n] for n in all_names),
            all_names,
            None,
        )
    )
    steps.append(
        PlanStep(
            "sum",
            translate("Einops", "sum over {names}").format(names=", ".join(summed))
            if summed
            else translate("Einops", "no axis summed: an element-wise product"),
            tuple(output_shape),
            tuple(out_names),
            None,
        )
    )
    return EinsumPlan(axes, terms, out_names, steps, code, warnings, op_names, dict(lengths))


def _letters(op_names: list[list[str]], compact: str) -> dict[str, str]:
    """Which letter einops gave each axis name (ellipsis stays '...')."""
    left = compact.split("->")[0].replace("...", "").split(",")
    mapping: dict[str, str] = {}
    for names, letters in zip(op_names, left, strict=False):
        named = [n for n in names if not n.startswith("…")]
        for name, letter in zip(named, letters, strict=False):
            mapping.setdefault(name, letter)
    return mapping
