"""Operator costs: the lecture's table by hand derivation, matmul FLOPs against torch's counter."""

from __future__ import annotations

import math

import pytest

from core.errors import InputError
from core.roofline.hardware import DTYPE_BYTES, DTYPES
from core.roofline.ops import (
    MAX_SIZE,
    OP_NAMES,
    OP_SIZES,
    custom_cost,
    einsum_cost,
    op_cost,
    parse_op_spec,
)

N_BIG = 1024 * 1024  # the lecture's ReLU/GELU vector
N = 1024  # the lecture's matrix side


def test_relu_and_gelu_intensities_match_the_lecture():
    # Lecture: bytes = 2n (read x, bf16) + 2n (write y); flops = n (ReLU) or 20n (GELU).
    relu = op_cost("relu", "bf16", n=N_BIG)
    assert relu.flops == N_BIG
    assert relu.bytes == 2 * N_BIG + 2 * N_BIG
    assert relu.intensity == pytest.approx(N_BIG / (4 * N_BIG))  # 0.25
    assert relu.intensity == 0.25
    gelu = op_cost("gelu", "bf16", n=N_BIG)
    assert gelu.intensity == pytest.approx(20 * N_BIG / (4 * N_BIG))  # 5
    assert gelu.intensity == 5.0


def test_dot_matvec_matmul_match_the_lecture_within_its_rounding():
    # Lecture's own counts (2n - 1 per dot product); ours count a multiply-add as 2.
    dot = op_cost("dot", "bf16", n=N_BIG)
    lecture_dot = (2 * N_BIG - 1) / (2 * N_BIG + 2 * N_BIG + 2)
    assert dot.intensity == pytest.approx(lecture_dot, rel=1e-5)
    assert dot.intensity == pytest.approx(0.5, rel=1e-5)

    matvec = op_cost("matvec", "bf16", m=N, n=N)
    lecture_matvec = N * (2 * N - 1) / (2 * N + 2 * N * N + 2 * N)
    assert matvec.intensity == pytest.approx(lecture_matvec, rel=1e-3)
    assert matvec.intensity == pytest.approx(1.0, rel=3e-3)

    matmul = op_cost("matmul", "bf16", m=N, k=N, n=N)
    lecture_matmul = N * N * (2 * N - 1) / (3 * 2 * N * N)
    assert matmul.intensity == pytest.approx(lecture_matmul, rel=1e-3)
    assert round(matmul.intensity) == 341  # n/3 at n = 1024
    assert matmul.intensity == pytest.approx(N / 3)


def test_matmul_and_bmm_flops_agree_with_torch_flop_counter():
    torch = pytest.importorskip("torch")
    from torch.utils.flop_counter import FlopCounterMode

    for m, k, n in [(3, 5, 7), (64, 128, 32), (1024, 4096, 1024)]:
        a = torch.empty(m, k, device="meta")
        b = torch.empty(k, n, device="meta")
        with FlopCounterMode(display=False) as counter:
            torch.mm(a, b)
        assert op_cost("matmul", "fp32", m=m, k=k, n=n).flops == counter.get_total_flops()

    a = torch.empty(4, 16, 8, device="meta")
    b = torch.empty(4, 8, 32, device="meta")
    with FlopCounterMode(display=False) as counter:
        torch.bmm(a, b)
    assert op_cost("bmm", "fp32", b=4, m=16, k=8, n=32).flops == counter.get_total_flops()


def test_attention_matmul_flops_agree_with_torch_flop_counter():
    torch = pytest.importorskip("torch")
    from torch.utils.flop_counter import FlopCounterMode

    b, h, s, d = 2, 4, 64, 16
    q = torch.empty(b, h, s, d, device="meta")
    with FlopCounterMode(display=False) as counter:
        scores = q @ q.transpose(-2, -1)
        torch.softmax(scores, dim=-1) @ q
    # torch counts only the two matmuls (QKᵀ and PV); we add 5 FLOPs per score for softmax.
    for name in ("attention", "flash_attention"):
        cost = op_cost(name, "fp32", b=b, h=h, s=s, d=d)
        assert cost.flops == counter.get_total_flops() + 5 * b * h * s * s


def test_naive_attention_moves_the_score_matrix_and_flash_does_not():
    b, h, s, d = 1, 8, 4096, 64
    naive = op_cost("attention", "bf16", b=b, h=h, s=s, d=d)
    flash = op_cost("flash_attention", "bf16", b=b, h=h, s=s, d=d)
    qkvo = 4 * b * h * s * d * 2
    scores = b * h * s * s * 2
    assert flash.bytes == qkvo
    assert naive.bytes == qkvo + 4 * scores  # S written, read; P written, read
    assert naive.flops == flash.flops
    assert flash.intensity > 10 * naive.intensity


def test_elementwise_and_norm_bytes_by_hand():
    add = op_cost("add", "fp32", n=10)
    assert (add.flops, add.bytes_read, add.bytes_written) == (10, 2 * 10 * 4, 10 * 4)
    copy = op_cost("copy", "fp16", n=10)
    assert copy.flops == 0 and copy.bytes == 2 * 10 * 2 and copy.intensity == 0
    sm = op_cost("softmax", "bf16", m=8, n=32)
    assert sm.flops == 5 * 8 * 32 and sm.intensity == pytest.approx(5 / 4)
    ln = op_cost("layernorm", "bf16", m=8, n=32)
    assert ln.bytes_read == (8 * 32 + 2 * 32) * 2 and ln.bytes_written == 8 * 32 * 2
    rms = op_cost("rmsnorm", "bf16", m=8, n=32)
    assert rms.bytes_read == (8 * 32 + 32) * 2 and rms.flops < ln.flops


def test_every_op_states_a_convention_and_intensity_scales_with_dtype():
    for name in OP_NAMES:
        sizes = dict.fromkeys(OP_SIZES[name], 64)
        costs = {dt: op_cost(name, dt, **sizes) for dt in DTYPES}
        assert costs["bf16"].convention
        for dt, cost in costs.items():
            assert cost.flops == costs["fp32"].flops
            # Packed sub-byte storage rounds each of read and written up to a whole byte.
            scaled = costs["fp32"].bytes * DTYPE_BYTES[dt] / 4
            assert scaled <= cost.bytes <= scaled + (2 if DTYPE_BYTES[dt] < 1 else 0)


def test_mixed_precision_matmul_reads_fp8_and_writes_bf16():
    cost = op_cost("matmul", "fp8", out_dtype="bf16", m=N, k=N, n=N)
    assert cost.bytes_read == 2 * N * N * 1
    assert cost.bytes_written == N * N * 2
    assert cost.intensity == pytest.approx(2 * N**3 / (4 * N * N))
    assert "fp8→bf16" in cost.label()
    assert cost.to_dict()["out_dtype"] == "bf16"


def test_custom_cost_keeps_the_callers_numbers():
    cost = custom_cost("einsum b i j", "bf16", 1e9, 4e6)
    assert cost.intensity == pytest.approx(250.0)
    with pytest.raises(InputError, match="bytes"):
        custom_cost("x", "bf16", 1e9, 0)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": "conv", "dtype": "bf16", "n": 4}, "unknown 'conv'; allowed: relu"),
        ({"name": "relu", "dtype": "bf17", "n": 4}, "allowed: fp64"),
        ({"name": "relu", "dtype": "bf16", "n": 0}, "too small"),
        ({"name": "relu", "dtype": "bf16", "n": -3}, "too small"),
        ({"name": "relu", "dtype": "bf16", "n": math.nan}, "NaN"),
        ({"name": "relu", "dtype": "bf16", "n": MAX_SIZE + 1}, "too large"),
        ({"name": "relu", "dtype": "bf16", "n": 2.5}, "not a whole number"),
        ({"name": "matmul", "dtype": "bf16", "m": 4, "k": 4}, "missing n"),
        ({"name": "relu", "dtype": "bf16", "n": 4, "m": 4}, "unexpected m"),
    ],
)
def test_bad_input_says_what_is_allowed(kwargs, message):
    with pytest.raises(InputError, match=message):
        op_cost(**kwargs)


def test_parse_op_spec_round_trips_and_reports_errors():
    assert parse_op_spec("matmul:m=1024,k=1024,n=1024") == (
        "matmul",
        {"m": 1024, "k": 1024, "n": 1024},
    )
    assert parse_op_spec(" relu : n=1M ") == ("relu", {"n": 1_000_000})
    assert parse_op_spec("matmul:n=2,m=3,k=4") == ("matmul", {"m": 3, "k": 4, "n": 2})
    for spec, message in [
        ("conv:n=3", "unknown 'conv'"),
        ("matmul:m=1,k=2", "missing n"),
        ("matmul:m=1,k=2,n=3,q=4", "unknown size 'q'"),
        ("relu:n", "not SIZE=VALUE"),
        ("relu:n=1,n=2", "given twice"),
        ("relu:n=abc", "not a number"),
        ("relu:n=0", "too small"),
        ("1234", "expected NAME:SIZE=VALUE"),
    ]:
        with pytest.raises(InputError, match=message):
            parse_op_spec(spec)


def test_einsum_flops_agree_with_torch_flop_counter():
    torch = pytest.importorskip("torch")
    from torch.utils.flop_counter import FlopCounterMode

    sizes = {"b": 2, "h": 4, "i": 32, "j": 48, "d": 16}
    q = torch.empty(2, 4, 32, 16, device="meta")
    k = torch.empty(2, 4, 48, 16, device="meta")
    with FlopCounterMode(display=False) as counter:
        torch.einsum("bhid,bhjd->bhij", q, k)
    cost = einsum_cost("bhid,bhjd->bhij", "bf16", **sizes)
    assert cost.flops == counter.get_total_flops()
    # Bytes by hand: read q and k, write the b·h·i·j scores, 2 bytes each.
    assert cost.bytes == 2 * (2 * 4 * 32 * 16 + 2 * 4 * 48 * 16 + 2 * 4 * 32 * 48)
    spaced = einsum_cost("b h i d, b h j d -> b h i j", "bf16", **sizes)
    assert spaced.flops == cost.flops and spaced.bytes == cost.bytes
    # The same contraction as a matmul.
    mm = einsum_cost("ik,kj->ij", "bf16", i=64, k=32, j=16)
    assert mm.flops == op_cost("matmul", "bf16", m=64, k=32, n=16).flops


def test_einsum_reductions_rearrangements_and_errors():
    assert einsum_cost("ij->i", "fp32", i=3, j=5).flops == 15
    assert einsum_cost("ij->ji", "fp32", i=3, j=5).flops == 0
    for equation, sizes, message in [
        ("ij,jk", {"i": 1, "j": 1, "k": 1}, "expected INPUTS->OUTPUT"),
        ("ij,jk,kl->il", {"i": 1, "j": 1, "k": 1, "l": 1}, "one or two"),
        ("ij->q", {"i": 1, "j": 1}, "'q' is in no input"),
        ("ij->i", {"i": 1}, "missing size j"),
        ("ij->i", {"i": 1, "j": 1, "z": 1}, "unexpected size z"),
        ("ij->i", {"i": 0, "j": 1}, "too small"),
    ]:
        with pytest.raises(InputError, match=message):
            einsum_cost(equation, "bf16", **sizes)
