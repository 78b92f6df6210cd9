<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>Plan</name>
    <message>
        <source>BF16 (no low-precision GEMMs)</source>
        <extracomment>What ``--fp8`` (and an implementation&apos;s ``gemm_dtype`` fp8 without a recipe) means: TE&apos;s default recipe, ``DelayedScaling`` (Megatron&apos;s ``--fp8-recipe`` default ``delayed``). Bytes per element of the BF16 tensor a quantization kernel reads. FLOPs per element of a 16-point Hadamard transform done as a 16 × 16 matrix product.</extracomment>
        <translation>BF16（不使用低精度 GEMM）</translation>
    </message>
    <message>
        <source>FP8, delayed scaling (amax history)</source>
        <translation>FP8，延遲縮放（amax 歷史）</translation>
    </message>
    <message>
        <source>FP8, current per-tensor scaling</source>
        <translation>FP8，當前逐張量縮放</translation>
    </message>
    <message>
        <source>MXFP8 (1×32 blocks, E8M0 scales)</source>
        <translation>MXFP8（1×32 區塊，E8M0 縮放因子）</translation>
    </message>
    <message>
        <source>FP8, blockwise scaling (1×128 tiles, 128×128 weight blocks, fp32 scales)</source>
        <translation>FP8，分塊縮放（1×128 分塊，128×128 權重區塊，fp32 縮放因子）</translation>
    </message>
    <message>
        <source>NVFP4 (16-element blocks, E4M3 and fp32 scales)</source>
        <translation>NVFP4（16 元素區塊，E4M3 與 fp32 縮放因子）</translation>
    </message>
    <message>
        <source>precision: {value}; allowed: {allowed}</source>
        <translation>精度：{value}；允許：{allowed}</translation>
    </message>
    <message>
        <source>an fp8 peak</source>
        <extracomment>The recipe settings a plan can add to a low-precision recipe (``Implementation`` fields): FP8 attention (Megatron-Bridge&apos;s ``fp8_dot_product_attention``) and Transformer Engine&apos;s fused grouped MLP (``cutedsl_fused_grouped_mlp``).</extracomment>
        <translation>fp8 峰值</translation>
    </message>
    <message>
        <source>block-scaled fp8 tensor cores (NVIDIA Blackwell, AMD CDNA 4)</source>
        <translation>支援區塊縮放的 fp8 張量核心（NVIDIA Blackwell、AMD CDNA 4）</translation>
    </message>
    <message>
        <source>block-scaled fp8 tensor cores or a measured rate of fp8 GEMMs with software block scales (Hopper; for another device, napkinlab calibration --set gemm_efficiency_fp8_blockwise=RATE)</source>
        <translation>支援區塊縮放的 fp8 張量核心，或實測過的軟體區塊縮放 fp8 GEMM 速率（Hopper；其他裝置可用 napkinlab calibration --set gemm_efficiency_fp8_blockwise=RATE 設定）</translation>
    </message>
    <message>
        <source>NVFP4 tensor cores (NVIDIA Blackwell)</source>
        <translation>NVFP4 張量核心（NVIDIA Blackwell）</translation>
    </message>
    <message>
        <source>precision: {recipe} needs {need}, which {device} lacks; devices that run it: {fits}</source>
        <translation>精度：{recipe} 需要{need}，而 {device} 沒有；可執行它的裝置：{fits}</translation>
    </message>
    <message>
        <source>precision: {recipe} runs its GEMMs in {dtype}, not {given}; allowed: leave the GEMM dtype to the recipe</source>
        <translation>精度：{recipe} 以 {dtype} 執行 GEMM，而不是 {given}；允許：由配方決定 GEMM 的資料型別</translation>
    </message>
    <message>
        <source>precision: --fp8 and --precision {recipe} disagree; allowed: one of them, or an fp8 recipe</source>
        <translation>精度：--fp8 與 --precision {recipe} 矛盾；允許：只給其一，或一個 fp8 配方</translation>
    </message>
    <message>
        <source>gemm dtype: {value}; allowed: bf16, fp16, fp8, fp4, tf32, fp32</source>
        <translation>GEMM 資料型別：{value}；允許：bf16、fp16、fp8、fp4、tf32、fp32</translation>
    </message>
    <message>
        <source>gpus: {gpus} GPUs do not fill whole nodes of {per_node}; allowed: a multiple of --gpus-per-node (or fewer GPUs than one node)</source>
        <translation>GPU：{gpus} 個 GPU 填不滿每節點 {per_node} 個的整節點；允許：--gpus-per-node 的整數倍（或少於一個節點的 GPU）</translation>
    </message>
    <message>
        <source>nvlink-domain: {domain} GPUs is not a whole number of nodes of {per_node}; allowed: a multiple of --gpus-per-node (72 for an NVL72 rack of 4-GPU trays)</source>
        <extracomment>Activation recomputation: none, selective (the attention core, Korthikanti et al. 2022), full (every layer&apos;s forward again in backward, keeping only each layer&apos;s input). How context parallelism moves K and V: a ring of point-to-point exchanges overlapped with the attention blocks (Megatron-Core), or one all-gather before the attention (Llama 3, §3.3.2). How the LM head&apos;s cross-entropy keeps the logits, which sets its memory (:attr:`Implementation.cross_entropy`).</extracomment>
        <translation>nvlink-domain：{domain} 個 GPU 不是整數個 {per_node} GPU 的節點；允許：--gpus-per-node 的倍數（由 4-GPU 托盤組成的 NVL72 機櫃為 72）</translation>
    </message>
    <message>
        <source>device: {name} has no intra-node link bandwidth in the database; give --intra-bw (bytes/s per GPU, e.g. 300e9)</source>
        <translation>裝置：資料庫中沒有 {name} 的節點內鏈路頻寬；請給出 --intra-bw（每個 GPU 的位元組/秒，例如 300e9）</translation>
    </message>
    <message>
        <source>device: {name} has no network bandwidth in the database, so {gpus} GPUs on {nodes} nodes cannot be planned; give --network-bw (bytes/s per GPU, e.g. 50e9)</source>
        <translation>裝置：資料庫中沒有 {name} 的網路頻寬，無法規劃 {nodes} 個節點上的 {gpus} 個 GPU；請給出 --network-bw（每個 GPU 的位元組/秒，例如 50e9）</translation>
    </message>
    <message>
        <source>zero: {zero}; allowed: 0, 1, 2 or 3</source>
        <translation>ZeRO：{zero}；允許：0、1、2 或 3</translation>
    </message>
    <message>
        <source>recompute: {value}; allowed: {allowed}</source>
        <translation>重計算：{value}；允許：{allowed}</translation>
    </message>
    <message>
        <source>no recompute</source>
        <translation>不重計算</translation>
    </message>
    <message>
        <source>selective recompute</source>
        <translation>選擇性重計算</translation>
    </message>
    <message>
        <source>full recompute</source>
        <translation>完全重計算</translation>
    </message>
    <message>
        <source>grad-accumulation: {value}; allowed: {allowed}</source>
        <extracomment>The linear weights kept only quantized (NeMo&apos;s ``fp8_params``, Megatron&apos;s ``--fp8-param-gather``): the quantized copies replace the compute-dtype weights. Activation CPU offloading (Megatron-Core&apos;s ``cpu_offloading_num_layers`` through Transformer Engine&apos;s ``get_cpu_offload_context``): the saved activations of the first ``k`` layers go to host memory in forward and come back in backward, finished in time for TE&apos;s default synchronization to keep ``L − k`` layers&apos; worth on the GPU at the peak (memory only). The pipeline schedule (:data:`core.plan.dualpipe.SCHEDULES`): Megatron&apos;s 1F1B, or DeepSeek&apos;s DualPipe (:mod:`core.plan.dualpipe`). A mixture of experts&apos; token dispatcher (:data:`core.plan.deepep.DISPATCHERS`): Megatron&apos;s all-to-all, or DeepEP&apos;s (:mod:`core.plan.deepep`); ``route_nodes`` &gt; 0 limits each token to that many nodes (DeepSeek-V3&apos;s node-limited routing: 4). Recomputation by module (Megatron-Core&apos;s ``--recompute-modules``, :data:`core.plan.recompute_modules.RECOMPUTE_MODULES`): the named modules&apos; saved activations are dropped and their forward rerun in backward; () = none. Fine-grained activation offloading (Megatron-Core&apos;s ``--fine-grained-activation-offloading --offload-modules``, :data:`core.plan.recompute_names.OFFLOAD_MODULES`): the named modules&apos; inputs are copied to the host in forward and back for backward, on their own streams, so they leave the GPU&apos;s memory (:mod:`core.plan.moe_kept`; the copies are taken as hidden behind the compute); () = none. DeepEP&apos;s dispatch in FP8 (1 × 128 tiles; DeepSeek-V3 §3.3), else in the activations&apos; dtype (Megatron-Core&apos;s flex dispatcher hands DeepEP the layer&apos;s BF16 hidden states). The router&apos;s weights applied inside the experts (Megatron-Core&apos;s ``TEGroupedMLP`` scales the activation by ``permuted_probs``: ``weighted_bias_swiglu_impl``), so the combine keeps no copy of the experts&apos; outputs (:mod:`core.plan.moe_kept`). With ``moe_act`` recomputed, the routed experts&apos; activation input (the first GEMM&apos;s output, the one tensor they keep) cached in the low-precision recipe&apos;s bytes instead of the activations&apos; (DeepSeek-V3 report §3.3.3: the SwiGLU inputs are cached in FP8 with the fine-grained quantization, and its output recomputed in backward; :mod:`core.plan.moe_kept`). Bytes per element of the one copy of the attention output that both flash attention&apos;s backward and the output projection&apos;s weight gradient keep (DeepSeek-V3 report §3.3.3, &quot;Low-Precision Activation&quot; (1): a customized E5M6 format, 12 bits, with the kernel&apos;s fp32 scale per 128 elements); 0: flash keeps its own output and the projection its own copy. The routed experts carry biases that Megatron-Core adds in a Python loop over the local experts (``TEGroupedMLP._apply_bias``: ``t + b * p`` per expert, then ``torch.cat``): GPT-OSS (``add_bias_linear=True``). Timed by :func:`core.plan.moe.expert_bias_seconds`, its host calls by :mod:`core.plan.host`; False: no expert biases. The experts&apos; gated activation clamps its two halves first, in eager PyTorch: Megatron-Core&apos;s ``weighted_bias_quick_geglu_impl`` with ``clamp_value`` (GPT-OSS: ``activation_func_clamp_value`` 7.0) chunks the first expert GEMM&apos;s output, clamps each half and concatenates them again before the fused kernel. Timed by :func:`core.plan.moe.clamped_glu_seconds`, its host calls by :mod:`core.plan.host`; False: no clamp (or one fused into the activation&apos;s kernel). Rotary positions applied in eager PyTorch (Megatron-Core&apos;s ``_apply_rotary_pos_emb_bshd`` without ``apply_rope_fusion``): Megatron-Bridge turns the fusion off for any position embedding but plain ``rope`` (``validate_rope_fusion_compatibility``), so GPT-OSS&apos;s YaRN runs unfused. Timed by :func:`core.plan.moe.unfused_rope_seconds`, its host calls by :mod:`core.plan.host`; False: the fused kernel. The experts&apos; MLP runs as Transformer Engine&apos;s fused grouped MLP (its op fuser with the CuTe DSL kernels, ``transformer_engine/pytorch/ops/fused/grouped_mlp.py``; Megatron-Bridge&apos;s ``cutedsl_fused_grouped_mlp`` with ``use_transformer_engine_op_fuser``) under a block-scaled recipe (MXFP8, NVFP4): the first expert GEMM applies the gated activation and the routing weights and quantizes the second GEMM&apos;s input in its epilogue, and the second GEMM&apos;s data-gradient GEMM applies the activation&apos;s backward and quantizes the first GEMM&apos;s output gradient in its own (:func:`core.plan.moe.layer_micro_times`). False: the activation and those two quantizations run as kernels of their own. Attention runs in the recipe&apos;s FP8 format (Transformer Engine&apos;s ``fp8_dpa``, Megatron-Bridge&apos;s ``fp8_dot_product_attention``; under an MXFP8 recipe cuDNN&apos;s MXFP8 attention): its time is the BF16 attention&apos;s times cuDNN&apos;s measured FP8/BF16 ratio (:mod:`core.roofline.attention_fp8`). False, or a 16-bit recipe: attention in BF16. How gradients add up over micro-batches (:data:`core.plan.grad_accum.GRAD_ACCUMULATION`): ``fused``, the weight-gradient GEMM accumulates into the buffer (Megatron&apos;s ``gradient_accumulation_fusion``); ``hook``, Megatron-LM 2022&apos;s per-micro-batch ``main_grad.add_`` (fp16); ``autograd``, PyTorch&apos;s in-place add from the second micro-batch (Megatron-LM 2021, fp16). Transformer Engine CUDA-graph scopes (Megatron-Bridge&apos;s ``cuda_graph_scope`` with ``cuda_graph_impl=&quot;transformer_engine&quot;``, :data:`core.plan.host.GRAPH_SCOPES`): the captured ops cost the host nothing (:mod:`core.plan.host`); () = eager. The expert all-to-all of one micro-batch hidden behind another micro-batch&apos;s compute (Megatron-Core&apos;s ``overlap_moe_expert_parallel_comm``, :mod:`core.plan.ep_overlap`); False: each all-to-all on the critical path. A custom pipeline layout in Megatron-Core&apos;s notation (``--pipeline-model-parallel-layout``, :mod:`core.plan.pipeline_layout`): which layers, MTP modules, embedding and loss each virtual pipeline stage holds; ``None``: the plan&apos;s split (:func:`stage_layers`). Transformer layers at each end kept in BF16 under a low-precision recipe (Megatron-Core&apos;s ``--first-last-layers-bf16`` with ``--num-layers-at-start-in-bf16`` and ``--num-layers-at-end-in-bf16``); ``None``: the recipe&apos;s own (NVFP4&apos;s 2, none for the FP8 recipes). Megatron-Core&apos;s default is off: 0.</extracomment>
        <translation>grad-accumulation：{value}；允許：{allowed}</translation>
    </message>
    <message>
        <source>dispatcher: {value}; allowed: {allowed}</source>
        <translation>dispatcher：{value}；允許：{allowed}</translation>
    </message>
    <message>
        <source>shared attention output: {value} bytes per element; allowed: 0 (none) up to 4</source>
        <translation>共用的注意力輸出：每元素 {value} 位元組；允許：0（無）到 4</translation>
    </message>
    <message>
        <source>CUDA graph scope: {value}; allowed: {allowed}</source>
        <translation>CUDA graph 範圍：{value}；允許：{allowed}</translation>
    </message>
    <message>
        <source>schedule: {value}; allowed: {allowed}</source>
        <translation>schedule：{value}；允許：{allowed}</translation>
    </message>
    <message>
        <source>offloaded layers: {value}; allowed: a whole number, 0 or more</source>
        <translation>卸載的層數：{value}；允許：0 或更大的整數</translation>
    </message>
    <message>
        <source>attention kernel: {value}; allowed: {allowed}</source>
        <translation>注意力核函式：{value}；允許：{allowed}</translation>
    </message>
    <message>
        <source>cross-entropy: {value}; allowed: {allowed}</source>
        <translation>交叉熵：{value}；允許：{allowed}</translation>
    </message>
    <message>
        <source>cp-comm: {value}; allowed: {allowed}</source>
        <translation>CP 通訊：{value}；允許：{allowed}</translation>
    </message>
    <message>
        <source>model: the plan needs a transformer (a preset, a config.json or --dims)</source>
        <translation>模型：規劃需要一個 Transformer（預設、config.json 或 --dims）</translation>
    </message>
    <message>
        <source>recipe: {dtype} weights; allowed: fp32, bf16 or fp16 weights</source>
        <translation>精度方案：{dtype} 權重；允許：fp32、bf16 或 fp16 權重</translation>
    </message>
    <message>
        <source>recipe: {recipe} computes in {dtype}, which {device} has no peak for (it has: {have}); allowed here: {fits}</source>
        <translation>配方：{recipe} 以 {dtype} 計算，而 {device} 沒有該類型的峰值（它有：{have}）；此處可用：{fits}</translation>
    </message>
    <message>
        <source>{dtype} GEMMs: {device} has no {dtype} peak; allowed: {have}</source>
        <translation>{dtype} GEMM：{device} 沒有 {dtype} 峰值；可用：{have}</translation>
    </message>
    <message>
        <source>global-batch × seq: {tokens} tokens per step; allowed: up to 1e13</source>
        <translation>全域批次 × 序列：每步 {tokens} 個 token；允許：最多 1e13</translation>
    </message>
    <message>
        <source>{name}: {value} needs a mixture-of-experts model; {model} is dense (no routed experts); allowed: {name} 1</source>
        <translation>{name}：{value} 需要混合專家（MoE）模型；{model} 是稠密模型（沒有路由專家）；允許：{name} 1</translation>
    </message>
    <message>
        <source>ep: {ep} does not divide the {experts} routed experts; allowed: a divisor of {experts}</source>
        <translation>ep：{ep} 不能整除 {experts} 個路由專家；允許：{experts} 的因數</translation>
    </message>
    <message>
        <source>tp: {tp} does not divide the {heads} attention heads; allowed: a divisor of {heads}</source>
        <translation>張量平行：{tp} 不能整除 {heads} 個注意力頭；允許：{heads} 的因數</translation>
    </message>
    <message>
        <source>tp: {tp} and the {kv} KV heads: one must divide the other</source>
        <translation>張量平行：{tp} 與 {kv} 個 KV 頭必須有一個整除另一個</translation>
    </message>
    <message>
        <source>vpp: {v} chunks per GPU need a pipeline; allowed: vpp 1 with pp 1</source>
        <translation>vpp：每個 GPU {v} 個分塊需要管線平行；允許：pp 為 1 時 vpp 為 1</translation>
    </message>
    <message>
        <source>vpp: {framework}&apos;s pipeline engine has no interleaved schedule; allowed: vpp 1</source>
        <translation>vpp：{framework} 的管線引擎沒有交錯排程；允許：vpp 1</translation>
    </message>
    <message>
        <source>pp: {pp} × vpp {v} does not divide the {layers} layers; allowed: pp × vpp dividing {layers} (or --uneven-stages, the first and last stage taking fewer)</source>
        <translation>管線平行：{pp} × vpp {v} 不能整除 {layers} 層；允許：能整除 {layers} 的 pp × vpp（或用 --uneven-stages，讓首末兩級少分幾層）</translation>
    </message>
    <message>
        <source>gpus: tp {tp} × pp {pp} × cp {cp} = {product} does not divide the {gpus} GPUs</source>
        <translation>GPU：tp {tp} × pp {pp} × cp {cp} = {product} 不能整除 {gpus} 個 GPU</translation>
    </message>
    <message>
        <source>dp: {dp} but tp × pp × cp leaves {left} for {gpus} GPUs</source>
        <translation>資料平行：給的是 {dp}，但 {gpus} 個 GPU 在 tp × pp × cp 之後剩下 {left}</translation>
    </message>
    <message>
        <source>cp: context parallelism needs flash attention; allowed: cp 1 without it</source>
        <translation>上下文平行：需要 flash attention；沒有它時只允許 cp 1</translation>
    </message>
    <message>
        <source>cp: seq {seq} does not split into 2 × {cp} equal chunks (causal load balancing); allowed: cp with seq a multiple of 2·cp</source>
        <translation>上下文平行：序列 {seq} 不能分成 2 × {cp} 個相等的塊（因果遮罩的負載平衡）；允許：序列是 2·cp 整數倍的 cp</translation>
    </message>
    <message>
        <source>global-batch: {batch} sequences is not a multiple of dp {dp} × micro-batch {mb} = {product}</source>
        <translation>全域批次：{batch} 條序列不是資料平行 {dp} × 微批次 {mb} = {product} 的整數倍</translation>
    </message>
    <message>
        <source>vpp: the interleaved schedule needs the {m} micro-batches per step to be a multiple of pp {pp}</source>
        <translation>vpp：交錯排程要求每步的 {m} 個微批次是 pp {pp} 的整數倍</translation>
    </message>
    <message>
        <source>zero: ZeRO-{zero} shards the gradients the pipeline accumulates; allowed: zero 0 or 1 with pp &gt; 1</source>
        <translation>ZeRO：ZeRO-{zero} 會切分管線平行正在累積的梯度；pp &gt; 1 時允許：zero 0 或 1</translation>
    </message>
    <message>
        <source>tight: the {stage} stage&apos;s tensors and the CUDA runtime need {need} per GPU at the {moment}, the device has {have}, but not the allocator reserve of {reserve}</source>
        <extracomment>:func:`step_floor`&apos;s least-working stage per layout shape, for the last context met (under ``&quot;context&quot;``): a search asks for one context&apos;s many layouts in a row.</extracomment>
        <translation>偏緊：{stage}級在{moment}時張量與 CUDA 執行環境每個 GPU 需要 {need}，裝置有 {have}，但放不下 {reserve} 的配置器保留</translation>
    </message>
    <message>
        <source>out of memory: the {stage} stage needs {need} per GPU at the {moment}, the device has {have}</source>
        <translation>記憶體不足：{stage}級在{moment}時每個 GPU 需要 {need}，裝置只有 {have}</translation>
    </message>
    <message>
        <source>dims: {key}={value}; allowed: 0 or 1</source>
        <extracomment>The keys ``--dims`` accepts (with the mixture-of-experts and latent-attention keys of :data:`core.memory.models.MOE_KEYS`: ``experts=E,top_k=K,moe_ffn=F,shared_experts=S,...``).</extracomment>
        <translation>維度：{key}={value}；允許：0 或 1</translation>
    </message>
    <message>
        <source>dims: {part} is not a dimension; allowed: {keys} as key=value</source>
        <translation>維度：{part} 不是維度；允許：{keys}，寫成 key=value</translation>
    </message>
    <message>
        <source>dims: {key} is given twice</source>
        <translation>維度：{key} 給了兩次</translation>
    </message>
    <message>
        <source>dims: {key}=… is missing; required: layers, hidden and heads</source>
        <translation>維度：缺少 {key}=…；必需：layers、hidden 和 heads</translation>
    </message>
    <message>
        <source>dims: act={value}; allowed: gelu or swiglu</source>
        <translation>維度：act={value}；允許：gelu 或 swiglu</translation>
    </message>
    <message>
        <source>dims: norm={value}; allowed: layer or rms</source>
        <translation>維度：norm={value}；允許：layer 或 rms</translation>
    </message>
    <message>
        <source>model: give one of --model, --config or --dims, not {given}</source>
        <translation>模型：--model、--config、--dims 只能給一個，不能同時給 {given}</translation>
    </message>
    <message>
        <source>model: the plan needs a transformer; allowed: a preset, transformer:…, --config or --dims</source>
        <translation>模型：規劃需要一個 Transformer；允許：預設、transformer:…、--config 或 --dims</translation>
    </message>
    <message>
        <source>batch-unit: {unit} is not a unit; allowed: sequences or tokens</source>
        <translation>batch-unit：{unit} 不是單位；允許：sequences（序列）或 tokens</translation>
    </message>
    <message>
        <source>global-batch: {tokens} tokens is not a whole number of sequences of {seq} tokens; allowed: a multiple of the sequence length (the nearest: {near} tokens, {count} sequences)</source>
        <translation>全域批次：{tokens} 個 token 不是整數個長 {seq} 的序列；允許：序列長度的倍數（最接近的：{near} 個 token，{count} 個序列）</translation>
    </message>
    <message>
        <source>capacity-factor: {value} needs a mixture-of-experts model; {model} is dense; allowed: leave it out</source>
        <translation>capacity-factor：{value} 需要混合專家（MoE）模型；{model} 是稠密模型；允許：不給出</translation>
    </message>
    <message>
        <source>seq: {seq} is beyond the model&apos;s {positions} learned positions; allowed: up to {positions}</source>
        <translation>序列：{seq} 超出了模型學到的 {positions} 個位置；允許：最多 {positions}</translation>
    </message>
    <message>
        <source>{flag}: keeps tensors in the low precision the GEMMs run in, and this plan has none; allowed: with --precision fp8-delayed, fp8-current, mxfp8, fp8-blockwise or nvfp4 (or --fp8)</source>
        <translation>{flag}：以 GEMM 執行的低精度保存張量，而此計畫沒有低精度；允許：與 --precision fp8-delayed、fp8-current、mxfp8、fp8-blockwise 或 nvfp4（或 --fp8）一起使用</translation>
    </message>
    <message>
        <source>fp8-attention: runs attention in the recipe&apos;s FP8 format, and this plan has none; allowed: with --precision fp8-delayed, fp8-current, mxfp8 or fp8-blockwise (or --fp8)</source>
        <translation>fp8-attention：以配方的 FP8 格式執行注意力，而此計畫沒有 FP8 配方；允許：與 --precision fp8-delayed、fp8-current、mxfp8 或 fp8-blockwise（或 --fp8）一起使用</translation>
    </message>
    <message>
        <source>fused-grouped-mlp: Transformer Engine&apos;s fused grouped MLP takes block-scaled inputs only; allowed: with --precision mxfp8 or nvfp4</source>
        <translation>fused-grouped-mlp：Transformer Engine 的融合分組 MLP 只接受區塊縮放的輸入；允許：與 --precision mxfp8 或 nvfp4 一起使用</translation>
    </message>
    <message>
        <source>activation-func-fp8-input-store: the experts&apos; activation input is what moe_act recomputation keeps; allowed: with --recompute-modules naming moe_act</source>
        <translation>activation-func-fp8-input-store：專家激活函數的輸入是 moe_act 重計算所保留的張量；允許：與包含 moe_act 的 --recompute-modules 一起使用</translation>
    </message>
    <message>
        <source>{layout}: step {step}, {tokens} tokens/s, MFU {mfu}, HFU {hfu}</source>
        <extracomment>The step-time breakdown&apos;s keys, in stacking order (``ep_comm``: the all-to-all of expert parallelism, 0 for a dense model).</extracomment>
        <translation>{layout}：每步 {step}，{tokens} token/s，MFU {mfu}，HFU {hfu}</translation>
    </message>
    <message>
        <source>tracing one layer of the model</source>
        <extracomment>Step times within this fraction of each other rank as equally fast (then least memory first): 0.5 %, below the model&apos;s own error (its calibrated step times are off by several per cent).</extracomment>
        <translation>正在追蹤模型的一層</translation>
    </message>
    <message>
        <source>search: no layout of {gpus} GPUs can run this model with a global batch of {batch}; check that the GPUs, the batch and the fixed dimensions agree</source>
        <translation>搜尋：{gpus} 個 GPU 的任何配置都無法以全域批次 {batch} 執行這個模型；請檢查 GPU 數、批次和固定的維度是否相容</translation>
    </message>
    <message>
        <source>layout {i} of {n}</source>
        <translation>第 {i} 個配置，共 {n} 個</translation>
    </message>
    <message>
        <source>{n} layouts planned, {fit} fit</source>
        <translation>規劃了 {n} 個配置，{fit} 個放得下</translation>
    </message>
    <message>
        <source>selective recomputation instead of full</source>
        <extracomment>A candidate&apos;s input or layout: built only inside :func:`what_to_change`&apos;s error handling (a ``partial`` of ``replace``), since building one validates it (fp8 on a device without an fp8 peak, a TP that does not divide the heads) and a refusal must skip that candidate alone.</extracomment>
        <translation>用選擇性重計算取代完全重計算</translation>
    </message>
    <message>
        <source>no recomputation instead of full</source>
        <translation>用不重計算取代完全重計算</translation>
    </message>
    <message>
        <source>no recomputation instead of selective</source>
        <translation>用不重計算取代選擇性重計算</translation>
    </message>
    <message>
        <source>full recomputation instead of none</source>
        <translation>用完全重計算取代不重計算</translation>
    </message>
    <message>
        <source>micro-batch {new} instead of {old}</source>
        <translation>微批次 {new}，取代 {old}</translation>
    </message>
    <message>
        <source>TP {new} instead of {old}</source>
        <translation>張量平行 {new}，取代 {old}</translation>
    </message>
    <message>
        <source>PP {new} instead of {old}</source>
        <translation>管線平行 {new}，取代 {old}</translation>
    </message>
    <message>
        <source>{new} pipeline chunks per GPU instead of {old}</source>
        <translation>每個 GPU {new} 個管線分塊，取代 {old}</translation>
    </message>
    <message>
        <source>sequence parallelism</source>
        <translation>序列平行</translation>
    </message>
    <message>
        <source>EP {new} instead of {old}</source>
        <translation>EP {new} 取代 {old}</translation>
    </message>
    <message>
        <source>ZeRO-{new} instead of ZeRO-{old}</source>
        <translation>ZeRO-{new}，取代 ZeRO-{old}</translation>
    </message>
    <message>
        <source>CP {new} instead of {old}</source>
        <translation>上下文平行 {new}，取代 {old}</translation>
    </message>
    <message>
        <source>fused kernels instead of eager</source>
        <translation>融合核函式，代替逐運算子執行</translation>
    </message>
    <message>
        <source>flash attention</source>
        <translation>flash attention</translation>
    </message>
    <message>
        <source>the gradient reduction overlapped with backward</source>
        <translation>梯度歸約與反向重疊</translation>
    </message>
    <message>
        <source>TP communication overlapped with the GEMMs</source>
        <translation>TP 通訊與 GEMM 重疊</translation>
    </message>
    <message>
        <source>the expert all-to-all overlapped with another micro-batch</source>
        <translation>專家 all-to-all 與另一個微批次的計算重疊</translation>
    </message>
    <message>
        <source>uneven first and last stages, PP {new} instead of {old}</source>
        <translation>首末兩級少分層，管線平行 {new}，取代 {old}</translation>
    </message>
    <message>
        <source>a cross-entropy kernel on the logits&apos; own dtype</source>
        <translation>按 logits 自身資料型別的交叉熵核函式</translation>
    </message>
    <message>
        <source>fp8 GEMMs</source>
        <translation>fp8 GEMM</translation>
    </message>
    <message>
        <source>{device} instead of {old}</source>
        <translation>{device}，取代 {old}</translation>
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
        <translation>中間</translation>
    </message>
    <message>
        <source>last</source>
        <translation>最後</translation>
    </message>
    <message>
        <source>first and last</source>
        <translation>第一與最後</translation>
    </message>
    <message>
        <source>the network</source>
        <translation>網路</translation>
    </message>
    <message>
        <source>the intra-node link</source>
        <translation>節點內鏈路</translation>
    </message>
    <message>
        <source>memory tight: {need} of {have} without the allocator reserve</source>
        <translation>記憶體偏緊：不計配置器保留需要 {need}，共 {have}</translation>
    </message>
    <message>
        <source>out of memory: {need} of {have}</source>
        <translation>記憶體不足：需要 {need}，只有 {have}</translation>
    </message>
    <message>
        <source>TP all-reduce over the network {share}</source>
        <translation>走網路的張量平行 all-reduce {share}</translation>
    </message>
    <message>
        <source>TP communication {share}</source>
        <translation>張量平行通訊 {share}</translation>
    </message>
    <message>
        <source>recomputation {share}</source>
        <translation>重計算 {share}</translation>
    </message>
    <message>
        <source>CP exchanges {share}</source>
        <translation>上下文平行交換 {share}</translation>
    </message>
    <message>
        <source>pipeline sends {share}</source>
        <translation>管線發送 {share}</translation>
    </message>
    <message>
        <source>expert all-to-all {share}</source>
        <translation>專家 all-to-all {share}</translation>
    </message>
    <message>
        <source>pipeline bubble {share}</source>
        <translation>管線氣泡 {share}</translation>
    </message>
    <message>
        <source>gradient reduction {share} exposed</source>
        <translation>梯度歸約暴露 {share}</translation>
    </message>
    <message>
        <source>optimizer step {share}</source>
        <translation>優化器步 {share}</translation>
    </message>
    <message>
        <source>memory {share} full</source>
        <translation>記憶體已用 {share}</translation>
    </message>
    <message>
        <source>memory-bound kernels {share} of compute</source>
        <translation>記憶體受限的核函式占計算的 {share}</translation>
    </message>
    <message>
        <source>compute (MFU {mfu})</source>
        <translation>計算本身（MFU {mfu}）</translation>
    </message>
    <message>
        <source>the loss: Megatron&apos;s vocabulary-parallel cross-entropy keeps the fp32 softmax it computes in place (4 bytes per logit); its backward writes the gradient in place and casts it back ({e} bytes per logit)</source>
        <translation>損失：Megatron 的詞表平行交叉熵保留它原地算出的 fp32 softmax（每個 logit 4 位元組）；其反向原地寫梯度，再轉回原型別（每個 logit {e} 位元組）</translation>
    </message>
    <message>
        <source>the loss: a cross-entropy kernel that reads the logits in their own dtype keeps them ({e} bytes per logit) and its backward writes a {e}-byte gradient</source>
        <translation>損失：按 logits 自身資料型別讀取的交叉熵核函式保留 logits（每個 logit {e} 位元組），其反向寫出 {e} 位元組的梯度</translation>
    </message>
    <message>
        <source>the loss: PyTorch&apos;s cross-entropy on an fp32 copy of the logits keeps the fp32 log-softmax (4 bytes per logit) and its backward allocates the fp32 gradients of the log-softmax and the logits (8 bytes per logit)</source>
        <translation>損失：PyTorch 在 logits 的 fp32 副本上算交叉熵，保留 fp32 的 log-softmax（每個 logit 4 位元組），其反向配置 log-softmax 和 logits 的 fp32 梯度（每個 logit 8 位元組）</translation>
    </message>
    <message>
        <source>on the critical path: TP overlap decomposes only sequence-parallel all-gathers and reduce-scatters, and this layout has no sequence parallelism</source>
        <translation>在關鍵路徑上：TP 重疊只分解序列平行的 all-gather 與 reduce-scatter，而此配置沒有序列平行</translation>
    </message>
    <message>
        <source>decomposed by AsyncTP: each all-gather and reduce-scatter in {tp} chunks, one after another beside the GEMM on each chunk, each chunk&apos;s GEMM at its own smaller shape&apos;s efficiency; the reduce-scatter&apos;s last chunk exposed, and each chunk&apos;s transfer shows where it outlasts its GEMM</source>
        <translation>由 AsyncTP 分解：每個 all-gather 和 reduce-scatter 分成 {tp} 塊，依序與各塊上的 GEMM 並行，每塊的 GEMM 按其較小形狀的效率計；reduce-scatter 的最後一塊暴露，每塊的傳輸在比其 GEMM 更久時顯現</translation>
    </message>
    <message>
        <source>decomposed by Transformer Engine&apos;s userbuffers: the all-gathers by ring exchange in {tp} chunks, the forward&apos;s reduce-scatters pipelined in 4 pieces (the last exposed), up to 3 chunk GEMMs at once, each at its own smaller shape&apos;s efficiency; the backward&apos;s reduce-scatters in bulk beside the weight-gradient GEMMs; each chunk&apos;s transfer shows where it outlasts its GEMM</source>
        <translation>由 Transformer Engine 的 userbuffers 分解：all-gather 以環形交換分成 {tp} 塊，前向的 reduce-scatter 管線化分成 4 段（最後一段暴露），最多同時 3 個分塊 GEMM，各按其較小形狀的效率計；反向的 reduce-scatter 整體與權重梯度 GEMM 並行；每塊的傳輸在比其 GEMM 更久時顯現</translation>
    </message>
    <message>
        <source>host: the CPU issues a layer&apos;s experts after its dispatcher&apos;s sync ({after} of the forward&apos;s issue time) before the next layer&apos;s attention, which the GPU cannot start sooner: a forward takes at least that time plus the GPU&apos;s time up to the next sync</source>
        <translation>主機：CPU 在分派器同步之後先下發本層的專家（佔前向下發時間的 {after}），再下發下一層的注意力，GPU 不能更早開始它：一次前向至少是這段時間加上 GPU 到下一次同步為止的時間</translation>
    </message>
    <message>
        <source>host: the whole step replays as one CUDA graph (full_iteration): the CPU issues no op, so the MoE layers&apos; waits for the GPU cost nothing</source>
        <translation>主機：整個步驟作為一個 CUDA 圖重放（full_iteration）：CPU 不下發任何運算子，因此 MoE 層等待 GPU 不花時間</translation>
    </message>
    <message>
        <source>host: the token dispatcher makes the CPU wait for the GPU in every MoE layer, so a layer takes the longer of its GPU time and the CPU&apos;s issue time, here {fwd} forward ({ops_f} ops and {modules} Transformer Engine module calls) and {bwd} backward ({ops_b} ops) at {op} µs per op{grace}; {graphs}</source>
        <translation>主機：權杖分派器讓 CPU 在每個 MoE 層等待 GPU，因此一層的用時取其 GPU 時間與 CPU 下發時間中較長者，這裡前向 {fwd}（{ops_f} 個運算子和 {modules} 次 Transformer Engine 模組呼叫），反向 {bwd}（{ops_b} 個運算子），每個運算子 {op} µs{grace}；{graphs}</translation>
    </message>
    <message>
        <source> (a Grace host)</source>
        <translation>（Grace 主機）</translation>
    </message>
    <message>
        <source>CUDA graphs capture {scopes}</source>
        <translation>CUDA 圖擷取 {scopes}</translation>
    </message>
    <message>
        <source>no CUDA graphs</source>
        <translation>無 CUDA 圖</translation>
    </message>
    <message>
        <source>te.Linear&apos;s forward as measured on Grace</source>
        <translation>即在 Grace 上實測的 te.Linear 前向</translation>
    </message>
    <message>
        <source>as Megatron-Core&apos;s experts issue them in a profiled x86 run</source>
        <translation>即一次剖析過的 x86 訓練中 Megatron-Core 專家下發它們的開銷</translation>
    </message>
    <message>
        <source>host: the token dispatcher makes the CPU wait for the GPU in every MoE layer, so a layer takes the longer of its GPU time and the CPU&apos;s issue time, here {fwd} forward ({ops_f} ops at {op} µs per op and {te_f} Transformer Engine GEMMs at {te_f_us} µs, {te_f_how}) and {bwd} backward ({ops_b} ops and {te_b} TE GEMMs at {te_b_us} µs, TE&apos;s GEMM call as profiled){grace}; {graphs}</source>
        <translation>主機：權杖分派器讓 CPU 在每個 MoE 層等待 GPU，因此一層的用時取其 GPU 時間與 CPU 下發時間中較長者，這裡前向 {fwd}（{ops_f} 個運算子，每個 {op} µs，以及 {te_f} 次 Transformer Engine GEMM，每次 {te_f_us} µs，{te_f_how}），反向 {bwd}（{ops_b} 個運算子，以及 {te_b} 次 TE GEMM，每次 {te_b_us} µs，即剖析所得的 TE GEMM 呼叫）{grace}；{graphs}</translation>
    </message>
    <message>
        <source> times their wave and tile quantization ({tile} tiles over {sms} SMs)</source>
        <translation>，再乘以其波次和分塊量化（{tile} 分塊、{sms} 個 SM）</translation>
    </message>
    <message>
        <source>compute: the Step trace of one {width}-wide layer ({ops} kernels&apos; worth of ops), the embedding and the head, scaled to {layers} layers; GEMMs at {gemm} of the {dtype} peak{quant}, flash attention{kernel} at {fwd} (forward) and {bwd} (backward) of peak at {seq} tokens, a causal kernel doing half the s² work; memory-bound ops at {bw} of the memory bandwidth; {launch} µs per kernel</source>
        <translation>計算：單步追蹤中寬度為 {width} 的一層（{ops} 個核函式的運算子）、嵌入層和輸出頭，按 {layers} 層放大；GEMM 達到 {dtype} 峰值的 {gemm}{quant}；flash attention{kernel} 在 {seq} 個 token 時達到峰值的 {fwd}（前向）和 {bwd}（反向），因果核函式只做一半的 s² 工作；記憶體受限運算子達到記憶體頻寬的 {bw}；每個核函式 {launch} µs</translation>
    </message>
    <message>
        <source> ({kernel})</source>
        <translation>（{kernel}）</translation>
    </message>
    <message>
        <source>attention heads {head} wide: flash attention keeps {fwd} of its head-128 rate forward and {bwd} backward (FlashAttention-3&apos;s H100 figures at head dimensions 64 and 128)</source>
        <translation>注意力頭寬 {head}：flash attention 前向保持其頭寬 128 時速率的 {fwd}，反向保持 {bwd}（FlashAttention-3 在 H100 上頭維度 64 與 128 的數據）</translation>
    </message>
    <message>
        <source>attention in {dtype}: timed as BF16 attention (cuDNN&apos;s FP8 attention is measured on GB200 and GB300 only)</source>
        <translation>注意力用 {dtype}：按 BF16 注意力計時（cuDNN 的 FP8 注意力只在 GB200 和 GB300 上測過）</translation>
    </message>
    <message>
        <source>attention in {dtype}: BF16 attention&apos;s time × cuDNN&apos;s measured {dtype}/BF16 time at this length, {fwd} forward and {bwd} backward causal; with a sliding window the {dtype} backward covers the whole causal band, {window} of BF16&apos;s</source>
        <translation>注意力用 {dtype}：BF16 注意力的時間 × cuDNN 在此長度下實測的 {dtype}/BF16 時間之比，因果前向 {fwd}、反向 {bwd}；有滑動視窗時 {dtype} 的反向覆蓋整個因果帶，是 BF16 的 {window}</translation>
    </message>
    <message>
        <source>compute: the Step trace of one {width}-wide layer ({ops} kernels&apos; worth of ops), the embedding and the head, scaled to {layers} layers; GEMMs at {gemm} of the {dtype} peak{quant}; memory-bound ops at {bw} of the memory bandwidth; {launch} µs per kernel</source>
        <translation>計算：單步追蹤中寬度為 {width} 的一層（{ops} 個核函式的運算子）、嵌入層和輸出頭，按 {layers} 層放大；GEMM 達到 {dtype} 峰值的 {gemm}{quant}；記憶體受限運算子達到記憶體頻寬的 {bw}；每個核函式 {launch} µs</translation>
    </message>
    <message>
        <source>sliding window: {windowed} of the {layers} layers attend to the last {window} positions only, {share} of a causal layer&apos;s attention work, timed at a causal kernel&apos;s rate on {length} tokens (its query blocks visit as many key blocks){eager}; model and hardware FLOPs count those layers&apos; attention at the same share</source>
        <translation>滑動視窗：{layers} 層中有 {windowed} 層只關注最近的 {window} 個位置，注意力工作量為因果層的 {share}，按因果核函式在 {length} 個 token 時的速率計時（其查詢塊存取同樣多的鍵塊）{eager}；模型 FLOPs 和硬體 FLOPs 對這些層的注意力按同一比例計數</translation>
    </message>
    <message>
        <source> (without flash attention every score is computed, then masked)</source>
        <translation>（不用 FlashAttention 時每個分數都會算出，再被遮罩）</translation>
    </message>
    <message>
        <source>FP8 as Transformer Engine runs it: only the layers&apos; weight GEMMs run in fp8, each one&apos;s input cast to fp8 with its transpose before the forward GEMM and its output gradient likewise before the backward ones (4 bytes moved per element, a kernel each); attention, the embedding and the LM head stay in {dtype}; for its weight gradient each of those GEMMs keeps the fp8 copy of its input (1 byte per element), not the input</source>
        <translation>按 Transformer Engine 的方式執行 FP8：只有各層的權重 GEMM 用 fp8，前向 GEMM 之前把輸入轉成 fp8 並轉置，反向 GEMM 之前對輸出梯度同樣處理（每個元素搬運 4 位元組，各一個核函式）；注意力、嵌入和輸出頭仍用 {dtype}；為了算權重梯度，這些 GEMM 各自保留輸入的 fp8 副本（每個元素 1 位元組），而不是輸入本身</translation>
    </message>
    <message>
        <source>FP8 as Transformer Engine runs it: the layers&apos; weight GEMMs run in fp8, each one&apos;s input cast to fp8 with its transpose before the forward GEMM and its output gradient likewise before the backward ones (4 bytes moved per element, a kernel each); attention runs in FP8 too (its own line); the embedding and the LM head stay in {dtype}; for its weight gradient each of those GEMMs keeps the fp8 copy of its input (1 byte per element), not the input</source>
        <translation>按 Transformer Engine 的方式執行 FP8：各層的權重 GEMM 用 fp8，前向 GEMM 之前把輸入轉成 fp8 並轉置，反向 GEMM 之前對輸出梯度同樣處理（每個元素搬運 4 位元組，各一個核函式）；注意力也用 FP8（見其單獨一行）；嵌入和輸出頭仍用 {dtype}；為了算權重梯度，這些 GEMM 各自保留輸入的 fp8 副本（每個元素 1 位元組），而不是輸入本身</translation>
    </message>
    <message>
        <source>MFU and HFU with fp8 GEMMs are against the fp8 peak, the precision they run in, as NVIDIA&apos;s FP8 tables count; against the {dtype} peak they would be {mfu} and {hfu}</source>
        <translation>用 fp8 GEMM 時，MFU 和 HFU 按 fp8 峰值計，即它們運行的精度（NVIDIA 的 FP8 表格這樣計）；若按 {dtype} 峰值，它們是 {mfu} 和 {hfu}</translation>
    </message>
    <message>
        <source>{recipe}: the first {n} and the last {n} transformer layers keep their GEMMs in {dtype} (Megatron-Core&apos;s --first-last-layers-bf16); {low} of the {layers} layers run low</source>
        <translation>{recipe}：前 {n} 層和後 {n} 層 Transformer 的 GEMM 保持 {dtype}（Megatron-Core 的 --first-last-layers-bf16）；{layers} 層中 {low} 層以低精度執行</translation>
    </message>
    <message>
        <source>{recipe}: the tensor cores do not read block scales, so each GEMM multiplies every 128-long slice of K by its scales and adds it in fp32 on CUDA cores (DeepSeek-V3 report §3.3.2), at the measured blockwise rate, {rate} of the fp8 peak at {shape}, not per-tensor FP8&apos;s {fp8}</source>
        <translation>{recipe}：張量核心不讀取區塊縮放因子，所以每個 GEMM 在 CUDA 核心上把 K 的每段 128 個元素乘以其縮放因子並以 fp32 累加（DeepSeek-V3 報告 §3.3.2），按實測的分塊速率計時：在 {shape} 上為 fp8 峰值的 {rate}，而不是逐張量 FP8 的 {fp8}</translation>
    </message>
    <message>
        <source>{recipe}: every transformer layer&apos;s GEMMs run low, none kept in {dtype} at the ends (Megatron-Core&apos;s default: --first-last-layers-bf16 off)</source>
        <translation>{recipe}：每一層 Transformer 的 GEMM 都以低精度執行，兩端不保留 {dtype} 層（Megatron-Core 的預設值：--first-last-layers-bf16 關閉）</translation>
    </message>
    <message>
        <source>attention unfused: QKᵀ and P·V as batched GEMMs with the scale, mask, softmax and dropout between them, the s² probabilities kept</source>
        <translation>注意力未融合：QKᵀ 和 P·V 是批次 GEMM，中間是縮放、遮罩、softmax 和 dropout，保留 s² 的機率</translation>
    </message>
    <message>
        <source>attention unfused: QKᵀ and P·V as batched GEMMs with the scale, mask and softmax between them, the s² probabilities kept</source>
        <translation>注意力未融合：QKᵀ 和 P·V 是批次 GEMM，中間是縮放、遮罩和 softmax，保留 s² 的機率</translation>
    </message>
    <message>
        <source>fused kernels: the memory-bound ops between two GEMMs run as one kernel that moves as much as the largest of them</source>
        <translation>融合核函式：兩個 GEMM 之間的記憶體受限運算子合成一個核函式，搬運量與其中最大的一個相同</translation>
    </message>
    <message>
        <source>eager kernels: every memory-bound op is its own kernel</source>
        <translation>逐運算子核函式：每個記憶體受限運算子各是一個核函式</translation>
    </message>
    <message>
        <source>the LM head&apos;s cross-entropy runs as separate kernels over the fp32 logits (no loss fusion)</source>
        <translation>輸出頭的交叉熵在 fp32 logits 上以多個獨立核函式執行（未做損失融合）</translation>
    </message>
    <message>
        <source>each GEMM output tile also pays a fixed cost worth {k} iterations of its K loop (pipeline prologue and epilogue); the large-GEMM efficiency is the one measured at {shape}</source>
        <translation>每個 GEMM 輸出分塊還要付出相當於其 K 迴圈 {k} 次迭代的固定開銷（管線的開頭和收尾）；大 GEMM 效率取自在 {shape} 上的量測</translation>
    </message>
    <message>
        <source>an fp8 GEMM output tile&apos;s fixed cost is worth {k} iterations of its K loop, from the fp8 rates measured at two K (its epilogue takes as long as a 16-bit tile&apos;s while its K loop runs faster); the fp8 efficiency is the one measured at {shape}</source>
        <translation>fp8 GEMM 每個輸出塊的固定開銷相當於其 K 迴圈的 {k} 次迭代，來自在兩個 K 上測得的 fp8 速率（其收尾與 16 位元塊一樣長，而其 K 迴圈更快）；fp8 效率是在 {shape} 測得的</translation>
    </message>
    <message>
        <source>collectives: rings at the group&apos;s bus bandwidth (across nodes, every NIC of the group&apos;s GPUs in a node carries the ring), plus NCCL&apos;s ring latency ({base} µs, {hop} µs per NVLink hop, {net} µs per network hop), paid per layer by the gradient reduction and ZeRO&apos;s gathers; compute running beside an overlapped collective runs {slow} slower</source>
        <translation>集合通訊：環形演算法按群組的匯流排頻寬執行（跨節點時，群組內各 GPU 在節點中的每張網路卡都承載環），再加 NCCL 的環延遲（{base} µs，每個 NVLink 跳 {hop} µs，每個網路跳 {net} µs），梯度歸約和 ZeRO 的收集每層各付一次；與重疊的集合通訊同時執行的計算慢 {slow}</translation>
    </message>
    <message>
        <source>an all-gather and a reduce-scatter in place of each all-reduce (sequence parallel)</source>
        <translation>每個 all-reduce 換成一個 all-gather 加一個 reduce-scatter（序列平行）</translation>
    </message>
    <message>
        <source>2 all-reduces in forward and 2 in backward</source>
        <translation>前向 2 個 all-reduce，反向 2 個</translation>
    </message>
    <message>
        <source>CP {cp} is PyTorch’s context_parallel as torchtitan calls it: K and V move at the query heads ({heads} a GPU, repeated before the attention), pass the ring again in the backward, their gradients follow in fp32 ({cp} exchanges), and each step is merged in fp32</source>
        <translation>上下文平行 {cp} 是 torchtitan 呼叫的 PyTorch context_parallel：K 和 V 按查詢頭數傳遞（每個 GPU {heads} 個，在注意力之前複製），反向時再繞環傳遞一次，它們的梯度以 fp32 隨後傳遞（{cp} 次交換），每一步都以 fp32 合併</translation>
    </message>
    <message>
        <source>CP {cp}: PyTorch’s context_parallel as torchtitan calls it: K and V all-gathered at the query heads ({heads} a GPU, repeated before the attention) over {link} at {busbw}, gathered again in the backward, their gradients passed round the ring in fp32 ({cp} exchanges), each step merged in fp32; exposed (a compiled block waits on each collective at once)</source>
        <translation>上下文平行 {cp}：torchtitan 呼叫的 PyTorch context_parallel：按查詢頭數對 K 和 V 做 all-gather（每個 GPU {heads} 個，在注意力之前複製），經{link}，頻寬 {busbw}，反向時再 all-gather 一次，它們的梯度以 fp32 繞環傳遞（{cp} 次交換），每一步都以 fp32 合併；暴露在外（編譯後的塊對每個集合通訊都立即等待）</translation>
    </message>
    <message>
        <source>pipeline layout {layout} (Megatron-Core&apos;s notation): {first} layers on the first GPU with the embedding, {middle} on the busiest middle one, {last} on the last with the LM head and the loss, which the plan takes as given</source>
        <translation>管線配置 {layout}（Megatron-Core 的寫法）：第一個 GPU 上 {first} 層並帶嵌入層，最忙的中間 GPU 上 {middle} 層，最後一個 GPU 上 {last} 層並帶輸出頭與損失；規劃按給定配置計算</translation>
    </message>
    <message>
        <source>pipeline layout {layout} (Megatron-Core&apos;s notation): {first} layers on the first GPU with the embedding, {last} on the second with the LM head and the loss, which the plan takes as given</source>
        <translation>管線配置 {layout}（Megatron-Core 的寫法）：第一個 GPU 上 {first} 層並帶嵌入層，第二個 GPU 上 {last} 層並帶輸出頭與損失；規劃按給定配置計算</translation>
    </message>
    <message>
        <source>overlapped bucket by bucket with the last micro-batch&apos;s backward that fills the buckets (under the interleaved schedule, each model chunk&apos;s last backward, the chunks p backwards apart) and ZeRO&apos;s gathers with the next step&apos;s first forward; the last bucket&apos;s reduction and the first bucket&apos;s gather have nothing to hide behind, and the rest shows where it outruns the compute</source>
        <translation>逐桶與填滿各桶的最後一個微批次反向重疊（交錯排程下為每個模型塊的最後一次反向，各塊相隔 p 次反向），ZeRO 的收集與下一步的第一次前向重疊；最後一個桶的歸約和第一個桶的收集無處隱藏，其餘部分在超過計算時顯現</translation>
    </message>
    <message>
        <source>gathered one layer ahead of each micro-batch&apos;s forward and backward and reduced layer by layer as the backward goes; per micro-batch the first layer&apos;s gather and the last layer&apos;s reduce-scatter have nothing to hide behind, and the rest shows where it outruns the layer&apos;s compute</source>
        <translation>在每個微批次的前向和反向中提前一層收集，並隨反向逐層歸約；每個微批次第一層的收集和最後一層的 reduce-scatter 無處隱藏，其餘部分在超過該層計算時顯現</translation>
    </message>
    <message>
        <source>selective recomputation as torchtitan&apos;s policy by op: each block keeps its input, the attention&apos;s output and {gemms}; its backward runs the rest of its forward again</source>
        <translation>選擇性重計算按 torchtitan 的逐運算子策略：每個區塊保留其輸入、注意力的輸出與{gemms}；其反向傳播重新執行前向的其餘部分</translation>
    </message>
    <message>
        <source>no GEMM output (Float8&apos;s scaled GEMMs are not in the policy&apos;s list)</source>
        <translation>不保留任何 GEMM 輸出（Float8 的縮放 GEMM 不在該策略的清單中）</translation>
    </message>
    <message>
        <source>every second GEMM&apos;s output</source>
        <translation>每隔一個 GEMM 的輸出</translation>
    </message>
    <message>
        <source>recomputation by module (Megatron-Core&apos;s recompute_modules): {names}; each keeps its inputs and runs its forward again in backward, in the time and the memory</source>
        <translation>按模組重計算（Megatron-Core 的 recompute_modules）：{names}；每個模組保留其輸入，在反向中再執行一次前向，計入時間和記憶體</translation>
    </message>
    <message>
        <source>on the critical path, not overlapped (Megatron-LM)</source>
        <translation>在關鍵路徑上，不重疊（Megatron-LM）</translation>
    </message>
    <message>
        <source>not modelled in the step time: stragglers and slow nodes, data loading (shown beside the step as the data path), failures and restarts and checkpoint saves (added to the days as their own rows), evaluation, network congestion from other jobs and job placement, NCCL&apos;s tree and NVLS algorithms, overlap inside a kernel, load imbalance between data-parallel ranks</source>
        <translation>步驟時間中未建模：落後者和慢節點、資料載入（作為資料通路顯示在步驟旁邊）、故障與重啟和儲存檢查點（作為單獨的列計入天數）、評估、其他作業造成的網路壅塞和作業擺放、NCCL 的樹狀與 NVLS 演算法、核函式內部的重疊、資料平行各 rank 之間的負載不均</translation>
    </message>
    <message>
        <source>TP {tp}: per layer and micro-batch, {what} of {size}, over {link} at {busbw} bus bandwidth; {overlap}</source>
        <translation>張量平行 {tp}：每層每個微批次 {what}，每次 {size}，經{link}，匯流排頻寬 {busbw}；{overlap}</translation>
    </message>
    <message>
        <source>CP {cp}: K and V pass around a ring of {cp} ranks over {link} at {busbw}, each step hidden behind the attention block it feeds; only the excess shows</source>
        <translation>上下文平行 {cp}：K 和 V 在 {cp} 個 rank 的環上經{link}傳遞，頻寬 {busbw}，每一步被它所供給的注意力塊隱藏；只有超出的部分顯現</translation>
    </message>
    <message>
        <source>CP {cp}: K and V all-gathered before the attention over {link} at {busbw}, exposed (Llama 3)</source>
        <translation>上下文平行 {cp}：注意力之前經{link}對 K 和 V 做 all-gather，頻寬 {busbw}，暴露在外（Llama 3）</translation>
    </message>
    <message>
        <source>interleaved schedule with {v} chunks per GPU</source>
        <translation>交錯排程，每個 GPU {v} 個分塊</translation>
    </message>
    <message>
        <source>1F1B schedule</source>
        <translation>1F1B 排程</translation>
    </message>
    <message>
        <source>PP {pp}: {schedule}, {m} micro-batches, bubble (p−1)/(v·m) = {bubble} of the pipeline&apos;s compute; one activation per micro-batch and chunk each way between stages over {link}, exposed</source>
        <translation>管線平行 {pp}：{schedule}，{m} 個微批次，氣泡 (p−1)/(v·m) = 管線計算的 {bubble}；每個微批次和分塊在相鄰級之間經{link}各方向傳一次激活值，暴露在外</translation>
    </message>
    <message>
        <source>all-reduce of the gradients</source>
        <translation>梯度的 all-reduce</translation>
    </message>
    <message>
        <source>reduce-scatter of the gradients and all-gather of the weights (ZeRO-1)</source>
        <translation>梯度的 reduce-scatter 和權重的 all-gather（ZeRO-1）</translation>
    </message>
    <message>
        <source>reduce-scatter of the gradients and all-gather of the weights (ZeRO-2)</source>
        <translation>梯度的 reduce-scatter 和權重的 all-gather（ZeRO-2）</translation>
    </message>
    <message>
        <source>all-gathers of the weights for every micro-batch&apos;s forward and backward and reduce-scatters of the gradients (ZeRO-3)</source>
        <translation>每個微批次前向和反向時對權重做 all-gather，並對梯度做 reduce-scatter（ZeRO-3）</translation>
    </message>
    <message>
        <source>after the pipeline flush, not overlapped</source>
        <translation>在管線排空之後，不重疊</translation>
    </message>
    <message>
        <source>DP over {n} ranks: {what} of {params} parameters per GPU, over {link} at {busbw}; {overlap}</source>
        <translation>資料平行跨 {n} 個 rank：每個 GPU {params} 個參數的{what}，經{link}，頻寬 {busbw}；{overlap}</translation>
    </message>
    <message>
        <source>Megatron-LM&apos;s hook adds each micro-batch&apos;s gradient into main_grad</source>
        <translation>Megatron-LM 的鉤子把每個微批次的梯度加到 main_grad 上</translation>
    </message>
    <message>
        <source>autograd adds each later micro-batch&apos;s gradient into param.grad in place</source>
        <translation>autograd 把之後每個微批次的梯度原地加到 param.grad 上</translation>
    </message>
    <message>
        <source>gradient accumulation without the weight-gradient GEMM&apos;s fusion: {how}, {passes} memory-bound passes a step over the GPU&apos;s parameters</source>
        <translation>梯度累積未與權重梯度 GEMM 融合：{how}，每步對本 GPU 的參數做 {passes} 遍記憶體受限的走訪</translation>
    </message>
    <message>
        <source>optimizer: one fused update of the GPU&apos;s shard (weights, gradients, {states} states{master}), memory-bound, after the gradients are reduced</source>
        <translation>優化器：梯度歸約之後，對本 GPU 的分片（權重、梯度、{states} 個狀態{master}）做一次融合更新，記憶體受限</translation>
    </message>
    <message>
        <source>, fp32 master copy</source>
        <translation>、fp32 主副本</translation>
    </message>
    <message>
        <source>whole matrices dealt over the data-parallel ranks (Megatron&apos;s layer-wise distributed optimizer)</source>
        <translation>整個矩陣分給各資料平行 rank（Megatron 的逐層分散式優化器）</translation>
    </message>
    <message>
        <source>every rank orthogonalizing all of its own (no distributed optimizer)</source>
        <translation>每個 rank 正交化自己的全部矩陣（無分散式優化器）</translation>
    </message>
    <message>
        <source>Muon, as Megatron-Core runs it: 5 Newton-Schulz steps in BF16 on each weight matrix but the embedding and the output layer (the query, key and value parts apart), a TP-split matrix whole on every TP rank, {how}; one momentum per parameter is counted, the embedding&apos;s and norms&apos; too, which Megatron gives Adam&apos;s two</source>
        <translation>Muon，按 Megatron-Core 的做法：除嵌入層與輸出層外，每個權重矩陣做 5 步 BF16 的 Newton-Schulz 迭代（query、key、value 各自分開），被 TP 切分的矩陣在每個 TP rank 上整個計算，{how}；每個參數計一個動量，嵌入層與正規化層也按此計，而 Megatron 對它們用 Adam 的兩個狀態</translation>
    </message>
    <message>
        <source>memory: the {stage} stage&apos;s GPU at the {moment}, {layers} layers&apos; activations in flight; the allowance (CUDA context and workspaces ≈ 1 GB + 10 % of tensor bytes) included</source>
        <translation>記憶體：{stage}級的 GPU，在{moment}時，有 {layers} 層的激活值在途；已含預留（CUDA 上下文和工作區 ≈ 1 GB + 張量位元組的 10 %）</translation>
    </message>
    <message>
        <source>selective recomputation with flash attention runs the flash forward again for little memory: the kernel keeps no s² tensor anyway</source>
        <translation>使用 flash attention 時，選擇性重計算會再跑一次 flash 前向卻省不了多少記憶體：該核函式本來就不保留 s² 張量</translation>
    </message>
    <message>
        <source>no published run used {device}; runs exist for: {devices}</source>
        <extracomment>The CSV&apos;s columns (``plan --published --csv`` and the Plan tab&apos;s export): the JSON&apos;s keys. The hardware generation of a device, from its catalog id and name (first match wins): the vendors&apos; architecture names (NVIDIA&apos;s, AMD&apos;s CDNA, Google&apos;s TPU, Apple&apos;s M chips).</extracomment>
        <translation>沒有已發表的訓練用過 {device}；有紀錄的裝置：{devices}</translation>
    </message>
    <message>
        <source>planning {run}</source>
        <translation>正在規劃 {run}</translation>
    </message>
    <message>
        <source>{n} published runs planned</source>
        <translation>已規劃 {n} 個已發表的訓練</translation>
    </message>
    <message>
        <source>host-bound</source>
        <extracomment>The resource file of the published runs&apos; errors. The most bytes the residual file is read with when its rows are rewritten (it holds ~200 runs). The fewest runs a pool needs (an 80 % order-statistic interval needs n ≥ 9 to leave one run out on each side; below that the pool&apos;s whole range is the interval). z of a two-sided 80 % normal interval (the between-group widening). The pools tried, narrowest first: the keys a run must share with the plan. ``regime`` (host-bound or not, :func:`core.plan.host.host_regime`) is kept in every pool but the last two: the CPU&apos;s issue time is the plan&apos;s least certain cost, and a host-bound plan is judged by the host-bound runs before any run of its generation that the GPU paces. The kinds of model the published runs are pooled by (:func:`model_kind`). Device id -&gt; GPU architecture, from the vendors&apos; datasheets and whitepapers (NVIDIA&apos;s A100, H100, H200, H800, B200/GB200, B300/GB300, L40S, L4, A10G, T4, V100 and GeForce pages; AMD&apos;s Instinct MI300X, MI325X and MI355X pages; Google&apos;s Cloud TPU versions; Apple&apos;s M3/M4 pages). A device the table does not know (a user&apos;s), by the chip named in its id or name. A published source (a fragment of its URL) -&gt; the codebase its runs trained with, as the source says (its paper or README names the code). How a codebase is named in sentences.</extracomment>
        <translation>受主機限制</translation>
    </message>
    <message>
        <source>GPU-bound</source>
        <translation>受 GPU 限制</translation>
    </message>
    <message>
        <source>all {n} published runs</source>
        <extracomment>The step time&apos;s factors ``(low, high)`` the ranges use: ``1 +`` the band&apos;s errors, the low one no lower than 100 % MFU allows, nor every executed FLOP at the device&apos;s fastest measured rate (``None``: the band&apos;s own).</extracomment>
        <translation>全部 {n} 個已發表的訓練</translation>
    </message>
    <message>
        <source>{n} published runs of {what}</source>
        <translation>{what} 的 {n} 個已發表的訓練</translation>
    </message>
    <message>
        <source>likely ranges: 80 % intervals from the plan&apos;s errors on {pool}</source>
        <translation>可能範圍：由規劃在{pool}上的誤差得出的 80 % 區間</translation>
    </message>
    <message>
        <source>no {what} runs</source>
        <translation>沒有 {what} 的訓練</translation>
    </message>
    <message>
        <source>only {n} {what} runs</source>
        <translation>{what} 的訓練只有 {n} 個</translation>
    </message>
    <message>
        <source>outside what was validated: {gaps}; interval from {pool}, widened</source>
        <translation>超出已驗證的範圍：{gaps}；區間取自{pool}，並已放寬</translation>
    </message>
    <message>
        <source>{change}; within the uncertainty (the likely range is {width} wide)</source>
        <translation>{change}；在不確定性之內（可能範圍寬 {width}）</translation>
    </message>
    <message>
        <source>framework: {value}; allowed: {allowed}</source>
        <extracomment>Megatron-Core&apos;s default bucket: ``max(40M, 1M × DP)`` parameters (``DistributedDataParallelConfig.bucket_size``). PyTorch DDP&apos;s ``bucket_cap_mb`` default (25 MiB). DeepSpeed ZeRO&apos;s ``reduce_bucket_size`` default (elements). The framework ids ``--framework`` accepts, the default first.</extracomment>
        <translation>框架：{value}；允許：{allowed}</translation>
    </message>
    <message>
        <source>its pipeline engine runs 1F1B without an interleaved schedule and reduces the gradients after the pipeline flush</source>
        <translation>其管線引擎執行無交錯排程的 1F1B，並在管線排空後歸約梯度</translation>
    </message>
    <message>
        <source>1F1B pipeline, interleaved when vpp &gt; 1</source>
        <translation>1F1B 管線，vpp &gt; 1 時交錯</translation>
    </message>
    <message>
        <source>1F1B pipeline without an interleaved schedule</source>
        <translation>無交錯排程的 1F1B 管線</translation>
    </message>
    <message>
        <source>gradient buckets of max(40M, 1M × DP) parameters per model chunk</source>
        <translation>每個模型塊的梯度桶為 max(40M, 1M × DP) 個參數</translation>
    </message>
    <message>
        <source>DDP&apos;s 25 MiB gradient buckets</source>
        <translation>DDP 的 25 MiB 梯度桶</translation>
    </message>
    <message>
        <source>ZeRO&apos;s reduce buckets of 5e8 elements</source>
        <translation>ZeRO 的 5e8 元素歸約桶</translation>
    </message>
    <message>
        <source>one reduce-scatter per transformer block</source>
        <translation>每個 Transformer 塊一次 reduce-scatter</translation>
    </message>
    <message>
        <source>{how} ({n} per step)</source>
        <translation>{how}（每步 {n} 個）</translation>
    </message>
    <message>
        <source>overlap_comm at its default: on with ZeRO-3 only</source>
        <translation>overlap_comm 取預設值：僅在 ZeRO-3 時開啟</translation>
    </message>
    <message>
        <source>parameters all-gathered one layer ahead (prefetch), the first layer&apos;s gather exposed</source>
        <translation>參數提前一層 all-gather（預取），第一層的收集暴露</translation>
    </message>
    <message>
        <source>gradients reduced in {dtype}</source>
        <translation>梯度以 {dtype} 歸約</translation>
    </message>
    <message>
        <source>mixed-precision casts before each all-gather and reduce-scatter</source>
        <translation>每次 all-gather 和 reduce-scatter 之前的混合精度轉換</translation>
    </message>
    <message>
        <source>each gathered layer copied out of the all-gather buffer on the compute stream</source>
        <translation>每個彙集好的層在計算串流上從 all-gather 緩衝區複製出來</translation>
    </message>
    <message>
        <source>after every micro-batch the bf16 gradients added into separate fp32 ones (BF16_Optimizer), both kept</source>
        <translation>每個微批次之後把 bf16 梯度加到單獨的 fp32 梯度上（BF16_Optimizer），兩者都保留</translation>
    </message>
    <message>
        <source>AsyncTP</source>
        <translation>AsyncTP</translation>
    </message>
    <message>
        <source>Transformer Engine&apos;s userbuffers</source>
        <translation>Transformer Engine 的 userbuffers</translation>
    </message>
    <message>
        <source>TP overlap by {kind}</source>
        <translation>TP 重疊由 {kind} 實現</translation>
    </message>
    <message>
        <source>TP overlap asked for but without sequence parallelism nothing is decomposed</source>
        <translation>要求了 TP 重疊，但沒有序列平行，什麼也不分解</translation>
    </message>
    <message>
        <source>framework {name}: {mechanisms}</source>
        <translation>框架 {name}：{mechanisms}</translation>
    </message>
    <message>
        <source>Data path: {consumed} tokens/s per node consumed; delivered: not measured (bench --suite data)</source>
        <translation>資料路徑：每節點消耗 {consumed} token/s；供給：未測量（bench --suite data）</translation>
    </message>
    <message>
        <source>Data path: {consumed} tokens/s per node consumed, {delivered} delivered ({source}): the data path is the limit</source>
        <translation>資料路徑：每節點消耗 {consumed} token/s，供給 {delivered}（{source}）：資料路徑是瓶頸</translation>
    </message>
    <message>
        <source>Data path: {consumed} tokens/s per node consumed, {delivered} delivered ({source}): {times}× headroom</source>
        <translation>資料路徑：每節點消耗 {consumed} token/s，供給 {delivered}（{source}）：餘量 {times}×</translation>
    </message>
    <message>
        <source>typed</source>
        <translation>輸入值</translation>
    </message>
    <message>
        <source>from the typed bandwidth, {detail}</source>
        <translation>由輸入頻寬換算，{detail}</translation>
    </message>
    <message>
        <source>measured here: {detail}</source>
        <translation>本機實測：{detail}</translation>
    </message>
    <message>
        <source>schedule: DualPipe needs an even number of pipeline stages and no interleaving; allowed: pp 2, 4, 6, … with vpp 1, or --schedule 1f1b</source>
        <extracomment>The pipeline schedules: Megatron&apos;s 1F1B (interleaved when vpp &gt; 1) and DeepSeek&apos;s DualPipe.</extracomment>
        <translation>schedule：DualPipe 需要偶數個管線階段且不交錯；允許：pp 2、4、6……配 vpp 1，或 --schedule 1f1b</translation>
    </message>
    <message>
        <source>schedule: DualPipe sends half the {m} micro-batches each way and needs an even number, at least twice pp {pp}; allowed: a global batch giving an even number ≥ {n} of micro-batches</source>
        <translation>schedule：DualPipe 把 {m} 個微批次各一半送往兩個方向，需要偶數個且至少為 pp {pp} 的兩倍；允許：使微批次數為不小於 {n} 的偶數的全域批次</translation>
    </message>
    <message>
        <source>sp: a mixture of experts with tp {tp} needs sequence parallelism (Megatron-LM requires it with MoE and TP); allowed: --sp, or tp 1</source>
        <translation>sp：tp {tp} 的混合專家模型需要序列平行（Megatron-LM 對 MoE 加 TP 有此要求）；允許：--sp，或 tp 1</translation>
    </message>
    <message>
        <source>ep: ep {ep} × etp {etp} = {product} does not divide the {ranks} GPUs of a pipeline stage (tp × cp × dp), which the experts share; allowed: ep × etp dividing {ranks}</source>
        <translation>ep：ep {ep} × etp {etp} = {product} 無法整除一個管線階段的 {ranks} 個 GPU（tp × cp × dp，專家分布於其上）；允許：能整除 {ranks} 的 ep × etp</translation>
    </message>
    <message>
        <source>capacity factor {cf}: an expert&apos;s rows capped at {cf} × tokens·top_k/experts</source>
        <translation>容量因子 {cf}：每個專家的列數上限為 {cf} × tokens·top_k/experts</translation>
    </message>
    <message>
        <source>dropless</source>
        <translation>不丟棄 token</translation>
    </message>
    <message>
        <source>mixture of experts: {experts} routed experts, top-{k}, balanced routing (every expert gets tokens·top_k/experts rows; {routing}; no imbalance margin); {local} experts per GPU (EP {ep}, ETP {etp}), each a GEMM of {rows} rows per micro-batch timed at that shape; MFU against the {active} active parameters</source>
        <translation>混合專家：{experts} 個路由專家，top-{k}，均衡路由（每個專家得到 tokens·top_k/experts 列；{routing}；不加不均衡餘量）；每個 GPU {local} 個專家（EP {ep}，ETP {etp}），每個專家每個微批次是一個 {rows} 列的 GEMM，按該形狀計時；MFU 以 {active} 個啟用參數計</translation>
    </message>
    <message>
        <source>DeepEP dispatcher (DeepSeek-V3): FP8 dispatch (1 + 4/128 bytes per element), BF16 combine; a token crosses the network once per destination node ({limit}) and is forwarded over NVLink to its experts&apos; GPUs</source>
        <translation>DeepEP 分派器（DeepSeek-V3）：FP8 分派（每個元素 1 + 4/128 位元組），BF16 合併；一個 token 對每個目標節點只經網路傳送一次（{limit}），再經 NVLink 轉送到其專家所在的 GPU</translation>
    </message>
    <message>
        <source>at most {m} nodes</source>
        <translation>最多 {m} 個節點</translation>
    </message>
    <message>
        <source>the experts&apos; MLP runs as Transformer Engine&apos;s fused grouped MLP: the first expert GEMM applies the gated activation and the routing weights and quantizes the second GEMM&apos;s input in its epilogue; the second GEMM&apos;s data gradient applies the activation&apos;s backward and quantizes the first GEMM&apos;s output gradient</source>
        <translation>專家的 MLP 以 Transformer Engine 的融合分組 MLP 執行：第一個專家 GEMM 在其尾聲中施加門控激活和路由權重，並量化第二個 GEMM 的輸入；第二個 GEMM 的資料梯度施加激活的反向，並量化第一個 GEMM 的輸出梯度</translation>
    </message>
    <message>
        <source>no node limit</source>
        <translation>不限節點</translation>
    </message>
    <message>
        <source>DeepEP dispatcher: dispatch and combine in the activations&apos; dtype ({bytes} bytes per element; Megatron-Core&apos;s flex dispatcher quantizes nothing before it); a token crosses the network once per destination node ({limit}) and is forwarded over NVLink to its experts&apos; GPUs</source>
        <translation>DeepEP 分派器：分派與合併都用激活值的資料型別（每個元素 {bytes} 位元組；Megatron-Core 的 flex 分派器在呼叫它之前不做量化）；一個 token 對每個目標節點只經網路傳送一次（{limit}），再經 NVLink 轉送到其專家所在的 GPU</translation>
    </message>
    <message>
        <source>DeepEP&apos;s kernels</source>
        <translation>DeepEP 的核函式</translation>
    </message>
    <message>
        <source>Megatron-Core&apos;s alltoall dispatcher</source>
        <translation>Megatron-Core 的 alltoall 分派器</translation>
    </message>
    <message>
        <source>expert all-to-all ({kernels}): a dispatch and a combine per MoE layer in forward and in backward (and the forward&apos;s again under full recomputation), {size} per GPU each in the activations&apos; dtype before any de-duplication, over the EP group&apos;s NVLink inside the NVLink domain and its NICs beyond, at the calibrated all-to-all bus bandwidth; {overlap}</source>
        <translation>專家 all-to-all（{kernels}）：每個 MoE 層在前向與反向各一次分派和一次合併（完全重計算時前向的再來一次），每次每個 GPU {size}（按激活值的資料型別，未去重），在 NVLink 網域內走 EP 組的 NVLink，網域外走其網卡，按校準的 all-to-all 匯流排頻寬；{overlap}</translation>
    </message>
    <message>
        <source>hidden behind the paired chunk&apos;s compute where it is shorter (DualPipe)</source>
        <translation>在較短時隱藏於配對區塊的計算之後（DualPipe）</translation>
    </message>
    <message>
        <source>hidden behind another micro-batch&apos;s compute where it is shorter: forward and backward of two micro-batches paired layer by layer (Megatron-Core&apos;s overlap_moe_expert_parallel_comm); {alone} of the chunks, the warm-up forwards and cool-down backwards, run alone with theirs exposed</source>
        <translation>在較短時隱藏於另一個微批次的計算之後：兩個微批次的前向與反向逐層配對（Megatron-Core 的 overlap_moe_expert_parallel_comm）；{alone} 的區塊（預熱階段的前向與收尾階段的反向）單獨執行，其 all-to-all 暴露</translation>
    </message>
    <message>
        <source>on the compute stream, not overlapped</source>
        <translation>在計算串流上，不重疊</translation>
    </message>
    <message>
        <source>expert state: the weights, gradients and optimizer state of the GPU&apos;s experts, ZeRO over the expert-data-parallel group of {edp} GPUs (tp·cp·dp / (ep·etp), MoE Parallel Folding); the router replicated, attention and shared experts as a dense model&apos;s</source>
        <translation>專家狀態：該 GPU 上專家的權重、梯度與優化器狀態，ZeRO 在 {edp} 個 GPU 的專家資料平行組上切分（tp·cp·dp / (ep·etp)，MoE Parallel Folding）；路由器複製，注意力與共享專家同稠密模型</translation>
    </message>
    <message>
        <source>PP {pp}: DualPipe (DeepSeek-V3), {m} micro-batches, half each way; each GPU r runs stages r and PP − 1 − r (GPU 0 the first and the last), half the micro-batches through each, so the step follows the busiest pair of stages; bubble (PP/2 − 1)(F&amp;B + B − 3W) with F&amp;B = F + B and W a third of the GEMM time; a micro-batch&apos;s all-to-all and pipeline sends hidden behind its paired chunk, only what outlasts it shown; each GPU keeps both stages&apos; parameters and PP + 1 micro-batches of activations between them</source>
        <translation>PP {pp}：DualPipe（DeepSeek-V3），{m} 個微批次，兩個方向各一半；GPU r 執行階段 r 與 PP − 1 − r（GPU 0 執行第一個與最後一個），每個階段各跑一半微批次，因此步驟時間取決於最忙的一對階段；氣泡 (PP/2 − 1)(F&amp;B + B − 3W)，其中 F&amp;B = F + B，W 為 GEMM 時間的三分之一；一個微批次的 all-to-all 與管線發送隱藏於其配對區塊之後，只顯示超出的部分；每個 GPU 保存兩個階段的參數，以及兩者合計 PP + 1 個微批次的激活值</translation>
    </message>
    <message>
        <source>multi-token prediction: {n} module(s) on the last stage, each a block, a 2d → d projection and one more pass of the shared LM head, in the time, the memory and the model FLOPs</source>
        <translation>多 token 預測：最後一個階段上 {n} 個模組，每個是一個區塊、一個 2d → d 投影與共享 LM 頭的再一次計算，計入時間、記憶體與模型 FLOPs</translation>
    </message>
    <message>
        <source>recompute module: {value}; allowed: {allowed}</source>
        <extracomment>The module names Megatron-Core&apos;s ``recompute_modules`` takes (its TransformerConfig).</extracomment>
        <translation>重新計算模組：{value}；允許：{allowed}</translation>
    </message>
    <message>
        <source>offloaded module: {value}; allowed: {allowed}</source>
        <translation>卸載的模組：{value}；允許：{allowed}</translation>
    </message>
    <message>
        <source>ep-overlap: with a pipeline, Megatron-Core pairs micro-batches only under the interleaved schedule; allowed: pp 1, or vpp 2 or more</source>
        <translation>ep-overlap：有管線時，Megatron-Core 只在交錯排程下配對微批次；允許：pp 1，或 vpp 2 或以上</translation>
    </message>
    <message>
        <source>ep-overlap: full recomputation would run the dispatch again; allowed: recompute none or selective</source>
        <translation>ep-overlap：完整重計算會再次執行分派；允許：recompute none 或 selective</translation>
    </message>
    <message>
        <source>ep-overlap: the moe module recomputed would run the dispatch again; allowed: recompute modules other than moe</source>
        <translation>ep-overlap：重計算 moe 模組會再次執行分派；允許：moe 以外的重計算模組</translation>
    </message>
    <message>
        <source>ep-overlap: DualPipe pairs its chunks itself; allowed: --schedule 1f1b with --ep-overlap</source>
        <translation>ep-overlap：DualPipe 自行配對其區塊；允許：--ep-overlap 搭配 --schedule 1f1b</translation>
    </message>
    <message>
        <source>pipeline-layout: empty; allowed: stages of E, t, m and L separated by |, e.g. Et|(tt|)*30mL</source>
        <extracomment>The characters of a layout and what each stands for (Megatron-Core&apos;s ``char2layer_type``). Megatron-Core&apos;s unrolling: a parenthesised group times n, then a character times n. The longest layout text read (a 1,000-stage layout written out fits). The most virtual stages a layout may unroll to.</extracomment>
        <translation>pipeline-layout（管線配置）：為空；允許：由 | 分隔的 E、t、m、L 階段，例如 Et|(tt|)*30mL</translation>
    </message>
    <message>
        <source>pipeline-layout: {n} characters; allowed: at most {most}</source>
        <translation>pipeline-layout（管線配置）：{n} 個字元；允許：最多 {most} 個</translation>
    </message>
    <message>
        <source>pipeline-layout: {text} unrolls to more than {most} characters</source>
        <translation>pipeline-layout（管線配置）：{text} 展開後超過 {most} 個字元</translation>
    </message>
    <message>
        <source>pipeline-layout: {text}: unknown character {chars}; allowed: E (embedding), t (layer), m (MTP module), L (loss), | between stages, (…)*n and x*n to repeat</source>
        <translation>pipeline-layout（管線配置）：{text}：未知字元 {chars}；允許：E（嵌入層）、t（層）、m（MTP 模組）、L（損失）、階段之間的 |、用於重複的 (…)*n 與 x*n</translation>
    </message>
    <message>
        <source>pipeline-layout: {n} stages; allowed: at most {most}</source>
        <translation>pipeline-layout（管線配置）：{n} 個階段；允許：最多 {most} 個</translation>
    </message>
    <message>
        <source>pipeline-layout: {text}: the embedding E must come first and once</source>
        <translation>pipeline-layout（管線配置）：{text}：嵌入層 E 必須在最前且只出現一次</translation>
    </message>
    <message>
        <source>pipeline-layout: {text}: the loss L must come last and once</source>
        <translation>pipeline-layout（管線配置）：{text}：損失 L 必須在最後且只出現一次</translation>
    </message>
    <message>
        <source>pipeline-layout: {text}: MTP modules m must follow every layer t</source>
        <translation>pipeline-layout（管線配置）：{text}：MTP 模組 m 必須在所有層 t 之後</translation>
    </message>
    <message>
        <source>pipeline-layout: {n} stages, not pp {pp} × vpp {v} = {product}; allowed: pp and vpp whose product is {n}</source>
        <translation>pipeline-layout（管線配置）：{n} 個階段，不等於 pp {pp} × vpp {v} = {product}；允許：乘積為 {n} 的 pp 與 vpp</translation>
    </message>
    <message>
        <source>pipeline-layout: {n} layers t, the model has {layers}</source>
        <translation>pipeline-layout（管線配置）：{n} 個層 t，模型有 {layers} 層</translation>
    </message>
    <message>
        <source>pipeline-layout: {n} MTP modules m, the plan has --mtp {mtp}</source>
        <translation>pipeline-layout（管線配置）：{n} 個 MTP 模組 m，規劃的 --mtp 為 {mtp}</translation>
    </message>
    <message>
        <source>pipeline-layout: {text}: the MTP modules must be in the last stage, with the loss</source>
        <translation>pipeline-layout（管線配置）：{text}：MTP 模組必須與損失一起位於最後一個階段</translation>
    </message>
</context>
<context>
    <name>PlanChart</name>
    <message>
        <source>memory per GPU</source>
        <extracomment>What the empty chart says (before the first plan): in the middle, with no tick values, as the Memory tab&apos;s empty timeline does.</extracomment>
        <translation>每 GPU 記憶體</translation>
    </message>
    <message>
        <source>tokens/s per GPU</source>
        <translation>每 GPU token/s</translation>
    </message>
    <message>
        <source>Plan to see every layout searched: tokens/s per GPU against memory per GPU</source>
        <translation>規劃後可看到搜尋過的每個配置：每 GPU token/s 對每 GPU 記憶體</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>chosen</source>
        <translation>所選</translation>
    </message>
</context>
<context>
    <name>PlanInputs</name>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>model: the plan needs a transformer; allowed: a preset, transformer:…, layers=…,hidden=…,heads=… or a config file</source>
        <extracomment>The lecture&apos;s question (70B on 15T tokens with 1,024 H100): the tab opens on it. The input pages and the fields (``InputError.field``, normalised) each holds. The code page&apos;s switches and their defaults (:class:`core.plan.inputs.Implementation`&apos;s). How the switches are laid out on the Code page, a row each. Fields that share a row with two others (or a combo): narrower, so the column stays as wide. The fields only the days rows read (no new search): ``napkinlab plan``&apos;s flags&apos; names.</extracomment>
        <translation>模型：規劃需要一個 Transformer；允許：預設、transformer:…、layers=…,hidden=…,heads=… 或設定檔</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自動</translation>
    </message>
    <message>
        <source>the node</source>
        <translation>節點</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>訓練</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>叢集</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>程式碼</translation>
    </message>
    <message>
        <source>Tokens per sequence</source>
        <translation>每個序列的 token 數</translation>
    </message>
    <message>
        <source>Sequences (or tokens, see the unit) per optimizer step</source>
        <translation>每個優化器步的序列數（或 token 數，見單位）</translation>
    </message>
    <message>
        <source>Tokens the whole run trains on (15T); empty: no days and GPU-hours</source>
        <translation>整個訓練的 token 數（15T）；留空：不算天數和 GPU 時</translation>
    </message>
    <message>
        <source>GPUs of the run (1,024 and 1k work)</source>
        <translation>訓練用的 GPU 數（1,024 和 1k 都可以）</translation>
    </message>
    <message>
        <source>GPUs in one node, on the intra-node link</source>
        <translation>一個節點內、共用節點內互連的 GPU 數</translation>
    </message>
    <message>
        <source>GPUs on one NVLink fabric, whole nodes (GB200 NVL72: 72 with 4 GPUs per node): parallel groups inside it ride NVLink, groups across domains the network; empty: the device&apos;s (72 on an NVL72, else the node)</source>
        <translation>同一 NVLink 互連上的 GPU 數，須為整數個節點（GB200 NVL72：72，每節點 4 個 GPU）：域內的平行組走 NVLink，跨域的組走網路；留空：取裝置自身的值（NVL72 為 72，否則為節點）</translation>
    </message>
    <message>
        <source>Intra-node link (NVLink) bandwidth per GPU in GB/s, one way (450 GB/s, 450G or 450e9); prefilled from the device database</source>
        <translation>每 GPU 節點內鏈路（NVLink）單向頻寬，單位 GB/s（450 GB/s、450G 或 450e9）；預設取自裝置資料庫</translation>
    </message>
    <message>
        <source>Network bandwidth per GPU between nodes in GB/s, one way (50 GB/s, 50G or 50e9); prefilled from the device database</source>
        <translation>每 GPU 節點間網路單向頻寬，單位 GB/s（50 GB/s、50G 或 50e9）；預設取自裝置資料庫</translation>
    </message>
    <message>
        <source>Storage bandwidth the job writes its checkpoints at, all ranks together, in GB/s (200 GB/s, 200G or 2e11); empty: this job&apos;s GPUs&apos; share of Llama 3&apos;s 2 TB/s for 16,384 GPUs (Llama Team 2024, arXiv:2407.21783, §3.3.1)</source>
        <translation>作業寫入檢查點的儲存頻寬，所有 rank 合計，單位 GB/s（200 GB/s、200G 或 2e11）；留空：依本作業的 GPU 數分攤 Llama 3 的 2 TB/s（16,384 個 GPU 共用；Llama Team 2024，arXiv:2407.21783，§3.3.1）</translation>
    </message>
    <message>
        <source>Interruptions per GPU-day (4.7e-4); 0: a run that never fails, so never saves; empty: Llama 3&apos;s 419 unexpected interruptions in 54 days on 16,384 H100 (Llama Team 2024, arXiv:2407.21783, Table 5)</source>
        <translation>每 GPU·天的中斷次數（4.7e-4）；0：從不故障，因而從不儲存；留空：Llama 3 在 16,384 個 H100 上 54 天內的 419 次意外中斷（Llama Team 2024，arXiv:2407.21783，表 5）</translation>
    </message>
    <message>
        <source>Tensor-parallel GPUs; empty: searched</source>
        <translation>張量平行的 GPU 數；留空：搜尋</translation>
    </message>
    <message>
        <source>Pipeline stages; empty: searched</source>
        <translation>管線階段數；留空：搜尋</translation>
    </message>
    <message>
        <source>Chunks per GPU (interleaved pipeline schedule); empty: searched</source>
        <translation>每 GPU 的區塊數（交錯管線排程）；留空：搜尋</translation>
    </message>
    <message>
        <source>Context-parallel GPUs; empty: searched</source>
        <translation>上下文平行的 GPU 數；留空：搜尋</translation>
    </message>
    <message>
        <source>Sequences per micro-batch; empty: searched</source>
        <translation>每個微批次的序列數；留空：搜尋</translation>
    </message>
    <message>
        <source>A preset, transformer:d=..,layers=..,heads=.., dimensions layers=L,hidden=H,heads=A[,kv_heads=K,ffn=F,vocab=V,act=gelu|swiglu,norm=layer|rms], a Hugging Face Hub id org/name (its config.json from the local cache) or a Hugging Face config.json (Config file…)</source>
        <translation>預設、transformer:d=..,layers=..,heads=..、維度 layers=L,hidden=H,heads=A[,kv_heads=K,ffn=F,vocab=V,act=gelu|swiglu,norm=layer|rms]、Hugging Face Hub 模型 id org/name（從本機快取讀取其 config.json）或 Hugging Face 的 config.json（設定檔…）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>序列長度</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>What the global batch counts</source>
        <translation>全域批次計數的單位</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全域批次</translation>
    </message>
    <message>
        <source>Tokens to train</source>
        <translation>訓練 token 數</translation>
    </message>
    <message>
        <source>Recipe</source>
        <translation>配方</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>優化器</translation>
    </message>
    <message>
        <source>{rate} (Llama 3)</source>
        <translation>{rate}（Llama 3）</translation>
    </message>
    <message>
        <source>Expert-parallel GPUs (a mixture of experts: each holds experts/EP of the routed experts); empty: searched</source>
        <translation>專家平行的 GPU 數（混合專家：每個 GPU 持有路由專家的 1/EP）；留空：搜尋</translation>
    </message>
    <message>
        <source>Expert tensor-parallel GPUs (each expert&apos;s weights split over them; 1 or TP); empty: searched</source>
        <translation>專家張量平行的 GPU 數（每個專家的權重在其上切分；1 或 TP）；留空：搜尋</translation>
    </message>
    <message>
        <source>Multi-token-prediction modules (DeepSeek-V3 report, arXiv:2412.19437, §2.2: depth 1): each one more transformer block, a 2d→d projection and one more LM-head pass, on the last pipeline stage; empty: 0 (0 to 16)</source>
        <translation>多 token 預測模組（DeepSeek-V3 技術報告，arXiv:2412.19437，§2.2：深度 1）：每個模組多一個 transformer 區塊、一個 2d→d 投影和一次 LM head 計算，放在最後一個管線階段；留空：0（0 到 16）</translation>
    </message>
    <message>
        <source>Expert capacity factor C (Switch Transformer, Fedus et al. 2021, arXiv:2101.03961): each expert&apos;s rows capped at C × tokens·top_k/experts, the rest dropped; empty: dropless (0.01 to 1000; a mixture-of-experts model only)</source>
        <translation>專家容量因子 C（Switch Transformer，Fedus 等 2021，arXiv:2101.03961）：每個專家的列數上限為 C × tokens·top_k/experts，超出的 token 被丟棄；留空：不丟棄（0.01 到 1000；僅限混合專家模型）</translation>
    </message>
    <message>
        <source>Node-limited routing: each token sent to at most M nodes (DeepSeek-V3 report, arXiv:2412.19437, §2.1.2: M = 4), so its network bytes stop growing with top-k; empty: no limit (a mixture-of-experts model)</source>
        <translation>節點受限路由：每個 token 最多送往 M 個節點（DeepSeek-V3 技術報告，arXiv:2412.19437，§2.1.2：M = 4），其網路位元組數不再隨 top-k 增長；留空：不限（混合專家模型）</translation>
    </message>
    <message>
        <source>Which layers each pipeline stage holds, in Megatron-Core&apos;s notation (--pipeline-model-parallel-layout): stages separated by |, E the embedding, t a layer, m an MTP module, L the loss, (…)*n to repeat; &apos;Et|(tt|)*30mL&apos; is DeepSeek-V3&apos;s on PP 8 × VPP 4. Virtual stage i runs on GPU i mod PP, so the stages must number PP × VPP. Empty: the plan&apos;s own split</source>
        <translation>每個管線階段放哪些層，用 Megatron-Core 的寫法（--pipeline-model-parallel-layout）：階段之間用 | 分隔，E 為嵌入層，t 為一層，m 為 MTP 模組，L 為損失，(…)*n 表示重複；&apos;Et|(tt|)*30mL&apos; 是 DeepSeek-V3 在 PP 8 × VPP 4 上的配置。虛擬階段 i 執行於 GPU i mod PP，所以階段數必須等於 PP × VPP。留空：用規劃自己的劃分</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>儲存</translation>
    </message>
    <message>
        <source>Failure rate</source>
        <translation>故障率</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 數</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每節點 GPU 數</translation>
    </message>
    <message>
        <source>NVLink domain</source>
        <translation>NVLink 域</translation>
    </message>
    <message>
        <source>Intra-node link</source>
        <translation>節點內互連</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>網路</translation>
    </message>
    <message>
        <source>Reset links</source>
        <translation>重設互連</translation>
    </message>
    <message>
        <source>Take both links from the device database again</source>
        <translation>重新從裝置資料庫取兩種互連的值</translation>
    </message>
    <message>
        <source>Achievable fractions…</source>
        <translation>可達到的比例…</translation>
    </message>
    <message>
        <source>See and edit what the plan assumes the device achieves: GEMM, attention and memory efficiencies, bus bandwidth per link, kernel launch, each with its source</source>
        <translation>檢視並編輯規劃假設裝置能達到的水準：GEMM、注意力與記憶體效率，每種互連的匯流排頻寬，核函式啟動開銷，每項都附來源</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>v (chunks)</source>
        <translation>v（區塊數）</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>ETP</source>
        <translation>ETP</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>on</source>
        <translation>開</translation>
    </message>
    <message>
        <source>off</source>
        <translation>關</translation>
    </message>
    <message>
        <source>Sequence parallelism (with TP above 1); auto: searched</source>
        <translation>序列平行（TP 大於 1 時）；自動：搜尋</translation>
    </message>
    <message>
        <source>ZeRO stage over the data-parallel GPUs; auto: searched</source>
        <translation>資料平行 GPU 上的 ZeRO 階段；自動：搜尋</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>選擇性</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>Activation recomputation: none, selective (the attention core, Korthikanti et al. 2022; under torchtitan its policy by op: every second GEMM output kept) or full (every layer); auto: searched</source>
        <translation>激活重計算：無、選擇性（注意力核心，Korthikanti 等 2022；在 torchtitan 下為其逐運算子策略：保留每隔一個 GEMM 的輸出）或完全（每一層）；自動：搜尋</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>DualPipe</source>
        <translation>DualPipe</translation>
    </message>
    <message>
        <source>The pipeline schedule: 1F1B (Megatron&apos;s; interleaved with v above 1) or DualPipe (DeepSeek-V3 report, arXiv:2412.19437, §3.2.1): micro-batches fed from both ends, bubble (PP/2−1)(F&amp;B+B−3W), the expert all-to-all and pipeline sends hidden behind the paired chunk, 2× the parameters, PP+1 micro-batches of activations</source>
        <translation>管線排程：1F1B（Megatron 的；v 大於 1 時為交錯排程）或 DualPipe（DeepSeek-V3 技術報告，arXiv:2412.19437，§3.2.1）：微批次從兩端同時送入，氣泡 (PP/2−1)(F&amp;B+B−3W)，專家 all-to-all 和管線傳送隱藏在配對的區塊之後，參數 2 倍，保留 PP+1 個微批次的激活值</translation>
    </message>
    <message>
        <source>CF</source>
        <translation>CF</translation>
    </message>
    <message>
        <source>dropless</source>
        <translation>不丟棄</translation>
    </message>
    <message>
        <source>SP</source>
        <translation>SP</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>all-to-all</source>
        <translation>all-to-all</translation>
    </message>
    <message>
        <source>DeepEP</source>
        <translation>DeepEP</translation>
    </message>
    <message>
        <source>A mixture of experts&apos; token dispatcher: Megatron&apos;s all-to-all, or DeepEP (DeepSeek-V3 report, arXiv:2412.19437, §3.2.2; github.com/deepseek-ai/DeepEP): FP8 dispatch, each token crosses the network once per destination node, then NVLink</source>
        <translation>混合專家的 token 分派器：Megatron 的 all-to-all，或 DeepEP（DeepSeek-V3 技術報告，arXiv:2412.19437，§3.2.2；github.com/deepseek-ai/DeepEP）：FP8 分派，每個 token 對每個目標節點只跨網路一次，再走 NVLink</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Dispatcher</source>
        <translation>分派器</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>節點</translation>
    </message>
    <message>
        <source>MTP</source>
        <translation>MTP</translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation>重計算</translation>
    </message>
    <message>
        <source>The training code: its pipeline engine (DeepSpeed&apos;s has no interleaved schedule and reduces the gradients after the flush), how it buckets the gradient reduction and when that overlaps, FSDP&apos;s one-layer-ahead prefetch and reduce dtype, and what TP overlap decomposes (Transformer Engine or AsyncTP). Picking one sets the controls below to what it runs by default; change them after</source>
        <translation>訓練程式碼：其管線引擎（DeepSpeed 的沒有交錯排程，並在排空後歸約梯度）、梯度歸約如何分桶以及何時重疊、FSDP 提前一層的預取與歸約資料型別，以及 TP 重疊分解什麼（Transformer Engine 或 AsyncTP）。選擇一個會把下面的控制項設為它的預設執行方式；之後可再修改</translation>
    </message>
    <message>
        <source>Framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>fused — between two GEMMs</source>
        <translation>融合 — 兩個 GEMM 之間</translation>
    </message>
    <message>
        <source>eager — one kernel per op</source>
        <translation>逐運算子 — 每個運算子一個核函式</translation>
    </message>
    <message>
        <source>How the memory-bound ops (norms, activation functions, residual adds) run: fused into one kernel between two GEMMs (Megatron-Core, Transformer Engine, torch.compile) or each its own kernel (eager PyTorch: torchtitan, Hugging Face)</source>
        <translation>記憶體受限運算子（正規化、激活函數、殘差加）如何執行：兩個 GEMM 之間融合成一個核函式（Megatron-Core、Transformer Engine、torch.compile），或各自一個核函式（逐運算子執行的 PyTorch：torchtitan、Hugging Face）</translation>
    </message>
    <message>
        <source>flash — the device&apos;s fastest kernel</source>
        <translation>flash — 該裝置最快的核函式</translation>
    </message>
    <message>
        <source>unfused — no flash attention</source>
        <translation>未融合 — 不用 flash attention</translation>
    </message>
    <message>
        <source>The attention kernel, timed from its published benchmark at the run&apos;s sequence length; unfused: QKᵀ and P·V as batched GEMMs that keep the s² probabilities</source>
        <translation>注意力核函式，依其公開基準在本次序列長度下計時；未融合：QKᵀ 和 P·V 為批次 GEMM，保留 s² 的機率</translation>
    </message>
    <message>
        <source>fp32 — PyTorch on an fp32 copy of the logits</source>
        <translation>fp32 — PyTorch 在 logits 的 fp32 副本上計算</translation>
    </message>
    <message>
        <source>fp32 in place — Megatron</source>
        <translation>fp32 原地 — Megatron</translation>
    </message>
    <message>
        <source>native — a kernel on the logits&apos; own dtype</source>
        <translation>原生 — 按 logits 自身資料型別的核函式</translation>
    </message>
    <message>
        <source>What the loss keeps per logit: PyTorch&apos;s cross-entropy on an fp32 copy keeps 4 bytes and its backward allocates 8 (Hugging Face, torchtitan); Megatron&apos;s keeps its fp32 softmax in place (4) and allocates the gradient in bf16 (2); a kernel on the logits&apos; own dtype (flash-attention&apos;s, llm-foundry&apos;s) keeps 2 and allocates 2</source>
        <translation>損失為每個 logit 保留多少：PyTorch 在 fp32 副本上的交叉熵保留 4 位元組，其反向再配置 8 位元組（Hugging Face、torchtitan）；Megatron 的原地保留 fp32 softmax（4），梯度以 bf16 配置（2）；按 logits 自身資料型別的核函式（flash-attention、llm-foundry）保留 2，配置 2</translation>
    </message>
    <message>
        <source>The layers&apos; GEMMs below BF16, as Transformer Engine runs them: FP8 with delayed or current per-tensor scaling (Hopper and later), MXFP8 and NVFP4 (Blackwell), FP8 with DeepSeek-V3&apos;s 1×128 and 128×128 block scales (Hopper at its measured rate, Blackwell); counts the quantization kernels, scale bookkeeping and quantized weight copies; attention, norms, the embedding and the LM head stay BF16</source>
        <translation>各層 GEMM 以低於 BF16 的精度執行，依 Transformer Engine 的方式：FP8 延遲或當前逐張量縮放（Hopper 及以後），MXFP8 與 NVFP4（Blackwell），以及 DeepSeek-V3 的 1×128 與 128×128 分塊縮放 FP8（Hopper 按實測速率，Blackwell）；計入量化核心、縮放因子記帳與量化權重副本；注意力、正規化、嵌入層和 LM 頭維持 BF16</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>核函式</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Cross-entropy</source>
        <translation>交叉熵</translation>
    </message>
    <message>
        <source>DP — the gradient reduction</source>
        <translation>DP — 梯度歸約</translation>
    </message>
    <message>
        <source>DP + TP — and TP behind the GEMMs</source>
        <translation>DP + TP — 另把 TP 藏在 GEMM 後面</translation>
    </message>
    <message>
        <source>What communication runs beside compute: the data-parallel gradient reduction (and ZeRO&apos;s gathers) beside backward and the next forward; with TP, also the TP collectives behind the GEMMs that make or use them (Transformer Engine&apos;s userbuffers, --tp-comm-overlap); none: both exposed, the reduction after the pipeline flush</source>
        <translation>哪些通訊與計算並行：資料平行的梯度歸約（以及 ZeRO 的收集）與反向和下一次前向並行；加 TP 時，TP 集合通訊也藏在產生或使用它們的 GEMM 後面（Transformer Engine 的 userbuffers，--tp-comm-overlap）；無：兩者都暴露，歸約在管線排空之後</translation>
    </message>
    <message>
        <source>Overlap</source>
        <translation>重疊</translation>
    </message>
    <message>
        <source>Fused loss kernel</source>
        <translation>融合的損失核函式</translation>
    </message>
    <message>
        <source>The LM head&apos;s softmax and cross-entropy as one kernel; off: separate kernels over the logits</source>
        <translation>輸出頭的 softmax 和交叉熵作為一個核函式；關閉：在 logits 上分別執行多個核函式</translation>
    </message>
    <message>
        <source>Fused SwiGLU</source>
        <translation>融合的 SwiGLU</translation>
    </message>
    <message>
        <source>A gated MLP&apos;s activation as one kernel that keeps only its input (Megatron-Core, Transformer Engine): 3 ffn-wide tensors kept instead of 4</source>
        <translation>閘控 MLP 的激活作為一個只保留輸入的核函式（Megatron-Core、Transformer Engine）：保留 3 個 ffn 寬的張量而不是 4 個</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Attention and residual dropout (their masks are kept)</source>
        <translation>注意力和殘差 dropout（保留其遮罩）</translation>
    </message>
    <message>
        <source>Uneven first and last stages</source>
        <translation>首末兩級可少分層</translation>
    </message>
    <message>
        <source>Pipeline stages need not hold equal layers: the first and the last take fewer (Megatron-Core&apos;s first/last pipeline layers), so a model whose layers few stage counts divide can still be pipelined (DeepSeek-V3&apos;s 61, Qwen3-235B&apos;s 94, Llama 3 405B&apos;s 126 on 16 stages). The search tries many more layouts and takes longer</source>
        <translation>管線各級不必分到相同層數：首末兩級少分幾層（Megatron-Core 的首／末級管線層數），因此層數難以整除的模型也能做管線平行（DeepSeek-V3 的 61 層、Qwen3-235B 的 94 層、Llama 3 405B 的 126 層分到 16 級）。搜尋會嘗試多得多的配置，耗時更長</translation>
    </message>
    <message>
        <source>EP overlap</source>
        <translation>EP 重疊</translation>
    </message>
    <message>
        <source>A mixture of experts&apos; all-to-all hidden behind another micro-batch&apos;s compute: Megatron-Core pairs the forward of one micro-batch with the backward of another, layer by layer (overlap_moe_expert_parallel_comm). Needs EP above 1, PP 1 or the interleaved schedule, and no full recomputation</source>
        <translation>混合專家的 all-to-all 隱藏於另一個微批次的計算之後：Megatron-Core 把一個微批次的前向與另一個微批次的反向逐層配對（overlap_moe_expert_parallel_comm）。需要 EP 大於 1、PP 為 1 或交錯排程，且不做完整重計算</translation>
    </message>
    <message>
        <source>layout, e.g. Et|(tt|)*30mL</source>
        <translation>配置，例如 Et|(tt|)*30mL</translation>
    </message>
    <message>
        <source>FP8 attention</source>
        <translation>FP8 注意力</translation>
    </message>
    <message>
        <source>Attention&apos;s inputs quantized to the recipe&apos;s FP8 format and run by cuDNN&apos;s FP8 kernels (Megatron-Bridge&apos;s fp8_dot_product_attention), at cuDNN&apos;s measured FP8/BF16 time on GB200 and GB300. Needs an FP8 precision</source>
        <translation>注意力的輸入量化為配方的 FP8 格式，由 cuDNN 的 FP8 核函式執行（Megatron-Bridge 的 fp8_dot_product_attention），時間按 cuDNN 在 GB200 與 GB300 上實測的 FP8/BF16 之比計。需要 FP8 精度</translation>
    </message>
    <message>
        <source>Fused grouped MLP</source>
        <translation>融合的分組 MLP</translation>
    </message>
    <message>
        <source>Transformer Engine&apos;s fused grouped MLP for the experts: the activation, the routing weights and the quantization run inside the grouped GEMMs&apos; epilogues (Megatron-Bridge&apos;s cutedsl_fused_grouped_mlp). Needs MXFP8 or NVFP4</source>
        <translation>Transformer Engine 為專家提供的融合分組 MLP：激活函數、路由權重與量化在分組 GEMM 的收尾階段（epilogue）中完成（Megatron-Bridge 的 cutedsl_fused_grouped_mlp）。需要 MXFP8 或 NVFP4</translation>
    </message>
    <message>
        <source>Recipe settings</source>
        <translation>配方設定</translation>
    </message>
    <message>
        <source>on: {names}</source>
        <translation>已開啟：{names}</translation>
    </message>
    <message>
        <source>none on</source>
        <translation>均未開啟</translation>
    </message>
    <message>
        <source>The recipe&apos;s own settings ({state}): FP8 attention with an FP8 precision, the fused grouped MLP with MXFP8 or NVFP4</source>
        <translation>配方自身的設定（{state}）：FP8 注意力需 FP8 精度，融合的分組 MLP 需 MXFP8 或 NVFP4</translation>
    </message>
    <message>
        <source>the device&apos;s: {domain}</source>
        <translation>裝置自身：{domain}</translation>
    </message>
    <message>
        <source>Device: {device} (the toolbar&apos;s)</source>
        <translation>裝置：{device}（工具列中的）</translation>
    </message>
    <message>
        <source>not in the database</source>
        <translation>資料庫中沒有</translation>
    </message>
    <message>
        <source>{bw} (Llama 3)</source>
        <translation>{bw}（Llama 3）</translation>
    </message>
    <message>
        <source>plan: {key} must be text, got {kind}</source>
        <translation>plan：{key} 必須是文字，得到的是 {kind}</translation>
    </message>
    <message>
        <source>plan: {problem}</source>
        <translation>plan：{problem}</translation>
    </message>
    <message>
        <source>plan: {key} must be true or false, got {value}</source>
        <translation>plan：{key} 必須是 true 或 false，得到的是 {value}</translation>
    </message>
</context>
<context>
    <name>PlanNames</name>
    <message>
        <source>compute</source>
        <extracomment>Category -&gt; index into the theme&apos;s series (fixed: a category never changes colour). Weights, gradients, optimizer state and activations take the Memory tab&apos;s colours.</extracomment>
        <translation>計算</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重計算</translation>
    </message>
    <message>
        <source>TP comm.</source>
        <translation>TP 通訊</translation>
    </message>
    <message>
        <source>CP comm.</source>
        <translation>CP 通訊</translation>
    </message>
    <message>
        <source>PP sends</source>
        <translation>PP 傳送</translation>
    </message>
    <message>
        <source>all-to-all (EP)</source>
        <translation>all-to-all（EP）</translation>
    </message>
    <message>
        <source>bubble</source>
        <translation>氣泡</translation>
    </message>
    <message>
        <source>DP comm.</source>
        <translation>DP 通訊</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>優化器</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>權重</translation>
    </message>
    <message>
        <source>grads</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation>優化器狀態</translation>
    </message>
    <message>
        <source>expert state</source>
        <translation>專家狀態</translation>
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
        <source>allowance</source>
        <translation>預留</translation>
    </message>
    <message>
        <source>one stage</source>
        <translation>唯一階段</translation>
    </message>
    <message>
        <source>first stage</source>
        <translation>第一階段</translation>
    </message>
    <message>
        <source>middle stage</source>
        <translation>中間階段</translation>
    </message>
    <message>
        <source>last stage</source>
        <translation>最後階段</translation>
    </message>
    <message>
        <source>first and last stages</source>
        <translation>第一與最後階段</translation>
    </message>
    <message>
        <source>start of backward</source>
        <translation>反向開始</translation>
    </message>
    <message>
        <source>top layer&apos;s backward</source>
        <translation>頂層的反向</translation>
    </message>
    <message>
        <source>end of backward</source>
        <translation>反向結束</translation>
    </message>
    <message>
        <source>bottom segment&apos;s recompute</source>
        <translation>底部分段的重計算</translation>
    </message>
</context>
<context>
    <name>PlanPublished</name>
    <message>
        <source>Check</source>
        <extracomment>Columns from most to least important (the rest hide when narrow).</extracomment>
        <translation>核對</translation>
    </message>
    <message>
        <source>Plan each published training run the plan is checked against, as its source ran it, with this device&apos;s calibration as it stands, and compare with its published throughput</source>
        <translation>按來源的實際做法規劃每個用來檢驗規劃的已發表訓練（使用本裝置目前的校準值），並與其公布的吞吐量比較</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <source>Export the runs checked, with their errors, as CSV</source>
        <translation>把核對過的訓練及其誤差匯出為 CSV</translation>
    </message>
    <message>
        <source>All devices</source>
        <translation>所有裝置</translation>
    </message>
    <message>
        <source>Every published run, not only the toolbar device&apos;s</source>
        <translation>所有已發表的訓練，不只工具列所選裝置上的</translation>
    </message>
    <message>
        <source>all devices</source>
        <translation>所有裝置</translation>
    </message>
    <message>
        <source>No published run used {device} yet: tick “All devices” to see how the plan did on the devices that have runs.</source>
        <translation>還沒有已發表的訓練用過 {device}：勾選「所有裝置」，看看規劃在有紀錄的裝置上表現如何。</translation>
    </message>
    <message>
        <source>Check to see how close the plan came to the published runs on {scope}: each run planned as it ran, beside the throughput its authors reported.</source>
        <translation>按「核對」，看看規劃離 {scope} 上已發表的訓練有多近：每個訓練按其實際做法規劃，與作者公布的吞吐量並列。</translation>
    </message>
    <message>
        <source>{summary}
Shown for an earlier device or calibration: check again for {scope}.</source>
        <translation>{summary}
這是之前的裝置或校準值的結果：請為 {scope} 重新核對。</translation>
    </message>
    <message>
        <source>Planning the published runs…</source>
        <translation>正在規劃已發表的訓練…</translation>
    </message>
    <message>
        <source>Cancelled; the runs shown before are kept.</source>
        <translation>已取消；保留之前顯示的訓練。</translation>
    </message>
    <message>
        <source>{scope}: {runs} published runs, MAPE {mape} (median {median}), {within} within ±20 %, signed mean {signed} (+: the plan is optimistic); hover for each source.</source>
        <translation>{scope}：{runs} 個已發表的訓練，MAPE {mape}（中位數 {median}），{within} 個在 ±20 % 以內，帶符號平均 {signed}（+：規劃偏樂觀）；懸停查看各來源。</translation>
    </message>
    <message>
        <source>{source}: {runs} runs, MAPE {mape}, signed {signed}</source>
        <translation>{source}：{runs} 個訓練，MAPE {mape}，帶符號 {signed}</translation>
    </message>
    <message>
        <source>Export the runs checked</source>
        <translation>匯出核對過的訓練</translation>
    </message>
    <message>
        <source>{summary}
Runs written to {path}</source>
        <translation>{summary}
訓練已寫入 {path}</translation>
    </message>
    <message>
        <source>Run</source>
        <extracomment>Column keys, in order. An error beyond this is drawn in the warning colour (the published-runs test&apos;s band).</extracomment>
        <translation>訓練</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 數</translation>
    </message>
    <message>
        <source>Published tokens/s</source>
        <translation>公布的 token/s</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>預測</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>誤差</translation>
    </message>
    <message>
        <source>Layout planned</source>
        <translation>規劃的配置</translation>
    </message>
    <message>
        <source>{source}
{url}
Layout planned: {layout}, limited by {limits}
Published figure: {how}
Double-click to open the source.</source>
        <translation>{source}
{url}
規劃的配置：{layout}，瓶頸：{limits}
公布的數值：{how}
按兩下開啟來源。</translation>
    </message>
    <message>
        <source> (tight: the allocator reserve does not fit)</source>
        <translation>（偏緊：放不下配置器保留）</translation>
    </message>
    <message>
        <source> (does not fit)</source>
        <translation>（放不下）</translation>
    </message>
</context>
<context>
    <name>PlanTab</name>
    <message>
        <source>Plan</source>
        <extracomment>The chart&apos;s least height on a 1280x720 slide (presentation mode), in pixels: its points had been squeezed into 140 (the axes ~100). Columns of the ranked table from most to least important (the rest hide when narrow).</extracomment>
        <translation>規劃</translation>
    </message>
    <message>
        <source>Search every layout the fixed dimensions leave open, in the background: one layer is traced once, then each layout is planned from it</source>
        <translation>在背景搜尋固定維度之外的所有配置：只追蹤一層一次，再據此規劃每個配置</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Not planned yet</source>
        <translation>尚未規劃</translation>
    </message>
    <message>
        <source>Pin as A</source>
        <translation>固定為 A</translation>
    </message>
    <message>
        <source>Keep these candidates on the chart as plan A; change the cluster (device, GPUs) to overlay another</source>
        <translation>把這些候選配置作為方案 A 留在圖上；更改叢集（裝置、GPU 數）即可疊加另一組</translation>
    </message>
    <message>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <source>Export the candidates as CSV</source>
        <translation>把候選配置匯出為 CSV</translation>
    </message>
    <message>
        <source>Open in Step</source>
        <translation>在訓練步中開啟</translation>
    </message>
    <message>
        <source>Trace the layer the plan traced (one layer of the model&apos;s width, one micro-batch) op by op in the Step tab</source>
        <translation>在訓練步頁逐個運算追蹤規劃所追蹤的那一層（模型寬度的一層，一個微批次）</translation>
    </message>
    <message>
        <source>Use in Napkin</source>
        <translation>用於心算</translation>
    </message>
    <message>
        <source>Put the chosen layout&apos;s speed into the Napkin tab&apos;s training-time card: the parameters, tokens and GPUs, and the MFU restated in the card&apos;s 6·N·D convention (no attention FLOPs), so the card gives the plan&apos;s days</source>
        <translation>把所選配置的速度填入心算頁的訓練時間卡片：參數量、token 數和 GPU 數，以及按卡片的 6·N·D 口徑（不計注意力的 FLOPs）換算的 MFU，這樣卡片給出的天數與規劃一致</translation>
    </message>
    <message>
        <source>Plan a training run</source>
        <translation>規劃一次訓練</translation>
    </message>
    <message>
        <source>Plan to see the fastest layouts that fit</source>
        <translation>規劃後可看到放得下的最快配置</translation>
    </message>
    <message>
        <source>Show layouts that do not fit</source>
        <translation>顯示放不下的配置</translation>
    </message>
    <message>
        <source>Greyed, each with what it would need (memory against capacity)</source>
        <translation>以灰色顯示，並註明各自需要多少（記憶體與容量對比）</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>圖表</translation>
    </message>
    <message>
        <source>Ranked layouts</source>
        <translation>配置排名</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>假設</translation>
    </message>
    <message>
        <source>Published runs</source>
        <translation>已發表的訓練</translation>
    </message>
    <message>
        <source>How close the plan came to published training runs on this device, run by run</source>
        <translation>規劃離本裝置上已發表的訓練有多近，逐一列出</translation>
    </message>
    <message>
        <source>Inputs changed: Plan again to update the layouts</source>
        <translation>輸入已更改：再次規劃以更新配置</translation>
    </message>
    <message>
        <source>Not planned: see the message above</source>
        <translation>未規劃：見上方的提示</translation>
    </message>
    <message>
        <source>Planning {model} on {cluster}…</source>
        <translation>正在規劃 {cluster} 上的 {model}…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>{n} layouts searched, {fit} fit</source>
        <translation>{n} 個配置中 {fit} 個放得下</translation>
    </message>
    <message>
        <source>None of the {n} layouts fits: more GPUs, recomputation or a larger device would help; the closest are listed greyed</source>
        <translation>{n} 個配置都放不下：更多 GPU、重計算或更大的裝置會有幫助；最接近的以灰色列出</translation>
    </message>
    <message>
        <source>A: {name}</source>
        <translation>A：{name}</translation>
    </message>
    <message>
        <source>B: {name}</source>
        <translation>B：{name}</translation>
    </message>
    <message>
        <source>{fit} that fit, {unfit} that do not</source>
        <translation>{fit} 個放得下，{unfit} 個放不下</translation>
    </message>
    <message>
        <source>Not tried: {change} ({reason})</source>
        <translation>未嘗試：{change}（{reason}）</translation>
    </message>
    <message>
        <source>Pinned {cluster} as A: change the device or the GPUs to compare</source>
        <translation>已把 {cluster} 固定為 A：更改裝置或 GPU 數即可比較</translation>
    </message>
    <message>
        <source>Export candidates</source>
        <translation>匯出候選配置</translation>
    </message>
    <message>
        <source>Candidates written to {path}</source>
        <translation>候選配置已寫入 {path}</translation>
    </message>
    <message>
        <source>{gpus} GPUs</source>
        <translation>{gpus} 個 GPU</translation>
    </message>
    <message>
        <source>dashed: capacity {capacity}</source>
        <translation>虛線：容量 {capacity}</translation>
    </message>
    <message>
        <source>{gpus} × {device}</source>
        <translation>{gpus} × {device}</translation>
    </message>
    <message>
        <source>capacity {capacity}</source>
        <translation>容量 {capacity}</translation>
    </message>
    <message>
        <source>Step time {step}, micro-batches per step: {m}</source>
        <translation>步時間 {step}，每步微批次數：{m}</translation>
    </message>
    <message>
        <source>Memory per GPU {peak} of {capacity} ({stage}, {moment})</source>
        <translation>每 GPU 記憶體 {peak} / {capacity}（{stage}，{moment}）</translation>
    </message>
    <message>
        <source>MFU {mfu}  ·  {days}, likely {range}</source>
        <translation>MFU {mfu}  ·  {days}，可能 {range}</translation>
    </message>
    <message>
        <source>MFU {mfu}  ·  {tokens} tokens/s, likely {range}</source>
        <translation>MFU {mfu}  ·  {tokens} token/s，可能 {range}</translation>
    </message>
    <message>
        <source>MFU {mfu}  ·  {tokens} tokens/s</source>
        <translation>MFU {mfu}  ·  {tokens} token/s</translation>
    </message>
    <message>
        <source>MFU {mfu}  ·  {days}</source>
        <translation>MFU {mfu}  ·  {days}</translation>
    </message>
    <message>
        <source>Plan to see the days and GPU-hours</source>
        <translation>規劃後可看到天數和 GPU 時</translation>
    </message>
    <message>
        <source>Give the tokens to see the days and GPU-hours</source>
        <translation>填入 token 數可看到天數和 GPU 時</translation>
    </message>
    <message>
        <source>{days}, {hours} GPU-hours</source>
        <translation>{days}，{hours} GPU 時</translation>
    </message>
    <message>
        <source>{kept} kept: the {top} fastest that fit</source>
        <translation>保留 {kept} 個：放得下的最快 {top} 個</translation>
    </message>
    <message>
        <source>, and the {n} fastest without recomputation</source>
        <translation>，以及不重算的最快 {n} 個</translation>
    </message>
    <message>
        <source>, and the {n} fastest with full recomputation</source>
        <translation>，以及完全重算的最快 {n} 個</translation>
    </message>
    <message>
        <source>, and the {n} fastest with selective recomputation</source>
        <translation>，以及選擇性重算的最快 {n} 個</translation>
    </message>
    <message>
        <source>{searched}; {kept}</source>
        <translation>{searched}；{kept}</translation>
    </message>
    <message>
        <source>Layout {rank} of {count} kept: {layout}</source>
        <translation>保留的 {count} 個佈局中的第 {rank} 個：{layout}</translation>
    </message>
    <message>
        <source>Does not fit: {layout}</source>
        <translation>放不下：{layout}</translation>
    </message>
    <message>
        <source>Step {step} (likely {step_range})  ·  {tokens} tokens/s (likely {tokens_range})  ·  MFU likely {mfu_range}  ·  HFU {hfu}  ·  {tflops} TFLOP/s per GPU</source>
        <translation>每步 {step}（可能 {step_range}）  ·  {tokens} token/s（可能 {tokens_range}）  ·  MFU 可能 {mfu_range}  ·  HFU {hfu}  ·  每 GPU {tflops} TFLOP/s</translation>
    </message>
    <message>
        <source>Step {step}  ·  {tokens} tokens/s  ·  HFU {hfu}  ·  {tflops} TFLOP/s per GPU</source>
        <translation>每步 {step}  ·  {tokens} token/s  ·  HFU {hfu}  ·  每 GPU {tflops} TFLOP/s</translation>
    </message>
    <message>
        <source>  ·  {hours} GPU-hours for {tokens} tokens</source>
        <translation>  ·  {tokens} token 需 {hours} GPU 時</translation>
    </message>
    <message>
        <source>It does not fit ({why}); the change that helps most: {change}.</source>
        <translation>放不下（{why}）；最有幫助的改動：{change}。</translation>
    </message>
    <message>
        <source>It does not fit ({why}).</source>
        <translation>放不下（{why}）。</translation>
    </message>
    <message>
        <source>Limited by {limits}; the change that helps most: {change}.</source>
        <translation>瓶頸：{limits}；最有幫助的改動：{change}。</translation>
    </message>
    <message>
        <source>Limited by {limits}; no single change makes it faster and still fits.</source>
        <translation>瓶頸：{limits}；沒有哪一項單獨的改動能讓它更快且仍放得下。</translation>
    </message>
    <message>
        <source>Sent to Step: one {width}-wide layer and one micro-batch on one GPU, unsharded (no TP, PP, CP or DP, no communication, no bubble, no embedding or LM head). Its MFU is that layer&apos;s own, in the Step tab&apos;s convention, so it differs from the plan&apos;s {mfu}.</source>
        <translation>已送到訓練步頁：一個寬 {width} 的層、一個微批次，在一張 GPU 上、不切分（沒有 TP、PP、CP 或 DP，沒有通訊，沒有氣泡，沒有嵌入層和 LM head）。它的 MFU 只是這一層自己的，按訓練步頁的口徑計算，所以與規劃的 {mfu} 不同。</translation>
    </message>
    <message>
        <source>data path tokens/s</source>
        <translation>資料路徑 token/s</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>Tokens per second one node&apos;s data loader delivers. Empty: the last napkinlab bench --suite data run saved to the app&apos;s data_path.jsonl, else not measured.</source>
        <translation>一個節點的資料載入器每秒供給的 token 數。留空：取最近一次儲存到應用程式的 data_path.jsonl 的 napkinlab bench --suite data 結果，否則為未測量。</translation>
    </message>
</context>
<context>
    <name>PlanTable</name>
    <message>
        <source>Layout</source>
        <extracomment>Column keys, in order.</extracomment>
        <translation>配置</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>每步</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>記憶體 / GPU</translation>
    </message>
    <message>
        <source>Limited by</source>
        <translation>瓶頸</translation>
    </message>
    <message>
        <source>{summary}
Limited by {limits}</source>
        <translation>{summary}
瓶頸：{limits}</translation>
    </message>
    <message>
        <source>{used} / {capacity}</source>
        <translation>{used} / {capacity}</translation>
    </message>
</context>
</TS>
