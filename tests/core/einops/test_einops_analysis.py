"""The einops analyser checked against einops itself on real CPU tensors."""

from __future__ import annotations

import subprocess
import sys

import pytest
import torch
from einops_cases import INVALID, VALID, Case, case_id, run_einops

from core.einops.analysis import analyse, warm_up
from core.einops.model import FLOP_CONVENTION
from core.roofline.hardware import DTYPE_BYTES


def _inputs(case: Case, seed: int = 0) -> list[torch.Tensor]:
    gen = torch.Generator().manual_seed(seed)
    return [torch.randn(s, generator=gen, dtype=torch.float64) for s in case[2]]


def _analyse(case: Case, **kw):
    op, pattern, shapes, axes, extra = case
    return analyse(op, pattern, shapes, axes, **extra, **kw)


def _exec_code(code: str, tensors: list[torch.Tensor]):
    scope: dict = {"torch": torch}
    if len(tensors) == 1 and "x0" not in code:
        scope["x"] = tensors[0]
    for i, t in enumerate(tensors):
        scope[f"x{i}"] = t
    exec(compile(code, "<generated>", "exec"), scope)  # our own generated code, not user text
    return scope["y"]


def _same(a: torch.Tensor, b: torch.Tensor) -> bool:
    if a.dtype == torch.bool or b.dtype == torch.bool:
        return a.shape == b.shape and torch.equal(a.bool(), b.bool())
    return a.shape == b.shape and torch.allclose(a, b, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("case", VALID, ids=case_id)
def test_valid_calls_agree_with_einops(case: Case) -> None:
    result = _analyse(case)
    assert result.valid, result.error
    assert result.error is None
    tensors = _inputs(case)
    expected = run_einops(case[0], case[1], tensors, case[3], case[4])
    expected_list = expected if isinstance(expected, list) else [expected]
    assert result.output_shapes == [tuple(e.shape) for e in expected_list]
    got = _exec_code(result.torch_code, tensors)
    got_list = got if isinstance(got, list) else [got]
    assert len(got_list) == len(expected_list)
    for g, e in zip(got_list, expected_list, strict=True):
        assert _same(g, e), result.torch_code
    # view or copy, and strides, as real torch reports them
    input_ptrs = {t.untyped_storage().data_ptr() for t in tensors}
    real_view = all(e.untyped_storage().data_ptr() in input_ptrs for e in expected_list)
    assert result.is_view == real_view
    assert result.output_strides == [tuple(e.stride()) for e in expected_list]
    assert result.input_strides == [tuple(t.stride()) for t in tensors]
    for step in result.plan[1:]:
        assert all(d >= 0 for d in step.shape)


@pytest.mark.parametrize("case", INVALID, ids=case_id)
def test_invalid_calls_agree_with_einops(case: Case) -> None:
    result = _analyse(case)
    with pytest.raises(Exception):  # noqa: B017 - einops raises EinopsError, ValueError, RuntimeError
        run_einops(case[0], case[1], _inputs(case), case[3], case[4])
    assert not result.valid
    assert result.error and case[1] in result.error  # the pattern is repeated
    assert result.output_shapes == []


def _caret_columns(message: str, pattern: str) -> list[int]:
    lines = message.splitlines()
    row = next(i for i, line in enumerate(lines) if line == f"  {pattern}")
    return [k - 2 for k, ch in enumerate(lines[row + 1]) if ch == "^"]


@pytest.mark.parametrize(
    ("case", "token"),
    [
        (("rearrange", "b s d -> b d s x", [(2, 3, 4)], {}, {}), "x"),
        (("rearrange", "b s (h d) -> b h s d", [(2, 3, 7)], {"h": 2}, {}), "(h d)"),
        (("rearrange", "b $ -> b", [(2, 3)], {}, {}), "$"),
        (("repeat", "b s -> b s r", [(2, 3)], {}, {}), "r"),
        (("rearrange", "b s s -> b s", [(2, 3, 3)], {}, {}), "s -"),
        (("einsum", "a b, b c -> a c", [(2, 3), (4, 5)], {}, {}), "b c"),
        (("einsum", "i i ->", [(3, 4)], {}, {}), "i "),
        (("pack", "b * c", [(2, 3), (2, 4)], {}, {}), "c"),
        (("rearrange", "b ((s)) -> b s", [(2, 3)], {}, {}), "(s"),
    ],
)
def test_caret_points_at_the_bad_token(case: Case, token: str) -> None:
    result = _analyse(case)
    assert not result.valid
    columns = _caret_columns(result.error, case[1])
    start = case[1].rindex(token) if token != "(h d)" else case[1].index(token)
    assert start in columns, result.error
    assert result.error_span is not None


def test_mismatch_names_the_sizes_and_axis() -> None:
    result = analyse("rearrange", "b s (h d) -> b h s d", [(2, 3, 7)], {"h": 2})
    assert "7" in result.error and "h=2" in result.error
    einsum = analyse("einsum", "b s1 h, b s2 h -> b s1 s2", [(2, 3, 4), (2, 3, 5)])
    assert "'h'" in einsum.error and "5" in einsum.error and "4" in einsum.error


def test_einsum_flops_use_the_apps_one_convention_and_note_the_lectures() -> None:
    # One convention across tabs: a multiply-add is 2, so an n×n matmul is 2·n³ (the Roofline's
    # op_cost and torch's FlopCounterMode agree); the lecture's n·n·(2n−1) is only a note.
    n = 7
    result = analyse("einsum", "i j, j k -> i k", [(n, n), (n, n)], dtype="bf16")
    assert result.flops == 2 * n**3
    assert result.bytes_read == 2 * n * n * 2 and result.bytes_written == n * n * 2
    assert result.intensity == pytest.approx(2 * n**3 / (3 * n * n * 2))
    assert "2·m·k·n" in FLOP_CONVENTION
    assert f"{n * n * (2 * n - 1):,}" in result.flops_note and "2n − 1" in result.flops_note


def test_batched_einsum_flops_by_hand() -> None:
    b, s1, s2, h = 2, 3, 5, 4
    result = analyse(
        "einsum",
        "batch seq1 hidden, batch seq2 hidden -> batch seq1 seq2",
        [(b, s1, h), (b, s2, h)],
    )
    terms = b * s1 * s2 * h  # one multiply-add per index combination
    assert result.flops == 2 * terms
    roles = {a.name: a.role for a in result.axes}
    assert roles == {"batch": "kept", "seq1": "kept", "seq2": "kept", "hidden": "contracted"}


@pytest.mark.parametrize("reduction", ["sum", "max", "min", "prod", "any", "all", "mean"])
def test_reduce_flops_by_hand(reduction: str) -> None:
    result = analyse("reduce", "... hidden -> ...", [(2, 3, 4)], reduction=reduction, dtype="fp32")
    # 6 outputs, each accumulating 4 inputs (4 ops, as a multiply-add loop counts them); mean
    # adds one divide per output; the lecture's 3 ops per output is the note
    assert result.flops == 6 * 4 + (6 if reduction == "mean" else 0)
    assert f"{6 * 3 + (6 if reduction == 'mean' else 0):,} FLOPs" in result.flops_note
    assert result.bytes_read == 24 * DTYPE_BYTES["fp32"]
    assert result.bytes_written == 6 * DTYPE_BYTES["fp32"]
    assert [a.role for a in result.axes] == ["kept", "kept", "reduced"]


def test_views_move_no_bytes_and_copies_do() -> None:
    view = analyse("rearrange", "b s (h d) -> b h s d", [(2, 3, 8)], {"h": 2}, dtype="bf16")
    assert view.is_view and view.bytes_read == 0 and view.bytes_written == 0 and view.flops == 0
    assert view.intensity is None
    copy = analyse("rearrange", "b s d -> (b d) s", [(2, 3, 4)], dtype="bf16")
    assert not copy.is_view
    assert copy.bytes_read == copy.bytes_written == 24 * DTYPE_BYTES["bf16"]
    assert copy.plan[-1].is_view is False


def test_roles_of_split_merge_and_repeat() -> None:
    split = analyse("rearrange", "... (heads hidden1) -> ... heads hidden1", [(3, 8)], {"heads": 2})
    assert {a.name: (a.length, a.role) for a in split.axes} == {
        "…0": (3, "kept"),
        "heads": (2, "split"),
        "hidden1": (4, "split"),
    }
    merge = analyse("rearrange", "... heads hidden2 -> ... (heads hidden2)", [(3, 2, 4)])
    assert {a.name: a.role for a in merge.axes}["heads"] == "merged"
    rep = analyse("repeat", "b s -> b (s r)", [(2, 3)], {"r": 4})
    assert {a.name: (a.length, a.role) for a in rep.axes}["r"] == (4, "repeated")


def test_warnings_for_suspicious_patterns() -> None:
    broadcast = analyse("einsum", "i j, j k -> i k", [(2, 1), (3, 4)])
    assert any("length 1" in w and "'j'" in w for w in broadcast.warnings)
    typo = analyse("einsum", "i j, j k -> i", [(2, 3), (3, 4)])
    assert any("'k'" in w and "summed" in w for w in typo.warnings)
    alias = analyse("repeat", "b s -> b s r", [(2, 3)], {"r": 4})
    assert alias.is_view and any("alias" in w for w in alias.warnings)
    clean = analyse("einsum", "i j, j k -> i k", [(2, 3), (3, 4)])
    assert clean.warnings == []


def test_huge_shapes_are_analysed_without_allocating() -> None:
    result = analyse("reduce", "a b -> a", [(10**6, 10**6)], reduction="sum")
    assert result.valid and result.output_shapes == [(10**6,)]
    assert result.flops == 10**12
    einsum = analyse("einsum", "b i j, b j k -> b i k", [(64, 4096, 4096), (64, 4096, 4096)])
    assert einsum.valid and einsum.flops == 2 * 64 * 4096**3


@pytest.mark.parametrize(
    ("kwargs", "word"),
    [
        ({"op": "transpose"}, "op"),
        ({"dtype": "fp128"}, "dtype"),
        ({"pattern": ""}, "pattern"),
        ({"shapes": [(2,), (3,)]}, "one input"),
        ({"shapes": [(-1, 2)]}, "shape"),
        ({"shapes": [(2**41,)]}, "2^40"),
        ({"shapes": [(2**40, 2**40)]}, "2^62"),
        ({"axes": {"h": -1}}, "h=-1"),
        ({"op": "reduce", "reduction": "median"}, "median"),
    ],
)
def test_bad_arguments_give_messages_not_exceptions(kwargs: dict, word: str) -> None:
    args = {"op": "rearrange", "pattern": "a -> a", "shapes": [(2,)], "axes": {}} | kwargs
    result = analyse(
        args.pop("op"), args.pop("pattern"), args.pop("shapes"), args.pop("axes"), **args
    )
    assert not result.valid and word in result.error


def test_json_dict_has_the_cli_keys() -> None:
    data = analyse("unpack", "b * c", [(2, 8, 5)], packed_shapes=[(), (7,)]).to_dict()
    for key in (
        "valid",
        "output_shape",
        "error",
        "axes",
        "torch_code",
        "flops",
        "bytes_read",
        "bytes_written",
        "is_view",
        "warnings",
    ):
        assert key in data
    assert data["output_shape"] == [[2, 5], [2, 7, 5]]


def test_warm_up_and_lazy_torch_import() -> None:
    assert warm_up() >= 0.0
    modules = "analysis codegen einsum errors examples matmul model pack report run text transform"
    code = (
        "import sys, importlib\n"
        f"for m in {modules.split()!r}: importlib.import_module('core.einops.' + m)\n"
        "print(sorted(k for k in ('torch', 'einops', 'PySide6', 'pyqtgraph') if k in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("pattern", "shapes"),
    [
        ("batch seq1 hidden, batch seq2 hidden -> batch seq1 seq2", [(2, 3, 4), (2, 5, 4)]),
        ("seq1 hidden, hidden seq2 -> seq1 seq2", [(3, 4), (4, 3)]),
        ("... hidden1, hidden1 hidden2 -> ... hidden2", [(3, 2, 4), (4, 5)]),
        ("i j, j k -> k i", [(2, 3), (3, 4)]),
        ("i j, j k -> i", [(2, 3), (3, 4)]),
        ("b h, h -> b", [(2, 3), (3,)]),
        ("i, j -> j i", [(2,), (3,)]),
    ],
)
def test_einsum_matmul_form_alone_matches_einops(pattern: str, shapes: list) -> None:
    result = analyse("einsum", pattern, shapes)
    marker = "# the same, as one batched matmul"
    assert marker in result.torch_code
    matmul_only = result.torch_code.split(marker, 1)[1].split("\n", 1)[1]
    assert "einsum" not in matmul_only and " @ " in matmul_only
    tensors = [torch.randn(s, dtype=torch.float64) for s in shapes]
    got = _exec_code(matmul_only, tensors)
    expected = run_einops("einsum", pattern, tensors, {}, {})
    assert _same(got, expected)


@pytest.mark.parametrize("case", [c for c in VALID + INVALID if c[0] == "einsum"], ids=case_id)
def test_small_einsums_on_cpu_zeros_answer_as_on_meta(case: Case, monkeypatch) -> None:
    # Small einsums run on CPU zeros to skip the meta bmm's sympy import: the whole analysis
    # (shapes, strides, costs, errors and carets) must equal the meta run's.
    from core.einops import analysis

    small = _analyse(case).to_dict()
    monkeypatch.setattr(analysis, "SMALL_EINSUM_WORK", 0)
    assert _analyse(case).to_dict() == small
