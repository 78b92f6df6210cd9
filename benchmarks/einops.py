"""Benchmark the einops analyser: warm median per call, small vs 10^12-element shapes, vs einops.

Run from the repository root: ``python -m benchmarks.einops`` (or ``python benchmarks/einops.py``).
Prints the cold warm-up time, then per pattern the median analysis time for a ~10-element shape
and for a ~10^12-element shape (nothing is allocated: einops runs on ``meta`` tensors), both with
repeated inputs (einops' recipe caches hit, as while re-rendering) and with a new shape on every
call (caches miss, as while typing), next to einops itself on small real CPU tensors. The target
is a warm median under 5 ms, the same for both sizes. Exits 1 if a median misses it.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

# this file is named einops.py: keep its folder off sys.path so ``import einops`` is the library
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

TARGET_MS = 5.0
REPEAT = 200

# (op, pattern, small shapes, huge shapes (~1e12 elements), axes, extra)
CASES = [
    ("rearrange", "b s (h d) -> b h s d", [(1, 2, 6)], [(64, 4096, 4_194_304)], {"h": 2}, {}),
    ("reduce", "... hidden -> ...", [(2, 5)], [(1_000_000, 1_000_000)], {}, {"reduction": "sum"}),
    ("repeat", "b s -> b (s r)", [(2, 5)], [(1_000_000, 1_000_000)], {"r": 2}, {}),
    (
        "einsum",
        "batch seq1 hidden, batch seq2 hidden -> batch seq1 seq2",
        [(1, 2, 5), (1, 2, 5)],
        [(64, 4096, 4_000_000), (64, 4096, 4_000_000)],
        {},
        {},
    ),
    (
        "pack",
        "b * c",
        [(2, 5), (2, 1, 5)],
        [(1000, 1_000_000_000), (1000, 3, 1_000_000_000)],
        {},
        {},
    ),
    (
        "unpack",
        "b * c",
        [(2, 2, 5)],
        [(1000, 2, 1_000_000_000)],
        {},
        {"packed_shapes": [(), (1,)]},
    ),
]


def _median_ms(fn, repeat: int = REPEAT) -> float:
    times = []
    for i in range(repeat):
        start = time.perf_counter_ns()
        fn(i)
        times.append((time.perf_counter_ns() - start) / 1e6)
    return statistics.median(times)


def _bump(shapes: list[tuple[int, ...]], i: int, op: str) -> list[tuple[int, ...]]:
    """A new leading length per call (misses einops' caches); einsum inputs stay consistent."""
    if op == "unpack":
        return shapes
    return [(s[0] + 1 + i, *s[1:]) if s else s for s in shapes]


def _analysis(op, pattern, shapes, axes, extra, *, bump: bool):
    from core.einops.analysis import analyse

    def call(i: int) -> None:
        analyse(op, pattern, _bump(shapes, i, op) if bump else shapes, axes, **extra)

    return call


def _einops_call(op, pattern, tensors, axes, extra):
    import einops

    def call(_i: int) -> None:
        if op == "rearrange":
            einops.rearrange(tensors[0], pattern, **axes)
        elif op == "reduce":
            einops.reduce(tensors[0], pattern, extra["reduction"], **axes)
        elif op == "repeat":
            einops.repeat(tensors[0], pattern, **axes)
        elif op == "einsum":
            einops.einsum(*tensors, pattern)
        elif op == "pack":
            einops.pack(tensors, pattern)
        else:
            einops.unpack(tensors[0], [list(p) for p in extra["packed_shapes"]], pattern)

    return call


def main() -> int:
    """Run the benchmark and print its figures."""
    from core.einops.analysis import analyse, warm_up

    cold = warm_up()
    print(f"warm_up() (imports torch + einops, first analyses): {cold * 1000:.0f} ms")
    import einops
    import torch

    print(f"einops {einops.__version__}, torch {torch.__version__}; median of {REPEAT} calls, ms")
    print(
        f"{'op':<10}{'small':>9}{'1e12':>9}{'small*':>9}{'1e12*':>9}{'einops CPU':>12}   "
        "(* = a new shape every call)"
    )
    ok = True
    for op, pattern, small, huge, axes, extra in CASES:
        row = []
        for shapes in (small, huge):
            res = analyse(op, pattern, shapes, axes, **extra)
            assert res.valid, res.error
            row.append(_median_ms(_analysis(op, pattern, shapes, axes, extra, bump=False)))
        for shapes in (small, huge):
            row.append(_median_ms(_analysis(op, pattern, shapes, axes, extra, bump=True)))
        row.append(
            _median_ms(_einops_call(op, pattern, [torch.rand(s) for s in small], axes, extra))
        )
        ok &= all(v < TARGET_MS for v in row[:4])
        print(f"{op:<10}" + "".join(f"{v:>9.3f}" for v in row[:4]) + f"{row[4]:>12.3f}")
    print(f"target: warm median < {TARGET_MS} ms for every size: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
