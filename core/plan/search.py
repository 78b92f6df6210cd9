"""Search the layouts of a run, rank them, and say what change would help a chosen one most.

:func:`search` enumerates every layout the constraints leave open:

* TP: the divisors of the heads (compatible with the KV heads) up to the GPUs of one node;
* PP: the divisors of the layers, with v chunks per GPU dividing the layers per stage; where the
  code runs uneven stages (``Implementation.uneven_stages``), any PP and v whose first and last
  chunks can give up the missing layers (:func:`core.plan.inputs.stage_layers`);
* CP: powers of two splitting the sequence into ``2·CP`` chunks (flash attention only);
* DP: the GPUs left over; the global batch must split into DP × micro-batch;
* the micro-batch: every size up to ``max_micro_batch`` that splits a DP rank's batch;
* a mixture of experts' EP (every divisor of the routed experts with ``ep·etp`` dividing
  ``tp·cp·dp``) and ETP (1 or TP), sequence parallelism always with TP > 1 (Megatron's rule);
* ZeRO 0-3 (2 and 3 without a pipeline), sequence parallelism with TP > 1, and recomputation
  (none, selective, full: with flash attention selective recomputation saves only a log-sum-exp,
  but published runs use it so, Nemotron-4 340B's among them, and the search offers every
  layout a published run used).

Each layout is checked against memory first (cheap, closed-form), then timed from the cached
micro-batch times (:mod:`core.plan.timing`): nothing is traced per candidate, so a 405B model on
16,384 GPUs is searched in seconds. The fastest layouts that fit come first; with
``include_unfit`` the ones that do not fit follow, each with the reason. Layouts whose step times
are within :data:`SPEED_TIE` of the fastest of their group are equally fast: among them the one
with the smaller peak memory per GPU comes first (then the simpler layout), so a ZeRO-2 layout at
61 GB is not ranked below a ZeRO-1 layout at 76 GB that is no faster.

:func:`what_to_change` re-plans the chosen layout with one change at a time (recomputation,
micro-batch, TP, PP, v, SP, ZeRO, CP, how the code runs, uneven first and last stages with a
pipeline the layers do not divide, fp8 GEMMs, another device) and returns the changes with their
re-planned results, best first: the effect is computed, never guessed.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import partial
from typing import Any

from core.errors import InputError
from core.plan.ep_overlap import pairable
from core.plan.frameworks import framework
from core.plan.inputs import (
    Constraints,
    Layout,
    PlanInput,
    check_layout,
    context_parallel_problem,
    expert_parallel_problem,
    stage_layers,
    trusted_layout,
)
from core.plan.memory import StageMemory
from core.plan.model import Context, context, evaluate, result, step_floor
from core.plan.moe import state_floor
from core.plan.pipeline_layout import layout_problem, parse_layout
from core.plan.result import PlanResult
from core.roofline.achievable import Calibration
from core.texts import Text, translate

__all__ = [
    "SPEED_TIE",
    "PlanCancelled",
    "best_change",
    "expert_layouts",
    "layouts",
    "search",
    "what_to_change",
]


#: Step times within this fraction of each other rank as equally fast (then least memory first):
#: 0.5 %, below the model's own error (its calibrated step times are off by several per cent).
SPEED_TIE = 0.005


class PlanCancelled(Exception):
    """Raised by :func:`search` when ``should_cancel`` asked it to stop."""


def _divisors(n: int) -> list[int]:
    return [d for d in range(1, n + 1) if n % d == 0]


def _powers(limit: int) -> list[int]:
    out, v = [], 1
    while v <= limit:
        out.append(v)
        v *= 2
    return out


def layouts(inp: PlanInput, constraints: Constraints) -> Iterator[Layout]:
    """Every layout the constraints leave open that can run, in a fixed order.

    The enumeration applies :func:`core.plan.inputs.check_layout`'s rules itself (a search makes
    tens of thousands of layouts); a fixed dimension that breaks a rule yields nothing.
    """
    spec, gpus, cn = inp.model, inp.cluster.gpus, constraints
    impl = inp.implementation
    if expert_parallel_problem(inp, cn.ep or 1, cn.etp or 1) is not None:
        return
    moe = spec.is_moe
    dual = impl.schedule == "dualpipe"
    pairs = moe and impl.ep_overlap  # the expert all-to-all overlap's rules (core.plan.ep_overlap)
    heads, kv, layers, batch, seq = (
        spec.heads,
        spec.kv_heads,
        spec.layers,
        inp.global_batch,
        inp.seq,
    )
    max_tp = cn.max_tp or inp.cluster.domain
    tps = [cn.tp] if cn.tp else [t for t in _divisors(heads) if t <= max_tp]
    tps = [t for t in tps if heads % t == 0 and (kv % t == 0 or t % kv == 0) and gpus % t == 0]
    recomputes = [cn.recompute] if cn.recompute else ["none", "selective", "full"]
    # Micro-batches: every size up to the bound that splits a DP rank's batch (published runs
    # use 3, 6, 12, 14 and 18 as well as powers of two); sizes that do not split it are skipped.
    mbs_all = [cn.micro_batch] if cn.micro_batch else list(range(1, cn.max_micro_batch + 1))
    interleaved = framework(impl.framework).interleaved  # DeepSpeed's engine: vpp 1 only
    stated_unsharded = cn.zero is not None and framework(impl.framework).pipeline_unsharded
    custom = impl.pipeline_layout
    stages = parse_layout(custom).count if custom else 0
    if custom:  # its counts whatever the PP (its MTP modules in the last virtual stage)
        from core.plan.mtp import depth

        problem = layout_problem(custom, layers, 1, stages, depth(inp))
        if problem is not None:
            raise problem
    for t in tps:
        uneven = impl.uneven_stages
        if cn.pp:
            pps = [cn.pp]
        elif custom:  # a custom layout: every PP its stages split into, VPP the rest
            pps = [p for p in _divisors(stages) if gpus % p == 0]
        else:
            pps = [p for p in _divisors(gpus // t) if p <= layers] if uneven else _divisors(layers)
        for p in pps:
            if custom:
                if gpus % (t * p) or stages % p or (cn.vpp and cn.vpp != stages // p):
                    continue
            elif gpus % (t * p) or (stage_layers(layers, p, 1) is None and not uneven):
                continue
            if custom:
                vpps = [stages // p]
            elif cn.vpp:
                vpps = [cn.vpp]
            elif p == 1:
                vpps = [1]
            else:
                # Every chunking of an even stage (one layer per chunk too: NeMo's Llama 2 70B
                # FP8 recipe runs PP 4 with 20 chunks), and up to 16 chunks of an uneven one.
                per = layers // p
                vpps = [
                    v for v in range(1, max(16, per) + 1) if per % v == 0 or (uneven and v <= 16)
                ]
            vpps = [
                v for v in vpps
                if (v == 1 or (p > 1 and interleaved)) and (custom or layers % (p * v) == 0 or (uneven and stage_layers(layers, p, v)))
            ]  # fmt: skip
            if cn.cp:
                cps = [cn.cp]
            else:
                cps = [c for c in _powers(64) if c == 1 or (impl.flash and seq % (2 * c) == 0)]
            for c in cps:
                if gpus % (t * p * c) or (c > 1 and (not impl.flash or seq % (2 * c))):
                    continue
                dp = gpus // (t * p * c)
                if batch % dp:
                    continue
                if cn.sp is not None:
                    sps = [cn.sp and t > 1]
                else:
                    sps = [False, True] if t > 1 else [False]
                if moe and t > 1:  # Megatron: an MoE with TP runs sequence parallelism
                    sps = [sp for sp in sps if sp]
                experts = list(expert_layouts(spec, cn, t, t * c * dp))
                if cn.zero is not None:
                    zeros = [cn.zero if dp * c > 1 else 0]
                else:
                    zeros = [0] if dp * c == 1 else [0, 1] if p > 1 else [0, 1, 2, 3]
                # ZeRO-2/3 with PP only where stated and the pipeline keeps the stage unsharded
                # (it then holds what ZeRO-1 holds: core.plan.frameworks.memory_zero)
                zeros = [z for z in zeros if not (z >= 2 and p > 1 and not stated_unsharded)]
                for mb in mbs_all:
                    if batch % (dp * mb):
                        continue
                    m = batch // (dp * mb)
                    for v in vpps:
                        if v > 1 and m % p:
                            continue
                        if dual and p > 1 and (p % 2 or v > 1 or m % 2 or m < 2 * p):
                            continue  # DualPipe's rules (core.plan.dualpipe)
                        flat = p > 1 and v == 1  # a pipeline the overlap cannot pair
                        for sp in sps:
                            for zero in zeros:
                                for rc in recomputes:
                                    for ep, etp in experts:
                                        if pairs and ep > 1 and (rc == "full" or flat):
                                            continue  # the overlap's rules (core.plan.ep_overlap)
                                        yield trusted_layout(t, p, v, c, dp, sp, zero, mb, rc,
                                                             ep, etp)  # fmt: skip


def expert_layouts(spec: Any, cn: Constraints, t: int, ranks: int) -> Iterator[tuple[int, int]]:
    """``(ep, etp)`` pairs a search tries with TP ``t`` over the ``ranks = tp·cp·dp`` GPUs of a
    pipeline stage: for a mixture of experts every EP dividing the routed experts and ETP 1 or
    TP (Megatron-Core's choices: experts unsplit, or split as the dense layers are), with
    ``ep·etp`` dividing ``ranks`` (MoE Parallel Folding, :mod:`core.plan.moe`); ``(1, 1)`` for a
    dense model; the constraints' fixed values where given."""
    if not spec.is_moe:
        yield (cn.ep or 1, cn.etp or 1)
        return
    eps = [cn.ep] if cn.ep else _divisors(spec.experts)
    etps = [cn.etp] if cn.etp else sorted({1, t})
    for ep in eps:
        for etp in etps:
            if ranks % (ep * etp) == 0:
                yield (ep, etp)


def search(
    inp: PlanInput,
    constraints: Constraints | None = None,
    *,
    top: int = 10,
    progress: Callable[[float, str], None] | None = None,
    should_cancel: Callable[[], bool] | None = None,
    calibration: Calibration | None = None,
    stats: dict[str, int] | None = None,
) -> list[PlanResult]:
    """The ``top`` fastest layouts that fit, fastest first (then, with ``include_unfit``, up to
    ``top`` that do not, each with its reason); layouts within :data:`SPEED_TIE` of each other's
    step time rank least memory first (:func:`ranked`). ``stats``, when given, receives ``layouts`` (how
    many were planned) and ``fit`` (how many fit).

    Raises
    ------
    InputError
        When no layout can run at all (the message says what the constraints leave).
    PlanCancelled
        When ``should_cancel()`` became true.
    """
    cn = constraints or Constraints()
    ep_problem = expert_parallel_problem(inp, cn.ep or 1, cn.etp or 1)
    if ep_problem is not None:
        raise ep_problem
    if progress is not None:
        progress(0.0, translate("Plan", "tracing one layer of the model"))
    ctx = context(inp, calibration=calibration)
    candidates = list(layouts(inp, cn))
    if not candidates:
        fixed = context_parallel_problem(inp, cn.cp) if cn.cp else None
        if fixed is not None:
            raise fixed  # a fixed dimension no layout can run says so itself
        raise InputError(
            translate(
                "Plan",
                "search: no layout of {gpus} GPUs can run this model with a global batch of "
                "{batch}; check that the GPUs, the batch and the fixed dimensions agree",
            ).format(gpus=f"{inp.cluster.gpus:,}", batch=f"{inp.global_batch:,}"),
            field="gpus",
        )
    capacity = inp.cluster.device.capacity_bytes
    # (floor of the step time, memory, layout): evaluated in full only while they can rank
    fitting_floors: list[tuple[float, StageMemory, Layout]] = []
    unfit_floors: list[tuple[float, StageMemory, Layout]] = []
    from core.plan.memory import memory_per_gpu

    total = len(candidates)
    floor = state_floor if inp.model.is_moe and not cn.include_unfit else None
    # the floor does not depend on the micro-batch, SP or recomputation: once per the rest
    floors: dict[tuple[int, ...], float] = {}
    for i, lay in enumerate(candidates):
        if should_cancel is not None and i % 64 == 0 and should_cancel():
            raise PlanCancelled()
        if progress is not None and i % 512 == 0:
            progress(
                i / total, translate("Plan", "layout {i} of {n}").format(i=f"{i:,}", n=f"{total:,}")
            )
        if floor:
            key = (lay.tp, lay.pp, lay.vpp, lay.cp, lay.dp, lay.zero, lay.ep, lay.etp)
            low = floors.get(key)
            if low is None:
                low = floors[key] = floor(inp, lay)
            if low > capacity:
                continue  # a mixture of experts' weights and states alone overflow: it cannot fit
        m = inp.global_batch // (lay.dp * lay.micro_batch)
        memory = memory_per_gpu(inp, lay, m)
        fits = memory.peak <= capacity
        if not fits and not cn.include_unfit:
            continue
        (fitting_floors if fits else unfit_floors).append((step_floor(ctx, lay), memory, lay))
    fitting = _fastest(ctx, fitting_floors, top, should_cancel)
    chosen = ranked(fitting)[:top]
    if cn.include_unfit:
        chosen += ranked(_fastest(ctx, unfit_floors, top, should_cancel))[:top]
    if stats is not None:
        stats.update(layouts=total, fit=len(fitting_floors), evaluated=len(fitting))
    if progress is not None:
        progress(
            1.0,
            translate("Plan", "{n} layouts planned, {fit} fit").format(
                n=f"{total:,}", fit=f"{len(fitting):,}"
            ),
        )
    return [result(ctx, evaluate(ctx, lay)) for _, _, lay in chosen]


def _fastest(
    ctx: Context,
    floors: list[tuple[float, StageMemory, Layout]],
    top: int,
    should_cancel: Callable[[], bool] | None = None,
) -> list[tuple[float, float, Layout]]:
    """``(step time, peak memory, layout)`` of every layout that can be among :func:`ranked`'s
    first ``top``, from ``(step floor, memory, layout)`` items
    (:func:`~core.plan.model.step_floor`), in the items' order.

    Layouts are evaluated in the order of their floors; once ``top`` are evaluated, a layout
    whose floor exceeds the ``top``-th fastest step time so far by more than :data:`SPEED_TIE`
    cannot rank: the tie group holding the ``top``-th place starts no later than that time and
    reaches no further than it × (1 + tie), so this layout and every later one (their floors
    are no lower) fall in later groups. What remains ranks first as evaluating them all would.

    Raises
    ------
    PlanCancelled
        When ``should_cancel()`` became true (asked every 64 evaluations).
    """
    if top <= 0:
        return []
    kept: list[tuple[int, float, float, Layout]] = []
    slowest: list[float] = []  # the ``top`` fastest step times so far, negated (a max-heap)
    order = sorted(range(len(floors)), key=lambda i: floors[i][0])
    for n, i in enumerate(order):
        floor, memory, lay = floors[i]
        if len(slowest) >= top and floor > -slowest[0] * (1.0 + SPEED_TIE):
            break
        if should_cancel is not None and n % 64 == 0 and should_cancel():
            raise PlanCancelled()
        step = evaluate(ctx, lay, memory).step_time_s
        kept.append((i, step, memory.peak, lay))
        if len(slowest) < top:
            heapq.heappush(slowest, -step)
        elif step < -slowest[0]:
            heapq.heapreplace(slowest, -step)
    return [(step, peak, lay) for _, step, peak, lay in sorted(kept, key=lambda it: it[0])]


def ranked(
    items: list[tuple[float, float, Layout]], tie: float = SPEED_TIE
) -> list[tuple[float, float, Layout]]:
    """Order ``(step time, peak memory, layout)`` items for a plan's list: fastest first, and
    layouts as fast as each other least memory first.

    "As fast" is a group, not a pairwise relation (which would not be transitive): walking the
    items by step time, a group starts at its fastest item and takes every item whose step time
    is within ``tie`` (a fraction) of that one's. Inside a group the smaller peak memory per GPU
    comes first, then the simpler layout (no CP, no interleaving, fewer stages, less ZeRO, less
    TP, larger micro-batches), then the step time.
    """
    by_time = sorted(items, key=lambda it: it[0])
    out: list[tuple[float, float, Layout]] = []
    i = 0
    while i < len(by_time):
        limit = by_time[i][0] * (1.0 + tie)
        j = i
        while j < len(by_time) and by_time[j][0] <= limit:
            j += 1
        out.extend(sorted(by_time[i:j], key=_within_tie))
        i = j
    return out


def _within_tie(item: tuple[float, float, Layout]) -> tuple[float, ...]:
    """The order among equally fast layouts: least memory, then the simpler layout."""
    step, peak, lay = item
    return (peak, lay.cp, lay.vpp, lay.pp, lay.zero, lay.tp, -lay.micro_batch,
            lay.recompute != "none", not lay.sp, step)  # fmt: skip


def _gain(new: PlanResult, old: PlanResult) -> str:
    change = new.tokens_per_s / old.tokens_per_s - 1 if old.tokens_per_s > 0 else 0.0
    return f"{change:+.0%}".replace("%", " %")


#: A candidate's input or layout: built only inside :func:`what_to_change`'s error handling (a
#: ``partial`` of ``replace``), since building one validates it (fp8 on a device without an fp8
#: peak, a TP that does not divide the heads) and a refusal must skip that candidate alone.
_Later = Callable[[], Any]


def _variants(inp: PlanInput, res: PlanResult) -> list[tuple[Text, _Later, _Later]]:
    lay = res.layout
    gpn = inp.cluster.domain
    out: list[tuple[Text, _Later, _Later]] = []

    def add(text: Text, new_lay: _Later, new_inp: _Later = lambda: inp) -> None:
        out.append((text, new_inp, new_lay))

    rec = lay.recompute
    if rec == "full" and not inp.implementation.flash:
        add(
            translate("Plan", "selective recomputation instead of full"),
            partial(replace, lay, recompute="selective"),
        )
    if rec != "none":
        # One sentence per mode: a translation then words the mode too.
        instead = {
            "full": translate("Plan", "no recomputation instead of full"),
            "selective": translate("Plan", "no recomputation instead of selective"),
        }
        add(instead[rec], partial(replace, lay, recompute="none"))
    if rec == "none":
        add(
            translate("Plan", "full recomputation instead of none"),
            partial(replace, lay, recompute="full"),
        )
    for mb in (lay.micro_batch * 2, lay.micro_batch // 2):
        if mb >= 1:
            add(translate("Plan", "micro-batch {new} instead of {old}").format(new=str(mb), old=str(lay.micro_batch)),
                partial(replace, lay, micro_batch=mb))  # fmt: skip
    for tp in (lay.tp * 2, lay.tp // 2):
        if 1 <= tp <= gpn:
            add(translate("Plan", "TP {new} instead of {old}").format(new=str(tp), old=str(lay.tp)),
                partial(replace, lay, tp=tp, dp=0, sp=(lay.sp or inp.model.is_moe) and tp > 1))  # fmt: skip
    for pp in (lay.pp * 2, lay.pp // 2):
        if pp >= 1:
            add(translate("Plan", "PP {new} instead of {old}").format(new=str(pp), old=str(lay.pp)),
                partial(replace, lay, pp=pp, dp=0, vpp=1 if pp == 1 else lay.vpp))  # fmt: skip
    if lay.pp > 1:
        add(translate("Plan", "{new} pipeline chunks per GPU instead of {old}").format(new=str(lay.vpp * 2), old=str(lay.vpp)),
            partial(replace, lay, vpp=lay.vpp * 2))  # fmt: skip
    if lay.tp > 1 and not lay.sp:
        add(translate("Plan", "sequence parallelism"), partial(replace, lay, sp=True))
    if inp.model.is_moe:
        for ep in (lay.ep * 2, lay.ep // 2):
            if ep >= 1 and inp.model.experts % ep == 0:
                add(translate("Plan", "EP {new} instead of {old}").format(new=str(ep), old=str(lay.ep)),
                    partial(replace, lay, ep=ep))  # fmt: skip
    dp = lay.dp or inp.cluster.gpus // (lay.tp * lay.pp * lay.cp)
    if lay.zero < 3 and dp * lay.cp > 1:  # ZeRO shards over the DP × CP ranks: none alone
        add(translate("Plan", "ZeRO-{new} instead of ZeRO-{old}").format(new=str(lay.zero + 1), old=str(lay.zero)),
            partial(replace, lay, zero=lay.zero + 1))  # fmt: skip
    if inp.implementation.flash:
        add(translate("Plan", "CP {new} instead of {old}").format(new=str(lay.cp * 2), old=str(lay.cp)),
            partial(replace, lay, cp=lay.cp * 2, dp=0))  # fmt: skip
    # How the code runs (the Code page's switches): each one the faster way, where it is not yet.
    impl = inp.implementation

    def code(text: Text, **changed: Any) -> None:
        add(text, lambda: lay, lambda: replace(inp, implementation=replace(impl, **changed)))

    if not impl.fused:
        code(translate("Plan", "fused kernels instead of eager"), fused=True)
    if not impl.flash:
        code(translate("Plan", "flash attention"), flash=True)
    if not impl.dp_overlap and dp * lay.cp > 1:
        code(translate("Plan", "the gradient reduction overlapped with backward"), dp_overlap=True)
    if lay.tp > 1 and lay.sp and not impl.tp_overlap:  # TE's overlap needs SP
        code(translate("Plan", "TP communication overlapped with the GEMMs"), tp_overlap=True)
    if inp.model.is_moe and lay.ep > 1 and not impl.ep_overlap and pairable(impl):
        code(translate("Plan", "the expert all-to-all overlapped with another micro-batch"),
             ep_overlap=True)  # fmt: skip
    if not impl.uneven_stages:
        # A pipeline the layers do not divide (DeepSeek-V3's 61, Qwen3-235B's 94): only with the
        # first and last stages taking fewer (the Code page's switch, --uneven-stages).
        layers = inp.model.layers
        for pp in (lay.pp * 2, lay.pp * 4):
            if pp <= layers and layers % pp:
                add(translate("Plan", "uneven first and last stages, PP {new} instead of {old}")
                    .format(new=str(pp), old=str(lay.pp)),
                    partial(replace, lay, pp=pp, vpp=1, dp=0, zero=min(lay.zero, 1)),
                    lambda: replace(inp, implementation=replace(impl, uneven_stages=True)))  # fmt: skip
    if not res.fits and impl.cross_entropy == "fp32":
        code(
            translate("Plan", "a cross-entropy kernel on the logits' own dtype"),
            cross_entropy="native",
        )
    device = inp.cluster.device
    if device.supports("fp8") and not inp.implementation.recipe.low:
        code(translate("Plan", "fp8 GEMMs"), gemm_dtype="fp8", precision="fp8-delayed")
    return out


def _other_devices(inp: PlanInput) -> list[tuple[Text, _Later]]:
    from core.roofline.hardware import load_catalog

    here = inp.cluster.device
    out: list[tuple[Text, _Later]] = []
    for dev in load_catalog().devices:
        if dev.id == here.id or dev.family != here.family or dev.user_defined:
            continue
        if not dev.supports(inp.compute_dtype) or dev.mem_bandwidth is None:
            continue
        if (
            dev.peak(inp.compute_dtype) < here.peak(inp.compute_dtype)
            and dev.capacity_bytes <= here.capacity_bytes
        ):
            continue
        if inp.cluster.gpus > inp.cluster.domain and dev.inter_node_bandwidth is None:
            continue
        if dev.intra_node_bandwidth is None:
            continue
        out.append((translate("Plan", "{device} instead of {old}").format(device=dev.id, old=here.id),
                    partial(_on_device, inp, dev)))  # fmt: skip
    return out


def _on_device(inp: PlanInput, device: Any) -> PlanInput:
    """``inp`` on ``device`` (validated now: fp8 GEMMs on a device without an fp8 peak raise)."""
    return replace(inp, cluster=replace(inp.cluster, device=device))


def what_to_change(
    inp: PlanInput,
    res: PlanResult,
    *,
    calibration: Calibration | None = None,
    devices: bool = True,
    skipped: list[tuple[Text, str]] | None = None,
) -> list[tuple[Text, PlanResult]]:
    """One change at a time to ``res``'s layout, each re-planned, best first.

    Each entry is ``(sentence, re-planned result)``; the sentence says the change, its effect on
    tokens/s and whether it fits ("selective recomputation instead of full: +21 % tokens/s, still
    fits"). Changes that cannot run are left out: each candidate is built and planned inside the
    error handling, and one that is refused (fp8 GEMMs re-planned on a device without an fp8 peak)
    is skipped alone, its change and reason appended to ``skipped`` when given. Order: the changes
    that fit before those that do not; among them, changes on the same device before other
    devices; then by tokens/s.
    """
    found: list[tuple[Text, PlanResult]] = []
    options = [(t, i, lay) for t, i, lay in _variants(inp, res)]
    if devices:
        options += [(t, i, lambda: res.layout) for t, i in _other_devices(inp)]
    contexts: dict[int, Context] = {}
    for text, build_inp, build_lay in options:
        try:
            new_inp, lay = build_inp(), build_lay()
            checked = check_layout(new_inp, lay)
            same_device = new_inp.cluster.device is inp.cluster.device
            key = id(new_inp)
            ctx = contexts.get(key)
            if ctx is None:
                ctx = context(new_inp, calibration=calibration if same_device else None)
                contexts[key] = ctx
            new = result(ctx, evaluate(ctx, checked))
        except InputError as exc:
            if skipped is not None:
                skipped.append((text, exc.message))
            continue
        if new.fits:
            fit = translate("Plan", "still fits") if res.fits else translate("Plan", "fits")
        else:
            fit = translate("Plan", "does not fit")
        sentence = translate("Plan", "{change}: {gain} tokens/s, {fit}").format(
            change=text, gain=_gain(new, res), fit=fit
        )
        found.append((sentence, new))
    here = inp.cluster.device.id
    found.sort(
        key=lambda x: (not x[1].fits, x[1].inp.cluster.device.id != here, -x[1].tokens_per_s)
    )
    return found


def best_change(
    inp: PlanInput,
    res: PlanResult,
    *,
    calibration: Calibration | None = None,
    skipped: list[tuple[Text, str]] | None = None,
) -> Text | None:
    """The sentence of the change that helps most and fits, on the same device if one helps (a
    layout, recomputation or precision change), else on another device; ``None`` when none helps
    by more than 0.5 %. ``skipped`` receives the changes that could not be planned, with their
    reasons (:func:`what_to_change`)."""
    for sentence, new in what_to_change(inp, res, calibration=calibration, skipped=skipped):
        if new.fits and new.tokens_per_s > res.tokens_per_s * 1.005:
            return sentence
    return None
