<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>Step</name>
    <message>
        <source>Data parallel over {gpus} GPUs ({nodes} node(s), {per_node} GPUs per node): one ring all-reduce of the gradients per step, each GPU sends 2(n-1)/n × {size} over {link}; not overlapped with compute (DDP hides part of it behind backward, so this is the upper end)</source>
        <extracomment>The kind name of the communication row (next to ``matmul``, ``pointwise``…). GPUs per node assumed when the GPUs span nodes (an HGX/DGX node). The largest data-parallel world size accepted.</extracomment>
        <translation>資料平行，{gpus} 個 GPU（{nodes} 個節點，每節點 {per_node} 個 GPU）：每步對梯度做一次環形 all-reduce，每個 GPU 經{link}傳送 2(n-1)/n × {size}；不與計算重疊（DDP 會把一部分藏在反向傳播之後，所以這是上限）</translation>
    </message>
    <message>
        <source>GPUs: {value} is not a GPU count; allowed: a whole number from 1 to {high}</source>
        <translation>GPU 數：{value} 不是 GPU 數量；允許：1 到 {high} 的整數</translation>
    </message>
    <message>
        <source>GPUs: {value} do not fill whole nodes of {per_node}; allowed: up to {per_node} or a multiple of {per_node}</source>
        <translation>GPU 數：{value} 填不滿每個 {per_node} 個 GPU 的整節點；允許：不超過 {per_node}，或 {per_node} 的倍數</translation>
    </message>
    <message>
        <source>the network between nodes</source>
        <translation>節點間網路</translation>
    </message>
    <message>
        <source>the intra-node link</source>
        <translation>節點內互連</translation>
    </message>
    <message>
        <source>{link} at {rate} GB/s per GPU each way</source>
        <translation>{link}（每個 GPU 單向 {rate} GB/s）</translation>
    </message>
    <message>
        <source>config: {where} lacks the field {key} (needed for {family}); required: {required}</source>
        <extracomment>The mixture-of-experts families of :data:`FAMILIES`: read into a spec (counts, memory, plans); a step trace builds them with transformers (:func:`core.step.hf_build.needs_transformers`). The keys a config.json names its model by, first found first: transformers&apos; own ``_name_or_path`` (written by ``save_pretrained``), its ``name_or_path`` spelling, and the ``model_name`` some exporters write. Keys that change nothing the count, the trace or the time sees: token ids, bookkeeping, the numerics of norms and rotary embeddings, output switches. Keys of an MoE that change how experts are picked or weighed, or add a loss term, never a parameter: the router&apos;s numerics, its auxiliary losses and a deployment hint (``ep_size``). What each family models (beyond :data:`_HARMLESS`); anything else is refused. Keys whose only value the reader builds (a key outside these values is refused by name).</extracomment>
        <translation>設定：{where} 缺少欄位 {key}（{family} 需要）；必需：{required}</translation>
    </message>
    <message>
        <source>config: {where}: {key} = {value} is not modelled for {family}; allowed: {allowed}</source>
        <translation>設定：{where}：{key} = {value} 在 {family} 中未建模；允許：{allowed}</translation>
    </message>
    <message>
        <source>config: {where}: the key {key} is not modelled for {family} (it may change the model; remove it to count the model without it); understood: {keys}</source>
        <translation>設定：{where}：鍵 {key} 在 {family} 中未建模（它可能改變模型；刪除它即可按不含它的模型計算）；可辨識的鍵：{keys}</translation>
    </message>
    <message>
        <source>config: dropout {values} is not traced (the step runs without dropout; the Memory tab&apos;s Dropout switch counts its masks)</source>
        <translation>設定：dropout {values} 不參與追蹤（單步按無 dropout 執行；記憶體頁的 Dropout 開關會計入其遮罩）</translation>
    </message>
    <message>
        <source>config: {where}: unknown architecture model_type={family}; allowed: {allowed}</source>
        <translation>設定：{where}：未知架構 model_type={family}；允許：{allowed}</translation>
    </message>
    <message>
        <source>config: {where}: head_dim = {head_dim} differs from hidden_size / num_attention_heads = {derived}; allowed: equal (not described by this model)</source>
        <translation>設定：{where}：head_dim = {head_dim} 不等於 hidden_size / num_attention_heads = {derived}；允許：相等（此模型無法描述）</translation>
    </message>
    <message>
        <source>config: {where}: hidden_size {d} / num_attention_heads {heads} = head dimension {hd}, which is odd; rotary positions rotate pairs of channels (transformers refuses it too); allowed: an even head dimension</source>
        <translation>config：{where}：hidden_size {d} / num_attention_heads {heads} = 頭維度 {hd}，是奇數；旋轉位置編碼按通道成對旋轉（transformers 同樣拒絕）；允許：偶數的頭維度</translation>
    </message>
    <message>
        <source>config: {n} multi-token-prediction layer(s) (num_nextn_predict_layers) are not built by transformers and not counted; the count is the main model&apos;s</source>
        <translation>config：{n} 個多 token 預測層（num_nextn_predict_layers）transformers 不建構，也不計入；計數為主模型的</translation>
    </message>
    <message>
        <source>config: quantization_config describes how the published weights are stored; the count is the same, bytes follow the recipe</source>
        <translation>config：quantization_config 描述發佈的權重如何儲存；參數計數不變，位元組數按配方</translation>
    </message>
    <message>
        <source>config: {where}: {why}</source>
        <translation>config：{where}：{why}</translation>
    </message>
    <message>
        <source>config: {where} has auto_map, code of its own that transformers would import or download; Napkin Lab never runs a model&apos;s code; allowed: a config without auto_map (remove the key to count the architecture its model_type names)</source>
        <translation>config：{where} 含有 auto_map，即 transformers 會匯入或下載的模型自帶程式碼；Napkin Lab 從不執行模型的程式碼；允許：不含 auto_map 的 config（刪去該鍵即可按其 model_type 所指的架構計數）</translation>
    </message>
    <message>
        <source>model: {repo} names a Hugging Face Hub model, read through huggingface_hub, which is not installed; allowed: a preset, mlp:..., transformer:... or --config FILE (install it: pip install &quot;napkinlab[hf]&quot;)</source>
        <extracomment>``org/name`` or ``org/name@revision``: a model on the Hugging Face Hub.</extracomment>
        <translation>模型：{repo} 是 Hugging Face Hub 上的模型，需要透過 huggingface_hub 讀取，但它未安裝；允許：預設、mlp:...、transformer:... 或 --config FILE（安裝方式：pip install &quot;napkinlab[hf]&quot;）</translation>
    </message>
    <message>
        <source>model: {repo} is not a Hugging Face Hub id ({why}); allowed: org/name or org/name@revision</source>
        <translation>模型：{repo} 不是 Hugging Face Hub 識別碼（{why}）；允許：org/name 或 org/name@revision</translation>
    </message>
    <message>
        <source>model: {repo} is not in the Hugging Face cache ({cache}); allowed offline: a model whose config.json is cached there; fetch its config (not its weights) with --allow-download (napkinlab memory --model {repo} --allow-download, once: the window reads the same cache)</source>
        <translation>模型：{repo} 不在 Hugging Face 快取中（{cache}）；離線時允許：config.json 已快取在那裡的模型；用 --allow-download 下載其設定（不下載權重）（執行一次 napkinlab memory --model {repo} --allow-download：視窗讀取同一個快取）</translation>
    </message>
    <message>
        <source>model: cannot download the config.json of {repo}: offline ({why}); allowed offline: a model cached in {cache}, a preset or a config file</source>
        <translation>model：無法下載 {repo} 的 config.json：離線（{why}）；離線時可用：{cache} 中已緩存的模型、預設或配置文件</translation>
    </message>
    <message>
        <source>model: cannot download the config.json of {repo} from the Hugging Face Hub: {why}</source>
        <translation>model：無法從 Hugging Face Hub 下載 {repo} 的 config.json：{why}</translation>
    </message>
    <message>
        <source>{flag} is set</source>
        <extracomment>Seconds to wait for the Hub&apos;s address to answer before saying &quot;offline&quot;.</extracomment>
        <translation>已設置 {flag}</translation>
    </message>
    <message>
        <source>the name {host} does not resolve: no network or no DNS</source>
        <translation>無法解析 {host}：沒有網絡或 DNS</translation>
    </message>
    <message>
        <source>{host}:{port} did not answer in {seconds} s</source>
        <translation>{host}:{port} 在 {seconds} 秒內無應答</translation>
    </message>
    <message>
        <source>{host}:{port}: {why}</source>
        <translation>{host}:{port}：{why}</translation>
    </message>
    <message>
        <source>{host} did not answer in {seconds} s</source>
        <translation>{host} 在 {seconds} 秒內無應答</translation>
    </message>
    <message>
        <source>the model is gated: accept its licence on huggingface.co and log in (huggingface-cli login)</source>
        <translation>該模型受限：請在 huggingface.co 接受其許可并登錄（huggingface-cli login）</translation>
    </message>
    <message>
        <source>no such repository, or it is private (log in with huggingface-cli login)</source>
        <translation>沒有該倉庫，或它是私有的（用 huggingface-cli login 登錄）</translation>
    </message>
    <message>
        <source>no such revision</source>
        <translation>沒有該版本</translation>
    </message>
    <message>
        <source>the repository has no config.json</source>
        <translation>該倉庫沒有 config.json</translation>
    </message>
    <message>
        <source>the Hub did not answer (network down or blocked)</source>
        <translation>Hub 無應答（網絡斷開或被阻止）</translation>
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
        <translation>設定：無法讀取 {why}</translation>
    </message>
    <message>
        <source>config: {where}: {key} = {value}; allowed: {allowed} (not a boolean, a fraction, a string or a list)</source>
        <extracomment>Every integer field the families read, each with its least allowed value; read only through :func:`_integer` (a JSON integer: never a bool, a float or a string).</extracomment>
        <translation>config：{where}：{key} = {value}；允許：{allowed}（不能是布林值、小數、字串或列表）</translation>
    </message>
    <message>
        <source>config: {where} is not JSON ({why})</source>
        <translation>設定：{where} 不是 JSON（{why}）</translation>
    </message>
    <message>
        <source>config: {where} is not a JSON object</source>
        <extracomment>The config key through which transformers reaches a model&apos;s own code (``trust_remote_code``).</extracomment>
        <translation>設定：{where} 不是 JSON 物件</translation>
    </message>
    <message>
        <source>unknown option(s): {names}; allowed: {allowed}</source>
        <extracomment>Default option texts: GPT-2 small at a short sequence (traces in about a second).</extracomment>
        <translation>未知選項：{names}；允許：{allowed}</translation>
    </message>
    <message>
        <source>recipe: {dtype} weights cannot be traced; allowed: {allowed}</source>
        <translation>配方：無法追蹤 {dtype} 權重；允許：{allowed}</translation>
    </message>
    <message>
        <source>measure: a model built by transformers is traced, not run here; measure a preset, the custom transformer or a llama/mistral/qwen2/gpt2 config</source>
        <extracomment>Weight dtypes a step is traced in.</extracomment>
        <translation>實測：transformers 建構的模型只追蹤、不在本機執行；請實測預設、自訂 transformer 或 llama/mistral/qwen2/gpt2 設定</translation>
    </message>
    <message>
        <source>checkpoint: a model built by transformers is traced as it is; allowed: none</source>
        <translation>檢查點：transformers 建構的模型按原樣追蹤；允許：none</translation>
    </message>
    <message>
        <source>each op takes max(FLOPs/peak, bytes/bandwidth); ops run one after another (no overlap, no launch overhead): a roofline upper bound on the speed, every op at 100% of the datasheet peak</source>
        <translation>每個算子耗時 max(FLOPs/峰值, 位元組數/頻寬)；算子依序執行（無重疊，無啟動開銷）：這是速度的 Roofline 上界，每個算子都按規格表峰值的 100% 執行</translation>
    </message>
    <message>
        <source>FLOPs: a multiply-add counts 2; attention over the full sequence, causal masks not halved; the attention backward counts 2.5× its forward in the executed FLOPs (torch&apos;s SDPA formula includes the scores the flash backward computes again) and 2× in the model FLOPs of MFU; the LM head is a matmul counted in N (the input embedding is a lookup, not a matmul)</source>
        <extracomment>How the step&apos;s FLOPs are counted, said where they are shown (tooltips, JSON ``conventions``).</extracomment>
        <translation>FLOPs：一次乘加計為 2；注意力按完整序列計算，因果遮罩不減半；在實際執行的 FLOPs 中，注意力反向計為前向的 2.5 倍（torch 的 SDPA 公式包含 flash 反向重新計算的注意力分數），在 MFU 的模型 FLOPs 中計為 2 倍；LM head 是矩陣乘法，計入 N（輸入嵌入是查表，不是矩陣乘法）</translation>
    </message>
    <message>
        <source>each op at what the device achieves (GEMMs at the calibrated large-GEMM efficiency × wave and tile quantization, flash attention at the FlashAttention kernels&apos; efficiency, memory-bound ops at the achievable bandwidth, a launch overhead per kernel); ops run one after another (no overlap)</source>
        <translation>每個運算子按裝置實際能達到的速度計（GEMM 按校準的大 GEMM 效率 × 波次與分塊量化，flash attention 按 FlashAttention 核函式的效率，記憶體受限運算子按可達到的頻寬，每個核函式另加一次啟動開銷）；運算子依序執行（不重疊）</translation>
    </message>
    <message>
        <source>MFU {mfu}: matmuls and attention take {matmul} of the time at {rate} of peak; memory-bound pointwise, norm, softmax and copy ops take {memory}; the optimizer step {opt}.</source>
        <extracomment>The prediction models: what the device achieves, or the roofline upper bound.</extracomment>
        <translation>MFU {mfu}：矩陣乘法和注意力佔 {matmul} 的時間，達到峰值的 {rate}；記憶體受限的逐元素、正規化、softmax 和複製運算子佔 {memory}；優化器步驟佔 {opt}。</translation>
    </message>
    <message>
        <source>step {kind} ({share} of the time)</source>
        <translation>訓練步 {kind}（佔時間 {share}）</translation>
    </message>
    <message>
        <source>step op #{index} {name} ({share} of the time)</source>
        <translation>訓練步運算子 #{index} {name}（佔時間 {share}）</translation>
    </message>
</context>
<context>
    <name>StepChart</name>
    <message>
        <source>share of the predicted step time (%)</source>
        <extracomment>Every kind the chart can show, in the order that fixes its colour. Colours after the theme&apos;s series (which has 8): tab10&apos;s grey and olive, tab20&apos;s light blue.</extracomment>
        <translation>佔預測單步時間的比例（%）</translation>
    </message>
    <message>
        <source>other ({count} kinds)</source>
        <extracomment>What the chart says while it has no bars (before the first trace, or on a device that cannot predict it).</extracomment>
        <translation>其他（{count} 類）</translation>
    </message>
    <message>
        <source>Trace one step to see where its time goes</source>
        <translation>追蹤一步以檢視時間花在哪裡</translation>
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
        <translation>正規化</translation>
    </message>
    <message>
        <source>softmax/loss</source>
        <translation>softmax/損失</translation>
    </message>
    <message>
        <source>reduction</source>
        <translation>歸約</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>copy/layout</source>
        <translation>複製/佈局</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>優化器</translation>
    </message>
    <message>
        <source>host sync</source>
        <translation>主機同步</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>通訊</translation>
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
        <translation>（優化器）</translation>
    </message>
</context>
<context>
    <name>StepTab</name>
    <message>
        <source>parameters</source>
        <translation>參數</translation>
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
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>{model}, batch {batch} × seq {seq}, {weights} weights, {opt}</source>
        <translation>{model}，批次 {batch} × 序列 {seq}，{weights} 權重，{opt}</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Sequences (or MLP rows) per step</source>
        <translation>每步的序列數（MLP 為列數）</translation>
    </message>
    <message>
        <source>Sequence length (transformers)</source>
        <translation>序列長度（transformer）</translation>
    </message>
    <message>
        <source>Batch × seq</source>
        <translation>批次 × 序列</translation>
    </message>
    <message>
        <source>no checkpointing</source>
        <translation>不用檢查點</translation>
    </message>
    <message>
        <source>{model}, batch {batch} × seq {seq}, {recipe}, {opt}, {checkpoint}</source>
        <translation>{model}，批次 {batch} × 序列 {seq}，{recipe}，{opt}，{checkpoint}</translation>
    </message>
    <message>
        <source>√L segments</source>
        <translation>√L 段</translation>
    </message>
    <message>
        <source>every layer</source>
        <translation>每一層</translation>
    </message>
    <message>
        <source>MoE: router (of the above)</source>
        <translation>MoE：路由器（上列之中）</translation>
    </message>
    <message>
        <source>MoE: permutations (of the above)</source>
        <translation>MoE：置換（上列之中）</translation>
    </message>
    <message>
        <source>MoE: grouped expert GEMMs (of the above)</source>
        <translation>MoE：分組專家 GEMM（上列之中）</translation>
    </message>
    <message>
        <source>MoE: dense matmuls (of the above)</source>
        <translation>MoE：稠密矩陣乘（上列之中）</translation>
    </message>
    <message>
        <source>Inputs changed: the result shown is for {label}; trace again</source>
        <translation>輸入已變更：顯示的結果屬於 {label}；請重新追蹤</translation>
    </message>
    <message>
        <source>A preset, mlp:d=..,layers=.., transformer:d=..,layers=..,heads=.., a Hugging Face Hub id org/name (its config.json from the local cache) or a Hugging Face config.json (Config file…)</source>
        <translation>預設、mlp:d=..,layers=..、transformer:d=..,layers=..,heads=..、Hugging Face Hub 模型 id org/name（從本機快取讀取其 config.json）或 Hugging Face 的 config.json（設定檔…）</translation>
    </message>
    <message>
        <source>each op&apos;s dtype</source>
        <translation>各運算子的資料型別</translation>
    </message>
    <message>
        <source>calibrated (what the device achieves)</source>
        <translation>校準（裝置實際能達到的）</translation>
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
        <translation>優化器</translation>
    </message>
    <message>
        <source>Checkpointing</source>
        <translation>激活檢查點</translation>
    </message>
    <message>
        <source>Peak of</source>
        <translation>峰值按</translation>
    </message>
    <message>
        <source>Prediction</source>
        <translation>預測</translation>
    </message>
    <message>
        <source>Data-parallel GPUs: above 1 the step also pays the ring all-reduce of the gradients over the device&apos;s interconnect (8 GPUs per node), not overlapped</source>
        <translation>資料平行 GPU 數：大於 1 時，每步還要經裝置互連對梯度做環形 all-reduce（每節點 8 個 GPU），不重疊</translation>
    </message>
    <message>
        <source>GPUs (data parallel)</source>
        <translation>GPU 數（資料平行）</translation>
    </message>
    <message>
        <source>Also run it on this machine</source>
        <translation>同時在本機上實際執行</translation>
    </message>
    <message>
        <source>Run the same step for real under torch.profiler (on a CUDA GPU where torch sees one, else on the CPU) and match each op (measured); refused when it would not fit in memory</source>
        <translation>在 torch.profiler 下實際執行同一步（torch 偵測到 CUDA GPU 時在 GPU 上，否則在 CPU 上）並逐個比對運算子（實測）；放不進記憶體時拒絕</translation>
    </message>
    <message>
        <source>Trace one step</source>
        <translation>追蹤一步</translation>
    </message>
    <message>
        <source>Forward, backward and optimizer on fake tensors, op by op</source>
        <translation>在偽張量上逐運算子追蹤前向、反向和優化器</translation>
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
        <source>Pin as A</source>
        <translation>固定為 A</translation>
    </message>
    <message>
        <source>Keep this result as plan A; trace other inputs to compare (plan B)</source>
        <translation>把此結果留作方案 A；追蹤其他輸入來比較（方案 B）</translation>
    </message>
    <message>
        <source>To Roofline</source>
        <translation>傳送到 Roofline</translation>
    </message>
    <message>
        <source>On the Roofline tab: one point per op kind (summed FLOPs and bytes) and the slowest ops, sized by their share of the step time</source>
        <translation>在 Roofline 頁：每類運算子一個點（FLOPs 與位元組加總），外加最慢的運算子，點的大小依其佔單步時間的比例</translation>
    </message>
    <message>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <source>Export the op table as CSV</source>
        <translation>把運算子表匯出為 CSV</translation>
    </message>
    <message>
        <source>One training step</source>
        <translation>一個訓練步</translation>
    </message>
    <message>
        <source>Trace a step to see its ops</source>
        <translation>追蹤一步以檢視其運算子</translation>
    </message>
    <message>
        <source>Filter: phase, kind, module or op (e.g. backward attn.q)</source>
        <translation>篩選：階段、類別、模組或運算子（如 反向 attn.q）</translation>
    </message>
    <message>
        <source>Module depth</source>
        <translation>模組深度</translation>
    </message>
    <message>
        <source>Where the time goes</source>
        <translation>時間花在哪裡</translation>
    </message>
    <message>
        <source>By kind</source>
        <translation>依類別</translation>
    </message>
    <message>
        <source>Ops</source>
        <translation>運算子</translation>
    </message>
    <message>
        <source>By module</source>
        <translation>依模組</translation>
    </message>
    <message>
        <source>Plans A/B</source>
        <translation>方案 A/B</translation>
    </message>
    <message>
        <source>Config file chosen; trace to see its step</source>
        <translation>已選擇設定檔；追蹤以檢視其訓練步</translation>
    </message>
    <message>
        <source>Device: {device} (the toolbar&apos;s device); predicted again without tracing when it changes</source>
        <translation>裝置：{device}（工具列中的裝置）； 更換時無需重新追蹤即重新預測</translation>
    </message>
    <message>
        <source>Tracing {label}…</source>
        <translation>正在追蹤 {label}…</translation>
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
        <translation>已追蹤 {label} 的 {count} 個運算子，用時 {seconds} s（偽張量）</translation>
    </message>
    <message>
        <source>; measured on a CUDA GPU: {time} per step, {matched} ops matched</source>
        <translation>；在 CUDA GPU 上實測：每步 {time}，比對 {matched} 個運算子</translation>
    </message>
    <message>
        <source>; measured on this CPU: {time} per step, {matched} ops matched</source>
        <translation>；本機 CPU 實測：每步 {time}，比對 {matched} 個運算子</translation>
    </message>
    <message>
        <source>; from the trace cache</source>
        <translation>；來自追蹤快取</translation>
    </message>
    <message>
        <source>Shown from the trace cache: an earlier trace of the same inputs, with the same torch and Napkin Lab code</source>
        <translation>來自追蹤快取：同樣輸入的一次較早追蹤，torch 和 Napkin Lab 程式碼都相同</translation>
    </message>
    <message>
        <source>. Warning: {warning}</source>
        <translation>。警告：{warning}</translation>
    </message>
    <message>
        <source>; predicted on {device}: {time}, ratio {ratio}</source>
        <translation>；在 {device} 上預測：{time}，比值 {ratio}</translation>
    </message>
    <message>
        <source>No prediction on this device</source>
        <translation>此裝置無法預測</translation>
    </message>
    <message>
        <source>elements</source>
        <translation>元素數</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>資料型別</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>位元組</translation>
    </message>
    <message>
        <source>{time} · MFU {mfu} · HFU {hfu}</source>
        <translation>{time} · MFU {mfu} · HFU {hfu}</translation>
    </message>
    <message>
        <source>each op&apos;s dtype peak</source>
        <translation>各運算子資料型別的峰值</translation>
    </message>
    <message>
        <source>{dtype} peak</source>
        <translation>{dtype} 峰值</translation>
    </message>
    <message>
        <source>Gradient all-reduce over {gpus} GPUs: {time} ({share} of the step), not overlapped with compute</source>
        <translation>{gpus} 個 GPU 上的梯度 all-reduce：{time}（佔單步 {share}），不與計算重疊</translation>
    </message>
    <message>
        <source>  —  backward/forward FLOPs {ratio} (the lecture: ≈ 2). Ops summed, no overlap.</source>
        <translation>  —  反向/前向 FLOPs {ratio}（講義：≈ 2）。運算子時間相加，無重疊。</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>類別</translation>
    </message>
    <message>
        <source>ops</source>
        <translation>運算子數</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>預測</translation>
    </message>
    <message>
        <source>share</source>
        <translation>佔比</translation>
    </message>
    <message>
        <source>measured (this CPU)</source>
        <translation>實測（本機 CPU）</translation>
    </message>
    <message>
        <source>top op</source>
        <extracomment>The inputs a trace depends on (device, ceiling and GPUs only re-predict it). Most Roofline points sent for single ops (besides one per kind).</extracomment>
        <translation>最慢運算子</translation>
    </message>
    <message>
        <source>module</source>
        <translation>模組</translation>
    </message>
    <message>
        <source>MFU against {dtype}: it has no {compute} peak</source>
        <translation>MFU 以 {dtype} 計：該裝置沒有 {compute} 峰值</translation>
    </message>
    <message>
        <source>MFU against {dtype}</source>
        <translation>MFU 以 {dtype} 計</translation>
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
        <translation>把結果固定為方案 A，改輸入或裝置，再追蹤一次</translation>
    </message>
    <message>
        <source>inputs</source>
        <translation>輸入</translation>
    </message>
    <message>
        <source>device</source>
        <translation>裝置</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 數</translation>
    </message>
    <message>
        <source>step time</source>
        <translation>單步時間</translation>
    </message>
    <message>
        <source>peak memory</source>
        <translation>峰值記憶體</translation>
    </message>
    <message>
        <source>model FLOPs</source>
        <translation>模型 FLOPs</translation>
    </message>
    <message>
        <source>B vs A</source>
        <translation>B 相對 A</translation>
    </message>
    <message>
        <source>Export ops</source>
        <translation>匯出運算子</translation>
    </message>
    <message>
        <source>Op table written to {path}</source>
        <translation>運算子表已寫入 {path}</translation>
    </message>
</context>
<context>
    <name>StepTables</name>
    <message>
        <source>Phase</source>
        <extracomment>Row keys of the op table, in column order.</extracomment>
        <translation>階段</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>模組</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>類別</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>運算子</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>資料型別</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>讀取</translation>
    </message>
    <message>
        <source>Written</source>
        <translation>寫入</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>預測</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>實測</translation>
    </message>
    <message>
        <source>{device} on the device; traced on CPU as {traced}</source>
        <translation>設備上為 {device}；在 CPU 上追蹤為 {traced}</translation>
    </message>
</context>
</TS>
