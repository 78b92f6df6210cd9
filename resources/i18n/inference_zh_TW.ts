<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>Inference</name>
    <message>
        <source>kv-dtype: {value}; allowed: {allowed}</source>
        <extracomment>KV-cache dtypes -&gt; their element format in :data:`core.numbers.formats.FORMATS`.</extracomment>
        <translation>kv-dtype：{value}；允許：{allowed}</translation>
    </message>
    <message>
        <source>model: serving needs a transformer; allowed: a preset, a config.json or --dims</source>
        <extracomment>The largest batch searched or accepted.</extracomment>
        <translation>model：推論需要一個 transformer；允許：預設、config.json 或 --dims</translation>
    </message>
    <message>
        <source>tp: {tp} does not divide the {heads} attention heads; allowed: a divisor of {heads}</source>
        <translation>tp：{tp} 無法整除 {heads} 個注意力頭；允許：{heads} 的因數</translation>
    </message>
    <message>
        <source>tp: {tp} and the {kv} KV heads: one must divide the other</source>
        <translation>tp：{tp} 與 {kv} 個 KV 頭必須有一個整除另一個</translation>
    </message>
    <message>
        <source>gpus: {gpus} is not a multiple of tp {tp}; allowed: whole replicas of tp GPUs</source>
        <translation>gpus：{gpus} 不是 tp {tp} 的倍數；允許：整數個由 tp 張 GPU 組成的副本</translation>
    </message>
    <message>
        <source>ep: {ep}, but {model} has no routed experts; allowed: ep 1</source>
        <translation>ep：{ep}，但 {model} 沒有路由專家；允許：ep 1</translation>
    </message>
    <message>
        <source>ep: {ep} must divide the {experts} experts and the {gpus} GPUs and be a multiple of tp {tp}</source>
        <translation>ep：{ep} 必須整除 {experts} 個專家和 {gpus} 張 GPU，並且是 tp {tp} 的倍數</translation>
    </message>
    <message>
        <source>prompt + output: {tokens} tokens is beyond {model}&apos;s {positions} learned positions; allowed: up to {positions}</source>
        <translation>提示 + 輸出：{tokens} 個 token 超出 {model} 的 {positions} 個學習位置；允許：最多 {positions}</translation>
    </message>
    <message>
        <source>batch: not one sequence fits; the figures are for a batch of 1</source>
        <translation>批次大小：連一條序列都放不下；以下數字按批次大小 1 計算</translation>
    </message>
    <message>
        <source>{device} has no {dtype} peak: the {fmt} weights are dequantized and multiplied in {gemm}</source>
        <translation>{device} 沒有 {dtype} 峰值：{fmt} 權重先反量化，再以 {gemm} 相乘</translation>
    </message>
    <message>
        <source>tp: {device} has no {which} bandwidth in the database, so TP {tp} cannot be timed; allowed: tp 1, or a device with one</source>
        <extracomment>Bytes of one activation element (bf16). Tokens of one prefill forward (vLLM V1&apos;s default token budget of an offline run). The smallest M side of cuBLAS&apos;s typical GEMM tiles (NVIDIA, *Matrix Multiplication Background User&apos;s Guide*, §2.3: 256×128, 128×256, 128×128, 256×64, 64×256, 128×64, 64×128, 64×64): an ``M``-row GEMM computes at least ``64·⌈M/64⌉`` rows.</extracomment>
        <translation>tp：資料庫中沒有 {device} 的 {which} 頻寬，無法估算 TP {tp} 的時間；允許：tp 1，或有該頻寬的裝置</translation>
    </message>
    <message>
        <source>ep: {device} has no link bandwidth in the database, so EP {ep} cannot be timed; allowed: ep 1</source>
        <translation>ep：資料庫中沒有 {device} 的互連頻寬，無法估算 EP {ep} 的時間；允許：ep 1</translation>
    </message>
    <message>
        <source>weights: {value}; allowed: {allowed}</source>
        <extracomment>``block`` of a format with one scale per output row. Matrix groups (:class:`core.inference.shapes.Matrix`) a format quantizes; the rest stay bf16. Bytes of a value that stays in 16 bits. Format id -&gt; its storage.</extracomment>
        <translation>weights：{value}；允許：{allowed}</translation>
    </message>
    <message>
        <source>device: {device} has no bf16, fp16 or fp32 peak to run {fmt} weights on; allowed: a device with one</source>
        <translation>device：{device} 沒有可執行 {fmt} 權重的 bf16、fp16 或 fp32 峰值；允許：有這些峰值之一的裝置</translation>
    </message>
    <message>
        <source>Quantize the weights to {fmt}</source>
        <translation>把權重量化為 {fmt}</translation>
    </message>
    <message>
        <source>An FP8 KV cache</source>
        <translation>FP8 KV 快取</translation>
    </message>
    <message>
        <source>TP {tp} (from {now})</source>
        <translation>TP {tp}（原為 {now}）</translation>
    </message>
    <message>
        <source>TP {tp} on {gpus} GPUs (from TP {now} on {had})</source>
        <translation>{gpus} 張 GPU 上 TP {tp}（原為 {had} 張 GPU 上 TP {now}）</translation>
    </message>
    <message>
        <source>Serve on {device}</source>
        <translation>在 {device} 上推論服務</translation>
    </message>
</context>
<context>
    <name>InferenceBatch</name>
    <message>
        <source>Sequences per replica served together; the roofline&apos;s points and the curves&apos; markers follow</source>
        <extracomment>The largest batch the spin box takes (:data:`core.inference.serve.MAX_BATCH`).</extracomment>
        <translation>每個副本同時服務的序列數；Roofline 上的點和曲線上的標記隨之移動</translation>
    </message>
    <message>
        <source>Any batch from 1 to {most}</source>
        <translation>任意批次，1 到 {most}</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>The largest batch that fits in each GPU&apos;s memory, followed as the inputs change</source>
        <translation>每張 GPU 記憶體放得下的最大批次，輸入變化時隨之更新</translation>
    </message>
</context>
<context>
    <name>InferenceCurves</name>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>tokens/s</translation>
    </message>
    <message>
        <source>batch (sequences per replica)</source>
        <translation>批次（每個副本的序列數）</translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>TPOT</source>
        <translation>TPOT</translation>
    </message>
    <message>
        <source>output tokens/s per GPU</source>
        <translation>每 GPU 輸出 tokens/s</translation>
    </message>
    <message>
        <source>no batch fits</source>
        <translation>沒有放得下的批次</translation>
    </message>
    <message>
        <source>largest batch {batch}</source>
        <translation>最大批次 {batch}</translation>
    </message>
    <message>
        <source>largest batch that fits: {batch}</source>
        <translation>放得下的最大批次：{batch}</translation>
    </message>
</context>
<context>
    <name>InferenceInputs</name>
    <message>
        <source>Pick the device in the toolbar; every tab uses it</source>
        <extracomment>The tab opens on the CLI&apos;s defaults: llama3-8b on one H100 (the toolbar&apos;s), bf16, 1,024 + 256.</extracomment>
        <translation>在工具列中選擇裝置；所有分頁都使用它</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 數</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>EP (MoE)</source>
        <translation>EP（MoE）</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示詞</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>輸出</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>權重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 快取</translation>
    </message>
    <message>
        <source>A preset, transformer:d=..,layers=..,heads=.., dimensions layers=L,hidden=H,heads=A[,kv_heads=K,ffn=F,vocab=V,act=gelu|swiglu,norm=layer|rms], a Hugging Face Hub id org/name (its config.json from the local cache) or a Hugging Face config.json (Config file…)</source>
        <translation>預設、transformer:d=..,layers=..,heads=..、維度 layers=L,hidden=H,heads=A[,kv_heads=K,ffn=F,vocab=V,act=gelu|swiglu,norm=layer|rms]、Hugging Face Hub 識別碼 org/name（從本機快取讀取其 config.json）或 Hugging Face config.json（設定檔…）</translation>
    </message>
    <message>
        <source>GPUs serving: GPUs ÷ TP replicas side by side (1 to 10,000,000)</source>
        <translation>服務用的 GPU 數：GPU 數 ÷ TP 個副本並排執行（1 到 10,000,000）</translation>
    </message>
    <message>
        <source>Tensor-parallel GPUs of one replica: must divide the attention heads</source>
        <translation>一個副本的張量平行 GPU 數：必須整除注意力頭數</translation>
    </message>
    <message>
        <source>Expert-parallel GPUs (MoE models only): each layer&apos;s routed experts spread whole over them; a multiple of TP dividing the experts and the GPUs; 1 for dense models</source>
        <translation>專家平行 GPU 數（僅 MoE 模型）：每層的路由專家整個分布在這些 GPU 上；須是 TP 的倍數，且整除專家數和 GPU 數；稠密模型為 1</translation>
    </message>
    <message>
        <source>Prompt tokens per sequence (prefilled)</source>
        <translation>每個序列的提示詞 token 數（預填充）</translation>
    </message>
    <message>
        <source>Output tokens per sequence (decoded one a step)</source>
        <translation>每個序列的輸出 token 數（每步解碼一個）</translation>
    </message>
    <message>
        <source>Weight format of the layers&apos; matrices, block scales counted; embeddings, LM head, router and norms stay bf16</source>
        <translation>各層矩陣的權重格式，計入區塊縮放因子；嵌入、LM head、路由器和正規化保持 bf16</translation>
    </message>
    <message>
        <source>KV-cache dtype: bf16 or fp8 (one byte)</source>
        <translation>KV 快取的 dtype：bf16 或 fp8（一個位元組）</translation>
    </message>
    <message>
        <source>Device: {device}</source>
        <translation>裝置：{device}</translation>
    </message>
</context>
<context>
    <name>InferenceMemory</name>
    <message>
        <source>weights</source>
        <extracomment>The categories left to right (:class:`core.inference.serve.Memory`&apos;s parts, then free). Category -&gt; index into the theme&apos;s series (the Memory tab&apos;s weights and activations colours).</extracomment>
        <translation>權重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 快取</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>allowance</source>
        <translation>預留</translation>
    </message>
    <message>
        <source>free</source>
        <translation>空閒</translation>
    </message>
</context>
<context>
    <name>InferenceTab</name>
    <message>
        <source>Serve a model</source>
        <extracomment>Wait after the last input change before serving again (typing in the model box), ms. Wait after the slider stops before the &quot;what to change&quot; list is served again, ms. Changes listed (the best first), and on a slide (presentation mode).</extracomment>
        <translation>推論服務一個模型</translation>
    </message>
    <message>
        <source>Batch (sequences per replica)</source>
        <translation>批次（每個副本的序列數）</translation>
    </message>
    <message>
        <source>Time to first token: the prefill of the batch&apos;s prompts</source>
        <translation>首 token 時間：該批提示詞的預填充</translation>
    </message>
    <message>
        <source>Time per output token: one decode step at the mean cache</source>
        <translation>每個輸出 token 的時間：平均快取長度下的一步解碼</translation>
    </message>
    <message>
        <source>Output tokens/s of all replicas, prefill included</source>
        <translation>所有副本的輸出 tokens/s，含預填充</translation>
    </message>
    <message>
        <source>Output tokens/s over the GPUs</source>
        <translation>輸出 tokens/s 除以 GPU 數</translation>
    </message>
    <message>
        <source>The largest batch per replica that fits in each GPU&apos;s memory</source>
        <translation>每張 GPU 記憶體放得下的每副本最大批次</translation>
    </message>
    <message>
        <source>Whether this batch fits in each GPU&apos;s memory</source>
        <translation>這個批次是否放得進每張 GPU 的記憶體</translation>
    </message>
    <message>
        <source>What to change</source>
        <translation>改什麼</translation>
    </message>
    <message>
        <source>Each change served again with the rest kept (a fixed batch stays, max follows), ranked by tokens/s per GPU; one that makes a batch fit first</source>
        <translation>每項改動都在其餘不變的情況下重新計算（固定批次保持不變，「最大」隨之更新），按每 GPU tokens/s 排序；能讓批次放得下的改動排在最前</translation>
    </message>
    <message>
        <source>Export figures…</source>
        <translation>匯出數據…</translation>
    </message>
    <message>
        <source>Save the figures shown, the curves against the batch and what to change as JSON (the keys of napkinlab inference --json)</source>
        <translation>把顯示的數據、隨批次變化的曲線和改動建議儲存為 JSON（鍵與 napkinlab inference --json 相同）</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>匯出 CSV…</translation>
    </message>
    <message>
        <source>Save the curves against the batch as CSV: per batch TTFT, TPOT, tokens/s and per GPU, and the memory per GPU by part (seconds, bytes)</source>
        <translation>把隨批次變化的曲線存成 CSV：每個批次的 TTFT、TPOT、tokens/s 與每 GPU tokens/s，以及依部分列出的每 GPU 記憶體（秒、位元組）</translation>
    </message>
    <message>
        <source>prefill and decode</source>
        <translation>預填充和解碼</translation>
    </message>
    <message>
        <source>Batch {batch} does not fit: the largest that does is {most}</source>
        <translation>批次 {batch} 放不下：放得下的最大批次是 {most}</translation>
    </message>
    <message>
        <source>None of quantized weights, an FP8 KV cache, more TP or another device serves more tokens/s per GPU</source>
        <translation>量化權重、FP8 KV 快取、更大的 TP 或換裝置都不能提高每 GPU tokens/s</translation>
    </message>
    <message>
        <source>Figures written to {path}</source>
        <translation>數據已寫入 {path}</translation>
    </message>
    <message>
        <source>Curves written to {path}</source>
        <translation>曲線已寫入 {path}</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>匯出 CSV</translation>
    </message>
    <message>
        <source>Export figures</source>
        <translation>匯出數據</translation>
    </message>
</context>
<context>
    <name>InferenceView</name>
    <message>
        <source>model: serving needs a transformer; allowed: a preset, transformer:…, layers=…,hidden=…,heads=… or a config file</source>
        <extracomment>The devices &quot;what to change&quot; offers besides the selected one (the serving benchmarks&apos; GPUs). Batches swept one by one before the grid turns geometric. Steps per doubling beyond :data:`_DENSE`.</extracomment>
        <translation>model：推論服務需要 Transformer；可用：預設、transformer:…、layers=…,hidden=…,heads=… 或設定檔</translation>
    </message>
    <message>
        <source>{roof}: peak {peak}, bandwidth {bandwidth}/s, ridge {ridge} FLOP/byte</source>
        <translation>{roof}：峰值 {peak}，頻寬 {bandwidth}/s，脊點 {ridge} FLOP/byte</translation>
    </message>
    <message>
        <source>{dtype} datasheet</source>
        <translation>{dtype} 規格值</translation>
    </message>
    <message>
        <source>{dtype} achievable</source>
        <translation>{dtype} 可達值</translation>
    </message>
    <message>
        <source>achievable ridge
{ridge} FLOP/B</source>
        <translation>可達折點
{ridge} FLOP/B</translation>
    </message>
    <message>
        <source>achievable
ridge {ridge}</source>
        <translation>可達
折點 {ridge}</translation>
    </message>
    <message>
        <source>datasheet ridge
{ridge} FLOP/B</source>
        <translation>規格折點
{ridge} FLOP/B</translation>
    </message>
    <message>
        <source>datasheet
ridge {ridge}</source>
        <translation>規格
折點 {ridge}</translation>
    </message>
    <message>
        <source>{phase}: {flops_rate} achieved at {intensity} FLOP/byte, {bound}-bound; {time}</source>
        <translation>{phase}：在 {intensity} FLOP/byte 處達到 {flops_rate}，{bound}受限；{time}</translation>
    </message>
    <message>
        <source>prefill {batch}×{prompt}</source>
        <translation>預填充 {batch}×{prompt}</translation>
    </message>
    <message>
        <source>decode, batch {batch}</source>
        <translation>解碼，批次 {batch}</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>計算</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>記憶體</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>TPOT</source>
        <translation>TPOT</translation>
    </message>
    <message>
        <source>output tokens/s</source>
        <translation>輸出 tokens/s</translation>
    </message>
    <message>
        <source>tokens/s per GPU</source>
        <translation>每 GPU tokens/s</translation>
    </message>
    <message>
        <source>largest batch</source>
        <translation>最大批次</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>Memory per GPU, batch {batch} (of {capacity})</source>
        <translation>每 GPU 記憶體，批次 {batch}（共 {capacity}）</translation>
    </message>
    <message>
        <source>{change}: {before} → {after} tokens/s per GPU (×{gain}), largest batch {most_before} → {most_after}</source>
        <translation>{change}：每 GPU {before} → {after} tokens/s（×{gain}），最大批次 {most_before} → {most_after}</translation>
    </message>
    <message>
        <source>{change}: ×{gain} tokens/s per GPU</source>
        <translation>{change}：每 GPU tokens/s ×{gain}</translation>
    </message>
</context>
<context>
    <name>NapkinKV</name>
    <message>
        <source>tokens</source>
        <extracomment>The card&apos;s defaults: Llama 3 8B holding its full 8,192-token context.</extracomment>
        <translation>token 數</translation>
    </message>
    <message>
        <source>KV cache and decode speed</source>
        <translation>KV 快取與解碼速度</translation>
    </message>
    <message>
        <source>One sequence&apos;s cache, and batch-1 decoding: every bf16 weight and the cache read once per token, at the datasheet bandwidth (an upper bound).</source>
        <translation>一條序列的快取，以及批次大小 1 的解碼：每產生一個 token，所有 bf16 權重和快取各讀一次，按規格書頻寬計算（上限）。</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 快取</translation>
    </message>
    <message>
        <source>The model whose layers and KV heads are cached</source>
        <translation>快取其各層 KV 頭的模型</translation>
    </message>
    <message>
        <source>Tokens the sequence holds: its prompt and the tokens generated so far</source>
        <translation>序列持有的 token：提示加上目前已產生的 token</translation>
    </message>
    <message>
        <source>The cache&apos;s element dtype</source>
        <translation>快取元素的資料型別</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>token 數</translation>
    </message>
    <message>
        <source>KV dtype</source>
        <translation>KV 資料型別</translation>
    </message>
    <message>
        <source>{field}: see the message under the field</source>
        <translation>{field}：見欄位下方的提示</translation>
    </message>
    <message>
        <source>{per} per token · decoding at batch 1: at most {rate} tokens/s</source>
        <translation>每 token {per} · 批次大小 1 解碼：最多 {rate} token/s</translation>
    </message>
    <message>
        <source>napkin: the KV-cache card&apos;s state is not an object; kept the card as it was</source>
        <translation>napkin：KV 快取卡片的狀態不是物件；卡片保持原樣</translation>
    </message>
    <message>
        <source>napkin: unknown {what} {value}; kept {current}</source>
        <translation>napkin：未知的 {what} {value}；保留 {current}</translation>
    </message>
    <message>
        <source>napkin: {problem}</source>
        <translation>napkin：{problem}</translation>
    </message>
</context>
</TS>
