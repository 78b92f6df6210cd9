"""DeepEP's dispatch and combine (``--dispatcher deepep``), with node-limited routing
(``--route-nodes M``): what DeepSeek-V3 trained with, against Megatron's plain all-to-all.

Source: the DeepSeek-V3 report (arXiv 2412.19437) §3.2.2 and §3.3, and DeepEP's README
(github.com/deepseek-ai/DeepEP):

* **Node-limited routing**: each token is sent to at most ``M`` nodes (DeepSeek-V3: 4), chosen by
  the sum of the highest affinities of the experts on each node.
* **De-duplication**: a token crosses InfiniBand once per destination node, to the GPU of the same
  index there, which forwards it over NVLink to the GPUs that hold its experts; so the network
  carries ``T · D · (N − 1)/N`` rows per GPU (``D`` the distinct nodes a token reaches, ``N`` the
  nodes of the EP group; its own node's share stays on NVLink) and NVLink the ``T·k·(g − 1)/g``
  rows that end on other GPUs of a node (``g`` EP ranks per node).
* **FP8 dispatch, BF16 combine** (§3.3: the activations before the MoE up-projection are quantized
  to FP8 with one scale per 1 × 128 tile; the combine stays BF16): 1 + 4/128 bytes per element
  dispatched, 2 combined. Megatron-Core's flex dispatcher calls DeepEP with the layer's hidden
  states in their own dtype (Megatron-LM ``megatron/core/transformer/moe/fused_a2a.py`` sizes
  DeepEP's buffer at ``hidden · max(element size, 2)`` bytes a row): ``Implementation.
  fp8_dispatch`` False dispatches in the activations' dtype.

Under balanced routing without a node limit a token's ``k`` experts fall on ``N(1 − (1 − 1/N)^k)``
distinct nodes on average; with one, ``min(M, N)`` (the routing fills its ``M`` nodes). The two
links run at once (DeepEP overlaps its NVLink and RDMA traffic), each at the calibrated
all-to-all bus bandwidth (the fractions are DeepEP's own measurements, which count logical bytes
the same way), plus one call's latency.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DISPATCHERS", "FP8_DISPATCH_BYTES", "deepep_seconds", "distinct_nodes"]

#: Megatron-Core's all-to-all token dispatcher, or DeepEP's (DeepSeek-V3's).
DISPATCHERS: tuple[str, ...] = ("alltoall", "deepep")
#: Bytes per dispatched element: FP8 and one fp32 scale per 128 elements.
FP8_DISPATCH_BYTES = 1.0 + 4.0 / 128


def distinct_nodes(k: int, nodes: int, limit: int) -> float:
    """Nodes a token's ``k`` experts fall on among the EP group's ``nodes``: ``min(limit, nodes)``
    under node-limited routing (``limit`` > 0), else the balanced expectation
    ``N(1 − (1 − 1/N)^k)``."""
    if nodes <= 1:
        return 1.0
    if limit > 0:
        return float(min(limit, nodes, k))
    return nodes * (1.0 - (1.0 - 1.0 / nodes) ** k)


def deepep_seconds(inp: Any, layout: Any, cal: Any, tokens: float) -> float:
    """Seconds of one DeepEP dispatch and one combine for ``tokens`` tokens per GPU (one MoE
    layer's forward; the backward's are the same)."""
    spec, cl = inp.model, inp.cluster
    ep = layout.ep
    if ep <= 1:
        return 0.0
    stride = layout.etp
    crosses = cl.group_crosses_nodes(stride, ep)
    per_node = max(1, min(ep, cl.domain // stride)) if crosses else ep
    nodes = -(-ep // per_node)
    d, k = spec.d_model, spec.top_k
    reach = distinct_nodes(k, nodes, int(getattr(inp.implementation, "route_nodes", 0) or 0))
    inter_rows = tokens * reach * (nodes - 1) / nodes
    intra_rows = tokens * k * (per_node - 1) / per_node
    total = 0.0
    acts = float(inp.recipe.bytes("acts"))
    fp8 = bool(getattr(inp.implementation, "fp8_dispatch", True))
    for e in (FP8_DISPATCH_BYTES if fp8 else acts, acts):  # dispatch, then combine
        seconds = (
            intra_rows * d * e / cal.alltoall_busbw(cl.intra_bw, False) if per_node > 1 else 0.0
        )
        if nodes > 1:
            seconds = max(seconds, inter_rows * d * e / cal.alltoall_busbw(cl.inter_bw, True))
        total += seconds + cal.alltoall_latency_s(crosses)
    return total
