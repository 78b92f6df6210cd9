"""Views and strides: hand-derived layouts of the lecture's example and torch's edge cases.

Each expected layout is worked out in the comment beside it from the definitions (row-major
strides, offset + Σ index·stride), not read from the code under test; torch confirms each.
"""

from __future__ import annotations

import pytest
import torch

from core.einops.strides import Layout, is_contiguous, view_chunks, view_strides
from core.einops.strides_chain import DEFAULT_OPS, parse_op, run_chain
from core.errors import InputError


def _steps(shape, *ops, dtype="int64"):
    return run_chain(shape, dtype, list(ops)).steps


def test_lecture_default_chain() -> None:
    # x = arange(12).reshape(3, 4): strides (4, 1); x.t(): (1, 4), same storage, not contiguous;
    # view(12) would need one stride for 0, 4, 8, 1, ...: refused; contiguous() writes 12 × 8 B.
    steps = _steps((3, 4), *DEFAULT_OPS)
    t, bad, copy = steps[0], steps[1], steps[2]
    assert (t.layout.shape, t.layout.stride, t.view, t.layout.contiguous) == (
        (4, 3), (1, 4), True, False
    )  # fmt: skip
    assert bad.layout is None and "view size is not compatible" in bad.error
    assert "dim 0 (4 × stride 1); dim 1 (3 × stride 4)" in bad.why
    # the refused view leaves x transposed: contiguous() copies it, then view(12) is a view
    assert copy.view is False and copy.bytes_copied == 96 and steps[3].view is True
    steps = _steps((3, 4), "transpose 0 1", "contiguous", "view 12")
    assert steps[1].view is False and steps[1].bytes_copied == 12 * 8
    assert steps[1].layout.stride == (3, 1) and steps[1].layout.storage_values() == [
        0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11
    ]  # fmt: skip
    assert steps[2].view is True and steps[2].layout.stride == (1,)
    x = torch.arange(12).reshape(3, 4).t().contiguous()
    assert x.flatten().tolist() == steps[1].layout.storage_values()


def test_slice_moves_offset_and_view_splits_inside_a_block() -> None:
    # x[:, 1:3]: offset 1·1 = 1, strides (4, 1); dims 0 and 1 are separate blocks (4 ≠ 2·1), so
    # view(6) is refused but view(3, 2, 1) only splits dim 1's block: strides (4, 1, 1).
    s = _steps((3, 4), "[:, 1:3]", "view 3,2,1", "view 6")
    assert (s[0].layout.shape, s[0].layout.stride, s[0].layout.offset) == ((3, 2), (4, 1), 1)
    assert s[1].layout.stride == (4, 1, 1) and s[1].view
    assert s[2].error is not None
    y = torch.arange(12).reshape(3, 4)[:, 1:3]
    assert y.view(3, 2, 1).stride() == (4, 1, 1) and y.storage_offset() == 1
    with pytest.raises(RuntimeError, match="view size is not compatible"):
        y.view(6)


def test_step_slices_and_select() -> None:
    # x[::2, 1]: rows 0, 2 (stride 2·4 = 8), column 1 (offset 1), dim 1 dropped
    s = _steps((3, 4), "[::2, 1]")[0].layout
    assert (s.shape, s.stride, s.offset) == ((2,), (8,), 1)
    assert s.addresses() == [1, 9]
    s = _steps((3, 4), "narrow 1 1 2", "select 0 -1")[1].layout  # row 2 from col 1: 8 + 1
    assert (s.shape, s.stride, s.offset) == ((2,), (1,), 9)


def test_expand_gives_stride_zero_and_contiguous_copies_every_element() -> None:
    # arange(3).reshape(3, 1).expand(2, 3, 4): new dim 0 and broadcast dim 2 get stride 0; the
    # copy writes 2·3·4 elements of 4 bytes = 96 B; one storage element feeds 8 logical ones.
    s = _steps((3, 1), "expand 2,3,4", "contiguous", dtype="float32")
    assert s[0].layout.stride == (0, 1, 0) and s[0].view
    assert s[1].bytes_copied == 96 and s[1].layout.stride == (12, 4, 1)
    assert s[0].layout.addresses().count(0) == 8
    assert torch.zeros(3, 1).expand(2, 3, 4).stride() == (0, 1, 0)


def test_size_one_dims_never_break_contiguity_or_views() -> None:
    # a size-1 dim's stride is never used to address an element
    assert is_contiguous((3, 1, 4), (4, 99, 1))
    assert view_strides((3, 1, 4), (4, 99, 1), (12,)) == (1,)
    assert view_chunks((3, 1, 4), (4, 99, 1)) == [(0, 1, 2)]
    assert torch.empty_strided((3, 1, 4), (4, 99, 1)).view(12).stride() == (1,)


def test_zero_elements_always_view() -> None:
    # numel 0: same shape keeps the strides; another shape gets fresh strides with 0 counted as 1:
    # (3, 0) -> (max(0, 1)·1, 1) = (1, 1)
    assert view_strides((0, 3), (1, 1), (3, 0)) == (1, 1)
    assert view_strides((0, 3), (7, 2), (0, 3)) == (7, 2)
    assert torch.empty(0, 3).view(3, 0).stride() == (1, 1)
    assert Layout((0, 3), (1, 5), 0, 4, 0).contiguous


@pytest.mark.parametrize(
    ("ops", "message"),
    [
        (["view 5,3"], "shape '[5, 3]' is invalid for input of size 12"),
        (["view -1,-1"], "only one dimension can be inferred"),
        (["view 2,-2"], "invalid shape dimension -2"),
        (["transpose 0 2"], "expected to be in range of [-2, 1], but got 2"),
        (["expand 3,5"], "must match the existing size (4) at non-singleton dimension 1"),
        (["unsqueeze 0", "t"], "t() expects a tensor with <= 2 dimensions, but self is 3D"),
        (["[5]"], "index 5 is out of bounds for dimension 0 with size 3"),
        (["[::-1]"], "step must be greater than zero"),
        (["permute 0 0"], "duplicate dims"),
    ],
)
def test_refusals_say_what_torch_says(ops: list[str], message: str) -> None:
    step = _steps((3, 4), *ops)[-1]
    assert step.error is not None and message in step.error
    x = torch.arange(12).reshape(3, 4)
    with pytest.raises((RuntimeError, IndexError, ValueError)):
        for text in ops:
            op = parse_op(text)
            if op.name == "[":
                x = x[tuple(i if isinstance(i, int) else slice(*i) for i in op.args)]
            elif op.name in ("view", "expand", "permute"):
                x = getattr(x, op.name)(op.args[0])
            else:
                x = getattr(x, op.name)(*op.args)


@pytest.mark.parametrize(
    ("text", "name", "args"),
    [
        ("x.transpose(0, 1)", "transpose", (0, 1)),
        ("view(2, 6)", "view", ((2, 6),)),
        ("view -1", "view", ((-1,),)),
        ("reshape ()", "reshape", ((),)),
        ("x[:, 1:3]", "[", ((None, None, 1), (1, 3, 1))),
        ("[1, ::2]", "[", (1, (None, None, 2))),
        ("squeeze", "squeeze", ()),
        (" CONTIGUOUS ", "contiguous", ()),
    ],
)
def test_parse_op(text: str, name: str, args: tuple) -> None:
    op = parse_op(text)
    assert (op.name, op.args) == (name, args)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty"),
        ("frob 1", "unknown operation 'frob'"),
        ("transpose 1", "takes transpose DIM0 DIM1"),
        ("view a,b", "'a' is not an integer"),
        ("[1:2", "must end with ]"),
        ("[x]", "'x' is not an index"),
        ("view", "takes a shape"),
    ],
)
def test_parse_errors_name_the_problem(text: str, says: str) -> None:
    with pytest.raises(InputError, match=None) as info:
        parse_op(text)
    assert says in info.value.message


def test_torch_says_the_same_words_for_the_refused_view() -> None:
    from core.einops.strides_torch import torch_message

    ops = [parse_op(t) for t in DEFAULT_OPS]
    steps = run_chain((3, 4), "int64", list(DEFAULT_OPS)).steps
    said = torch_message((3, 4), "int64", ops, 1)
    with pytest.raises(RuntimeError) as info:
        torch.arange(12).reshape(3, 4).transpose(0, 1).view(12)
    assert said == str(info.value).splitlines()[0] == str(steps[1].error)
    assert torch_message((3, 4), "int64", ops, 0) is None  # transpose does not raise
    assert torch_message((3, 4), "int64", [None, *ops], 2) == said  # a bad row is skipped
    assert torch_message((100, 100), "int64", ops, 1) is None  # too large to run


def test_torch_still_importing_in_another_thread_is_not_used(monkeypatch) -> None:
    # A module is in sys.modules from the start of its import; a worker thread importing torch
    # leaves it half built (no arange yet), which the page must not call.
    import importlib.machinery
    import sys
    import types

    from core.einops.strides_chain import parse_op
    from core.einops.strides_torch import torch_message, torch_version

    half = types.ModuleType("torch")
    half.__spec__ = importlib.machinery.ModuleSpec("torch", None)
    half.__spec__._initializing = True
    half.__version__ = "0"
    monkeypatch.setitem(sys.modules, "torch", half)
    ops = [parse_op("transpose 0 1"), parse_op("view 12")]
    assert torch_message((3, 4), "int64", ops, 1) is None
    assert torch_version() is None
