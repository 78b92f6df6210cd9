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
        <extracomment>Bytes of one activation element (bf16). Tokens of one prefill forward (vLLM V1&apos;s default token budget of an offline run).</extracomment>
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
