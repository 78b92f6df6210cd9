<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Step</name>
    <message>
        <source>Data parallel over {gpus} GPUs ({nodes} node(s), {per_node} GPUs per node): one ring all-reduce of the gradients per step, each GPU sends 2(n-1)/n × {size} over {link}; not overlapped with compute (DDP hides part of it behind backward, so this is the upper end)</source>
        <extracomment>The kind name of the communication row (next to ``matmul``, ``pointwise``…). GPUs per node assumed when the GPUs span nodes (an HGX/DGX node). The largest data-parallel world size accepted.</extracomment>
        <translation>数据并行，{gpus} 个 GPU（{nodes} 个节点，每节点 {per_node} 个 GPU）：每步对梯度做一次环形 all-reduce，每个 GPU 经{link}发送 2(n-1)/n × {size}；不与计算重叠（DDP 会把一部分藏在反向传播之后，所以这是上限）</translation>
    </message>
    <message>
        <source>GPUs: {value} is not a GPU count; allowed: a whole number from 1 to {high}</source>
        <translation>GPU 数：{value} 不是 GPU 数量；允许：1 到 {high} 的整数</translation>
    </message>
    <message>
        <source>GPUs: {value} do not fill whole nodes of {per_node}; allowed: up to {per_node} or a multiple of {per_node}</source>
        <translation>GPU 数：{value} 填不满每个 {per_node} 个 GPU 的整节点；允许：不超过 {per_node}，或 {per_node} 的倍数</translation>
    </message>
    <message>
        <source>the network between nodes</source>
        <translation>节点间网络</translation>
    </message>
    <message>
        <source>the intra-node link</source>
        <translation>节点内互联</translation>
    </message>
    <message>
        <source>{link} at {rate} GB/s per GPU each way</source>
        <translation>{link}（每个 GPU 单向 {rate} GB/s）</translation>
    </message>
    <message>
        <source>config: {where} lacks the field {key} (needed for {family}); required: {required}</source>
        <extracomment>The mixture-of-experts families of :data:`FAMILIES`: read into a spec (counts, memory, plans); a step trace builds them with transformers (:func:`core.step.hf_build.needs_transformers`). The keys a config.json names its model by, first found first: transformers&apos; own ``_name_or_path`` (written by ``save_pretrained``), its ``name_or_path`` spelling, and the ``model_name`` some exporters write. Keys that change nothing the count, the trace or the time sees: token ids, bookkeeping, the numerics of norms and rotary embeddings, output switches. Keys of an MoE that change how experts are picked or weighed, or add a loss term, never a parameter: the router&apos;s numerics, its auxiliary losses and a deployment hint (``ep_size``). What each family models (beyond :data:`_HARMLESS`); anything else is refused. Keys whose only value the reader builds (a key outside these values is refused by name).</extracomment>
        <translation>配置：{where} 缺少字段 {key}（{family} 需要）；必需：{required}</translation>
    </message>
    <message>
        <source>config: {where}: {key} = {value} is not modelled for {family}; allowed: {allowed}</source>
        <translation>配置：{where}：{key} = {value} 在 {family} 中未建模；允许：{allowed}</translation>
    </message>
    <message>
        <source>config: {where}: the key {key} is not modelled for {family} (it may change the model; remove it to count the model without it); understood: {keys}</source>
        <translation>配置：{where}：键 {key} 在 {family} 中未建模（它可能改变模型；删除它即可按不含它的模型计算）；可识别的键：{keys}</translation>
    </message>
    <message>
        <source>config: dropout {values} is not traced (the step runs without dropout; the Memory tab&apos;s Dropout switch counts its masks)</source>
        <translation>配置：dropout {values} 不参与追踪（单步按无 dropout 运行；内存页的 Dropout 开关会计入其掩码）</translation>
    </message>
    <message>
        <source>config: {where}: unknown architecture model_type={family}; allowed: {allowed}</source>
        <translation>配置：{where}：未知架构 model_type={family}；允许：{allowed}</translation>
    </message>
    <message>
        <source>config: {where}: head_dim = {head_dim} differs from hidden_size / num_attention_heads = {derived}; allowed: equal (not described by this model)</source>
        <translation>配置：{where}：head_dim = {head_dim} 不等于 hidden_size / num_attention_heads = {derived}；允许：相等（此模型无法描述）</translation>
    </message>
    <message>
        <source>config: {where}: hidden_size {d} / num_attention_heads {heads} = head dimension {hd}, which is odd; rotary positions rotate pairs of channels (transformers refuses it too); allowed: an even head dimension</source>
        <translation>config：{where}：hidden_size {d} / num_attention_heads {heads} = 头维度 {hd}，是奇数；旋转位置编码按通道成对旋转（transformers 同样拒绝）；允许：偶数的头维度</translation>
    </message>
    <message>
        <source>config: {n} multi-token-prediction layer(s) (num_nextn_predict_layers) are not built by transformers and not counted; the count is the main model&apos;s</source>
        <translation>config：{n} 个多 token 预测层（num_nextn_predict_layers）transformers 不构建，也不计入；计数为主模型的</translation>
    </message>
    <message>
        <source>config: quantization_config describes how the published weights are stored; the count is the same, bytes follow the recipe</source>
        <translation>config：quantization_config 描述发布的权重如何存储；参数计数不变，字节数按配方</translation>
    </message>
    <message>
        <source>config: {where}: {why}</source>
        <translation>config：{where}：{why}</translation>
    </message>
    <message>
        <source>config: {where} has auto_map, code of its own that transformers would import or download; Napkin Lab never runs a model&apos;s code; allowed: a config without auto_map (remove the key to count the architecture its model_type names)</source>
        <translation>config：{where} 含有 auto_map，即 transformers 会导入或下载的模型自带代码；Napkin Lab 从不运行模型的代码；允许：不含 auto_map 的 config（删去该键即可按其 model_type 所指的架构计数）</translation>
    </message>
    <message>
        <source>model: {repo} names a Hugging Face Hub model, read through huggingface_hub, which is not installed; allowed: a preset, mlp:..., transformer:... or --config FILE (install it: pip install &quot;napkinlab[hf]&quot;)</source>
        <extracomment>``org/name`` or ``org/name@revision``: a model on the Hugging Face Hub.</extracomment>
        <translation>模型：{repo} 是 Hugging Face Hub 上的模型，需要通过 huggingface_hub 读取，但它未安装；允许：预设、mlp:...、transformer:... 或 --config FILE（安装方法：pip install &quot;napkinlab[hf]&quot;）</translation>
    </message>
    <message>
        <source>model: {repo} is not a Hugging Face Hub id ({why}); allowed: org/name or org/name@revision</source>
        <translation>模型：{repo} 不是 Hugging Face Hub 标识（{why}）；允许：org/name 或 org/name@revision</translation>
    </message>
    <message>
        <source>model: {repo} is not in the Hugging Face cache ({cache}); allowed offline: a model whose config.json is cached there; fetch its config (not its weights) with --allow-download (napkinlab memory --model {repo} --allow-download, once: the window reads the same cache)</source>
        <translation>模型：{repo} 不在 Hugging Face 缓存中（{cache}）；离线时允许：config.json 已缓存在那里的模型；用 --allow-download 下载其配置（不下载权重）（运行一次 napkinlab memory --model {repo} --allow-download：窗口读取同一个缓存）</translation>
    </message>
    <message>
        <source>model: cannot download the config.json of {repo}: offline ({why}); allowed offline: a model cached in {cache}, a preset or a config file</source>
        <translation>model：无法下载 {repo} 的 config.json：离线（{why}）；离线时可用：{cache} 中已缓存的模型、预设或配置文件</translation>
    </message>
    <message>
        <source>model: cannot download the config.json of {repo} from the Hugging Face Hub: {why}</source>
        <translation>model：无法从 Hugging Face Hub 下载 {repo} 的 config.json：{why}</translation>
    </message>
    <message>
        <source>{flag} is set</source>
        <extracomment>Seconds to wait for the Hub&apos;s address to answer before saying &quot;offline&quot;.</extracomment>
        <translation>已设置 {flag}</translation>
    </message>
    <message>
        <source>the name {host} does not resolve: no network or no DNS</source>
        <translation>无法解析 {host}：没有网络或 DNS</translation>
    </message>
    <message>
        <source>{host}:{port} did not answer in {seconds} s</source>
        <translation>{host}:{port} 在 {seconds} 秒内无应答</translation>
    </message>
    <message>
        <source>{host}:{port}: {why}</source>
        <translation>{host}:{port}：{why}</translation>
    </message>
    <message>
        <source>{host} did not answer in {seconds} s</source>
        <translation>{host} 在 {seconds} 秒内无应答</translation>
    </message>
    <message>
        <source>the model is gated: accept its licence on huggingface.co and log in (huggingface-cli login)</source>
        <translation>该模型受限：请在 huggingface.co 接受其许可并登录（huggingface-cli login）</translation>
    </message>
    <message>
        <source>no such repository, or it is private (log in with huggingface-cli login)</source>
        <translation>没有该仓库，或它是私有的（用 huggingface-cli login 登录）</translation>
    </message>
    <message>
        <source>no such revision</source>
        <translation>没有该版本</translation>
    </message>
    <message>
        <source>the repository has no config.json</source>
        <translation>该仓库没有 config.json</translation>
    </message>
    <message>
        <source>the Hub did not answer (network down or blocked)</source>
        <translation>Hub 无应答（网络断开或被阻止）</translation>
    </message>
    <message>
        <source>{why}</source>
        <translation>{why}</translation>
    </message>
    <message>
        <source>{kind}: {why}</source>
        <translation>{kind}：{why}</translation>
    </message>
    <message>
        <source>{kind}</source>
        <translation>{kind}</translation>
    </message>
    <message>
        <source>config: cannot read {why}</source>
        <extracomment>The largest config.json read (real ones are a few kilobytes).</extracomment>
        <translation>配置：无法读取 {why}</translation>
    </message>
    <message>
        <source>config: {where}: {key} = {value}; allowed: {allowed} (not a boolean, a fraction, a string or a list)</source>
        <extracomment>Every integer field the families read, each with its least allowed value; read only through :func:`_integer` (a JSON integer: never a bool, a float or a string).</extracomment>
        <translation>config：{where}：{key} = {value}；允许：{allowed}（不能是布尔值、小数、字符串或列表）</translation>
    </message>
    <message>
        <source>config: {where} is not JSON ({why})</source>
        <translation>配置：{where} 不是 JSON（{why}）</translation>
    </message>
    <message>
        <source>config: {where} is not a JSON object</source>
        <extracomment>The config key through which transformers reaches a model&apos;s own code (``trust_remote_code``).</extracomment>
        <translation>配置：{where} 不是 JSON 对象</translation>
    </message>
    <message>
        <source>unknown option(s): {names}; allowed: {allowed}</source>
        <extracomment>Default option texts: GPT-2 small at a short sequence (traces in about a second).</extracomment>
        <translation>未知选项：{names}；允许：{allowed}</translation>
    </message>
    <message>
        <source>recipe: {dtype} weights cannot be traced; allowed: {allowed}</source>
        <translation>配方：无法追踪 {dtype} 权重；允许：{allowed}</translation>
    </message>
    <message>
        <source>measure: a model built by transformers is traced, not run here; measure a preset, the custom transformer or a llama/mistral/qwen2/gpt2 config</source>
        <extracomment>Weight dtypes a step is traced in.</extracomment>
        <translation>实测：transformers 构建的模型只追踪、不在本机运行；请实测预设、自定义 transformer 或 llama/mistral/qwen2/gpt2 配置</translation>
    </message>
    <message>
        <source>checkpoint: a model built by transformers is traced as it is; allowed: none</source>
        <translation>检查点：transformers 构建的模型按原样追踪；允许：none</translation>
    </message>
    <message>
        <source>each op takes max(FLOPs/peak, bytes/bandwidth); ops run one after another (no overlap, no launch overhead): a roofline upper bound on the speed, every op at 100% of the datasheet peak</source>
        <translation>每个算子耗时 max(FLOPs/峰值, 字节数/带宽)；算子依次执行（无重叠，无启动开销）：这是速度的 Roofline 上界，每个算子都按规格表峰值的 100% 运行</translation>
    </message>
    <message>
        <source>FLOPs: a multiply-add counts 2; attention over the full sequence, causal masks not halved; the attention backward counts 2.5× its forward in the executed FLOPs (torch&apos;s SDPA formula includes the scores the flash backward computes again) and 2× in the model FLOPs of MFU; the LM head is a matmul counted in N (the input embedding is a lookup, not a matmul)</source>
        <extracomment>How the step&apos;s FLOPs are counted, said where they are shown (tooltips, JSON ``conventions``).</extracomment>
        <translation>FLOPs：一次乘加计为 2；注意力按完整序列计算，因果掩码不减半；在实际执行的 FLOPs 中，注意力反向计为前向的 2.5 倍（torch 的 SDPA 公式包含 flash 反向重新计算的注意力分数），在 MFU 的模型 FLOPs 中计为 2 倍；LM head 是矩阵乘法，计入 N（输入嵌入是查表，不是矩阵乘法）</translation>
    </message>
    <message>
        <source>each op at what the device achieves (GEMMs at the calibrated large-GEMM efficiency × wave and tile quantization, flash attention at the FlashAttention kernels&apos; efficiency, memory-bound ops at the achievable bandwidth, a launch overhead per kernel); ops run one after another (no overlap)</source>
        <translation>每个算子按设备实际能达到的速度计（GEMM 按校准的大 GEMM 效率 × 波次与分块量化，flash attention 按 FlashAttention 核函数的效率，内存受限算子按可达到的带宽，每个核函数另加一次启动开销）；算子依次执行（不重叠）</translation>
    </message>
    <message>
        <source>MFU {mfu}: matmuls and attention take {matmul} of the time at {rate} of peak; memory-bound pointwise, norm, softmax and copy ops take {memory}; the optimizer step {opt}.</source>
        <extracomment>The prediction models: what the device achieves, or the roofline upper bound.</extracomment>
        <translation>MFU {mfu}：矩阵乘法和注意力占 {matmul} 的时间，达到峰值的 {rate}；内存受限的逐元素、归一化、softmax 和拷贝算子占 {memory}；优化器步骤占 {opt}。</translation>
    </message>
    <message>
        <source>step {kind} ({share} of the time)</source>
        <translation>训练步 {kind}（占时间 {share}）</translation>
    </message>
    <message>
        <source>step op #{index} {name} ({share} of the time)</source>
        <translation>训练步算子 #{index} {name}（占时间 {share}）</translation>
    </message>
</context>
<context>
    <name>StepChart</name>
    <message>
        <source>share of the predicted step time (%)</source>
        <extracomment>Every kind the chart can show, in the order that fixes its colour. Colours after the theme&apos;s series (which has 8): tab10&apos;s grey and olive, tab20&apos;s light blue.</extracomment>
        <translation>占预测单步时间的比例（%）</translation>
    </message>
    <message>
        <source>other ({count} kinds)</source>
        <extracomment>What the chart says while it has no bars (before the first trace, or on a device that cannot predict it).</extracomment>
        <translation>其他（{count} 类）</translation>
    </message>
    <message>
        <source>Trace one step to see where its time goes</source>
        <translation>追踪一步以查看时间花在哪里</translation>
    </message>
</context>
<context>
    <name>StepNames</name>
    <message>
        <source>matmul</source>
        <translation>matmul</translation>
    </message>
    <message>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>pointwise</source>
        <translation>逐元素</translation>
    </message>
    <message>
        <source>norm</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>softmax/loss</source>
        <translation>softmax/损失</translation>
    </message>
    <message>
        <source>reduction</source>
        <translation>归约</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>copy/layout</source>
        <translation>拷贝/布局</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>host sync</source>
        <translation>主机同步</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>通信</translation>
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
        <source>(model)</source>
        <translation>（模型）</translation>
    </message>
    <message>
        <source>(optimizer)</source>
        <translation>（优化器）</translation>
    </message>
</context>
<context>
    <name>StepTab</name>
    <message>
        <source>parameters</source>
        <translation>参数</translation>
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
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>{model}, batch {batch} × seq {seq}, {weights} weights, {opt}</source>
        <translation>{model}，批量 {batch} × 序列 {seq}，{weights} 权重，{opt}</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Sequences (or MLP rows) per step</source>
        <translation>每步的序列数（MLP 为行数）</translation>
    </message>
    <message>
        <source>Sequence length (transformers)</source>
        <translation>序列长度（transformer）</translation>
    </message>
    <message>
        <source>Batch × seq</source>
        <translation>批量 × 序列</translation>
    </message>
    <message>
        <source>no checkpointing</source>
        <translation>不用检查点</translation>
    </message>
    <message>
        <source>{model}, batch {batch} × seq {seq}, {recipe}, {opt}, {checkpoint}</source>
        <translation>{model}，批量 {batch} × 序列 {seq}，{recipe}，{opt}，{checkpoint}</translation>
    </message>
    <message>
        <source>√L segments</source>
        <translation>√L 段</translation>
    </message>
    <message>
        <source>every layer</source>
        <translation>每一层</translation>
    </message>
    <message>
        <source>MoE: router (of the above)</source>
        <translation>MoE：路由器（上列之中）</translation>
    </message>
    <message>
        <source>MoE: permutations (of the above)</source>
        <translation>MoE：置换（上列之中）</translation>
    </message>
    <message>
        <source>MoE: grouped expert GEMMs (of the above)</source>
        <translation>MoE：分组专家 GEMM（上列之中）</translation>
    </message>
    <message>
        <source>MoE: dense matmuls (of the above)</source>
        <translation>MoE：稠密矩阵乘（上列之中）</translation>
    </message>
    <message>
        <source>Inputs changed: the result shown is for {label}; trace again</source>
        <translation>输入已更改：显示的结果属于 {label}；请重新追踪</translation>
    </message>
    <message>
        <source>A preset, mlp:d=..,layers=.., transformer:d=..,layers=..,heads=.., a Hugging Face Hub id org/name (its config.json from the local cache) or a Hugging Face config.json (Config file…)</source>
        <translation>预设、mlp:d=..,layers=..、transformer:d=..,layers=..,heads=..、Hugging Face Hub 模型 id org/name（从本地缓存读取其 config.json）或 Hugging Face 的 config.json（配置文件…）</translation>
    </message>
    <message>
        <source>each op&apos;s dtype</source>
        <translation>各算子的数据类型</translation>
    </message>
    <message>
        <source>calibrated (what the device achieves)</source>
        <translation>校准（设备实际能达到的）</translation>
    </message>
    <message>
        <source>upper bound (roofline)</source>
        <translation>上界（Roofline）</translation>
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
        <source>Checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <source>Peak of</source>
        <translation>峰值按</translation>
    </message>
    <message>
        <source>Prediction</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Data-parallel GPUs: above 1 the step also pays the ring all-reduce of the gradients over the device&apos;s interconnect (8 GPUs per node), not overlapped</source>
        <translation>数据并行 GPU 数：大于 1 时，每步还要经设备互联对梯度做环形 all-reduce（每节点 8 个 GPU），不重叠</translation>
    </message>
    <message>
        <source>GPUs (data parallel)</source>
        <translation>GPU 数（数据并行）</translation>
    </message>
    <message>
        <source>Also run it on this machine</source>
        <translation>同时在本机上真实运行</translation>
    </message>
    <message>
        <source>Run the same step for real under torch.profiler (on a CUDA GPU where torch sees one, else on the CPU) and match each op (measured); refused when it would not fit in memory</source>
        <translation>在 torch.profiler 下真实运行同一步（torch 能看到 CUDA GPU 时在 GPU 上，否则在 CPU 上）并逐个匹配算子（实测）；放不进内存时拒绝</translation>
    </message>
    <message>
        <source>Trace one step</source>
        <translation>追踪一步</translation>
    </message>
    <message>
        <source>Forward, backward and optimizer on fake tensors, op by op</source>
        <translation>在伪张量上逐算子追踪前向、反向和优化器</translation>
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
        <source>Pin as A</source>
        <translation>固定为 A</translation>
    </message>
    <message>
        <source>Keep this result as plan A; trace other inputs to compare (plan B)</source>
        <translation>把此结果留作方案 A；追踪其他输入来比较（方案 B）</translation>
    </message>
    <message>
        <source>To Roofline</source>
        <translation>发送到 Roofline</translation>
    </message>
    <message>
        <source>On the Roofline tab: one point per op kind (summed FLOPs and bytes) and the slowest ops, sized by their share of the step time</source>
        <translation>在 Roofline 页：每类算子一个点（FLOPs 与字节求和），外加最慢的算子，点的大小按其占单步时间的比例</translation>
    </message>
    <message>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <source>Export the op table as CSV</source>
        <translation>把算子表导出为 CSV</translation>
    </message>
    <message>
        <source>One training step</source>
        <translation>一个训练步</translation>
    </message>
    <message>
        <source>Trace a step to see its ops</source>
        <translation>追踪一步以查看其算子</translation>
    </message>
    <message>
        <source>Filter: phase, kind, module or op (e.g. backward attn.q)</source>
        <translation>筛选：阶段、类别、模块或算子（如 反向 attn.q）</translation>
    </message>
    <message>
        <source>Module depth</source>
        <translation>模块深度</translation>
    </message>
    <message>
        <source>Where the time goes</source>
        <translation>时间花在哪里</translation>
    </message>
    <message>
        <source>By kind</source>
        <translation>按类别</translation>
    </message>
    <message>
        <source>Ops</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>By module</source>
        <translation>按模块</translation>
    </message>
    <message>
        <source>Plans A/B</source>
        <translation>方案 A/B</translation>
    </message>
    <message>
        <source>Config file chosen; trace to see its step</source>
        <translation>已选择配置文件；追踪以查看其训练步</translation>
    </message>
    <message>
        <source>Device: {device} (the toolbar&apos;s device); predicted again without tracing when it changes</source>
        <translation>设备：{device}（工具栏中的设备）； 更换时无需重新追踪即重新预测</translation>
    </message>
    <message>
        <source>Tracing {label}…</source>
        <translation>正在追踪 {label}…</translation>
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
        <source>Traced {count} ops of {label} in {seconds} s (fake tensors)</source>
        <translation>已追踪 {label} 的 {count} 个算子，用时 {seconds} s（伪张量）</translation>
    </message>
    <message>
        <source>; measured on a CUDA GPU: {time} per step, {matched} ops matched</source>
        <translation>；在 CUDA GPU 上实测：每步 {time}，匹配 {matched} 个算子</translation>
    </message>
    <message>
        <source>; measured on this CPU: {time} per step, {matched} ops matched</source>
        <translation>；本机 CPU 实测：每步 {time}，匹配 {matched} 个算子</translation>
    </message>
    <message>
        <source>; from the trace cache</source>
        <translation>；来自追踪缓存</translation>
    </message>
    <message>
        <source>Shown from the trace cache: an earlier trace of the same inputs, with the same torch and Napkin Lab code</source>
        <translation>来自追踪缓存：同样输入的一次较早追踪，torch 和 Napkin Lab 代码都相同</translation>
    </message>
    <message>
        <source>. Warning: {warning}</source>
        <translation>。警告：{warning}</translation>
    </message>
    <message>
        <source>; predicted on {device}: {time}, ratio {ratio}</source>
        <translation>；在 {device} 上预测：{time}，比值 {ratio}</translation>
    </message>
    <message>
        <source>No prediction on this device</source>
        <translation>此设备无法预测</translation>
    </message>
    <message>
        <source>elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>{time} · MFU {mfu} · HFU {hfu}</source>
        <translation>{time} · MFU {mfu} · HFU {hfu}</translation>
    </message>
    <message>
        <source>each op&apos;s dtype peak</source>
        <translation>各算子数据类型的峰值</translation>
    </message>
    <message>
        <source>{dtype} peak</source>
        <translation>{dtype} 峰值</translation>
    </message>
    <message>
        <source>Gradient all-reduce over {gpus} GPUs: {time} ({share} of the step), not overlapped with compute</source>
        <translation>{gpus} 个 GPU 上的梯度 all-reduce：{time}（占单步 {share}），不与计算重叠</translation>
    </message>
    <message>
        <source>  —  backward/forward FLOPs {ratio} (the lecture: ≈ 2). Ops summed, no overlap.</source>
        <translation>  —  反向/前向 FLOPs {ratio}（讲义：≈ 2）。算子时间相加，无重叠。</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>ops</source>
        <translation>算子数</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>measured (this CPU)</source>
        <translation>实测（本机 CPU）</translation>
    </message>
    <message>
        <source>top op</source>
        <extracomment>The inputs a trace depends on (device, ceiling and GPUs only re-predict it). Most Roofline points sent for single ops (besides one per kind).</extracomment>
        <translation>最慢算子</translation>
    </message>
    <message>
        <source>module</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>MFU against {dtype}: it has no {compute} peak</source>
        <translation>MFU 按 {dtype} 计：该设备没有 {compute} 峰值</translation>
    </message>
    <message>
        <source>MFU against {dtype}</source>
        <translation>MFU 按 {dtype} 计</translation>
    </message>
    <message>
        <source>On {device} ({peak}; {against}). {why}</source>
        <translation>在 {device} 上（{peak}；{against}）。{why}</translation>
    </message>
    <message>
        <source>plan A</source>
        <translation>方案 A</translation>
    </message>
    <message>
        <source>plan B</source>
        <translation>方案 B</translation>
    </message>
    <message>
        <source>Pin a result as plan A, change inputs or device, trace again</source>
        <translation>把结果固定为方案 A，改输入或设备，再追踪一次</translation>
    </message>
    <message>
        <source>inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>peak memory</source>
        <translation>峰值显存</translation>
    </message>
    <message>
        <source>model FLOPs</source>
        <translation>模型 FLOPs</translation>
    </message>
    <message>
        <source>B vs A</source>
        <translation>B 相对 A</translation>
    </message>
    <message>
        <source>Export ops</source>
        <translation>导出算子</translation>
    </message>
    <message>
        <source>Op table written to {path}</source>
        <translation>算子表已写入 {path}</translation>
    </message>
</context>
<context>
    <name>StepTables</name>
    <message>
        <source>Phase</source>
        <extracomment>Row keys of the op table, in column order.</extracomment>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>读取</translation>
    </message>
    <message>
        <source>Written</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>{device} on the device; traced on CPU as {traced}</source>
        <translation>设备上为 {device}；在 CPU 上追踪为 {traced}</translation>
    </message>
</context>
</TS>
