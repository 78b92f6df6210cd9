"""Views and strides checked against torch on generated chains of operations.

Each chain starts from ``torch.arange(n).reshape(shape)`` (tiny shapes, sizes 0 to 4, 0 to 4
dimensions) and applies 1 to 5 random operations, some of which torch refuses. After every step
the core's layout must equal torch's: ``shape``, ``stride()``, ``storage_offset()``,
``is_contiguous()``; view or copy must match whether the result shares the previous step's
storage (``untyped_storage().data_ptr()``), ``data_ptr()`` must sit at ``offset × element size``
into that storage, and the bytes copied must equal the new storage's size. Where torch raises,
the core must say the step fails, with the same kind of error, and the chain goes on from the
tensor as it was (as the core's chain does).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
import torch

from core.einops.strides_chain import DTYPE_SIZES, Op, run_ops, start_layout

N_CHAINS = 1200
_DTYPES = {name: getattr(torch, name) for name in DTYPE_SIZES}


def _factor_shape(rng: random.Random, n: int) -> list[int]:
    """A random shape with ``n`` elements (size-1 dims sprinkled in, sometimes a -1)."""
    if n == 0:
        shape = [rng.choice([0, 1, 2, 3]) for _ in range(rng.randint(1, 3))]
        if 0 not in shape:
            shape[rng.randrange(len(shape))] = 0
    else:
        shape, rest = [], n
        for p in (2, 3, 5, 7):
            while rest % p == 0:
                rest //= p
                if shape and rng.random() < 0.5:
                    shape[-1] *= p
                else:
                    shape.append(p)
        if rest > 1:
            shape.append(rest)
        rng.shuffle(shape)
        for _ in range(rng.choice([0, 0, 1, 2])):
            shape.insert(rng.randint(0, len(shape)), 1)
    if shape and rng.random() < 0.3:
        shape[rng.randrange(len(shape))] = -1
    if rng.random() < 0.08:  # a shape torch refuses
        shape = [*shape, 5] if rng.random() < 0.5 else [-1, -1]
    return shape


def _dim(rng: random.Random, ndim: int, extra: int = 0) -> int:
    top = max(ndim + extra, 1)
    if rng.random() < 0.05:
        return top  # out of range
    return rng.randint(-top, top - 1)


def _random_op(rng: random.Random, shape: tuple[int, ...], contiguous: bool) -> Op:
    ndim = len(shape)
    n = 1
    for s in shape:
        n *= s
    if not contiguous and rng.random() < 0.6:  # what a non-contiguous tensor makes interesting
        name = rng.choice(["view", "view", "reshape", "contiguous", "flatten"])
    else:
        name = rng.choice(
            ["view", "reshape", "transpose", "transpose", "permute", "permute", "t",
             "contiguous", "expand", "index", "index", "narrow", "select",
             "unsqueeze", "squeeze", "flatten"]
        )  # fmt: skip
    if name in ("view", "reshape"):
        return Op(name, (tuple(_factor_shape(rng, n)),), name)
    if name == "transpose":
        return Op(name, (_dim(rng, ndim), _dim(rng, ndim)), name)
    if name == "permute":
        dims = list(range(ndim))
        rng.shuffle(dims)
        dims = [d - ndim if rng.random() < 0.3 else d for d in dims]
        if dims and rng.random() < 0.05:
            dims[0] = dims[-1]
        return Op(name, (tuple(dims),), name)
    if name in ("t", "contiguous"):
        return Op(name, (), name)
    if name == "expand":
        lead = [rng.choice([1, 2, 3]) for _ in range(rng.choice([0, 0, 1, 2]))]
        sizes = lead + [
            rng.choice([s, -1, 3]) if s == 1 else rng.choice([s, s, -1, s + 1]) for s in shape
        ]
        return Op(name, (tuple(sizes),), name)
    if name == "index":
        items: list = []
        for s in shape[: rng.randint(0, ndim)]:
            if rng.random() < 0.3 and s > 0:
                items.append(rng.randint(-s, s - 1) if rng.random() < 0.95 else s)
            else:
                pick = [None, *range(-s - 1, s + 2)]
                items.append((rng.choice(pick), rng.choice(pick), rng.choice([1, 1, 2, 3])))
        return Op("[", tuple(items), "index")
    if name == "narrow":
        d = _dim(rng, ndim)
        size = shape[d] if -ndim <= d < ndim else 1
        start = rng.randint(-size, size)
        return Op(name, (d, start, rng.randint(0, size)), name)
    if name == "select":
        d = _dim(rng, ndim)
        size = shape[d] if -ndim <= d < ndim else 1
        return Op(name, (d, rng.randint(-size, size)), name)
    if name == "unsqueeze":
        return Op(name, (_dim(rng, ndim, 1),), name)
    if name == "squeeze":
        return Op(name, (None,) if rng.random() < 0.4 else (_dim(rng, ndim),), name)
    return Op(name, (_dim(rng, ndim), _dim(rng, ndim)), name)


def _torch_apply(x: torch.Tensor, op: Op) -> torch.Tensor:
    a = op.args
    if op.name == "[":
        key = tuple(i if isinstance(i, int) else slice(*i) for i in a)
        return x[key]
    if op.name in ("view", "reshape", "expand", "permute"):
        return getattr(x, op.name)(a[0])
    if op.name == "squeeze" and a == (None,):
        return x.squeeze()
    return getattr(x, op.name)(*a)


def _chains():
    rng = random.Random(20260501)
    for _ in range(N_CHAINS):
        ndim = rng.choice([0, 1, 2, 2, 3, 3, 4])
        shape = tuple(rng.choice([0, 1, 2, 3, 4, 1, 2, 3]) if rng.random() < 0.95 else 0
                      for _ in range(ndim))  # fmt: skip
        if rng.random() < 0.85:
            shape = tuple(s or 2 for s in shape)
        dtype = rng.choice(list(DTYPE_SIZES))
        yield shape, dtype, rng.randrange(1 << 30)


def _kind(message: str) -> str:
    """The kind of a refusal, in the words torch and the core share."""
    for key in ("view size is not compatible", "is invalid for input of size",
                "only one dimension can be inferred", "ambiguous", "Dimension out of range",
                "out of bounds", "out of range for tensor", "expanded size", "duplicate dims", "t() expects",
                "number of sizes provided", "exceeds dimension size", "start out of range",
                "step must be greater than zero", "too many indices", "invalid shape dimension",
                "start_dim cannot come after end_dim"):  # fmt: skip
        if key.lower() in message.lower():
            return key
    if "permute" in message and "dim" in message:
        return "permute dims"
    return message


def _check_chain(shape: tuple[int, ...], dtype: str, seed: int, seen: Counter) -> None:
    rng = random.Random(seed)
    n = 1
    for s in shape:
        n *= s
    x = torch.arange(n).to(_DTYPES[dtype]).reshape(shape)
    ops = []
    layout_shape = shape
    x_shape = x
    for _ in range(rng.randint(1, 6)):
        op = _random_op(rng, layout_shape, x_shape.is_contiguous())
        ops.append(op)
        try:
            x_shape = _torch_apply(x_shape, op)
            layout_shape = tuple(x_shape.shape)
        except (RuntimeError, IndexError, ValueError):
            continue  # refused: x stays as it was, and the chain goes on from it
    steps = run_ops(start_layout(shape, dtype), ops)
    for op, step in zip(ops, steps, strict=True):
        before = x.untyped_storage().data_ptr()
        where = f"{shape} {dtype} {[o.code() for o in ops]} at {op.code()}"
        try:
            y = _torch_apply(x, op)
        except (RuntimeError, IndexError, ValueError) as exc:
            assert step.error is not None, f"{where}: torch raised {exc} but the core gave a layout"
            assert _kind(str(step.error)) == _kind(str(exc)), f"{where}: {step.error} vs {exc}"
            seen["refused " + _kind(str(exc))] += 1
            continue
        assert step.error is None, f"{where}: the core says {step.error}; torch gave {y.stride()}"
        lay = step.layout
        assert lay.shape == tuple(y.shape), where
        assert lay.stride == y.stride(), where
        assert lay.offset == y.storage_offset(), where
        assert lay.contiguous == y.is_contiguous(), where
        assert lay.itemsize == y.element_size(), where
        base = y.untyped_storage().data_ptr()
        shares = base == before
        if y.numel() > 0:
            assert step.view == shares, f"{where}: view={step.view}, torch shares={shares}"
            assert y.data_ptr() == base + lay.offset * lay.itemsize, where
        if not step.view:
            assert step.bytes_copied == y.untyped_storage().nbytes(), where
            assert lay.storage_size * lay.itemsize == y.untyped_storage().nbytes(), where
        else:
            assert step.bytes_copied == 0, where
        # the values each logical element holds, from the core's storage bookkeeping
        values = lay.storage_values()
        got = [values[a] for a in lay.addresses()]
        assert got == [int(v) for v in y.to(torch.float64).flatten().tolist()] or dtype in (
            "bool", "int8", "uint8", "float16", "bfloat16"
        ), where  # fmt: skip
        x = y
        seen["steps"] += 1
        seen[f"{op.name} {'view' if step.view else 'copy'}"] += 1
        seen["zero elements"] += y.numel() == 0
        seen["stride 0"] += 0 in y.stride()


def test_generated_chains_agree_with_torch() -> None:
    seen: Counter = Counter()
    for shape, dtype, seed in _chains():
        _check_chain(shape, dtype, seed, seen)
    # the chains reach the cases that matter, not only the easy ones
    assert seen["steps"] >= N_CHAINS
    assert seen["flatten copy"] >= 5, seen
    for case in ("reshape copy", "contiguous copy", "reshape view",
                 "contiguous view", "view view", "refused view size is not compatible",
                 "refused is invalid for input of size", "refused expanded size",
                 "refused Dimension out of range"):  # fmt: skip
        assert seen[case] >= 10, f"only {seen[case]} steps of {case!r}: {seen}"
    assert seen["zero elements"] >= 50 and seen["stride 0"] >= 50, seen


@pytest.mark.parametrize("n", [0, 1, 12])
def test_arange_values_match(n: int) -> None:
    lay = start_layout((n,), "int64")
    assert lay.storage_values() == torch.arange(n).tolist()
