<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Inference</name>
    <message>
        <source>kv-dtype: {value}; allowed: {allowed}</source>
        <extracomment>KV-cache dtypes -&gt; their element format in :data:`core.numbers.formats.FORMATS`.</extracomment>
        <translation>kv-dtype：{value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>model: serving needs a transformer; allowed: a preset, a config.json or --dims</source>
        <extracomment>The largest batch searched or accepted.</extracomment>
        <translation>model：推理需要一个 transformer；允许：预设、config.json 或 --dims</translation>
    </message>
    <message>
        <source>tp: {tp} does not divide the {heads} attention heads; allowed: a divisor of {heads}</source>
        <translation>tp：{tp} 不能整除 {heads} 个注意力头；允许：{heads} 的约数</translation>
    </message>
    <message>
        <source>tp: {tp} and the {kv} KV heads: one must divide the other</source>
        <translation>tp：{tp} 与 {kv} 个 KV 头必须有一个整除另一个</translation>
    </message>
    <message>
        <source>gpus: {gpus} is not a multiple of tp {tp}; allowed: whole replicas of tp GPUs</source>
        <translation>gpus：{gpus} 不是 tp {tp} 的倍数；允许：整数个由 tp 张 GPU 组成的副本</translation>
    </message>
    <message>
        <source>ep: {ep}, but {model} has no routed experts; allowed: ep 1</source>
        <translation>ep：{ep}，但 {model} 没有路由专家；允许：ep 1</translation>
    </message>
    <message>
        <source>ep: {ep} must divide the {experts} experts and the {gpus} GPUs and be a multiple of tp {tp}</source>
        <translation>ep：{ep} 必须整除 {experts} 个专家和 {gpus} 张 GPU，并且是 tp {tp} 的倍数</translation>
    </message>
    <message>
        <source>prompt + output: {tokens} tokens is beyond {model}&apos;s {positions} learned positions; allowed: up to {positions}</source>
        <translation>提示 + 输出：{tokens} 个 token 超出 {model} 的 {positions} 个学习位置；允许：最多 {positions}</translation>
    </message>
    <message>
        <source>batch: not one sequence fits; the figures are for a batch of 1</source>
        <translation>批大小：连一条序列都放不下；以下数字按批大小 1 计算</translation>
    </message>
    <message>
        <source>{device} has no {dtype} peak: the {fmt} weights are dequantized and multiplied in {gemm}</source>
        <translation>{device} 没有 {dtype} 峰值：{fmt} 权重先反量化，再以 {gemm} 相乘</translation>
    </message>
    <message>
        <source>tp: {device} has no {which} bandwidth in the database, so TP {tp} cannot be timed; allowed: tp 1, or a device with one</source>
        <extracomment>Bytes of one activation element (bf16). Tokens of one prefill forward (vLLM V1&apos;s default token budget of an offline run). The smallest M side of cuBLAS&apos;s typical GEMM tiles (NVIDIA, *Matrix Multiplication Background User&apos;s Guide*, §2.3: 256×128, 128×256, 128×128, 256×64, 64×256, 128×64, 64×128, 64×64): an ``M``-row GEMM computes at least ``64·⌈M/64⌉`` rows.</extracomment>
        <translation>tp：数据库中没有 {device} 的 {which} 带宽，无法估算 TP {tp} 的时间；允许：tp 1，或有该带宽的设备</translation>
    </message>
    <message>
        <source>ep: {device} has no link bandwidth in the database, so EP {ep} cannot be timed; allowed: ep 1</source>
        <translation>ep：数据库中没有 {device} 的互连带宽，无法估算 EP {ep} 的时间；允许：ep 1</translation>
    </message>
    <message>
        <source>weights: {value}; allowed: {allowed}</source>
        <extracomment>``block`` of a format with one scale per output row. Matrix groups (:class:`core.inference.shapes.Matrix`) a format quantizes; the rest stay bf16. Bytes of a value that stays in 16 bits. Format id -&gt; its storage.</extracomment>
        <translation>weights：{value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>device: {device} has no bf16, fp16 or fp32 peak to run {fmt} weights on; allowed: a device with one</source>
        <translation>device：{device} 没有可运行 {fmt} 权重的 bf16、fp16 或 fp32 峰值；允许：有这些峰值之一的设备</translation>
    </message>
    <message>
        <source>Quantize the weights to {fmt}</source>
        <translation>把权重量化为 {fmt}</translation>
    </message>
    <message>
        <source>An FP8 KV cache</source>
        <translation>FP8 KV 缓存</translation>
    </message>
    <message>
        <source>TP {tp} (from {now})</source>
        <translation>TP {tp}（原为 {now}）</translation>
    </message>
    <message>
        <source>TP {tp} on {gpus} GPUs (from TP {now} on {had})</source>
        <translation>{gpus} 块 GPU 上 TP {tp}（原为 {had} 块 GPU 上 TP {now}）</translation>
    </message>
    <message>
        <source>Serve on {device}</source>
        <translation>在 {device} 上推理服务</translation>
    </message>
</context>
<context>
    <name>InferenceBatch</name>
    <message>
        <source>Sequences per replica served together; the roofline&apos;s points and the curves&apos; markers follow</source>
        <extracomment>The largest batch the spin box takes (:data:`core.inference.serve.MAX_BATCH`).</extracomment>
        <translation>每个副本同时服务的序列数；Roofline 上的点和曲线上的标记随之移动</translation>
    </message>
    <message>
        <source>Any batch from 1 to {most}</source>
        <translation>任意批量，1 到 {most}</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>The largest batch that fits in each GPU&apos;s memory, followed as the inputs change</source>
        <translation>每块 GPU 显存放得下的最大批量，输入变化时随之更新</translation>
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
        <translation>批量（每个副本的序列数）</translation>
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
        <translation>每 GPU 输出 tokens/s</translation>
    </message>
    <message>
        <source>no batch fits</source>
        <translation>没有放得下的批量</translation>
    </message>
    <message>
        <source>largest batch {batch}</source>
        <translation>最大批量 {batch}</translation>
    </message>
    <message>
        <source>largest batch that fits: {batch}</source>
        <translation>放得下的最大批量：{batch}</translation>
    </message>
</context>
<context>
    <name>InferenceInputs</name>
    <message>
        <source>Pick the device in the toolbar; every tab uses it</source>
        <extracomment>The tab opens on the CLI&apos;s defaults: llama3-8b on one H100 (the toolbar&apos;s), bf16, 1,024 + 256.</extracomment>
        <translation>在工具栏中选择设备；所有标签页都使用它</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
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
        <translation>提示词</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>A preset, transformer:d=..,layers=..,heads=.., dimensions layers=L,hidden=H,heads=A[,kv_heads=K,ffn=F,vocab=V,act=gelu|swiglu,norm=layer|rms], a Hugging Face Hub id org/name (its config.json from the local cache) or a Hugging Face config.json (Config file…)</source>
        <translation>预设、transformer:d=..,layers=..,heads=..、维度 layers=L,hidden=H,heads=A[,kv_heads=K,ffn=F,vocab=V,act=gelu|swiglu,norm=layer|rms]、Hugging Face Hub 标识 org/name（从本地缓存读取其 config.json）或 Hugging Face config.json（配置文件…）</translation>
    </message>
    <message>
        <source>GPUs serving: GPUs ÷ TP replicas side by side (1 to 10,000,000)</source>
        <translation>服务用的 GPU 数：GPU 数 ÷ TP 个副本并排运行（1 到 10,000,000）</translation>
    </message>
    <message>
        <source>Tensor-parallel GPUs of one replica: must divide the attention heads</source>
        <translation>一个副本的张量并行 GPU 数：必须整除注意力头数</translation>
    </message>
    <message>
        <source>Expert-parallel GPUs (MoE models only): each layer&apos;s routed experts spread whole over them; a multiple of TP dividing the experts and the GPUs; 1 for dense models</source>
        <translation>专家并行 GPU 数（仅 MoE 模型）：每层的路由专家整个分布在这些 GPU 上；须是 TP 的倍数，且整除专家数和 GPU 数；稠密模型为 1</translation>
    </message>
    <message>
        <source>Prompt tokens per sequence (prefilled)</source>
        <translation>每个序列的提示词 token 数（预填充）</translation>
    </message>
    <message>
        <source>Output tokens per sequence (decoded one a step)</source>
        <translation>每个序列的输出 token 数（每步解码一个）</translation>
    </message>
    <message>
        <source>Weight format of the layers&apos; matrices, block scales counted; embeddings, LM head, router and norms stay bf16</source>
        <translation>各层矩阵的权重格式，计入块缩放因子；嵌入、LM head、路由器和归一化保持 bf16</translation>
    </message>
    <message>
        <source>KV-cache dtype: bf16 or fp8 (one byte)</source>
        <translation>KV 缓存的 dtype：bf16 或 fp8（一个字节）</translation>
    </message>
    <message>
        <source>Device: {device}</source>
        <translation>设备：{device}</translation>
    </message>
</context>
<context>
    <name>InferenceMemory</name>
    <message>
        <source>weights</source>
        <extracomment>The categories left to right (:class:`core.inference.serve.Memory`&apos;s parts, then free). Category -&gt; index into the theme&apos;s series (the Memory tab&apos;s weights and activations colours).</extracomment>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>allowance</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>free</source>
        <translation>空闲</translation>
    </message>
</context>
<context>
    <name>InferenceTab</name>
    <message>
        <source>Serve a model</source>
        <extracomment>Wait after the last input change before serving again (typing in the model box), ms. Wait after the slider stops before the &quot;what to change&quot; list is served again, ms. Changes listed (the best first), and on a slide (presentation mode).</extracomment>
        <translation>推理服务一个模型</translation>
    </message>
    <message>
        <source>Batch (sequences per replica)</source>
        <translation>批量（每个副本的序列数）</translation>
    </message>
    <message>
        <source>Time to first token: the prefill of the batch&apos;s prompts</source>
        <translation>首 token 时间：该批提示词的预填充</translation>
    </message>
    <message>
        <source>Time per output token: one decode step at the mean cache</source>
        <translation>每个输出 token 的时间：平均缓存长度下的一步解码</translation>
    </message>
    <message>
        <source>Output tokens/s of all replicas, prefill included</source>
        <translation>所有副本的输出 tokens/s，含预填充</translation>
    </message>
    <message>
        <source>Output tokens/s over the GPUs</source>
        <translation>输出 tokens/s 除以 GPU 数</translation>
    </message>
    <message>
        <source>The largest batch per replica that fits in each GPU&apos;s memory</source>
        <translation>每块 GPU 显存放得下的每副本最大批量</translation>
    </message>
    <message>
        <source>Whether this batch fits in each GPU&apos;s memory</source>
        <translation>这个批量是否放得进每块 GPU 的显存</translation>
    </message>
    <message>
        <source>What to change</source>
        <translation>改什么</translation>
    </message>
    <message>
        <source>Each change served again with the rest kept (a fixed batch stays, max follows), ranked by tokens/s per GPU; one that makes a batch fit first</source>
        <translation>每项改动都在其余不变的情况下重新计算（固定批量保持不变，“最大”随之更新），按每 GPU tokens/s 排序；能让批量放得下的改动排在最前</translation>
    </message>
    <message>
        <source>Export figures…</source>
        <translation>导出数据…</translation>
    </message>
    <message>
        <source>Save the figures shown, the curves against the batch and what to change as JSON (the keys of napkinlab inference --json)</source>
        <translation>把显示的数据、随批量变化的曲线和改动建议保存为 JSON（键与 napkinlab inference --json 相同）</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Save the curves against the batch as CSV: per batch TTFT, TPOT, tokens/s and per GPU, and the memory per GPU by part (seconds, bytes)</source>
        <translation>把随批量变化的曲线保存为 CSV：每个批量的 TTFT、TPOT、tokens/s 与每 GPU tokens/s，以及按部分列出的每 GPU 显存（秒、字节）</translation>
    </message>
    <message>
        <source>prefill and decode</source>
        <translation>预填充和解码</translation>
    </message>
    <message>
        <source>Batch {batch} does not fit: the largest that does is {most}</source>
        <translation>批量 {batch} 放不下：放得下的最大批量是 {most}</translation>
    </message>
    <message>
        <source>None of quantized weights, an FP8 KV cache, more TP or another device serves more tokens/s per GPU</source>
        <translation>量化权重、FP8 KV 缓存、更大的 TP 或换设备都不能提高每 GPU tokens/s</translation>
    </message>
    <message>
        <source>Figures written to {path}</source>
        <translation>数据已写入 {path}</translation>
    </message>
    <message>
        <source>Curves written to {path}</source>
        <translation>曲线已写入 {path}</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>导出 CSV</translation>
    </message>
    <message>
        <source>Export figures</source>
        <translation>导出数据</translation>
    </message>
</context>
<context>
    <name>InferenceView</name>
    <message>
        <source>model: serving needs a transformer; allowed: a preset, transformer:…, layers=…,hidden=…,heads=… or a config file</source>
        <extracomment>The devices &quot;what to change&quot; offers besides the selected one (the serving benchmarks&apos; GPUs). Batches swept one by one before the grid turns geometric. Steps per doubling beyond :data:`_DENSE`.</extracomment>
        <translation>model：推理服务需要 Transformer；可用：预设、transformer:…、layers=…,hidden=…,heads=… 或配置文件</translation>
    </message>
    <message>
        <source>{roof}: peak {peak}, bandwidth {bandwidth}/s, ridge {ridge} FLOP/byte</source>
        <translation>{roof}：峰值 {peak}，带宽 {bandwidth}/s，脊点 {ridge} FLOP/byte</translation>
    </message>
    <message>
        <source>{dtype} datasheet</source>
        <translation>{dtype} 规格值</translation>
    </message>
    <message>
        <source>{dtype} achievable</source>
        <translation>{dtype} 可达值</translation>
    </message>
    <message>
        <source>achievable ridge
{ridge} FLOP/B</source>
        <translation>可达折点
{ridge} FLOP/B</translation>
    </message>
    <message>
        <source>achievable
ridge {ridge}</source>
        <translation>可达
折点 {ridge}</translation>
    </message>
    <message>
        <source>datasheet ridge
{ridge} FLOP/B</source>
        <translation>规格折点
{ridge} FLOP/B</translation>
    </message>
    <message>
        <source>datasheet
ridge {ridge}</source>
        <translation>规格
折点 {ridge}</translation>
    </message>
    <message>
        <source>{phase}: {flops_rate} achieved at {intensity} FLOP/byte, {bound}-bound; {time}</source>
        <translation>{phase}：在 {intensity} FLOP/byte 处达到 {flops_rate}，{bound}受限；{time}</translation>
    </message>
    <message>
        <source>prefill {batch}×{prompt}</source>
        <translation>预填充 {batch}×{prompt}</translation>
    </message>
    <message>
        <source>decode, batch {batch}</source>
        <translation>解码，批量 {batch}</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>内存</translation>
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
        <translation>输出 tokens/s</translation>
    </message>
    <message>
        <source>tokens/s per GPU</source>
        <translation>每 GPU tokens/s</translation>
    </message>
    <message>
        <source>largest batch</source>
        <translation>最大批量</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>Memory per GPU, batch {batch} (of {capacity})</source>
        <translation>每 GPU 显存，批量 {batch}（共 {capacity}）</translation>
    </message>
    <message>
        <source>{change}: {before} → {after} tokens/s per GPU (×{gain}), largest batch {most_before} → {most_after}</source>
        <translation>{change}：每 GPU {before} → {after} tokens/s（×{gain}），最大批量 {most_before} → {most_after}</translation>
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
        <translation>token 数</translation>
    </message>
    <message>
        <source>KV cache and decode speed</source>
        <translation>KV 缓存与解码速度</translation>
    </message>
    <message>
        <source>One sequence&apos;s cache, and batch-1 decoding: every bf16 weight and the cache read once per token, at the datasheet bandwidth (an upper bound).</source>
        <translation>一条序列的缓存，以及批大小 1 的解码：每生成一个 token，所有 bf16 权重和缓存各读一次，按规格书带宽计算（上限）。</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>The model whose layers and KV heads are cached</source>
        <translation>缓存其各层 KV 头的模型</translation>
    </message>
    <message>
        <source>Tokens the sequence holds: its prompt and the tokens generated so far</source>
        <translation>序列持有的 token：提示加上目前已生成的 token</translation>
    </message>
    <message>
        <source>The cache&apos;s element dtype</source>
        <translation>缓存元素的数据类型</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <source>KV dtype</source>
        <translation>KV 数据类型</translation>
    </message>
    <message>
        <source>{field}: see the message under the field</source>
        <translation>{field}：见字段下方的提示</translation>
    </message>
    <message>
        <source>{per} per token · decoding at batch 1: at most {rate} tokens/s</source>
        <translation>每 token {per} · 批大小 1 解码：最多 {rate} token/s</translation>
    </message>
    <message>
        <source>napkin: the KV-cache card&apos;s state is not an object; kept the card as it was</source>
        <translation>napkin：KV 缓存卡片的状态不是对象；卡片保持原样</translation>
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
