"""Predict a real training run: a decoder transformer's step on a cluster, under a parallel layout.

Given a model, a sequence length and a global batch, a cluster (a device of the database, the GPU
count, GPUs per node, the intra-node link and the network) and a layout (TP with or without
sequence parallelism, PP with the 1F1B or the interleaved schedule, CP, DP with ZeRO 0-3, the
micro-batch, recomputation), the plan answers: the step time broken down (compute, recomputation,
exposed TP, CP, PP and DP communication, the pipeline bubble, the optimizer), tokens/s, TFLOP/s
per GPU, MFU and HFU (:mod:`core.roofline.utilization`, defined once), the memory of the busiest
GPU and whether it fits, and the days and GPU-hours to train a number of tokens. Dimensions left
open are searched.

Compute comes from the Step trace of one layer of the model's full width (and the embedding and
the head), traced twice and cached (:mod:`core.plan.ops`), timed at the device's calibrated
efficiency (:mod:`core.roofline.achievable`: measured fractions, never fitted to the runs the
plan is checked against). Memory is the Memory tab's accounting, sharded (:mod:`core.plan.memory`;
equal to :func:`core.memory.estimate.estimate` at TP = PP = CP = 1). Communication, overlap and
the schedule: :mod:`core.plan.comm` and :mod:`core.plan.model`, whose docstrings state every
assumption, as each result's ``assumptions`` do.

API
---
>>> from core.plan import Cluster, Layout, PlanInput, plan, search, what_to_change
>>> from core.memory.models import preset
>>> from core.roofline.hardware import load_catalog
>>> inp = PlanInput(preset("llama2-70b"), seq=4096, global_batch=1024,
...                 cluster=Cluster(load_catalog().get("h100-sxm"), gpus=1024), tokens=15e12)
>>> best = search(inp, top=5)[0]                       # doctest: +SKIP
>>> best.layout.label(), best.mfu, best.training.days  # doctest: +SKIP
>>> one = plan(inp, Layout(tp=8, pp=4, sp=True, zero=1))  # dp: the GPUs left over
>>> one.to_dict()["time_breakdown_s"]                  # doctest: +SKIP
>>> what_to_change(inp, one)[0][0]                     # doctest: +SKIP
'…: +12 % tokens/s, still fits'

* :class:`PlanInput` (model, seq, global batch, :class:`Cluster`, recipe, optimizer, tokens,
  :class:`Implementation`: flash attention, fused kernels, dropout, the DP/TP overlap, CP's
  exchange, fp8 GEMMs), :class:`Layout` and :class:`Constraints` are frozen and validated.
* :func:`plan` ``(input, layout) -> PlanResult``; :func:`search` ``(input, constraints, top=K,
  progress=None, should_cancel=None) -> list[PlanResult]``, fastest first (with
  ``Constraints(include_unfit=True)`` the layouts that do not fit follow, with their reason);
  :func:`what_to_change` ``(input, result) -> [(sentence, re-planned result)]``.
* :class:`PlanResult` has ``step_time_s``, ``breakdown``, ``tokens_per_s``, ``tflops_per_gpu``,
  ``mfu``, ``hfu``, ``memory`` (:class:`~core.plan.memory.StageMemory`), ``fits``/``reason``,
  ``limits`` (a few words), ``assumptions``, ``training`` (days and GPU-hours for the input's
  ``tokens``) and :meth:`~PlanResult.to_dict` (the JSON of ``napkinlab plan --json``).
* :func:`planned_input` builds a :class:`PlanInput` from people's text (the CLI and the tab).

Modules
-------
inputs     the dataclasses, and the rules a layout must follow (:func:`check_layout`)
ops        the traced layer, embedding and head, classified for TP, CP and recomputation
timing     seconds of one micro-batch on one GPU at the calibrated efficiency
memory     memory per GPU: the Memory tab's accounting, sharded, on the busiest stage
comm       TP, CP, PP and DP collectives on the cluster's links
evaluated  what the step model works on and returns (Context, Evaluation)
model      the step: schedule, bubble, overlap, optimizer; MFU and HFU
words      the assumptions and the limits, as translatable sentences
result     :class:`PlanResult` and its JSON
search     the layouts searched and ranked; what to change
options    a :class:`PlanInput` from people's text
published  the published runs the model is checked against, and their figures in tokens/s
validation the plan against those runs, run by run, and the errors summarised
"""

from core.plan.inputs import (
    CP_COMM,
    CROSS_ENTROPY,
    RECOMPUTE,
    Cluster,
    Constraints,
    Implementation,
    Layout,
    PlanInput,
    check_layout,
)
from core.plan.memory import StageMemory, memory_per_gpu
from core.plan.model import Context, context, flops_per_step, plan
from core.plan.result import BREAKDOWN, PlanResult, Training
from core.plan.search import PlanCancelled, best_change, search, what_to_change

__all__ = [
    "BREAKDOWN",
    "CP_COMM",
    "CROSS_ENTROPY",
    "RECOMPUTE",
    "Cluster",
    "Constraints",
    "Context",
    "Implementation",
    "Layout",
    "PlanCancelled",
    "PlanInput",
    "PlanResult",
    "StageMemory",
    "Training",
    "best_change",
    "check_layout",
    "context",
    "flops_per_step",
    "memory_per_gpu",
    "plan",
    "search",
    "what_to_change",
]
