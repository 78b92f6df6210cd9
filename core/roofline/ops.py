"""Operator costs for the roofline: FLOPs, bytes read and bytes written of common tensor operators.

Each cost is a hand count that states its convention (:attr:`OpCost.convention`). Shared rules:

* A multiply-add counts as 2 FLOPs, so ``matmul(m, k, n)`` is ``2·m·k·n`` as
  :mod:`torch.utils.flop_counter` counts it. The lecture counts a length-n dot product as ``2n - 1``
  (n multiplies, n - 1 adds); the difference is below ``1/n`` and the lecture's intensities
  (dot ≈ 0.5, matvec ≈ 1, matmul ≈ n/3) come out unchanged. The app shows the lecture's count
  only as a note (:func:`lecture_count_note`).
* A sum of n terms costs n adds (accumulating into zero, as the multiply-add loop does): a
  reduction of n elements is n FLOPs, ``mean`` adds one divide per output, max/min one compare
  per element. :func:`contraction_flops` counts every einsum (the Einops tab and
  :func:`einsum_cost` share it) the way torch evaluates it: axes in one input only are summed
  first, then inputs are contracted pairwise, left to right; a pairwise step that sums an axis
  costs 2 FLOPs per combination of its indices (a batched matmul, what FlopCounterMode counts),
  one without a summed axis 1 multiply per combination (FlopCounterMode counts those 0).
* Every count is ≥ 0: a zero-length axis gives 0 FLOPs, never a negative number.
* Transcendentals (exp, tanh, rsqrt) count as 1 FLOP, except GELU, which the lecture counts as
  ~20 FLOPs per element for its tanh formula.
* Bytes are the minimum HBM traffic: every input read once and every output written once, with the
  dtype's storage size (:func:`core.roofline.hardware.storage_bytes`: packed sub-byte dtypes take
  whole bytes, ceil(elements × bits / 8)); caches and re-reads are ignored, so
  the intensity is an upper bound of what a kernel achieves.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from core.echo import brief
from core.errors import InputError
from core.roofline.hardware import storage_bytes, validate_dtype
from core.texts import translate
from core.validate import positive_int, split_list

__all__ = [
    "MAX_SIZE",
    "MIN_SIZE",
    "OP_NAMES",
    "OP_SIZES",
    "Contraction",
    "OpCost",
    "contraction_flops",
    "custom_cost",
    "einsum_cost",
    "lecture_count_note",
    "op_cost",
    "parse_op_spec",
    "reduction_flops",
]

#: The smallest and largest accepted size of one dimension (10 billion elements): the one range
#: that the Roofline's fields, its sliders and the CLI's ``--op`` share.
MIN_SIZE = 1
MAX_SIZE = 10**10


@dataclass(frozen=True)
class OpCost:
    """What one operator costs on a dtype: the inputs of a roofline point.

    Attributes
    ----------
    name
        Operator id (``matmul``) or a free label for custom points.
    dtype
        Input dtype id (``bf16``); the compute ceiling a roofline compares against.
    sizes
        The named sizes (``{"m": 1024, "k": 1024, "n": 1024}``).
    flops
        Floating-point operations, counted as :attr:`convention` says.
    bytes_read, bytes_written
        Minimum main-memory traffic in bytes.
    convention
        How FLOPs and bytes were counted, in one or two sentences (shown next to the numbers).
    out_dtype
        Output dtype id when it differs from ``dtype`` (mixed precision), else equal to ``dtype``.
    """

    name: str
    dtype: str
    sizes: Mapping[str, int] = field(hash=False)
    flops: float
    bytes_read: float
    bytes_written: float
    convention: str
    out_dtype: str = ""

    @property
    def bytes(self) -> float:
        """Total memory traffic: bytes read plus bytes written."""
        return self.bytes_read + self.bytes_written

    @property
    def intensity(self) -> float:
        """Arithmetic intensity in FLOP per byte of memory traffic."""
        return self.flops / self.bytes if self.bytes > 0 else 0.0

    def label(self) -> str:
        """Short display text: ``matmul m=1024 k=1024 n=1024 bf16``."""
        shape = " ".join(f"{k}={v:,}" for k, v in self.sizes.items())
        dtypes = (
            self.dtype if self.out_dtype in ("", self.dtype) else f"{self.dtype}→{self.out_dtype}"
        )
        return f"{self.name} {shape} {dtypes}".replace("  ", " ").strip()

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-able form (CLI and sessions)."""
        return {
            "op": self.name,
            "dtype": self.dtype,
            "out_dtype": self.out_dtype or self.dtype,
            "sizes": dict(self.sizes),
            "flops": self.flops,
            "bytes_read": self.bytes_read,
            "bytes_written": self.bytes_written,
            "bytes": self.bytes,
            "intensity": self.intensity,
            "convention": self.convention,
        }


# (flops, elements read, elements written, convention); elements are converted to bytes later.
_Counts = tuple[float, float, float, str]


def _relu(n: int) -> _Counts:
    return (
        n,
        n,
        n,
        translate("Roofline", "1 FLOP per element (max(x, 0) is one comparison); read x, write y."),
    )


def _gelu(n: int) -> _Counts:
    return (
        20 * n,
        n,
        n,
        translate(
            "Roofline",
            "~20 FLOPs per element for 0.5·x·(1 + tanh(√(2/π)(x + 0.044715x³))), as the lecture "
            "counts it (tanh expanded); read x, write y.",
        ),
    )


def _add(n: int) -> _Counts:
    return n, 2 * n, n, translate("Roofline", "1 FLOP per element; read x and y, write x + y.")


def _copy(n: int) -> _Counts:
    return 0, n, n, translate("Roofline", "0 FLOPs; read x, write a copy (pure data movement).")


def _dot(n: int) -> _Counts:
    return (
        2 * n,
        2 * n,
        1,
        translate(
            "Roofline",
            "2n FLOPs (a multiply-add counts 2; the lecture's 2n - 1 differs by < 1/n); "
            "read x and w, write one scalar.",
        ),
    )


def _matvec(m: int, n: int) -> _Counts:
    return (
        2 * m * n,
        m * n + n,
        m,
        translate(
            "Roofline",
            "2·m·n FLOPs (m dot products of length n); read W (m×n) and x (n), write y (m).",
        ),
    )


def _matmul(m: int, k: int, n: int) -> _Counts:
    return (
        2 * m * k * n,
        m * k + k * n,
        m * n,
        translate(
            "Roofline",
            "2·m·k·n FLOPs (a multiply-add counts 2, as torch's FlopCounterMode); read A (m×k) and "
            "B (k×n), write C (m×n).",
        ),
    )


def _bmm(b: int, m: int, k: int, n: int) -> _Counts:
    return (
        2 * b * m * k * n,
        b * (m * k + k * n),
        b * m * n,
        translate(
            "Roofline",
            "2·b·m·k·n FLOPs; read b pairs of A (m×k) and B (k×n), write b outputs (m×n).",
        ),
    )


def _softmax(m: int, n: int) -> _Counts:
    return (
        5 * m * n,
        m * n,
        m * n,
        translate(
            "Roofline",
            "5 FLOPs per element over m rows of n: max, subtract, exp (counted as 1), sum, divide; "
            "read x, write y (one pass, the row kept on chip).",
        ),
    )


def _layernorm(m: int, n: int) -> _Counts:
    return (
        7 * m * n + 4 * m,
        m * n + 2 * n,
        m * n,
        translate(
            "Roofline",
            "7 FLOPs per element (mean sum, subtract, square, variance sum, scale by 1/σ, ×γ, +β) plus "
            "4 per row (two divides, +ε, rsqrt counted as 1); read x, γ, β, write y.",
        ),
    )


def _rmsnorm(m: int, n: int) -> _Counts:
    return (
        4 * m * n + 3 * m,
        m * n + n,
        m * n,
        translate(
            "Roofline",
            "4 FLOPs per element (square, sum, scale by 1/rms, ×γ) plus 3 per row (divide, +ε, rsqrt "
            "counted as 1); read x and γ, write y.",
        ),
    )


def _attention_flops(b: int, h: int, s: int, d: int) -> float:
    return 4 * b * h * s * s * d + 5 * b * h * s * s


def _attention(b: int, h: int, s: int, d: int) -> _Counts:
    qkv = b * h * s * d
    scores = b * h * s * s
    return (
        _attention_flops(b, h, s, d),
        3 * qkv + 2 * scores,
        qkv + 2 * scores,
        translate(
            "Roofline",
            "Naive, no mask: S = QKᵀ (2·s²·d), softmax (5 per score, exp as 1), O = PV (2·s²·d) per "
            "batch and head. The s×s scores S and probabilities P are each written to memory and read "
            "back: read Q, K, V, S, P; write S, P, O.",
        ),
    )


def _flash_attention(b: int, h: int, s: int, d: int) -> _Counts:
    qkv = b * h * s * d
    return (
        _attention_flops(b, h, s, d),
        3 * qkv,
        qkv,
        translate(
            "Roofline",
            "Fused (FlashAttention-style), no mask: same FLOPs as naive attention (recomputation "
            "ignored), but the scores stay on chip: read Q, K, V once, write O.",
        ),
    )


_COUNTERS: dict[str, tuple[tuple[str, ...], Callable[..., _Counts]]] = {
    "relu": (("n",), _relu),
    "gelu": (("n",), _gelu),
    "add": (("n",), _add),
    "copy": (("n",), _copy),
    "dot": (("n",), _dot),
    "matvec": (("m", "n"), _matvec),
    "matmul": (("m", "k", "n"), _matmul),
    "bmm": (("b", "m", "k", "n"), _bmm),
    "softmax": (("m", "n"), _softmax),
    "layernorm": (("m", "n"), _layernorm),
    "rmsnorm": (("m", "n"), _rmsnorm),
    "attention": (("b", "h", "s", "d"), _attention),
    "flash_attention": (("b", "h", "s", "d"), _flash_attention),
}

#: Every operator :func:`op_cost` knows, in menu order.
OP_NAMES: tuple[str, ...] = tuple(_COUNTERS)

#: The named sizes each operator needs, in order.
OP_SIZES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {name: sizes for name, (sizes, _) in _COUNTERS.items()}
)


def _check_name(name: object) -> str:
    if not isinstance(name, str) or name not in _COUNTERS:
        raise InputError(f"op: unknown {brief(name)}; allowed: {', '.join(OP_NAMES)}", field="op")
    return name


def op_cost(name: str, dtype: str, *, out_dtype: str | None = None, **sizes: object) -> OpCost:
    """Cost of operator ``name`` on tensors of ``dtype`` with the given named sizes.

    Parameters
    ----------
    name
        One of :data:`OP_NAMES`.
    dtype
        Input dtype id from :data:`core.roofline.hardware.DTYPES`.
    out_dtype
        Output dtype for mixed precision (``op_cost("matmul", "fp8", out_dtype="bf16", ...)``:
        fp8 inputs, bf16 output); defaults to ``dtype``.
    **sizes
        Exactly the sizes in :data:`OP_SIZES` for ``name``, each a whole number from 1 to
        :data:`MAX_SIZE` (strings such as ``"1,024"`` or ``"4k"`` are accepted).

    Raises
    ------
    InputError
        For an unknown op or dtype, missing or unexpected sizes, or a size out of range.
    """
    _check_name(name)
    dtype = validate_dtype(dtype)
    out = validate_dtype(out_dtype) if out_dtype is not None else dtype
    wanted, counter = _COUNTERS[name]
    missing = [s for s in wanted if s not in sizes]
    extra = [s for s in sizes if s not in wanted]
    if missing or extra:
        problem = (
            translate("Roofline", "missing {sizes}").format(sizes=", ".join(missing))
            if missing
            else translate("Roofline", "unexpected {sizes}").format(sizes=", ".join(extra))
        )
        raise InputError(
            translate("Roofline", "{op}: {problem}; it takes {sizes} (e.g. {example})").format(
                op=name,
                problem=problem,
                sizes=", ".join(wanted),
                example=f"{name}:{','.join(f'{s}=1024' for s in wanted)}",
            ),
            field="op",
        )
    clean = {s: positive_int(sizes[s], f"{name} {s}", low=MIN_SIZE, high=MAX_SIZE) for s in wanted}
    flops, read, written, convention = counter(*clean.values())
    return OpCost(
        name=name,
        dtype=dtype,
        sizes=MappingProxyType(clean),
        flops=float(flops),
        bytes_read=storage_bytes(dtype, read),
        bytes_written=storage_bytes(out, written),
        convention=convention,
        out_dtype=out,
    )


def custom_cost(
    label: str, dtype: str, flops: float, bytes_total: float, convention: str = ""
) -> OpCost:
    """A point whose FLOPs and bytes someone else counted (an einsum from the Einops tab).

    ``bytes_total`` is booked as bytes read; the split does not change the roofline.
    """
    from core.validate import positive_float

    dtype = validate_dtype(dtype)
    text = str(label).strip() or "custom"
    return OpCost(
        name=text[:80],
        dtype=dtype,
        sizes=MappingProxyType({}),
        flops=positive_float(flops, f"{text} FLOPs", low=0.0, allow_low=True),
        bytes_read=positive_float(bytes_total, f"{text} bytes"),
        bytes_written=0.0,
        convention=convention
        or translate("Roofline", "FLOPs and bytes as supplied by the caller."),
        out_dtype=dtype,
    )


def _einsum_terms(equation: str) -> tuple[list[list[str]], list[str]]:
    if not isinstance(equation, str) or equation.count("->") != 1:
        raise InputError(
            f"einsum {brief(equation)}: expected INPUTS->OUTPUT such as 'bhid,bhjd->bhij' "
            "(or with spaces: 'b h i d, b h j d -> b h i j')",
            field="op",
        )
    left, right = equation.split("->")

    def indices(term: str) -> list[str]:
        term = term.strip()
        names = term.split() if " " in term else list(term)
        for name in names:
            if not name.isidentifier():
                raise InputError(
                    f"einsum {brief(equation)}: index {brief(name)} is not a name (letters, digits, _)",
                    field="op",
                )
        return names

    inputs = [indices(t) for t in left.split(",")]
    output = indices(right)
    if not 1 <= len(inputs) <= 2 or any(not t for t in inputs):
        raise InputError(
            f"einsum {brief(equation)}: one or two non-empty inputs are supported, got {len(inputs)}",
            field="op",
        )
    unknown = [i for i in output if not any(i in t for t in inputs)]
    if unknown:
        raise InputError(
            f"einsum {brief(equation)}: output index {brief(unknown[0])} is in no input", field="op"
        )
    return inputs, output


def _volume(names: Iterable[str], lengths: Mapping[str, int]) -> int:
    result = 1
    for name in names:
        result *= lengths[name]
    return result


@dataclass(frozen=True)
class Contraction:
    """FLOPs of one einsum: the total, the part torch's FlopCounterMode sees (its matmuls), the
    lecture's exact count (a sum of n terms as n − 1 adds) and how it was counted."""

    flops: int
    matmul_flops: int
    lecture_flops: int
    rule: str


def contraction_flops(
    operands: Sequence[Sequence[str]], output: Sequence[str], lengths: Mapping[str, int]
) -> Contraction:
    """FLOPs of ``einsum(operands -> output)`` with axis ``lengths``, as torch evaluates it.

    1. An axis that is in one input only and not in the output is summed first: one add per
       element of that input.
    2. Inputs are then contracted pairwise, left to right. A step that sums axes (in both sides,
       in no later input, not in the output) is a batched matmul: ``2·∏ sizes`` of every axis it
       touches (what FlopCounterMode counts for the ``bmm``). A step that sums nothing is an
       element-wise or outer product: ``∏ sizes`` multiplies.
    3. One input and no summed axis: a rearrangement, 0 FLOPs.

    An axis repeated within one input (a diagonal) counts once. Zero-length axes give 0.
    """
    ops = [list(dict.fromkeys(names)) for names in operands]
    out = set(output)
    flops = matmul = sums = 0  # sums: results of sums (each one add fewer in the lecture's count)
    rules: list[str] = []
    for i, names in enumerate(ops):
        others = {n for j, other in enumerate(ops) if j != i for n in other}
        alone = [n for n in names if n not in out and n not in others]
        if alone:
            flops += _volume(names, lengths)
            ops[i] = [n for n in names if n not in alone]
            sums += _volume(ops[i], lengths) if _volume(names, lengths) else 0
            rules.append(f"sum {' '.join(alone)} of input {i} first (1 add per element)")
    left = ops[0] if ops else []
    for j in range(1, len(ops)):
        right = ops[j]
        later = out | {n for other in ops[j + 1 :] for n in other}
        union = list(dict.fromkeys([*left, *right]))
        summed = [n for n in left if n in right and n not in later]
        size = _volume(union, lengths)
        if summed:
            flops += 2 * size
            matmul += 2 * size
            sums += _volume([n for n in union if n not in summed], lengths) if size else 0
            rules.append(
                f"contract {' '.join(summed)}: 2 FLOPs per combination of {' '.join(union)}"
            )
        else:
            flops += size
            rules.append(f"multiply: 1 FLOP per combination of {' '.join(union) or '(scalars)'}")
        left = [n for n in union if n not in summed]
    rule = "; ".join(rules) if rules else "0 FLOPs (a rearrangement)"
    return Contraction(flops, matmul, flops - sums, rule)


def reduction_flops(n_in: int, n_out: int, reduction: str = "sum") -> int:
    """FLOPs of reducing ``n_in`` elements to ``n_out``: one add (or compare, multiply) per input
    element, plus one divide per output for ``mean``. Never negative; 0 for empty tensors."""
    return max(n_in, 0) + (max(n_out, 0) if reduction == "mean" and n_in > 0 else 0)


def lecture_count_note(flops: float, lecture_flops: float) -> str:
    """The lecture's exact count, as a note beside the app's: a length-n dot product is ``2n − 1``
    (n multiplies, n − 1 adds), so a matmul is ``2·m·k·n − m·n`` where the app (and torch's
    FlopCounterMode) counts ``2·m·k·n``. Empty when the two agree."""
    if flops <= 0 or lecture_flops >= flops:
        return ""
    return translate(
        "Einops",
        "The lecture counts a sum of n terms as n − 1 adds (a length-n dot product: 2n − 1): "
        "{lecture} FLOPs, {fewer} fewer than the {flops} counted here with a multiply-add as "
        "2, as torch's FlopCounterMode does.",
    ).format(
        lecture=f"{lecture_flops:,.0f}",
        fewer=f"{1 - lecture_flops / flops:.2%}",
        flops=f"{flops:,.0f}",
    )


def einsum_cost(equation: str, dtype: str, **sizes: object) -> OpCost:
    """Cost of a one- or two-operand einsum (``"bhid,bhjd->bhij"``, b=1, h=32, ...).

    FLOPs: :func:`contraction_flops` (a two-input contraction is ``2·∏ sizes``, as torch's
    FlopCounterMode counts the bmm it lowers to; an axis in one input only is summed first; a
    one-input reduction costs one add per input element and a rearrangement none). Bytes: each
    input read once, the output written once.

    Raises
    ------
    InputError
        For a malformed equation, a missing or unexpected size, or a size out of range.
    """
    dtype = validate_dtype(dtype)
    inputs, output = _einsum_terms(equation)
    names = list(dict.fromkeys(i for term in inputs for i in term))
    missing = [n for n in names if n not in sizes]
    extra = [n for n in sizes if n not in names]
    if missing or extra:
        problem = f"missing size {missing[0]}" if missing else f"unexpected size {extra[0]}"
        raise InputError(
            f"einsum {brief(equation)}: {problem}; it takes {', '.join(names)}", field="op"
        )
    clean = {n: positive_int(sizes[n], f"einsum {n}", low=MIN_SIZE, high=MAX_SIZE) for n in names}
    counted = contraction_flops(inputs, output, clean)
    return OpCost(
        name=f"einsum {equation.strip()}",
        dtype=dtype,
        sizes=MappingProxyType(clean),
        flops=float(counted.flops),
        bytes_read=float(sum(storage_bytes(dtype, _volume(t, clean)) for t in inputs)),
        bytes_written=float(storage_bytes(dtype, _volume(output, clean))),
        convention=f"{counted.rule}; read each input once, write the output once.",
        out_dtype=dtype,
    )


_SPEC = re.compile(r"^\s*(?P<name>[A-Za-z_]+)\s*(?::(?P<args>.*))?$")


def parse_op_spec(text: str) -> tuple[str, dict[str, int]]:
    """Parse the CLI form ``matmul:m=1024,k=1024,n=1024`` into ``("matmul", {...})``.

    Sizes are checked like :func:`op_cost` checks them (names, range), so a bad spec fails here
    with a message that repeats it.

    Raises
    ------
    InputError
        Naming the spec and what is allowed.
    """
    if not isinstance(text, str):
        raise InputError(
            f"op: expected text such as matmul:m=1024,k=1024,n=1024, got {brief(text)}"
        )
    match = _SPEC.match(text)
    if match is None:
        raise InputError(
            f"op {brief(text)}: expected NAME:SIZE=VALUE,... such as matmul:m=1024,k=1024,n=1024; "
            f"names: {', '.join(OP_NAMES)}",
            field="op",
        )
    name = _check_name(match["name"].lower())
    wanted = OP_SIZES[name]
    sizes: dict[str, int] = {}
    example = "matmul:m=1024,k=1024,n=1024"
    for part in split_list(match["args"] or "", f"op {brief(text)}", example=example):
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or not key:
            raise InputError(
                f"op {brief(text)}: {brief(part)} is not SIZE=VALUE; {name} takes {', '.join(wanted)}",
                field="op",
            )
        if key not in wanted:
            raise InputError(
                f"op {brief(text)}: unknown size {brief(key)}; {name} takes {', '.join(wanted)}",
                field="op",
            )
        if key in sizes:
            raise InputError(f"op {brief(text)}: size {brief(key)} given twice", field="op")
        sizes[key] = positive_int(value.strip(), f"{name} {key}", low=MIN_SIZE, high=MAX_SIZE)
    missing = [s for s in wanted if s not in sizes]
    if missing:
        example = ",".join(f"{s}=1024" for s in wanted)
        raise InputError(
            f"op {brief(text)}: missing {', '.join(missing)}; e.g. {name}:{example}", field="op"
        )
    return name, {s: sizes[s] for s in wanted}
