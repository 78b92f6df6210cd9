"""Custom pipeline layouts (``--pipeline-layout``): which layers each pipeline stage holds, in
Megatron-Core's own notation.

Megatron-Core's ``--pipeline-model-parallel-layout`` (``PipelineParallelLayerLayout`` in
``megatron/core/transformer/pipeline_parallel_layer_layout.py``) writes a model as its virtual
pipeline stages separated by ``|``, each a run of ``E`` (the embedding), ``t`` (a transformer
layer), ``m`` (a multi-token-prediction module) and ``L`` (the output layer and the loss);
``(…)*n`` repeats a group, ``x*n`` a character, and commas are cosmetic. DeepSeek-V3's recipes
write ``Et|(tt|)*30mL``: 32 virtual stages, the first holding the embedding and one layer, the
last the MTP module and the loss. Virtual stage ``i`` runs on pipeline rank ``i mod PP`` as its
model chunk ``i // PP``, so ``PP × VPP`` is the number of stages, the embedding sits on rank 0's
first chunk and the loss on the last rank's last chunk.

The plan keeps its three kinds of pipeline rank (:func:`core.plan.inputs.stage_layers`): the
first (rank 0, with the embedding), the last (with the LM head, the loss and, as Megatron-Core
requires, the MTP modules) and, with more than two ranks, a middle one: the middle rank holding
the most layers (of those, the lowest, which keeps the most micro-batches in flight). A layout
whose MTP modules are not on the last rank is refused, as one whose counts do not match the
model's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from core.echo import brief
from core.errors import InputError
from core.texts import translate

__all__ = [
    "LAYER_KINDS",
    "PipelineLayout",
    "layout_problem",
    "parse_layout",
]

#: The characters of a layout and what each stands for (Megatron-Core's ``char2layer_type``).
LAYER_KINDS: dict[str, str] = {
    "E": "embedding",
    "t": "transformer layer",
    "m": "MTP module",
    "L": "output layer and loss",
}

#: Megatron-Core's unrolling: a parenthesised group times n, then a character times n.
_GROUP = re.compile(r"\(([^)]+)\)\*(\d+)")
_CHAR = re.compile(r"(.)\*(\d+)")

#: The longest layout text read (a 1,000-stage layout written out fits).
MAX_TEXT = 20_000
#: The most virtual stages a layout may unroll to.
MAX_STAGES = 4_096


def _fail(text: str) -> InputError:
    return InputError(text, field="pipeline_layout")


@dataclass(frozen=True)
class PipelineLayout:
    """A parsed layout: each virtual stage's characters, in order."""

    text: str
    stages: tuple[str, ...]

    @property
    def count(self) -> int:
        """Virtual stages (``PP × VPP``)."""
        return len(self.stages)

    def ranks(self, p: int) -> tuple[tuple[str, ...], ...]:
        """Each pipeline rank's model chunks, in chunk order (virtual stage ``i`` on rank
        ``i mod p``)."""
        return tuple(tuple(self.stages[i] for i in range(r, self.count, p)) for r in range(p))

    def rank_layers(self, p: int) -> tuple[float, ...]:
        """Transformer layers on each pipeline rank."""
        return tuple(float(sum(c.count("t") for c in chunks)) for chunks in self.ranks(p))

    def kinds(self, p: int) -> dict[str, int]:
        """The rank standing for each of the plan's stage kinds: ``first`` (0), ``last``
        (``p − 1``) and, for ``p > 2``, ``middle``: the middle rank with the most layers, the
        lowest of those."""
        if p == 1:
            return {"only": 0}
        out = {"first": 0, "last": p - 1}
        if p > 2:
            layers = self.rank_layers(p)
            out["middle"] = max(range(1, p - 1), key=lambda r: (layers[r], -r))
        return out

    def split(self, p: int) -> dict[str, tuple[int, float]]:
        """``{stage: (rank, layers on that GPU)}``, as :func:`core.plan.inputs.stage_layers`."""
        layers = self.rank_layers(p)
        return {name: (rank, layers[rank]) for name, rank in self.kinds(p).items()}

    def chunk_layers(self, p: int, stage: str) -> tuple[float, ...]:
        """The layers of each model chunk of the rank that stands for ``stage``."""
        rank = self.kinds(p)[stage]
        return tuple(float(c.count("t")) for c in self.ranks(p)[rank])


@lru_cache(maxsize=64)
def parse_layout(text: str) -> PipelineLayout:
    """A layout text read as Megatron-Core reads it.

    Raises
    ------
    InputError
        Naming what is wrong and what is allowed.
    """
    if not isinstance(text, str) or not text.strip():
        raise _fail(translate("Plan", "pipeline-layout: empty; allowed: stages of E, t, m and L "
                              "separated by |, e.g. Et|(tt|)*30mL").format())  # fmt: skip
    if len(text) > MAX_TEXT:
        raise _fail(translate("Plan", "pipeline-layout: {n} characters; allowed: at most {most}")
                    .format(n=f"{len(text):,}", most=f"{MAX_TEXT:,}"))  # fmt: skip
    flat = text.replace(",", "").replace(" ", "")
    for pattern in (_GROUP, _CHAR):
        total = 0

        def unroll(match: re.Match[str]) -> str:
            nonlocal total
            total += len(match.group(1)) * int(match.group(2))
            if total > MAX_TEXT * 10:
                raise _fail(translate("Plan", "pipeline-layout: {text} unrolls to more than {most} "
                                      "characters").format(text=brief(text), most=f"{MAX_TEXT * 10:,}"))  # fmt: skip
            return match.group(1) * int(match.group(2))

        flat = pattern.sub(unroll, flat)
    stages = tuple(flat.split("|"))
    bad = sorted({ch for ch in flat if ch not in LAYER_KINDS and ch != "|"})
    if bad:
        raise _fail(translate("Plan", "pipeline-layout: {text}: unknown character {chars}; allowed: "
                              "E (embedding), t (layer), m (MTP module), L (loss), | between stages, "
                              "(…)*n and x*n to repeat").format(text=brief(text), chars=", ".join(
                                  repr(c) for c in bad)))  # fmt: skip
    if len(stages) > MAX_STAGES:
        raise _fail(translate("Plan", "pipeline-layout: {n} stages; allowed: at most {most}")
                    .format(n=f"{len(stages):,}", most=f"{MAX_STAGES:,}"))  # fmt: skip
    joined = "".join(stages)
    if joined.count("E") != 1 or not joined.startswith("E"):
        raise _fail(translate("Plan", "pipeline-layout: {text}: the embedding E must come first and "
                              "once").format(text=brief(text)))  # fmt: skip
    if joined.count("L") != 1 or not joined.endswith("L"):
        raise _fail(translate("Plan", "pipeline-layout: {text}: the loss L must come last and once")
                    .format(text=brief(text)))  # fmt: skip
    if "m" in joined and "t" in joined[joined.index("m") :]:
        raise _fail(translate("Plan", "pipeline-layout: {text}: MTP modules m must follow every "
                              "layer t").format(text=brief(text)))  # fmt: skip
    return PipelineLayout(text, stages)


def layout_problem(text: str, layers: int, p: int, v: int, mtp: int) -> InputError | None:
    """Why ``text`` cannot lay out ``layers`` transformer layers and ``mtp`` MTP modules on ``p``
    pipeline ranks of ``v`` chunks (``None``: it can)."""
    found = parse_layout(text)
    if found.count != p * v:
        return _fail(translate("Plan", "pipeline-layout: {n} stages, not pp {pp} × vpp {v} = "
                               "{product}; allowed: pp and vpp whose product is {n}").format(
                                   n=str(found.count), pp=str(p), v=str(v), product=str(p * v)))  # fmt: skip
    joined = "".join(found.stages)
    if joined.count("t") != layers:
        return _fail(translate("Plan", "pipeline-layout: {n} layers t, the model has {layers}")
                     .format(n=str(joined.count("t")), layers=str(layers)))  # fmt: skip
    if joined.count("m") != mtp:
        return _fail(translate("Plan", "pipeline-layout: {n} MTP modules m, the plan has --mtp {mtp}")
                     .format(n=str(joined.count("m")), mtp=str(mtp)))  # fmt: skip
    # the last virtual stage is the last rank's last chunk, whatever p
    if any("m" in stage for stage in found.stages[:-1]):
        return _fail(translate("Plan", "pipeline-layout: {text}: the MTP modules must be in the last "
                               "stage, with the loss").format(text=brief(text)))  # fmt: skip
    return None
