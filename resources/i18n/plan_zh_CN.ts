<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Plan</name>
    <message>
        <source>BF16 (no low-precision GEMMs)</source>
        <extracomment>What ``--fp8`` (and an implementation&apos;s ``gemm_dtype`` fp8 without a recipe) means: TE&apos;s default recipe, ``DelayedScaling`` (Megatron&apos;s ``--fp8-recipe`` default ``delayed``). Bytes per element of the BF16 tensor a quantization kernel reads. FLOPs per element of a 16-point Hadamard transform done as a 16 × 16 matrix product.</extracomment>
        <translation>BF16（不使用低精度 GEMM）</translation>
    </message>
    <message>
        <source>FP8, delayed scaling (amax history)</source>
        <translation>FP8，延迟缩放（amax 历史）</translation>
    </message>
    <message>
        <source>FP8, current per-tensor scaling</source>
        <translation>FP8，当前逐张量缩放</translation>
    </message>
    <message>
        <source>MXFP8 (1×32 blocks, E8M0 scales)</source>
        <translation>MXFP8（1×32 块，E8M0 缩放因子）</translation>
    </message>
    <message>
        <source>FP8, blockwise scaling (1×128 tiles, 128×128 weight blocks, fp32 scales)</source>
        <translation>FP8，分块缩放（1×128 分块，128×128 权重块，fp32 缩放因子）</translation>
    </message>
    <message>
        <source>NVFP4 (16-element blocks, E4M3 and fp32 scales)</source>
        <translation>NVFP4（16 元素块，E4M3 与 fp32 缩放因子）</translation>
    </message>
    <message>
        <source>precision: {value}; allowed: {allowed}</source>
        <translation>精度：{value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>an fp8 peak</source>
        <extracomment>The recipe settings a plan can add to a low-precision recipe (``Implementation`` fields): FP8 attention (Megatron-Bridge&apos;s ``fp8_dot_product_attention``) and Transformer Engine&apos;s fused grouped MLP (``cutedsl_fused_grouped_mlp``).</extracomment>
        <translation>fp8 峰值</translation>
    </message>
    <message>
        <source>block-scaled fp8 tensor cores (NVIDIA Blackwell, AMD CDNA 4)</source>
        <translation>支持块缩放的 fp8 张量核心（NVIDIA Blackwell、AMD CDNA 4）</translation>
    </message>
    <message>
        <source>block-scaled fp8 tensor cores or a measured rate of fp8 GEMMs with software block scales (Hopper; for another device, napkinlab calibration --set gemm_efficiency_fp8_blockwise=RATE)</source>
        <translation>支持块缩放的 fp8 张量核心，或实测过的软件块缩放 fp8 GEMM 速率（Hopper；其他设备可用 napkinlab calibration --set gemm_efficiency_fp8_blockwise=RATE 设置）</translation>
    </message>
    <message>
        <source>NVFP4 tensor cores (NVIDIA Blackwell)</source>
        <translation>NVFP4 张量核心（NVIDIA Blackwell）</translation>
    </message>
    <message>
        <source>precision: {recipe} needs {need}, which {device} lacks; devices that run it: {fits}</source>
        <translation>精度：{recipe} 需要{need}，而 {device} 没有；可运行它的设备：{fits}</translation>
    </message>
    <message>
        <source>precision: {recipe} runs its GEMMs in {dtype}, not {given}; allowed: leave the GEMM dtype to the recipe</source>
        <translation>精度：{recipe} 以 {dtype} 运行 GEMM，而不是 {given}；允许：由配方决定 GEMM 的数据类型</translation>
    </message>
    <message>
        <source>precision: --fp8 and --precision {recipe} disagree; allowed: one of them, or an fp8 recipe</source>
        <translation>精度：--fp8 与 --precision {recipe} 矛盾；允许：只给其一，或一个 fp8 配方</translation>
    </message>
    <message>
        <source>gemm dtype: {value}; allowed: bf16, fp16, fp8, fp4, tf32, fp32</source>
        <translation>GEMM 数据类型：{value}；允许：bf16、fp16、fp8、fp4、tf32、fp32</translation>
    </message>
    <message>
        <source>gpus: {gpus} GPUs do not fill whole nodes of {per_node}; allowed: a multiple of --gpus-per-node (or fewer GPUs than one node)</source>
        <translation>GPU：{gpus} 个 GPU 填不满每节点 {per_node} 个的整节点；允许：--gpus-per-node 的整数倍（或少于一个节点的 GPU）</translation>
    </message>
    <message>
        <source>nvlink-domain: {domain} GPUs is not a whole number of nodes of {per_node}; allowed: a multiple of --gpus-per-node (72 for an NVL72 rack of 4-GPU trays)</source>
        <extracomment>Activation recomputation: none, selective (the attention core, Korthikanti et al. 2022), full (every layer&apos;s forward again in backward, keeping only each layer&apos;s input). How context parallelism moves K and V: a ring of point-to-point exchanges overlapped with the attention blocks (Megatron-Core), or one all-gather before the attention (Llama 3, §3.3.2). How the LM head&apos;s cross-entropy keeps the logits, which sets its memory (:attr:`Implementation.cross_entropy`).</extracomment>
        <translation>nvlink-domain：{domain} 个 GPU 不是整数个 {per_node} GPU 的节点；允许：--gpus-per-node 的倍数（由 4-GPU 托盘组成的 NVL72 机柜为 72）</translation>
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
        <source>no recompute</source>
        <translation>不重计算</translation>
    </message>
    <message>
        <source>selective recompute</source>
        <translation>选择性重计算</translation>
    </message>
    <message>
        <source>full recompute</source>
        <translation>完全重计算</translation>
    </message>
    <message>
        <source>grad-accumulation: {value}; allowed: {allowed}</source>
        <extracomment>The linear weights kept only quantized (NeMo&apos;s ``fp8_params``, Megatron&apos;s ``--fp8-param-gather``): the quantized copies replace the compute-dtype weights. Activation CPU offloading (Megatron-Core&apos;s ``cpu_offloading_num_layers`` through Transformer Engine&apos;s ``get_cpu_offload_context``): the saved activations of the first ``k`` layers go to host memory in forward and come back in backward, finished in time for TE&apos;s default synchronization to keep ``L − k`` layers&apos; worth on the GPU at the peak (memory only). The pipeline schedule (:data:`core.plan.dualpipe.SCHEDULES`): Megatron&apos;s 1F1B, or DeepSeek&apos;s DualPipe (:mod:`core.plan.dualpipe`). A mixture of experts&apos; token dispatcher (:data:`core.plan.deepep.DISPATCHERS`): Megatron&apos;s all-to-all, or DeepEP&apos;s (:mod:`core.plan.deepep`); ``route_nodes`` &gt; 0 limits each token to that many nodes (DeepSeek-V3&apos;s node-limited routing: 4). Recomputation by module (Megatron-Core&apos;s ``--recompute-modules``, :data:`core.plan.recompute_modules.RECOMPUTE_MODULES`): the named modules&apos; saved activations are dropped and their forward rerun in backward; () = none. Fine-grained activation offloading (Megatron-Core&apos;s ``--fine-grained-activation-offloading --offload-modules``, :data:`core.plan.recompute_names.OFFLOAD_MODULES`): the named modules&apos; inputs are copied to the host in forward and back for backward, on their own streams, so they leave the GPU&apos;s memory (:mod:`core.plan.moe_kept`; the copies are taken as hidden behind the compute); () = none. DeepEP&apos;s dispatch in FP8 (1 × 128 tiles; DeepSeek-V3 §3.3), else in the activations&apos; dtype (Megatron-Core&apos;s flex dispatcher hands DeepEP the layer&apos;s BF16 hidden states). The router&apos;s weights applied inside the experts (Megatron-Core&apos;s ``TEGroupedMLP`` scales the activation by ``permuted_probs``: ``weighted_bias_swiglu_impl``), so the combine keeps no copy of the experts&apos; outputs (:mod:`core.plan.moe_kept`). With ``moe_act`` recomputed, the routed experts&apos; activation input (the first GEMM&apos;s output, the one tensor they keep) cached in the low-precision recipe&apos;s bytes instead of the activations&apos; (DeepSeek-V3 report §3.3.3: the SwiGLU inputs are cached in FP8 with the fine-grained quantization, and its output recomputed in backward; :mod:`core.plan.moe_kept`). Bytes per element of the one copy of the attention output that both flash attention&apos;s backward and the output projection&apos;s weight gradient keep (DeepSeek-V3 report §3.3.3, &quot;Low-Precision Activation&quot; (1): a customized E5M6 format, 12 bits, with the kernel&apos;s fp32 scale per 128 elements); 0: flash keeps its own output and the projection its own copy. The routed experts carry biases that Megatron-Core adds in a Python loop over the local experts (``TEGroupedMLP._apply_bias``: ``t + b * p`` per expert, then ``torch.cat``): GPT-OSS (``add_bias_linear=True``). Timed by :func:`core.plan.moe.expert_bias_seconds`, its host calls by :mod:`core.plan.host`; False: no expert biases. The experts&apos; gated activation clamps its two halves first, in eager PyTorch: Megatron-Core&apos;s ``weighted_bias_quick_geglu_impl`` with ``clamp_value`` (GPT-OSS: ``activation_func_clamp_value`` 7.0) chunks the first expert GEMM&apos;s output, clamps each half and concatenates them again before the fused kernel. Timed by :func:`core.plan.moe.clamped_glu_seconds`, its host calls by :mod:`core.plan.host`; False: no clamp (or one fused into the activation&apos;s kernel). Rotary positions applied in eager PyTorch (Megatron-Core&apos;s ``_apply_rotary_pos_emb_bshd`` without ``apply_rope_fusion``): Megatron-Bridge turns the fusion off for any position embedding but plain ``rope`` (``validate_rope_fusion_compatibility``), so GPT-OSS&apos;s YaRN runs unfused. Timed by :func:`core.plan.moe.unfused_rope_seconds`, its host calls by :mod:`core.plan.host`; False: the fused kernel. The experts&apos; MLP runs as Transformer Engine&apos;s fused grouped MLP (its op fuser with the CuTe DSL kernels, ``transformer_engine/pytorch/ops/fused/grouped_mlp.py``; Megatron-Bridge&apos;s ``cutedsl_fused_grouped_mlp`` with ``use_transformer_engine_op_fuser``) under a block-scaled recipe (MXFP8, NVFP4): the first expert GEMM applies the gated activation and the routing weights and quantizes the second GEMM&apos;s input in its epilogue, and the second GEMM&apos;s data-gradient GEMM applies the activation&apos;s backward and quantizes the first GEMM&apos;s output gradient in its own (:func:`core.plan.moe.layer_micro_times`). False: the activation and those two quantizations run as kernels of their own. Attention runs in the recipe&apos;s FP8 format (Transformer Engine&apos;s ``fp8_dpa``, Megatron-Bridge&apos;s ``fp8_dot_product_attention``; under an MXFP8 recipe cuDNN&apos;s MXFP8 attention): its time is the BF16 attention&apos;s times cuDNN&apos;s measured FP8/BF16 ratio (:mod:`core.roofline.attention_fp8`). False, or a 16-bit recipe: attention in BF16. How gradients add up over micro-batches (:data:`core.plan.grad_accum.GRAD_ACCUMULATION`): ``fused``, the weight-gradient GEMM accumulates into the buffer (Megatron&apos;s ``gradient_accumulation_fusion``); ``hook``, Megatron-LM 2022&apos;s per-micro-batch ``main_grad.add_`` (fp16); ``autograd``, PyTorch&apos;s in-place add from the second micro-batch (Megatron-LM 2021, fp16). Transformer Engine CUDA-graph scopes (Megatron-Bridge&apos;s ``cuda_graph_scope`` with ``cuda_graph_impl=&quot;transformer_engine&quot;``, :data:`core.plan.host.GRAPH_SCOPES`): the captured ops cost the host nothing (:mod:`core.plan.host`); () = eager. The expert all-to-all of one micro-batch hidden behind another micro-batch&apos;s compute (Megatron-Core&apos;s ``overlap_moe_expert_parallel_comm``, :mod:`core.plan.ep_overlap`); False: each all-to-all on the critical path. A custom pipeline layout in Megatron-Core&apos;s notation (``--pipeline-model-parallel-layout``, :mod:`core.plan.pipeline_layout`): which layers, MTP modules, embedding and loss each virtual pipeline stage holds; ``None``: the plan&apos;s split (:func:`stage_layers`). Transformer layers at each end kept in BF16 under a low-precision recipe (Megatron-Core&apos;s ``--first-last-layers-bf16`` with ``--num-layers-at-start-in-bf16`` and ``--num-layers-at-end-in-bf16``); ``None``: the recipe&apos;s own (NVFP4&apos;s 2, none for the FP8 recipes). Megatron-Core&apos;s default is off: 0.</extracomment>
        <translation>grad-accumulation：{value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>dispatcher: {value}; allowed: {allowed}</source>
        <translation>dispatcher：{value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>shared attention output: {value} bytes per element; allowed: 0 (none) up to 4</source>
        <translation>共享的注意力输出：每元素 {value} 字节；允许：0（无）到 4</translation>
    </message>
    <message>
        <source>CUDA graph scope: {value}; allowed: {allowed}</source>
        <translation>CUDA graph 范围：{value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>schedule: {value}; allowed: {allowed}</source>
        <translation>schedule：{value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>offloaded layers: {value}; allowed: a whole number, 0 or more</source>
        <translation>卸载的层数：{value}；允许：0 或更大的整数</translation>
    </message>
    <message>
        <source>attention kernel: {value}; allowed: {allowed}</source>
        <translation>注意力核函数：{value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>cross-entropy: {value}; allowed: {allowed}</source>
        <translation>交叉熵：{value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>cp-comm: {value}; allowed: {allowed}</source>
        <translation>CP 通信：{value}；允许：{allowed}</translation>
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
        <source>recipe: {recipe} computes in {dtype}, which {device} has no peak for (it has: {have}); allowed here: {fits}</source>
        <translation>配方：{recipe} 以 {dtype} 计算，而 {device} 没有该类型的峰值（它有：{have}）；此处可用：{fits}</translation>
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
        <source>{name}: {value} needs a mixture-of-experts model; {model} is dense (no routed experts); allowed: {name} 1</source>
        <translation>{name}：{value} 需要混合专家（MoE）模型；{model} 是稠密模型（没有路由专家）；允许：{name} 1</translation>
    </message>
    <message>
        <source>ep: {ep} does not divide the {experts} routed experts; allowed: a divisor of {experts}</source>
        <translation>ep：{ep} 不能整除 {experts} 个路由专家；允许：{experts} 的约数</translation>
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
        <source>vpp: {framework}&apos;s pipeline engine has no interleaved schedule; allowed: vpp 1</source>
        <translation>vpp：{framework} 的流水线引擎没有交错调度；允许：vpp 1</translation>
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
        <source>tight: the {stage} stage&apos;s tensors and the CUDA runtime need {need} per GPU at the {moment}, the device has {have}, but not the allocator reserve of {reserve}</source>
        <extracomment>:func:`step_floor`&apos;s least-working stage per layout shape, for the last context met (under ``&quot;context&quot;``): a search asks for one context&apos;s many layouts in a row.</extracomment>
        <translation>偏紧：{stage}级在{moment}时张量与 CUDA 运行时每个 GPU 需要 {need}，设备有 {have}，但放不下 {reserve} 的分配器预留</translation>
    </message>
    <message>
        <source>out of memory: the {stage} stage needs {need} per GPU at the {moment}, the device has {have}</source>
        <translation>显存不足：{stage}级在{moment}时每个 GPU 需要 {need}，设备只有 {have}</translation>
    </message>
    <message>
        <source>dims: {key}={value}; allowed: 0 or 1</source>
        <extracomment>The keys ``--dims`` accepts (with the mixture-of-experts and latent-attention keys of :data:`core.memory.models.MOE_KEYS`: ``experts=E,top_k=K,moe_ffn=F,shared_experts=S,...``).</extracomment>
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
        <source>batch-unit: {unit} is not a unit; allowed: sequences or tokens</source>
        <translation>batch-unit：{unit} 不是单位；允许：sequences（序列）或 tokens</translation>
    </message>
    <message>
        <source>global-batch: {tokens} tokens is not a whole number of sequences of {seq} tokens; allowed: a multiple of the sequence length (the nearest: {near} tokens, {count} sequences)</source>
        <translation>全局批量：{tokens} 个 token 不是整数个长 {seq} 的序列；允许：序列长度的倍数（最接近的：{near} 个 token，{count} 个序列）</translation>
    </message>
    <message>
        <source>capacity-factor: {value} needs a mixture-of-experts model; {model} is dense; allowed: leave it out</source>
        <translation>capacity-factor：{value} 需要混合专家（MoE）模型；{model} 是稠密模型；允许：不给出</translation>
    </message>
    <message>
        <source>seq: {seq} is beyond the model&apos;s {positions} learned positions; allowed: up to {positions}</source>
        <translation>序列：{seq} 超出了模型学到的 {positions} 个位置；允许：最多 {positions}</translation>
    </message>
    <message>
        <source>{flag}: keeps tensors in the low precision the GEMMs run in, and this plan has none; allowed: with --precision fp8-delayed, fp8-current, mxfp8, fp8-blockwise or nvfp4 (or --fp8)</source>
        <translation>{flag}：以 GEMM 运行的低精度保存张量，而此计划没有低精度；允许：与 --precision fp8-delayed、fp8-current、mxfp8、fp8-blockwise 或 nvfp4（或 --fp8）一起使用</translation>
    </message>
    <message>
        <source>fp8-attention: runs attention in the recipe&apos;s FP8 format, and this plan has none; allowed: with --precision fp8-delayed, fp8-current, mxfp8 or fp8-blockwise (or --fp8)</source>
        <translation>fp8-attention：以配方的 FP8 格式运行注意力，而此计划没有 FP8 配方；允许：与 --precision fp8-delayed、fp8-current、mxfp8 或 fp8-blockwise（或 --fp8）一起使用</translation>
    </message>
    <message>
        <source>fused-grouped-mlp: Transformer Engine&apos;s fused grouped MLP takes block-scaled inputs only; allowed: with --precision mxfp8 or nvfp4</source>
        <translation>fused-grouped-mlp：Transformer Engine 的融合分组 MLP 只接受块缩放的输入；允许：与 --precision mxfp8 或 nvfp4 一起使用</translation>
    </message>
    <message>
        <source>activation-func-fp8-input-store: the experts&apos; activation input is what moe_act recomputation keeps; allowed: with --recompute-modules naming moe_act</source>
        <translation>activation-func-fp8-input-store：专家激活函数的输入是 moe_act 重计算所保留的张量；允许：与包含 moe_act 的 --recompute-modules 一起使用</translation>
    </message>
    <message>
        <source>{layout}: step {step}, {tokens} tokens/s, MFU {mfu}, HFU {hfu}</source>
        <extracomment>The step-time breakdown&apos;s keys, in stacking order (``ep_comm``: the all-to-all of expert parallelism, 0 for a dense model).</extracomment>
        <translation>{layout}：每步 {step}，{tokens} token/s，MFU {mfu}，HFU {hfu}</translation>
    </message>
    <message>
        <source>tracing one layer of the model</source>
        <extracomment>Step times within this fraction of each other rank as equally fast (then least memory first): 0.5 %, below the model&apos;s own error (its calibrated step times are off by several per cent).</extracomment>
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
        <extracomment>A candidate&apos;s input or layout: built only inside :func:`what_to_change`&apos;s error handling (a ``partial`` of ``replace``), since building one validates it (fp8 on a device without an fp8 peak, a TP that does not divide the heads) and a refusal must skip that candidate alone.</extracomment>
        <translation>用选择性重计算代替完全重计算</translation>
    </message>
    <message>
        <source>no recomputation instead of full</source>
        <translation>用不重计算代替完全重计算</translation>
    </message>
    <message>
        <source>no recomputation instead of selective</source>
        <translation>用不重计算代替选择性重计算</translation>
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
        <source>EP {new} instead of {old}</source>
        <translation>EP {new} 代替 {old}</translation>
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
        <source>fused kernels instead of eager</source>
        <translation>融合核函数，代替逐算子执行</translation>
    </message>
    <message>
        <source>flash attention</source>
        <translation>flash attention</translation>
    </message>
    <message>
        <source>the gradient reduction overlapped with backward</source>
        <translation>梯度归约与反向重叠</translation>
    </message>
    <message>
        <source>TP communication overlapped with the GEMMs</source>
        <translation>TP 通信与 GEMM 重叠</translation>
    </message>
    <message>
        <source>the expert all-to-all overlapped with another micro-batch</source>
        <translation>专家 all-to-all 与另一个微批次的计算重叠</translation>
    </message>
    <message>
        <source>uneven first and last stages, PP {new} instead of {old}</source>
        <translation>首末两级少分层，流水线并行 {new}，代替 {old}</translation>
    </message>
    <message>
        <source>a cross-entropy kernel on the logits&apos; own dtype</source>
        <translation>按 logits 自身数据类型的交叉熵核函数</translation>
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
        <source>first and last</source>
        <translation>第一和最后</translation>
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
        <source>memory tight: {need} of {have} without the allocator reserve</source>
        <translation>显存偏紧：不计分配器预留需要 {need}，共 {have}</translation>
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
        <source>expert all-to-all {share}</source>
        <translation>专家 all-to-all {share}</translation>
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
        <source>compute (MFU {mfu})</source>
        <translation>计算本身（MFU {mfu}）</translation>
    </message>
    <message>
        <source>the loss: Megatron&apos;s vocabulary-parallel cross-entropy keeps the fp32 softmax it computes in place (4 bytes per logit); its backward writes the gradient in place and casts it back ({e} bytes per logit)</source>
        <translation>损失：Megatron 的词表并行交叉熵保留它原地算出的 fp32 softmax（每个 logit 4 字节）；其反向原地写梯度，再转回原类型（每个 logit {e} 字节）</translation>
    </message>
    <message>
        <source>the loss: a cross-entropy kernel that reads the logits in their own dtype keeps them ({e} bytes per logit) and its backward writes a {e}-byte gradient</source>
        <translation>损失：按 logits 自身数据类型读取的交叉熵核函数保留 logits（每个 logit {e} 字节），其反向写出 {e} 字节的梯度</translation>
    </message>
    <message>
        <source>the loss: PyTorch&apos;s cross-entropy on an fp32 copy of the logits keeps the fp32 log-softmax (4 bytes per logit) and its backward allocates the fp32 gradients of the log-softmax and the logits (8 bytes per logit)</source>
        <translation>损失：PyTorch 在 logits 的 fp32 副本上算交叉熵，保留 fp32 的 log-softmax（每个 logit 4 字节），其反向分配 log-softmax 和 logits 的 fp32 梯度（每个 logit 8 字节）</translation>
    </message>
    <message>
        <source>on the critical path: TP overlap decomposes only sequence-parallel all-gathers and reduce-scatters, and this layout has no sequence parallelism</source>
        <translation>在关键路径上：TP 重叠只分解序列并行的 all-gather 与 reduce-scatter，而此布局没有序列并行</translation>
    </message>
    <message>
        <source>decomposed by AsyncTP: each all-gather and reduce-scatter in {tp} chunks, one after another beside the GEMM on each chunk, each chunk&apos;s GEMM at its own smaller shape&apos;s efficiency; the reduce-scatter&apos;s last chunk exposed, and each chunk&apos;s transfer shows where it outlasts its GEMM</source>
        <translation>由 AsyncTP 分解：每个 all-gather 和 reduce-scatter 分成 {tp} 块，依次与各块上的 GEMM 并行，每块的 GEMM 按其较小形状的效率计；reduce-scatter 的最后一块暴露，每块的传输在比其 GEMM 更久时显现</translation>
    </message>
    <message>
        <source>decomposed by Transformer Engine&apos;s userbuffers: the all-gathers by ring exchange in {tp} chunks, the forward&apos;s reduce-scatters pipelined in 4 pieces (the last exposed), up to 3 chunk GEMMs at once, each at its own smaller shape&apos;s efficiency; the backward&apos;s reduce-scatters in bulk beside the weight-gradient GEMMs; each chunk&apos;s transfer shows where it outlasts its GEMM</source>
        <translation>由 Transformer Engine 的 userbuffers 分解：all-gather 以环形交换分成 {tp} 块，前向的 reduce-scatter 流水线分成 4 段（最后一段暴露），最多同时 3 个分块 GEMM，各按其较小形状的效率计；反向的 reduce-scatter 整体与权重梯度 GEMM 并行；每块的传输在比其 GEMM 更久时显现</translation>
    </message>
    <message>
        <source>host: the CPU issues a layer&apos;s experts after its dispatcher&apos;s sync ({after} of the forward&apos;s issue time) before the next layer&apos;s attention, which the GPU cannot start sooner: a forward takes at least that time plus the GPU&apos;s time up to the next sync</source>
        <translation>主机：CPU 在分发器同步之后先下发本层的专家（占前向下发时间的 {after}），再下发下一层的注意力，GPU 不能更早开始它：一次前向至少是这段时间加上 GPU 到下一次同步为止的时间</translation>
    </message>
    <message>
        <source>host: the whole step replays as one CUDA graph (full_iteration): the CPU issues no op, so the MoE layers&apos; waits for the GPU cost nothing</source>
        <translation>主机：整个步骤作为一个 CUDA 图重放（full_iteration）：CPU 不下发任何算子，因此 MoE 层等待 GPU 不花时间</translation>
    </message>
    <message>
        <source>host: the token dispatcher makes the CPU wait for the GPU in every MoE layer, so a layer takes the longer of its GPU time and the CPU&apos;s issue time, here {fwd} forward ({ops_f} ops and {modules} Transformer Engine module calls) and {bwd} backward ({ops_b} ops) at {op} µs per op{grace}; {graphs}</source>
        <translation>主机：令牌分发器让 CPU 在每个 MoE 层等待 GPU，因此一层的用时取其 GPU 时间与 CPU 下发时间中较长者，这里前向 {fwd}（{ops_f} 个算子和 {modules} 次 Transformer Engine 模块调用），反向 {bwd}（{ops_b} 个算子），每个算子 {op} µs{grace}；{graphs}</translation>
    </message>
    <message>
        <source> (a Grace host)</source>
        <translation>（Grace 主机）</translation>
    </message>
    <message>
        <source>CUDA graphs capture {scopes}</source>
        <translation>CUDA 图捕获 {scopes}</translation>
    </message>
    <message>
        <source>no CUDA graphs</source>
        <translation>无 CUDA 图</translation>
    </message>
    <message>
        <source>te.Linear&apos;s forward as measured on Grace</source>
        <translation>即在 Grace 上实测的 te.Linear 前向</translation>
    </message>
    <message>
        <source>as Megatron-Core&apos;s experts issue them in a profiled x86 run</source>
        <translation>即一次剖析过的 x86 训练中 Megatron-Core 专家下发它们的开销</translation>
    </message>
    <message>
        <source>host: the token dispatcher makes the CPU wait for the GPU in every MoE layer, so a layer takes the longer of its GPU time and the CPU&apos;s issue time, here {fwd} forward ({ops_f} ops at {op} µs per op and {te_f} Transformer Engine GEMMs at {te_f_us} µs, {te_f_how}) and {bwd} backward ({ops_b} ops and {te_b} TE GEMMs at {te_b_us} µs, TE&apos;s GEMM call as profiled){grace}; {graphs}</source>
        <translation>主机：令牌分发器让 CPU 在每个 MoE 层等待 GPU，因此一层的用时取其 GPU 时间与 CPU 下发时间中较长者，这里前向 {fwd}（{ops_f} 个算子，每个 {op} µs，以及 {te_f} 次 Transformer Engine GEMM，每次 {te_f_us} µs，{te_f_how}），反向 {bwd}（{ops_b} 个算子，以及 {te_b} 次 TE GEMM，每次 {te_b_us} µs，即剖析所得的 TE GEMM 调用）{grace}；{graphs}</translation>
    </message>
    <message>
        <source> times their wave and tile quantization ({tile} tiles over {sms} SMs)</source>
        <translation>，再乘以其波次和分块量化（{tile} 分块、{sms} 个 SM）</translation>
    </message>
    <message>
        <source>compute: the Step trace of one {width}-wide layer ({ops} kernels&apos; worth of ops), the embedding and the head, scaled to {layers} layers; GEMMs at {gemm} of the {dtype} peak{quant}, flash attention{kernel} at {fwd} (forward) and {bwd} (backward) of peak at {seq} tokens, a causal kernel doing half the s² work; memory-bound ops at {bw} of the memory bandwidth; {launch} µs per kernel</source>
        <translation>计算：单步追踪中宽度为 {width} 的一层（{ops} 个核函数的算子）、嵌入层和输出头，按 {layers} 层放大；GEMM 达到 {dtype} 峰值的 {gemm}{quant}；flash attention{kernel} 在 {seq} 个 token 时达到峰值的 {fwd}（前向）和 {bwd}（反向），因果核函数只做一半的 s² 工作；内存受限算子达到内存带宽的 {bw}；每个核函数 {launch} µs</translation>
    </message>
    <message>
        <source> ({kernel})</source>
        <translation>（{kernel}）</translation>
    </message>
    <message>
        <source>attention heads {head} wide: flash attention keeps {fwd} of its head-128 rate forward and {bwd} backward (FlashAttention-3&apos;s H100 figures at head dimensions 64 and 128)</source>
        <translation>注意力头宽 {head}：flash attention 前向保持其头宽 128 时速率的 {fwd}，反向保持 {bwd}（FlashAttention-3 在 H100 上头维度 64 与 128 的数据）</translation>
    </message>
    <message>
        <source>attention in {dtype}: timed as BF16 attention (cuDNN&apos;s FP8 attention is measured on GB200 and GB300 only)</source>
        <translation>注意力用 {dtype}：按 BF16 注意力计时（cuDNN 的 FP8 注意力只在 GB200 和 GB300 上测过）</translation>
    </message>
    <message>
        <source>attention in {dtype}: BF16 attention&apos;s time × cuDNN&apos;s measured {dtype}/BF16 time at this length, {fwd} forward and {bwd} backward causal; with a sliding window the {dtype} backward covers the whole causal band, {window} of BF16&apos;s</source>
        <translation>注意力用 {dtype}：BF16 注意力的时间 × cuDNN 在此长度下实测的 {dtype}/BF16 时间之比，因果前向 {fwd}、反向 {bwd}；有滑动窗口时 {dtype} 的反向覆盖整个因果带，是 BF16 的 {window}</translation>
    </message>
    <message>
        <source>compute: the Step trace of one {width}-wide layer ({ops} kernels&apos; worth of ops), the embedding and the head, scaled to {layers} layers; GEMMs at {gemm} of the {dtype} peak{quant}; memory-bound ops at {bw} of the memory bandwidth; {launch} µs per kernel</source>
        <translation>计算：单步追踪中宽度为 {width} 的一层（{ops} 个核函数的算子）、嵌入层和输出头，按 {layers} 层放大；GEMM 达到 {dtype} 峰值的 {gemm}{quant}；内存受限算子达到内存带宽的 {bw}；每个核函数 {launch} µs</translation>
    </message>
    <message>
        <source>sliding window: {windowed} of the {layers} layers attend to the last {window} positions only, {share} of a causal layer&apos;s attention work, timed at a causal kernel&apos;s rate on {length} tokens (its query blocks visit as many key blocks){eager}; model and hardware FLOPs count those layers&apos; attention at the same share</source>
        <translation>滑动窗口：{layers} 层中有 {windowed} 层只关注最近的 {window} 个位置，注意力工作量为因果层的 {share}，按因果核函数在 {length} 个 token 时的速率计时（其查询块访问同样多的键块）{eager}；模型 FLOPs 和硬件 FLOPs 对这些层的注意力按同一比例计数</translation>
    </message>
    <message>
        <source> (without flash attention every score is computed, then masked)</source>
        <translation>（不用 FlashAttention 时每个分数都会算出，再被掩码）</translation>
    </message>
    <message>
        <source>FP8 as Transformer Engine runs it: only the layers&apos; weight GEMMs run in fp8, each one&apos;s input cast to fp8 with its transpose before the forward GEMM and its output gradient likewise before the backward ones (4 bytes moved per element, a kernel each); attention, the embedding and the LM head stay in {dtype}; for its weight gradient each of those GEMMs keeps the fp8 copy of its input (1 byte per element), not the input</source>
        <translation>按 Transformer Engine 的方式运行 FP8：只有各层的权重 GEMM 用 fp8，前向 GEMM 之前把输入转成 fp8 并转置，反向 GEMM 之前对输出梯度同样处理（每个元素搬运 4 字节，各一个核函数）；注意力、嵌入和输出头仍用 {dtype}；为了算权重梯度，这些 GEMM 各自保留输入的 fp8 副本（每个元素 1 字节），而不是输入本身</translation>
    </message>
    <message>
        <source>FP8 as Transformer Engine runs it: the layers&apos; weight GEMMs run in fp8, each one&apos;s input cast to fp8 with its transpose before the forward GEMM and its output gradient likewise before the backward ones (4 bytes moved per element, a kernel each); attention runs in FP8 too (its own line); the embedding and the LM head stay in {dtype}; for its weight gradient each of those GEMMs keeps the fp8 copy of its input (1 byte per element), not the input</source>
        <translation>按 Transformer Engine 的方式运行 FP8：各层的权重 GEMM 用 fp8，前向 GEMM 之前把输入转成 fp8 并转置，反向 GEMM 之前对输出梯度同样处理（每个元素搬运 4 字节，各一个核函数）；注意力也用 FP8（见其单独一行）；嵌入和输出头仍用 {dtype}；为了算权重梯度，这些 GEMM 各自保留输入的 fp8 副本（每个元素 1 字节），而不是输入本身</translation>
    </message>
    <message>
        <source>MFU and HFU with fp8 GEMMs are against the fp8 peak, the precision they run in, as NVIDIA&apos;s FP8 tables count; against the {dtype} peak they would be {mfu} and {hfu}</source>
        <translation>用 fp8 GEMM 时，MFU 和 HFU 按 fp8 峰值计，即它们运行的精度（NVIDIA 的 FP8 表格这样计）；若按 {dtype} 峰值，它们是 {mfu} 和 {hfu}</translation>
    </message>
    <message>
        <source>{recipe}: the first {n} and the last {n} transformer layers keep their GEMMs in {dtype} (Megatron-Core&apos;s --first-last-layers-bf16); {low} of the {layers} layers run low</source>
        <translation>{recipe}：前 {n} 层和后 {n} 层 Transformer 的 GEMM 保持 {dtype}（Megatron-Core 的 --first-last-layers-bf16）；{layers} 层中 {low} 层以低精度运行</translation>
    </message>
    <message>
        <source>{recipe}: the tensor cores do not read block scales, so each GEMM multiplies every 128-long slice of K by its scales and adds it in fp32 on CUDA cores (DeepSeek-V3 report §3.3.2), at the measured blockwise rate, {rate} of the fp8 peak at {shape}, not per-tensor FP8&apos;s {fp8}</source>
        <translation>{recipe}：张量核心不读取块缩放因子，所以每个 GEMM 在 CUDA 核心上把 K 的每段 128 个元素乘以其缩放因子并以 fp32 累加（DeepSeek-V3 报告 §3.3.2），按实测的分块速率计时：在 {shape} 上为 fp8 峰值的 {rate}，而不是逐张量 FP8 的 {fp8}</translation>
    </message>
    <message>
        <source>{recipe}: every transformer layer&apos;s GEMMs run low, none kept in {dtype} at the ends (Megatron-Core&apos;s default: --first-last-layers-bf16 off)</source>
        <translation>{recipe}：每一层 Transformer 的 GEMM 都以低精度运行，两端不保留 {dtype} 层（Megatron-Core 的默认值：--first-last-layers-bf16 关闭）</translation>
    </message>
    <message>
        <source>attention unfused: QKᵀ and P·V as batched GEMMs with the scale, mask, softmax and dropout between them, the s² probabilities kept</source>
        <translation>注意力未融合：QKᵀ 和 P·V 是批量 GEMM，中间是缩放、掩码、softmax 和 dropout，保留 s² 的概率</translation>
    </message>
    <message>
        <source>attention unfused: QKᵀ and P·V as batched GEMMs with the scale, mask and softmax between them, the s² probabilities kept</source>
        <translation>注意力未融合：QKᵀ 和 P·V 是批量 GEMM，中间是缩放、掩码和 softmax，保留 s² 的概率</translation>
    </message>
    <message>
        <source>fused kernels: the memory-bound ops between two GEMMs run as one kernel that moves as much as the largest of them</source>
        <translation>融合核函数：两个 GEMM 之间的内存受限算子合成一个核函数，搬运量与其中最大的一个相同</translation>
    </message>
    <message>
        <source>eager kernels: every memory-bound op is its own kernel</source>
        <translation>逐算子核函数：每个内存受限算子各是一个核函数</translation>
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
        <source>an fp8 GEMM output tile&apos;s fixed cost is worth {k} iterations of its K loop, from the fp8 rates measured at two K (its epilogue takes as long as a 16-bit tile&apos;s while its K loop runs faster); the fp8 efficiency is the one measured at {shape}</source>
        <translation>fp8 GEMM 每个输出块的固定开销相当于其 K 循环的 {k} 次迭代，来自在两个 K 上测得的 fp8 速率（其收尾与 16 位块一样长，而其 K 循环更快）；fp8 效率是在 {shape} 测得的</translation>
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
        <source>CP {cp} is PyTorch’s context_parallel as torchtitan calls it: K and V move at the query heads ({heads} a GPU, repeated before the attention), pass the ring again in the backward, their gradients follow in fp32 ({cp} exchanges), and each step is merged in fp32</source>
        <translation>上下文并行 {cp} 是 torchtitan 调用的 PyTorch context_parallel：K 和 V 按查询头数传递（每个 GPU {heads} 个，在注意力之前复制），反向时再绕环传递一次，它们的梯度以 fp32 随后传递（{cp} 次交换），每一步都以 fp32 合并</translation>
    </message>
    <message>
        <source>CP {cp}: PyTorch’s context_parallel as torchtitan calls it: K and V all-gathered at the query heads ({heads} a GPU, repeated before the attention) over {link} at {busbw}, gathered again in the backward, their gradients passed round the ring in fp32 ({cp} exchanges), each step merged in fp32; exposed (a compiled block waits on each collective at once)</source>
        <translation>上下文并行 {cp}：torchtitan 调用的 PyTorch context_parallel：按查询头数对 K 和 V 做 all-gather（每个 GPU {heads} 个，在注意力之前复制），经{link}，带宽 {busbw}，反向时再 all-gather 一次，它们的梯度以 fp32 绕环传递（{cp} 次交换），每一步都以 fp32 合并；暴露在外（编译后的块对每个集合通信都立即等待）</translation>
    </message>
    <message>
        <source>pipeline layout {layout} (Megatron-Core&apos;s notation): {first} layers on the first GPU with the embedding, {middle} on the busiest middle one, {last} on the last with the LM head and the loss, which the plan takes as given</source>
        <translation>流水线布局 {layout}（Megatron-Core 的写法）：第一个 GPU 上 {first} 层并带嵌入层，最忙的中间 GPU 上 {middle} 层，最后一个 GPU 上 {last} 层并带输出头和损失；规划按给定布局计算</translation>
    </message>
    <message>
        <source>pipeline layout {layout} (Megatron-Core&apos;s notation): {first} layers on the first GPU with the embedding, {last} on the second with the LM head and the loss, which the plan takes as given</source>
        <translation>流水线布局 {layout}（Megatron-Core 的写法）：第一个 GPU 上 {first} 层并带嵌入层，第二个 GPU 上 {last} 层并带输出头和损失；规划按给定布局计算</translation>
    </message>
    <message>
        <source>overlapped bucket by bucket with the last micro-batch&apos;s backward that fills the buckets (under the interleaved schedule, each model chunk&apos;s last backward, the chunks p backwards apart) and ZeRO&apos;s gathers with the next step&apos;s first forward; the last bucket&apos;s reduction and the first bucket&apos;s gather have nothing to hide behind, and the rest shows where it outruns the compute</source>
        <translation>逐桶与填满各桶的最后一个微批次反向重叠（交错调度下为每个模型块的最后一次反向，各块相隔 p 次反向），ZeRO 的 gather 与下一步的第一次前向重叠；最后一个桶的归约和第一个桶的 gather 无处隐藏，其余部分在超过计算时显现</translation>
    </message>
    <message>
        <source>gathered one layer ahead of each micro-batch&apos;s forward and backward and reduced layer by layer as the backward goes; per micro-batch the first layer&apos;s gather and the last layer&apos;s reduce-scatter have nothing to hide behind, and the rest shows where it outruns the layer&apos;s compute</source>
        <translation>在每个微批次的前向和反向中提前一层 gather，并随反向逐层归约；每个微批次第一层的 gather 和最后一层的 reduce-scatter 无处隐藏，其余部分在超过该层计算时显现</translation>
    </message>
    <message>
        <source>selective recomputation as torchtitan&apos;s policy by op: each block keeps its input, the attention&apos;s output and {gemms}; its backward runs the rest of its forward again</source>
        <translation>选择性重计算按 torchtitan 的逐算子策略：每个块保留其输入、注意力的输出和{gemms}；其反向传播重新运行前向的其余部分</translation>
    </message>
    <message>
        <source>no GEMM output (Float8&apos;s scaled GEMMs are not in the policy&apos;s list)</source>
        <translation>不保留任何 GEMM 输出（Float8 的缩放 GEMM 不在该策略的列表中）</translation>
    </message>
    <message>
        <source>every second GEMM&apos;s output</source>
        <translation>每隔一个 GEMM 的输出</translation>
    </message>
    <message>
        <source>recomputation by module (Megatron-Core&apos;s recompute_modules): {names}; each keeps its inputs and runs its forward again in backward, in the time and the memory</source>
        <translation>按模块重计算（Megatron-Core 的 recompute_modules）：{names}；每个模块保留其输入，在反向中再运行一次前向，计入时间和显存</translation>
    </message>
    <message>
        <source>on the critical path, not overlapped (Megatron-LM)</source>
        <translation>在关键路径上，不重叠（Megatron-LM）</translation>
    </message>
    <message>
        <source>not modelled in the step time: stragglers and slow nodes, data loading (shown beside the step as the data path), failures and restarts and checkpoint saves (added to the days as their own rows), evaluation, network congestion from other jobs and job placement, NCCL&apos;s tree and NVLS algorithms, overlap inside a kernel, load imbalance between data-parallel ranks</source>
        <translation>步时间中未建模：掉队者和慢节点、数据加载（作为数据通路显示在步旁边）、故障与重启和保存检查点（作为单独的行计入天数）、评估、其他作业造成的网络拥塞和作业摆放、NCCL 的树形与 NVLS 算法、核函数内部的重叠、数据并行各 rank 之间的负载不均</translation>
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
        <source>after the pipeline flush, not overlapped</source>
        <translation>在流水线排空之后，不重叠</translation>
    </message>
    <message>
        <source>DP over {n} ranks: {what} of {params} parameters per GPU, over {link} at {busbw}; {overlap}</source>
        <translation>数据并行跨 {n} 个 rank：每个 GPU {params} 个参数的{what}，经{link}，带宽 {busbw}；{overlap}</translation>
    </message>
    <message>
        <source>Megatron-LM&apos;s hook adds each micro-batch&apos;s gradient into main_grad</source>
        <translation>Megatron-LM 的钩子把每个微批次的梯度加到 main_grad 上</translation>
    </message>
    <message>
        <source>autograd adds each later micro-batch&apos;s gradient into param.grad in place</source>
        <translation>autograd 把之后每个微批次的梯度原地加到 param.grad 上</translation>
    </message>
    <message>
        <source>gradient accumulation without the weight-gradient GEMM&apos;s fusion: {how}, {passes} memory-bound passes a step over the GPU&apos;s parameters</source>
        <translation>梯度累积未与权重梯度 GEMM 融合：{how}，每步对本 GPU 的参数做 {passes} 遍内存受限的遍历</translation>
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
        <source>whole matrices dealt over the data-parallel ranks (Megatron&apos;s layer-wise distributed optimizer)</source>
        <translation>整个矩阵分给各数据并行 rank（Megatron 的逐层分布式优化器）</translation>
    </message>
    <message>
        <source>every rank orthogonalizing all of its own (no distributed optimizer)</source>
        <translation>每个 rank 正交化自己的全部矩阵（无分布式优化器）</translation>
    </message>
    <message>
        <source>Muon, as Megatron-Core runs it: 5 Newton-Schulz steps in BF16 on each weight matrix but the embedding and the output layer (the query, key and value parts apart), a TP-split matrix whole on every TP rank, {how}; one momentum per parameter is counted, the embedding&apos;s and norms&apos; too, which Megatron gives Adam&apos;s two</source>
        <translation>Muon，按 Megatron-Core 的做法：除嵌入层和输出层外，每个权重矩阵做 5 步 BF16 的 Newton-Schulz 迭代（query、key、value 各自分开），被 TP 切分的矩阵在每个 TP rank 上整个计算，{how}；每个参数计一个动量，嵌入层和归一化层也按此计，而 Megatron 对它们用 Adam 的两个状态</translation>
    </message>
    <message>
        <source>memory: the {stage} stage&apos;s GPU at the {moment}, {layers} layers&apos; activations in flight; the allowance (CUDA context and workspaces ≈ 1 GB + 10 % of tensor bytes) included</source>
        <translation>显存：{stage}级的 GPU，在{moment}时，有 {layers} 层的激活值在途；已含预留（CUDA 上下文和工作区 ≈ 1 GB + 张量字节的 10 %）</translation>
    </message>
    <message>
        <source>selective recomputation with flash attention runs the flash forward again for little memory: the kernel keeps no s² tensor anyway</source>
        <translation>使用 flash attention 时，选择性重计算会再跑一次 flash 前向却省不了多少显存：该核函数本来就不保留 s² 张量</translation>
    </message>
    <message>
        <source>no published run used {device}; runs exist for: {devices}</source>
        <extracomment>The CSV&apos;s columns (``plan --published --csv`` and the Plan tab&apos;s export): the JSON&apos;s keys. The hardware generation of a device, from its catalog id and name (first match wins): the vendors&apos; architecture names (NVIDIA&apos;s, AMD&apos;s CDNA, Google&apos;s TPU, Apple&apos;s M chips).</extracomment>
        <translation>没有已发表的训练用过 {device}；有记录的设备：{devices}</translation>
    </message>
    <message>
        <source>planning {run}</source>
        <translation>正在规划 {run}</translation>
    </message>
    <message>
        <source>{n} published runs planned</source>
        <translation>已规划 {n} 个已发表的训练</translation>
    </message>
    <message>
        <source>host-bound</source>
        <extracomment>The resource file of the published runs&apos; errors. The most bytes the residual file is read with when its rows are rewritten (it holds ~200 runs). The fewest runs a pool needs (an 80 % order-statistic interval needs n ≥ 9 to leave one run out on each side; below that the pool&apos;s whole range is the interval). z of a two-sided 80 % normal interval (the between-group widening). The pools tried, narrowest first: the keys a run must share with the plan. ``regime`` (host-bound or not, :func:`core.plan.host.host_regime`) is kept in every pool but the last two: the CPU&apos;s issue time is the plan&apos;s least certain cost, and a host-bound plan is judged by the host-bound runs before any run of its generation that the GPU paces. The kinds of model the published runs are pooled by (:func:`model_kind`). Device id -&gt; GPU architecture, from the vendors&apos; datasheets and whitepapers (NVIDIA&apos;s A100, H100, H200, H800, B200/GB200, B300/GB300, L40S, L4, A10G, T4, V100 and GeForce pages; AMD&apos;s Instinct MI300X, MI325X and MI355X pages; Google&apos;s Cloud TPU versions; Apple&apos;s M3/M4 pages). A device the table does not know (a user&apos;s), by the chip named in its id or name. A published source (a fragment of its URL) -&gt; the codebase its runs trained with, as the source says (its paper or README names the code). How a codebase is named in sentences.</extracomment>
        <translation>受主机限制</translation>
    </message>
    <message>
        <source>GPU-bound</source>
        <translation>受 GPU 限制</translation>
    </message>
    <message>
        <source>all {n} published runs</source>
        <extracomment>The step time&apos;s factors ``(low, high)`` the ranges use: ``1 +`` the band&apos;s errors, the low one no lower than 100 % MFU allows, nor every executed FLOP at the device&apos;s fastest measured rate (``None``: the band&apos;s own).</extracomment>
        <translation>全部 {n} 个已发表的训练</translation>
    </message>
    <message>
        <source>{n} published runs of {what}</source>
        <translation>{what} 的 {n} 个已发表的训练</translation>
    </message>
    <message>
        <source>likely ranges: 80 % intervals from the plan&apos;s errors on {pool}</source>
        <translation>可能范围：由规划在{pool}上的误差得出的 80 % 区间</translation>
    </message>
    <message>
        <source>no {what} runs</source>
        <translation>没有 {what} 的训练</translation>
    </message>
    <message>
        <source>only {n} {what} runs</source>
        <translation>{what} 的训练只有 {n} 个</translation>
    </message>
    <message>
        <source>outside what was validated: {gaps}; interval from {pool}, widened</source>
        <translation>超出已验证的范围：{gaps}；区间取自{pool}，并已放宽</translation>
    </message>
    <message>
        <source>{change}; within the uncertainty (the likely range is {width} wide)</source>
        <translation>{change}；在不确定性之内（可能范围宽 {width}）</translation>
    </message>
    <message>
        <source>framework: {value}; allowed: {allowed}</source>
        <extracomment>Megatron-Core&apos;s default bucket: ``max(40M, 1M × DP)`` parameters (``DistributedDataParallelConfig.bucket_size``). PyTorch DDP&apos;s ``bucket_cap_mb`` default (25 MiB). DeepSpeed ZeRO&apos;s ``reduce_bucket_size`` default (elements). The framework ids ``--framework`` accepts, the default first.</extracomment>
        <translation>框架：{value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>its pipeline engine runs 1F1B without an interleaved schedule and reduces the gradients after the pipeline flush</source>
        <translation>其流水线引擎运行无交错调度的 1F1B，并在流水线排空后归约梯度</translation>
    </message>
    <message>
        <source>1F1B pipeline, interleaved when vpp &gt; 1</source>
        <translation>1F1B 流水线，vpp &gt; 1 时交错</translation>
    </message>
    <message>
        <source>1F1B pipeline without an interleaved schedule</source>
        <translation>无交错调度的 1F1B 流水线</translation>
    </message>
    <message>
        <source>gradient buckets of max(40M, 1M × DP) parameters per model chunk</source>
        <translation>每个模型块的梯度桶为 max(40M, 1M × DP) 个参数</translation>
    </message>
    <message>
        <source>DDP&apos;s 25 MiB gradient buckets</source>
        <translation>DDP 的 25 MiB 梯度桶</translation>
    </message>
    <message>
        <source>ZeRO&apos;s reduce buckets of 5e8 elements</source>
        <translation>ZeRO 的 5e8 元素归约桶</translation>
    </message>
    <message>
        <source>one reduce-scatter per transformer block</source>
        <translation>每个 Transformer 块一次 reduce-scatter</translation>
    </message>
    <message>
        <source>{how} ({n} per step)</source>
        <translation>{how}（每步 {n} 个）</translation>
    </message>
    <message>
        <source>overlap_comm at its default: on with ZeRO-3 only</source>
        <translation>overlap_comm 取默认值：仅在 ZeRO-3 时开启</translation>
    </message>
    <message>
        <source>parameters all-gathered one layer ahead (prefetch), the first layer&apos;s gather exposed</source>
        <translation>参数提前一层 all-gather（预取），第一层的 gather 暴露</translation>
    </message>
    <message>
        <source>gradients reduced in {dtype}</source>
        <translation>梯度以 {dtype} 归约</translation>
    </message>
    <message>
        <source>mixed-precision casts before each all-gather and reduce-scatter</source>
        <translation>每次 all-gather 和 reduce-scatter 之前的混合精度转换</translation>
    </message>
    <message>
        <source>each gathered layer copied out of the all-gather buffer on the compute stream</source>
        <translation>每个汇集好的层在计算流上从 all-gather 缓冲区复制出来</translation>
    </message>
    <message>
        <source>after every micro-batch the bf16 gradients added into separate fp32 ones (BF16_Optimizer), both kept</source>
        <translation>每个微批次之后把 bf16 梯度加到单独的 fp32 梯度上（BF16_Optimizer），两者都保留</translation>
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
        <translation>TP 重叠由 {kind} 实现</translation>
    </message>
    <message>
        <source>TP overlap asked for but without sequence parallelism nothing is decomposed</source>
        <translation>要求了 TP 重叠，但没有序列并行，什么也不分解</translation>
    </message>
    <message>
        <source>framework {name}: {mechanisms}</source>
        <translation>框架 {name}：{mechanisms}</translation>
    </message>
    <message>
        <source>Data path: {consumed} tokens/s per node consumed; delivered: not measured (bench --suite data)</source>
        <translation>数据通路：每节点消耗 {consumed} token/s；供给：未测量（bench --suite data）</translation>
    </message>
    <message>
        <source>Data path: {consumed} tokens/s per node consumed, {delivered} delivered ({source}): the data path is the limit</source>
        <translation>数据通路：每节点消耗 {consumed} token/s，供给 {delivered}（{source}）：数据通路是瓶颈</translation>
    </message>
    <message>
        <source>Data path: {consumed} tokens/s per node consumed, {delivered} delivered ({source}): {times}× headroom</source>
        <translation>数据通路：每节点消耗 {consumed} token/s，供给 {delivered}（{source}）：余量 {times}×</translation>
    </message>
    <message>
        <source>typed</source>
        <translation>输入值</translation>
    </message>
    <message>
        <source>from the typed bandwidth, {detail}</source>
        <translation>由输入带宽换算，{detail}</translation>
    </message>
    <message>
        <source>measured here: {detail}</source>
        <translation>本机实测：{detail}</translation>
    </message>
    <message>
        <source>schedule: DualPipe needs an even number of pipeline stages and no interleaving; allowed: pp 2, 4, 6, … with vpp 1, or --schedule 1f1b</source>
        <extracomment>The pipeline schedules: Megatron&apos;s 1F1B (interleaved when vpp &gt; 1) and DeepSeek&apos;s DualPipe.</extracomment>
        <translation>schedule：DualPipe 需要偶数个流水线阶段且不交错；允许：pp 2、4、6……配 vpp 1，或 --schedule 1f1b</translation>
    </message>
    <message>
        <source>schedule: DualPipe sends half the {m} micro-batches each way and needs an even number, at least twice pp {pp}; allowed: a global batch giving an even number ≥ {n} of micro-batches</source>
        <translation>schedule：DualPipe 把 {m} 个微批次各一半送往两个方向，需要偶数个且至少为 pp {pp} 的两倍；允许：使微批次数为不小于 {n} 的偶数的全局批量</translation>
    </message>
    <message>
        <source>sp: a mixture of experts with tp {tp} needs sequence parallelism (Megatron-LM requires it with MoE and TP); allowed: --sp, or tp 1</source>
        <translation>sp：tp {tp} 的混合专家模型需要序列并行（Megatron-LM 对 MoE 加 TP 有此要求）；允许：--sp，或 tp 1</translation>
    </message>
    <message>
        <source>ep: ep {ep} × etp {etp} = {product} does not divide the {ranks} GPUs of a pipeline stage (tp × cp × dp), which the experts share; allowed: ep × etp dividing {ranks}</source>
        <translation>ep：ep {ep} × etp {etp} = {product} 不能整除一个流水线阶段的 {ranks} 个 GPU（tp × cp × dp，专家在其上分布）；允许：能整除 {ranks} 的 ep × etp</translation>
    </message>
    <message>
        <source>capacity factor {cf}: an expert&apos;s rows capped at {cf} × tokens·top_k/experts</source>
        <translation>容量因子 {cf}：每个专家的行数上限为 {cf} × tokens·top_k/experts</translation>
    </message>
    <message>
        <source>dropless</source>
        <translation>不丢弃 token</translation>
    </message>
    <message>
        <source>mixture of experts: {experts} routed experts, top-{k}, balanced routing (every expert gets tokens·top_k/experts rows; {routing}; no imbalance margin); {local} experts per GPU (EP {ep}, ETP {etp}), each a GEMM of {rows} rows per micro-batch timed at that shape; MFU against the {active} active parameters</source>
        <translation>混合专家：{experts} 个路由专家，top-{k}，均衡路由（每个专家得到 tokens·top_k/experts 行；{routing}；不加不均衡余量）；每个 GPU {local} 个专家（EP {ep}，ETP {etp}），每个专家每个微批次是一个 {rows} 行的 GEMM，按该形状计时；MFU 以 {active} 个激活参数计</translation>
    </message>
    <message>
        <source>DeepEP dispatcher (DeepSeek-V3): FP8 dispatch (1 + 4/128 bytes per element), BF16 combine; a token crosses the network once per destination node ({limit}) and is forwarded over NVLink to its experts&apos; GPUs</source>
        <translation>DeepEP 分发器（DeepSeek-V3）：FP8 分发（每个元素 1 + 4/128 字节），BF16 合并；一个 token 对每个目标节点只经网络发送一次（{limit}），再经 NVLink 转发到其专家所在的 GPU</translation>
    </message>
    <message>
        <source>at most {m} nodes</source>
        <translation>最多 {m} 个节点</translation>
    </message>
    <message>
        <source>the experts&apos; MLP runs as Transformer Engine&apos;s fused grouped MLP: the first expert GEMM applies the gated activation and the routing weights and quantizes the second GEMM&apos;s input in its epilogue; the second GEMM&apos;s data gradient applies the activation&apos;s backward and quantizes the first GEMM&apos;s output gradient</source>
        <translation>专家的 MLP 以 Transformer Engine 的融合分组 MLP 运行：第一个专家 GEMM 在其尾声中施加门控激活和路由权重，并量化第二个 GEMM 的输入；第二个 GEMM 的数据梯度施加激活的反向，并量化第一个 GEMM 的输出梯度</translation>
    </message>
    <message>
        <source>no node limit</source>
        <translation>不限节点</translation>
    </message>
    <message>
        <source>DeepEP dispatcher: dispatch and combine in the activations&apos; dtype ({bytes} bytes per element; Megatron-Core&apos;s flex dispatcher quantizes nothing before it); a token crosses the network once per destination node ({limit}) and is forwarded over NVLink to its experts&apos; GPUs</source>
        <translation>DeepEP 分发器：分发与合并都用激活值的数据类型（每个元素 {bytes} 字节；Megatron-Core 的 flex 分发器在调用它之前不做量化）；一个 token 对每个目标节点只经网络发送一次（{limit}），再经 NVLink 转发到其专家所在的 GPU</translation>
    </message>
    <message>
        <source>DeepEP&apos;s kernels</source>
        <translation>DeepEP 的核函数</translation>
    </message>
    <message>
        <source>Megatron-Core&apos;s alltoall dispatcher</source>
        <translation>Megatron-Core 的 alltoall 分发器</translation>
    </message>
    <message>
        <source>expert all-to-all ({kernels}): a dispatch and a combine per MoE layer in forward and in backward (and the forward&apos;s again under full recomputation), {size} per GPU each in the activations&apos; dtype before any de-duplication, over the EP group&apos;s NVLink inside the NVLink domain and its NICs beyond, at the calibrated all-to-all bus bandwidth; {overlap}</source>
        <translation>专家 all-to-all（{kernels}）：每个 MoE 层在前向和反向各一次分发和一次合并（完全重计算时前向的再来一次），每次每个 GPU {size}（按激活值的数据类型，未去重），在 NVLink 域内走 EP 组的 NVLink，域外走其网卡，按校准的 all-to-all 总线带宽；{overlap}</translation>
    </message>
    <message>
        <source>hidden behind the paired chunk&apos;s compute where it is shorter (DualPipe)</source>
        <translation>在更短时隐藏于配对块的计算之后（DualPipe）</translation>
    </message>
    <message>
        <source>hidden behind another micro-batch&apos;s compute where it is shorter: forward and backward of two micro-batches paired layer by layer (Megatron-Core&apos;s overlap_moe_expert_parallel_comm); {alone} of the chunks, the warm-up forwards and cool-down backwards, run alone with theirs exposed</source>
        <translation>在更短时隐藏于另一个微批次的计算之后：两个微批次的前向与反向逐层配对（Megatron-Core 的 overlap_moe_expert_parallel_comm）；{alone} 的块（预热阶段的前向与收尾阶段的反向）单独运行，其 all-to-all 暴露</translation>
    </message>
    <message>
        <source>on the compute stream, not overlapped</source>
        <translation>在计算流上，不重叠</translation>
    </message>
    <message>
        <source>expert state: the weights, gradients and optimizer state of the GPU&apos;s experts, ZeRO over the expert-data-parallel group of {edp} GPUs (tp·cp·dp / (ep·etp), MoE Parallel Folding); the router replicated, attention and shared experts as a dense model&apos;s</source>
        <translation>专家状态：该 GPU 上专家的权重、梯度和优化器状态，ZeRO 在 {edp} 个 GPU 的专家数据并行组上切分（tp·cp·dp / (ep·etp)，MoE Parallel Folding）；路由器复制，注意力和共享专家同稠密模型</translation>
    </message>
    <message>
        <source>PP {pp}: DualPipe (DeepSeek-V3), {m} micro-batches, half each way; each GPU r runs stages r and PP − 1 − r (GPU 0 the first and the last), half the micro-batches through each, so the step follows the busiest pair of stages; bubble (PP/2 − 1)(F&amp;B + B − 3W) with F&amp;B = F + B and W a third of the GEMM time; a micro-batch&apos;s all-to-all and pipeline sends hidden behind its paired chunk, only what outlasts it shown; each GPU keeps both stages&apos; parameters and PP + 1 micro-batches of activations between them</source>
        <translation>PP {pp}：DualPipe（DeepSeek-V3），{m} 个微批次，两个方向各一半；GPU r 运行阶段 r 和 PP − 1 − r（GPU 0 运行第一个和最后一个），每个阶段各跑一半微批次，因此步时间取决于最忙的一对阶段；气泡 (PP/2 − 1)(F&amp;B + B − 3W)，其中 F&amp;B = F + B，W 为 GEMM 时间的三分之一；一个微批次的 all-to-all 和流水线发送隐藏于其配对块之后，只显示超出的部分；每个 GPU 保存两个阶段的参数，以及两者合计 PP + 1 个微批次的激活值</translation>
    </message>
    <message>
        <source>multi-token prediction: {n} module(s) on the last stage, each a block, a 2d → d projection and one more pass of the shared LM head, in the time, the memory and the model FLOPs</source>
        <translation>多 token 预测：最后一个阶段上 {n} 个模块，每个是一个块、一个 2d → d 投影和共享 LM 头的再一次计算，计入时间、显存和模型 FLOPs</translation>
    </message>
    <message>
        <source>recompute module: {value}; allowed: {allowed}</source>
        <extracomment>The module names Megatron-Core&apos;s ``recompute_modules`` takes (its TransformerConfig).</extracomment>
        <translation>重计算模块：{value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>offloaded module: {value}; allowed: {allowed}</source>
        <translation>卸载的模块：{value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>ep-overlap: with a pipeline, Megatron-Core pairs micro-batches only under the interleaved schedule; allowed: pp 1, or vpp 2 or more</source>
        <translation>ep-overlap：有流水线时，Megatron-Core 只在交错调度下配对微批次；允许：pp 1，或 vpp 2 或以上</translation>
    </message>
    <message>
        <source>ep-overlap: full recomputation would run the dispatch again; allowed: recompute none or selective</source>
        <translation>ep-overlap：完整重计算会再次执行分发；允许：recompute none 或 selective</translation>
    </message>
    <message>
        <source>ep-overlap: the moe module recomputed would run the dispatch again; allowed: recompute modules other than moe</source>
        <translation>ep-overlap：重计算 moe 模块会再次执行分发；允许：moe 以外的重计算模块</translation>
    </message>
    <message>
        <source>ep-overlap: DualPipe pairs its chunks itself; allowed: --schedule 1f1b with --ep-overlap</source>
        <translation>ep-overlap：DualPipe 自行配对其块；允许：--ep-overlap 搭配 --schedule 1f1b</translation>
    </message>
    <message>
        <source>pipeline-layout: empty; allowed: stages of E, t, m and L separated by |, e.g. Et|(tt|)*30mL</source>
        <extracomment>The characters of a layout and what each stands for (Megatron-Core&apos;s ``char2layer_type``). Megatron-Core&apos;s unrolling: a parenthesised group times n, then a character times n. The longest layout text read (a 1,000-stage layout written out fits). The most virtual stages a layout may unroll to.</extracomment>
        <translation>pipeline-layout（流水线布局）：为空；允许：由 | 分隔的 E、t、m、L 阶段，例如 Et|(tt|)*30mL</translation>
    </message>
    <message>
        <source>pipeline-layout: {n} characters; allowed: at most {most}</source>
        <translation>pipeline-layout（流水线布局）：{n} 个字符；允许：最多 {most} 个</translation>
    </message>
    <message>
        <source>pipeline-layout: {text} unrolls to more than {most} characters</source>
        <translation>pipeline-layout（流水线布局）：{text} 展开后超过 {most} 个字符</translation>
    </message>
    <message>
        <source>pipeline-layout: {text}: unknown character {chars}; allowed: E (embedding), t (layer), m (MTP module), L (loss), | between stages, (…)*n and x*n to repeat</source>
        <translation>pipeline-layout（流水线布局）：{text}：未知字符 {chars}；允许：E（嵌入层）、t（层）、m（MTP 模块）、L（损失）、阶段之间的 |、用于重复的 (…)*n 和 x*n</translation>
    </message>
    <message>
        <source>pipeline-layout: {n} stages; allowed: at most {most}</source>
        <translation>pipeline-layout（流水线布局）：{n} 个阶段；允许：最多 {most} 个</translation>
    </message>
    <message>
        <source>pipeline-layout: {text}: the embedding E must come first and once</source>
        <translation>pipeline-layout（流水线布局）：{text}：嵌入层 E 必须在最前且只出现一次</translation>
    </message>
    <message>
        <source>pipeline-layout: {text}: the loss L must come last and once</source>
        <translation>pipeline-layout（流水线布局）：{text}：损失 L 必须在最后且只出现一次</translation>
    </message>
    <message>
        <source>pipeline-layout: {text}: MTP modules m must follow every layer t</source>
        <translation>pipeline-layout（流水线布局）：{text}：MTP 模块 m 必须在所有层 t 之后</translation>
    </message>
    <message>
        <source>pipeline-layout: {n} stages, not pp {pp} × vpp {v} = {product}; allowed: pp and vpp whose product is {n}</source>
        <translation>pipeline-layout（流水线布局）：{n} 个阶段，不等于 pp {pp} × vpp {v} = {product}；允许：乘积为 {n} 的 pp 和 vpp</translation>
    </message>
    <message>
        <source>pipeline-layout: {n} layers t, the model has {layers}</source>
        <translation>pipeline-layout（流水线布局）：{n} 个层 t，模型有 {layers} 层</translation>
    </message>
    <message>
        <source>pipeline-layout: {n} MTP modules m, the plan has --mtp {mtp}</source>
        <translation>pipeline-layout（流水线布局）：{n} 个 MTP 模块 m，规划的 --mtp 为 {mtp}</translation>
    </message>
    <message>
        <source>pipeline-layout: {text}: the MTP modules must be in the last stage, with the loss</source>
        <translation>pipeline-layout（流水线布局）：{text}：MTP 模块必须与损失一起位于最后一个阶段</translation>
    </message>
</context>
<context>
    <name>PlanChart</name>
    <message>
        <source>memory per GPU</source>
        <extracomment>What the empty chart says (before the first plan): in the middle, with no tick values, as the Memory tab&apos;s empty timeline does.</extracomment>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <source>tokens/s per GPU</source>
        <translation>每 GPU token/s</translation>
    </message>
    <message>
        <source>Plan to see every layout searched: tokens/s per GPU against memory per GPU</source>
        <translation>规划后可看到搜索过的每个布局：每 GPU token/s 对每 GPU 显存</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>chosen</source>
        <translation>所选</translation>
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
        <translation>模型：规划需要一个 Transformer；允许：预设、transformer:…、layers=…,hidden=…,heads=… 或配置文件</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>the node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Tokens per sequence</source>
        <translation>每个序列的 token 数</translation>
    </message>
    <message>
        <source>Sequences (or tokens, see the unit) per optimizer step</source>
        <translation>每个优化器步的序列数（或 token 数，见单位）</translation>
    </message>
    <message>
        <source>Tokens the whole run trains on (15T); empty: no days and GPU-hours</source>
        <translation>整个训练的 token 数（15T）；留空：不算天数和 GPU 时</translation>
    </message>
    <message>
        <source>GPUs of the run (1,024 and 1k work)</source>
        <translation>训练用的 GPU 数（1,024 和 1k 都可以）</translation>
    </message>
    <message>
        <source>GPUs in one node, on the intra-node link</source>
        <translation>一个节点内、共享节点内互连的 GPU 数</translation>
    </message>
    <message>
        <source>GPUs on one NVLink fabric, whole nodes (GB200 NVL72: 72 with 4 GPUs per node): parallel groups inside it ride NVLink, groups across domains the network; empty: the device&apos;s (72 on an NVL72, else the node)</source>
        <translation>同一 NVLink 互连上的 GPU 数，须为整数个节点（GB200 NVL72：72，每节点 4 个 GPU）：域内的并行组走 NVLink，跨域的组走网络；留空：取设备自身的值（NVL72 为 72，否则为节点）</translation>
    </message>
    <message>
        <source>Intra-node link (NVLink) bandwidth per GPU in GB/s, one way (450 GB/s, 450G or 450e9); prefilled from the device database</source>
        <translation>每 GPU 节点内链路（NVLink）单向带宽，单位 GB/s（450 GB/s、450G 或 450e9）；默认取自设备数据库</translation>
    </message>
    <message>
        <source>Network bandwidth per GPU between nodes in GB/s, one way (50 GB/s, 50G or 50e9); prefilled from the device database</source>
        <translation>每 GPU 节点间网络单向带宽，单位 GB/s（50 GB/s、50G 或 50e9）；默认取自设备数据库</translation>
    </message>
    <message>
        <source>Storage bandwidth the job writes its checkpoints at, all ranks together, in GB/s (200 GB/s, 200G or 2e11); empty: this job&apos;s GPUs&apos; share of Llama 3&apos;s 2 TB/s for 16,384 GPUs (Llama Team 2024, arXiv:2407.21783, §3.3.1)</source>
        <translation>作业写检查点的存储带宽，所有 rank 合计，单位 GB/s（200 GB/s、200G 或 2e11）；留空：按本作业的 GPU 数分摊 Llama 3 的 2 TB/s（16,384 个 GPU 共用；Llama Team 2024，arXiv:2407.21783，§3.3.1）</translation>
    </message>
    <message>
        <source>Interruptions per GPU-day (4.7e-4); 0: a run that never fails, so never saves; empty: Llama 3&apos;s 419 unexpected interruptions in 54 days on 16,384 H100 (Llama Team 2024, arXiv:2407.21783, Table 5)</source>
        <translation>每 GPU·天的中断次数（4.7e-4）；0：从不故障，因而从不保存；留空：Llama 3 在 16,384 个 H100 上 54 天内的 419 次意外中断（Llama Team 2024，arXiv:2407.21783，表 5）</translation>
    </message>
    <message>
        <source>Tensor-parallel GPUs; empty: searched</source>
        <translation>张量并行的 GPU 数；留空：搜索</translation>
    </message>
    <message>
        <source>Pipeline stages; empty: searched</source>
        <translation>流水线阶段数；留空：搜索</translation>
    </message>
    <message>
        <source>Chunks per GPU (interleaved pipeline schedule); empty: searched</source>
        <translation>每 GPU 的块数（交错流水线调度）；留空：搜索</translation>
    </message>
    <message>
        <source>Context-parallel GPUs; empty: searched</source>
        <translation>上下文并行的 GPU 数；留空：搜索</translation>
    </message>
    <message>
        <source>Sequences per micro-batch; empty: searched</source>
        <translation>每个微批次的序列数；留空：搜索</translation>
    </message>
    <message>
        <source>A preset, transformer:d=..,layers=..,heads=.., dimensions layers=L,hidden=H,heads=A[,kv_heads=K,ffn=F,vocab=V,act=gelu|swiglu,norm=layer|rms], a Hugging Face Hub id org/name (its config.json from the local cache) or a Hugging Face config.json (Config file…)</source>
        <translation>预设、transformer:d=..,layers=..,heads=..、维度 layers=L,hidden=H,heads=A[,kv_heads=K,ffn=F,vocab=V,act=gelu|swiglu,norm=layer|rms]、Hugging Face Hub 模型 id org/name（从本地缓存读取其 config.json）或 Hugging Face 的 config.json（配置文件…）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>序列长度</translation>
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
        <translation>全局批量计数的单位</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批量</translation>
    </message>
    <message>
        <source>Tokens to train</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Recipe</source>
        <translation>配方</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>{rate} (Llama 3)</source>
        <translation>{rate}（Llama 3）</translation>
    </message>
    <message>
        <source>Expert-parallel GPUs (a mixture of experts: each holds experts/EP of the routed experts); empty: searched</source>
        <translation>专家并行的 GPU 数（混合专家：每个 GPU 持有路由专家的 1/EP）；留空：搜索</translation>
    </message>
    <message>
        <source>Expert tensor-parallel GPUs (each expert&apos;s weights split over them; 1 or TP); empty: searched</source>
        <translation>专家张量并行的 GPU 数（每个专家的权重在其上切分；1 或 TP）；留空：搜索</translation>
    </message>
    <message>
        <source>Multi-token-prediction modules (DeepSeek-V3 report, arXiv:2412.19437, §2.2: depth 1): each one more transformer block, a 2d→d projection and one more LM-head pass, on the last pipeline stage; empty: 0 (0 to 16)</source>
        <translation>多 token 预测模块（DeepSeek-V3 技术报告，arXiv:2412.19437，§2.2：深度 1）：每个模块多一个 transformer 块、一个 2d→d 投影和一次 LM head 计算，放在最后一个流水线阶段；留空：0（0 到 16）</translation>
    </message>
    <message>
        <source>Expert capacity factor C (Switch Transformer, Fedus et al. 2021, arXiv:2101.03961): each expert&apos;s rows capped at C × tokens·top_k/experts, the rest dropped; empty: dropless (0.01 to 1000; a mixture-of-experts model only)</source>
        <translation>专家容量因子 C（Switch Transformer，Fedus 等 2021，arXiv:2101.03961）：每个专家的行数上限为 C × tokens·top_k/experts，超出的 token 被丢弃；留空：不丢弃（0.01 到 1000；仅限混合专家模型）</translation>
    </message>
    <message>
        <source>Node-limited routing: each token sent to at most M nodes (DeepSeek-V3 report, arXiv:2412.19437, §2.1.2: M = 4), so its network bytes stop growing with top-k; empty: no limit (a mixture-of-experts model)</source>
        <translation>节点受限路由：每个 token 最多发往 M 个节点（DeepSeek-V3 技术报告，arXiv:2412.19437，§2.1.2：M = 4），其网络字节数不再随 top-k 增长；留空：不限（混合专家模型）</translation>
    </message>
    <message>
        <source>Which layers each pipeline stage holds, in Megatron-Core&apos;s notation (--pipeline-model-parallel-layout): stages separated by |, E the embedding, t a layer, m an MTP module, L the loss, (…)*n to repeat; &apos;Et|(tt|)*30mL&apos; is DeepSeek-V3&apos;s on PP 8 × VPP 4. Virtual stage i runs on GPU i mod PP, so the stages must number PP × VPP. Empty: the plan&apos;s own split</source>
        <translation>每个流水线阶段放哪些层，用 Megatron-Core 的写法（--pipeline-model-parallel-layout）：阶段之间用 | 分隔，E 为嵌入层，t 为一层，m 为 MTP 模块，L 为损失，(…)*n 表示重复；&apos;Et|(tt|)*30mL&apos; 是 DeepSeek-V3 在 PP 8 × VPP 4 上的布局。虚拟阶段 i 运行在 GPU i mod PP 上，所以阶段数必须等于 PP × VPP。留空：用规划自己的划分</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Failure rate</source>
        <translation>故障率</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>NVLink domain</source>
        <translation>NVLink 域</translation>
    </message>
    <message>
        <source>Intra-node link</source>
        <translation>节点内互连</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Reset links</source>
        <translation>重置互连</translation>
    </message>
    <message>
        <source>Take both links from the device database again</source>
        <translation>重新从设备数据库取两种互连的值</translation>
    </message>
    <message>
        <source>Achievable fractions…</source>
        <translation>可达到的比例…</translation>
    </message>
    <message>
        <source>See and edit what the plan assumes the device achieves: GEMM, attention and memory efficiencies, bus bandwidth per link, kernel launch, each with its source</source>
        <translation>查看并编辑规划假设设备能达到的水平：GEMM、注意力和内存效率，每种互连的总线带宽，核函数启动开销，每项都附来源</translation>
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
        <translation>v（块数）</translation>
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
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Sequence parallelism (with TP above 1); auto: searched</source>
        <translation>序列并行（TP 大于 1 时）；自动：搜索</translation>
    </message>
    <message>
        <source>ZeRO stage over the data-parallel GPUs; auto: searched</source>
        <translation>数据并行 GPU 上的 ZeRO 阶段；自动：搜索</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>Activation recomputation: none, selective (the attention core, Korthikanti et al. 2022; under torchtitan its policy by op: every second GEMM output kept) or full (every layer); auto: searched</source>
        <translation>激活重计算：无、选择性（注意力核心，Korthikanti 等 2022；在 torchtitan 下为其逐算子策略：保留每隔一个 GEMM 的输出）或完全（每一层）；自动：搜索</translation>
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
        <translation>流水线调度：1F1B（Megatron 的；v 大于 1 时为交错调度）或 DualPipe（DeepSeek-V3 技术报告，arXiv:2412.19437，§3.2.1）：微批次从两端同时送入，气泡 (PP/2−1)(F&amp;B+B−3W)，专家 all-to-all 和流水线发送隐藏在配对的块之后，参数 2 倍，保留 PP+1 个微批次的激活值</translation>
    </message>
    <message>
        <source>CF</source>
        <translation>CF</translation>
    </message>
    <message>
        <source>dropless</source>
        <translation>不丢弃</translation>
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
        <translation>混合专家的 token 分发器：Megatron 的 all-to-all，或 DeepEP（DeepSeek-V3 技术报告，arXiv:2412.19437，§3.2.2；github.com/deepseek-ai/DeepEP）：FP8 分发，每个 token 对每个目标节点只跨网络一次，再走 NVLink</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Dispatcher</source>
        <translation>分发器</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>MTP</source>
        <translation>MTP</translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>The training code: its pipeline engine (DeepSpeed&apos;s has no interleaved schedule and reduces the gradients after the flush), how it buckets the gradient reduction and when that overlaps, FSDP&apos;s one-layer-ahead prefetch and reduce dtype, and what TP overlap decomposes (Transformer Engine or AsyncTP). Picking one sets the controls below to what it runs by default; change them after</source>
        <translation>训练代码：其流水线引擎（DeepSpeed 的没有交错调度，并在排空后归约梯度）、梯度归约如何分桶以及何时重叠、FSDP 提前一层的预取与归约数据类型，以及 TP 重叠分解什么（Transformer Engine 或 AsyncTP）。选择一个会把下面的控件设为它的默认运行方式；之后可再修改</translation>
    </message>
    <message>
        <source>Framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>fused — between two GEMMs</source>
        <translation>融合 — 两个 GEMM 之间</translation>
    </message>
    <message>
        <source>eager — one kernel per op</source>
        <translation>逐算子 — 每个算子一个核函数</translation>
    </message>
    <message>
        <source>How the memory-bound ops (norms, activation functions, residual adds) run: fused into one kernel between two GEMMs (Megatron-Core, Transformer Engine, torch.compile) or each its own kernel (eager PyTorch: torchtitan, Hugging Face)</source>
        <translation>内存受限算子（归一化、激活函数、残差加）如何运行：两个 GEMM 之间融合成一个核函数（Megatron-Core、Transformer Engine、torch.compile），或各自一个核函数（逐算子执行的 PyTorch：torchtitan、Hugging Face）</translation>
    </message>
    <message>
        <source>flash — the device&apos;s fastest kernel</source>
        <translation>flash — 该设备最快的核函数</translation>
    </message>
    <message>
        <source>unfused — no flash attention</source>
        <translation>未融合 — 不用 flash attention</translation>
    </message>
    <message>
        <source>The attention kernel, timed from its published benchmark at the run&apos;s sequence length; unfused: QKᵀ and P·V as batched GEMMs that keep the s² probabilities</source>
        <translation>注意力核函数，按其公开基准在本次序列长度下计时；未融合：QKᵀ 和 P·V 为批量 GEMM，保留 s² 的概率</translation>
    </message>
    <message>
        <source>fp32 — PyTorch on an fp32 copy of the logits</source>
        <translation>fp32 — PyTorch 在 logits 的 fp32 副本上计算</translation>
    </message>
    <message>
        <source>fp32 in place — Megatron</source>
        <translation>fp32 原地 — Megatron</translation>
    </message>
    <message>
        <source>native — a kernel on the logits&apos; own dtype</source>
        <translation>原生 — 按 logits 自身数据类型的核函数</translation>
    </message>
    <message>
        <source>What the loss keeps per logit: PyTorch&apos;s cross-entropy on an fp32 copy keeps 4 bytes and its backward allocates 8 (Hugging Face, torchtitan); Megatron&apos;s keeps its fp32 softmax in place (4) and allocates the gradient in bf16 (2); a kernel on the logits&apos; own dtype (flash-attention&apos;s, llm-foundry&apos;s) keeps 2 and allocates 2</source>
        <translation>损失为每个 logit 保留多少：PyTorch 在 fp32 副本上的交叉熵保留 4 字节，其反向再分配 8 字节（Hugging Face、torchtitan）；Megatron 的原地保留 fp32 softmax（4），梯度以 bf16 分配（2）；按 logits 自身数据类型的核函数（flash-attention、llm-foundry）保留 2，分配 2</translation>
    </message>
    <message>
        <source>The layers&apos; GEMMs below BF16, as Transformer Engine runs them: FP8 with delayed or current per-tensor scaling (Hopper and later), MXFP8 and NVFP4 (Blackwell), FP8 with DeepSeek-V3&apos;s 1×128 and 128×128 block scales (Hopper at its measured rate, Blackwell); counts the quantization kernels, scale bookkeeping and quantized weight copies; attention, norms, the embedding and the LM head stay BF16</source>
        <translation>各层 GEMM 以低于 BF16 的精度运行，按 Transformer Engine 的方式：FP8 延迟或当前逐张量缩放（Hopper 及以后），MXFP8 与 NVFP4（Blackwell），以及 DeepSeek-V3 的 1×128 与 128×128 分块缩放 FP8（Hopper 按实测速率，Blackwell）；计入量化内核、缩放因子记账与量化权重副本；注意力、归一化、嵌入层和 LM 头保持 BF16</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>核函数</translation>
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
        <translation>DP — 梯度归约</translation>
    </message>
    <message>
        <source>DP + TP — and TP behind the GEMMs</source>
        <translation>DP + TP — 另把 TP 藏在 GEMM 后面</translation>
    </message>
    <message>
        <source>What communication runs beside compute: the data-parallel gradient reduction (and ZeRO&apos;s gathers) beside backward and the next forward; with TP, also the TP collectives behind the GEMMs that make or use them (Transformer Engine&apos;s userbuffers, --tp-comm-overlap); none: both exposed, the reduction after the pipeline flush</source>
        <translation>哪些通信与计算并行：数据并行的梯度归约（以及 ZeRO 的收集）与反向和下一次前向并行；加 TP 时，TP 集合通信也藏在产生或使用它们的 GEMM 后面（Transformer Engine 的 userbuffers，--tp-comm-overlap）；无：两者都暴露，归约在流水线排空之后</translation>
    </message>
    <message>
        <source>Overlap</source>
        <translation>重叠</translation>
    </message>
    <message>
        <source>Fused loss kernel</source>
        <translation>融合的损失核函数</translation>
    </message>
    <message>
        <source>The LM head&apos;s softmax and cross-entropy as one kernel; off: separate kernels over the logits</source>
        <translation>输出头的 softmax 和交叉熵作为一个核函数；关闭：在 logits 上分别运行多个核函数</translation>
    </message>
    <message>
        <source>Fused SwiGLU</source>
        <translation>融合的 SwiGLU</translation>
    </message>
    <message>
        <source>A gated MLP&apos;s activation as one kernel that keeps only its input (Megatron-Core, Transformer Engine): 3 ffn-wide tensors kept instead of 4</source>
        <translation>门控 MLP 的激活作为一个只保留输入的核函数（Megatron-Core、Transformer Engine）：保留 3 个 ffn 宽的张量而不是 4 个</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Attention and residual dropout (their masks are kept)</source>
        <translation>注意力和残差 dropout（保留其掩码）</translation>
    </message>
    <message>
        <source>Uneven first and last stages</source>
        <translation>首末两级可少分层</translation>
    </message>
    <message>
        <source>Pipeline stages need not hold equal layers: the first and the last take fewer (Megatron-Core&apos;s first/last pipeline layers), so a model whose layers few stage counts divide can still be pipelined (DeepSeek-V3&apos;s 61, Qwen3-235B&apos;s 94, Llama 3 405B&apos;s 126 on 16 stages). The search tries many more layouts and takes longer</source>
        <translation>流水线各级不必分到相同层数：首末两级少分几层（Megatron-Core 的首/末级流水线层数），因此层数难以整除的模型也能做流水线并行（DeepSeek-V3 的 61 层、Qwen3-235B 的 94 层、Llama 3 405B 的 126 层分到 16 级）。搜索会尝试多得多的布局，耗时更长</translation>
    </message>
    <message>
        <source>EP overlap</source>
        <translation>EP 重叠</translation>
    </message>
    <message>
        <source>A mixture of experts&apos; all-to-all hidden behind another micro-batch&apos;s compute: Megatron-Core pairs the forward of one micro-batch with the backward of another, layer by layer (overlap_moe_expert_parallel_comm). Needs EP above 1, PP 1 or the interleaved schedule, and no full recomputation</source>
        <translation>混合专家的 all-to-all 隐藏于另一个微批次的计算之后：Megatron-Core 把一个微批次的前向与另一个微批次的反向逐层配对（overlap_moe_expert_parallel_comm）。需要 EP 大于 1、PP 为 1 或交错调度，且不做完整重计算</translation>
    </message>
    <message>
        <source>layout, e.g. Et|(tt|)*30mL</source>
        <translation>布局，例如 Et|(tt|)*30mL</translation>
    </message>
    <message>
        <source>FP8 attention</source>
        <translation>FP8 注意力</translation>
    </message>
    <message>
        <source>Attention&apos;s inputs quantized to the recipe&apos;s FP8 format and run by cuDNN&apos;s FP8 kernels (Megatron-Bridge&apos;s fp8_dot_product_attention), at cuDNN&apos;s measured FP8/BF16 time on GB200 and GB300. Needs an FP8 precision</source>
        <translation>注意力的输入量化为配方的 FP8 格式，由 cuDNN 的 FP8 核函数运行（Megatron-Bridge 的 fp8_dot_product_attention），时间按 cuDNN 在 GB200 和 GB300 上实测的 FP8/BF16 之比计。需要 FP8 精度</translation>
    </message>
    <message>
        <source>Fused grouped MLP</source>
        <translation>融合的分组 MLP</translation>
    </message>
    <message>
        <source>Transformer Engine&apos;s fused grouped MLP for the experts: the activation, the routing weights and the quantization run inside the grouped GEMMs&apos; epilogues (Megatron-Bridge&apos;s cutedsl_fused_grouped_mlp). Needs MXFP8 or NVFP4</source>
        <translation>Transformer Engine 为专家提供的融合分组 MLP：激活函数、路由权重与量化在分组 GEMM 的收尾阶段（epilogue）中完成（Megatron-Bridge 的 cutedsl_fused_grouped_mlp）。需要 MXFP8 或 NVFP4</translation>
    </message>
    <message>
        <source>Recipe settings</source>
        <translation>配方设置</translation>
    </message>
    <message>
        <source>on: {names}</source>
        <translation>已开启：{names}</translation>
    </message>
    <message>
        <source>none on</source>
        <translation>均未开启</translation>
    </message>
    <message>
        <source>The recipe&apos;s own settings ({state}): FP8 attention with an FP8 precision, the fused grouped MLP with MXFP8 or NVFP4</source>
        <translation>配方自身的设置（{state}）：FP8 注意力需 FP8 精度，融合的分组 MLP 需 MXFP8 或 NVFP4</translation>
    </message>
    <message>
        <source>the device&apos;s: {domain}</source>
        <translation>设备自身：{domain}</translation>
    </message>
    <message>
        <source>Device: {device} (the toolbar&apos;s)</source>
        <translation>设备：{device}（工具栏中的）</translation>
    </message>
    <message>
        <source>not in the database</source>
        <translation>数据库中没有</translation>
    </message>
    <message>
        <source>{bw} (Llama 3)</source>
        <translation>{bw}（Llama 3）</translation>
    </message>
    <message>
        <source>plan: {key} must be text, got {kind}</source>
        <translation>plan：{key} 必须是文本，得到的是 {kind}</translation>
    </message>
    <message>
        <source>plan: {problem}</source>
        <translation>plan：{problem}</translation>
    </message>
    <message>
        <source>plan: {key} must be true or false, got {value}</source>
        <translation>plan：{key} 必须是 true 或 false，得到的是 {value}</translation>
    </message>
</context>
<context>
    <name>PlanNames</name>
    <message>
        <source>compute</source>
        <extracomment>Category -&gt; index into the theme&apos;s series (fixed: a category never changes colour). Weights, gradients, optimizer state and activations take the Memory tab&apos;s colours.</extracomment>
        <translation>计算</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>TP comm.</source>
        <translation>TP 通信</translation>
    </message>
    <message>
        <source>CP comm.</source>
        <translation>CP 通信</translation>
    </message>
    <message>
        <source>PP sends</source>
        <translation>PP 发送</translation>
    </message>
    <message>
        <source>all-to-all (EP)</source>
        <translation>all-to-all（EP）</translation>
    </message>
    <message>
        <source>bubble</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>DP comm.</source>
        <translation>DP 通信</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>grads</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>expert state</source>
        <translation>专家状态</translation>
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
        <source>allowance</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>one stage</source>
        <translation>唯一阶段</translation>
    </message>
    <message>
        <source>first stage</source>
        <translation>第一阶段</translation>
    </message>
    <message>
        <source>middle stage</source>
        <translation>中间阶段</translation>
    </message>
    <message>
        <source>last stage</source>
        <translation>最后阶段</translation>
    </message>
    <message>
        <source>first and last stages</source>
        <translation>第一和最后阶段</translation>
    </message>
    <message>
        <source>start of backward</source>
        <translation>反向开始</translation>
    </message>
    <message>
        <source>top layer&apos;s backward</source>
        <translation>顶层的反向</translation>
    </message>
    <message>
        <source>end of backward</source>
        <translation>反向结束</translation>
    </message>
    <message>
        <source>bottom segment&apos;s recompute</source>
        <translation>底部分段的重计算</translation>
    </message>
</context>
<context>
    <name>PlanPublished</name>
    <message>
        <source>Check</source>
        <extracomment>Columns from most to least important (the rest hide when narrow).</extracomment>
        <translation>核对</translation>
    </message>
    <message>
        <source>Plan each published training run the plan is checked against, as its source ran it, with this device&apos;s calibration as it stands, and compare with its published throughput</source>
        <translation>按来源的实际做法规划每个用来检验规划的已发表训练（使用本设备当前的校准值），并与其公布的吞吐量比较</translation>
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
        <translation>把核对过的训练及其误差导出为 CSV</translation>
    </message>
    <message>
        <source>All devices</source>
        <translation>所有设备</translation>
    </message>
    <message>
        <source>Every published run, not only the toolbar device&apos;s</source>
        <translation>所有已发表的训练，不只工具栏所选设备上的</translation>
    </message>
    <message>
        <source>all devices</source>
        <translation>所有设备</translation>
    </message>
    <message>
        <source>No published run used {device} yet: tick “All devices” to see how the plan did on the devices that have runs.</source>
        <translation>还没有已发表的训练用过 {device}：勾选“所有设备”，看看规划在有记录的设备上表现如何。</translation>
    </message>
    <message>
        <source>Check to see how close the plan came to the published runs on {scope}: each run planned as it ran, beside the throughput its authors reported.</source>
        <translation>点“核对”，看看规划离 {scope} 上已发表的训练有多近：每个训练按其实际做法规划，与作者公布的吞吐量并列。</translation>
    </message>
    <message>
        <source>{summary}
Shown for an earlier device or calibration: check again for {scope}.</source>
        <translation>{summary}
这是之前的设备或校准值的结果：请为 {scope} 重新核对。</translation>
    </message>
    <message>
        <source>Planning the published runs…</source>
        <translation>正在规划已发表的训练…</translation>
    </message>
    <message>
        <source>Cancelled; the runs shown before are kept.</source>
        <translation>已取消；保留之前显示的训练。</translation>
    </message>
    <message>
        <source>{scope}: {runs} published runs, MAPE {mape} (median {median}), {within} within ±20 %, signed mean {signed} (+: the plan is optimistic); hover for each source.</source>
        <translation>{scope}：{runs} 个已发表的训练，MAPE {mape}（中位数 {median}），{within} 个在 ±20 % 以内，带符号均值 {signed}（+：规划偏乐观）；悬停查看各来源。</translation>
    </message>
    <message>
        <source>{source}: {runs} runs, MAPE {mape}, signed {signed}</source>
        <translation>{source}：{runs} 个训练，MAPE {mape}，带符号 {signed}</translation>
    </message>
    <message>
        <source>Export the runs checked</source>
        <translation>导出核对过的训练</translation>
    </message>
    <message>
        <source>{summary}
Runs written to {path}</source>
        <translation>{summary}
训练已写入 {path}</translation>
    </message>
    <message>
        <source>Run</source>
        <extracomment>Column keys, in order. An error beyond this is drawn in the warning colour (the published-runs test&apos;s band).</extracomment>
        <translation>训练</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Published tokens/s</source>
        <translation>公布的 token/s</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>Layout planned</source>
        <translation>规划的布局</translation>
    </message>
    <message>
        <source>{source}
{url}
Layout planned: {layout}, limited by {limits}
Published figure: {how}
Double-click to open the source.</source>
        <translation>{source}
{url}
规划的布局：{layout}，瓶颈：{limits}
公布的数值：{how}
双击打开来源。</translation>
    </message>
    <message>
        <source> (tight: the allocator reserve does not fit)</source>
        <translation>（偏紧：放不下分配器预留）</translation>
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
        <translation>规划</translation>
    </message>
    <message>
        <source>Search every layout the fixed dimensions leave open, in the background: one layer is traced once, then each layout is planned from it</source>
        <translation>在后台搜索固定维度之外的所有布局：只追踪一层一次，再据此规划每个布局</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Not planned yet</source>
        <translation>尚未规划</translation>
    </message>
    <message>
        <source>Pin as A</source>
        <translation>固定为 A</translation>
    </message>
    <message>
        <source>Keep these candidates on the chart as plan A; change the cluster (device, GPUs) to overlay another</source>
        <translation>把这些候选布局作为方案 A 留在图上；更改集群（设备、GPU 数）即可叠加另一组</translation>
    </message>
    <message>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <source>Export the candidates as CSV</source>
        <translation>把候选布局导出为 CSV</translation>
    </message>
    <message>
        <source>Open in Step</source>
        <translation>在训练步中打开</translation>
    </message>
    <message>
        <source>Trace the layer the plan traced (one layer of the model&apos;s width, one micro-batch) op by op in the Step tab</source>
        <translation>在训练步页逐个操作追踪规划所追踪的那一层（模型宽度的一层，一个微批次）</translation>
    </message>
    <message>
        <source>Use in Napkin</source>
        <translation>用于心算</translation>
    </message>
    <message>
        <source>Put the chosen layout&apos;s speed into the Napkin tab&apos;s training-time card: the parameters, tokens and GPUs, and the MFU restated in the card&apos;s 6·N·D convention (no attention FLOPs), so the card gives the plan&apos;s days</source>
        <translation>把所选布局的速度填入心算页的训练时间卡片：参数量、token 数和 GPU 数，以及按卡片的 6·N·D 口径（不计注意力的 FLOPs）换算的 MFU，这样卡片给出的天数与规划一致</translation>
    </message>
    <message>
        <source>Plan a training run</source>
        <translation>规划一次训练</translation>
    </message>
    <message>
        <source>Plan to see the fastest layouts that fit</source>
        <translation>规划后可看到放得下的最快布局</translation>
    </message>
    <message>
        <source>Show layouts that do not fit</source>
        <translation>显示放不下的布局</translation>
    </message>
    <message>
        <source>Greyed, each with what it would need (memory against capacity)</source>
        <translation>以灰色显示，并注明各自需要多少（显存与容量对比）</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Ranked layouts</source>
        <translation>布局排名</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>Published runs</source>
        <translation>已发表的训练</translation>
    </message>
    <message>
        <source>How close the plan came to published training runs on this device, run by run</source>
        <translation>规划离本设备上已发表的训练有多近，逐个列出</translation>
    </message>
    <message>
        <source>Inputs changed: Plan again to update the layouts</source>
        <translation>输入已更改：再次规划以更新布局</translation>
    </message>
    <message>
        <source>Not planned: see the message above</source>
        <translation>未规划：见上方的提示</translation>
    </message>
    <message>
        <source>Planning {model} on {cluster}…</source>
        <translation>正在规划 {cluster} 上的 {model}…</translation>
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
        <translation>{n} 个布局中 {fit} 个放得下</translation>
    </message>
    <message>
        <source>None of the {n} layouts fits: more GPUs, recomputation or a larger device would help; the closest are listed greyed</source>
        <translation>{n} 个布局都放不下：更多 GPU、重计算或更大的设备会有帮助；最接近的以灰色列出</translation>
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
        <translation>{fit} 个放得下，{unfit} 个放不下</translation>
    </message>
    <message>
        <source>Not tried: {change} ({reason})</source>
        <translation>未尝试：{change}（{reason}）</translation>
    </message>
    <message>
        <source>Pinned {cluster} as A: change the device or the GPUs to compare</source>
        <translation>已把 {cluster} 固定为 A：更改设备或 GPU 数即可比较</translation>
    </message>
    <message>
        <source>Export candidates</source>
        <translation>导出候选布局</translation>
    </message>
    <message>
        <source>Candidates written to {path}</source>
        <translation>候选布局已写入 {path}</translation>
    </message>
    <message>
        <source>{gpus} GPUs</source>
        <translation>{gpus} 个 GPU</translation>
    </message>
    <message>
        <source>dashed: capacity {capacity}</source>
        <translation>虚线：容量 {capacity}</translation>
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
        <translation>步时间 {step}，每步微批次数：{m}</translation>
    </message>
    <message>
        <source>Memory per GPU {peak} of {capacity} ({stage}, {moment})</source>
        <translation>每 GPU 显存 {peak} / {capacity}（{stage}，{moment}）</translation>
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
        <translation>规划后可看到天数和 GPU 时</translation>
    </message>
    <message>
        <source>Give the tokens to see the days and GPU-hours</source>
        <translation>填入 token 数可看到天数和 GPU 时</translation>
    </message>
    <message>
        <source>{days}, {hours} GPU-hours</source>
        <translation>{days}，{hours} GPU 时</translation>
    </message>
    <message>
        <source>{kept} kept: the {top} fastest that fit</source>
        <translation>保留 {kept} 个：放得下的最快 {top} 个</translation>
    </message>
    <message>
        <source>, and the {n} fastest without recomputation</source>
        <translation>，以及不重算的最快 {n} 个</translation>
    </message>
    <message>
        <source>, and the {n} fastest with full recomputation</source>
        <translation>，以及完全重算的最快 {n} 个</translation>
    </message>
    <message>
        <source>, and the {n} fastest with selective recomputation</source>
        <translation>，以及选择性重算的最快 {n} 个</translation>
    </message>
    <message>
        <source>{searched}; {kept}</source>
        <translation>{searched}；{kept}</translation>
    </message>
    <message>
        <source>Layout {rank} of {count} kept: {layout}</source>
        <translation>保留的 {count} 个布局中的第 {rank} 个：{layout}</translation>
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
        <translation>  ·  {tokens} token 需 {hours} GPU 时</translation>
    </message>
    <message>
        <source>It does not fit ({why}); the change that helps most: {change}.</source>
        <translation>放不下（{why}）；最有帮助的改动：{change}。</translation>
    </message>
    <message>
        <source>It does not fit ({why}).</source>
        <translation>放不下（{why}）。</translation>
    </message>
    <message>
        <source>Limited by {limits}; the change that helps most: {change}.</source>
        <translation>瓶颈：{limits}；最有帮助的改动：{change}。</translation>
    </message>
    <message>
        <source>Limited by {limits}; no single change makes it faster and still fits.</source>
        <translation>瓶颈：{limits}；没有哪一项单独的改动能让它更快且仍放得下。</translation>
    </message>
    <message>
        <source>Sent to Step: one {width}-wide layer and one micro-batch on one GPU, unsharded (no TP, PP, CP or DP, no communication, no bubble, no embedding or LM head). Its MFU is that layer&apos;s own, in the Step tab&apos;s convention, so it differs from the plan&apos;s {mfu}.</source>
        <translation>已送到训练步页：一个宽 {width} 的层、一个微批次，在一张 GPU 上、不切分（没有 TP、PP、CP 或 DP，没有通信，没有气泡，没有嵌入层和 LM head）。它的 MFU 只是这一层自己的，按训练步页的口径计算，所以与规划的 {mfu} 不同。</translation>
    </message>
    <message>
        <source>data path tokens/s</source>
        <translation>数据通路 token/s</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>Tokens per second one node&apos;s data loader delivers. Empty: the last napkinlab bench --suite data run saved to the app&apos;s data_path.jsonl, else not measured.</source>
        <translation>一个节点的数据加载器每秒供给的 token 数。留空：取最近一次保存到应用 data_path.jsonl 的 napkinlab bench --suite data 结果，否则为未测量。</translation>
    </message>
</context>
<context>
    <name>PlanTable</name>
    <message>
        <source>Layout</source>
        <extracomment>Column keys, in order.</extracomment>
        <translation>布局</translation>
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
        <translation>显存 / GPU</translation>
    </message>
    <message>
        <source>Limited by</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>{summary}
Limited by {limits}</source>
        <translation>{summary}
瓶颈：{limits}</translation>
    </message>
    <message>
        <source>{used} / {capacity}</source>
        <translation>{used} / {capacity}</translation>
    </message>
</context>
</TS>
