<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Plan</name>
    <message>
        <source>gpus: {gpus} GPUs do not fill whole nodes of {per_node}; allowed: a multiple of --gpus-per-node (or fewer GPUs than one node)</source>
        <extracomment>Activation recomputation: none, selective (the attention core, Korthikanti et al. 2022), full (every layer&apos;s forward again in backward, keeping only each layer&apos;s input). How context parallelism moves K and V: a ring of point-to-point exchanges overlapped with the attention blocks (Megatron-Core), or one all-gather before the attention (Llama 3, §3.3.2).</extracomment>
        <translation>GPU：{gpus} 个 GPU 填不满每节点 {per_node} 个的整节点；允许：--gpus-per-node 的整数倍（或少于一个节点的 GPU）</translation>
    </message>
    <message>
        <source>device: {name} has no intra-node link bandwidth in the database; give --intra-bw (bytes/s per GPU, e.g. 300e9)</source>
        <translation>设备：数据库中没有 {name} 的节点内链路带宽；请给出 --intra-bw（每个 GPU 的字节/秒，例如 300e9）</translation>
    </message>
    <message>
        <source>device: {name} has no network bandwidth in the database, so {gpus} GPUs on {nodes} nodes cannot be planned; give --network-bw (bytes/s per GPU, e.g. 50e9)</source>
        <translation>设备：数据库中没有 {name} 的网络带宽，无法规划 {nodes} 个节点上的 {gpus} 个 GPU；请给出 --network-bw（每个 GPU 的字节/秒，例如 50e9）</translation>
    </message>
    <message>
        <source>zero: {zero}; allowed: 0, 1, 2 or 3</source>
        <translation>ZeRO：{zero}；允许：0、1、2 或 3</translation>
    </message>
    <message>
        <source>recompute: {value}; allowed: {allowed}</source>
        <translation>重计算：{value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>attention kernel: {value}; allowed: {allowed}</source>
        <translation>注意力核函数：{value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>cp-comm: {value}; allowed: {allowed}</source>
        <translation>CP 通信：{value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>gemm dtype: {value}; allowed: bf16, fp16, fp8, tf32, fp32</source>
        <translation>GEMM 的 dtype：{value}；允许：bf16、fp16、fp8、tf32、fp32</translation>
    </message>
    <message>
        <source>model: the plan needs a transformer (a preset, a config.json or --dims)</source>
        <translation>模型：规划需要一个 Transformer（预设、config.json 或 --dims）</translation>
    </message>
    <message>
        <source>recipe: {dtype} weights; allowed: fp32, bf16 or fp16 weights</source>
        <translation>精度方案：{dtype} 权重；允许：fp32、bf16 或 fp16 权重</translation>
    </message>
    <message>
        <source>{dtype} GEMMs: {device} has no {dtype} peak; allowed: {have}</source>
        <translation>{dtype} GEMM：{device} 没有 {dtype} 峰值；可用：{have}</translation>
    </message>
    <message>
        <source>global-batch × seq: {tokens} tokens per step; allowed: up to 1e13</source>
        <translation>全局批量 × 序列：每步 {tokens} 个 token；允许：最多 1e13</translation>
    </message>
    <message>
        <source>tp: {tp} does not divide the {heads} attention heads; allowed: a divisor of {heads}</source>
        <translation>张量并行：{tp} 不能整除 {heads} 个注意力头；允许：{heads} 的约数</translation>
    </message>
    <message>
        <source>tp: {tp} and the {kv} KV heads: one must divide the other</source>
        <translation>张量并行：{tp} 与 {kv} 个 KV 头必须有一个整除另一个</translation>
    </message>
    <message>
        <source>vpp: {v} chunks per GPU need a pipeline; allowed: vpp 1 with pp 1</source>
        <translation>vpp：每个 GPU {v} 个分块需要流水线并行；允许：pp 为 1 时 vpp 为 1</translation>
    </message>
    <message>
        <source>pp: {pp} × vpp {v} does not divide the {layers} layers; allowed: pp × vpp dividing {layers} (or --uneven-stages, the first and last stage taking fewer)</source>
        <translation>流水线并行：{pp} × vpp {v} 不能整除 {layers} 层；允许：能整除 {layers} 的 pp × vpp（或用 --uneven-stages，让首末两级少分几层）</translation>
    </message>
    <message>
        <source>gpus: tp {tp} × pp {pp} × cp {cp} = {product} does not divide the {gpus} GPUs</source>
        <translation>GPU：tp {tp} × pp {pp} × cp {cp} = {product} 不能整除 {gpus} 个 GPU</translation>
    </message>
    <message>
        <source>dp: {dp} but tp × pp × cp leaves {left} for {gpus} GPUs</source>
        <translation>数据并行：给的是 {dp}，但 {gpus} 个 GPU 在 tp × pp × cp 之后剩下 {left}</translation>
    </message>
    <message>
        <source>cp: context parallelism needs flash attention; allowed: cp 1 without it</source>
        <translation>上下文并行：需要 flash attention；没有它时只允许 cp 1</translation>
    </message>
    <message>
        <source>cp: seq {seq} does not split into 2 × {cp} equal chunks (causal load balancing); allowed: cp with seq a multiple of 2·cp</source>
        <translation>上下文并行：序列 {seq} 不能分成 2 × {cp} 个相等的块（因果掩码的负载均衡）；允许：序列是 2·cp 整数倍的 cp</translation>
    </message>
    <message>
        <source>global-batch: {batch} sequences is not a multiple of dp {dp} × micro-batch {mb} = {product}</source>
        <translation>全局批量：{batch} 条序列不是数据并行 {dp} × 微批次 {mb} = {product} 的整数倍</translation>
    </message>
    <message>
        <source>vpp: the interleaved schedule needs the {m} micro-batches per step to be a multiple of pp {pp}</source>
        <translation>vpp：交错调度要求每步的 {m} 个微批次是 pp {pp} 的整数倍</translation>
    </message>
    <message>
        <source>zero: ZeRO-{zero} shards the gradients the pipeline accumulates; allowed: zero 0 or 1 with pp &gt; 1</source>
        <translation>ZeRO：ZeRO-{zero} 会切分流水线并行正在累积的梯度；pp &gt; 1 时允许：zero 0 或 1</translation>
    </message>
    <message>
        <source>out of memory: the {stage} stage needs {need} per GPU at the {moment}, the device has {have}</source>
        <translation>显存不足：{stage}级在{moment}时每个 GPU 需要 {need}，设备只有 {have}</translation>
    </message>
    <message>
        <source>dims: {key}={value}; allowed: 0 or 1</source>
        <extracomment>The keys ``--dims`` accepts.</extracomment>
        <translation>维度：{key}={value}；允许：0 或 1</translation>
    </message>
    <message>
        <source>dims: {part} is not a dimension; allowed: {keys} as key=value</source>
        <translation>维度：{part} 不是维度；允许：{keys}，写成 key=value</translation>
    </message>
    <message>
        <source>dims: {key} is given twice</source>
        <translation>维度：{key} 给了两次</translation>
    </message>
    <message>
        <source>dims: {key}=… is missing; required: layers, hidden and heads</source>
        <translation>维度：缺少 {key}=…；必需：layers、hidden 和 heads</translation>
    </message>
    <message>
        <source>dims: act={value}; allowed: gelu or swiglu</source>
        <translation>维度：act={value}；允许：gelu 或 swiglu</translation>
    </message>
    <message>
        <source>dims: norm={value}; allowed: layer or rms</source>
        <translation>维度：norm={value}；允许：layer 或 rms</translation>
    </message>
    <message>
        <source>model: give one of --model, --config or --dims, not {given}</source>
        <translation>模型：--model、--config、--dims 只能给一个，不能同时给 {given}</translation>
    </message>
    <message>
        <source>model: the plan needs a transformer; allowed: a preset, transformer:…, --config or --dims</source>
        <translation>模型：规划需要一个 Transformer；允许：预设、transformer:…、--config 或 --dims</translation>
    </message>
    <message>
        <source>seq: {seq} is beyond the model&apos;s {positions} learned positions; allowed: up to {positions}</source>
        <translation>序列：{seq} 超出了模型学到的 {positions} 个位置；允许：最多 {positions}</translation>
    </message>
    <message>
        <source>{layout}: step {step}, {tokens} tokens/s, MFU {mfu}, HFU {hfu}</source>
        <extracomment>The step-time breakdown&apos;s keys, in stacking order.</extracomment>
        <translation>{layout}：每步 {step}，{tokens} token/s，MFU {mfu}，HFU {hfu}</translation>
    </message>
    <message>
        <source>tracing one layer of the model</source>
        <translation>正在追踪模型的一层</translation>
    </message>
    <message>
        <source>search: no layout of {gpus} GPUs can run this model with a global batch of {batch}; check that the GPUs, the batch and the fixed dimensions agree</source>
        <translation>搜索：{gpus} 个 GPU 的任何布局都无法以全局批量 {batch} 运行这个模型；请检查 GPU 数、批量和固定的维度是否相容</translation>
    </message>
    <message>
        <source>layout {i} of {n}</source>
        <translation>第 {i} 个布局，共 {n} 个</translation>
    </message>
    <message>
        <source>{n} layouts planned, {fit} fit</source>
        <translation>规划了 {n} 个布局，{fit} 个放得下</translation>
    </message>
    <message>
        <source>selective recomputation instead of full</source>
        <translation>用选择性重计算代替完全重计算</translation>
    </message>
    <message>
        <source>no recomputation instead of {old}</source>
        <translation>不做重计算，代替 {old}</translation>
    </message>
    <message>
        <source>full recomputation instead of none</source>
        <translation>用完全重计算代替不重计算</translation>
    </message>
    <message>
        <source>micro-batch {new} instead of {old}</source>
        <translation>微批次 {new}，代替 {old}</translation>
    </message>
    <message>
        <source>TP {new} instead of {old}</source>
        <translation>张量并行 {new}，代替 {old}</translation>
    </message>
    <message>
        <source>PP {new} instead of {old}</source>
        <translation>流水线并行 {new}，代替 {old}</translation>
    </message>
    <message>
        <source>{new} pipeline chunks per GPU instead of {old}</source>
        <translation>每个 GPU {new} 个流水线分块，代替 {old}</translation>
    </message>
    <message>
        <source>sequence parallelism</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>ZeRO-{new} instead of ZeRO-{old}</source>
        <translation>ZeRO-{new}，代替 ZeRO-{old}</translation>
    </message>
    <message>
        <source>CP {new} instead of {old}</source>
        <translation>上下文并行 {new}，代替 {old}</translation>
    </message>
    <message>
        <source>fp8 GEMMs</source>
        <translation>fp8 GEMM</translation>
    </message>
    <message>
        <source>{device} instead of {old}</source>
        <translation>{device}，代替 {old}</translation>
    </message>
    <message>
        <source>still fits</source>
        <translation>仍放得下</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>{change}: {gain} tokens/s, {fit}</source>
        <translation>{change}：token/s {gain}，{fit}</translation>
    </message>
    <message>
        <source>only</source>
        <extracomment>The pipeline stages&apos; names in sentences (``only``: no pipeline).</extracomment>
        <translation>唯一</translation>
    </message>
    <message>
        <source>first</source>
        <translation>第一</translation>
    </message>
    <message>
        <source>middle</source>
        <translation>中间</translation>
    </message>
    <message>
        <source>last</source>
        <translation>最后</translation>
    </message>
    <message>
        <source>not modelled: stragglers and slow nodes, data loading, failures and restarts, checkpoint saves, evaluation, network congestion from other jobs and job placement, NCCL&apos;s tree and NVLS algorithms, overlap inside a kernel, load imbalance between data-parallel ranks</source>
        <translation>未建模：掉队者和慢节点、数据加载、故障与重启、保存检查点、评估、其他作业造成的网络拥塞和作业摆放、NCCL 的树形与 NVLS 算法、核函数内部的重叠、数据并行各 rank 之间的负载不均</translation>
    </message>
    <message>
        <source>the network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>the intra-node link</source>
        <translation>节点内链路</translation>
    </message>
    <message>
        <source>out of memory: {need} of {have}</source>
        <translation>显存不足：需要 {need}，只有 {have}</translation>
    </message>
    <message>
        <source>TP all-reduce over the network {share}</source>
        <translation>走网络的张量并行 all-reduce {share}</translation>
    </message>
    <message>
        <source>TP communication {share}</source>
        <translation>张量并行通信 {share}</translation>
    </message>
    <message>
        <source>recomputation {share}</source>
        <translation>重计算 {share}</translation>
    </message>
    <message>
        <source>CP exchanges {share}</source>
        <translation>上下文并行交换 {share}</translation>
    </message>
    <message>
        <source>pipeline sends {share}</source>
        <translation>流水线发送 {share}</translation>
    </message>
    <message>
        <source>pipeline bubble {share}</source>
        <translation>流水线气泡 {share}</translation>
    </message>
    <message>
        <source>gradient reduction {share} exposed</source>
        <translation>梯度归约暴露 {share}</translation>
    </message>
    <message>
        <source>optimizer step {share}</source>
        <translation>优化器步 {share}</translation>
    </message>
    <message>
        <source>memory {share} full</source>
        <translation>显存已用 {share}</translation>
    </message>
    <message>
        <source>memory-bound kernels {share} of compute</source>
        <translation>内存受限的核函数占计算的 {share}</translation>
    </message>
    <message>
        <source>compute-bound: MFU {mfu}</source>
        <translation>计算受限：MFU {mfu}</translation>
    </message>
    <message>
        <source>compute: the Step trace of one {width}-wide layer ({ops} kernels&apos; worth of ops), the embedding and the head, scaled to {layers} layers; GEMMs at {gemm} of the {dtype} peak times their wave and tile quantization ({tile} tiles over {sms} SMs), flash attention ({kernel}) at {fwd} (forward) and {bwd} (backward) of peak at {seq} tokens, a causal kernel doing half the s² work; memory-bound ops at {bw} of the memory bandwidth; {launch} µs per kernel</source>
        <translation>计算：单步追踪中宽度为 {width} 的一层（{ops} 个核函数的算子）、嵌入层和输出头，按 {layers} 层放大；GEMM 达到 {dtype} 峰值的 {gemm}，再乘以其波次和分块量化（{tile} 分块、{sms} 个 SM）；flash attention（{kernel}）在 {seq} 个 token 时达到峰值的 {fwd}（前向）和 {bwd}（反向），因果核函数只做一半的 s² 工作；内存受限算子达到内存带宽的 {bw}；每个核函数 {launch} µs</translation>
    </message>
    <message>
        <source>attention unfused: QKᵀ and P·V as batched GEMMs with the scale, mask, softmax and dropout between them, the s² probabilities kept</source>
        <translation>注意力未融合：QKᵀ 和 P·V 是批量 GEMM，中间是缩放、掩码、softmax 和 dropout，保留 s² 的概率</translation>
    </message>
    <message>
        <source>fused kernels: the memory-bound ops between two GEMMs run as one kernel that moves as much as the largest of them</source>
        <translation>融合核函数：两个 GEMM 之间的内存受限算子合成一个核函数，搬运量与其中最大的一个相同</translation>
    </message>
    <message>
        <source>eager kernels: every memory-bound op is its own kernel</source>
        <translation>eager 核函数：每个内存受限算子各是一个核函数</translation>
    </message>
    <message>
        <source>the LM head&apos;s cross-entropy runs as separate kernels over the fp32 logits (no loss fusion)</source>
        <translation>输出头的交叉熵在 fp32 logits 上以多个独立核函数运行（未做损失融合）</translation>
    </message>
    <message>
        <source>each GEMM output tile also pays a fixed cost worth {k} iterations of its K loop (pipeline prologue and epilogue); the large-GEMM efficiency is the one measured at {shape}</source>
        <translation>每个 GEMM 输出分块还要付出相当于其 K 循环 {k} 次迭代的固定开销（流水线的开头和收尾）；大 GEMM 效率取自在 {shape} 上的测量</translation>
    </message>
    <message>
        <source>collectives: rings at the group&apos;s bus bandwidth (across nodes, every NIC of the group&apos;s GPUs in a node carries the ring), plus NCCL&apos;s ring latency ({base} µs, {hop} µs per NVLink hop, {net} µs per network hop), paid per layer by the gradient reduction and ZeRO&apos;s gathers; compute running beside an overlapped collective runs {slow} slower</source>
        <translation>集合通信：环形算法按组的总线带宽运行（跨节点时，组内各 GPU 在节点中的每块网卡都承载环），再加 NCCL 的环延迟（{base} µs，每个 NVLink 跳 {hop} µs，每个网络跳 {net} µs），梯度归约和 ZeRO 的收集每层各付一次；与重叠的集合通信同时运行的计算慢 {slow}</translation>
    </message>
    <message>
        <source>an all-gather and a reduce-scatter in place of each all-reduce (sequence parallel)</source>
        <translation>每个 all-reduce 换成一个 all-gather 加一个 reduce-scatter（序列并行）</translation>
    </message>
    <message>
        <source>2 all-reduces in forward and 2 in backward</source>
        <translation>前向 2 个 all-reduce，反向 2 个</translation>
    </message>
    <message>
        <source>hidden behind the layer&apos;s GEMMs up to their duration (Transformer Engine&apos;s userbuffers)</source>
        <translation>在这一层的 GEMM 时长之内被其隐藏（Transformer Engine 的 userbuffers）</translation>
    </message>
    <message>
        <source>on the critical path, not overlapped (Megatron-LM)</source>
        <translation>在关键路径上，不重叠（Megatron-LM）</translation>
    </message>
    <message>
        <source>TP {tp}: per layer and micro-batch, {what} of {size}, over {link} at {busbw} bus bandwidth; {overlap}</source>
        <translation>张量并行 {tp}：每层每个微批次 {what}，每次 {size}，经{link}，总线带宽 {busbw}；{overlap}</translation>
    </message>
    <message>
        <source>CP {cp}: K and V pass around a ring of {cp} ranks over {link} at {busbw}, each step hidden behind the attention block it feeds; only the excess shows</source>
        <translation>上下文并行 {cp}：K 和 V 在 {cp} 个 rank 的环上经{link}传递，带宽 {busbw}，每一步被它所供给的注意力块隐藏；只有超出的部分显现</translation>
    </message>
    <message>
        <source>CP {cp}: K and V all-gathered before the attention over {link} at {busbw}, exposed (Llama 3)</source>
        <translation>上下文并行 {cp}：注意力之前经{link}对 K 和 V 做 all-gather，带宽 {busbw}，暴露在外（Llama 3）</translation>
    </message>
    <message>
        <source>interleaved schedule with {v} chunks per GPU</source>
        <translation>交错调度，每个 GPU {v} 个分块</translation>
    </message>
    <message>
        <source>1F1B schedule</source>
        <translation>1F1B 调度</translation>
    </message>
    <message>
        <source>PP {pp}: {schedule}, {m} micro-batches, bubble (p−1)/(v·m) = {bubble} of the pipeline&apos;s compute; one activation per micro-batch and chunk each way between stages over {link}, exposed</source>
        <translation>流水线并行 {pp}：{schedule}，{m} 个微批次，气泡 (p−1)/(v·m) = 流水线计算的 {bubble}；每个微批次和分块在相邻级之间经{link}各方向传一次激活值，暴露在外</translation>
    </message>
    <message>
        <source>all-reduce of the gradients</source>
        <translation>梯度的 all-reduce</translation>
    </message>
    <message>
        <source>reduce-scatter of the gradients and all-gather of the weights (ZeRO-1)</source>
        <translation>梯度的 reduce-scatter 和权重的 all-gather（ZeRO-1）</translation>
    </message>
    <message>
        <source>reduce-scatter of the gradients and all-gather of the weights (ZeRO-2)</source>
        <translation>梯度的 reduce-scatter 和权重的 all-gather（ZeRO-2）</translation>
    </message>
    <message>
        <source>all-gathers of the weights for every micro-batch&apos;s forward and backward and reduce-scatters of the gradients (ZeRO-3)</source>
        <translation>每个微批次前向和反向时对权重做 all-gather，并对梯度做 reduce-scatter（ZeRO-3）</translation>
    </message>
    <message>
        <source>overlapped with the last micro-batch&apos;s backward and the next step&apos;s first forward (bucketed, as PyTorch DDP and Megatron&apos;s overlap options); only the excess shows</source>
        <translation>与最后一个微批次的反向和下一步的第一个前向重叠（分桶，如 PyTorch DDP 和 Megatron 的重叠选项）；只有超出的部分显现</translation>
    </message>
    <message>
        <source>after the pipeline flush, not overlapped</source>
        <translation>在流水线排空之后，不重叠</translation>
    </message>
    <message>
        <source>DP over {n} ranks: {what} of {params} parameters per GPU, over {link} at {busbw}; {overlap}</source>
        <translation>数据并行跨 {n} 个 rank：每个 GPU {params} 个参数的{what}，经{link}，带宽 {busbw}；{overlap}</translation>
    </message>
    <message>
        <source>optimizer: one fused update of the GPU&apos;s shard (weights, gradients, {states} states{master}), memory-bound, after the gradients are reduced</source>
        <translation>优化器：梯度归约之后，对本 GPU 的分片（权重、梯度、{states} 个状态{master}）做一次融合更新，内存受限</translation>
    </message>
    <message>
        <source>, fp32 master copy</source>
        <translation>、fp32 主副本</translation>
    </message>
    <message>
        <source>memory: the {stage} stage&apos;s GPU at the {moment}, {layers} layers&apos; activations in flight; the allowance (CUDA context and workspaces ≈ 1 GB + 10 % of tensor bytes) included</source>
        <translation>显存：{stage}级的 GPU，在{moment}时，有 {layers} 层的激活值在途；已含预留（CUDA 上下文和工作区 ≈ 1 GB + 张量字节的 10 %）</translation>
    </message>
    <message>
        <source>selective recomputation with flash attention runs the flash forward again for little memory: the kernel keeps no s² tensor anyway</source>
        <translation>使用 flash attention 时，选择性重计算会再跑一次 flash 前向却省不了多少显存：该核函数本来就不保留 s² 张量</translation>
    </message>
</context>
</TS>
