"""Calls shared by the einops tests: each is (op, pattern, shapes, axes, extra keyword arguments)."""

from __future__ import annotations

from typing import Any

import einops
import torch

Case = tuple[str, str, list[tuple[int, ...]], dict[str, int], dict[str, Any]]

VALID: list[Case] = [
    ("rearrange", "b s (h d) -> b h s d", [(2, 3, 8)], {"h": 2}, {}),
    ("rearrange", "... (heads hidden1) -> ... heads hidden1", [(3, 8)], {"heads": 2}, {}),
    ("rearrange", "... heads hidden2 -> ... (heads hidden2)", [(3, 2, 4)], {}, {}),
    ("rearrange", "b s d -> b d s", [(2, 3, 4)], {}, {}),
    ("rearrange", "b s d -> (b d) s", [(2, 3, 4)], {}, {}),
    ("rearrange", "b s d -> b s d", [(2, 3, 4)], {}, {}),
    ("rearrange", "b (h w) c -> b h w c", [(2, 6, 3)], {"h": 2}, {}),
    ("rearrange", "b c h w -> b (c h w)", [(2, 3, 4, 5)], {}, {}),
    ("rearrange", "(h d) -> (d h)", [(12,)], {"h": 3}, {}),
    ("rearrange", "a 1 b -> a b ()", [(2, 1, 3)], {}, {}),
    ("rearrange", " -> 1", [()], {}, {}),
    ("rearrange", "... -> (...)", [(2, 3, 4)], {}, {}),
    ("rearrange", "b h w c -> b (h w) c", [(1, 2, 2, 3)], {}, {}),
    ("rearrange", "b (h p1) (w p2) c -> b (h w) (p1 p2 c)", [(2, 4, 6, 3)], {"p1": 2, "p2": 3}, {}),
    ("reduce", "... hidden -> ...", [(2, 3, 4)], {}, {"reduction": "sum"}),
    ("reduce", "b s h -> b h", [(2, 3, 4)], {}, {"reduction": "mean"}),
    ("reduce", "b c (h 2) (w 2) -> b c h w", [(2, 3, 4, 6)], {}, {"reduction": "max"}),
    ("reduce", "b s h -> h b", [(2, 3, 4)], {}, {"reduction": "min"}),
    ("reduce", "b s h -> b", [(2, 3, 4)], {}, {"reduction": "prod"}),
    ("reduce", "b s h -> s", [(2, 3, 4)], {}, {"reduction": "any"}),
    ("reduce", "b s h -> b 1 h", [(2, 3, 4)], {}, {"reduction": "all"}),
    ("reduce", "b s -> b s", [(2, 3)], {}, {"reduction": "sum"}),
    ("reduce", "b s -> ", [(2, 3)], {}, {"reduction": "mean"}),
    ("repeat", "b s -> b s r", [(2, 3)], {"r": 4}, {}),
    ("repeat", "b s -> b (s r)", [(2, 3)], {"r": 4}, {}),
    ("repeat", "b s -> r b s", [(2, 3)], {"r": 2}, {}),
    ("repeat", "h w -> (h 2) (w 3)", [(2, 3)], {}, {}),
    ("repeat", "... -> ... 2", [(2,)], {}, {}),
    (
        "einsum",
        "batch seq1 hidden, batch seq2 hidden -> batch seq1 seq2",
        [(2, 3, 4), (2, 5, 4)],
        {},
        {},
    ),
    ("einsum", "seq1 hidden, hidden seq2 -> seq1 seq2", [(3, 4), (4, 3)], {}, {}),
    ("einsum", "... seq1 hidden, ... seq2 hidden -> ... seq1 seq2", [(2, 3, 4), (2, 5, 4)], {}, {}),
    ("einsum", "... hidden1, hidden1 hidden2 -> ... hidden2", [(3, 2, 4), (4, 4)], {}, {}),
    ("einsum", "i i ->", [(3, 3)], {}, {}),
    ("einsum", "i j -> j i", [(2, 3)], {}, {}),
    ("einsum", "i j, j k -> i", [(2, 3), (3, 4)], {}, {}),
    ("einsum", "i j, j k -> i k", [(2, 1), (3, 4)], {}, {}),
    ("einsum", "a b, b c, c d -> a d", [(2, 3), (3, 4), (4, 5)], {}, {}),
    ("einsum", "i, j -> i j", [(2,), (3,)], {}, {}),
    ("pack", "b * c", [(2, 5), (2, 7, 5), (2, 3, 4, 5)], {}, {}),
    ("pack", "* c", [(5,), (3, 5)], {}, {}),
    ("unpack", "b * c", [(2, 8, 5)], {}, {"packed_shapes": [(), (7,)]}),
    ("unpack", "b *", [(2, 12)], {}, {"packed_shapes": [(2, 3), (-1,)]}),
]

INVALID: list[Case] = [
    ("rearrange", "b s (h d) -> b h s d", [(2, 3, 7)], {"h": 2}, {}),
    ("rearrange", "b s d -> b d s x", [(2, 3, 4)], {}, {}),
    ("rearrange", "b s d -> b d", [(2, 3, 4)], {}, {}),
    ("rearrange", "b s -> b s", [(2, 3, 4)], {}, {}),
    ("rearrange", "b (s -> b", [(2, 3)], {}, {}),
    ("rearrange", "b s d", [(2, 3, 4)], {}, {}),
    ("rearrange", "b s s -> b s", [(2, 3, 4)], {}, {}),
    ("rearrange", "b (h w) -> b h w", [(2, 6)], {}, {}),
    ("rearrange", "b $ -> b", [(2, 3)], {}, {}),
    ("rearrange", "b _x -> b _x", [(2, 3)], {}, {}),
    ("rearrange", "b s -> b s", [(2, 3)], {"q": 2}, {}),
    ("rearrange", "b 2 -> b", [(2, 2)], {}, {}),
    ("rearrange", "b ((s)) -> b s", [(2, 3)], {}, {}),
    ("rearrange", "(h w) -> h w", [(6,)], {"h": 2, "w": 4}, {}),
    ("rearrange", "b -> b ...", [(2,)], {}, {}),
    ("reduce", "b s -> b s r", [(2, 3)], {}, {"reduction": "sum"}),
    ("repeat", "b s -> b r", [(2, 3)], {"r": 2}, {}),
    ("repeat", "b s -> b s r", [(2, 3)], {}, {}),
    (
        "einsum",
        "batch seq1 hidden, batch seq2 hidden -> batch seq1 seq2",
        [(2, 3, 4), (2, 5, 6)],
        {},
        {},
    ),
    ("einsum", "a b, b c", [(2, 3), (3, 4)], {}, {}),
    ("einsum", "a b -> c", [(2, 3)], {}, {}),
    ("einsum", "(a b) -> a", [(6,)], {}, {}),
    ("einsum", "a b -> a", [(2, 3), (3, 4)], {}, {}),
    ("einsum", "a b c -> a", [(2, 3)], {}, {}),
    ("einsum", "i i ->", [(3, 4)], {}, {}),
    ("pack", "b c", [(2, 3)], {}, {}),
    ("pack", "b * c", [(2, 3), (4, 3)], {}, {}),
    ("pack", "b * c", [(2,)], {}, {}),
    ("unpack", "b * c", [(2, 9, 5)], {}, {"packed_shapes": [(), (7,)]}),
    ("unpack", "b * c", [(2, 9)], {}, {"packed_shapes": [(9,)]}),
]


def run_einops(
    op: str, pattern: str, tensors: list[torch.Tensor], axes: dict[str, int], extra: dict[str, Any]
) -> Any:
    """Call real einops the way the analyser does."""
    if op == "rearrange":
        return einops.rearrange(tensors[0], pattern, **axes)
    if op == "reduce":
        return einops.reduce(tensors[0], pattern, extra["reduction"], **axes)
    if op == "repeat":
        return einops.repeat(tensors[0], pattern, **axes)
    if op == "einsum":
        return einops.einsum(*tensors, pattern)
    if op == "pack":
        return einops.pack(tensors, pattern)[0]
    return einops.unpack(tensors[0], [list(p) for p in extra["packed_shapes"]], pattern)


def case_id(case: Case) -> str:
    """Readable pytest id."""
    return f"{case[0]}:{case[1]}:{case[2]}"
