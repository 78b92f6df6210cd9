"""The bytes of a resumable checkpoint, in all and per rank, and the seconds to write them.

A checkpoint that lets a run resume holds what the lecture's dictionary holds: the model's
``state_dict`` (the weights in the recipe's dtype), the optimizer's ``state_dict`` (the fp32
master copy when the recipe keeps one, and each optimizer state tensor of the parameter's shape:
two for Adam/AdamW, one for SGD with momentum, none for plain SGD), the step and the RNG state
(``torch.get_rng_state()``: 5,056 bytes of the CPU Mersenne Twister). torch's optimizers also keep
a ``step`` per parameter tensor (a 4-byte scalar tensor, counted).

Written with ``torch.save``, one file holds every tensor, each a zip record (a pickle entry and
the data aligned to 64 bytes: about 232 bytes per tensor measured with torch 2.x). Written with
``torch.distributed.checkpoint`` (DCP), each rank writes the shards it holds into its own file,
each item a ``torch.save`` of its own (about 1,550 bytes per item with torch 2.x), and the
coordinator writes one ``.metadata`` file indexing every chunk (estimated per chunk below).

Per rank under a layout of ``G`` GPUs (``TP × PP`` model shards, ``DP = G / (TP·PP)``
replicas): TP and PP split every state tensor's bytes into ``TP·PP`` pieces; ZeRO-1 and ZeRO-2
shard the optimizer state and master copy over DP; ZeRO-3 (FSDP) shards the weights too. What a
rank *holds* follows that; what it *writes* does not, because DCP deduplicates replicated
tensors: each is written by one rank, spread over the ranks (``dedup_save_plans``), so every
rank writes about ``1/G`` of the checkpoint (exactly, with FSDP's padding, under ZeRO-3).

Seconds to write: the checkpoint's bytes over the storage bandwidth the job's ranks write at
together (all ranks write at once). The default is the per-GPU share of the Llama 3 cluster's
storage (Tectonic's 2 TB/s sustained for 16,384 GPUs: Llama Team, "The Llama 3 Herd of Models",
arXiv:2407.21783, §3.3.1), times the job's GPUs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.errors import InputError
from core.memory.recipes import Optimizer, Recipe
from core.texts import join_texts, translate
from core.validate import positive_float, positive_int

__all__ = [
    "DCP_ITEM_OVERHEAD",
    "METADATA_PER_CHUNK",
    "RNG_STATE_BYTES",
    "STEP_BYTES",
    "STORAGE_SOURCE",
    "TORCH_SAVE_TENSOR_OVERHEAD",
    "CheckpointSize",
    "checkpoint_size",
    "default_storage_bw",
    "save_seconds",
    "storage_bw_from",
    "tensor_count",
]

#: ``torch.get_rng_state()``: the CPU generator's Mersenne Twister state, a uint8 tensor.
RNG_STATE_BYTES = 5056
#: A torch optimizer's per-parameter ``step``: a float32 scalar tensor.
STEP_BYTES = 4
#: ``torch.save`` of a dict of tensors: each tensor's zip record and pickle entry, bytes (torch
#: 2.x, measured: 1,000 empty tensors under layer-like keys take 232 KB).
TORCH_SAVE_TENSOR_OVERHEAD = 232
#: DCP's ``FileSystemWriter``: each item is a ``torch.save`` of its own (an empty tensor takes
#: 1,513 bytes, plus up to 63 bytes of alignment).
DCP_ITEM_OVERHEAD = 1550
#: DCP's ``.metadata``: bytes per chunk entry (offsets, sizes, file and offset), an estimate from
#: a one-rank save of gpt2 and AdamW (221 KB for 640 tensor items).
METADATA_PER_CHUNK = 340
#: Llama 3's storage: 2 TB/s sustained over 16,384 GPUs (arXiv:2407.21783, §3.3.1).
LLAMA3_STORAGE_BPS = 2e12
LLAMA3_STORAGE_GPUS = 16384
STORAGE_SOURCE = (
    "Llama 3's Tectonic storage, 2 TB/s sustained for 16,384 GPUs (Llama Team 2024, "
    "arXiv:2407.21783, §3.3.1): its per-GPU share × the job's GPUs"
)


def default_storage_bw(gpus: int) -> float:
    """The storage bandwidth a job of ``gpus`` GPUs writes at by default, bytes/s: its GPUs'
    share of Llama 3's sustained 2 TB/s (122 MB/s per GPU)."""
    return LLAMA3_STORAGE_BPS / LLAMA3_STORAGE_GPUS * gpus


def save_seconds(nbytes: float, storage_bw: float) -> float:
    """Seconds to write ``nbytes`` at ``storage_bw`` bytes/s (every rank writing at once)."""
    return nbytes / storage_bw


def tensor_count(spec: Any) -> int:
    """Parameter tensors of a model spec as :func:`core.memory.modules.build_module` builds it
    (weights and biases of the embeddings, norms, attention, MLP and an untied head)."""
    if getattr(spec, "kind", "") == "mlp":
        return int(spec.layers)
    norm = 2 if spec.norm == "layernorm" else 1
    per_layer = (
        2 * norm
        + 4
        + (3 if spec.qkv_bias else 0)
        + (1 if spec.out_bias else 0)
        + (3 if spec.gated else 2) * (2 if spec.mlp_bias else 1)
    )
    return spec.layers * per_layer + 1 + (1 if spec.max_pos else 0) + norm + (0 if spec.tied else 1)


@dataclass(frozen=True)
class CheckpointSize:
    """A resumable checkpoint's bytes by part, in all and per rank.

    Attributes
    ----------
    weights, master, optimizer
        Bytes of the model's weights (recipe dtype), the fp32 master copy (0 without one) and
        the optimizer's state tensors.
    extra
        Step and RNG state (and each parameter's ``step`` scalar when the optimizer keeps state).
    overhead
        The file formats' own bytes (zip records, DCP items, DCP's metadata file).
    gpus, tp, pp, zero
        The layout the per-rank figures are for.
    """

    params: float
    tensors: int
    weights: float
    master: float
    optimizer: float
    extra: float
    overhead: float
    metadata: float
    gpus: int
    tp: int
    pp: int
    zero: int
    writer: str

    @property
    def bytes(self) -> float:
        """The whole checkpoint: every rank's file and the metadata file."""
        return self.weights + self.master + self.optimizer + self.extra + self.overhead

    @property
    def dp(self) -> int:
        """Data-parallel replicas."""
        return self.gpus // (self.tp * self.pp)

    @property
    def bytes_per_rank(self) -> float:
        """What each rank writes: its share of the deduplicated state and its items' overhead
        (the metadata file is the coordinator's, counted in :attr:`bytes` only)."""
        return (self.bytes - self.metadata) / self.gpus

    @property
    def held_per_rank(self) -> dict[str, float]:
        """What each rank holds of the state before DCP deduplicates it, by part."""
        model = self.tp * self.pp
        dp = self.dp
        return {
            "weights": self.weights / model / (dp if self.zero >= 3 else 1),
            "master": self.master / model / (dp if self.zero >= 1 else 1),
            "optimizer": self.optimizer / model / (dp if self.zero >= 1 else 1),
        }

    def save_s(self, storage_bw: float | None = None) -> float:
        """Seconds to write it at ``storage_bw`` bytes/s (default: :func:`default_storage_bw`)."""
        bw = storage_bw if storage_bw is not None else default_storage_bw(self.gpus)
        return save_seconds(self.bytes, bw)

    def formula(self, recipe: Recipe, optimizer: Optimizer, storage_bw: float | None = None) -> str:
        """The sum with its numbers: bytes per parameter by part, the total, per rank, seconds."""
        from core.units import format_bytes, format_count, format_duration

        bw = storage_bw if storage_bw is not None else default_storage_bw(self.gpus)
        terms = [
            translate("Checkpoint", "{b} {dtype} weights").format(
                b=str(recipe.bytes("params")), dtype=recipe.params
            )
        ]
        if self.master:
            terms.append(translate("Checkpoint", "{b} {dtype} master").format(
                b=str(recipe.bytes("master")), dtype=recipe.master))  # fmt: skip
        if optimizer.n_states:
            terms.append(
                translate("Checkpoint", "{b} {dtype} optimizer state ({names})").format(
                    b=str(optimizer.n_states * recipe.bytes("state")), dtype=recipe.state,
                    names=", ".join(optimizer.states),
                )
            )  # fmt: skip
        per_param = (self.weights + self.master + self.optimizer) / self.params
        first = translate(
            "Checkpoint", "{params} × ({terms} = {per} B) + step, RNG, format {extra} = {total}"
        ).format(
            params=format_count(self.params), terms=join_texts(terms, " + "), per=f"{per_param:g}",
            extra=format_bytes(self.extra + self.overhead), total=format_bytes(self.bytes),
        )  # fmt: skip
        if self.gpus == 1:
            second = translate("Checkpoint", "written at {bw}/s: {seconds}").format(
                bw=format_bytes(bw), seconds=format_duration(self.bytes / bw)
            )
            return join_texts([first, second], "\n")
        second = translate(
            "Checkpoint", "per rank {total} / {gpus} ranks ≈ {rank}; written at {bw}/s: {seconds}"
        ).format(
            total=format_bytes(self.bytes), gpus=f"{self.gpus:,}",
            rank=format_bytes(self.bytes_per_rank), bw=format_bytes(bw),
            seconds=format_duration(self.bytes / bw),
        )  # fmt: skip
        return join_texts([first, second], "\n")

    def to_dict(self, storage_bw: float | None = None) -> dict[str, Any]:
        """JSON form: ``bytes``, ``bytes_per_rank``, ``save_s`` and the parts."""
        bw = storage_bw if storage_bw is not None else default_storage_bw(self.gpus)
        return {
            "bytes": self.bytes,
            "bytes_per_rank": self.bytes_per_rank,
            "save_s": self.save_s(bw),
            "storage_bw": bw,
            "storage_source": "given" if storage_bw is not None else STORAGE_SOURCE,
            "parts": {
                "weights": self.weights,
                "master": self.master,
                "optimizer": self.optimizer,
                "step_and_rng": self.extra,
                "format_overhead": self.overhead,
                "metadata": self.metadata,
            },
            "held_per_rank": self.held_per_rank,
            "params": self.params,
            "tensors": self.tensors,
            "layout": {"gpus": self.gpus, "tp": self.tp, "pp": self.pp, "dp": self.dp,
                       "zero": self.zero},
            "writer": self.writer,
        }  # fmt: skip


def _layout(gpus: Any, tp: Any, pp: Any, zero: Any) -> tuple[int, int, int, int]:
    g = positive_int(gpus, "gpus", high=10**7)
    t = positive_int(tp, "tp", high=10**5)
    p = positive_int(pp, "pp", high=10**5)
    z = positive_int(zero, "zero", low=0, high=3)
    if g % (t * p):
        raise InputError(
            translate(
                "Checkpoint",
                "gpus: {gpus} is not a multiple of TP × PP = {model}; allowed: a multiple of it",
            ).format(gpus=f"{g:,}", model=f"{t * p:,}"),
            field="gpus",
        )
    return g, t, p, z


def checkpoint_size(
    spec: Any,
    recipe: Recipe,
    optimizer: Optimizer,
    *,
    gpus: Any = 1,
    tp: Any = 1,
    pp: Any = 1,
    zero: Any = 0,
    writer: str = "dcp",
) -> CheckpointSize:
    """The checkpoint of ``spec`` trained with ``recipe`` and ``optimizer``.

    ``writer``: ``"dcp"`` (``torch.distributed.checkpoint``, each rank its file, the default)
    or ``"torch.save"`` (one file, the lecture's dictionary).
    """
    g, t, p, z = _layout(gpus, tp, pp, zero)
    if writer not in ("dcp", "torch.save"):
        raise InputError(
            translate("Checkpoint", "writer: unknown {writer}; allowed: dcp, torch.save").format(
                writer=str(writer)
            ),
            field="writer",
        )
    n = float(spec.param_count)
    tensors = tensor_count(spec)
    weights = n * recipe.bytes("params")
    master = n * recipe.bytes("master")
    states = optimizer.n_states * n * recipe.bytes("state")
    # torch's optimizers keep a step per parameter tensor once they keep state
    steps = tensors if optimizer.n_states else 0
    extra = steps * STEP_BYTES + RNG_STATE_BYTES + 8  # + the step itself, an int
    items = tensors * (1 + optimizer.n_states + (1 if master else 0)) + steps
    metadata = 0.0
    if writer == "torch.save":
        overhead = (items + 1) * TORCH_SAVE_TENSOR_OVERHEAD
    else:
        # a tensor split over TP is TP chunks; sharded over DP (the optimizer's state under
        # ZeRO-1/2, everything under ZeRO-3) DP times more; replicated ones are written once
        dp = g // (t * p)
        chunks = tensors * t * (dp if z >= 3 else 1) + (items - tensors) * t * (dp if z else 1)
        metadata = chunks * METADATA_PER_CHUNK
        overhead = (chunks + 2 * g) * DCP_ITEM_OVERHEAD + metadata  # + each rank's step and RNG
        extra += (g - 1) * (RNG_STATE_BYTES + 8)  # each rank saves its own generator
    return CheckpointSize(n, tensors, weights, master, states, extra, overhead, metadata,
                          g, t, p, z, writer)  # fmt: skip


def storage_bw_from(value: Any) -> float | None:
    """A storage bandwidth typed by a person (``200GB/s``, ``200G``, ``2e11``), bytes/s; ``None``
    or empty: the default."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return positive_float(value, "storage-bw", low=1e6, high=1e16, unit="bytes/s")
