<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>BandwidthPlot</name>
    <message>
        <source>Message size (bytes)</source>
        <translation>訊息大小（位元組）</translation>
    </message>
    <message>
        <source>Bus bandwidth (bytes/s)</source>
        <translation>匯流排頻寬（位元組/秒）</translation>
    </message>
    <message>
        <source> (WRONG RESULTS)</source>
        <translation>（結果錯誤）</translation>
    </message>
</context>
<context>
    <name>CollectivesDialog</name>
    <message>
        <source>Collectives measured</source>
        <translation>集體通訊實測</translation>
    </message>
    <message>
        <source>busbw = algbw x the ring factor (all-reduce 2(n-1)/n, all-gather and reduce-scatter (n-1)/n, broadcast 1), as nccl-tests defines it: comparable to one link&apos;s unidirectional bandwidth.</source>
        <translation>busbw = algbw × 環演算法因子（all-reduce 2(n-1)/n，all-gather 與 reduce-scatter (n-1)/n，broadcast 1），與 nccl-tests 的定義相同：可與單條鏈路的單向頻寬直接比較。</translation>
    </message>
    <message>
        <source>{note} {reason}.</source>
        <translation>{note}{reason}。</translation>
    </message>
</context>
<context>
    <name>Comm</name>
    <message>
        <source>op: unknown collective {op}; allowed: {allowed}</source>
        <extracomment>Collective names as the CLI spells them; ``all_reduce`` (torch/nccl-tests style) is accepted too.</extracomment>
        <translation>op：未知的集體通訊 {op}；允許：{allowed}</translation>
    </message>
    <message>
        <source>gpus: {value} is not a rank count; allowed: 1 to {most}</source>
        <translation>gpus：{value} 不是行程數；允許：1 到 {most}</translation>
    </message>
    <message>
        <source>device: {name} has no intra-node interconnect bandwidth in the database; add your own device with one (Devices menu or devices.json &apos;intra_node_bandwidth&apos;)</source>
        <translation>裝置：資料庫中沒有 {name} 的節點內互連頻寬；請新增帶有該值的自訂裝置（裝置選單或 devices.json 的 &apos;intra_node_bandwidth&apos;）</translation>
    </message>
    <message>
        <source>nodes: {name} has no inter-node network bandwidth in the database, so a ring over {nodes} nodes cannot be estimated; use --nodes 1 or a device with &apos;inter_node_bandwidth&apos;</source>
        <translation>節點：資料庫中沒有 {name} 的節點間網路頻寬，無法估算跨 {nodes} 個節點的環；請只用 1 個節點（--nodes 1），或換用帶有 &apos;inter_node_bandwidth&apos; 的裝置</translation>
    </message>
    <message>
        <source>one GPU: a collective over one rank moves nothing (no traffic, no bandwidth)</source>
        <extracomment>What a collective over one rank is.</extracomment>
        <translation>單一 GPU：只有一個 rank 的集合通訊不傳輸任何資料（沒有流量，也沒有頻寬）</translation>
    </message>
    <message>
        <source>nodes: {nodes} must be a whole number from 1 to gpus ({gpus})</source>
        <translation>節點：{nodes} 必須是 1 到 GPU 數（{gpus}）之間的整數</translation>
    </message>
    <message>
        <source>nodes: {gpus} GPUs do not split evenly over {nodes} nodes; allowed: a divisor of {gpus}</source>
        <translation>節點：{gpus} 張 GPU 無法平均分到 {nodes} 個節點上；允許：{gpus} 的因數</translation>
    </message>
    <message>
        <source>bytes: {size} must be a positive number of bytes</source>
        <translation>位元組數：{size} 必須是正的位元組數</translation>
    </message>
    <message>
        <source>strategy: unknown {strategy}; allowed: {allowed}</source>
        <extracomment>Data-parallel strategies and the collectives each step runs: (op, which bytes, how many times).</extracomment>
        <translation>策略：未知的 {strategy}；允許：{allowed}</translation>
    </message>
    <message>
        <source>overlap: needs the step&apos;s compute time to hide behind</source>
        <translation>重疊：需要該步的計算時間，通訊才能隱藏在其後</translation>
    </message>
    <message>
        <source>{op}, {ranks} ranks, {backend}</source>
        <extracomment>The largest collectives file read (a run writes a few kilobytes).</extracomment>
        <translation>{op}，{ranks} 個行程，{backend}</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>應為 JSON 物件</translation>
    </message>
    <message>
        <source>&apos;op&apos; must be one of {allowed}, got {op}</source>
        <translation>&apos;op&apos; 必須是 {allowed} 之一，實際為 {op}</translation>
    </message>
    <message>
        <source>&apos;{key}&apos; must be a number &gt; 0, got {value}</source>
        <translation>&apos;{key}&apos; 必須是大於 0 的數，實際為 {value}</translation>
    </message>
    <message>
        <source>cannot read {path}: {reason}</source>
        <translation>無法讀取 {path}：{reason}</translation>
    </message>
    <message>
        <source>line {number}: not JSON ({why}); skipped</source>
        <translation>第 {number} 行：不是 JSON（{why}）；已略過</translation>
    </message>
    <message>
        <source>line {number}: {reason}; skipped</source>
        <translation>第 {number} 行：{reason}；已跳過</translation>
    </message>
    <message>
        <source>{path}: no collective rows (op, bytes, time_s, algbw, busbw, world_size) found</source>
        <translation>{path}：沒有找到集體通訊資料行（op, bytes, time_s, algbw, busbw, world_size）</translation>
    </message>
    <message>
        <source>{strategy} over 1 GPU: {none}</source>
        <translation>{strategy}，1 個 GPU：{none}</translation>
    </message>
    <message>
        <source>overlapped with compute: each step hides up to its compute time ({compute} s) of its {comm} s of communication</source>
        <translation>與計算重疊：每步 {comm} s 的通訊中，最多可隱藏與其計算時間相當的 {compute} s</translation>
    </message>
    <message>
        <source>not overlapped: each of {steps} steps adds {comm} s</source>
        <translation>不重疊：{steps} 步中每步增加 {comm} s</translation>
    </message>
    <message>
        <source>{strategy} over {gpus} GPUs; {how}</source>
        <translation>{strategy}，{gpus} 張 GPU；{how}</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>計算時間</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token 數</translation>
    </message>
    <message>
        <source>batch tokens</source>
        <translation>每批 token 數</translation>
    </message>
    <message>
        <source>{name}: {value} must be a positive number</source>
        <translation>{name}：{value} 必須是正數</translation>
    </message>
    <message>
        <source>batch tokens: {batch} is more than the {tokens} tokens of the run</source>
        <translation>每批 token 數：{batch} 超過了整個訓練的 {tokens} 個 token</translation>
    </message>
</context>
<context>
    <name>Napkin</name>
    <message>
        <source>shape dimension</source>
        <extracomment>The most elements accepted (10^18: far beyond any tensor that exists).</extracomment>
        <translation>形狀的維度</translation>
    </message>
    <message>
        <source>shape: expected text such as 4,8 or 12288*4,12288, got {kind}</source>
        <translation>形狀：應為 4,8 或 12288*4,12288 這樣的文字，實際為 {kind}</translation>
    </message>
    <message>
        <source>shape: {count} dimensions; allowed: at most {most}</source>
        <translation>形狀：{count} 個維度；允許：最多 {most} 個</translation>
    </message>
    <message>
        <source>shape: dimension {position} of {text} is empty; allowed: dimensions separated by single commas or x, e.g. 4,8</source>
        <translation>形狀：{text} 的第 {position} 維為空；允許：用單個逗號或 x 分隔各維，例如 4,8</translation>
    </message>
    <message>
        <source>shape: dimension {position} is {part}; allowed: a whole number or a product such as 12288*4 (no powers)</source>
        <translation>形狀：第 {position} 維是 {part}；允許：整數或 12288*4 這樣的乘積（不支援乘冪）</translation>
    </message>
    <message>
        <source>shape: dimension {position}</source>
        <translation>形狀：第 {position} 維</translation>
    </message>
    <message>
        <source>shape: dimension {position} exceeds {most} elements</source>
        <translation>形狀：第 {position} 維超過 {most} 個元素</translation>
    </message>
    <message>
        <source>1 (0-d)</source>
        <translation>1（0 維）</translation>
    </message>
    <message>
        <source>⌈{numel} × {bits} bits / 8⌉ ({dtype}, packed)</source>
        <translation>⌈{numel} × {bits} 位 / 8⌉（{dtype}，緊湊儲存）</translation>
    </message>
    <message>
        <source>elements = {dims} = {numel}</source>
        <translation>元素數 = {dims} = {numel}</translation>
    </message>
    <message>
        <source>bytes = {product} = {bytes}</source>
        <translation>位元組數 = {product} = {bytes}</translation>
    </message>
    <message>
        <source>shape: {count} elements; allowed: at most {most}</source>
        <translation>形狀：{count} 個元素；允許：最多 {most} 個</translation>
    </message>
    <message>
        <source>shape: expected text or a list of sizes, got {kind}</source>
        <translation>形狀：應為文字或各維大小的清單，實際為 {kind}</translation>
    </message>
    <message>
        <source>params</source>
        <extracomment>Forward (2) plus backward (4) FLOPs per parameter per token.</extracomment>
        <translation>參數量</translation>
    </message>
    <message>
        <source>active params</source>
        <translation>啟用參數量</translation>
    </message>
    <message>
        <source>KV per token = layers × latent width × bytes = {layers} × {latent} × {b} B = {per}</source>
        <translation>每 token 的 KV = 層數 × 潛向量寬度 × 位元組 = {layers} × {latent} × {b} B = {per}</translation>
    </message>
    <message>
        <source>KV per token = 2 × layers × KV heads × head dim × bytes = 2 × {layers} × {heads} × {hd} × {b} B = {per}</source>
        <translation>每 token 的 KV = 2 × 層數 × KV 頭數 × 頭維度 × 位元組 = 2 × {layers} × {heads} × {hd} × {b} B = {per}</translation>
    </message>
    <message>
        <source>KV of one sequence = {per} × {tokens} tokens = {total}</source>
        <translation>一條序列的 KV = {per} × {tokens} 個 token = {total}</translation>
    </message>
    <message>
        <source>decode at batch 1 ≥ (weights + KV) ÷ bandwidth = ({weights} + {kv}) ÷ {bw}/s = {time} → ≤ {rate} tokens/s</source>
        <translation>批次大小 1 的解碼 ≥ (權重 + KV) ÷ 頻寬 = ({weights} + {kv}) ÷ {bw}/s = {time} → ≤ {rate} token/s</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>層數</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 頭數</translation>
    </message>
    <message>
        <source>head dim</source>
        <translation>頭維度</translation>
    </message>
    <message>
        <source>latent width</source>
        <translation>潛向量寬度</translation>
    </message>
    <message>
        <source>bytes per element</source>
        <translation>每元素位元組數</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token 數</translation>
    </message>
    <message>
        <source>weight bytes</source>
        <translation>權重位元組數</translation>
    </message>
    <message>
        <source>bandwidth</source>
        <translation>頻寬</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 數</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天數</translation>
    </message>
    <message>
        <source>peak FLOP/s</source>
        <translation>峰值 FLOP/s</translation>
    </message>
    <message>
        <source>memory per GPU</source>
        <translation>每 GPU 記憶體</translation>
    </message>
    <message>
        <source>bytes per param</source>
        <translation>每參數位元組數</translation>
    </message>
    <message>
        <source>{terms} = {total} bytes/param</source>
        <extracomment>Input name -&gt; validator, shared by the functions below, the Napkin tab and the CLI.</extracomment>
        <translation>{terms} = {total} 位元組/參數</translation>
    </message>
    <message>
        <source>params bf16</source>
        <translation>參數 bf16</translation>
    </message>
    <message>
        <source>grads bf16</source>
        <translation>梯度 bf16</translation>
    </message>
    <message>
        <source>params fp32</source>
        <translation>參數 fp32</translation>
    </message>
    <message>
        <source>grads fp32</source>
        <translation>梯度 fp32</translation>
    </message>
    <message>
        <source>master fp32</source>
        <translation>主權重 fp32</translation>
    </message>
    <message>
        <source>Adam m fp32</source>
        <translation>Adam m fp32</translation>
    </message>
    <message>
        <source>Adam v fp32</source>
        <translation>Adam v fp32</translation>
    </message>
    <message>
        <source>params fp16</source>
        <translation>參數 fp16</translation>
    </message>
    <message>
        <source>grads fp16</source>
        <translation>梯度 fp16</translation>
    </message>
    <message>
        <source>bf16 params &amp; grads, fp32 Adam moments (lecture)</source>
        <extracomment>Recipes for &quot;largest model that fits&quot; (activations excluded, as in the lecture). Their ids are the Memory and Plan tabs&apos; recipe names (:data:`core.memory.recipes.RECIPES`: the same dtypes of weights, gradients, master copy and state), with those tabs&apos; default optimizer, AdamW; two napkin-only choices follow (SGD, inference). The ids of earlier releases are :data:`RECIPE_ALIASES`.</extracomment>
        <translation>bf16 參數與梯度，fp32 Adam 矩（講義）</translation>
    </message>
    <message>
        <source>fp32 everything (naive AdamW)</source>
        <translation>全部 fp32（樸素 AdamW）</translation>
    </message>
    <message>
        <source>mixed precision: bf16 params &amp; grads + fp32 master, Adam m, v</source>
        <translation>混合精度：bf16 參數與梯度 + fp32 主權重、Adam m、v</translation>
    </message>
    <message>
        <source>mixed precision in fp16: fp16 params &amp; grads + fp32 master, Adam m, v</source>
        <translation>fp16 混合精度：fp16 參數和梯度 + fp32 主副本、Adam m、v</translation>
    </message>
    <message>
        <source>bf16 params &amp; grads, plain SGD</source>
        <translation>bf16 參數與梯度，普通 SGD</translation>
    </message>
    <message>
        <source>bf16 weights only (inference)</source>
        <translation>僅 bf16 權重（推論）</translation>
    </message>
    <message>
        <source>recipe: unknown {value}; known: {known}</source>
        <extracomment>The recipe ids of earlier releases, still read (a CLI flag or saved session keeps working).</extracomment>
        <translation>配方：未知的 {value}；已知：{known}</translation>
    </message>
    <message>
        <source>FLOPs = 6·N_active·D = 6 × {params} × {tokens} = {flops}</source>
        <translation>FLOPs = 6·N_active·D = 6 × {params} × {tokens} = {flops}</translation>
    </message>
    <message>
        <source>FLOPs = 6 × N × D = 6 × {params} × {tokens} = {flops}</source>
        <translation>FLOPs = 6 × N × D = 6 × {params} × {tokens} = {flops}</translation>
    </message>
    <message>
        <source>throughput = peak × MFU × GPUs = {peak} × {mfu} × {gpus} = {rate} FLOP/s</source>
        <translation>吞吐量 = 峰值 × MFU × GPU 數 = {peak} × {mfu} × {gpus} = {rate} FLOP/s</translation>
    </message>
    <message>
        <source>time = {flops} / {rate} = {seconds} s = {days} days</source>
        <translation>時間 = {flops} / {rate} = {seconds} s = {days} 天</translation>
    </message>
    <message>
        <source>{active} active of {total} → {time}</source>
        <translation>啟用 {active}，共 {total} → {time}</translation>
    </message>
    <message>
        <source>{flops} at {rate} → {time}</source>
        <translation>{flops} ÷ {rate} → {time}</translation>
    </message>
    <message>
        <source>active params: {active} is more than the {total} parameters of the model; allowed: at most N (empty for a dense model)</source>
        <translation>啟用參數量：{active} 多於模型的 {total} 個參數；允許：不超過 N（稠密模型留空）</translation>
    </message>
    <message>
        <source>bytes/param = {recipe}</source>
        <translation>位元組/參數 = {recipe}</translation>
    </message>
    <message>
        <source>total params = GPUs × memory / bytes per param = {gpus} × {memory} / {per} = {params}</source>
        <translation>總參數量 = GPU 數 × 記憶體 / 每參數位元組數 = {gpus} × {memory} / {per} = {params}</translation>
    </message>
    <message>
        <source>{total} / {per} B per param → {count}</source>
        <translation>{total} / 每參數 {per} B → {count}</translation>
    </message>
    <message>
        <source>counts total parameters: a mixture of experts keeps every expert&apos;s weights, gradients and optimizer state, though each token uses only its active ones</source>
        <extracomment>What the largest-model answer counts, said beside it.</extracomment>
        <translation>按總參數計：混合專家模型保存每個專家的權重、梯度和優化器狀態，儘管每個 token 只用到其啟用的參數</translation>
    </message>
    <message>
        <source>{value} bytes/param</source>
        <translation>{value} 位元組/參數</translation>
    </message>
    <message>
        <source>1 param</source>
        <translation>1 個參數</translation>
    </message>
    <message>
        <source>{count} params</source>
        <translation>{count} 參數</translation>
    </message>
    <message>
        <source>1 token</source>
        <translation>1 個 token</translation>
    </message>
    <message>
        <source>{count} tokens</source>
        <translation>{count} token</translation>
    </message>
    <message>
        <source>GPUs = FLOPs / (peak × MFU × seconds) = {flops} / ({peak} × {mfu} × {seconds}) = {exact} → {count}</source>
        <translation>GPU 數 = FLOPs / (峰值 × MFU × 秒數) = {flops} / ({peak} × {mfu} × {seconds}) = {exact} → {count}</translation>
    </message>
    <message>
        <source>more than 10 million GPUs: no cluster that size exists</source>
        <translation>超過 1000 萬張 GPU：沒有這麼大的叢集</translation>
    </message>
    <message>
        <source>MFU = FLOPs / (peak × GPUs × seconds) = {flops} / ({peak} × {gpus} × {seconds}) = {need} = {percent}</source>
        <translation>MFU = FLOPs / (峰值 × GPU 數 × 秒數) = {flops} / ({peak} × {gpus} × {seconds}) = {need} = {percent}</translation>
    </message>
    <message>
        <source>needs more than 100% of peak: add GPUs or time</source>
        <translation>需要超過峰值的 100%：請增加 GPU 或時間</translation>
    </message>
    <message>
        <source>tokens = peak × MFU × GPUs × seconds / (6 × N) = {peak} × {mfu} × {gpus} × {seconds} / (6 × {params}) = {tokens}</source>
        <translation>token 數 = 峰值 × MFU × GPU 數 × 秒數 / (6 × N) = {peak} × {mfu} × {gpus} × {seconds} / (6 × {params}) = {tokens}</translation>
    </message>
    <message>
        <source>plan: expected the Plan tab&apos;s figures</source>
        <translation>plan：應為規劃頁的數字</translation>
    </message>
    <message>
        <source>plan: {key} is missing</source>
        <translation>plan：缺少 {key}</translation>
    </message>
    <message>
        <source>plan: {key} must be a number ≥ 0</source>
        <translation>plan：{key} 必須是 ≥ 0 的數</translation>
    </message>
    <message>
        <source>plan: {key} must be text</source>
        <translation>plan：{key} 必須是文字</translation>
    </message>
    <message>
        <source>plan: {key} must be a number</source>
        <translation>plan：{key} 必須是數</translation>
    </message>
    <message>
        <source>the device&apos;s TDP in resources/hardware.json (its datasheet)</source>
        <extracomment>Default of every field but the GPU power (the device&apos;s TDP). Where each default comes from (translatable; the CLI prints the English).</extracomment>
        <translation>resources/hardware.json 中該裝置的 TDP（取自其資料手冊）</translation>
    </message>
    <message>
        <source>Luccioni et al. 2022, Estimating the Carbon Footprint of BLOOM (arXiv 2211.02001): 433,196 kWh of GPU energy (1,082,990 GPU-hours × 400 W) and 256,646 kWh of idle and infrastructure energy: (433,196 + 256,646) / 433,196 = 1.59</source>
        <translation>Luccioni 等 2022，《Estimating the Carbon Footprint of BLOOM》（arXiv 2211.02001）：GPU 能耗 433,196 kWh（1,082,990 GPU 小時 × 400 W），另有空閒與基礎設施能耗 256,646 kWh：(433,196 + 256,646) / 433,196 = 1.59</translation>
    </message>
    <message>
        <source>Google data centres&apos; fleet-wide PUE, 1.10 (published since 2021; the Uptime Institute&apos;s 2021 survey average was 1.57)</source>
        <translation>Google 資料中心整體 PUE 1.10（2021 年起公布；Uptime Institute 2021 年調查的平均值為 1.57）</translation>
    </message>
    <message>
        <source>the French grid intensity the BLOOM paper used, 57 gCO2e/kWh (433,196 kWh × 57 g = its 24.7 t of dynamic emissions); type your region&apos;s</source>
        <translation>BLOOM 論文採用的法國電網碳強度 57 gCO2e/kWh（433,196 kWh × 57 g = 其 24.7 t 動態排放）；請輸入你所在地區的值</translation>
    </message>
    <message>
        <source>about the low end of early-2026 on-demand H100 SXM list prices, $2.49-3.99 per GPU-hour (Lambda, CoreWeave, Crusoe, RunPod); type yours</source>
        <translation>約為 2026 年初 H100 SXM 按需標價的下限，每 GPU 小時 $2.49–3.99（Lambda、CoreWeave、Crusoe、RunPod）；請輸入你的價格</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小時</translation>
    </message>
    <message>
        <source>price per GPU-hour</source>
        <translation>每 GPU 小時價格</translation>
    </message>
    <message>
        <source>GPU power (W)</source>
        <translation>GPU 功率（W）</translation>
    </message>
    <message>
        <source>node overhead</source>
        <translation>節點開銷</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>grid intensity (gCO2e/kWh)</source>
        <translation>電網碳強度（gCO2e/kWh）</translation>
    </message>
    <message>
        <source>cost = GPU-hours × price = {hours} × {price} = {cost}</source>
        <translation>費用 = GPU 小時 × 價格 = {hours} × {price} = {cost}</translation>
    </message>
    <message>
        <source>energy = GPU-hours × power × overhead × PUE = {hours} × {power} W × {overhead} × {pue} = {mwh} MWh</source>
        <translation>能耗 = GPU 小時 × 功率 × 開銷 × PUE = {hours} × {power} W × {overhead} × {pue} = {mwh} MWh</translation>
    </message>
    <message>
        <source>CO2e = energy × grid = {kwh} kWh × {grid} g/kWh = {tonnes} t</source>
        <translation>CO2e = 能耗 × 電網 = {kwh} kWh × {grid} g/kWh = {tonnes} t</translation>
    </message>
    <message>
        <source>Hoffmann et al. 2022, Training Compute-Optimal Large Language Models (Chinchilla), arXiv 2203.15556: Table 3 (Approach 1, about 20 tokens per parameter), Table 2 (N_opt and D_opt both ∝ C^0.50); Chinchilla itself: 70B parameters, 1.4T tokens (Section 4.1)</source>
        <extracomment>Tokens per parameter of compute-optimal training (Hoffmann et al. 2022, Table 3, Approach 1). Where the rule comes from, as the CLI and the card name it.</extracomment>
        <translation>Hoffmann 等 2022，《Training Compute-Optimal Large Language Models》（Chinchilla），arXiv 2203.15556：表 3（方法 1，每個參數約 20 個 token），表 2（N_opt 與 D_opt 均 ∝ C^0.50）；Chinchilla 本身：70B 參數、1.4T token（第 4.1 節）</translation>
    </message>
    <message>
        <source>tokens per parameter</source>
        <translation>每參數 token 數</translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <source>D = {ratio} × N (compute-optimal, Chinchilla), C = 6 × N × D</source>
        <translation>D = {ratio} × N（計算最優，Chinchilla），C = 6 × N × D</translation>
    </message>
    <message>
        <source>D = {ratio} × N = {ratio} × {params} = {tokens}</source>
        <translation>D = {ratio} × N = {ratio} × {params} = {tokens}</translation>
    </message>
    <message>
        <source>C = 6 × N × D = 6 × {params} × {tokens} = {flops}</source>
        <translation>C = 6 × N × D = 6 × {params} × {tokens} = {flops}</translation>
    </message>
    <message>
        <source>N = √(C / (6 × {ratio})) = √({flops} / {denominator}) = {params}</source>
        <translation>N = √(C / (6 × {ratio})) = √({flops} / {denominator}) = {params}</translation>
    </message>
    <message>
        <source>{params} on {tokens} ({flops})</source>
        <translation>{params}，訓練 {tokens}（{flops}）</translation>
    </message>
    <message>
        <source>give the parameters or the FLOP budget, not both or neither</source>
        <translation>請給出參數量或 FLOP 預算之一，不能都給或都不給</translation>
    </message>
</context>
<context>
    <name>NapkinTab</name>
    <message>
        <source>batch tokens</source>
        <extracomment>The tensor card&apos;s default dtype: the lecture sizes its GPT-3 matrix in fp32.</extracomment>
        <translation>每批 token 數</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每節點 GPU 數</translation>
    </message>
    <message>
        <source>Model size; accepts 70e9 or 70B</source>
        <translation>模型大小；可寫 70e9 或 70B</translation>
    </message>
    <message>
        <source>A training budget in FLOPs (Gopher&apos;s: 5.76e23)</source>
        <translation>以 FLOPs 計的訓練預算（Gopher 的：5.76e23）</translation>
    </message>
    <message>
        <source>Tokens per parameter (20: Chinchilla, Table 3)</source>
        <translation>每參數 token 數（20：Chinchilla 表 3）</translation>
    </message>
    <message>
        <source>Empty: the GPU-hours of “How long does training take?” (its days × GPUs × 24)</source>
        <translation>留空：取“訓練需要多久？”的 GPU 小時（天數 × GPU 數 × 24）</translation>
    </message>
    <message>
        <source>Watts per GPU; empty: the selected device&apos;s TDP</source>
        <translation>每塊 GPU 的瓦數；留空：所選裝置的 TDP</translation>
    </message>
    <message>
        <source>from the training time</source>
        <translation>取自訓練時間</translation>
    </message>
    <message>
        <source>device TDP</source>
        <translation>裝置 TDP</translation>
    </message>
    <message>
        <source>How many tokens should it see?</source>
        <translation>應訓練多少 token？</translation>
    </message>
    <message>
        <source>Compute-optimal training (Hoffmann et al. 2022, “Chinchilla”): about 20 tokens per parameter, and the size a FLOP budget buys.</source>
        <translation>計算最優訓練（Hoffmann 等 2022，“Chinchilla”）：每個參數約 20 個 token，以及一筆 FLOP 預算能訓練多大的模型。</translation>
    </message>
    <message>
        <source>What does the run cost?</source>
        <translation>這次訓練花費多少？</translation>
    </message>
    <message>
        <source>Money at a GPU-hour price; energy with node overhead and PUE; CO2e at the grid intensity you type. Hover a field for its source.</source>
        <translation>按 GPU 小時價格計費用；計入節點開銷與 PUE 的能耗；按你輸入的電網碳強度計 CO2e。懸停欄位可見來源。</translation>
    </message>
    <message>
        <source>Parameters N</source>
        <extracomment>Field id -&gt; (default text, parser). Defaults are the lecture&apos;s questions.</extracomment>
        <translation>參數量 N</translation>
    </message>
    <message>
        <source>FLOP budget C</source>
        <translation>FLOP 預算 C</translation>
    </message>
    <message>
        <source>Tokens / param</source>
        <translation>token / 參數</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小時</translation>
    </message>
    <message>
        <source>Price / GPU-hour</source>
        <translation>價格 / GPU 小時</translation>
    </message>
    <message>
        <source>GPU power (W)</source>
        <translation>GPU 功率（W）</translation>
    </message>
    <message>
        <source>Node overhead</source>
        <translation>節點開銷</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>Grid (gCO2e/kWh)</source>
        <translation>電網（gCO2e/kWh）</translation>
    </message>
    <message>
        <source>Compute-optimal</source>
        <translation>計算最優</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>花費</translation>
    </message>
    <message>
        <source>{size} · {budget} FLOPs buy {params} on {tokens}</source>
        <translation>{size} · {budget} FLOPs 可訓練 {params}，共 {tokens}</translation>
    </message>
    <message>
        <source>{device} has no TDP in the database: type the GPU power</source>
        <translation>資料庫中沒有 {device} 的 TDP：請輸入 GPU 功率</translation>
    </message>
    <message>
        <source>{cost} · {mwh} MWh</source>
        <translation>{cost} · {mwh} MWh</translation>
    </message>
    <message>
        <source>{cost} at {price} per GPU-hour · {tonnes} t CO2e · GPUs alone {gpu} MWh</source>
        <translation>{cost}（每 GPU 小時 {price}）· {tonnes} t CO2e · 僅 GPU {gpu} MWh</translation>
    </message>
    <message>
        <source>Model size; accepts 70e9, 70B, 70,000,000,000</source>
        <translation>模型大小；可寫作 70e9、70B 或 70,000,000,000</translation>
    </message>
    <message>
        <source>Active N</source>
        <translation>啟用 N</translation>
    </message>
    <message>
        <source>A mixture of experts: the parameters one token uses (37B of DeepSeek-V3&apos;s 671B); training takes 6·N_active·D. Empty for a dense model</source>
        <translation>混合專家模型：一個 token 用到的參數（DeepSeek-V3 的 671B 中的 37B）；訓練需 6·N_active·D。稠密模型留空</translation>
    </message>
    <message>
        <source>Tokens D</source>
        <translation>Token 數 D</translation>
    </message>
    <message>
        <source>Training tokens; accepts 15e12 or 15T</source>
        <translation>訓練 token 數；可寫作 15e12 或 15T</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 數</translation>
    </message>
    <message>
        <source>Number of accelerators of the selected device</source>
        <translation>所選裝置的加速器數量</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation, 0 &lt; MFU ≤ 1 (0.5 or 50%): a share of the model FLOPs 6·N·D, with no recomputation counted</source>
        <translation>模型 FLOPs 利用率，0 &lt; MFU ≤ 1（0.5 或 50%）：模型 FLOPs 6·N·D 的占比，不計重計算</translation>
    </message>
    <message>
        <source>Accelerators whose memory holds the training state</source>
        <translation>用來容納訓練狀態的加速器數量（按記憶體計）</translation>
    </message>
    <message>
        <source>Bytes / param</source>
        <translation>位元組 / 參數</translation>
    </message>
    <message>
        <source>Used when the recipe is &apos;custom&apos;</source>
        <translation>配方為「自訂」時使用</translation>
    </message>
    <message>
        <source>Batch tokens</source>
        <translation>每批 token 數</translation>
    </message>
    <message>
        <source>Tokens per optimizer step: each step all-reduces the gradients once (4M = 4e6)</source>
        <translation>每個優化器步的 token 數：每步對梯度做一次 all-reduce（4M = 4e6）</translation>
    </message>
    <message>
        <source>GPUs sharing the fast intra-node link (NVLink); the ring crosses the network between nodes</source>
        <translation>共享節點內高速鏈路（NVLink）的 GPU 數；環在節點之間經過網路</translation>
    </message>
    <message>
        <source>Deadline (days)</source>
        <translation>期限（天）</translation>
    </message>
    <message>
        <source>Wall-clock budget for the inverse questions</source>
        <translation>反向問題的牆鐘時間預算</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形狀</translation>
    </message>
    <message>
        <source>Dimensions separated by commas or x; each may be a product (12288*4). Empty = a scalar</source>
        <translation>各維用逗號或 x 分隔；每維可以是乘積（12288*4）。留空 = 純量</translation>
    </message>
    <message>
        <source>choose a dtype the selected device has a peak for</source>
        <translation>請選擇所選裝置有峰值資料的資料型別</translation>
    </message>
    <message>
        <source>= N (dense)</source>
        <translation>= N（稠密）</translation>
    </message>
    <message>
        <source>custom N</source>
        <translation>自訂 N</translation>
    </message>
    <message>
        <source>Take N from a model&apos;s exact parameter count (Memory tab presets)</source>
        <translation>取模型的精確參數量作為 N（記憶體分頁的預設）</translation>
    </message>
    <message>
        <source>custom bytes per parameter</source>
        <translation>自訂每參數位元組數</translation>
    </message>
    <message>
        <source>What each parameter costs in memory (activations not included)</source>
        <translation>每個參數佔用的記憶體（不含激活值）</translation>
    </message>
    <message>
        <source>How long does training take?</source>
        <translation>訓練需要多久？</translation>
    </message>
    <message>
        <source>6·N·D FLOPs on the selected device and dtype at a given MFU (lecture question 1).</source>
        <translation>6·N·D FLOPs，按所選裝置、資料型別和 MFU（講義問題一）</translation>
    </message>
    <message>
        <source>Largest model that fits</source>
        <translation>放得下的最大模型</translation>
    </message>
    <message>
        <source>Total memory over bytes per parameter; activations excluded, so an upper bound (lecture question 2).</source>
        <translation>總記憶體 ÷ 每參數位元組數；不計激活值，故為上界（講義問題二）</translation>
    </message>
    <message>
        <source>What would it take?</source>
        <translation>需要多少資源？</translation>
    </message>
    <message>
        <source>For the N, D, GPUs and MFU of “How long does training take?”: GPUs to meet a deadline, MFU needed, tokens affordable.</source>
        <translation>按「訓練需要多久？」中的 N、D、GPU 數和 MFU：趕上期限需要的 GPU 數、需要的 MFU、期限內能訓練的 token 數。</translation>
    </message>
    <message>
        <source>How big is one tensor?</source>
        <translation>一個張量有多大？</translation>
    </message>
    <message>
        <source>Elements × bytes per element (the lecture&apos;s GPT-3 FFN matrix in fp32 by default).</source>
        <translation>元素數 × 每元素位元組數（預設是講義中 fp32 的 GPT-3 FFN 矩陣）。</translation>
    </message>
    <message>
        <source>What does communication add?</source>
        <translation>通訊要加多少時間？</translation>
    </message>
    <message>
        <source>overlapped with compute</source>
        <translation>與計算重疊</translation>
    </message>
    <message>
        <source>On: gradients are reduced during backward, so each step pays only the communication beyond its compute time. Off: every step adds its whole communication time.</source>
        <translation>開：梯度在反向傳播時歸約，每步只多花超出其計算時間的那部分通訊。關：每步都加上全部通訊時間。</translation>
    </message>
    <message>
        <source>This card&apos;s own element dtype (the toolbar&apos;s is for compute)</source>
        <translation>本卡片自己的元素資料型別（工具列上的用於計算）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>記憶體 / GPU</translation>
    </message>
    <message>
        <source>Recipe</source>
        <translation>配方</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>資料型別</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>訓練時間</translation>
    </message>
    <message>
        <source>Largest model</source>
        <translation>最大模型</translation>
    </message>
    <message>
        <source>One tensor</source>
        <translation>單個張量</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通訊</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>檢查點</translation>
    </message>
    <message>
        <source>{field}: see the message under the field</source>
        <translation>{field}：見輸入框下方的提示</translation>
    </message>
    <message>
        <source>{device}: the largest model is figured on the datasheet&apos;s memory, as the lecture does; the Memory and Plan tabs fit against the driver&apos;s figure</source>
        <translation>{device}：最大模型按規格書的顯存計算（與課程一致）；內存和規划標籤頁按驅動報告的容量判斷是否放得下</translation>
    </message>
    <message>
        <source>{rate} dense {dtype}</source>
        <translation>{rate} 稠密 {dtype}</translation>
    </message>
    <message>
        <source>{summary} · {dtype} at MFU {mfu}</source>
        <translation>{summary} · {dtype}，MFU {mfu}</translation>
    </message>
    <message>
        <source>{summary} · {dtype}: the Plan&apos;s {layout}, MFU {mfu} in 6·N·D (no attention FLOPs; the Plan&apos;s headline MFU {plan_mfu} counts them)</source>
        <translation>{summary} · {dtype}：規劃的 {layout}，按 6·N·D 的 MFU {mfu}（不計注意力的 FLOPs；規劃標題中的 MFU {plan_mfu} 計入了它們）</translation>
    </message>
    <message>
        <source>HFU {hfu}: 6·N·D counts no recomputation, so HFU = MFU; with full recomputation the GPUs execute 8·N·D in the same time: HFU {full}</source>
        <translation>HFU {hfu}：6·N·D 不計重計算，因此 HFU = MFU；全量重計算時，GPU 在同樣時間內執行 8·N·D：HFU {full}</translation>
    </message>
    <message>
        <source>the Plan&apos;s {layout}: {comm} of each {step} step ({share})</source>
        <translation>規劃的 {layout}：每步 {step} 中通訊佔 {comm}（{share}）</translation>
    </message>
    <message>
        <source>plain data parallelism</source>
        <translation>普通資料平行</translation>
    </message>
    <message>
        <source>{layout}: {need} per GPU of {have}</source>
        <translation>{layout}：每張 GPU {need}（容量 {have}）</translation>
    </message>
    <message>
        <source>{layout}: {need} per GPU of {have}; plain data parallelism needs {plain}</source>
        <translation>{layout}：每張 GPU {need}（容量 {have}）；普通資料平行需要 {plain}</translation>
    </message>
    <message>
        <source>No data-parallel layout fits: even ZeRO-3 over {gpus} keeps {need} per GPU of {have} (activations not counted). The model needs tensor or pipeline parallelism: the Plan tab searches those layouts.</source>
        <translation>沒有放得下的資料平行配置：即使在 {gpus} 上用 ZeRO-3，每張 GPU 也要 {need}，只有 {have}（未計激活值）。這個模型需要張量平行或管線平行：規劃頁會搜尋這些配置。</translation>
    </message>
    <message>
        <source>GPUs per node: {per_node} does not divide the {gpus} GPUs; allowed: a divisor of the GPUs</source>
        <translation>每節點 GPU 數：{per_node} 不能整除 {gpus} 張 GPU；允許：GPU 數的因數</translation>
    </message>
    <message>
        <source>{compute} of compute; no communication</source>
        <translation>計算 {compute}；沒有通訊</translation>
    </message>
    <message>
        <source>{compute} of compute + {comm} of communication ({nodes})</source>
        <translation>計算 {compute} + 通訊 {comm}（{nodes}）</translation>
    </message>
    <message>
        <source>{count} node</source>
        <translation>{count} 個節點</translation>
    </message>
    <message>
        <source>{count} nodes</source>
        <translation>{count} 個節點</translation>
    </message>
    <message>
        <source> · {params} with the {driver} the driver reports</source>
        <translation> · 按驅動報告的 {driver}：{params}</translation>
    </message>
    <message>
        <source>{count} elements in {dtype}</source>
        <translation>{count} 個 {dtype} 元素</translation>
    </message>
    <message>
        <source>{count} day</source>
        <translation>{count} 天</translation>
    </message>
    <message>
        <source>{count} days</source>
        <translation>{count} 天</translation>
    </message>
    <message>
        <source>{total}, {active} active</source>
        <translation>{total}，啟用 {active}</translation>
    </message>
    <message>
        <source>{count} parameters, {active} active per token (top-{k} of {e} experts)</source>
        <translation>{count} 個參數，每個 token 啟用 {active} 個（{e} 個專家中的 top-{k}）</translation>
    </message>
    <message>
        <source>{count} GPU</source>
        <translation>{count} 張 GPU</translation>
    </message>
    <message>
        <source>Data parallelism over the GPUs of “How long does training take?”, in the least sharded layout that fits (plain, ZeRO-1, 2 or 3): its bf16 collectives every step (rings), over NVLink inside a node and the network between nodes. A run sent by the Plan tab shows the Plan&apos;s layout.</source>
        <translation>在「訓練需要多久？」的 GPU 上做資料平行，取放得下的切分最少的配置（普通、ZeRO-1、2 或 3）：每步的 bf16 集合通訊（環形），節點內走 NVLink，節點間走網路。規劃頁送來的訓練顯示規劃的配置。</translation>
    </message>
    <message>
        <source>Inside the MFU the Plan sent: these are its days, likely {low}–{high}</source>
        <translation>已包含在規劃送來的 MFU 中：這就是規劃的天數，可能 {low}–{high} 天</translation>
    </message>
    <message>
        <source>Inside the MFU the Plan sent: these are its days</source>
        <translation>已包含在規劃送來的 MFU 中：這就是規劃的天數</translation>
    </message>
    <message>
        <source>{count} GPUs</source>
        <translation>{count} 張 GPU</translation>
    </message>
    <message>
        <source>{layout}. {how}</source>
        <translation>{layout}；{how}</translation>
    </message>
    <message>
        <source>{gpus} for {days}</source>
        <translation>{days}需 {gpus}</translation>
    </message>
    <message>
        <source>MFU needed with {gpus}: {mfu}</source>
        <translation>用 {gpus} 需要的 MFU：{mfu}</translation>
    </message>
    <message>
        <source> · tokens affordable in {days}: {tokens}</source>
        <translation> · {days}內能訓練的 token 數：{tokens}</translation>
    </message>
    <message>
        <source>{field}: expected text, got {kind}</source>
        <translation>{field}：應為文字，實際為 {kind}</translation>
    </message>
    <message>
        <source>napkin: {problem}</source>
        <translation>心算：{problem}</translation>
    </message>
    <message>
        <source>napkin: unknown model {model}; kept N as typed</source>
        <translation>心算：未知模型 {model}；N 保持輸入的值</translation>
    </message>
    <message>
        <source>napkin: unknown tensor dtype {dtype}; allowed: {allowed}</source>
        <translation>心算：未知的張量資料型別 {dtype}；允許：{allowed}</translation>
    </message>
    <message>
        <source>napkin: overlap {value}; allowed: true or false</source>
        <translation>心算：重疊 {value}；允許：true 或 false</translation>
    </message>
    <message>
        <source>napkin: unknown recipe {recipe}; kept the current one</source>
        <translation>心算：未知配方 {recipe}；保留目前配方</translation>
    </message>
    <message>
        <source>{count} parameters</source>
        <translation>{count} 個參數</translation>
    </message>
</context>
</TS>
