<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>Memory</name>
    <message>
        <source>checkpoint: {value} is not a policy; allowed: none, every, sqrt or a whole number of layers per segment from 1 to 100,000</source>
        <translation>檢查點：{value} 不是有效策略；允許：none、every、sqrt，或每段層數（1 到 100,000 的整數）</translation>
    </message>
    <message>
        <source>2 tensors × B·D × {e} B per layer (pre- and post-ReLU: the full count)</source>
        <translation>每層 2 個張量 × B·D × {e} B（ReLU 前和 ReLU 後：完整計數）</translation>
    </message>
    <message>
        <source>{e}·B·D per layer ({e} bytes × B·D·L over the net: the lecture&apos;s count)</source>
        <translation>每層 {e}·B·D（全網路 {e} 位元組 × B·D·L：課程中的計數）</translation>
    </message>
    <message>
        <source>the loss&apos;s gradient ({e}·B·D)</source>
        <translation>損失的梯度（{e}·B·D）</translation>
    </message>
    <message>
        <source>a block&apos;s input and output gradients (2 × {e}·B·D)</source>
        <translation>一個塊的輸入梯度和輸出梯度（2 × {e}·B·D）</translation>
    </message>
    <message>
        <source>{sum} bytes per layer ({attention}, {dropout}, {e}-byte activations, {kernels} kernels; Korthikanti et al. 2022: 34·s·b·h + 5·a·s²·b)</source>
        <translation>每層 {sum} 位元組（{attention}，{dropout}，{e} 位元組激活值，{kernels} 核心；Korthikanti 等 2022：34·s·b·h + 5·a·s²·b）</translation>
    </message>
    <message>
        <source>flash</source>
        <translation>flash 注意力</translation>
    </message>
    <message>
        <source>no flash</source>
        <translation>無 flash 注意力</translation>
    </message>
    <message>
        <source>dropout</source>
        <translation>dropout</translation>
    </message>
    <message>
        <source>no dropout</source>
        <translation>無 dropout</translation>
    </message>
    <message>
        <source>final norm + LM-head input (s·b·h each) + fp32 log-softmax (4·s·b·V)</source>
        <translation>最終歸一化層 + LM 頭輸入（各 s·b·h）+ fp32 log-softmax（4·s·b·V）</translation>
    </message>
    <message>
        <source>autocast&apos;s {e}-byte copy of the output layer (V·h)</source>
        <translation>autocast 的輸出層 {e} 位元組副本（V·h）</translation>
    </message>
    <message>
        <source>embedding dropout mask</source>
        <translation>嵌入層 dropout 掩碼</translation>
    </message>
    <message>
        <source>2 residual gradients (2·{e}·s·b·h) + the larger of the MLP&apos;s ({n}·{e}·s·b·ffn) and the attention&apos;s s² gradients</source>
        <translation>2 個殘差梯度（2·{e}·s·b·h）+ MLP 梯度（{n}·{e}·s·b·ffn）與注意力 s² 梯度中較大者</translation>
    </message>
    <message>
        <source>2 residual gradients (2·{e}·s·b·h) + the larger of the MLP&apos;s ({n}·{e}·s·b·ffn)</source>
        <translation>2 個殘差梯度（2·{e}·s·b·h）+ MLP 梯度中較大者（{n}·{e}·s·b·ffn）</translation>
    </message>
    <message>
        <source>fp32 gradients of the log-softmax and of the logits (2 × 4·s·b·V)</source>
        <translation>log-softmax 和 logits 的 fp32 梯度（2 × 4·s·b·V）</translation>
    </message>
    <message>
        <source>{layer} + the output layer&apos;s gradient waiting for the tied embedding&apos;s</source>
        <translation>{layer} + 等待繫結嵌入梯度的輸出層梯度</translation>
    </message>
    <message>
        <source>the tied embedding&apos;s gradient: the head&apos;s part, the embedding&apos;s part and their sum (3 × V·h gradients)</source>
        <translation>繫結嵌入的梯度：輸出頭部分、嵌入部分及二者之和（3 × V·h 梯度）</translation>
    </message>
    <message>
        <source>the embedding&apos;s gradient being made (V·h)</source>
        <translation>正在生成的嵌入梯度（V·h）</translation>
    </message>
    <message>
        <source>{layer} + the tied output layer&apos;s gradient</source>
        <translation>{layer} + 繫結輸出層的梯度</translation>
    </message>
    <message>
        <source>bottom segment&apos;s recompute</source>
        <translation>最底段的重計算</translation>
    </message>
    <message>
        <source>start of backward</source>
        <translation>反向開始時</translation>
    </message>
    <message>
        <source>top layer&apos;s backward</source>
        <translation>頂層反向時</translation>
    </message>
    <message>
        <source>end of backward</source>
        <translation>反向結束時</translation>
    </message>
    <message>
        <source>weights are exact in both: bytes/param × N (ZeRO-3 sharding is not traced).</source>
        <extracomment>Why a traced category differs from the estimate, in general.</extracomment>
        <translation>兩者的權重都精確：位元組/參數 × N（未追蹤 ZeRO-3 分片）。</translation>
    </message>
    <message>
        <source>gradients exist only after backward; the trace&apos;s peak (start of backward) has none yet, the estimate adds them anyway (an upper bound). ZeRO-2 sharding is not traced.</source>
        <translation>梯度在反向之後才存在；追蹤的峰值（反向開始時）還沒有梯度，估算仍把它們算上（一個上界）。未追蹤 ZeRO-2 分片。</translation>
    </message>
    <message>
        <source>state is made before the step (steady state); ZeRO-1 sharding is not traced.</source>
        <translation>狀態在這一步之前已建立（穩態）；未追蹤 ZeRO-1 分片。</translation>
    </message>
    <message>
        <source>the formula counts the large saved tensors; the trace also sees small ones (norm statistics, masks, the loss) and what this torch version really keeps.</source>
        <translation>公式只計入儲存的大張量；追蹤還能看到小張量（歸一化統計量、掩碼、損失）以及當前 torch 版本實際儲存的內容。</translation>
    </message>
    <message>
        <source>temporaries (the loss&apos;s fp32 gradients at the start of backward, one layer&apos;s backward gradients, the embedding&apos;s gradient at the end) are estimated at the estimate&apos;s peak moment; the trace shows those at its own peak.</source>
        <translation>臨時張量（反向開始時損失的 fp32 梯度、一層反向中的梯度、結束時的嵌入梯度）按估算峰值時刻估計；追蹤顯示的是其自身峰值時的臨時張量。</translation>
    </message>
    <message>
        <source>the estimated peak is the fullest of a few moments of backward (start of backward, top layer, end of backward; with checkpointing the bottom segment&apos;s recompute); the traced peak is the fullest moment seen. Neither includes the allowance (CUDA context, allocator reserve).</source>
        <translation>估算峰值取反向中幾個時刻裡佔用最多的一個（反向開始、頂層、反向結束；使用檢查點時還有最底段的重計算）；追蹤峰值是觀察到的佔用最多的時刻。兩者都不含預留量（CUDA 上下文、分配器預留）。</translation>
    </message>
    <message>
        <source>params</source>
        <extracomment>The categories&apos; names at the start of a line.</extracomment>
        <translation>參數</translation>
    </message>
    <message>
        <source>grads</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>優化器</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>{category}: estimate {estimate}, trace {trace} ({gap}).</source>
        <translation>{category}：估算 {estimate}，追蹤 {trace}（{gap}）。</translation>
    </message>
    <message>
        <source>The estimate is per device with ZeRO-{zero} over {gpus} GPUs; the trace is one unsharded device.</source>
        <translation>估算是 {gpus} 個 GPU 上 ZeRO-{zero} 的每裝置值；追蹤是一臺未分片的裝置。</translation>
    </message>
    <message>
        <source>Autograd makes gradients in the weights&apos; dtype, so the trace shows {params} gradients, not {grads}.</source>
        <translation>Autograd 以權重的資料型別生成梯度，因此追蹤顯示的是 {params} 梯度，而不是 {grads}。</translation>
    </message>
    <message>
        <source>temporaries: estimate {estimate} at the {moment}, trace {trace}.</source>
        <translation>臨時張量：估算 {estimate}（{moment}），追蹤 {trace}。</translation>
    </message>
    <message>
        <source>total: estimated peak {estimate} ({moment}), traced peak {trace} ({gap}).</source>
        <translation>合計：估算峰值 {estimate}（{moment}），追蹤峰值 {trace}（{gap}）。</translation>
    </message>
    <message>
        <source>{runtime} ≈ {context} GB + allocator reserve ≈ {reserve} of tensor bytes</source>
        <extracomment>Kernel families whose saved tensors the activation model follows (see :mod:`core.memory.activations`): ``cuda`` (NVIDIA and AMD GPUs) or ``cpu``. The stacked categories, bottom to top. Allowance for the CUDA context, cuBLAS/cuDNN workspaces and NCCL buffers (typical, varies). Allowance for the caching allocator&apos;s reserve and fragmentation, as a share of tensor bytes. What the CUDA runtime keeps besides tensors (the name a device of another family replaces).</extracomment>
        <translation>{runtime} ≈ {context} GB + 分配器預留 ≈ 張量位元組的 {reserve}</translation>
    </message>
    <message>
        <source>micro-batch: {micro} does not divide the batch {batch}; allowed: a divisor of the batch ({divisors})</source>
        <translation>微批次：{micro} 不能整除批次 {batch}；允許：批次的約數（{divisors}）</translation>
    </message>
    <message>
        <source>kernels: {kernels}; allowed: {allowed} (whose kernels decide what is saved for backward)</source>
        <translation>核心：{kernels}；允許：{allowed}（由哪種核心決定為反向儲存什麼）</translation>
    </message>
    <message>
        <source>zero: {zero}; allowed: 0 (none), 1 (optimizer), 2 (+grads), 3 (+params, = FSDP)</source>
        <translation>ZeRO：{zero}；允許：0（無）、1（優化器）、2（+梯度）、3（+參數，即 FSDP）</translation>
    </message>
    <message>
        <source>recompute: one more forward of the L checkpointed blocks, 2·N·D = 2 × {n} × {tokens}</source>
        <translation>重計算：L 個檢查點塊再做一次前向，2·N·D = 2 × {n} × {tokens}</translation>
    </message>
    <message>
        <source>recompute: the checkpointed layers&apos; forward again, 2·N_layers·D = 2 × {n} × {tokens} + attention 4·L·B·s²·d (not the embeddings, the output layer or the loss)</source>
        <translation>重計算：檢查點層再做一次前向，2·N_layers·D = 2 × {n} × {tokens} + 注意力 4·L·B·s²·d（不含嵌入層、輸出層和損失）</translation>
    </message>
    <message>
        <source>6·N_active·D = 6 × {n} × {tokens} tokens (the parameters one token uses, without embedding lookups)</source>
        <translation>6·N_active·D = 6 × {n} × {tokens} 個 token（一個 token 用到的參數，不含嵌入查表）</translation>
    </message>
    <message>
        <source>6·N·D = 6 × {n} × {tokens} tokens</source>
        <translation>6·N·D = 6 × {n} × {tokens} 個 token</translation>
    </message>
    <message>
        <source>6·N·D = 6 × {n} × {tokens} tokens (N without embedding lookups)</source>
        <translation>6·N·D = 6 × {n} × {tokens} 個 token（N 不含嵌入查表）</translation>
    </message>
    <message>
        <source>attention 12·L·B·s²·d (QKᵀ and A·V, forward + backward, causal mask not halved)</source>
        <translation>注意力 12·L·B·s²·d（QKᵀ 和 A·V，前向 + 反向，因果掩碼不減半）</translation>
    </message>
    <message>
        <source>flash backward&apos;s QKᵀ again 2·L·B·s²·d (hardware FLOPs only: not in MFU&apos;s model FLOPs)</source>
        <translation>flash 反向再算一次 QKᵀ 2·L·B·s²·d（只計入硬體 FLOPs，不計入 MFU 的模型 FLOPs）</translation>
    </message>
    <message>
        <source>the dropped token copies&apos; expert GEMMs not run (−{flops} FLOPs, hardware FLOPs only)</source>
        <translation>被丟棄的 token 副本不執行專家 GEMM（−{flops} FLOPs，僅硬體 FLOPs）</translation>
    </message>
    <message>
        <source>{bytes} B × {count} params / {gpus} GPUs</source>
        <translation>{bytes} B × {count} 個參數 / {gpus} 個 GPU</translation>
    </message>
    <message>
        <source>{bytes} B × {count} params</source>
        <translation>{bytes} B × {count} 個參數</translation>
    </message>
    <message>
        <source>dispatch + combine: 2 × ETP·s·b·k = {rows} rows × h = {h} × {e} B (the all-to-all&apos;s buffers, counted at the peak)</source>
        <translation>dispatch + combine：2 × ETP·s·b·k = {rows} 列 × h = {h} × {e} B（all-to-all 的緩衝區，計入峰值）</translation>
    </message>
    <message>
        <source>at the {moment}: params + optimizer + gradients + activations alive + temporaries (the largest of start of backward, top layer&apos;s backward and end of backward)</source>
        <translation>{moment}：參數 + 優化器 + 梯度 + 存活的激活值 + 臨時張量（取反向開始時、頂層反向時和反向結束時中的最大者）</translation>
    </message>
    <message>
        <source>at the {moment}: params + optimizer + activations alive + temporaries (the largest of start of backward, top layer&apos;s backward and end of backward)</source>
        <translation>{moment}：參數 + 優化器 + 存活的激活值 + 臨時張量（取反向開始時、頂層反向時和反向結束時中的最大者）</translation>
    </message>
    <message>
        <source>ZeRO-3 also holds {gathered} of weights whole at that moment (the root module and the layers being computed, one prefetched) and each layer&apos;s gradient whole until it is reduce-scattered</source>
        <translation>ZeRO-3 在該時刻還完整持有 {gathered} 的權重（根模組和正在計算的層，另預取一層），且每層的梯度在 reduce-scatter 之前保持完整</translation>
    </message>
    <message>
        <source>allowance (not traced): {what}</source>
        <translation>預留量（未追蹤）：{what}</translation>
    </message>
    <message>
        <source>{bytes} B × ({dense} params / {gpus} + experts {local} params / {edp})</source>
        <translation>{bytes} B × ({dense} 參數 / {gpus} + 專家 {local} 參數 / {edp})</translation>
    </message>
    <message>
        <source>L = {layers} × per layer</source>
        <translation>L = {layers} × 每層</translation>
    </message>
    <message>
        <source>⌈L/k⌉ = {segments} layer inputs + k = {k} layers recomputed</source>
        <translation>⌈L/k⌉ = {segments} 個層輸入 + 重計算 k = {k} 層</translation>
    </message>
    <message>
        <source>the recomputed layers or, if larger, {outside}</source>
        <translation>重計算的層，或更大的 {outside}</translation>
    </message>
    <message>
        <source>plus {outside}</source>
        <translation>另加 {outside}</translation>
    </message>
    <message>
        <source>micro-batch {micro} of {batch}</source>
        <translation>微批次 {micro}（批次 {batch}）</translation>
    </message>
    <message>
        <source>{formula} (at the {moment})</source>
        <translation>{formula}（{moment}）</translation>
    </message>
    <message>
        <source>weights, gradients and state alone ({state}) do not fit in {capacity}</source>
        <translation>僅權重、梯度和狀態（{state}）就放不進 {capacity}</translation>
    </message>
    <message>
        <source>the tensors of a micro-batch of 1 ({peak}, of which weights, gradients and state {state}) fit in {capacity}; the {allowance} allowance tips it over</source>
        <translation>微批量為 1 時的張量（{peak}，其中權重、梯度和狀態 {state}）放得進 {capacity}；是 {allowance} 的餘量使其超出</translation>
    </message>
    <message>
        <source>weights, gradients and state ({state}) fit in {capacity}; one micro-batch&apos;s activations and temporaries tip it over ({peak} at the peak)</source>
        <translation>權重、梯度和狀態（{state}）放得進 {capacity}；一個微批量的激活值和臨時張量使其超出（峰值 {peak}）</translation>
    </message>
    <message>
        <source>GPUs: {value} is not a whole number</source>
        <extracomment>FSDPMemTracker&apos;s categories -&gt; ours. MemTracker&apos;s categories (ZeRO-1: parameters and gradients replicated) -&gt; ours. How each stage is traced (the JSON&apos;s ``method``).</extracomment>
        <translation>GPU 數：{value} 不是整數</translation>
    </message>
    <message>
        <source>GPUs: {ranks} ranks cannot be traced per rank; allowed: 1 to {most}</source>
        <translation>GPU 數：無法按 rank 追蹤 {ranks} 個 rank；允許：1 到 {most}</translation>
    </message>
    <message>
        <source>ZeRO: stage {zero} is not traced per rank (every rank holds everything, as in the one-device trace); allowed: 1, 2 or 3</source>
        <translation>ZeRO：階段 {zero} 不做按 rank 追蹤（每個 rank 都持有全部內容，與單裝置追蹤相同）；允許：1、2 或 3</translation>
    </message>
    <message>
        <source>EP {ep} × ETP {etp}: the per-rank trace shards every weight over all ranks and does not lay experts out by expert parallelism (the one-device trace is one expert-parallel rank&apos;s share); allowed per rank: EP 1 and ETP 1</source>
        <translation>EP {ep} × ETP {etp}：逐 rank 追蹤把每個權重分片到所有 rank 上，不依專家平行配置專家（單裝置追蹤就是一個專家平行 rank 的份額）；逐 rank 追蹤允許：EP 1 且 ETP 1</translation>
    </message>
    <message>
        <source>Recipe: tracing {dtype} weights is not supported; allowed: fp32, bf16 or fp16</source>
        <translation>配方：不支援追蹤 {dtype} 權重；允許：fp32、bf16 或 fp16</translation>
    </message>
    <message>
        <source>trace: a torch.distributed process group is already running here</source>
        <translation>追蹤：此處已有一個 torch.distributed 程序組在執行</translation>
    </message>
    <message>
        <source>per-rank trace (ZeRO-{zero}, {ranks} fake ranks): step {step} of {steps}, forward of layer {layer} of {layers}</source>
        <translation>按 rank 追蹤（ZeRO-{zero}，{ranks} 個偽 rank）：第 {step}/{steps} 步，第 {layer}/{layers} 層前向</translation>
    </message>
    <message>
        <source>GPUs: ZeRO-1 over {ranks} ranks cannot be traced: the model has {tensors} parameter tensors and each rank&apos;s optimizer state is made of whole tensors; allowed: 1 to {tensors} ranks</source>
        <translation>GPU 數：無法追蹤 {ranks} 個 rank 上的 ZeRO-1：模型只有 {tensors} 個參數張量，而每個 rank 的優化器狀態由完整張量組成；允許：1 到 {tensors} 個 rank</translation>
    </message>
    <message>
        <source>FSDP&apos;s ZeRO-2 (SHARD_GRAD_OP) keeps only a 1/{ranks} shard of the weights between steps and gathers them whole from forward to the end of backward; the ZeRO-2 formula keeps full weights on every rank</source>
        <extracomment>Estimate category -&gt; the traced categories it corresponds to (after the step: persistent state).</extracomment>
        <translation>FSDP 的 ZeRO-2（SHARD_GRAD_OP）在兩步之間只保留 1/{ranks} 的權重分片，從前向到反向結束期間把它們聚合成完整權重；ZeRO-2 公式則讓每個 rank 保留完整權重</translation>
    </message>
    <message>
        <source>ZeroRedundancyOptimizer gives each rank whole parameter tensors, largest first: rank 0 holds {share} of the optimizer state, not 1/{ranks}</source>
        <translation>ZeroRedundancyOptimizer 按從大到小把完整的參數張量分給各 rank：rank 0 持有 {share} 的優化器狀態，而不是 1/{ranks}</translation>
    </message>
    <message>
        <source>FSDP pads every parameter&apos;s first dimension to a multiple of {ranks} ranks: parameters with fewer rows than ranks still take a whole row per rank</source>
        <translation>FSDP 把每個參數的第一維填充到 {ranks} 個 rank 的倍數：行數少於 rank 數的參數在每個 rank 上仍佔一整行</translation>
    </message>
    <message>
        <source>the trace keeps state the formula does not count</source>
        <translation>追蹤保留了公式未計入的狀態</translation>
    </message>
    <message>
        <source>the formula counts state this optimizer does not keep</source>
        <translation>公式計入了該優化器並不保留的狀態</translation>
    </message>
    <message>
        <source>weights</source>
        <extracomment>Names of the compared categories in sentences.</extracomment>
        <translation>權重</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation>優化器狀態</translation>
    </message>
    <message>
        <source>optimizer state (mean of the ranks)</source>
        <translation>優化器狀態（各 rank 平均）</translation>
    </message>
    <message>
        <source>temporaries</source>
        <translation>臨時張量</translation>
    </message>
    <message>
        <source>Rank 0 of {ranks} fake ranks under ZeRO-{zero} ({how}): traced peak {traced}, estimated peak {estimated} ({gap}).</source>
        <extracomment>The estimate&apos;s categories -&gt; the traced ones drawn in their place (bars at the peak).</extracomment>
        <translation>ZeRO-{zero}（{how}）下 {ranks} 個偽 rank 中的 rank 0：追蹤峰值 {traced}，估算峰值 {estimated}（{gap}）。</translation>
    </message>
    <message>
        <source>The peaks differ by more than 10 %; at each peak:</source>
        <translation>兩個峰值相差超過 10 %；各自峰值處：</translation>
    </message>
    <message>
        <source>{category} {traced} traced, {estimated} estimated;</source>
        <translation>{category}追蹤 {traced}，估算 {estimated}；</translation>
    </message>
    <message>
        <source>the trace holds {moving} of gathered weights, unsharded gradients and communication buffers, which the ZeRO formulas do not count.</source>
        <translation>追蹤中有 {moving} 的聚合權重、未分片梯度和通訊緩衝區，ZeRO 公式沒有計入它們。</translation>
    </message>
    <message>
        <source>The traced peak falls in the optimizer step, whose temporaries ({extra}) count as optimizer state.</source>
        <translation>追蹤峰值出現在優化器步中，其臨時張量（{extra}）計為優化器狀態。</translation>
    </message>
    <message>
        <source>{category}: traced {traced}, formula {formula} ({gap}): {why}.</source>
        <translation>{category}：追蹤 {traced}，公式 {formula}（{gap}）：{why}。</translation>
    </message>
    <message>
        <source>Weights, gradients and optimizer state per rank agree with the ZeRO formulas within 10 %.</source>
        <translation>每個 rank 的權重、梯度和優化器狀態與 ZeRO 公式的差距在 10 % 以內。</translation>
    </message>
    <message>
        <source>measuring a real step on CUDA</source>
        <extracomment>What the window says while the real step runs.</extracomment>
        <translation>正在 CUDA 上測量真實的一步</translation>
    </message>
    <message>
        <source>per-rank trace failed: {detail}</source>
        <translation>按 rank 追蹤失敗：{detail}</translation>
    </message>
    <message>
        <source>real step failed: {detail}</source>
        <translation>真實步失敗：{detail}</translation>
    </message>
    <message>
        <source>real step not run: it needs about {need} (estimated peak + allowance) and the GPU has {free} free</source>
        <translation>未執行真實步：它約需 {need}（估算峰值 + 預留量），而 GPU 只有 {free} 可用</translation>
    </message>
    <message>
        <source>real step ran out of memory: {detail}</source>
        <translation>真實步記憶體不足：{detail}</translation>
    </message>
    <message>
        <source>window_layers: {value} layers without a window; allowed: 0, or a window=… with it</source>
        <extracomment>Upper bounds on each shape field: far above any model trained so far, low enough that every count stays an exact Python int and every float stays finite.</extracomment>
        <translation>window_layers：{value} 層但沒有給出視窗；允許：0，或同時給出 window=…</translation>
    </message>
    <message>
        <source>heads: {heads} does not divide d_model {d}; allowed: a divisor of d_model</source>
        <translation>頭數：{heads} 不能整除 d_model {d}；允許：d_model 的約數</translation>
    </message>
    <message>
        <source>kv_heads: {kv_heads} does not divide heads {heads}; allowed: a divisor of heads (1 = multi-query, heads = multi-head)</source>
        <translation>KV 頭數：{kv_heads} 不能整除頭數 {heads}；允許：頭數的約數（1 = 多查詢，等於頭數 = 多頭）</translation>
    </message>
    <message>
        <source>heads: d_model {d} / heads {heads} = head dimension {hd}, which is odd; rotary positions rotate pairs of channels; allowed: heads that leave an even head dimension (or learned positions)</source>
        <translation>heads：d_model {d} / heads {heads} = 頭維度 {hd}，是奇數；旋轉位置編碼按通道成對旋轉；允許：使頭維度為偶數的 heads（或學習式位置編碼）</translation>
    </message>
    <message>
        <source>norm: unknown {norm}; allowed: layernorm, rmsnorm</source>
        <translation>歸一化：未知的 {norm}；允許：layernorm、rmsnorm</translation>
    </message>
    <message>
        <source>MLA, latent {rank}</source>
        <translation>MLA，潛向量 {rank}</translation>
    </message>
    <message>
        <source>{name}: d={d}, L={layers}, {heads} heads ({attn}), ffn={ffn} {mlp}, vocab={vocab}, tied</source>
        <translation>{name}：d={d}，L={layers}，{heads} 個頭（{attn}），ffn={ffn} {mlp}，詞表={vocab}，繫結嵌入</translation>
    </message>
    <message>
        <source>{name}: d={d}, L={layers}, {heads} heads ({attn}), ffn={ffn} {mlp}, vocab={vocab}</source>
        <translation>{name}：d={d}，L={layers}，{heads} 個頭（{attn}），ffn={ffn} {mlp}，詞表={vocab}</translation>
    </message>
    <message>
        <source>MoE ({experts} experts, top-{top_k}, expert ffn={moe_ffn}) in {moe_layers} of {layers} layers</source>
        <translation>MoE（{experts} 個專家，top-{top_k}，專家 ffn={moe_ffn}），{layers} 層中的 {moe_layers} 層</translation>
    </message>
    <message>
        <source> + {shared} shared</source>
        <translation> + {shared} 個共享專家</translation>
    </message>
    <message>
        <source>{field}: set without experts; allowed: experts=E (routed experts per MoE layer) with it, or none of the MoE fields</source>
        <translation>{field}：未設 experts 卻給出此項；允許：同時給出 experts=E（每個 MoE 層的路由專家數），或不給任何 MoE 欄位</translation>
    </message>
    <message>
        <source>top_k: missing for {experts} experts; allowed: 1 to {experts} (routed experts per token)</source>
        <translation>top_k：{experts} 個專家缺少 top_k；允許：1 到 {experts}（每個 token 路由到的專家數）</translation>
    </message>
    <message>
        <source>top_k: {top_k} is more than the {experts} experts; allowed: 1 to {experts}</source>
        <translation>top_k：{top_k} 多於 {experts} 個專家；允許：1 到 {experts}</translation>
    </message>
    <message>
        <source>moe_ffn: missing for {experts} experts; allowed: the hidden width of one routed expert (a positive integer)</source>
        <translation>moe_ffn：{experts} 個專家缺少 moe_ffn；允許：單個路由專家的隱藏寬度（正整數）</translation>
    </message>
    <message>
        <source>shared_ffn: {width} without shared experts; allowed: shared_experts=S with it, or no shared_ffn</source>
        <translation>shared_ffn：{width}，但沒有共享專家；允許：同時給出 shared_experts=S，或不給 shared_ffn</translation>
    </message>
    <message>
        <source>shared_gate: a gate without shared experts; allowed: shared_experts=S with it</source>
        <translation>shared_gate：沒有共享專家卻有門控；允許：同時給出 shared_experts=S</translation>
    </message>
    <message>
        <source>mlp_bias: biased experts are not modelled; allowed: an MoE model without MLP biases</source>
        <translation>mlp_bias：未建模帶偏置的專家；允許：MLP 無偏置的 MoE 模型</translation>
    </message>
    <message>
        <source>dense_layers: {dense} leaves none of the {layers} layers for experts; allowed: 0 to {most}</source>
        <translation>dense_layers：{dense} 使 {layers} 層中沒有一層留給專家；允許：0 到 {most}</translation>
    </message>
    <message>
        <source>moe_every: {every} leaves no MoE layer among layers {first} to {last}; allowed: 1 to {most}</source>
        <translation>moe_every：{every} 使第 {first} 到 {last} 層中沒有 MoE 層；允許：1 到 {most}</translation>
    </message>
    <message>
        <source>{field}: set without kv_lora_rank; allowed: kv_lora_rank=R (multi-head latent attention) with it, or none of the MLA fields</source>
        <translation>{field}：未設 kv_lora_rank 卻給出此項；允許：同時給出 kv_lora_rank=R（多頭潛在注意力），或不給任何 MLA 欄位</translation>
    </message>
    <message>
        <source>{field}: missing for latent attention (kv_lora_rank={rank}); allowed: a positive integer</source>
        <translation>{field}：潛在注意力（kv_lora_rank={rank}）缺少此項；允許：正整數</translation>
    </message>
    <message>
        <source>qk_rope_head_dim: {value} is odd; rotary positions rotate pairs of channels; allowed: an even width</source>
        <translation>qk_rope_head_dim：{value} 為奇數；旋轉位置編碼按通道對旋轉；允許：偶數寬度</translation>
    </message>
    <message>
        <source>kv_lora_rank: latent attention is modelled with RMSNorm, rotary positions and its own head widths; allowed: norm=rmsnorm, no learned positions, no head_dim or q/k norm</source>
        <translation>kv_lora_rank：潛在注意力按 RMSNorm、旋轉位置編碼和其自身的頭寬建模；允許：norm=rmsnorm，無可學習位置編碼，無 head_dim 或 q/k 正規化</translation>
    </message>
    <message>
        <source>seq: {seq} is longer than {name}&apos;s {limit} learned positions; allowed: up to {limit} (its position embedding has no row beyond)</source>
        <translation>序列：{seq} 超過 {name} 的 {limit} 個可學習位置；允許：最多 {limit}（其位置嵌入沒有更多的列）</translation>
    </message>
    <message>
        <source>seq: {seq} is longer than {name}&apos;s sliding attention window of {window}; allowed: up to {window} (beyond it each token attends to the window only, which is not modelled)</source>
        <translation>序列：{seq} 超過 {name} 的滑動注意力視窗 {window}；允許：最多 {window}（超出後每個 token 只關注視窗內，此處未建模）</translation>
    </message>
    <message>
        <source>seq: {seq} is longer than the {context} positions {name} was trained for (max_position_embeddings); rotary positions go on, so it is counted as asked</source>
        <translation>序列：{seq} 超過 {name} 訓練時的 {context} 個位置（max_position_embeddings）；旋轉位置編碼可以繼續延伸，因此按所給長度計算</translation>
    </message>
    <message>
        <source>model: unknown preset {name}; allowed: {presets}, mlp:d=D,layers=L or transformer:d=...,layers=...</source>
        <extracomment>Published shapes: GPT-2 (Radford et al. 2019, HF configs), Llama 2 (Touvron et al. 2023), Llama 3 (Meta 2024 model cards). Parameter counts follow from the shapes exactly.</extracomment>
        <translation>模型：未知的預設 {name}；允許：{presets}、mlp:d=D,layers=L 或 transformer:d=...,layers=...</translation>
    </message>
    <message>
        <source>model: {part} is not an option of {what}; allowed: {keys} as key=value separated by commas</source>
        <extracomment>The mixture-of-experts and latent-attention keys of ``transformer:`` and the Plan&apos;s ``--dims``.</extracomment>
        <translation>模型：{part} 不是 {what} 的選項；允許：{keys}，寫成 key=value 並用逗號分隔</translation>
    </message>
    <message>
        <source>model: empty; allowed: a preset ({presets}) or mlp:d=4096,layers=8</source>
        <translation>模型：為空；允許：預設（{presets}）或 mlp:d=4096,layers=8</translation>
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
        <translation>模型：{key}={value}；允許：true 或 false</translation>
    </message>
    <message>
        <source>model: unknown kind {kind}; allowed: mlp:..., transformer:... or a preset</source>
        <translation>模型：未知的型別 {kind}；允許：mlp:...、transformer:... 或預設</translation>
    </message>
    <message>
        <source>model: cannot read {text}; e.g. mlp:d=4096,layers=8</source>
        <translation>模型：無法讀取 {text}；例如 mlp:d=4096,layers=8</translation>
    </message>
    <message>
        <source>{name}: expected true or false, got {value}</source>
        <extracomment>Default option texts (the lecture&apos;s example network).</extracomment>
        <translation>{name}：應為 true 或 false，實際為 {value}</translation>
    </message>
    <message>
        <source>unknown option(s): {unknown}; allowed: {allowed}</source>
        <translation>未知選項：{unknown}；允許：{allowed}</translation>
    </message>
    <message>
        <source>SGD (no state)</source>
        <extracomment>Bytes per element of the storage dtypes a recipe may use. State per parameter (Kingma &amp; Ba 2015 for Adam; torch.optim keeps the same tensors; Muon, Jordan et al. 2024, one momentum, as Megatron-Core keeps it: core/plan/muon.py).</extracomment>
        <translation>SGD（無狀態）</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>帶動量的 SGD</translation>
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
        <translation>Adam（一階矩和二階矩）</translation>
    </message>
    <message>
        <source>AdamW (first and second moments)</source>
        <translation>AdamW（一階矩和二階矩）</translation>
    </message>
    <message>
        <source>Muon (momentum, orthogonalized by Newton–Schulz)</source>
        <translation>Muon（動量，經 Newton–Schulz 正交化）</translation>
    </message>
    <message>
        <source>optimizer: unknown {name}; allowed: {allowed}</source>
        <translation>優化器：未知的 {name}；允許：{allowed}</translation>
    </message>
    <message>
        <source>{what}: unknown dtype {value}; allowed: {allowed}</source>
        <translation>{what}：未知的資料型別 {value}；允許：{allowed}</translation>
    </message>
    <message>
        <source>{bytes} ({dtype} weights)</source>
        <translation>{bytes}（{dtype} 權重）</translation>
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
        <translation>{terms} = {total} 位元組/參數</translation>
    </message>
    <message>
        <source>momentum</source>
        <extracomment>Optimizer state names in sentences.</extracomment>
        <translation>動量</translation>
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
        <translation>bf16 權重和梯度，fp32 優化器狀態（課程）</translation>
    </message>
    <message>
        <source>mixed precision: bf16 weights and grads, fp32 master copy and state</source>
        <translation>混合精度：bf16 權重和梯度，fp32 主副本和狀態</translation>
    </message>
    <message>
        <source>mixed precision in fp16: fp16 weights and grads, fp32 master copy and state (loss scaling; GPUs without bf16)</source>
        <translation>fp16 混合精度：fp16 權重和梯度，fp32 主副本和狀態（損失縮放；用於不支援 bf16 的 GPU）</translation>
    </message>
    <message>
        <source>custom dtypes</source>
        <translation>自訂資料型別</translation>
    </message>
    <message>
        <source>recipe: unknown {name}; allowed: {allowed}, custom</source>
        <translation>配方：未知的 {name}；允許：{allowed}、custom</translation>
    </message>
    <message>
        <source>recipe: expected text, got {kind}</source>
        <translation>配方：應為文字，實際為 {kind}</translation>
    </message>
    <message>
        <source>recipe: {item} is not a component; allowed: {keys} as key=dtype, e.g. custom:params=bf16,grads=fp32</source>
        <translation>配方：{item} 不是組成部分；允許：{keys}，寫成 key=dtype，例如 custom:params=bf16,grads=fp32</translation>
    </message>
    <message>
        <source>waiting for another trace to finish</source>
        <extracomment>Phases of one step, in order. MemTracker&apos;s category names -&gt; ours (buffers and &quot;other&quot; join parameters; temps stay apart). The process&apos;s one trace at a time (:func:`exclusive_trace`); re-entrant for nested calls.</extracomment>
        <translation>正在等待另一次追蹤結束</translation>
    </message>
    <message>
        <source>building the model on fake tensors</source>
        <extracomment>``ids of a snapshot&apos;s keys -&gt; (the keys, their categories or None)``.</extracomment>
        <translation>在偽張量上建構模型</translation>
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
        <translation>{phase}：層之外</translation>
    </message>
    <message>
        <source>{phase}: layer {layer} of {layers}</source>
        <translation>{phase}：第 {layer}/{layers} 層</translation>
    </message>
    <message>
        <source>{what}: the model has no experts (a dense model); allowed: ep 1, etp 1 and no capacity factor, or a mixture-of-experts model</source>
        <extracomment>The capacity factors accepted (the plan&apos;s ``--capacity-factor`` takes the same range).</extracomment>
        <translation>{what}：此模型沒有專家（稠密模型）；允許：ep 1、etp 1 且不設容量因子，或改用混合專家模型</translation>
    </message>
    <message>
        <source>ep: {ep} does not divide the {experts} experts; allowed: a divisor of {experts} ({divisors})</source>
        <translation>ep：{ep} 不能整除 {experts} 個專家；允許：{experts} 的因數（{divisors}）</translation>
    </message>
    <message>
        <source>etp: {etp} does not divide the expert width {width}; allowed: a divisor of {width} ({divisors})</source>
        <translation>etp：{etp} 不能整除專家寬度 {width}；允許：{width} 的因數（{divisors}）</translation>
    </message>
    <message>
        <source>ep × etp = {group} does not divide the {gpus} GPUs; allowed: GPUs a multiple of ep × etp (the experts&apos; GPUs are the data-parallel GPUs)</source>
        <translation>ep × etp = {group} 不能整除 {gpus} 張 GPU；允許：GPU 數為 ep × etp 的倍數（專家所在的 GPU 就是資料平行的 GPU）</translation>
    </message>
    <message>
        <source>MoE layers under balanced routing (assumed): each of the {experts} experts gets s·b·{top_k}/{experts} rows; expert weights, gradients and optimizer state of all {experts} experts on this device (ep 1)</source>
        <extracomment>The ZeRO stage from which each part of the state is sharded.</extracomment>
        <translation>MoE 層依均衡路由（假設）：{experts} 個專家各得 s·b·{top_k}/{experts} 列；全部 {experts} 個專家的權重、梯度和優化器狀態都在本裝置上（ep 1）</translation>
    </message>
    <message>
        <source>MoE layers under balanced routing (assumed), EP {ep} × ETP {etp}: {local} experts per GPU, each at 1/ETP of its width; the GPU&apos;s experts receive ETP·s·b·k = {rows} rows; expert data parallelism EDP = {edp} GPUs (ZeRO shards the experts&apos; state over them)</source>
        <translation>MoE 層依均衡路由（假設），EP {ep} × ETP {etp}：每張 GPU {local} 個專家，各占其寬度的 1/ETP；該 GPU 的專家接收 ETP·s·b·k = {rows} 列；專家資料平行 EDP = {edp} 張 GPU（ZeRO 在其上分片專家狀態）</translation>
    </message>
    <message>
        <source>{text}; dropless</source>
        <translation>{text}；不丟棄 token</translation>
    </message>
    <message>
        <source>{text}; capacity ⌈{cf}·s·b·k/E⌉ = {capacity} rows per expert from each GPU, {dropped} of {rows} token copies dropped</source>
        <translation>{text}；容量 ⌈{cf}·s·b·k/E⌉ = 每張 GPU 送往每個專家 {capacity} 列，{rows} 個 token 副本中丟棄 {dropped} 個</translation>
    </message>
</context>
<context>
    <name>MemoryBars</name>
    <message>
        <source>{unit} per device</source>
        <extracomment>A label&apos;s pieces: a space; one Chinese character with the closing marks after it (and an opening parenthesis before it); or a run of the rest with a closing mark after it.</extracomment>
        <translation>每裝置 {unit}</translation>
    </message>
    <message>
        <source>↑ {capacity} capacity is off the scale (tallest bar: {share})</source>
        <translation>↑ {capacity} 容量超出座標範圍（最高的長條：{share}）</translation>
    </message>
</context>
<context>
    <name>MemoryControls</name>
    <message>
        <source>Width D</source>
        <extracomment>key -&gt; (label, default, parser, tooltip) The fields a mixture of experts alone takes.</extracomment>
        <translation>寬度 D</translation>
    </message>
    <message>
        <source>MLP width</source>
        <translation>MLP 寬度</translation>
    </message>
    <message>
        <source>Layers L</source>
        <translation>層數 L</translation>
    </message>
    <message>
        <source>Number of blocks</source>
        <translation>塊的數量</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>詞表大小</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>層數</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>頭數</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 頭數</translation>
    </message>
    <message>
        <source>Fewer than heads = grouped-query attention</source>
        <translation>少於頭數 = 分組查詢注意力（GQA）</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>FFN 寬度</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>序列長度</translation>
    </message>
    <message>
        <source>Tokens per sequence; empty = the model&apos;s default</source>
        <translation>每個序列的 token 數；留空 = 模型預設值</translation>
    </message>
    <message>
        <source>Batch / device</source>
        <translation>每裝置批次</translation>
    </message>
    <message>
        <source>Sequences (or rows for the MLP) per device per optimizer step</source>
        <translation>每個裝置每個優化器步的序列數（MLP 為行數）</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Gradient accumulation: one forward holds this many; empty = the batch</source>
        <translation>梯度累積：一次前向處理這麼多；留空 = 整個批次</translation>
    </message>
    <message>
        <source>Segment k</source>
        <translation>段長 k</translation>
    </message>
    <message>
        <source>Layers per checkpointed segment</source>
        <translation>每個檢查點段的層數</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 數</translation>
    </message>
    <message>
        <source>Data-parallel devices (ZeRO shards over them)</source>
        <translation>資料並行裝置數（ZeRO 在它們之間分片）</translation>
    </message>
    <message>
        <source>For the step time: 0.5 or 50%, a share of model FLOPs (no recomputation); the HFU it implies is shown</source>
        <translation>用於單步時間：0.5 或 50%，是模型 FLOPs 的占比（不含重計算）；同時顯示它對應的 HFU</translation>
    </message>
    <message>
        <source>Experts: EP</source>
        <translation>專家 EP</translation>
    </message>
    <message>
        <source>Expert parallelism: each GPU holds experts/EP routed experts of every MoE layer; tokens reach them by an all-to-all. EP divides the experts, and EP × ETP divides the GPUs.</source>
        <translation>專家平行：每張 GPU 持有每個 MoE 層的 experts/EP 個路由專家；token 經由 all-to-all 到達它們。EP 須整除專家數，EP × ETP 須整除 GPU 數。</translation>
    </message>
    <message>
        <source>Expert tensor parallelism: each routed expert&apos;s hidden width split over ETP GPUs</source>
        <translation>專家張量平行：每個路由專家的隱藏寬度切分到 ETP 張 GPU 上</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量因子</translation>
    </message>
    <message>
        <source>Capacity factor: caps each GPU&apos;s rows per expert at ⌈factor·tokens·top-k/experts⌉ and drops the rest; empty = dropless. Routing is assumed balanced.</source>
        <translation>容量因子：把每張 GPU 送往每個專家的列數限制在 ⌈因子·tokens·top-k/專家數⌉，其餘丟棄；留空 = 不丟棄。假設路由均衡。</translation>
    </message>
    <message>
        <source>{name}: MoE, {experts} experts, top-{top_k}; {total} params, {active} active</source>
        <translation>{name}：MoE，{experts} 個專家，top-{top_k}；{total} 參數，{active} 啟用</translation>
    </message>
    <message>
        <source>default</source>
        <translation>預設</translation>
    </message>
    <message>
        <source>dropless</source>
        <translation>不丟棄</translation>
    </message>
    <message>
        <source>Deep MLP (lecture)</source>
        <translation>深層 MLP（課程）</translation>
    </message>
    <message>
        <source>Custom transformer</source>
        <translation>自訂 Transformer</translation>
    </message>
    <message>
        <source>Model shape: the lecture&apos;s MLP, your own, a preset</source>
        <translation>模型形狀：課程中的 MLP、自訂模型或預設</translation>
    </message>
    <message>
        <source>SwiGLU MLP (gated)</source>
        <translation>SwiGLU MLP（門控）</translation>
    </message>
    <message>
        <source>Tied embeddings</source>
        <translation>繫結輸入輸出嵌入</translation>
    </message>
    <message>
        <source>custom dtypes</source>
        <translation>自訂資料型別</translation>
    </message>
    <message>
        <source>Storage dtype of weights, gradients, master copy, optimizer state and activations</source>
        <translation>權重、梯度、主副本、優化器狀態和激活值的儲存資料型別</translation>
    </message>
    <message>
        <source>dtype of {part}</source>
        <translation>{part} 的資料型別</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>優化器</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>every layer</source>
        <translation>每層</translation>
    </message>
    <message>
        <source>every √L layers</source>
        <translation>每 √L 層</translation>
    </message>
    <message>
        <source>every k layers</source>
        <translation>每 k 層</translation>
    </message>
    <message>
        <source>Activation checkpointing: keep layer inputs, recompute the rest in backward</source>
        <translation>激活檢查點：保留層輸入，其餘在反向時重計算</translation>
    </message>
    <message>
        <source>0 — replicate</source>
        <translation>0 — 完整複製</translation>
    </message>
    <message>
        <source>1 — shard optimizer</source>
        <translation>1 — 分片優化器狀態</translation>
    </message>
    <message>
        <source>2 — + gradients</source>
        <translation>2 — + 梯度</translation>
    </message>
    <message>
        <source>3 — + weights (FSDP)</source>
        <translation>3 — + 權重（FSDP）</translation>
    </message>
    <message>
        <source>ZeRO stage over the GPUs</source>
        <translation>在各 GPU 上的 ZeRO 階段</translation>
    </message>
    <message>
        <source>Flash attention (no s² tensors)</source>
        <translation>Flash 注意力（無 s² 張量）</translation>
    </message>
    <message>
        <source>Dropout masks</source>
        <translation>Dropout 掩碼</translation>
    </message>
    <message>
        <source>MLP: count pre- and post-ReLU</source>
        <translation>MLP：計入 ReLU 前後兩份</translation>
    </message>
    <message>
        <source>Off: the lecture&apos;s 2·B·D·L (one B×D tensor per layer). On: both the matmul output and the ReLU output of every layer.</source>
        <translation>關：課程中的 2·B·D·L（每層一個 B×D 張量）。開：每層的矩陣乘輸出和 ReLU 輸出都計入。</translation>
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
        <translation>檢查點</translation>
    </message>
    <message>
        <source>Training step</source>
        <translation>訓練步</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>裝置</translation>
    </message>
    <message>
        <source>L blocks of x @ W (D×D, no bias) then ReLU; P = D²·L</source>
        <translation>L 個塊：x @ W（D×D，無偏置）後接 ReLU；P&#xa0;=&#xa0;D²·L</translation>
    </message>
    <message>
        <source>Llama-style: RMSNorm, rotary positions, no biases</source>
        <translation>Llama 風格：RMSNorm、旋轉位置編碼、無偏置</translation>
    </message>
    <message>
        <source>Only for a mixture of experts: {model} has no routed experts. Pick an MoE preset (mixtral-8x7b, qwen3-30b-a3b, …) to use it.</source>
        <translation>僅用於混合專家模型：{model} 沒有路由專家。選擇一個 MoE 預設（mixtral-8x7b、qwen3-30b-a3b 等）即可使用。</translation>
    </message>
</context>
<context>
    <name>MemoryTab</name>
    <message>
        <source>params</source>
        <extracomment>Categories drawn, bottom to top (trace adds temporaries).</extracomment>
        <translation>參數</translation>
    </message>
    <message>
        <source>grads</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>優化器</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>temporaries</source>
        <translation>臨時張量</translation>
    </message>
    <message>
        <source>measured peak</source>
        <translation>實測峰值</translation>
    </message>
    <message>
        <source>expert state</source>
        <translation>專家狀態</translation>
    </message>
    <message>
        <source>all-to-all buffers</source>
        <translation>all-to-all 緩衝</translation>
    </message>
    <message>
        <source>CUDA context and workspaces</source>
        <translation>CUDA 上下文和工作區</translation>
    </message>
    <message>
        <source>HIP runtime and rocBLAS/MIOpen workspaces</source>
        <translation>HIP 執行環境和 rocBLAS/MIOpen 工作區</translation>
    </message>
    <message>
        <source>XLA runtime and program buffers</source>
        <translation>XLA 執行環境和程式緩衝區</translation>
    </message>
    <message>
        <source>Metal runtime and the memory macOS keeps</source>
        <translation>Metal 執行環境和 macOS 佔用的記憶體</translation>
    </message>
    <message>
        <source>framework runtime and libraries</source>
        <translation>框架執行環境和函式庫</translation>
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
        <translation>優化器步</translation>
    </message>
    <message>
        <source>{category}: {bytes}, the routed experts&apos; weights, gradients and optimizer state on this GPU: {experts} experts of each MoE layer (EP {ep}, ETP {etp}), sharded by ZeRO over EDP = {edp} GPUs; params, grads and optimizer hold the rest</source>
        <translation>{category}：{bytes}，本 GPU 上路由專家的權重、梯度和優化器狀態：每個 MoE 層 {experts} 個專家（EP {ep}，ETP {etp}），由 ZeRO 在 EDP = {edp} 張 GPU 上分片；參數、梯度和優化器段是其餘部分</translation>
    </message>
    <message>
        <source>{text} (the bar adds the all-to-all buffers, {bytes}, when they are too thin to draw apart)</source>
        <translation>{text}（all-to-all 緩衝 {bytes} 太薄無法單獨畫出時，計入此段）</translation>
    </message>
    <message>
        <source>{category}: {bytes} = {formula}</source>
        <translation>{category}：{bytes} = {formula}</translation>
    </message>
    <message>
        <source>One training step, per device</source>
        <translation>一個訓練步的記憶體（每裝置）</translation>
    </message>
    <message>
        <source>Largest micro-batch that fits</source>
        <translation>放得下的最大微批次</translation>
    </message>
    <message>
        <source>Largest model of this shape</source>
        <translation>此形狀下最大的模型</translation>
    </message>
    <message>
        <source>FLOPs per step</source>
        <translation>每步 FLOPs</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>步時間</translation>
    </message>
    <message>
        <source>{unit} per device</source>
        <translation>每裝置 {unit}</translation>
    </message>
    <message>
        <source>Hover a bar segment to see how estimate and trace differ.</source>
        <translation>將滑鼠懸停在柱段上，檢視估算與追蹤的差異。</translation>
    </message>
    <message>
        <source>Trace one step</source>
        <translation>追蹤一步</translation>
    </message>
    <message>
        <source>Build the real nn.Module and run forward, backward and the optimizer step on fake tensors (no memory is allocated); with ZeRO 1-3 over several GPUs, also rank 0 with fake ranks</source>
        <translation>建構真實的 nn.Module，在偽張量上執行前向、反向和優化器步（不分配記憶體）；在多個 GPU 上使用 ZeRO 1-3 時，還會用偽 rank 追蹤 rank 0</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Not traced yet</source>
        <translation>尚未追蹤</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>時間線</translation>
    </message>
    <message>
        <source>Show the traced memory over time in place of the bars</source>
        <translation>以追蹤到的記憶體隨時間的變化取代長條圖顯示</translation>
    </message>
    <message>
        <source>{problem} — showing the last good estimate</source>
        <translation>{problem} — 顯示上一次有效的估算</translation>
    </message>
    <message>
        <source>Warning: {warning}</source>
        <translation>警告：{warning}</translation>
    </message>
    <message>
        <source>peak {peak}  ·  {count} params</source>
        <translation>峰值 {peak}  ·  {count} 參數</translation>
    </message>
    <message>
        <source>Estimated peak of the step ({moment}); the four categories add up to {total}. Kernels: {kernels}.</source>
        <translation>這一步的估算峰值（{moment}）；四類合計 {total}。核心：{kernels}。</translation>
    </message>
    <message>
        <source>A mixture of experts: {total} parameters in all, {active} active per token; weights, gradients and optimizer state keep all of them, the routed experts divided by EP × ETP = {group} over the GPUs.</source>
        <translation>混合專家模型：共 {total} 個參數，每個 token 啟用 {active} 個；權重、梯度和優化器狀態保存全部參數，其中路由專家依 EP × ETP = {group} 分布到各 GPU。</translation>
    </message>
    <message>
        <source>Fits on {where} with {spare} to spare</source>
        <translation>{where} 放得下，還剩 {spare}</translation>
    </message>
    <message>
        <source>Fits on {where} only without the allowance</source>
        <translation>只有不計預留量時 {where} 才放得下</translation>
    </message>
    <message>
        <source>Does not fit on {where}: {over} over</source>
        <translation>{where} 放不下：超出 {over}</translation>
    </message>
    <message>
        <source>, per device of {gpus} (ZeRO-{zero})</source>
        <translation>，{gpus} 個裝置中的每一個（ZeRO-{zero}）</translation>
    </message>
    <message>
        <source>. Plus {bytes} allowance: {what}.</source>
        <translation>。另有 {bytes} 預留量：{what}。</translation>
    </message>
    <message>
        <source>none: {reason}</source>
        <translation>無：{reason}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>{layers} layers = {count} params</source>
        <translation>{layers} 層 = {count} 參數</translation>
    </message>
    <message>
        <source>none at this batch: one layer is already too big</source>
        <translation>此批次下無：一層就已放不下</translation>
    </message>
    <message>
        <source>none at this batch</source>
        <translation>此批次下無</translation>
    </message>
    <message>
        <source>Executed (hardware) FLOPs: {formula}. Model FLOPs (what MFU counts): {model}</source>
        <translation>實際執行（硬體）FLOPs：{formula}。模型 FLOPs（MFU 所計）：{model}</translation>
    </message>
    <message>
        <source>Step time at {mfu} MFU (HFU {hfu}), {dtype} peak</source>
        <translation>MFU {mfu}（HFU {hfu}）、{dtype} 峰值下的單步時間</translation>
    </message>
    <message>
        <source>Step time at {mfu} MFU, {dtype} peak</source>
        <translation>步時間（{mfu} MFU，{dtype} 峰值）</translation>
    </message>
    <message>
        <source>{device} has no {dtype} peak</source>
        <translation>{device} 沒有 {dtype} 峰值</translation>
    </message>
    <message>
        <source>Inputs changed since the trace: trace again to compare</source>
        <translation>追蹤後輸入已更改：請重新追蹤以便比較</translation>
    </message>
    <message>
        <source>estimate {category}: {bytes} = {formula}</source>
        <translation>估算{category}：{bytes} = {formula}</translation>
    </message>
    <message>
        <source>estimate total {bytes} (the four categories)</source>
        <translation>估算合計 {bytes}（四類之和）</translation>
    </message>
    <message>
        <source>estimated at the peak ({moment}) {category}: {bytes}</source>
        <translation>估算峰值處（{moment}）{category}：{bytes}</translation>
    </message>
    <message>
        <source>estimated peak {bytes}: {formula}</source>
        <translation>估算峰值 {bytes}：{formula}</translation>
    </message>
    <message>
        <source>estimate (sum)</source>
        <translation>估算（合計）</translation>
    </message>
    <message>
        <source>estimate (peak, {kernels})</source>
        <translation>估算（峰值，{kernels}）</translation>
    </message>
    <message>
        <source>at the traced peak {category} = {bytes}. </source>
        <translation>追蹤峰值處{category} = {bytes}。</translation>
    </message>
    <message>
        <source>trace of earlier inputs</source>
        <translation>先前輸入的追蹤</translation>
    </message>
    <message>
        <source>trace (peak, {phase})</source>
        <translation>追蹤（峰值，{phase}）</translation>
    </message>
    <message>
        <source>rank 0 of earlier inputs</source>
        <translation>先前輸入的 rank 0</translation>
    </message>
    <message>
        <source>rank 0 (ZeRO-{zero}, {ranks} ranks)</source>
        <translation>rank 0（ZeRO-{zero}，{ranks} 個 rank）</translation>
    </message>
    <message>
        <source>measured (CUDA)</source>
        <translation>實測（CUDA）</translation>
    </message>
    <message>
        <source>torch.cuda.max_memory_allocated over one step</source>
        <translation>一步中的 torch.cuda.max_memory_allocated</translation>
    </message>
    <message>
        <source> per device (× {gpus} = {total})</source>
        <translation> 每裝置（× {gpus} = {total}）</translation>
    </message>
    <message>
        <source>not traced</source>
        <translation>未追蹤</translation>
    </message>
    <message>
        <source>no GPU run</source>
        <translation>未在 GPU 上執行</translation>
    </message>
    <message>
        <source>No per-rank trace: {why}</source>
        <translation>沒有按 rank 追蹤：{why}</translation>
    </message>
    <message>
        <source>Cannot trace: {problem} — the estimate stands</source>
        <translation>無法追蹤：{problem} — 估算保持不變</translation>
    </message>
    <message>
        <source>Tracing…</source>
        <translation>追蹤中…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Traced in {seconds} s: peak {peak} during {phase}; counted {flops}</source>
        <translation>追蹤用時 {seconds} s：峰值 {peak}，出現在{phase}；計得 {flops}</translation>
    </message>
    <message>
        <source>; rank 0 of {ranks} traced in {seconds} s</source>
        <translation>；{ranks} 個 rank 中的 rank 0 追蹤用時 {seconds} s</translation>
    </message>
    <message>
        <source>Trace cancelled; the estimate stands</source>
        <translation>追蹤已取消；估算保持不變</translation>
    </message>
    <message>
        <source>Trace failed: {detail} — the estimate stands</source>
        <translation>追蹤失敗：{detail} — 估算保持不變</translation>
    </message>
    <message>
        <source>memory: could not restore ({error})</source>
        <translation>記憶體：無法還原（{error}）</translation>
    </message>
</context>
<context>
    <name>PhaseView</name>
    <message>
        <source>traced GB</source>
        <translation>追蹤 GB</translation>
    </message>
    <message>
        <source>ops in one training step</source>
        <translation>一個訓練步中的運算元</translation>
    </message>
    <message>
        <source>Trace a step to see memory over time</source>
        <translation>追蹤一步，檢視記憶體隨時間的變化</translation>
    </message>
    <message>
        <source>The trace recorded no samples</source>
        <translation>追蹤沒有記錄到取樣</translation>
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
        <translation>優化器步</translation>
    </message>
</context>
</TS>
