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
        <extracomment>Bytes of one activation element (bf16). Tokens of one prefill forward (vLLM V1&apos;s default token budget of an offline run).</extracomment>
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
