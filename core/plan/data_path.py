"""Does the data path keep up? The tokens per second a planned run consumes per node, beside what
the data path delivers.

A node's GPUs consume ``tokens/s of the cluster × GPUs per node / GPUs`` (every data-parallel
replica reads its own batch; tensor, pipeline and context parallel ranks of one replica share it,
so this is the node's share of the cluster's tokens). What the data path delivers per node comes,
in this order, from:

1. a rate the person types (``--data-tokens-per-s``: tokens/s one node's loader delivers);
2. a storage or network bandwidth the person types (``--data-bandwidth``, bytes/s per node),
   divided by the bytes of a token on disk (2 for a vocabulary of up to 65,536 ids: uint16; else
   4: uint32), as the token files of :mod:`core.bench.data_path` store them;
3. the data-path measurement of this machine (``napkinlab bench --suite data --out FILE``,
   :mod:`core.bench.data_results`), taken as one node's host;
4. nothing: the row says "not measured".

When the delivered rate is below the consumed one, the data path is the limit: the GPUs wait for
batches ("if batches arrive late, perfect kernels still sit idle") and the run's tokens/s falls to
the data path's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.texts import Text, translate
from core.units import format_bytes, format_count

__all__ = ["DataPath", "data_path", "token_bytes"]


def token_bytes(vocab: int) -> int:
    """Bytes of one token id on disk: 2 (uint16) up to 65,536 ids, else 4 (uint32)."""
    return 2 if vocab <= 1 << 16 else 4


@dataclass(frozen=True)
class DataPath:
    """Tokens/s per node consumed and delivered (``None``: not measured), and where it came from."""

    consumed: float
    delivered: float | None
    source: str  # "typed", "bandwidth", "measured" or "none"
    detail: str = ""

    @property
    def limits(self) -> bool:
        """Whether the data path is slower than the GPUs consume."""
        return self.delivered is not None and self.delivered < self.consumed

    @property
    def headroom(self) -> float | None:
        """Delivered over consumed (``None`` when not measured)."""
        return None if self.delivered is None else self.delivered / self.consumed

    def row(self) -> Text:
        """The Plan's row: consumed beside delivered, and the verdict."""
        consumed = format_count(self.consumed)
        if self.delivered is None:
            return translate(
                "Plan",
                "Data path: {consumed} tokens/s per node consumed; delivered: not measured "
                "(bench --suite data)",
            ).format(consumed=consumed)
        if self.limits:
            text = translate(
                "Plan",
                "Data path: {consumed} tokens/s per node consumed, {delivered} delivered "
                "({source}): the data path is the limit",
            )
        else:
            text = translate(
                "Plan",
                "Data path: {consumed} tokens/s per node consumed, {delivered} delivered "
                "({source}): {times}× headroom",
            )
        return text.format(
            consumed=consumed,
            delivered=format_count(self.delivered),
            source=self.source_text(),
            times=f"{self.headroom:.3g}",
        )

    def source_text(self) -> Text:
        """Where the delivered rate came from, in words."""
        words = {
            "typed": translate("Plan", "typed"),
            "bandwidth": translate("Plan", "from the typed bandwidth, {detail}"),
            "measured": translate("Plan", "measured here: {detail}"),
        }
        return words[self.source].format(detail=self.detail)

    def to_dict(self) -> dict[str, Any]:
        """JSON form (``plan --json``'s ``data_path``)."""
        return {
            "consumed_tokens_per_s_per_node": self.consumed,
            "delivered_tokens_per_s_per_node": self.delivered,
            "source": self.source,
            "detail": self.detail,
            "limits": self.limits,
            "row": str(self.row()),
        }


def data_path(
    result: Any,
    *,
    tokens_per_s: float | None = None,
    bandwidth: float | None = None,
    measurements: str | None = None,
    measured: bool = True,
) -> DataPath:
    """The data-path row of a :class:`~core.plan.result.PlanResult`.

    ``tokens_per_s`` and ``bandwidth`` are what the person typed (per node; already validated);
    ``measurements`` a data-path file (default: the app's, when ``measured``).
    """
    cluster = result.inp.cluster
    per_node = min(cluster.gpus_per_node, cluster.gpus)
    consumed = result.tokens_per_s * per_node / cluster.gpus
    if tokens_per_s is not None:
        return DataPath(consumed, float(tokens_per_s), "typed")
    if bandwidth is not None:
        size = token_bytes(result.inp.model.vocab)
        detail = f"{format_bytes(bandwidth)}/s / {size} B per token"
        return DataPath(consumed, bandwidth / size, "bandwidth", detail)
    if measured:
        from core.bench.data_results import delivered_rate

        rate = delivered_rate(measurements)
        if rate is not None:
            return DataPath(consumed, rate.tokens_per_s, "measured", rate.describe())
    return DataPath(consumed, None, "none")
