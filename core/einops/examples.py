"""Example einops calls: every einops example of the lecture (seed 000, section 五) and a few more.

Each example is plain text as a person would type it in the tab (shapes separated by ``;``).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.texts import translate

__all__ = ["EXAMPLES", "Example"]


@dataclass(frozen=True)
class Example:
    """One example call; ``shapes`` separates inputs with ``;`` and ``axes`` is ``h=2, w=3``."""

    title: str
    op: str
    pattern: str
    shapes: str
    axes: str = ""
    reduction: str = "sum"
    packed: str = ""
    lecture: bool = False
    note: str = ""


EXAMPLES: tuple[Example, ...] = (
    Example(
        translate("Einops", "Matmul with named axes"),
        "einsum",
        "seq1 hidden, hidden seq2 -> seq1 seq2",
        "3,4; 4,3",
        lecture=True,
        note=translate("Einops", "z = x @ y: hidden is not in the output, so it is summed"),
    ),
    Example(
        translate("Einops", "Batched attention scores (no transpose needed)"),
        "einsum",
        "batch seq1 hidden, batch seq2 hidden -> batch seq1 seq2",
        "2,3,4; 2,3,4",
        lecture=True,
        note=translate("Einops", "replaces x @ y.transpose(-2, -1)"),
    ),
    Example(
        translate("Einops", "Attention scores over any leading axes (...)"),
        "einsum",
        "... seq1 hidden, ... seq2 hidden -> ... seq1 seq2",
        "2,3,4; 2,3,4",
        lecture=True,
    ),
    Example(
        translate("Einops", "Sum over hidden"),
        "reduce",
        "... hidden -> ...",
        "2,3,4",
        reduction="sum",
        lecture=True,
        note=translate("Einops", "same as x.sum(dim=-1)"),
    ),
    Example(
        translate("Einops", "Split total_hidden into heads × hidden1"),
        "rearrange",
        "... (heads hidden1) -> ... heads hidden1",
        "3,8",
        axes="heads=2",
        lecture=True,
    ),
    Example(
        translate("Einops", "Transform each head with w"),
        "einsum",
        "... hidden1, hidden1 hidden2 -> ... hidden2",
        "3,2,4; 4,4",
        lecture=True,
    ),
    Example(
        translate("Einops", "Merge heads × hidden2 back"),
        "rearrange",
        "... heads hidden2 -> ... (heads hidden2)",
        "3,2,4",
        lecture=True,
    ),
    Example(
        translate("Einops", "Attention heads at scale: split and transpose"),
        "rearrange",
        "b s (h d) -> b h s d",
        "8,2048,4096",
        axes="h=32",
    ),
    Example(
        translate("Einops", "Merge after a transpose (copies)"),
        "rearrange",
        "b h s d -> b s (h d)",
        "8,32,2048,128",
    ),
    Example(
        translate("Einops", "2×2 max-pool"),
        "reduce",
        "b c (h 2) (w 2) -> b c h w",
        "8,64,32,32",
        reduction="max",
    ),
    Example(
        translate("Einops", "Repeat as a view (aliases input)"),
        "repeat",
        "b s -> b s r",
        "2,3",
        axes="r=4",
    ),
    Example(
        translate("Einops", "Upsample by repeating (copies)"), "repeat", "h w -> (h 2) (w 2)", "2,3"
    ),
    Example(
        translate("Einops", "Large matmul, batched (roofline point)"),
        "einsum",
        "b i j, b j k -> b i k",
        "16,4096,4096; 16,4096,4096",
    ),
    Example(
        translate("Einops", "Pack a CLS token with patches"), "pack", "b * d", "8,768; 8,196,768"
    ),
    Example(translate("Einops", "Unpack it again"), "unpack", "b * d", "8,197,768", packed="; 196"),
    Example(
        translate("Einops", "Suspicious: axis only on the left"),
        "einsum",
        "i j, j k -> i",
        "2,3; 3,4",
    ),
    Example(
        translate("Einops", "Suspicious: length-1 broadcast"),
        "einsum",
        "b i j, b j k -> b i k",
        "1,4,5; 8,5,6",
    ),
    Example(
        translate("Einops", "10^12 elements, analysed instantly"),
        "reduce",
        "a b -> a",
        "1000000,1000000",
    ),
    Example(
        translate("Einops", "Error: 7 does not split into heads of 2"),
        "rearrange",
        "b s (h d) -> b h s d",
        "2,3,7",
        axes="h=2",
    ),
)
