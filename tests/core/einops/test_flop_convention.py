"""One FLOP convention across tabs (issue 11, classes 2 and 3).

The Einops tab, the Roofline's ``einsum_cost`` and ``op_cost`` count a multiply-add as 2, as
torch's ``FlopCounterMode`` counts matmuls. FlopCounterMode sees only matmul-like ops, so the adds
of an axis summed on its own (torch sums it with ``sum`` first, counted 0) are added by hand in
``presum`` below. No count is negative, zero-length axes included.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.einops.analysis import analyse
from core.roofline.ops import _COUNTERS, contraction_flops, einsum_cost, op_cost

torch = pytest.importorskip("torch")

# (equation with spaces, shapes, adds of the axes torch sums on their own before the bmm)
CASES = [
    ("i j, j k -> i k", [(3, 5), (5, 4)], 0),
    ("b i j, b j k -> b i k", [(2, 3, 5), (2, 5, 4)], 0),
    ("i j a b, j k a b -> i k", [(3, 5, 2, 6), (5, 4, 2, 6)], 0),  # several contracted axes
    ("b h i d, b h j d -> b h i j", [(2, 4, 8, 16), (2, 4, 12, 16)], 0),
    ("i j, i j ->", [(3, 5), (3, 5)], 0),  # a full dot product
    ("i j, j -> i", [(3, 5), (5,)], 0),  # matvec
    ("i j, k j -> i", [(3, 5), (4, 5)], 4 * 5),  # k only in input 1: summed first
    ("i j, j k -> i", [(3, 5), (5, 4)], 5 * 4),  # k summed first on input 1
    ("i j, j k, k l -> i l", [(2, 3), (3, 4), (4, 5)], 0),  # pairwise, left to right
    ("i j, j k -> i k", [(3, 0), (0, 4)], 0),  # zero-length contraction: 0, not -12
    ("i j, j k -> i k", [(0, 5), (5, 4)], 0),
]


def _flop_counter(equation: str, shapes: list[tuple[int, ...]]) -> int:
    from torch.utils.flop_counter import FlopCounterMode

    tensors = [torch.randn(s) for s in shapes]
    with FlopCounterMode(display=False) as counter:
        torch.einsum(equation.replace(" ", ""), *tensors)
    return int(counter.get_total_flops())


@pytest.mark.parametrize(("equation", "shapes", "presum"), CASES)
def test_einops_einsum_counts_what_flop_counter_mode_counts(equation, shapes, presum):
    result = analyse("einsum", equation, shapes, dtype="fp32")
    assert result.valid, result.error
    assert result.flops - presum == _flop_counter(equation, shapes)
    assert result.flops >= 0


# einsum_cost (a roofline point) takes one or two inputs of sizes >= 1.
ROOFLINE_CASES = [c for c in CASES if c[0].count(",") == 1 and all(0 not in s for s in c[1])]


@pytest.mark.parametrize(("equation", "shapes", "presum"), ROOFLINE_CASES)
def test_roofline_einsum_cost_agrees_with_the_einops_tab(equation, shapes, presum):
    left, output = equation.split("->")
    terms = [t.split() for t in left.split(",")]
    sizes = {n: d for t, s in zip(terms, shapes, strict=True) for n, d in zip(t, s, strict=True)}
    compact = ",".join("".join(t) for t in terms) + "->" + "".join(output.split())
    assert einsum_cost(compact, "fp32", **sizes).flops == analyse("einsum", equation, shapes).flops


def test_a_matmul_shows_one_number_on_both_tabs():
    m, k, n = 96, 64, 32
    einops = analyse("einsum", "m k, k n -> m n", [(m, k), (k, n)], dtype="bf16")
    roofline = op_cost("matmul", "bf16", m=m, k=k, n=n)
    assert einops.flops == roofline.flops == 2 * m * k * n
    assert einops.bytes_read + einops.bytes_written == roofline.bytes
    # The lecture's exact count (n multiplies and n − 1 adds per output) is only a note.
    assert f"{2 * m * k * n - m * n:,}" in einops.flops_note


@pytest.mark.parametrize("reduction", ["sum", "max", "mean"])
def test_reductions_count_one_op_per_input_element(reduction):
    # FlopCounterMode counts reductions as 0; by hand: 6 outputs accumulate 4 inputs each.
    result = analyse("reduce", "a b c -> a b", [(2, 3, 4)], reduction=reduction)
    assert result.flops == 24 + (6 if reduction == "mean" else 0)
    assert einsum_cost("abc->ab", "fp32", a=2, b=3, c=4).flops == 24  # the same sum


_dims = st.integers(min_value=0, max_value=6)


@settings(max_examples=60, deadline=None)
@given(i=_dims, j=_dims, k=_dims, b=_dims)
def test_no_einops_count_is_negative_with_zero_length_axes(i, j, k, b):
    calls = [
        ("einsum", "i j, j k -> i k", [(i, j), (j, k)], {}, None),
        ("einsum", "b i j, b j k -> b i", [(b, i, j), (b, j, k)], {}, None),
        ("einsum", "i j, i j ->", [(i, j), (i, j)], {}, None),
        ("reduce", "b i j -> b", [(b, i, j)], {}, "mean"),
        ("reduce", "b i j -> b j", [(b, i, j)], {}, "sum"),
        ("repeat", "i j -> i j c", [(i, j)], {"c": k}, None),  # c=0 is valid, as in einops
        ("rearrange", "b i j -> (b j) i", [(b, i, j)], {}, None),
        ("pack", "b * j", [(b, i, j), (b, j)], {}, None),
    ]
    for op, pattern, shapes, axes, reduction in calls:
        res = analyse(op, pattern, shapes, axes, reduction=reduction)
        # einops itself refuses to pack all-zero shapes (an ambiguous -1 in its reshape)
        assert res.valid or (op == "pack" and 0 in (b, j)), (pattern, shapes, res.error)
        assert res.flops >= 0 and res.bytes_read >= 0 and res.bytes_written >= 0, (pattern, shapes)
        assert not res.flops_note or "-" not in res.flops_note.split(":")[1][:3]
        if 0 in (i, j, k) and pattern == "i j, j k -> i k":
            assert res.flops == 0  # 2·i·j·k (the old count gave −i·k when j = 0)


_names = st.lists(st.sampled_from("abcde"), min_size=0, max_size=4, unique=True)


@settings(max_examples=200, deadline=None)
@given(
    operands=st.lists(_names, min_size=1, max_size=4),
    lengths=st.fixed_dictionaries({n: st.integers(0, 5) for n in "abcde"}),
    data=st.data(),
)
def test_contraction_counts_are_never_negative(operands, lengths, data):
    present = sorted({n for names in operands for n in names})
    output = data.draw(st.lists(st.sampled_from(present), unique=True) if present else st.just([]))
    counted = contraction_flops(operands, output, lengths)
    assert 0 <= counted.matmul_flops <= counted.flops
    assert 0 <= counted.lecture_flops <= counted.flops


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_operator_counters_are_never_negative_even_with_zero_sizes(data):
    # The raw counters behind op_cost (op_cost itself refuses sizes below MIN_SIZE).
    for name, (sizes, counter) in _COUNTERS.items():
        values = [data.draw(st.integers(0, 2**20), label=f"{name} {s}") for s in sizes]
        flops, read, written, _ = counter(*values)
        assert flops >= 0 and read >= 0 and written >= 0, name
        if 0 in values and name not in ("matvec", "layernorm", "rmsnorm"):
            assert flops == 0 or math.prod(values) == 0
