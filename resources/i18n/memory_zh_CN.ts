<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Memory</name>
    <message>
        <source>checkpoint: {value} is not a policy; allowed: none, every, sqrt or a whole number of layers per segment from 1 to 100,000</source>
        <translation>检查点：{value} 不是有效策略；允许：none、every、sqrt，或每段层数（1 到 100,000 的整数）</translation>
    </message>
    <message>
        <source>2 tensors × B·D × {e} B per layer (pre- and post-ReLU: the full count)</source>
        <translation>每层 2 个张量 × B·D × {e} B（ReLU 前和 ReLU 后：完整计数）</translation>
    </message>
    <message>
        <source>{e}·B·D per layer ({e} bytes × B·D·L over the net: the lecture&apos;s count)</source>
        <translation>每层 {e}·B·D（全网络 {e} 字节 × B·D·L：课程中的计数）</translation>
    </message>
    <message>
        <source>the loss&apos;s gradient ({e}·B·D)</source>
        <translation>损失的梯度（{e}·B·D）</translation>
    </message>
    <message>
        <source>a block&apos;s input and output gradients (2 × {e}·B·D)</source>
        <translation>一个块的输入梯度和输出梯度（2 × {e}·B·D）</translation>
    </message>
    <message>
        <source>{sum} bytes per layer ({attention}, {dropout}, {e}-byte activations, {kernels} kernels; Korthikanti et al. 2022: 34·s·b·h + 5·a·s²·b)</source>
        <translation>每层 {sum} 字节（{attention}，{dropout}，{e} 字节激活值，{kernels} 内核；Korthikanti 等 2022：34·s·b·h + 5·a·s²·b）</translation>
    </message>
    <message>
        <source>flash</source>
        <translation>flash 注意力</translation>
    </message>
    <message>
        <source>no flash</source>
        <translation>无 flash 注意力</translation>
    </message>
    <message>
        <source>dropout</source>
        <translation>dropout</translation>
    </message>
    <message>
        <source>no dropout</source>
        <translation>无 dropout</translation>
    </message>
    <message>
        <source>final norm + LM-head input (s·b·h each) + fp32 log-softmax (4·s·b·V)</source>
        <translation>最终归一化层 + LM 头输入（各 s·b·h）+ fp32 log-softmax（4·s·b·V）</translation>
    </message>
    <message>
        <source>autocast&apos;s {e}-byte copy of the output layer (V·h)</source>
        <translation>autocast 的输出层 {e} 字节副本（V·h）</translation>
    </message>
    <message>
        <source>embedding dropout mask</source>
        <translation>嵌入层 dropout 掩码</translation>
    </message>
    <message>
        <source>2 residual gradients (2·{e}·s·b·h) + the larger of the MLP&apos;s ({n}·{e}·s·b·ffn) and the attention&apos;s s² gradients</source>
        <translation>2 个残差梯度（2·{e}·s·b·h）+ MLP 梯度（{n}·{e}·s·b·ffn）与注意力 s² 梯度中较大者</translation>
    </message>
    <message>
        <source>2 residual gradients (2·{e}·s·b·h) + the larger of the MLP&apos;s ({n}·{e}·s·b·ffn)</source>
        <translation>2 个残差梯度（2·{e}·s·b·h）+ MLP 梯度中较大者（{n}·{e}·s·b·ffn）</translation>
    </message>
    <message>
        <source>fp32 gradients of the log-softmax and of the logits (2 × 4·s·b·V)</source>
        <translation>log-softmax 和 logits 的 fp32 梯度（2 × 4·s·b·V）</translation>
    </message>
    <message>
        <source>{layer} + the output layer&apos;s gradient waiting for the tied embedding&apos;s</source>
        <translation>{layer} + 等待绑定嵌入梯度的输出层梯度</translation>
    </message>
    <message>
        <source>the tied embedding&apos;s gradient: the head&apos;s part, the embedding&apos;s part and their sum (3 × V·h gradients)</source>
        <translation>绑定嵌入的梯度：输出头部分、嵌入部分及二者之和（3 × V·h 梯度）</translation>
    </message>
    <message>
        <source>the embedding&apos;s gradient being made (V·h)</source>
        <translation>正在生成的嵌入梯度（V·h）</translation>
    </message>
    <message>
        <source>{layer} + the tied output layer&apos;s gradient</source>
        <translation>{layer} + 绑定输出层的梯度</translation>
    </message>
    <message>
        <source>bottom segment&apos;s recompute</source>
        <translation>最底段的重计算</translation>
    </message>
    <message>
        <source>start of backward</source>
        <translation>反向开始时</translation>
    </message>
    <message>
        <source>top layer&apos;s backward</source>
        <translation>顶层反向时</translation>
    </message>
    <message>
        <source>end of backward</source>
        <translation>反向结束时</translation>
    </message>
    <message>
        <source>weights are exact in both: bytes/param × N (ZeRO-3 sharding is not traced).</source>
        <extracomment>Why a traced category differs from the estimate, in general.</extracomment>
        <translation>两者的权重都精确：字节/参数 × N（未追踪 ZeRO-3 分片）。</translation>
    </message>
    <message>
        <source>gradients exist only after backward; the trace&apos;s peak (start of backward) has none yet, the estimate adds them anyway (an upper bound). ZeRO-2 sharding is not traced.</source>
        <translation>梯度在反向之后才存在；追踪的峰值（反向开始时）还没有梯度，估算仍把它们算上（一个上界）。未追踪 ZeRO-2 分片。</translation>
    </message>
    <message>
        <source>state is made before the step (steady state); ZeRO-1 sharding is not traced.</source>
        <translation>状态在这一步之前已创建（稳态）；未追踪 ZeRO-1 分片。</translation>
    </message>
    <message>
        <source>the formula counts the large saved tensors; the trace also sees small ones (norm statistics, masks, the loss) and what this torch version really keeps.</source>
        <translation>公式只计入保存的大张量；追踪还能看到小张量（归一化统计量、掩码、损失）以及当前 torch 版本实际保存的内容。</translation>
    </message>
    <message>
        <source>temporaries (the loss&apos;s fp32 gradients at the start of backward, one layer&apos;s backward gradients, the embedding&apos;s gradient at the end) are estimated at the estimate&apos;s peak moment; the trace shows those at its own peak.</source>
        <translation>临时张量（反向开始时损失的 fp32 梯度、一层反向中的梯度、结束时的嵌入梯度）按估算峰值时刻估计；追踪显示的是其自身峰值时的临时张量。</translation>
    </message>
    <message>
        <source>the estimated peak is the fullest of a few moments of backward (start of backward, top layer, end of backward; with checkpointing the bottom segment&apos;s recompute); the traced peak is the fullest moment seen. Neither includes the allowance (CUDA context, allocator reserve).</source>
        <translation>估算峰值取反向中几个时刻里占用最多的一个（反向开始、顶层、反向结束；使用检查点时还有最底段的重计算）；追踪峰值是观察到的占用最多的时刻。两者都不含预留量（CUDA 上下文、分配器预留）。</translation>
    </message>
    <message>
        <source>params</source>
        <extracomment>The categories&apos; names at the start of a line.</extracomment>
        <translation>参数</translation>
    </message>
    <message>
        <source>grads</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>{category}: estimate {estimate}, trace {trace} ({gap}).</source>
        <translation>{category}：估算 {estimate}，追踪 {trace}（{gap}）。</translation>
    </message>
    <message>
        <source>The estimate is per device with ZeRO-{zero} over {gpus} GPUs; the trace is one unsharded device.</source>
        <translation>估算是 {gpus} 个 GPU 上 ZeRO-{zero} 的每设备值；追踪是一台未分片的设备。</translation>
    </message>
    <message>
        <source>Autograd makes gradients in the weights&apos; dtype, so the trace shows {params} gradients, not {grads}.</source>
        <translation>Autograd 以权重的数据类型生成梯度，因此追踪显示的是 {params} 梯度，而不是 {grads}。</translation>
    </message>
    <message>
        <source>temporaries: estimate {estimate} at the {moment}, trace {trace}.</source>
        <translation>临时张量：估算 {estimate}（{moment}），追踪 {trace}。</translation>
    </message>
    <message>
        <source>total: estimated peak {estimate} ({moment}), traced peak {trace} ({gap}).</source>
        <translation>合计：估算峰值 {estimate}（{moment}），追踪峰值 {trace}（{gap}）。</translation>
    </message>
    <message>
        <source>{runtime} ≈ {context} GB + allocator reserve ≈ {reserve} of tensor bytes</source>
        <extracomment>Kernel families whose saved tensors the activation model follows (see :mod:`core.memory.activations`): ``cuda`` (NVIDIA and AMD GPUs) or ``cpu``. The stacked categories, bottom to top. Allowance for the CUDA context, cuBLAS/cuDNN workspaces and NCCL buffers (typical, varies). Allowance for the caching allocator&apos;s reserve and fragmentation, as a share of tensor bytes. What the CUDA runtime keeps besides tensors (the name a device of another family replaces).</extracomment>
        <translation>{runtime} ≈ {context} GB + 分配器预留 ≈ 张量字节的 {reserve}</translation>
    </message>
    <message>
        <source>micro-batch: {micro} does not divide the batch {batch}; allowed: a divisor of the batch ({divisors})</source>
        <translation>微批量：{micro} 不能整除批量 {batch}；允许：批量的约数（{divisors}）</translation>
    </message>
    <message>
        <source>kernels: {kernels}; allowed: {allowed} (whose kernels decide what is saved for backward)</source>
        <translation>内核：{kernels}；允许：{allowed}（由哪种内核决定为反向保存什么）</translation>
    </message>
    <message>
        <source>zero: {zero}; allowed: 0 (none), 1 (optimizer), 2 (+grads), 3 (+params, = FSDP)</source>
        <translation>ZeRO：{zero}；允许：0（无）、1（优化器）、2（+梯度）、3（+参数，即 FSDP）</translation>
    </message>
    <message>
        <source>recompute: one more forward of the L checkpointed blocks, 2·N·D = 2 × {n} × {tokens}</source>
        <translation>重计算：L 个检查点块再做一次前向，2·N·D = 2 × {n} × {tokens}</translation>
    </message>
    <message>
        <source>recompute: the checkpointed layers&apos; forward again, 2·N_layers·D = 2 × {n} × {tokens} + attention 4·L·B·s²·d (not the embeddings, the output layer or the loss)</source>
        <translation>重计算：检查点层再做一次前向，2·N_layers·D = 2 × {n} × {tokens} + 注意力 4·L·B·s²·d（不含嵌入层、输出层和损失）</translation>
    </message>
    <message>
        <source>6·N_active·D = 6 × {n} × {tokens} tokens (the parameters one token uses, without embedding lookups)</source>
        <translation>6·N_active·D = 6 × {n} × {tokens} 个 token（一个 token 用到的参数，不含嵌入查表）</translation>
    </message>
    <message>
        <source>6·N·D = 6 × {n} × {tokens} tokens</source>
        <translation>6·N·D = 6 × {n} × {tokens} 个 token</translation>
    </message>
    <message>
        <source>6·N·D = 6 × {n} × {tokens} tokens (N without embedding lookups)</source>
        <translation>6·N·D = 6 × {n} × {tokens} 个 token（N 不含嵌入查表）</translation>
    </message>
    <message>
        <source>attention 12·L·B·s²·d (QKᵀ and A·V, forward + backward, causal mask not halved)</source>
        <translation>注意力 12·L·B·s²·d（QKᵀ 和 A·V，前向 + 反向，因果掩码不减半）</translation>
    </message>
    <message>
        <source>flash backward&apos;s QKᵀ again 2·L·B·s²·d (hardware FLOPs only: not in MFU&apos;s model FLOPs)</source>
        <translation>flash 反向再算一次 QKᵀ 2·L·B·s²·d（只计入硬件 FLOPs，不计入 MFU 的模型 FLOPs）</translation>
    </message>
    <message>
        <source>the dropped token copies&apos; expert GEMMs not run (−{flops} FLOPs, hardware FLOPs only)</source>
        <translation>被丢弃的 token 副本不运行专家 GEMM（−{flops} FLOPs，仅硬件 FLOPs）</translation>
    </message>
    <message>
        <source>{bytes} B × {count} params / {gpus} GPUs</source>
        <translation>{bytes} B × {count} 个参数 / {gpus} 个 GPU</translation>
    </message>
    <message>
        <source>{bytes} B × {count} params</source>
        <translation>{bytes} B × {count} 个参数</translation>
    </message>
    <message>
        <source>dispatch + combine: 2 × ETP·s·b·k = {rows} rows × h = {h} × {e} B (the all-to-all&apos;s buffers, counted at the peak)</source>
        <translation>dispatch + combine：2 × ETP·s·b·k = {rows} 行 × h = {h} × {e} B（all-to-all 的缓冲区，计入峰值）</translation>
    </message>
    <message>
        <source>at the {moment}: params + optimizer + gradients + activations alive + temporaries (the largest of start of backward, top layer&apos;s backward and end of backward)</source>
        <translation>{moment}：参数 + 优化器 + 梯度 + 存活的激活值 + 临时张量（取反向开始时、顶层反向时和反向结束时中的最大者）</translation>
    </message>
    <message>
        <source>at the {moment}: params + optimizer + activations alive + temporaries (the largest of start of backward, top layer&apos;s backward and end of backward)</source>
        <translation>{moment}：参数 + 优化器 + 存活的激活值 + 临时张量（取反向开始时、顶层反向时和反向结束时中的最大者）</translation>
    </message>
    <message>
        <source>ZeRO-3 also holds {gathered} of weights whole at that moment (the root module and the layers being computed, one prefetched) and each layer&apos;s gradient whole until it is reduce-scattered</source>
        <translation>ZeRO-3 在该时刻还完整持有 {gathered} 的权重（根模块和正在计算的层，另预取一层），且每层的梯度在 reduce-scatter 之前保持完整</translation>
    </message>
    <message>
        <source>allowance (not traced): {what}</source>
        <translation>预留量（未追踪）：{what}</translation>
    </message>
    <message>
        <source>{bytes} B × ({dense} params / {gpus} + experts {local} params / {edp})</source>
        <translation>{bytes} B × ({dense} 参数 / {gpus} + 专家 {local} 参数 / {edp})</translation>
    </message>
    <message>
        <source>L = {layers} × per layer</source>
        <translation>L = {layers} × 每层</translation>
    </message>
    <message>
        <source>⌈L/k⌉ = {segments} layer inputs + k = {k} layers recomputed</source>
        <translation>⌈L/k⌉ = {segments} 个层输入 + 重计算 k = {k} 层</translation>
    </message>
    <message>
        <source>the recomputed layers or, if larger, {outside}</source>
        <translation>重计算的层，或更大的 {outside}</translation>
    </message>
    <message>
        <source>plus {outside}</source>
        <translation>另加 {outside}</translation>
    </message>
    <message>
        <source>micro-batch {micro} of {batch}</source>
        <translation>微批量 {micro}（批量 {batch}）</translation>
    </message>
    <message>
        <source>{formula} (at the {moment})</source>
        <translation>{formula}（{moment}）</translation>
    </message>
    <message>
        <source>weights, gradients and state alone ({state}) do not fit in {capacity}</source>
        <translation>仅权重、梯度和状态（{state}）就放不进 {capacity}</translation>
    </message>
    <message>
        <source>the tensors of a micro-batch of 1 ({peak}, of which weights, gradients and state {state}) fit in {capacity}; the {allowance} allowance tips it over</source>
        <translation>微批量为 1 时的张量（{peak}，其中权重、梯度和状态 {state}）放得进 {capacity}；是 {allowance} 的余量使其超出</translation>
    </message>
    <message>
        <source>weights, gradients and state ({state}) fit in {capacity}; one micro-batch&apos;s activations and temporaries tip it over ({peak} at the peak)</source>
        <translation>权重、梯度和状态（{state}）放得进 {capacity}；一个微批量的激活值和临时张量使其超出（峰值 {peak}）</translation>
    </message>
    <message>
        <source>GPUs: {value} is not a whole number</source>
        <extracomment>FSDPMemTracker&apos;s categories -&gt; ours. MemTracker&apos;s categories (ZeRO-1: parameters and gradients replicated) -&gt; ours. How each stage is traced (the JSON&apos;s ``method``).</extracomment>
        <translation>GPU 数：{value} 不是整数</translation>
    </message>
    <message>
        <source>GPUs: {ranks} ranks cannot be traced per rank; allowed: 1 to {most}</source>
        <translation>GPU 数：无法按 rank 追踪 {ranks} 个 rank；允许：1 到 {most}</translation>
    </message>
    <message>
        <source>ZeRO: stage {zero} is not traced per rank (every rank holds everything, as in the one-device trace); allowed: 1, 2 or 3</source>
        <translation>ZeRO：阶段 {zero} 不做按 rank 追踪（每个 rank 都持有全部内容，与单设备追踪相同）；允许：1、2 或 3</translation>
    </message>
    <message>
        <source>EP {ep} × ETP {etp}: the per-rank trace shards every weight over all ranks and does not lay experts out by expert parallelism (the one-device trace is one expert-parallel rank&apos;s share); allowed per rank: EP 1 and ETP 1</source>
        <translation>EP {ep} × ETP {etp}：逐 rank 追踪把每个权重分片到所有 rank 上，不按专家并行布置专家（单设备追踪就是一个专家并行 rank 的份额）；逐 rank 追踪允许：EP 1 且 ETP 1</translation>
    </message>
    <message>
        <source>Recipe: tracing {dtype} weights is not supported; allowed: fp32, bf16 or fp16</source>
        <translation>配方：不支持追踪 {dtype} 权重；允许：fp32、bf16 或 fp16</translation>
    </message>
    <message>
        <source>trace: a torch.distributed process group is already running here</source>
        <translation>追踪：此处已有一个 torch.distributed 进程组在运行</translation>
    </message>
    <message>
        <source>per-rank trace (ZeRO-{zero}, {ranks} fake ranks): step {step} of {steps}, forward of layer {layer} of {layers}</source>
        <translation>按 rank 追踪（ZeRO-{zero}，{ranks} 个伪 rank）：第 {step}/{steps} 步，第 {layer}/{layers} 层前向</translation>
    </message>
    <message>
        <source>GPUs: ZeRO-1 over {ranks} ranks cannot be traced: the model has {tensors} parameter tensors and each rank&apos;s optimizer state is made of whole tensors; allowed: 1 to {tensors} ranks</source>
        <translation>GPU 数：无法追踪 {ranks} 个 rank 上的 ZeRO-1：模型只有 {tensors} 个参数张量，而每个 rank 的优化器状态由完整张量组成；允许：1 到 {tensors} 个 rank</translation>
    </message>
    <message>
        <source>FSDP&apos;s ZeRO-2 (SHARD_GRAD_OP) keeps only a 1/{ranks} shard of the weights between steps and gathers them whole from forward to the end of backward; the ZeRO-2 formula keeps full weights on every rank</source>
        <extracomment>Estimate category -&gt; the traced categories it corresponds to (after the step: persistent state).</extracomment>
        <translation>FSDP 的 ZeRO-2（SHARD_GRAD_OP）在两步之间只保留 1/{ranks} 的权重分片，从前向到反向结束期间把它们聚合成完整权重；ZeRO-2 公式则让每个 rank 保留完整权重</translation>
    </message>
    <message>
        <source>ZeroRedundancyOptimizer gives each rank whole parameter tensors, largest first: rank 0 holds {share} of the optimizer state, not 1/{ranks}</source>
        <translation>ZeroRedundancyOptimizer 按从大到小把完整的参数张量分给各 rank：rank 0 持有 {share} 的优化器状态，而不是 1/{ranks}</translation>
    </message>
    <message>
        <source>FSDP pads every parameter&apos;s first dimension to a multiple of {ranks} ranks: parameters with fewer rows than ranks still take a whole row per rank</source>
        <translation>FSDP 把每个参数的第一维填充到 {ranks} 个 rank 的倍数：行数少于 rank 数的参数在每个 rank 上仍占一整行</translation>
    </message>
    <message>
        <source>the trace keeps state the formula does not count</source>
        <translation>追踪保留了公式未计入的状态</translation>
    </message>
    <message>
        <source>the formula counts state this optimizer does not keep</source>
        <translation>公式计入了该优化器并不保留的状态</translation>
    </message>
    <message>
        <source>weights</source>
        <extracomment>Names of the compared categories in sentences.</extracomment>
        <translation>权重</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>optimizer state (mean of the ranks)</source>
        <translation>优化器状态（各 rank 平均）</translation>
    </message>
    <message>
        <source>temporaries</source>
        <translation>临时张量</translation>
    </message>
    <message>
        <source>Rank 0 of {ranks} fake ranks under ZeRO-{zero} ({how}): traced peak {traced}, estimated peak {estimated} ({gap}).</source>
        <extracomment>The estimate&apos;s categories -&gt; the traced ones drawn in their place (bars at the peak).</extracomment>
        <translation>ZeRO-{zero}（{how}）下 {ranks} 个伪 rank 中的 rank 0：追踪峰值 {traced}，估算峰值 {estimated}（{gap}）。</translation>
    </message>
    <message>
        <source>The peaks differ by more than 10 %; at each peak:</source>
        <translation>两个峰值相差超过 10 %；各自峰值处：</translation>
    </message>
    <message>
        <source>{category} {traced} traced, {estimated} estimated;</source>
        <translation>{category}追踪 {traced}，估算 {estimated}；</translation>
    </message>
    <message>
        <source>the trace holds {moving} of gathered weights, unsharded gradients and communication buffers, which the ZeRO formulas do not count.</source>
        <translation>追踪中有 {moving} 的聚合权重、未分片梯度和通信缓冲区，ZeRO 公式没有计入它们。</translation>
    </message>
    <message>
        <source>The traced peak falls in the optimizer step, whose temporaries ({extra}) count as optimizer state.</source>
        <translation>追踪峰值出现在优化器步中，其临时张量（{extra}）计为优化器状态。</translation>
    </message>
    <message>
        <source>{category}: traced {traced}, formula {formula} ({gap}): {why}.</source>
        <translation>{category}：追踪 {traced}，公式 {formula}（{gap}）：{why}。</translation>
    </message>
    <message>
        <source>Weights, gradients and optimizer state per rank agree with the ZeRO formulas within 10 %.</source>
        <translation>每个 rank 的权重、梯度和优化器状态与 ZeRO 公式的差距在 10 % 以内。</translation>
    </message>
    <message>
        <source>measuring a real step on CUDA</source>
        <extracomment>What the window says while the real step runs.</extracomment>
        <translation>正在 CUDA 上测量真实的一步</translation>
    </message>
    <message>
        <source>per-rank trace failed: {detail}</source>
        <translation>按 rank 追踪失败：{detail}</translation>
    </message>
    <message>
        <source>real step failed: {detail}</source>
        <translation>真实步失败：{detail}</translation>
    </message>
    <message>
        <source>real step not run: it needs about {need} (estimated peak + allowance) and the GPU has {free} free</source>
        <translation>未运行真实步：它约需 {need}（估算峰值 + 预留量），而 GPU 只有 {free} 可用</translation>
    </message>
    <message>
        <source>real step ran out of memory: {detail}</source>
        <translation>真实步显存不足：{detail}</translation>
    </message>
    <message>
        <source>window_layers: {value} layers without a window; allowed: 0, or a window=… with it</source>
        <extracomment>Upper bounds on each shape field: far above any model trained so far, low enough that every count stays an exact Python int and every float stays finite.</extracomment>
        <translation>window_layers：{value} 层但没有给出窗口；允许：0，或同时给出 window=…</translation>
    </message>
    <message>
        <source>heads: {heads} does not divide d_model {d}; allowed: a divisor of d_model</source>
        <translation>头数：{heads} 不能整除 d_model {d}；允许：d_model 的约数</translation>
    </message>
    <message>
        <source>kv_heads: {kv_heads} does not divide heads {heads}; allowed: a divisor of heads (1 = multi-query, heads = multi-head)</source>
        <translation>KV 头数：{kv_heads} 不能整除头数 {heads}；允许：头数的约数（1 = 多查询，等于头数 = 多头）</translation>
    </message>
    <message>
        <source>heads: d_model {d} / heads {heads} = head dimension {hd}, which is odd; rotary positions rotate pairs of channels; allowed: heads that leave an even head dimension (or learned positions)</source>
        <translation>heads：d_model {d} / heads {heads} = 头维度 {hd}，是奇数；旋转位置编码按通道成对旋转；允许：使头维度为偶数的 heads（或学习式位置编码）</translation>
    </message>
    <message>
        <source>norm: unknown {norm}; allowed: layernorm, rmsnorm</source>
        <translation>归一化：未知的 {norm}；允许：layernorm、rmsnorm</translation>
    </message>
    <message>
        <source>MLA, latent {rank}</source>
        <translation>MLA，潜向量 {rank}</translation>
    </message>
    <message>
        <source>{name}: d={d}, L={layers}, {heads} heads ({attn}), ffn={ffn} {mlp}, vocab={vocab}, tied</source>
        <translation>{name}：d={d}，L={layers}，{heads} 个头（{attn}），ffn={ffn} {mlp}，词表={vocab}，绑定嵌入</translation>
    </message>
    <message>
        <source>{name}: d={d}, L={layers}, {heads} heads ({attn}), ffn={ffn} {mlp}, vocab={vocab}</source>
        <translation>{name}：d={d}，L={layers}，{heads} 个头（{attn}），ffn={ffn} {mlp}，词表={vocab}</translation>
    </message>
    <message>
        <source>MoE ({experts} experts, top-{top_k}, expert ffn={moe_ffn}) in {moe_layers} of {layers} layers</source>
        <translation>MoE（{experts} 个专家，top-{top_k}，专家 ffn={moe_ffn}），{layers} 层中的 {moe_layers} 层</translation>
    </message>
    <message>
        <source> + {shared} shared</source>
        <translation> + {shared} 个共享专家</translation>
    </message>
    <message>
        <source>{field}: set without experts; allowed: experts=E (routed experts per MoE layer) with it, or none of the MoE fields</source>
        <translation>{field}：未设 experts 却给出此项；允许：同时给出 experts=E（每个 MoE 层的路由专家数），或不给任何 MoE 字段</translation>
    </message>
    <message>
        <source>top_k: missing for {experts} experts; allowed: 1 to {experts} (routed experts per token)</source>
        <translation>top_k：{experts} 个专家缺少 top_k；允许：1 到 {experts}（每个 token 路由到的专家数）</translation>
    </message>
    <message>
        <source>top_k: {top_k} is more than the {experts} experts; allowed: 1 to {experts}</source>
        <translation>top_k：{top_k} 多于 {experts} 个专家；允许：1 到 {experts}</translation>
    </message>
    <message>
        <source>moe_ffn: missing for {experts} experts; allowed: the hidden width of one routed expert (a positive integer)</source>
        <translation>moe_ffn：{experts} 个专家缺少 moe_ffn；允许：单个路由专家的隐藏宽度（正整数）</translation>
    </message>
    <message>
        <source>shared_ffn: {width} without shared experts; allowed: shared_experts=S with it, or no shared_ffn</source>
        <translation>shared_ffn：{width}，但没有共享专家；允许：同时给出 shared_experts=S，或不给 shared_ffn</translation>
    </message>
    <message>
        <source>shared_gate: a gate without shared experts; allowed: shared_experts=S with it</source>
        <translation>shared_gate：没有共享专家却有门控；允许：同时给出 shared_experts=S</translation>
    </message>
    <message>
        <source>mlp_bias: biased experts are not modelled; allowed: an MoE model without MLP biases</source>
        <translation>mlp_bias：未建模带偏置的专家；允许：MLP 无偏置的 MoE 模型</translation>
    </message>
    <message>
        <source>dense_layers: {dense} leaves none of the {layers} layers for experts; allowed: 0 to {most}</source>
        <translation>dense_layers：{dense} 使 {layers} 层中没有一层留给专家；允许：0 到 {most}</translation>
    </message>
    <message>
        <source>moe_every: {every} leaves no MoE layer among layers {first} to {last}; allowed: 1 to {most}</source>
        <translation>moe_every：{every} 使第 {first} 到 {last} 层中没有 MoE 层；允许：1 到 {most}</translation>
    </message>
    <message>
        <source>{field}: set without kv_lora_rank; allowed: kv_lora_rank=R (multi-head latent attention) with it, or none of the MLA fields</source>
        <translation>{field}：未设 kv_lora_rank 却给出此项；允许：同时给出 kv_lora_rank=R（多头潜在注意力），或不给任何 MLA 字段</translation>
    </message>
    <message>
        <source>{field}: missing for latent attention (kv_lora_rank={rank}); allowed: a positive integer</source>
        <translation>{field}：潜在注意力（kv_lora_rank={rank}）缺少此项；允许：正整数</translation>
    </message>
    <message>
        <source>qk_rope_head_dim: {value} is odd; rotary positions rotate pairs of channels; allowed: an even width</source>
        <translation>qk_rope_head_dim：{value} 为奇数；旋转位置编码按通道对旋转；允许：偶数宽度</translation>
    </message>
    <message>
        <source>kv_lora_rank: latent attention is modelled with RMSNorm, rotary positions and its own head widths; allowed: norm=rmsnorm, no learned positions, no head_dim or q/k norm</source>
        <translation>kv_lora_rank：潜在注意力按 RMSNorm、旋转位置编码和其自身的头宽建模；允许：norm=rmsnorm，无可学习位置编码，无 head_dim 或 q/k 归一化</translation>
    </message>
    <message>
        <source>seq: {seq} is longer than {name}&apos;s {limit} learned positions; allowed: up to {limit} (its position embedding has no row beyond)</source>
        <translation>序列：{seq} 超过 {name} 的 {limit} 个可学习位置；允许：最多 {limit}（其位置嵌入没有更多的行）</translation>
    </message>
    <message>
        <source>seq: {seq} is longer than {name}&apos;s sliding attention window of {window}; allowed: up to {window} (beyond it each token attends to the window only, which is not modelled)</source>
        <translation>序列：{seq} 超过 {name} 的滑动注意力窗口 {window}；允许：最多 {window}（超出后每个 token 只关注窗口内，此处未建模）</translation>
    </message>
    <message>
        <source>seq: {seq} is longer than the {context} positions {name} was trained for (max_position_embeddings); rotary positions go on, so it is counted as asked</source>
        <translation>序列：{seq} 超过 {name} 训练时的 {context} 个位置（max_position_embeddings）；旋转位置编码可以继续延伸，因此按所给长度计算</translation>
    </message>
    <message>
        <source>model: unknown preset {name}; allowed: {presets}, mlp:d=D,layers=L or transformer:d=...,layers=...</source>
        <extracomment>Published shapes: GPT-2 (Radford et al. 2019, HF configs), Llama 2 (Touvron et al. 2023), Llama 3 (Meta 2024 model cards). Parameter counts follow from the shapes exactly.</extracomment>
        <translation>模型：未知的预设 {name}；允许：{presets}、mlp:d=D,layers=L 或 transformer:d=...,layers=...</translation>
    </message>
    <message>
        <source>model: {part} is not an option of {what}; allowed: {keys} as key=value separated by commas</source>
        <extracomment>The mixture-of-experts and latent-attention keys of ``transformer:`` and the Plan&apos;s ``--dims``.</extracomment>
        <translation>模型：{part} 不是 {what} 的选项；允许：{keys}，写成 key=value 并用逗号分隔</translation>
    </message>
    <message>
        <source>model: empty; allowed: a preset ({presets}) or mlp:d=4096,layers=8</source>
        <translation>模型：为空；允许：预设（{presets}）或 mlp:d=4096,layers=8</translation>
    </message>
    <message>
        <source>model: mlp needs {keys}; e.g. mlp:d=4096,layers=8</source>
        <translation>模型：mlp 需要 {keys}；例如 mlp:d=4096,layers=8</translation>
    </message>
    <message>
        <source>model: transformer needs {key}=...; e.g. transformer:d=2048,layers=24,heads=16</source>
        <translation>模型：transformer 需要 {key}=...；例如 transformer:d=2048,layers=24,heads=16</translation>
    </message>
    <message>
        <source>model: {key}={value}; allowed: true or false</source>
        <translation>模型：{key}={value}；允许：true 或 false</translation>
    </message>
    <message>
        <source>model: unknown kind {kind}; allowed: mlp:..., transformer:... or a preset</source>
        <translation>模型：未知的类型 {kind}；允许：mlp:...、transformer:... 或预设</translation>
    </message>
    <message>
        <source>model: cannot read {text}; e.g. mlp:d=4096,layers=8</source>
        <translation>模型：无法读取 {text}；例如 mlp:d=4096,layers=8</translation>
    </message>
    <message>
        <source>{name}: expected true or false, got {value}</source>
        <extracomment>Default option texts (the lecture&apos;s example network).</extracomment>
        <translation>{name}：应为 true 或 false，实际为 {value}</translation>
    </message>
    <message>
        <source>unknown option(s): {unknown}; allowed: {allowed}</source>
        <translation>未知选项：{unknown}；允许：{allowed}</translation>
    </message>
    <message>
        <source>SGD (no state)</source>
        <extracomment>Bytes per element of the storage dtypes a recipe may use. State per parameter (Kingma &amp; Ba 2015 for Adam; torch.optim keeps the same tensors; Muon, Jordan et al. 2024, one momentum, as Megatron-Core keeps it: core/plan/muon.py).</extracomment>
        <translation>SGD（无状态）</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>带动量的 SGD</translation>
    </message>
    <message>
        <source>AdaGrad (sum of squared gradients)</source>
        <translation>AdaGrad（梯度平方和）</translation>
    </message>
    <message>
        <source>RMSProp (average of g²)</source>
        <translation>RMSProp（g² 的平均）</translation>
    </message>
    <message>
        <source>Adam (first and second moments)</source>
        <translation>Adam（一阶矩和二阶矩）</translation>
    </message>
    <message>
        <source>AdamW (first and second moments)</source>
        <translation>AdamW（一阶矩和二阶矩）</translation>
    </message>
    <message>
        <source>Muon (momentum, orthogonalized by Newton–Schulz)</source>
        <translation>Muon（动量，经 Newton–Schulz 正交化）</translation>
    </message>
    <message>
        <source>optimizer: unknown {name}; allowed: {allowed}</source>
        <translation>优化器：未知的 {name}；允许：{allowed}</translation>
    </message>
    <message>
        <source>{what}: unknown dtype {value}; allowed: {allowed}</source>
        <translation>{what}：未知的数据类型 {value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>{bytes} ({dtype} weights)</source>
        <translation>{bytes}（{dtype} 权重）</translation>
    </message>
    <message>
        <source>{bytes} ({dtype} grads)</source>
        <translation>{bytes}（{dtype} 梯度）</translation>
    </message>
    <message>
        <source>{bytes} ({dtype} master copy)</source>
        <translation>{bytes}（{dtype} 主副本）</translation>
    </message>
    <message>
        <source>{bytes} ({dtype} {names})</source>
        <translation>{bytes}（{dtype} {names}）</translation>
    </message>
    <message>
        <source>{terms} = {total} bytes/param</source>
        <translation>{terms} = {total} 字节/参数</translation>
    </message>
    <message>
        <source>momentum</source>
        <extracomment>Optimizer state names in sentences.</extracomment>
        <translation>动量</translation>
    </message>
    <message>
        <source>sum of g²</source>
        <translation>g² 之和</translation>
    </message>
    <message>
        <source>average of g²</source>
        <translation>g² 的平均</translation>
    </message>
    <message>
        <source>fp32 everything</source>
        <translation>全部 fp32</translation>
    </message>
    <message>
        <source>bf16 weights and grads, fp32 optimizer state (lecture)</source>
        <translation>bf16 权重和梯度，fp32 优化器状态（课程）</translation>
    </message>
    <message>
        <source>mixed precision: bf16 weights and grads, fp32 master copy and state</source>
        <translation>混合精度：bf16 权重和梯度，fp32 主副本和状态</translation>
    </message>
    <message>
        <source>mixed precision in fp16: fp16 weights and grads, fp32 master copy and state (loss scaling; GPUs without bf16)</source>
        <translation>fp16 混合精度：fp16 权重和梯度，fp32 主副本和状态（损失缩放；用于不支持 bf16 的 GPU）</translation>
    </message>
    <message>
        <source>custom dtypes</source>
        <translation>自定义数据类型</translation>
    </message>
    <message>
        <source>recipe: unknown {name}; allowed: {allowed}, custom</source>
        <translation>配方：未知的 {name}；允许：{allowed}、custom</translation>
    </message>
    <message>
        <source>recipe: expected text, got {kind}</source>
        <translation>配方：应为文本，实际为 {kind}</translation>
    </message>
    <message>
        <source>recipe: {item} is not a component; allowed: {keys} as key=dtype, e.g. custom:params=bf16,grads=fp32</source>
        <translation>配方：{item} 不是组成部分；允许：{keys}，写成 key=dtype，例如 custom:params=bf16,grads=fp32</translation>
    </message>
    <message>
        <source>waiting for another trace to finish</source>
        <extracomment>Phases of one step, in order. MemTracker&apos;s category names -&gt; ours (buffers and &quot;other&quot; join parameters; temps stay apart). The process&apos;s one trace at a time (:func:`exclusive_trace`); re-entrant for nested calls.</extracomment>
        <translation>正在等待另一次追踪结束</translation>
    </message>
    <message>
        <source>building the model on fake tensors</source>
        <extracomment>``ids of a snapshot&apos;s keys -&gt; (the keys, their categories or None)``.</extracomment>
        <translation>在伪张量上构建模型</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>forward</source>
        <extracomment>Inside FakeTensorMode&apos;s own dispatch of an op: the ops it runs meanwhile are not tracked (as a mode above it would not see them). ``id(op) -&gt; (op, decomposes, formula, aten)``, worked out once per op. Set by the tracker whenever its snapshot changes; the categories are summed again then. Set by the tracker&apos;s module hooks whenever the modules running may have changed.</extracomment>
        <translation>前向</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>{phase}: outside the layers</source>
        <translation>{phase}：层之外</translation>
    </message>
    <message>
        <source>{phase}: layer {layer} of {layers}</source>
        <translation>{phase}：第 {layer}/{layers} 层</translation>
    </message>
    <message>
        <source>{what}: the model has no experts (a dense model); allowed: ep 1, etp 1 and no capacity factor, or a mixture-of-experts model</source>
        <extracomment>The capacity factors accepted (the plan&apos;s ``--capacity-factor`` takes the same range).</extracomment>
        <translation>{what}：该模型没有专家（稠密模型）；允许：ep 1、etp 1 且不设容量因子，或改用混合专家模型</translation>
    </message>
    <message>
        <source>ep: {ep} does not divide the {experts} experts; allowed: a divisor of {experts} ({divisors})</source>
        <translation>ep：{ep} 不能整除 {experts} 个专家；允许：{experts} 的约数（{divisors}）</translation>
    </message>
    <message>
        <source>etp: {etp} does not divide the expert width {width}; allowed: a divisor of {width} ({divisors})</source>
        <translation>etp：{etp} 不能整除专家宽度 {width}；允许：{width} 的约数（{divisors}）</translation>
    </message>
    <message>
        <source>ep × etp = {group} does not divide the {gpus} GPUs; allowed: GPUs a multiple of ep × etp (the experts&apos; GPUs are the data-parallel GPUs)</source>
        <translation>ep × etp = {group} 不能整除 {gpus} 个 GPU；允许：GPU 数为 ep × etp 的倍数（专家所在的 GPU 就是数据并行的 GPU）</translation>
    </message>
    <message>
        <source>MoE layers under balanced routing (assumed): each of the {experts} experts gets s·b·{top_k}/{experts} rows; expert weights, gradients and optimizer state of all {experts} experts on this device (ep 1)</source>
        <extracomment>The ZeRO stage from which each part of the state is sharded.</extracomment>
        <translation>MoE 层按均衡路由（假设）：{experts} 个专家各得 s·b·{top_k}/{experts} 行；全部 {experts} 个专家的权重、梯度和优化器状态都在本设备上（ep 1）</translation>
    </message>
    <message>
        <source>MoE layers under balanced routing (assumed), EP {ep} × ETP {etp}: {local} experts per GPU, each at 1/ETP of its width; the GPU&apos;s experts receive ETP·s·b·k = {rows} rows; expert data parallelism EDP = {edp} GPUs (ZeRO shards the experts&apos; state over them)</source>
        <translation>MoE 层按均衡路由（假设），EP {ep} × ETP {etp}：每个 GPU {local} 个专家，各占其宽度的 1/ETP；该 GPU 的专家接收 ETP·s·b·k = {rows} 行；专家数据并行 EDP = {edp} 个 GPU（ZeRO 在其上分片专家状态）</translation>
    </message>
    <message>
        <source>{text}; dropless</source>
        <translation>{text}；不丢弃 token</translation>
    </message>
    <message>
        <source>{text}; capacity ⌈{cf}·s·b·k/E⌉ = {capacity} rows per expert from each GPU, {dropped} of {rows} token copies dropped</source>
        <translation>{text}；容量 ⌈{cf}·s·b·k/E⌉ = 每个 GPU 发往每个专家 {capacity} 行，{rows} 个 token 副本中丢弃 {dropped} 个</translation>
    </message>
</context>
<context>
    <name>MemoryBars</name>
    <message>
        <source>{unit} per device</source>
        <extracomment>A label&apos;s pieces: a space; one Chinese character with the closing marks after it (and an opening parenthesis before it); or a run of the rest with a closing mark after it.</extracomment>
        <translation>每设备 {unit}</translation>
    </message>
    <message>
        <source>↑ {capacity} capacity is off the scale (tallest bar: {share})</source>
        <translation>↑ {capacity} 容量超出坐标范围（最高的柱：{share}）</translation>
    </message>
</context>
<context>
    <name>MemoryControls</name>
    <message>
        <source>Width D</source>
        <extracomment>key -&gt; (label, default, parser, tooltip) The fields a mixture of experts alone takes.</extracomment>
        <translation>宽度 D</translation>
    </message>
    <message>
        <source>MLP width</source>
        <translation>MLP 宽度</translation>
    </message>
    <message>
        <source>Layers L</source>
        <translation>层数 L</translation>
    </message>
    <message>
        <source>Number of blocks</source>
        <translation>块的数量</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>头数</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>Fewer than heads = grouped-query attention</source>
        <translation>少于头数 = 分组查询注意力（GQA）</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>FFN 宽度</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Tokens per sequence; empty = the model&apos;s default</source>
        <translation>每个序列的 token 数；留空 = 模型默认值</translation>
    </message>
    <message>
        <source>Batch / device</source>
        <translation>每设备批量</translation>
    </message>
    <message>
        <source>Sequences (or rows for the MLP) per device per optimizer step</source>
        <translation>每个设备每个优化器步的序列数（MLP 为行数）</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批量</translation>
    </message>
    <message>
        <source>Gradient accumulation: one forward holds this many; empty = the batch</source>
        <translation>梯度累积：一次前向处理这么多；留空 = 整个批量</translation>
    </message>
    <message>
        <source>Segment k</source>
        <translation>段长 k</translation>
    </message>
    <message>
        <source>Layers per checkpointed segment</source>
        <translation>每个检查点段的层数</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Data-parallel devices (ZeRO shards over them)</source>
        <translation>数据并行设备数（ZeRO 在它们之间分片）</translation>
    </message>
    <message>
        <source>For the step time: 0.5 or 50%, a share of model FLOPs (no recomputation); the HFU it implies is shown</source>
        <translation>用于单步时间：0.5 或 50%，是模型 FLOPs 的占比（不含重计算）；同时显示它对应的 HFU</translation>
    </message>
    <message>
        <source>Experts: EP</source>
        <translation>专家 EP</translation>
    </message>
    <message>
        <source>Expert parallelism: each GPU holds experts/EP routed experts of every MoE layer; tokens reach them by an all-to-all. EP divides the experts, and EP × ETP divides the GPUs.</source>
        <translation>专家并行：每个 GPU 持有每个 MoE 层的 experts/EP 个路由专家；token 通过 all-to-all 到达它们。EP 须整除专家数，EP × ETP 须整除 GPU 数。</translation>
    </message>
    <message>
        <source>Expert tensor parallelism: each routed expert&apos;s hidden width split over ETP GPUs</source>
        <translation>专家张量并行：每个路由专家的隐藏宽度切分到 ETP 个 GPU 上</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量因子</translation>
    </message>
    <message>
        <source>Capacity factor: caps each GPU&apos;s rows per expert at ⌈factor·tokens·top-k/experts⌉ and drops the rest; empty = dropless. Routing is assumed balanced.</source>
        <translation>容量因子：把每个 GPU 发往每个专家的行数限制在 ⌈因子·tokens·top-k/专家数⌉，其余丢弃；留空 = 不丢弃。假设路由均衡。</translation>
    </message>
    <message>
        <source>{name}: MoE, {experts} experts, top-{top_k}; {total} params, {active} active</source>
        <translation>{name}：MoE，{experts} 个专家，top-{top_k}；{total} 参数，{active} 激活</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>dropless</source>
        <translation>不丢弃</translation>
    </message>
    <message>
        <source>Deep MLP (lecture)</source>
        <translation>深层 MLP（课程）</translation>
    </message>
    <message>
        <source>Custom transformer</source>
        <translation>自定义 Transformer</translation>
    </message>
    <message>
        <source>Model shape: the lecture&apos;s MLP, your own, a preset</source>
        <translation>模型形状：课程中的 MLP、自定义模型或预设</translation>
    </message>
    <message>
        <source>SwiGLU MLP (gated)</source>
        <translation>SwiGLU MLP（门控）</translation>
    </message>
    <message>
        <source>Tied embeddings</source>
        <translation>绑定输入输出嵌入</translation>
    </message>
    <message>
        <source>custom dtypes</source>
        <translation>自定义数据类型</translation>
    </message>
    <message>
        <source>Storage dtype of weights, gradients, master copy, optimizer state and activations</source>
        <translation>权重、梯度、主副本、优化器状态和激活值的存储数据类型</translation>
    </message>
    <message>
        <source>dtype of {part}</source>
        <translation>{part} 的数据类型</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>every layer</source>
        <translation>每层</translation>
    </message>
    <message>
        <source>every √L layers</source>
        <translation>每 √L 层</translation>
    </message>
    <message>
        <source>every k layers</source>
        <translation>每 k 层</translation>
    </message>
    <message>
        <source>Activation checkpointing: keep layer inputs, recompute the rest in backward</source>
        <translation>激活检查点：保留层输入，其余在反向时重计算</translation>
    </message>
    <message>
        <source>0 — replicate</source>
        <translation>0 — 完整复制</translation>
    </message>
    <message>
        <source>1 — shard optimizer</source>
        <translation>1 — 分片优化器状态</translation>
    </message>
    <message>
        <source>2 — + gradients</source>
        <translation>2 — + 梯度</translation>
    </message>
    <message>
        <source>3 — + weights (FSDP)</source>
        <translation>3 — + 权重（FSDP）</translation>
    </message>
    <message>
        <source>ZeRO stage over the GPUs</source>
        <translation>在各 GPU 上的 ZeRO 阶段</translation>
    </message>
    <message>
        <source>Flash attention (no s² tensors)</source>
        <translation>Flash 注意力（无 s² 张量）</translation>
    </message>
    <message>
        <source>Dropout masks</source>
        <translation>Dropout 掩码</translation>
    </message>
    <message>
        <source>MLP: count pre- and post-ReLU</source>
        <translation>MLP：计入 ReLU 前后两份</translation>
    </message>
    <message>
        <source>Off: the lecture&apos;s 2·B·D·L (one B×D tensor per layer). On: both the matmul output and the ReLU output of every layer.</source>
        <translation>关：课程中的 2·B·D·L（每层一个 B×D 张量）。开：每层的矩阵乘输出和 ReLU 输出都计入。</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Recipe</source>
        <translation>配方</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>Training step</source>
        <translation>训练步</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>L blocks of x @ W (D×D, no bias) then ReLU; P = D²·L</source>
        <translation>L 个块：x @ W（D×D，无偏置）后接 ReLU；P&#xa0;=&#xa0;D²·L</translation>
    </message>
    <message>
        <source>Llama-style: RMSNorm, rotary positions, no biases</source>
        <translation>Llama 风格：RMSNorm、旋转位置编码、无偏置</translation>
    </message>
    <message>
        <source>Only for a mixture of experts: {model} has no routed experts. Pick an MoE preset (mixtral-8x7b, qwen3-30b-a3b, …) to use it.</source>
        <translation>仅用于混合专家模型：{model} 没有路由专家。选择一个 MoE 预设（mixtral-8x7b、qwen3-30b-a3b 等）即可使用。</translation>
    </message>
</context>
<context>
    <name>MemoryTab</name>
    <message>
        <source>params</source>
        <extracomment>Categories drawn, bottom to top (trace adds temporaries).</extracomment>
        <translation>参数</translation>
    </message>
    <message>
        <source>grads</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>temporaries</source>
        <translation>临时张量</translation>
    </message>
    <message>
        <source>measured peak</source>
        <translation>实测峰值</translation>
    </message>
    <message>
        <source>expert state</source>
        <translation>专家状态</translation>
    </message>
    <message>
        <source>all-to-all buffers</source>
        <translation>all-to-all 缓冲</translation>
    </message>
    <message>
        <source>CUDA context and workspaces</source>
        <translation>CUDA 上下文和工作区</translation>
    </message>
    <message>
        <source>HIP runtime and rocBLAS/MIOpen workspaces</source>
        <translation>HIP 运行时和 rocBLAS/MIOpen 工作区</translation>
    </message>
    <message>
        <source>XLA runtime and program buffers</source>
        <translation>XLA 运行时和程序缓冲区</translation>
    </message>
    <message>
        <source>Metal runtime and the memory macOS keeps</source>
        <translation>Metal 运行时和 macOS 占用的内存</translation>
    </message>
    <message>
        <source>framework runtime and libraries</source>
        <translation>框架运行时和库</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation>优化器步</translation>
    </message>
    <message>
        <source>{category}: {bytes}, the routed experts&apos; weights, gradients and optimizer state on this GPU: {experts} experts of each MoE layer (EP {ep}, ETP {etp}), sharded by ZeRO over EDP = {edp} GPUs; params, grads and optimizer hold the rest</source>
        <translation>{category}：{bytes}，本 GPU 上路由专家的权重、梯度和优化器状态：每个 MoE 层 {experts} 个专家（EP {ep}，ETP {etp}），由 ZeRO 在 EDP = {edp} 个 GPU 上分片；参数、梯度和优化器段是其余部分</translation>
    </message>
    <message>
        <source>{text} (the bar adds the all-to-all buffers, {bytes}, when they are too thin to draw apart)</source>
        <translation>{text}（all-to-all 缓冲 {bytes} 太薄无法单独画出时，计入此段）</translation>
    </message>
    <message>
        <source>{category}: {bytes} = {formula}</source>
        <translation>{category}：{bytes} = {formula}</translation>
    </message>
    <message>
        <source>One training step, per device</source>
        <translation>一个训练步的显存（每设备）</translation>
    </message>
    <message>
        <source>Largest micro-batch that fits</source>
        <translation>放得下的最大微批量</translation>
    </message>
    <message>
        <source>Largest model of this shape</source>
        <translation>此形状下最大的模型</translation>
    </message>
    <message>
        <source>FLOPs per step</source>
        <translation>每步 FLOPs</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>{unit} per device</source>
        <translation>每设备 {unit}</translation>
    </message>
    <message>
        <source>Hover a bar segment to see how estimate and trace differ.</source>
        <translation>将鼠标悬停在柱段上，查看估算与追踪的差异。</translation>
    </message>
    <message>
        <source>Trace one step</source>
        <translation>追踪一步</translation>
    </message>
    <message>
        <source>Build the real nn.Module and run forward, backward and the optimizer step on fake tensors (no memory is allocated); with ZeRO 1-3 over several GPUs, also rank 0 with fake ranks</source>
        <translation>构建真实的 nn.Module，在伪张量上运行前向、反向和优化器步（不分配显存）；在多个 GPU 上使用 ZeRO 1-3 时，还会用伪 rank 追踪 rank 0</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Not traced yet</source>
        <translation>尚未追踪</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Show the traced memory over time in place of the bars</source>
        <translation>用追踪到的显存随时间的变化代替柱状图显示</translation>
    </message>
    <message>
        <source>{problem} — showing the last good estimate</source>
        <translation>{problem} — 显示上一次有效的估算</translation>
    </message>
    <message>
        <source>Warning: {warning}</source>
        <translation>警告：{warning}</translation>
    </message>
    <message>
        <source>peak {peak}  ·  {count} params</source>
        <translation>峰值 {peak}  ·  {count} 参数</translation>
    </message>
    <message>
        <source>Estimated peak of the step ({moment}); the four categories add up to {total}. Kernels: {kernels}.</source>
        <translation>这一步的估算峰值（{moment}）；四类合计 {total}。内核：{kernels}。</translation>
    </message>
    <message>
        <source>A mixture of experts: {total} parameters in all, {active} active per token; weights, gradients and optimizer state keep all of them, the routed experts divided by EP × ETP = {group} over the GPUs.</source>
        <translation>混合专家模型：共 {total} 个参数，每个 token 激活 {active} 个；权重、梯度和优化器状态保存全部参数，其中路由专家按 EP × ETP = {group} 分布到各 GPU。</translation>
    </message>
    <message>
        <source>Fits on {where} with {spare} to spare</source>
        <translation>{where} 放得下，还剩 {spare}</translation>
    </message>
    <message>
        <source>Fits on {where} only without the allowance</source>
        <translation>只有不计预留量时 {where} 才放得下</translation>
    </message>
    <message>
        <source>Does not fit on {where}: {over} over</source>
        <translation>{where} 放不下：超出 {over}</translation>
    </message>
    <message>
        <source>, per device of {gpus} (ZeRO-{zero})</source>
        <translation>，{gpus} 个设备中的每一个（ZeRO-{zero}）</translation>
    </message>
    <message>
        <source>. Plus {bytes} allowance: {what}.</source>
        <translation>。另有 {bytes} 预留量：{what}。</translation>
    </message>
    <message>
        <source>none: {reason}</source>
        <translation>无：{reason}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>{layers} layers = {count} params</source>
        <translation>{layers} 层 = {count} 参数</translation>
    </message>
    <message>
        <source>none at this batch: one layer is already too big</source>
        <translation>此批量下无：一层就已放不下</translation>
    </message>
    <message>
        <source>none at this batch</source>
        <translation>此批量下无</translation>
    </message>
    <message>
        <source>Executed (hardware) FLOPs: {formula}. Model FLOPs (what MFU counts): {model}</source>
        <translation>实际执行（硬件）FLOPs：{formula}。模型 FLOPs（MFU 所计）：{model}</translation>
    </message>
    <message>
        <source>Step time at {mfu} MFU (HFU {hfu}), {dtype} peak</source>
        <translation>MFU {mfu}（HFU {hfu}）、{dtype} 峰值下的单步时间</translation>
    </message>
    <message>
        <source>Step time at {mfu} MFU, {dtype} peak</source>
        <translation>步时间（{mfu} MFU，{dtype} 峰值）</translation>
    </message>
    <message>
        <source>{device} has no {dtype} peak</source>
        <translation>{device} 没有 {dtype} 峰值</translation>
    </message>
    <message>
        <source>Inputs changed since the trace: trace again to compare</source>
        <translation>追踪后输入已更改：请重新追踪以便比较</translation>
    </message>
    <message>
        <source>estimate {category}: {bytes} = {formula}</source>
        <translation>估算{category}：{bytes} = {formula}</translation>
    </message>
    <message>
        <source>estimate total {bytes} (the four categories)</source>
        <translation>估算合计 {bytes}（四类之和）</translation>
    </message>
    <message>
        <source>estimated at the peak ({moment}) {category}: {bytes}</source>
        <translation>估算峰值处（{moment}）{category}：{bytes}</translation>
    </message>
    <message>
        <source>estimated peak {bytes}: {formula}</source>
        <translation>估算峰值 {bytes}：{formula}</translation>
    </message>
    <message>
        <source>estimate (sum)</source>
        <translation>估算（合计）</translation>
    </message>
    <message>
        <source>estimate (peak, {kernels})</source>
        <translation>估算（峰值，{kernels}）</translation>
    </message>
    <message>
        <source>at the traced peak {category} = {bytes}. </source>
        <translation>追踪峰值处{category} = {bytes}。</translation>
    </message>
    <message>
        <source>trace of earlier inputs</source>
        <translation>先前输入的追踪</translation>
    </message>
    <message>
        <source>trace (peak, {phase})</source>
        <translation>追踪（峰值，{phase}）</translation>
    </message>
    <message>
        <source>rank 0 of earlier inputs</source>
        <translation>先前输入的 rank 0</translation>
    </message>
    <message>
        <source>rank 0 (ZeRO-{zero}, {ranks} ranks)</source>
        <translation>rank 0（ZeRO-{zero}，{ranks} 个 rank）</translation>
    </message>
    <message>
        <source>measured (CUDA)</source>
        <translation>实测（CUDA）</translation>
    </message>
    <message>
        <source>torch.cuda.max_memory_allocated over one step</source>
        <translation>一步中的 torch.cuda.max_memory_allocated</translation>
    </message>
    <message>
        <source> per device (× {gpus} = {total})</source>
        <translation> 每设备（× {gpus} = {total}）</translation>
    </message>
    <message>
        <source>not traced</source>
        <translation>未追踪</translation>
    </message>
    <message>
        <source>no GPU run</source>
        <translation>未在 GPU 上运行</translation>
    </message>
    <message>
        <source>No per-rank trace: {why}</source>
        <translation>没有按 rank 追踪：{why}</translation>
    </message>
    <message>
        <source>Cannot trace: {problem} — the estimate stands</source>
        <translation>无法追踪：{problem} — 估算保持不变</translation>
    </message>
    <message>
        <source>Tracing…</source>
        <translation>追踪中…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Traced in {seconds} s: peak {peak} during {phase}; counted {flops}</source>
        <translation>追踪用时 {seconds} s：峰值 {peak}，出现在{phase}；计得 {flops}</translation>
    </message>
    <message>
        <source>; rank 0 of {ranks} traced in {seconds} s</source>
        <translation>；{ranks} 个 rank 中的 rank 0 追踪用时 {seconds} s</translation>
    </message>
    <message>
        <source>Trace cancelled; the estimate stands</source>
        <translation>追踪已取消；估算保持不变</translation>
    </message>
    <message>
        <source>Trace failed: {detail} — the estimate stands</source>
        <translation>追踪失败：{detail} — 估算保持不变</translation>
    </message>
    <message>
        <source>memory: could not restore ({error})</source>
        <translation>显存：无法恢复（{error}）</translation>
    </message>
</context>
<context>
    <name>PhaseView</name>
    <message>
        <source>traced GB</source>
        <translation>追踪 GB</translation>
    </message>
    <message>
        <source>ops in one training step</source>
        <translation>一个训练步中的算子</translation>
    </message>
    <message>
        <source>Trace a step to see memory over time</source>
        <translation>追踪一步，查看显存随时间的变化</translation>
    </message>
    <message>
        <source>The trace recorded no samples</source>
        <translation>追踪没有记录到采样</translation>
    </message>
    <message>
        <source>peak {gb} GB ({phase})</source>
        <translation>峰值 {gb} GB（{phase}）</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation>优化器步</translation>
    </message>
</context>
</TS>
