<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BandwidthPlot</name>
    <message>
        <source>Message size (bytes)</source>
        <translation>消息大小（字节）</translation>
    </message>
    <message>
        <source>Bus bandwidth (bytes/s)</source>
        <translation>总线带宽（字节/秒）</translation>
    </message>
    <message>
        <source> (WRONG RESULTS)</source>
        <translation>（结果错误）</translation>
    </message>
</context>
<context>
    <name>CollectivesDialog</name>
    <message>
        <source>Collectives measured</source>
        <translation>集合通信实测</translation>
    </message>
    <message>
        <source>busbw = algbw x the ring factor (all-reduce 2(n-1)/n, all-gather and reduce-scatter (n-1)/n, broadcast 1), as nccl-tests defines it: comparable to one link&apos;s unidirectional bandwidth.</source>
        <translation>busbw = algbw × 环算法因子（all-reduce 2(n-1)/n，all-gather 与 reduce-scatter (n-1)/n，broadcast 1），与 nccl-tests 的定义相同：可与单条链路的单向带宽直接比较。</translation>
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
        <translation>op：未知的集合通信 {op}；允许：{allowed}</translation>
    </message>
    <message>
        <source>gpus: {value} is not a rank count; allowed: 1 to {most}</source>
        <translation>gpus：{value} 不是进程数；允许：1 到 {most}</translation>
    </message>
    <message>
        <source>device: {name} has no intra-node interconnect bandwidth in the database; add your own device with one (Devices menu or devices.json &apos;intra_node_bandwidth&apos;)</source>
        <translation>设备：数据库中没有 {name} 的节点内互联带宽；请添加带有该值的自定义设备（设备菜单或 devices.json 的 &apos;intra_node_bandwidth&apos;）</translation>
    </message>
    <message>
        <source>nodes: {name} has no inter-node network bandwidth in the database, so a ring over {nodes} nodes cannot be estimated; use --nodes 1 or a device with &apos;inter_node_bandwidth&apos;</source>
        <translation>节点：数据库中没有 {name} 的节点间网络带宽，无法估算跨 {nodes} 个节点的环；请只用 1 个节点（--nodes 1），或换用带有 &apos;inter_node_bandwidth&apos; 的设备</translation>
    </message>
    <message>
        <source>one GPU: a collective over one rank moves nothing (no traffic, no bandwidth)</source>
        <extracomment>What a collective over one rank is.</extracomment>
        <translation>单 GPU：只有一个 rank 的集合通信不传输任何数据（没有流量，也没有带宽）</translation>
    </message>
    <message>
        <source>nodes: {nodes} must be a whole number from 1 to gpus ({gpus})</source>
        <translation>节点：{nodes} 必须是 1 到 GPU 数（{gpus}）之间的整数</translation>
    </message>
    <message>
        <source>nodes: {gpus} GPUs do not split evenly over {nodes} nodes; allowed: a divisor of {gpus}</source>
        <translation>节点：{gpus} 张 GPU 无法平均分到 {nodes} 个节点上；允许：{gpus} 的约数</translation>
    </message>
    <message>
        <source>bytes: {size} must be a positive number of bytes</source>
        <translation>字节数：{size} 必须是正的字节数</translation>
    </message>
    <message>
        <source>strategy: unknown {strategy}; allowed: {allowed}</source>
        <extracomment>Data-parallel strategies and the collectives each step runs: (op, which bytes, how many times).</extracomment>
        <translation>策略：未知的 {strategy}；允许：{allowed}</translation>
    </message>
    <message>
        <source>overlap: needs the step&apos;s compute time to hide behind</source>
        <translation>重叠：需要该步的计算时间，通信才能隐藏在其后</translation>
    </message>
    <message>
        <source>{op}, {ranks} ranks, {backend}</source>
        <extracomment>The largest collectives file read (a run writes a few kilobytes).</extracomment>
        <translation>{op}，{ranks} 个进程，{backend}</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>应为 JSON 对象</translation>
    </message>
    <message>
        <source>&apos;op&apos; must be one of {allowed}, got {op}</source>
        <translation>&apos;op&apos; 必须是 {allowed} 之一，实际为 {op}</translation>
    </message>
    <message>
        <source>&apos;{key}&apos; must be a number &gt; 0, got {value}</source>
        <translation>&apos;{key}&apos; 必须是大于 0 的数，实际为 {value}</translation>
    </message>
    <message>
        <source>cannot read {path}: {reason}</source>
        <translation>无法读取 {path}：{reason}</translation>
    </message>
    <message>
        <source>line {number}: not JSON ({why}); skipped</source>
        <translation>第 {number} 行：不是 JSON（{why}）；已跳过</translation>
    </message>
    <message>
        <source>line {number}: {reason}; skipped</source>
        <translation>第 {number} 行：{reason}；已跳过</translation>
    </message>
    <message>
        <source>{path}: no collective rows (op, bytes, time_s, algbw, busbw, world_size) found</source>
        <translation>{path}：没有找到集合通信数据行（op, bytes, time_s, algbw, busbw, world_size）</translation>
    </message>
    <message>
        <source>{strategy} over 1 GPU: {none}</source>
        <translation>{strategy}，1 个 GPU：{none}</translation>
    </message>
    <message>
        <source>overlapped with compute: each step hides up to its compute time ({compute} s) of its {comm} s of communication</source>
        <translation>与计算重叠：每步 {comm} s 的通信中，最多可隐藏与其计算时间相当的 {compute} s</translation>
    </message>
    <message>
        <source>not overlapped: each of {steps} steps adds {comm} s</source>
        <translation>不重叠：{steps} 步中每步增加 {comm} s</translation>
    </message>
    <message>
        <source>{strategy} over {gpus} GPUs; {how}</source>
        <translation>{strategy}，{gpus} 张 GPU；{how}</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算时间</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <source>batch tokens</source>
        <translation>每批 token 数</translation>
    </message>
    <message>
        <source>{name}: {value} must be a positive number</source>
        <translation>{name}：{value} 必须是正数</translation>
    </message>
    <message>
        <source>batch tokens: {batch} is more than the {tokens} tokens of the run</source>
        <translation>每批 token 数：{batch} 超过了整个训练的 {tokens} 个 token</translation>
    </message>
</context>
<context>
    <name>Napkin</name>
    <message>
        <source>shape dimension</source>
        <extracomment>The most elements accepted (10^18: far beyond any tensor that exists).</extracomment>
        <translation>形状的维度</translation>
    </message>
    <message>
        <source>shape: expected text such as 4,8 or 12288*4,12288, got {kind}</source>
        <translation>形状：应为 4,8 或 12288*4,12288 这样的文本，实际为 {kind}</translation>
    </message>
    <message>
        <source>shape: {count} dimensions; allowed: at most {most}</source>
        <translation>形状：{count} 个维度；允许：最多 {most} 个</translation>
    </message>
    <message>
        <source>shape: dimension {position} of {text} is empty; allowed: dimensions separated by single commas or x, e.g. 4,8</source>
        <translation>形状：{text} 的第 {position} 维为空；允许：用单个逗号或 x 分隔各维，例如 4,8</translation>
    </message>
    <message>
        <source>shape: dimension {position} is {part}; allowed: a whole number or a product such as 12288*4 (no powers)</source>
        <translation>形状：第 {position} 维是 {part}；允许：整数或 12288*4 这样的乘积（不支持乘方）</translation>
    </message>
    <message>
        <source>shape: dimension {position}</source>
        <translation>形状：第 {position} 维</translation>
    </message>
    <message>
        <source>shape: dimension {position} exceeds {most} elements</source>
        <translation>形状：第 {position} 维超过 {most} 个元素</translation>
    </message>
    <message>
        <source>1 (0-d)</source>
        <translation>1（0 维）</translation>
    </message>
    <message>
        <source>⌈{numel} × {bits} bits / 8⌉ ({dtype}, packed)</source>
        <translation>⌈{numel} × {bits} 位 / 8⌉（{dtype}，紧凑存储）</translation>
    </message>
    <message>
        <source>elements = {dims} = {numel}</source>
        <translation>元素数 = {dims} = {numel}</translation>
    </message>
    <message>
        <source>bytes = {product} = {bytes}</source>
        <translation>字节数 = {product} = {bytes}</translation>
    </message>
    <message>
        <source>shape: {count} elements; allowed: at most {most}</source>
        <translation>形状：{count} 个元素；允许：最多 {most} 个</translation>
    </message>
    <message>
        <source>shape: expected text or a list of sizes, got {kind}</source>
        <translation>形状：应为文本或各维大小的列表，实际为 {kind}</translation>
    </message>
    <message>
        <source>params</source>
        <extracomment>Forward (2) plus backward (4) FLOPs per parameter per token.</extracomment>
        <translation>参数量</translation>
    </message>
    <message>
        <source>active params</source>
        <translation>激活参数量</translation>
    </message>
    <message>
        <source>KV per token = layers × latent width × bytes = {layers} × {latent} × {b} B = {per}</source>
        <translation>每 token 的 KV = 层数 × 潜向量宽度 × 字节 = {layers} × {latent} × {b} B = {per}</translation>
    </message>
    <message>
        <source>KV per token = 2 × layers × KV heads × head dim × bytes = 2 × {layers} × {heads} × {hd} × {b} B = {per}</source>
        <translation>每 token 的 KV = 2 × 层数 × KV 头数 × 头维度 × 字节 = 2 × {layers} × {heads} × {hd} × {b} B = {per}</translation>
    </message>
    <message>
        <source>KV of one sequence = {per} × {tokens} tokens = {total}</source>
        <translation>一条序列的 KV = {per} × {tokens} 个 token = {total}</translation>
    </message>
    <message>
        <source>decode at batch 1 ≥ (weights + KV) ÷ bandwidth = ({weights} + {kv}) ÷ {bw}/s = {time} → ≤ {rate} tokens/s</source>
        <translation>批大小 1 的解码 ≥ (权重 + KV) ÷ 带宽 = ({weights} + {kv}) ÷ {bw}/s = {time} → ≤ {rate} token/s</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>head dim</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>latent width</source>
        <translation>潜向量宽度</translation>
    </message>
    <message>
        <source>bytes per element</source>
        <translation>每元素字节数</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <source>weight bytes</source>
        <translation>权重字节数</translation>
    </message>
    <message>
        <source>bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>peak FLOP/s</source>
        <translation>峰值 FLOP/s</translation>
    </message>
    <message>
        <source>memory per GPU</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <source>bytes per param</source>
        <translation>每参数字节数</translation>
    </message>
    <message>
        <source>{terms} = {total} bytes/param</source>
        <extracomment>Input name -&gt; validator, shared by the functions below, the Napkin tab and the CLI.</extracomment>
        <translation>{terms} = {total} 字节/参数</translation>
    </message>
    <message>
        <source>params bf16</source>
        <translation>参数 bf16</translation>
    </message>
    <message>
        <source>grads bf16</source>
        <translation>梯度 bf16</translation>
    </message>
    <message>
        <source>params fp32</source>
        <translation>参数 fp32</translation>
    </message>
    <message>
        <source>grads fp32</source>
        <translation>梯度 fp32</translation>
    </message>
    <message>
        <source>master fp32</source>
        <translation>主权重 fp32</translation>
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
        <translation>参数 fp16</translation>
    </message>
    <message>
        <source>grads fp16</source>
        <translation>梯度 fp16</translation>
    </message>
    <message>
        <source>bf16 params &amp; grads, fp32 Adam moments (lecture)</source>
        <extracomment>Recipes for &quot;largest model that fits&quot; (activations excluded, as in the lecture). Their ids are the Memory and Plan tabs&apos; recipe names (:data:`core.memory.recipes.RECIPES`: the same dtypes of weights, gradients, master copy and state), with those tabs&apos; default optimizer, AdamW; two napkin-only choices follow (SGD, inference). The ids of earlier releases are :data:`RECIPE_ALIASES`.</extracomment>
        <translation>bf16 参数与梯度，fp32 Adam 矩（讲义）</translation>
    </message>
    <message>
        <source>fp32 everything (naive AdamW)</source>
        <translation>全部 fp32（朴素 AdamW）</translation>
    </message>
    <message>
        <source>mixed precision: bf16 params &amp; grads + fp32 master, Adam m, v</source>
        <translation>混合精度：bf16 参数与梯度 + fp32 主权重、Adam m、v</translation>
    </message>
    <message>
        <source>mixed precision in fp16: fp16 params &amp; grads + fp32 master, Adam m, v</source>
        <translation>fp16 混合精度：fp16 参数和梯度 + fp32 主副本、Adam m、v</translation>
    </message>
    <message>
        <source>bf16 params &amp; grads, plain SGD</source>
        <translation>bf16 参数与梯度，普通 SGD</translation>
    </message>
    <message>
        <source>bf16 weights only (inference)</source>
        <translation>仅 bf16 权重（推理）</translation>
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
        <translation>吞吐 = 峰值 × MFU × GPU 数 = {peak} × {mfu} × {gpus} = {rate} FLOP/s</translation>
    </message>
    <message>
        <source>time = {flops} / {rate} = {seconds} s = {days} days</source>
        <translation>时间 = {flops} / {rate} = {seconds} s = {days} 天</translation>
    </message>
    <message>
        <source>{active} active of {total} → {time}</source>
        <translation>激活 {active}，共 {total} → {time}</translation>
    </message>
    <message>
        <source>{flops} at {rate} → {time}</source>
        <translation>{flops} ÷ {rate} → {time}</translation>
    </message>
    <message>
        <source>active params: {active} is more than the {total} parameters of the model; allowed: at most N (empty for a dense model)</source>
        <translation>激活参数量：{active} 多于模型的 {total} 个参数；允许：不超过 N（稠密模型留空）</translation>
    </message>
    <message>
        <source>bytes/param = {recipe}</source>
        <translation>字节/参数 = {recipe}</translation>
    </message>
    <message>
        <source>total params = GPUs × memory / bytes per param = {gpus} × {memory} / {per} = {params}</source>
        <translation>总参数量 = GPU 数 × 显存 / 每参数字节数 = {gpus} × {memory} / {per} = {params}</translation>
    </message>
    <message>
        <source>{total} / {per} B per param → {count}</source>
        <translation>{total} / 每参数 {per} B → {count}</translation>
    </message>
    <message>
        <source>counts total parameters: a mixture of experts keeps every expert&apos;s weights, gradients and optimizer state, though each token uses only its active ones</source>
        <extracomment>What the largest-model answer counts, said beside it.</extracomment>
        <translation>按总参数计：混合专家模型保存每个专家的权重、梯度和优化器状态，尽管每个 token 只用到其激活的参数</translation>
    </message>
    <message>
        <source>{value} bytes/param</source>
        <translation>{value} 字节/参数</translation>
    </message>
    <message>
        <source>1 param</source>
        <translation>1 个参数</translation>
    </message>
    <message>
        <source>{count} params</source>
        <translation>{count} 参数</translation>
    </message>
    <message>
        <source>1 token</source>
        <translation>1 个 token</translation>
    </message>
    <message>
        <source>{count} tokens</source>
        <translation>{count} token</translation>
    </message>
    <message>
        <source>GPUs = FLOPs / (peak × MFU × seconds) = {flops} / ({peak} × {mfu} × {seconds}) = {exact} → {count}</source>
        <translation>GPU 数 = FLOPs / (峰值 × MFU × 秒数) = {flops} / ({peak} × {mfu} × {seconds}) = {exact} → {count}</translation>
    </message>
    <message>
        <source>more than 10 million GPUs: no cluster that size exists</source>
        <translation>超过 1000 万张 GPU：没有这么大的集群</translation>
    </message>
    <message>
        <source>MFU = FLOPs / (peak × GPUs × seconds) = {flops} / ({peak} × {gpus} × {seconds}) = {need} = {percent}</source>
        <translation>MFU = FLOPs / (峰值 × GPU 数 × 秒数) = {flops} / ({peak} × {gpus} × {seconds}) = {need} = {percent}</translation>
    </message>
    <message>
        <source>needs more than 100% of peak: add GPUs or time</source>
        <translation>需要超过峰值的 100%：请增加 GPU 或时间</translation>
    </message>
    <message>
        <source>tokens = peak × MFU × GPUs × seconds / (6 × N) = {peak} × {mfu} × {gpus} × {seconds} / (6 × {params}) = {tokens}</source>
        <translation>token 数 = 峰值 × MFU × GPU 数 × 秒数 / (6 × N) = {peak} × {mfu} × {gpus} × {seconds} / (6 × {params}) = {tokens}</translation>
    </message>
    <message>
        <source>plan: expected the Plan tab&apos;s figures</source>
        <translation>plan：应为规划页的数字</translation>
    </message>
    <message>
        <source>plan: {key} is missing</source>
        <translation>plan：缺少 {key}</translation>
    </message>
    <message>
        <source>plan: {key} must be a number ≥ 0</source>
        <translation>plan：{key} 必须是 ≥ 0 的数</translation>
    </message>
    <message>
        <source>plan: {key} must be text</source>
        <translation>plan：{key} 必须是文本</translation>
    </message>
    <message>
        <source>plan: {key} must be a number</source>
        <translation>plan：{key} 必须是数</translation>
    </message>
    <message>
        <source>the device&apos;s TDP in resources/hardware.json (its datasheet)</source>
        <extracomment>Default of every field but the GPU power (the device&apos;s TDP). Where each default comes from (translatable; the CLI prints the English).</extracomment>
        <translation>resources/hardware.json 中该设备的 TDP（取自其数据手册）</translation>
    </message>
    <message>
        <source>Luccioni et al. 2022, Estimating the Carbon Footprint of BLOOM (arXiv 2211.02001): 433,196 kWh of GPU energy (1,082,990 GPU-hours × 400 W) and 256,646 kWh of idle and infrastructure energy: (433,196 + 256,646) / 433,196 = 1.59</source>
        <translation>Luccioni 等 2022，《Estimating the Carbon Footprint of BLOOM》（arXiv 2211.02001）：GPU 能耗 433,196 kWh（1,082,990 GPU 小时 × 400 W），另有空闲与基础设施能耗 256,646 kWh：(433,196 + 256,646) / 433,196 = 1.59</translation>
    </message>
    <message>
        <source>Google data centres&apos; fleet-wide PUE, 1.10 (published since 2021; the Uptime Institute&apos;s 2021 survey average was 1.57)</source>
        <translation>Google 数据中心整体 PUE 1.10（2021 年起公布；Uptime Institute 2021 年调查的平均值为 1.57）</translation>
    </message>
    <message>
        <source>the French grid intensity the BLOOM paper used, 57 gCO2e/kWh (433,196 kWh × 57 g = its 24.7 t of dynamic emissions); type your region&apos;s</source>
        <translation>BLOOM 论文采用的法国电网碳强度 57 gCO2e/kWh（433,196 kWh × 57 g = 其 24.7 t 动态排放）；请输入你所在地区的值</translation>
    </message>
    <message>
        <source>about the low end of early-2026 on-demand H100 SXM list prices, $2.49-3.99 per GPU-hour (Lambda, CoreWeave, Crusoe, RunPod); type yours</source>
        <translation>约为 2026 年初 H100 SXM 按需标价的下限，每 GPU 小时 $2.49–3.99（Lambda、CoreWeave、Crusoe、RunPod）；请输入你的价格</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>price per GPU-hour</source>
        <translation>每 GPU 小时价格</translation>
    </message>
    <message>
        <source>GPU power (W)</source>
        <translation>GPU 功率（W）</translation>
    </message>
    <message>
        <source>node overhead</source>
        <translation>节点开销</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>grid intensity (gCO2e/kWh)</source>
        <translation>电网碳强度（gCO2e/kWh）</translation>
    </message>
    <message>
        <source>cost = GPU-hours × price = {hours} × {price} = {cost}</source>
        <translation>费用 = GPU 小时 × 价格 = {hours} × {price} = {cost}</translation>
    </message>
    <message>
        <source>energy = GPU-hours × power × overhead × PUE = {hours} × {power} W × {overhead} × {pue} = {mwh} MWh</source>
        <translation>能耗 = GPU 小时 × 功率 × 开销 × PUE = {hours} × {power} W × {overhead} × {pue} = {mwh} MWh</translation>
    </message>
    <message>
        <source>CO2e = energy × grid = {kwh} kWh × {grid} g/kWh = {tonnes} t</source>
        <translation>CO2e = 能耗 × 电网 = {kwh} kWh × {grid} g/kWh = {tonnes} t</translation>
    </message>
    <message>
        <source>Hoffmann et al. 2022, Training Compute-Optimal Large Language Models (Chinchilla), arXiv 2203.15556: Table 3 (Approach 1, about 20 tokens per parameter), Table 2 (N_opt and D_opt both ∝ C^0.50); Chinchilla itself: 70B parameters, 1.4T tokens (Section 4.1)</source>
        <extracomment>Tokens per parameter of compute-optimal training (Hoffmann et al. 2022, Table 3, Approach 1). Where the rule comes from, as the CLI and the card name it.</extracomment>
        <translation>Hoffmann 等 2022，《Training Compute-Optimal Large Language Models》（Chinchilla），arXiv 2203.15556：表 3（方法 1，每个参数约 20 个 token），表 2（N_opt 与 D_opt 均 ∝ C^0.50）；Chinchilla 本身：70B 参数、1.4T token（第 4.1 节）</translation>
    </message>
    <message>
        <source>tokens per parameter</source>
        <translation>每参数 token 数</translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <source>D = {ratio} × N (compute-optimal, Chinchilla), C = 6 × N × D</source>
        <translation>D = {ratio} × N（计算最优，Chinchilla），C = 6 × N × D</translation>
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
        <translation>{params}，训练 {tokens}（{flops}）</translation>
    </message>
    <message>
        <source>give the parameters or the FLOP budget, not both or neither</source>
        <translation>请给出参数量或 FLOP 预算之一，不能都给或都不给</translation>
    </message>
</context>
<context>
    <name>NapkinTab</name>
    <message>
        <source>batch tokens</source>
        <extracomment>The tensor card&apos;s default dtype: the lecture sizes its GPT-3 matrix in fp32.</extracomment>
        <translation>每批 token 数</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>Model size; accepts 70e9 or 70B</source>
        <translation>模型大小；可写 70e9 或 70B</translation>
    </message>
    <message>
        <source>A training budget in FLOPs (Gopher&apos;s: 5.76e23)</source>
        <translation>以 FLOPs 计的训练预算（Gopher 的：5.76e23）</translation>
    </message>
    <message>
        <source>Tokens per parameter (20: Chinchilla, Table 3)</source>
        <translation>每参数 token 数（20：Chinchilla 表 3）</translation>
    </message>
    <message>
        <source>Empty: the GPU-hours of “How long does training take?” (its days × GPUs × 24)</source>
        <translation>留空：取“训练需要多久？”的 GPU 小时（天数 × GPU 数 × 24）</translation>
    </message>
    <message>
        <source>Watts per GPU; empty: the selected device&apos;s TDP</source>
        <translation>每块 GPU 的瓦数；留空：所选设备的 TDP</translation>
    </message>
    <message>
        <source>from the training time</source>
        <translation>取自训练时间</translation>
    </message>
    <message>
        <source>device TDP</source>
        <translation>设备 TDP</translation>
    </message>
    <message>
        <source>How many tokens should it see?</source>
        <translation>应训练多少 token？</translation>
    </message>
    <message>
        <source>Compute-optimal training (Hoffmann et al. 2022, “Chinchilla”): about 20 tokens per parameter, and the size a FLOP budget buys.</source>
        <translation>计算最优训练（Hoffmann 等 2022，“Chinchilla”）：每个参数约 20 个 token，以及一笔 FLOP 预算能训练多大的模型。</translation>
    </message>
    <message>
        <source>What does the run cost?</source>
        <translation>这次训练花费多少？</translation>
    </message>
    <message>
        <source>Money at a GPU-hour price; energy with node overhead and PUE; CO2e at the grid intensity you type. Hover a field for its source.</source>
        <translation>按 GPU 小时价格计费用；计入节点开销与 PUE 的能耗；按你输入的电网碳强度计 CO2e。悬停字段可见来源。</translation>
    </message>
    <message>
        <source>Parameters N</source>
        <extracomment>Field id -&gt; (default text, parser). Defaults are the lecture&apos;s questions.</extracomment>
        <translation>参数量 N</translation>
    </message>
    <message>
        <source>FLOP budget C</source>
        <translation>FLOP 预算 C</translation>
    </message>
    <message>
        <source>Tokens / param</source>
        <translation>token / 参数</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>Price / GPU-hour</source>
        <translation>价格 / GPU 小时</translation>
    </message>
    <message>
        <source>GPU power (W)</source>
        <translation>GPU 功率（W）</translation>
    </message>
    <message>
        <source>Node overhead</source>
        <translation>节点开销</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>Grid (gCO2e/kWh)</source>
        <translation>电网（gCO2e/kWh）</translation>
    </message>
    <message>
        <source>Compute-optimal</source>
        <translation>计算最优</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>花费</translation>
    </message>
    <message>
        <source>{size} · {budget} FLOPs buy {params} on {tokens}</source>
        <translation>{size} · {budget} FLOPs 可训练 {params}，共 {tokens}</translation>
    </message>
    <message>
        <source>{device} has no TDP in the database: type the GPU power</source>
        <translation>数据库中没有 {device} 的 TDP：请输入 GPU 功率</translation>
    </message>
    <message>
        <source>{cost} · {mwh} MWh</source>
        <translation>{cost} · {mwh} MWh</translation>
    </message>
    <message>
        <source>{cost} at {price} per GPU-hour · {tonnes} t CO2e · GPUs alone {gpu} MWh</source>
        <translation>{cost}（每 GPU 小时 {price}）· {tonnes} t CO2e · 仅 GPU {gpu} MWh</translation>
    </message>
    <message>
        <source>Model size; accepts 70e9, 70B, 70,000,000,000</source>
        <translation>模型大小；可写作 70e9、70B 或 70,000,000,000</translation>
    </message>
    <message>
        <source>Active N</source>
        <translation>激活 N</translation>
    </message>
    <message>
        <source>A mixture of experts: the parameters one token uses (37B of DeepSeek-V3&apos;s 671B); training takes 6·N_active·D. Empty for a dense model</source>
        <translation>混合专家模型：一个 token 用到的参数（DeepSeek-V3 的 671B 中的 37B）；训练需 6·N_active·D。稠密模型留空</translation>
    </message>
    <message>
        <source>Tokens D</source>
        <translation>Token 数 D</translation>
    </message>
    <message>
        <source>Training tokens; accepts 15e12 or 15T</source>
        <translation>训练 token 数；可写作 15e12 或 15T</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Number of accelerators of the selected device</source>
        <translation>所选设备的加速器数量</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation, 0 &lt; MFU ≤ 1 (0.5 or 50%): a share of the model FLOPs 6·N·D, with no recomputation counted</source>
        <translation>模型 FLOPs 利用率，0 &lt; MFU ≤ 1（0.5 或 50%）：模型 FLOPs 6·N·D 的占比，不计重计算</translation>
    </message>
    <message>
        <source>Accelerators whose memory holds the training state</source>
        <translation>用来容纳训练状态的加速器数量（按显存计）</translation>
    </message>
    <message>
        <source>Bytes / param</source>
        <translation>字节 / 参数</translation>
    </message>
    <message>
        <source>Used when the recipe is &apos;custom&apos;</source>
        <translation>配方为“自定义”时使用</translation>
    </message>
    <message>
        <source>Batch tokens</source>
        <translation>每批 token 数</translation>
    </message>
    <message>
        <source>Tokens per optimizer step: each step all-reduces the gradients once (4M = 4e6)</source>
        <translation>每个优化器步的 token 数：每步对梯度做一次 all-reduce（4M = 4e6）</translation>
    </message>
    <message>
        <source>GPUs sharing the fast intra-node link (NVLink); the ring crosses the network between nodes</source>
        <translation>共享节点内高速链路（NVLink）的 GPU 数；环在节点之间经过网络</translation>
    </message>
    <message>
        <source>Deadline (days)</source>
        <translation>期限（天）</translation>
    </message>
    <message>
        <source>Wall-clock budget for the inverse questions</source>
        <translation>反向问题的墙钟时间预算</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Dimensions separated by commas or x; each may be a product (12288*4). Empty = a scalar</source>
        <translation>各维用逗号或 x 分隔；每维可以是乘积（12288*4）。留空 = 标量</translation>
    </message>
    <message>
        <source>choose a dtype the selected device has a peak for</source>
        <translation>请选择所选设备有峰值数据的数据类型</translation>
    </message>
    <message>
        <source>= N (dense)</source>
        <translation>= N（稠密）</translation>
    </message>
    <message>
        <source>custom N</source>
        <translation>自定义 N</translation>
    </message>
    <message>
        <source>Take N from a model&apos;s exact parameter count (Memory tab presets)</source>
        <translation>取模型的精确参数量作为 N（显存标签页的预设）</translation>
    </message>
    <message>
        <source>custom bytes per parameter</source>
        <translation>自定义每参数字节数</translation>
    </message>
    <message>
        <source>What each parameter costs in memory (activations not included)</source>
        <translation>每个参数占用的显存（不含激活值）</translation>
    </message>
    <message>
        <source>How long does training take?</source>
        <translation>训练需要多久？</translation>
    </message>
    <message>
        <source>6·N·D FLOPs on the selected device and dtype at a given MFU (lecture question 1).</source>
        <translation>6·N·D FLOPs，按所选设备、数据类型和 MFU（讲义问题一）</translation>
    </message>
    <message>
        <source>Largest model that fits</source>
        <translation>放得下的最大模型</translation>
    </message>
    <message>
        <source>Total memory over bytes per parameter; activations excluded, so an upper bound (lecture question 2).</source>
        <translation>总显存 ÷ 每参数字节数；不计激活值，故为上界（讲义问题二）</translation>
    </message>
    <message>
        <source>What would it take?</source>
        <translation>需要多少资源？</translation>
    </message>
    <message>
        <source>For the N, D, GPUs and MFU of “How long does training take?”: GPUs to meet a deadline, MFU needed, tokens affordable.</source>
        <translation>按“训练需要多久？”中的 N、D、GPU 数和 MFU：赶上期限需要的 GPU 数、需要的 MFU、期限内能训练的 token 数。</translation>
    </message>
    <message>
        <source>How big is one tensor?</source>
        <translation>一个张量有多大？</translation>
    </message>
    <message>
        <source>Elements × bytes per element (the lecture&apos;s GPT-3 FFN matrix in fp32 by default).</source>
        <translation>元素数 × 每元素字节数（默认是讲义中 fp32 的 GPT-3 FFN 矩阵）。</translation>
    </message>
    <message>
        <source>What does communication add?</source>
        <translation>通信要加多少时间？</translation>
    </message>
    <message>
        <source>overlapped with compute</source>
        <translation>与计算重叠</translation>
    </message>
    <message>
        <source>On: gradients are reduced during backward, so each step pays only the communication beyond its compute time. Off: every step adds its whole communication time.</source>
        <translation>开：梯度在反向传播时归约，每步只多花超出其计算时间的那部分通信。关：每步都加上全部通信时间。</translation>
    </message>
    <message>
        <source>This card&apos;s own element dtype (the toolbar&apos;s is for compute)</source>
        <translation>本卡片自己的元素数据类型（工具栏上的用于计算）</translation>
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
        <translation>显存 / GPU</translation>
    </message>
    <message>
        <source>Recipe</source>
        <translation>配方</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>Largest model</source>
        <translation>最大模型</translation>
    </message>
    <message>
        <source>One tensor</source>
        <translation>单个张量</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>{field}: see the message under the field</source>
        <translation>{field}：见输入框下方的提示</translation>
    </message>
    <message>
        <source>{device}: the largest model is figured on the datasheet&apos;s memory, as the lecture does; the Memory and Plan tabs fit against the driver&apos;s figure</source>
        <translation>{device}：最大模型按规格书的显存计算（与课程一致）；内存和规划标签页按驱动报告的容量判断是否放得下</translation>
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
        <translation>{summary} · {dtype}：规划的 {layout}，按 6·N·D 的 MFU {mfu}（不计注意力的 FLOPs；规划标题中的 MFU {plan_mfu} 计入了它们）</translation>
    </message>
    <message>
        <source>HFU {hfu}: 6·N·D counts no recomputation, so HFU = MFU; with full recomputation the GPUs execute 8·N·D in the same time: HFU {full}</source>
        <translation>HFU {hfu}：6·N·D 不计重计算，因此 HFU = MFU；全量重计算时，GPU 在同样时间内执行 8·N·D：HFU {full}</translation>
    </message>
    <message>
        <source>the Plan&apos;s {layout}: {comm} of each {step} step ({share})</source>
        <translation>规划的 {layout}：每步 {step} 中通信占 {comm}（{share}）</translation>
    </message>
    <message>
        <source>plain data parallelism</source>
        <translation>普通数据并行</translation>
    </message>
    <message>
        <source>{layout}: {need} per GPU of {have}</source>
        <translation>{layout}：每张 GPU {need}（容量 {have}）</translation>
    </message>
    <message>
        <source>{layout}: {need} per GPU of {have}; plain data parallelism needs {plain}</source>
        <translation>{layout}：每张 GPU {need}（容量 {have}）；普通数据并行需要 {plain}</translation>
    </message>
    <message>
        <source>No data-parallel layout fits: even ZeRO-3 over {gpus} keeps {need} per GPU of {have} (activations not counted). The model needs tensor or pipeline parallelism: the Plan tab searches those layouts.</source>
        <translation>没有放得下的数据并行布局：即使在 {gpus} 上用 ZeRO-3，每张 GPU 也要 {need}，只有 {have}（未计激活值）。这个模型需要张量并行或流水线并行：规划页会搜索这些布局。</translation>
    </message>
    <message>
        <source>GPUs per node: {per_node} does not divide the {gpus} GPUs; allowed: a divisor of the GPUs</source>
        <translation>每节点 GPU 数：{per_node} 不能整除 {gpus} 张 GPU；允许：GPU 数的约数</translation>
    </message>
    <message>
        <source>{compute} of compute; no communication</source>
        <translation>计算 {compute}；没有通信</translation>
    </message>
    <message>
        <source>{compute} of compute + {comm} of communication ({nodes})</source>
        <translation>计算 {compute} + 通信 {comm}（{nodes}）</translation>
    </message>
    <message>
        <source>{count} node</source>
        <translation>{count} 个节点</translation>
    </message>
    <message>
        <source>{count} nodes</source>
        <translation>{count} 个节点</translation>
    </message>
    <message>
        <source> · {params} with the {driver} the driver reports</source>
        <translation> · 按驱动报告的 {driver}：{params}</translation>
    </message>
    <message>
        <source>{count} elements in {dtype}</source>
        <translation>{count} 个 {dtype} 元素</translation>
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
        <translation>{total}，激活 {active}</translation>
    </message>
    <message>
        <source>{count} parameters, {active} active per token (top-{k} of {e} experts)</source>
        <translation>{count} 个参数，每个 token 激活 {active} 个（{e} 个专家中的 top-{k}）</translation>
    </message>
    <message>
        <source>{count} GPU</source>
        <translation>{count} 张 GPU</translation>
    </message>
    <message>
        <source>Data parallelism over the GPUs of “How long does training take?”, in the least sharded layout that fits (plain, ZeRO-1, 2 or 3): its bf16 collectives every step (rings), over NVLink inside a node and the network between nodes. A run sent by the Plan tab shows the Plan&apos;s layout.</source>
        <translation>在“训练需要多久？”的 GPU 上做数据并行，取放得下的切分最少的布局（普通、ZeRO-1、2 或 3）：每步的 bf16 集合通信（环形），节点内走 NVLink，节点间走网络。规划页送来的训练显示规划的布局。</translation>
    </message>
    <message>
        <source>Inside the MFU the Plan sent: these are its days, likely {low}–{high}</source>
        <translation>已包含在规划送来的 MFU 中：这就是规划的天数，可能 {low}–{high} 天</translation>
    </message>
    <message>
        <source>Inside the MFU the Plan sent: these are its days</source>
        <translation>已包含在规划送来的 MFU 中：这就是规划的天数</translation>
    </message>
    <message>
        <source>{count} GPUs</source>
        <translation>{count} 张 GPU</translation>
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
        <translation> · {days}内能训练的 token 数：{tokens}</translation>
    </message>
    <message>
        <source>{field}: expected text, got {kind}</source>
        <translation>{field}：应为文本，实际为 {kind}</translation>
    </message>
    <message>
        <source>napkin: {problem}</source>
        <translation>心算：{problem}</translation>
    </message>
    <message>
        <source>napkin: unknown model {model}; kept N as typed</source>
        <translation>心算：未知模型 {model}；N 保持输入的值</translation>
    </message>
    <message>
        <source>napkin: unknown tensor dtype {dtype}; allowed: {allowed}</source>
        <translation>心算：未知的张量数据类型 {dtype}；允许：{allowed}</translation>
    </message>
    <message>
        <source>napkin: overlap {value}; allowed: true or false</source>
        <translation>心算：重叠 {value}；允许：true 或 false</translation>
    </message>
    <message>
        <source>napkin: unknown recipe {recipe}; kept the current one</source>
        <translation>心算：未知配方 {recipe}；保留当前配方</translation>
    </message>
    <message>
        <source>{count} parameters</source>
        <translation>{count} 个参数</translation>
    </message>
</context>
</TS>
