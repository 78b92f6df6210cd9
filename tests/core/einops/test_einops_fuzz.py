"""Hypothesis fuzz of the einops analyser: random patterns, shapes, axis lengths and ops.

Properties: no exception escapes; every invalid case has a message; validity and output shapes
agree with einops on real CPU tensors; generated code reproduces einops; only ``meta`` tensors are
created by the analysis and a real run stays under its cap; user text is never evaluated.
"""

from __future__ import annotations

import builtins
import os
import random
import warnings

import einops
import torch
from einops_cases import run_einops
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.einops.analysis import analyse, numel, warm_up
from core.einops.model import OPS, REDUCTIONS
from core.einops.run import run_real
from core.errors import InputError

warm_up()

_CANARY = "/tmp/napkinlab-einops-fuzz-canary"
_PIECES = [
    "a", "b", "c", "h", "w", "d", "b", "axis", "if", "_x", "x_", "1", "2", "3", "...", "(", ")",
    "->", "->", ",", "*", "()", ".", "$", "é", "٣", "__import__('os').system('touch " + _CANARY + "')",
    "{0.__class__}", "eval(1)", "%s",
]  # fmt: skip
_NAMES = ["a", "b", "c", "h", "w", "d", "axis", "_x", "q"]

patterns = st.one_of(
    st.lists(st.sampled_from(_PIECES), max_size=12).map(" ".join),
    st.lists(st.sampled_from(_PIECES), max_size=12).map("".join),
    st.text(max_size=30),
)
shape = st.lists(st.integers(0, 4), max_size=4).map(tuple)
huge_shape = st.lists(st.sampled_from([1, 3, 10**6, 2**40]), min_size=1, max_size=3).map(tuple)
calls = st.fixed_dictionaries(
    {
        "op": st.sampled_from([*OPS, "transpose"]),
        "pattern": patterns,
        "shapes": st.lists(st.one_of(shape, shape, huge_shape), min_size=0, max_size=3),
        "axes": st.dictionaries(st.sampled_from(_NAMES), st.integers(0, 5), max_size=2),
        "reduction": st.sampled_from([*REDUCTIONS, "median"]),
        "packed_shapes": st.lists(st.lists(st.integers(-1, 4), max_size=2).map(tuple), max_size=3),
        "dtype": st.sampled_from(["fp32", "bf16", "fp4", "fp32", "bf16", "fp128"]),
    }
)


class _NoEval:
    """Make eval/exec/compile raise while the analyser runs."""

    def __enter__(self) -> None:
        self.saved = builtins.eval, builtins.exec, builtins.compile

        def refuse(*_args: object, **_kw: object) -> None:
            raise AssertionError("the analyser evaluated text")

        builtins.eval = builtins.exec = builtins.compile = refuse  # type: ignore[assignment]

    def __exit__(self, *exc: object) -> None:
        builtins.eval, builtins.exec, builtins.compile = self.saved


def _only_meta(monkeypatch_target: dict) -> None:
    real_empty = torch.empty

    def empty(*args: object, **kw: object) -> torch.Tensor:
        device = kw.get("device")
        assert device is not None and torch.device(device).type == "meta", "real tensor allocated"
        return real_empty(*args, **kw)

    monkeypatch_target["empty"] = real_empty
    torch.empty = empty  # type: ignore[assignment]


def _small(shapes: list[tuple[int, ...]]) -> bool:
    return sum(numel(s) for s in shapes) <= 10_000


def _structured(rng: random.Random) -> dict:
    """A near-valid call: named axes, maybe grouped, permuted, dropped or added, sizes perturbed."""
    names = rng.sample(["a", "b", "c", "h", "w"], rng.randint(0, 4))
    lengths = {n: rng.randint(1, 3) for n in names}
    left, shape, axes = [], [], {}
    i = 0
    while i < len(names):
        if i + 1 < len(names) and rng.random() < 0.3:
            pair = names[i : i + 2]
            left.append("(" + " ".join(pair) + ")")
            shape.append(lengths[pair[0]] * lengths[pair[1]])
            axes[pair[rng.randint(0, 1)]] = lengths[pair[0]] if rng.random() < 0.5 else 2
            i += 2
        else:
            left.append(names[i])
            shape.append(lengths[names[i]])
            i += 1
    if rng.random() < 0.3:
        left.insert(0, "...")
        shape[:0] = [rng.randint(1, 3) for _ in range(rng.randint(0, 2))]
    right = [n for n in names if rng.random() < 0.85]
    rng.shuffle(right)
    if rng.random() < 0.3:
        right.append("r")
        axes["r"] = rng.randint(1, 3)
    if len(right) > 1 and rng.random() < 0.3:
        right[:2] = ["(" + " ".join(right[:2]) + ")"]
    if "..." in left and rng.random() < 0.8:
        right.insert(rng.randint(0, len(right)), "...")
    if shape and rng.random() < 0.15:
        shape[rng.randrange(len(shape))] += 1
    op = rng.choice(["rearrange", "reduce", "repeat", "einsum", "einsum"])
    shapes = [tuple(shape)]
    pattern = " ".join(left) + " -> " + " ".join(right)
    if op == "einsum":
        other = [n for n in names if rng.random() < 0.6] + ["k"]
        pattern = (
            " ".join(n for n in left if "(" not in n)
            + ", "
            + " ".join(other)
            + " -> "
            + " ".join(n for n in right if "(" not in n and n != "r")
        )
        shapes = [
            tuple(lengths.get(n, 2) for n in left if "(" not in n and n != "..."),
            tuple(rng.choice([lengths.get(n, 2), 1]) for n in other),
        ]
    return {
        "op": op,
        "pattern": pattern,
        "shapes": shapes,
        "axes": axes,
        "reduction": rng.choice(REDUCTIONS),
        "packed_shapes": [],
        "dtype": "bf16",
    }


@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)
@given(calls, st.integers(0, 2**32 - 1))
def test_fuzz_never_raises_and_agrees_with_einops(call: dict, seed: int) -> None:
    """Each example checks ~10 calls: the drawn one under every op, and 3 structured ones."""
    rng = random.Random(seed)
    variants = [call | {"op": op} for op in OPS] + [_structured(rng) for _ in range(3)]
    for variant in [call, *variants]:
        _check(variant)


def _check(call: dict) -> None:
    saved: dict = {}
    _only_meta(saved)
    try:
        with _NoEval():
            res = analyse(
                call["op"],
                call["pattern"],
                call["shapes"],
                call["axes"],
                reduction=call["reduction"],
                packed_shapes=call["packed_shapes"],
                dtype=call["dtype"],
            )
    finally:
        torch.empty = saved["empty"]
    assert not os.path.exists(_CANARY)
    if not res.valid:
        assert isinstance(res.error, str) and res.error.strip()
        assert res.output_shapes == []
    else:
        assert res.error is None and res.output_shapes and res.torch_code
        assert res.flops >= 0 and res.bytes_read >= 0 and res.bytes_written >= 0
    if res.error_kind == "arguments" or not _small(res.input_shapes):
        return
    # validity and shapes agree with einops on real tensors
    extra = {"reduction": call["reduction"], "packed_shapes": call["packed_shapes"]}
    tensors = [torch.rand(s, dtype=torch.float64) for s in res.input_shapes]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            real = run_einops(res.op, res.pattern, tensors, res.axes_lengths, extra)
        except Exception as exc:  # einops refused: so must the analysis
            assert not res.valid, f"einops refused ({exc}) but the analysis accepted"
            return
    assert res.valid, f"einops accepted but the analysis said: {res.error}"
    reals = real if isinstance(real, list) else [real]
    assert res.output_shapes == [tuple(r.shape) for r in reals]
    scope: dict = {"torch": torch, "x": tensors[0]}
    scope.update({f"x{i}": t for i, t in enumerate(tensors)})
    exec(compile(res.torch_code, "<generated>", "exec"), scope)  # our generated code only
    got = scope["y"] if isinstance(scope["y"], list) else [scope["y"]]
    for g, r in zip(got, reals, strict=True):
        assert g.shape == r.shape
        if r.dtype == torch.bool:
            assert torch.equal(g, r)
        else:
            assert torch.allclose(g, r, equal_nan=True)
    # a real run allocates at most its cap, or refuses before allocating
    try:
        run = run_real(res, cap=500)
    except InputError as exc:
        assert "cap" in exc.message
    else:
        assert run.elements <= 500 and run.matches_analysis


def test_einops_is_the_reference() -> None:
    # sanity: the reference used above really is einops
    assert run_einops("rearrange", "a b -> b a", [torch.zeros(2, 3)], {}, {}).shape == (3, 2)
    assert einops.__version__
