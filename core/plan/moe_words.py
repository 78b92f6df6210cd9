"""The assumptions a mixture of experts, DualPipe and MTP add to a plan's result, worded once
(:func:`core.plan.words.assumptions` appends them; the numbers are :mod:`core.plan.moe`'s)."""

from __future__ import annotations

from typing import Any

from core.texts import Text, translate
from core.units import format_bytes, format_count

__all__ = ["moe_assumptions"]


def moe_assumptions(inp: Any, lay: Any, res: Any) -> list[Text]:
    """Sentences for an MoE layout, a DualPipe schedule and MTP modules (none for a dense 1F1B
    run without MTP)."""
    from core.plan import moe, mtp
    from core.plan.dualpipe import runs
    from core.plan.ep_overlap import runs as pairs
    from core.plan.ep_overlap import unpaired_share

    spec = inp.model
    out: list[Text] = []
    if spec.is_moe:
        cap = getattr(inp, "capacity_factor", None)
        routing = (
            translate("Plan", "capacity factor {cf}: an expert's rows capped at {cf} × tokens·top_k/experts").format(cf=f"{cap:g}")
            if cap is not None
            else translate("Plan", "dropless")
        )  # fmt: skip
        out.append(
            translate("Plan", "mixture of experts: {experts} routed experts, top-{k}, balanced routing (every expert gets tokens·top_k/experts rows; {routing}; no imbalance margin); {local} experts per GPU (EP {ep}, ETP {etp}), each a GEMM of {rows} rows per micro-batch timed at that shape; MFU against the {active} active parameters")
            .format(experts=str(spec.experts), k=str(spec.top_k), routing=routing,
                    local=f"{spec.experts / lay.ep:g}", ep=str(lay.ep), etp=str(lay.etp),
                    rows=f"{moe.expert_rows_per_gpu(inp, lay):,.0f}",
                    active=format_count(spec.params_active))
        )  # fmt: skip
        if moe.fused_mlp_runs(inp):
            out.append(
                translate("Plan", "the experts' MLP runs as Transformer Engine's fused grouped MLP: the first expert GEMM applies the gated activation and the routing weights and quantizes the second GEMM's input in its epilogue; the second GEMM's data gradient applies the activation's backward and quantizes the first GEMM's output gradient")
            )  # fmt: skip
        size = lay.micro_batch * inp.seq / (lay.cp * lay.tp) * spec.top_k * spec.d_model
        size *= inp.recipe.bytes("acts")
        hidden = runs(inp.implementation.schedule, lay.pp)
        deepep = getattr(inp.implementation, "dispatcher", "alltoall") == "deepep"
        if deepep:
            limit = int(getattr(inp.implementation, "route_nodes", 0) or 0)
            where = (translate("Plan", "at most {m} nodes").format(m=str(limit)) if limit
                     else translate("Plan", "no node limit"))  # fmt: skip
            if getattr(inp.implementation, "fp8_dispatch", True):
                line = translate(
                    "Plan",
                    "DeepEP dispatcher (DeepSeek-V3): FP8 dispatch (1 + 4/128 bytes per element), BF16 combine; a token crosses the network once per destination node ({limit}) and is forwarded over NVLink to its experts' GPUs",
                )
            else:  # Megatron-Core's flex dispatcher hands DeepEP its hidden states as they are
                line = translate(
                    "Plan",
                    "DeepEP dispatcher: dispatch and combine in the activations' dtype ({bytes} bytes per element; Megatron-Core's flex dispatcher quantizes nothing before it); a token crosses the network once per destination node ({limit}) and is forwarded over NVLink to its experts' GPUs",
                )
            out.append(line.format(limit=where, bytes=f"{inp.recipe.bytes('acts'):g}"))
        paired = pairs(inp.implementation, spec, lay.ep)
        kernels = (translate("Plan", "DeepEP's kernels") if deepep
                   else translate("Plan", "Megatron-Core's alltoall dispatcher"))  # fmt: skip
        out.append(
            translate("Plan", "expert all-to-all ({kernels}): a dispatch and a combine per MoE layer in forward and in backward (and the forward's again under full recomputation), {size} per GPU each in the activations' dtype before any de-duplication, over the EP group's NVLink inside the NVLink domain and its NICs beyond, at the calibrated all-to-all bus bandwidth; {overlap}")
            .format(kernels=kernels, size=format_bytes(size),
                    overlap=translate("Plan", "hidden behind the paired chunk's compute where it is shorter (DualPipe)")
                    if hidden else translate("Plan", "hidden behind another micro-batch's compute where it is shorter: forward and backward of two micro-batches paired layer by layer (Megatron-Core's overlap_moe_expert_parallel_comm); {alone} of the chunks, the warm-up forwards and cool-down backwards, run alone with theirs exposed").format(
                        alone=f"{unpaired_share(lay.pp, lay.vpp, res.micro_batches):.1%}")
                    if paired else translate("Plan", "on the compute stream, not overlapped"))
        )  # fmt: skip
        out.append(
            translate("Plan", "expert state: the weights, gradients and optimizer state of the GPU's experts, ZeRO over the expert-data-parallel group of {edp} GPUs (tp·cp·dp / (ep·etp), MoE Parallel Folding); the router replicated, attention and shared experts as a dense model's")
            .format(edp=str(moe.expert_data_parallel(lay)))
        )  # fmt: skip
    if runs(inp.implementation.schedule, lay.pp):
        out.append(
            translate("Plan", "PP {pp}: DualPipe (DeepSeek-V3), {m} micro-batches, half each way; each GPU r runs stages r and PP − 1 − r (GPU 0 the first and the last), half the micro-batches through each, so the step follows the busiest pair of stages; bubble (PP/2 − 1)(F&B + B − 3W) with F&B = F + B and W a third of the GEMM time; a micro-batch's all-to-all and pipeline sends hidden behind its paired chunk, only what outlasts it shown; each GPU keeps both stages' parameters and PP + 1 micro-batches of activations between them")
            .format(pp=str(lay.pp), m=f"{res.micro_batches:,}")
        )  # fmt: skip
    depth = mtp.depth(inp)
    if depth:
        out.append(
            translate("Plan", "multi-token prediction: {n} module(s) on the last stage, each a block, a 2d → d projection and one more pass of the shared LM head, in the time, the memory and the model FLOPs")
            .format(n=str(depth))
        )  # fmt: skip
    return out
