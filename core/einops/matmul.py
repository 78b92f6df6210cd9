"""A two-input einsum written as one batched matmul (``permute → reshape → @ → reshape``).

This is the lecture's point made concrete: ``einsum("b s1 h, b s2 h -> b s1 s2")`` *is*
``x @ y.transpose(-2, -1)``. Axes are sorted into batch (both inputs and the output), M (first
input and output), N (second input and output) and K (both inputs, summed); an axis only in one
input and not in the output is summed first. Returns ``None`` when the call does not map cleanly
(one or 3+ inputs, a repeated axis, a length-1 broadcast).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["matmul_code"]


def _prod(values: Sequence[int]) -> int:
    out = 1
    for v in values:
        out *= v
    return out


def _side(
    src: str,
    dst: str,
    names: list[str],
    shape: Sequence[int],
    drop: list[str],
    order: list[str],
    groups: list[list[str]],
    lengths: dict[str, int],
) -> list[str]:
    lines = []
    current = src
    kept = list(names)
    if drop:
        dims = [names.index(n) for n in drop]
        dim_text = str(dims[0]) if len(dims) == 1 else "(" + ", ".join(map(str, dims)) + ")"
        lines.append(f"{dst} = {current}.sum(dim={dim_text})  # sum {' '.join(drop)} first")
        kept = [n for n in names if n not in drop]
        current = dst
    perm = [kept.index(n) for n in order]
    if perm != list(range(len(perm))):
        lines.append(f"{dst} = {current}.permute({', '.join(map(str, perm))})  # {' '.join(order)}")
        current = dst
    sizes = [_prod([lengths[n] for n in g]) for g in groups]
    labels = " ".join("(" + " ".join(g) + ")" if len(g) != 1 else g[0] for g in groups)
    lines.append(f"{dst} = {current}.reshape({', '.join(map(str, sizes))})  # {labels}")
    return lines


def matmul_code(
    op_names: list[list[str]], shapes: list[tuple[int, ...]], out_names: list[str]
) -> str | None:
    """Plain PyTorch for a two-input einsum as ``torch.matmul``; ``None`` if it does not apply."""
    if len(op_names) != 2 or any(len(set(n)) != len(n) for n in op_names):
        return None
    a_names, b_names = op_names
    lengths: dict[str, int] = {}
    for names, shape in zip(op_names, shapes, strict=True):
        for name, dim in zip(names, shape, strict=True):
            if lengths.setdefault(name, dim) != dim:
                return None  # a length-1 broadcast: leave it to einsum
    batch = [n for n in out_names if n in a_names and n in b_names]
    m = [n for n in out_names if n in a_names and n not in b_names]
    n_ = [n for n in out_names if n in b_names and n not in a_names]
    k = [n for n in a_names if n in b_names and n not in out_names]
    a_only = [n for n in a_names if n not in b_names and n not in out_names]
    b_only = [n for n in b_names if n not in a_names and n not in out_names]
    lines = _side("x0", "a", a_names, shapes[0], a_only, batch + m + k, [batch, m, k], lengths)
    lines += _side("x1", "b", b_names, shapes[1], b_only, batch + k + n_, [batch, k, n_], lengths)
    lines.append("y = a @ b  # (batch, M, N) = (batch, M, K) @ (batch, K, N)")
    current = batch + m + n_
    dims = [lengths[n] for n in current]
    lines.append(
        f"y = y.reshape({', '.join(map(str, dims)) or '()'})  # {' '.join(current) or '(0-d)'}"
    )
    perm = [current.index(n) for n in out_names]
    if perm != list(range(len(perm))):
        lines.append(f"y = y.permute({', '.join(map(str, perm))})  # {' '.join(out_names)}")
    return "\n".join(lines)
