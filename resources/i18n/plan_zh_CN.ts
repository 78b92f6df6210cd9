<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Plan</name>
    <message>
        <source>gpus: {gpus} GPUs do not fill whole nodes of {per_node}; allowed: a multiple of --gpus-per-node (or fewer GPUs than one node)</source>
        <extracomment>Activation recomputation: none, selective (the attention core, Korthikanti et al. 2022), full (every layer&apos;s forward again in backward, keeping only each layer&apos;s input). How context parallelism moves K and V: a ring of point-to-point exchanges overlapped with the attention blocks (Megatron-Core), or one all-gather before the attention (Llama 3, §3.3.2).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device: {name} has no intra-node link bandwidth in the database; give --intra-bw (bytes/s per GPU, e.g. 300e9)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device: {name} has no network bandwidth in the database, so {gpus} GPUs on {nodes} nodes cannot be planned; give --network-bw (bytes/s per GPU, e.g. 50e9)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zero: {zero}; allowed: 0, 1, 2 or 3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recompute: {value}; allowed: {allowed}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cp-comm: {value}; allowed: {allowed}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gemm dtype: {value}; allowed: bf16, fp16, fp8, tf32, fp32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model: the plan needs a transformer (a preset, a config.json or --dims)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recipe: {dtype} weights; allowed: fp32, bf16 or fp16 weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{dtype} GEMMs: {device} has no {dtype} peak; allowed: {have}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>global-batch × seq: {tokens} tokens per step; allowed: up to 1e13</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory: the {stage} stage needs {need} per GPU at the {moment}, the device has {have}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dims: {key}={value}; allowed: 0 or 1</source>
        <extracomment>The keys ``--dims`` accepts.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dims: {part} is not a dimension; allowed: {keys} as key=value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dims: {key} is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dims: {key}=… is missing; required: layers, hidden and heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dims: act={value}; allowed: gelu or swiglu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dims: norm={value}; allowed: layer or rms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model: give one of --model, --config or --dims, not {given}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model: the plan needs a transformer; allowed: a preset, transformer:…, --config or --dims</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seq: {seq} is beyond the model&apos;s {positions} learned positions; allowed: up to {positions}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{layout}: step {step}, {tokens} tokens/s, MFU {mfu}, HFU {hfu}</source>
        <extracomment>The step-time breakdown&apos;s keys, in stacking order.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tracing one layer of the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>search: no layout of {gpus} GPUs can run this model with a global batch of {batch}; check that the GPUs, the batch and the fixed dimensions agree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layout {i} of {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} layouts planned, {fit} fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selective recomputation instead of full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no recomputation instead of {old}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full recomputation instead of none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>micro-batch {new} instead of {old}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP {new} instead of {old}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP {new} instead of {old}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{new} pipeline chunks per GPU instead of {old}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequence parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-{new} instead of ZeRO-{old}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP {new} instead of {old}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp8 GEMMs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{device} instead of {old}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>still fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{change}: {gain} tokens/s, {fit}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not modelled: stragglers and slow nodes, data loading, failures and restarts, checkpoint saves, evaluation, network congestion from other jobs and job placement, NCCL&apos;s tree and NVLS algorithms, overlap inside a kernel, load imbalance between data-parallel ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the intra-node link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory: {need} of {have}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP all-reduce over the network {share}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP communication {share}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recomputation {share}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP exchanges {share}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline sends {share}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline bubble {share}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient reduction {share} exposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer step {share}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory {share} full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory-bound kernels {share} of compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute-bound: MFU {mfu}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute: the Step trace of one {width}-wide layer ({ops} kernels&apos; worth of ops), the embedding and the head, scaled to {layers} layers; GEMMs at {gemm} of the {dtype} peak times their wave and tile quantization ({tile} tiles over {sms} SMs), flash attention at {fwd} (forward) and {bwd} (backward) of peak, a causal kernel doing half the s² work; memory-bound ops at {bw} of the memory bandwidth; {launch} µs per kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention unfused: QKᵀ and P·V as batched GEMMs with the scale, mask, softmax and dropout between them, the s² probabilities kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fused kernels: the memory-bound ops between two GEMMs run as one kernel that moves as much as the largest of them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>eager kernels: every memory-bound op is its own kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an all-gather and a reduce-scatter in place of each all-reduce (sequence parallel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2 all-reduces in forward and 2 in backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hidden behind the layer&apos;s GEMMs up to their duration (Transformer Engine&apos;s userbuffers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on the critical path, not overlapped (Megatron-LM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP {tp}: per layer and micro-batch, {what} of {size}, over {link} at {busbw} bus bandwidth; {overlap}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP {cp}: K and V pass around a ring of {cp} ranks over {link} at {busbw}, each step hidden behind the attention block it feeds; only the excess shows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP {cp}: K and V all-gathered before the attention over {link} at {busbw}, exposed (Llama 3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interleaved schedule with {v} chunks per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1F1B schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP {pp}: {schedule}, {m} micro-batches, bubble (p−1)/(v·m) = {bubble} of the pipeline&apos;s compute; one activation per micro-batch and chunk each way between stages over {link}, exposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all-reduce of the gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reduce-scatter of the gradients and all-gather of the weights (ZeRO-1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reduce-scatter of the gradients and all-gather of the weights (ZeRO-2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all-gathers of the weights for every micro-batch&apos;s forward and backward and reduce-scatters of the gradients (ZeRO-3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overlapped with the last micro-batch&apos;s backward and the next step&apos;s first forward (bucketed, as PyTorch DDP and Megatron&apos;s overlap options); only the excess shows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after the pipeline flush, not overlapped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP over {n} ranks: {what} of {params} parameters per GPU, over {link} at {busbw}; {overlap}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer: one fused update of the GPU&apos;s shard (weights, gradients, {states} states{master}), memory-bound, after the gradients are reduced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, fp32 master copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory: the {stage} stage&apos;s GPU at the {moment}, {layers} layers&apos; activations in flight; the allowance (CUDA context and workspaces ≈ 1 GB + 10 % of tensor bytes) included</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selective recomputation with flash attention runs the flash forward again for little memory: the kernel keeps no s² tensor anyway</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlanChart</name>
    <message>
        <source>memory per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlanInputs</name>
    <message>
        <source>model: the plan needs a transformer; allowed: a preset, transformer:…, layers=…,hidden=…,heads=… or a config file</source>
        <extracomment>The lecture&apos;s question (70B on 15T tokens with 1,024 H100): the tab opens on it. The input pages and the fields (``InputError.field``, normalised) each holds.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequences (or tokens, see the unit) per optimizer step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens the whole run trains on (15T); empty: no days and GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs of the run (1,024 and 1k work)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs in one node, on the intra-node link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intra-node link (NVLink) bandwidth per GPU, bytes/s one way (450G); prefilled from the device database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network bandwidth per GPU between nodes, bytes/s one way (50G); prefilled from the device database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor-parallel GPUs; empty: searched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline stages; empty: searched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunks per GPU (interleaved pipeline schedule); empty: searched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context-parallel GPUs; empty: searched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequences per micro-batch; empty: searched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Config file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Hugging Face config.json, read offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A preset, transformer:d=..,layers=..,heads=.., dimensions layers=L,hidden=H,heads=A[,kv_heads=K,ffn=F,vocab=V,act=gelu|swiglu,norm=layer|rms] or a Hugging Face config.json (Config file…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the global batch counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens to train</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recipe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intra-node link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset links</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take both links from the device database again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>v (chunks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence parallelism (with TP above 1); auto: searched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO stage over the data-parallel GPUs; auto: searched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation recomputation: none, selective (the attention core, Korthikanti et al. 2022) or full (every layer); auto: searched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device: {device} (the toolbar&apos;s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in the database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plan: {key} must be text, got {kind}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plan: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlanNames</name>
    <message>
        <source>compute</source>
        <extracomment>Memory categories of the busiest GPU, bottom to top (the peak is their sum, drawn as the bar). Category -&gt; index into the theme&apos;s series (fixed: a category never changes colour). Weights, gradients, optimizer state and activations take the Memory tab&apos;s colours.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP comm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP comm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP sends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP comm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>temporaries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allowance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>middle stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start of backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top layer&apos;s backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>end of backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bottom segment&apos;s recompute</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlanTab</name>
    <message>
        <source>Plan</source>
        <extracomment>Columns of the ranked table from most to least important (the rest hide when narrow).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search every layout the fixed dimensions leave open, in the background: one layer is traced once, then each layout is planned from it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not planned yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin as A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep these candidates on the chart as plan A; change the cluster (device, GPUs) to overlay another</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the candidates as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open in Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace the layer the plan traced (one layer of the model&apos;s width, one micro-batch) op by op in the Step tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use in Napkin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put the chosen layout&apos;s MFU, the parameters, tokens and GPUs into the Napkin tab&apos;s training-time card (6·N·D at that MFU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan a training run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan to see the fastest layouts that fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show layouts that do not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Greyed, each with what it would need (memory against capacity)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranked layouts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inputs changed: Plan again to update the layouts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not planned: see the message above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planning {model} on {cluster}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searched {n} layouts on {cluster}: {fit} fit; the fastest are listed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None of the {n} layouts fits on {cluster}: more GPUs, recomputation or a larger device would help; the closest are listed greyed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A: {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B: {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{fit} that fit, {unfit} that do not</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned {cluster} as A: change the device or the GPUs to compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates written to {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>global-batch: {tokens} tokens is not a whole number of sequences of {seq} tokens; allowed: a multiple of the sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{gpus} × {device}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{capacity} per GPU on {device}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time {step}, {m} micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per GPU {peak} of {capacity} ({stage}, {moment})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU {mfu}  ·  {tokens} tokens/s  ·  step {step}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU {mfu}  ·  {days}  ·  {hours} GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan to see the days and GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the tokens to see the days and GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{days}, {hours} GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout {rank} of {count}: {layout}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does not fit: {layout}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{which}  ·  step {step}, {tokens} tokens/s, HFU {hfu}, {tflops} TFLOP/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It does not fit ({why}); the change that helps most: {change}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It does not fit ({why}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limited by {limits}; the change that helps most: {change}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limited by {limits}; no single change makes it faster and still fits.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlanTable</name>
    <message>
        <source>Layout</source>
        <extracomment>Column keys, in order.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limited by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{used} of {capacity}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
