<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Bench</name>
    <message>
        <source>cannot write measurements: {problem}</source>
        <extracomment>Keys every point has (``napkinlab bench --json`` promises them too). The allowed range of each number a point is drawn from (``None``: the key may be absent or not a number). The bounds keep every derived rate and intensity finite (FLOPs / seconds &lt;= 1e42). The largest measurements file read (about a million points).</extracomment>
        <translation>无法写入测量结果：{problem}</translation>
    </message>
    <message>
        <source>measurements file {path} is already closed</source>
        <translation>测量文件 {path} 已关闭</translation>
    </message>
    <message>
        <source>cannot write measurements to {path}: {problem}</source>
        <translation>无法把测量结果写入 {path}：{problem}</translation>
    </message>
    <message>
        <source>expected a JSON object, got {type}</source>
        <translation>应为 JSON 对象，实际为 {type}</translation>
    </message>
    <message>
        <source>missing {keys} (a point needs {needed})</source>
        <translation>缺少 {keys}（一个点需要 {needed}）</translation>
    </message>
    <message>
        <source>&apos;{key}&apos; must be a number from {low} to {high}, got {value}</source>
        <translation>&apos;{key}&apos; 必须是 {low} 到 {high} 之间的数，实际为 {value}</translation>
    </message>
    <message>
        <source>line {line}: {problem}; skipped</source>
        <translation>第 {line} 行：{problem}；已跳过</translation>
    </message>
    <message>
        <source>cannot read measurements: {problem}</source>
        <translation>无法读取测量结果：{problem}</translation>
    </message>
    <message>
        <source>line {line}: not UTF-8 text (byte at column {column}); skipped</source>
        <translation>第 {line} 行：不是 UTF-8 文本（第 {column} 列的字节）；已跳过</translation>
    </message>
    <message>
        <source>incomplete last line (the run was cut off)</source>
        <translation>最后一行不完整（运行被中断）</translation>
    </message>
    <message>
        <source>not JSON ({problem})</source>
        <translation>不是 JSON（{problem}）</translation>
    </message>
    <message>
        <source>{case}: out of memory ({detail})</source>
        <extracomment>fp8 matmuls use ``torch._scaled_mm`` with fp32 per-tensor scales of 1.0 and a bf16 output, with fast accumulation OFF (full-precision accumulation, as training uses for gradients); fast accumulation is faster on Hopper and changes results. Recorded in every fp8 point. Suite names ``napkinlab bench --suite`` accepts.</extracomment>
        <translation>{case}：内存不足（{detail}）</translation>
    </message>
    <message>
        <source>{case}: {problem}</source>
        <translation>{case}：{problem}</translation>
    </message>
    <message>
        <source>{case}: not supported here ({error}: {detail})</source>
        <translation>{case}：此处不支持（{error}：{detail}）</translation>
    </message>
    <message>
        <source>This machine ({label})</source>
        <extracomment>The id &quot;this machine&quot; gets in the catalog (a later run replaces it).</extracomment>
        <translation>本机（{label}）</translation>
    </message>
    <message>
        <source>no ceilings of this machine are measured (none in {path}); measure them with: napkinlab bench --suite quick --out {path} (or Benchmark &gt; Run quick suite in the app)</source>
        <translation>尚未测量本机的性能上限（{path} 中没有）；测量方法：napkinlab bench --suite quick --out {path}（或在应用中选择 Benchmark &gt; Run quick suite）</translation>
    </message>
    <message>
        <source>device: this-machine: {why}</source>
        <translation>设备：this-machine：{why}</translation>
    </message>
    <message>
        <source>token dtype {dtype}: allowed {allowed}</source>
        <extracomment>Token file dtypes: numpy name -&gt; bytes per token. Defaults: a 64 Mi-token file (128 MiB in uint16), GPT-2&apos;s context, nanoGPT&apos;s batch of 12 x 1024. Batches faster than this are timed in groups (a 30 µs batch alone is mostly clock and jitter).</extracomment>
        <translation>token 数据类型 {dtype}：允许 {allowed}</translation>
    </message>
    <message>
        <source>--tokens {tokens}: the file must hold at least two slices of seq + 1 = {slice} tokens; allowed: {low} or more</source>
        <translation>--tokens {tokens}：文件至少要容纳两段 seq + 1 = {slice} 个 token；允许：{low} 或更多</translation>
    </message>
    <message>
        <source>cannot write the token file in {folder}: {problem}</source>
        <translation>无法在 {folder} 中写入 token 文件：{problem}</translation>
    </message>
    <message>
        <source>pinned copy not measured: torch sees no CUDA device (pinning needs it)</source>
        <translation>未测量锁页内存拷贝：torch 没有看到 CUDA 设备（锁页需要它）</translation>
    </message>
    <message>
        <source>{variant}, {workers} workers, seq {seq} × batch {batch}, {dtype}</source>
        <translation>{variant}，{workers} 个 worker，seq {seq} × batch {batch}，{dtype}</translation>
    </message>
</context>
<context>
    <name>Calibration</name>
    <message>
        <source>{file}: the key {key} appears twice; keep one</source>
        <extracomment>The largest calibration file a person could have written. Field -&gt; (low, high) of the values it accepts. Attention kernels a table may measure (``attention_kernels``): FlashAttention 1-3, Tri Dao&apos;s Triton FlashAttention, cuDNN&apos;s fused flash attention (Transformer Engine&apos;s FusedAttention). Series a kernel&apos;s entry may give, each ``{&quot;seq&quot;: [...], &quot;tflops&quot;: [...]}`` in the FlashAttention benchmarks&apos; convention (causal counts half the s² FLOPs; backward 2.5× the forward&apos;s). Fields every calibration has (a value from the file, a sibling or the family&apos;s median). Fields a device without them takes from its family&apos;s median, said as an assumption (the required ones, and the mechanisms&apos; constants that do not depend on the card&apos;s memory or links). Reference GEMM of a large-GEMM efficiency that does not name its shape (the usual benchmark). Where a calibrated value comes from, strongest first (:attr:`Calibration.origins`). Devices that share a chip with a calibrated one, whose kernels therefore run alike: the H200 is the H100 SXM&apos;s GH100 with 141 GB of HBM3e; the H100 NVL and PCIe cards are GH100 at lower clocks (their own peaks already say so); the 40 GB A100 is the 80 GB one&apos;s GA100; the GB200&apos;s GPU is the B200&apos;s, the GB300&apos;s the B300&apos;s; the MI325X is the MI300X&apos;s CDNA 3 with more memory; the H800 is the H100 SXM&apos;s GH100 with fewer NVLink lanes and FP64 cut (its own entry holds its all-to-all figures). The efficiency dtype of FP8 GEMMs with software block scales (DeepSeek-V3&apos;s 1×128 activation tiles and 128×128 weight blocks, promoted to FP32 on CUDA cores on tensor cores that do not read block scales), and its calibration field. Devices with the same die at the same peak: this project&apos;s own fixed-shape GEMM measurement on one (docs/gpu.md: the H200&apos;s bf16 and fp8 matmuls at 8192³) stands for the other, where that one&apos;s published figure is the best of a shape search. The shape model scales a GEMM&apos;s time from the efficiency at a fixed reference shape; a maximum over searched shapes is an upper envelope that arbitrary shapes do not reach. Memory and links differ between the two cards, so only the GEMM figures and the kernel launch carry over.</extracomment>
        <translation>{file}：键 {key} 出现了两次；请只保留一个</translation>
    </message>
    <message>
        <source>measured by this project: {source}</source>
        <extracomment>Fields the built-in file records for people but the model does not use (a forward-plus-backward attention figure, NVLink SHARP&apos;s all-reduce bus bandwidth): accepted and ignored.</extracomment>
        <translation>本项目实测：{source}</translation>
    </message>
    <message>
        <source>{where}: {name}.source must be text</source>
        <translation>{where}：{name}.source 必须是文本</translation>
    </message>
    <message>
        <source>{where}: {name} = {value}; allowed: a list of {size} whole numbers from {low} to {high}</source>
        <translation>{where}：{name} = {value}；允许：{size} 个 {low} 到 {high} 之间的整数组成的列表</translation>
    </message>
    <message>
        <source>{where}: {name} = {value}; allowed: a number from {low} to {high}</source>
        <translation>{where}：{name} = {value}；允许：{low} 到 {high} 之间的数</translation>
    </message>
    <message>
        <source>{where}: sm_count = {value}; allowed: a whole number</source>
        <translation>{where}：sm_count = {value}；允许：整数</translation>
    </message>
    <message>
        <source>{where}: attention_kernels: {what}</source>
        <translation>{where}：attention_kernels：{what}</translation>
    </message>
    <message>
        <source>measured by this project: the shape of the measured matmul</source>
        <extracomment>A large-GEMM efficiency -&gt; the field naming the shape it was measured at.</extracomment>
        <translation>本项目测量：所测矩阵乘法的形状</translation>
    </message>
    <message>
        <source>the shape the large-GEMM efficiency was measured at</source>
        <translation>测量大 GEMM 效率时的形状</translation>
    </message>
    <message>
        <source>causal_value / value of {name} ({source})</source>
        <translation>{name} 的 causal_value / value（{source}）</translation>
    </message>
    <message>
        <source>{file}: expected {{&apos;schema_version&apos;: 1, &apos;devices&apos;: {{id: {{...}}}}}}</source>
        <translation>{file}：应为 {{&apos;schema_version&apos;: 1, &apos;devices&apos;: {{id: {{...}}}}}}</translation>
    </message>
    <message>
        <source>{file}: schema_version {version}; this version reads 1</source>
        <translation>{file}：schema_version {version}；本版本只读 1</translation>
    </message>
    <message>
        <source>{file}: device {id} must be an object</source>
        <translation>{file}：设备 {id} 必须是一个对象</translation>
    </message>
    <message>
        <source>{file}: device {id}: unknown field {name}; allowed: {allowed}</source>
        <translation>{file}：设备 {id}：未知字段 {name}；允许：{allowed}</translation>
    </message>
    <message>
        <source>{where}: unknown field {name}; allowed: {allowed}</source>
        <translation>{where}：未知字段 {name}；允许：{allowed}</translation>
    </message>
    <message>
        <source>{where}: {name} has no value</source>
        <translation>{where}：{name} 没有值</translation>
    </message>
    <message>
        <source>{where}: {name}: {problem}</source>
        <translation>{where}：{name}：{problem}</translation>
    </message>
    <message>
        <source>{problem}; the overrides are ignored</source>
        <translation>{problem}；已忽略这些覆盖值</translation>
    </message>
    <message>
        <source>your override</source>
        <translation>你的覆盖值</translation>
    </message>
    <message>
        <source>measured here ({name})</source>
        <translation>在本机实测（{name}）</translation>
    </message>
    <message>
        <source>{device} is not calibrated: it takes the values of {sibling}, the same chip</source>
        <translation>{device} 没有校准值：沿用同一芯片 {sibling} 的数值</translation>
    </message>
    <message>
        <source>{device} takes {fields} from {sibling}, the same chip; the rest is its own</source>
        <translation>{device} 的 {fields} 沿用同一芯片 {sibling} 的数值；其余是它自己的</translation>
    </message>
    <message>
        <source>{device}: {fields} from your overrides ({file})</source>
        <translation>{device}：{fields} 取自你的覆盖值（{file}）</translation>
    </message>
    <message>
        <source>{device}: {fields} from this project&apos;s measurement on {twin}, the same die at the same peak, at a fixed shape (a best-of-search figure is an upper envelope)</source>
        <translation>{device}：{fields} 取自本项目在 {twin} 上的实测（同一裸片、同一峰值、固定形状；形状搜索得到的最佳值只是上包络）</translation>
    </message>
    <message>
        <source>assumed: the median of {donors}</source>
        <translation>假定：{donors} 的中位数</translation>
    </message>
    <message>
        <source>{device}: {name} is not calibrated; assumed {value}, the median of {donors}</source>
        <translation>{device}：{name} 没有校准值；假定为 {value}，即 {donors} 的中位数</translation>
    </message>
    <message>
        <source>{device}: {name} = {value}: {caveat}</source>
        <translation>{device}：{name} = {value}：{caveat}</translation>
    </message>
    <message>
        <source>{device}: a variant of {base}: its fractions, applied to the variant&apos;s memory and links</source>
        <translation>{device}：{base} 的变体：沿用其比例，作用于该变体自己的内存与互连</translation>
    </message>
    <message>
        <source>{device}: matmul and memory fractions measured here by the benchmark ({name})</source>
        <translation>{device}：矩阵乘法与内存的比例由本机基准测试实测（{name}）</translation>
    </message>
    <message>
        <source>{device}: {fields} as this project measured them on the device (docs/gpu.md)</source>
        <translation>{device}：{fields} 为本项目在该设备上的实测值（docs/gpu.md）</translation>
    </message>
    <message>
        <source>{device}: no SM count or GEMM tile calibrated: the wave and tile quantization of GEMMs is not modelled</source>
        <translation>{device}：没有校准的 SM 数或 GEMM 分块：不对 GEMM 的波次和分块量化建模</translation>
    </message>
    <message>
        <source>device: {device} has no calibration for {fields} and no calibrated device to assume them from; add them to {file}</source>
        <translation>设备：{device} 没有 {fields} 的校准值，也没有可借用的已校准设备；请把它们加到 {file}</translation>
    </message>
</context>
<context>
    <name>Einops</name>
    <message>
        <source>The lecture counts a sum of n terms as n − 1 adds (a length-n dot product: 2n − 1): {lecture} FLOPs, {fewer} fewer than the {flops} counted here with a multiply-add as 2, as torch&apos;s FlopCounterMode does.</source>
        <translation>讲义把 n 项求和算作 n − 1 次加法（长度为 n 的点积：2n − 1）：{lecture} FLOPs，比这里按乘加算 2 次（与 torch 的 FlopCounterMode 相同）得到的 {flops} 少 {fewer}。</translation>
    </message>
</context>
<context>
    <name>Fractions</name>
    <message>
        <source>of the dense peak</source>
        <extracomment>Fields a person types as two or three whole numbers (``128x256``). Fields that are a table, edited in the file only.</extracomment>
        <translation>占稠密峰值的比例</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>of the link</source>
        <translation>占互连带宽的比例</translation>
    </message>
    <message>
        <source>Large-GEMM efficiency (16-bit) at the reference shape</source>
        <translation>大 GEMM 效率（16 位），在参考形状下</translation>
    </message>
    <message>
        <source>Large-GEMM efficiency (fp8); else the 16-bit one</source>
        <translation>大 GEMM 效率（fp8）；没有时用 16 位的</translation>
    </message>
    <message>
        <source>Large-GEMM efficiency (fp4, at the 16-bit reference shape); else the 16-bit one</source>
        <translation>大 GEMM 效率（fp4，在 16 位的参考形状下）；没有时用 16 位的</translation>
    </message>
    <message>
        <source>Large-GEMM efficiency (fp8 with software block scales, 1×128 and 128×128); none: the recipe is refused</source>
        <translation>大 GEMM 效率（软件块缩放的 fp8，1×128 与 128×128）；没有时拒绝该配方</translation>
    </message>
    <message>
        <source>M×N×K</source>
        <translation>M×N×K</translation>
    </message>
    <message>
        <source>GEMM shape model: the shape the large-GEMM efficiency was measured at</source>
        <translation>GEMM 形状模型：测得大 GEMM 效率时的形状</translation>
    </message>
    <message>
        <source>GEMM shape model: the shape the fp8 efficiency was measured at</source>
        <translation>GEMM 形状模型：测得 fp8 效率时的形状</translation>
    </message>
    <message>
        <source>GEMM shape model: the shape the fp8 blockwise efficiency was measured at</source>
        <translation>GEMM 形状模型：测得 fp8 分块效率时的形状</translation>
    </message>
    <message>
        <source>SMs</source>
        <translation>SM 数</translation>
    </message>
    <message>
        <source>GEMM shape model: SMs (or compute units) that output tiles fill in waves</source>
        <translation>GEMM 形状模型：输出分块按波次填满的 SM（或计算单元）数</translation>
    </message>
    <message>
        <source>M×N</source>
        <translation>M×N</translation>
    </message>
    <message>
        <source>GEMM shape model: the output tile of one SM</source>
        <translation>GEMM 形状模型：一个 SM 的输出分块</translation>
    </message>
    <message>
        <source>K steps</source>
        <translation>K 步</translation>
    </message>
    <message>
        <source>GEMM shape model: fixed cost per tile, in K-loop iterations</source>
        <translation>GEMM 形状模型：每个分块的固定开销，以 K 循环迭代次数计</translation>
    </message>
    <message>
        <source>GEMM shape model: fixed cost per fp8 tile, in K-loop iterations; else the 16-bit one</source>
        <translation>GEMM 形状模型：每个 fp8 输出块的固定开销，以 K 循环迭代计；否则用 16 位的</translation>
    </message>
    <message>
        <source>Attention kernel efficiency, forward</source>
        <translation>注意力核函数效率，前向</translation>
    </message>
    <message>
        <source>Attention kernel efficiency, backward</source>
        <translation>注意力核函数效率，反向</translation>
    </message>
    <message>
        <source>ratio</source>
        <translation>比值</translation>
    </message>
    <message>
        <source>Attention: causal over non-causal efficiency</source>
        <translation>注意力：因果与非因果效率之比</translation>
    </message>
    <message>
        <source>table</source>
        <translation>表</translation>
    </message>
    <message>
        <source>Attention kernels measured per sequence length (edit in the file)</source>
        <translation>按序列长度实测的注意力核函数（在文件中编辑）</translation>
    </message>
    <message>
        <source>of the bandwidth</source>
        <translation>占带宽的比例</translation>
    </message>
    <message>
        <source>Memory-bound ops: fraction of the memory bandwidth</source>
        <translation>内存受限算子：达到内存带宽的比例</translation>
    </message>
    <message>
        <source>Collective bus bandwidth, intra-node link</source>
        <translation>集合通信总线带宽，节点内互连</translation>
    </message>
    <message>
        <source>Collective bus bandwidth, network</source>
        <translation>集合通信总线带宽，网络</translation>
    </message>
    <message>
        <source>All-to-all bus bandwidth, NVLink domain; else the ring&apos;s</source>
        <translation>All-to-all 总线带宽，NVLink 域内；没有时取环形集合通信的值</translation>
    </message>
    <message>
        <source>All-to-all bus bandwidth, network (per GPU&apos;s NIC); else the ring&apos;s</source>
        <translation>All-to-all 总线带宽，网络（每个 GPU 的网卡）；没有时取环形集合通信的值</translation>
    </message>
    <message>
        <source>Fixed time of one collective call</source>
        <translation>一次集合通信调用的固定时间</translation>
    </message>
    <message>
        <source>Ring collective: base latency</source>
        <translation>环形集合通信：基础延迟</translation>
    </message>
    <message>
        <source>Ring collective: latency per intra-node hop</source>
        <translation>环形集合通信：每个节点内跳的延迟</translation>
    </message>
    <message>
        <source>Ring collective: latency per network hop</source>
        <translation>环形集合通信：每个网络跳的延迟</translation>
    </message>
    <message>
        <source>Ring collective: network post overhead</source>
        <translation>环形集合通信：网络投递开销</translation>
    </message>
    <message>
        <source>Kernel launch overhead, per kernel</source>
        <translation>核函数启动开销，每个核函数</translation>
    </message>
    <message>
        <source>fraction</source>
        <translation>比例</translation>
    </message>
    <message>
        <source>Compute slowdown while a collective overlaps it</source>
        <translation>与集合通信重叠时计算的减速</translation>
    </message>
    <message>
        <source>your override</source>
        <translation>你的覆盖值</translation>
    </message>
    <message>
        <source>measured here</source>
        <translation>本机实测</translation>
    </message>
    <message>
        <source>built-in</source>
        <translation>内置</translation>
    </message>
    <message>
        <source>built-in, same chip</source>
        <translation>内置，同一芯片</translation>
    </message>
    <message>
        <source>assumed</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>a table of kernels; edit it in the file</source>
        <translation>核函数表；请在文件中编辑</translation>
    </message>
    <message>
        <source>{size} whole numbers from {low} to {high}, as {example}</source>
        <translation>{size} 个 {low} 到 {high} 的整数，如 {example}</translation>
    </message>
    <message>
        <source>a whole number from {low} to {high}</source>
        <translation>{low} 到 {high} 的整数</translation>
    </message>
    <message>
        <source>a number from {low} to {high}</source>
        <translation>{low} 到 {high} 的数</translation>
    </message>
    <message>
        <source>{kernels} (default {default})</source>
        <translation>{kernels}（默认 {default}）</translation>
    </message>
    <message>
        <source>your value</source>
        <translation>你的值</translation>
    </message>
    <message>
        <source>{where}: unknown field {name}; allowed: {allowed}</source>
        <translation>{where}：未知字段 {name}；允许：{allowed}</translation>
    </message>
    <message>
        <source>{where}: {name} is a table of kernels; edit it in {file}</source>
        <translation>{where}：{name} 是核函数表；请在 {file} 中编辑</translation>
    </message>
    <message>
        <source>fix or move it first, it was not changed</source>
        <translation>请先修正或移走它，它未被更改</translation>
    </message>
    <message>
        <source>{problem}; {keep}</source>
        <translation>{problem}；{keep}</translation>
    </message>
</context>
<context>
    <name>Roofline</name>
    <message>
        <source>compute-bound</source>
        <extracomment>The dtype whose peak stands for the vector (CUDA-core, non-tensor) units; memory-bound elementwise kernels run there, not on the tensor cores. A timing spread (interquartile range / median) above this marks a measurement as noisy; the benchmark runner (:mod:`core.bench.timing`) and the chart use this one threshold. A measured rate this much above the machine&apos;s own ceiling is a timing artefact, not speed (the ceiling is the machine&apos;s best measured matmul, so the best point sits on it).</extracomment>
        <translation>计算受限</translation>
    </message>
    <message>
        <source>memory-bound</source>
        <translation>内存受限</translation>
    </message>
    <message>
        <source>intensity {intensity} FLOP/byte is at or above the ridge {ridge} FLOP/byte: compute-bound, the peak is reachable (MFU up to {mfu})</source>
        <translation>强度 {intensity} FLOP/字节不低于折点 {ridge} FLOP/字节：计算受限，可达峰值（MFU 最高 {mfu}）</translation>
    </message>
    <message>
        <source>intensity {intensity} FLOP/byte is below the ridge {ridge} FLOP/byte: memory-bound, bandwidth caps it at MFU {mfu}</source>
        <translation>强度 {intensity} FLOP/字节低于折点 {ridge} FLOP/字节：内存受限，带宽把 MFU 限制在 {mfu}</translation>
    </message>
    <message>
        <source>roofline: {what} must be a positive finite number, got {value}</source>
        <translation>Roofline：{what} 必须是有限正数，实际为 {value}</translation>
    </message>
    <message>
        <source>roofline: FLOPs must be a finite number &gt;= 0, got {value}</source>
        <translation>Roofline：FLOPs 必须是 &gt;= 0 的有限数，实际为 {value}</translation>
    </message>
    <message>
        <source>noisy: the timing spread ±{spread} is above ±{limit}</source>
        <translation>噪声大：计时离散 ±{spread} 超过 ±{limit}</translation>
    </message>
    <message>
        <source>{factor}× above the machine&apos;s own ceiling here: a timing artefact, not speed</source>
        <translation>高出该机器自身在此处的上限 {factor}×：是计时假象，不是速度</translation>
    </message>
    <message>
        <source>measured point: {key} must be a finite number, got {value}</source>
        <translation>测量点：{key} 必须是有限数，实际为 {value}</translation>
    </message>
    <message>
        <source>measured point: {key} = {value} must be positive</source>
        <translation>测量点：{key} = {value} 必须为正</translation>
    </message>
    <message>
        <source>measured point: expected a dict, got {type}</source>
        <translation>测量点：应为字典，实际为 {type}</translation>
    </message>
    <message>
        <source>measured point: missing {keys}</source>
        <translation>测量点：缺少 {keys}</translation>
    </message>
    <message>
        <source>{device} has no published {dtype} peak; it has: {have}</source>
        <extracomment>The compute dtypes a device can list a peak for, widest first. Storage bytes per element of each compute dtype (tf32 is stored as fp32). Storage bits per element of each compute dtype. Device families and the runtime allowance each has (what sits in memory besides tensors). Below one FLOP/s, byte/s or byte a value is a typo (and ratios of such values overflow). A user&apos;s device file larger than this is not one a person wrote.</extracomment>
        <translation>{device} 没有公布 {dtype} 峰值；它有：{have}</translation>
    </message>
    <message>
        <source>{device} has no memory bandwidth: no copy was measured (run the benchmark to the end, or pick a device with a datasheet bandwidth)</source>
        <translation>{device} 没有内存带宽：未测量复制（把基准测试跑完，或选择有规格书带宽的设备）</translation>
    </message>
    <message>
        <source>{datasheet} datasheet, {driver} reported by the driver</source>
        <translation>规格书 {datasheet}，驱动报告 {driver}</translation>
    </message>
    <message>
        <source>{datasheet} datasheet</source>
        <translation>规格书 {datasheet}</translation>
    </message>
    <message>
        <source>{device}: {capacity} per GPU, the memory its driver reports; the datasheet&apos;s {datasheet} is rounded in other units</source>
        <translation>{device}：每个 GPU {capacity}，即驱动报告的显存总量；规格书上的 {datasheet} 是按另一种单位取整的</translation>
    </message>
    <message>
        <source>{device}: {capacity} per GPU, the datasheet&apos;s figure (no driver-reported total is known for it)</source>
        <translation>{device}：每个 GPU {capacity}，取规格书的数字（不知道它的驱动报告的总量）</translation>
    </message>
    <message>
        <source>1 FLOP per element (max(x, 0) is one comparison); read x, write y.</source>
        <extracomment>The smallest and largest accepted size of one dimension (10 billion elements): the one range that the Roofline&apos;s fields, its sliders and the CLI&apos;s ``--op`` share.</extracomment>
        <translation>每个元素 1 FLOP（max(x, 0) 是一次比较）；读 x，写 y。</translation>
    </message>
    <message>
        <source>~20 FLOPs per element for 0.5·x·(1 + tanh(√(2/π)(x + 0.044715x³))), as the lecture counts it (tanh expanded); read x, write y.</source>
        <translation>按讲义的算法，0.5·x·(1 + tanh(√(2/π)(x + 0.044715x³))) 每个元素约 20 FLOPs（tanh 展开）；读 x，写 y。</translation>
    </message>
    <message>
        <source>1 FLOP per element; read x and y, write x + y.</source>
        <translation>每个元素 1 FLOP；读 x 和 y，写 x + y。</translation>
    </message>
    <message>
        <source>0 FLOPs; read x, write a copy (pure data movement).</source>
        <translation>0 FLOPs；读 x，写一份副本（纯数据搬运）。</translation>
    </message>
    <message>
        <source>2n FLOPs (a multiply-add counts 2; the lecture&apos;s 2n - 1 differs by &lt; 1/n); read x and w, write one scalar.</source>
        <translation>2n FLOPs（一次乘加算 2；与讲义的 2n - 1 相差 &lt; 1/n）；读 x 和 w，写一个标量。</translation>
    </message>
    <message>
        <source>2·m·n FLOPs (m dot products of length n); read W (m×n) and x (n), write y (m).</source>
        <translation>2·m·n FLOPs（m 个长度为 n 的点积）；读 W (m×n) 和 x (n)，写 y (m)。</translation>
    </message>
    <message>
        <source>2·m·k·n FLOPs (a multiply-add counts 2, as torch&apos;s FlopCounterMode); read A (m×k) and B (k×n), write C (m×n).</source>
        <translation>2·m·k·n FLOPs（一次乘加算 2，与 torch 的 FlopCounterMode 相同）；读 A (m×k) 和 B (k×n)，写 C (m×n)。</translation>
    </message>
    <message>
        <source>2·b·m·k·n FLOPs; read b pairs of A (m×k) and B (k×n), write b outputs (m×n).</source>
        <translation>2·b·m·k·n FLOPs；读 b 对 A (m×k) 和 B (k×n)，写 b 个输出 (m×n)。</translation>
    </message>
    <message>
        <source>5 FLOPs per element over m rows of n: max, subtract, exp (counted as 1), sum, divide; read x, write y (one pass, the row kept on chip).</source>
        <translation>m 行、每行 n 个元素，每个元素 5 FLOPs：最大值、减法、exp（算 1）、求和、除法；读 x，写 y（一遍完成，整行留在片上）。</translation>
    </message>
    <message>
        <source>7 FLOPs per element (mean sum, subtract, square, variance sum, scale by 1/σ, ×γ, +β) plus 4 per row (two divides, +ε, rsqrt counted as 1); read x, γ, β, write y.</source>
        <translation>每个元素 7 FLOPs（均值求和、减法、平方、方差求和、乘 1/σ、×γ、+β），每行另加 4（两次除法、+ε、rsqrt 算 1）；读 x、γ、β，写 y。</translation>
    </message>
    <message>
        <source>4 FLOPs per element (square, sum, scale by 1/rms, ×γ) plus 3 per row (divide, +ε, rsqrt counted as 1); read x and γ, write y.</source>
        <translation>每个元素 4 FLOPs（平方、求和、乘 1/rms、×γ），每行另加 3（除法、+ε、rsqrt 算 1）；读 x 和 γ，写 y。</translation>
    </message>
    <message>
        <source>Naive, no mask: S = QKᵀ (2·s²·d), softmax (5 per score, exp as 1), O = PV (2·s²·d) per batch and head. The s×s scores S and probabilities P are each written to memory and read back: read Q, K, V, S, P; write S, P, O.</source>
        <translation>朴素实现，无掩码：每个批量和头 S = QKᵀ (2·s²·d)、softmax（每个分数 5，exp 算 1）、O = PV (2·s²·d)。s×s 的分数 S 和概率 P 各写入内存再读回：读 Q、K、V、S、P；写 S、P、O。</translation>
    </message>
    <message>
        <source>Fused (FlashAttention-style), no mask: same FLOPs as naive attention (recomputation ignored), but the scores stay on chip: read Q, K, V once, write O.</source>
        <translation>融合实现（FlashAttention 式），无掩码：FLOPs 与朴素注意力相同（不计重计算），但分数留在片上：Q、K、V 各读一次，写 O。</translation>
    </message>
    <message>
        <source>missing {sizes}</source>
        <extracomment>Every operator :func:`op_cost` knows, in menu order. The named sizes each operator needs, in order.</extracomment>
        <translation>缺少 {sizes}</translation>
    </message>
    <message>
        <source>unexpected {sizes}</source>
        <translation>多余的 {sizes}</translation>
    </message>
    <message>
        <source>{op}: {problem}; it takes {sizes} (e.g. {example})</source>
        <translation>{op}：{problem}；它需要 {sizes}（例如 {example}）</translation>
    </message>
    <message>
        <source>FLOPs and bytes as supplied by the caller.</source>
        <translation>FLOPs 和字节数由调用方提供。</translation>
    </message>
</context>
<context>
    <name>RooflineModel</name>
    <message>
        <source>{op} (lecture)</source>
        <extracomment>A table row: (point key, cell texts, tooltip). The lecture&apos;s table (section 7): ReLU, GELU, dot, matvec, matmul. More presets offered in the &quot;Add preset&quot; menu: (title, op, sizes).</extracomment>
        <translation>{op}（讲义）</translation>
    </message>
    <message>
        <source>attention naive {shape}</source>
        <translation>朴素注意力 {shape}</translation>
    </message>
    <message>
        <source>flash attention {shape}</source>
        <translation>FlashAttention {shape}</translation>
    </message>
    <message>
        <source>{problem}: no roof drawn</source>
        <translation>{problem}：不画屋顶线</translation>
    </message>
    <message>
        <source>{device} has no published {dtype} peak (it has: {have})</source>
        <translation>{device} 没有公布 {dtype} 峰值（它有：{have}）</translation>
    </message>
    <message>
        <source>fp32 vector</source>
        <translation>fp32 向量</translation>
    </message>
    <message>
        <source>{label}, ridge {ridge}</source>
        <translation>{label}，折点 {ridge}</translation>
    </message>
    <message>
        <source>ridge {ridge} FLOP/B</source>
        <translation>折点 {ridge} FLOP/B</translation>
    </message>
    <message>
        <source>{roof}: peak {peak}, bandwidth {bandwidth}/s, ridge {ridge} FLOP/byte</source>
        <translation>{roof}：峰值 {peak}，带宽 {bandwidth}/s，折点 {ridge} FLOP/字节</translation>
    </message>
    <message>
        <source>{verdict}, MFU ≤ {mfu}</source>
        <translation>{verdict}，MFU ≤ {mfu}</translation>
    </message>
    <message>
        <source>{point} {dtypes}: {flops}, {bytes}, intensity {intensity} FLOP/B, attainable {rate} on {device}, {bound}, {time}</source>
        <translation>{point} {dtypes}：{flops}，{bytes}，强度 {intensity} FLOP/B，在 {device} 上可达 {rate}，{bound}，{time}</translation>
    </message>
    <message>
        <source>{amount}/s moved</source>
        <translation>搬运 {amount}/s</translation>
    </message>
    <message>
        <source>unknown device</source>
        <translation>未知设备</translation>
    </message>
    <message>
        <source>{point} (measured) on {device}: {flops}, {bytes}, intensity {intensity} FLOP/B, achieved {rate} (spread {spread}), median {time}</source>
        <translation>{point}（实测）于 {device}：{flops}，{bytes}，强度 {intensity} FLOP/B，实际 {rate}（离散 {spread}），中位数 {time}</translation>
    </message>
    <message>
        <source>{point} (measured, {device})</source>
        <translation>{point}（实测，{device}）</translation>
    </message>
    <message>
        <source>{point} (measured)</source>
        <translation>{point}（实测）</translation>
    </message>
    <message>
        <source>measured, doubtful</source>
        <translation>实测，存疑</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>measured, no FLOPs</source>
        <translation>实测，无 FLOPs</translation>
    </message>
</context>
<context>
    <name>RooflinePanel</name>
    <message>
        <source>Compare devices</source>
        <translation>对比设备</translation>
    </message>
    <message>
        <source>Tick devices to draw beside the selected one</source>
        <translation>勾选要与所选设备一起画出的设备</translation>
    </message>
    <message>
        <source>The selected device is always shown</source>
        <translation>所选设备总会显示</translation>
    </message>
    <message>
        <source>All dtypes of compared devices</source>
        <translation>对比设备的全部数据类型</translation>
    </message>
    <message>
        <source>Vector ceiling (fp32 CUDA cores)</source>
        <translation>向量上限（fp32 CUDA 核心）</translation>
    </message>
    <message>
        <source>Elementwise kernels run on the vector units, not the tensor cores</source>
        <translation>逐元素内核在向量单元上运行，而不是张量核心</translation>
    </message>
    <message>
        <source>Selected point&apos;s shape</source>
        <translation>所选点的形状</translation>
    </message>
    <message>
        <source>Output dtype</source>
        <translation>输出数据类型</translation>
    </message>
    <message>
        <source>same as input</source>
        <translation>与输入相同</translation>
    </message>
    <message>
        <source>Mixed precision: e.g. fp8 inputs with a bf16 output</source>
        <translation>混合精度：例如 fp8 输入、bf16 输出</translation>
    </message>
    <message>
        <source>Add point</source>
        <translation>添加点</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Lecture set</source>
        <translation>讲义算子</translation>
    </message>
    <message>
        <source>Reset to the lecture&apos;s ReLU, GELU, dot, matvec, matmul</source>
        <translation>恢复讲义中的 ReLU、GELU、dot、matvec、matmul</translation>
    </message>
    <message>
        <source>Add a preset…</source>
        <translation>添加预设…</translation>
    </message>
    <message>
        <source>Fit view</source>
        <translation>适配视图</translation>
    </message>
</context>
<context>
    <name>RooflinePlot</name>
    <message>
        <source>Arithmetic intensity (FLOP/byte)</source>
        <extracomment>View limits in log10 units: intensity 1e-4..1e7 FLOP/byte, rate 1e6..1e19 FLOP/s. Above this many points only the selected one is labelled (the table and hover name the rest). How far (in label heights) a point&apos;s label may go from its marker before it is left out. The legend&apos;s inner margin at scale 1 (pixels; half of it above and below the rows).</extracomment>
        <translation>算术强度（FLOP/字节）</translation>
    </message>
    <message>
        <source>Attainable FLOP/s</source>
        <translation>可达 FLOP/s</translation>
    </message>
    <message>
        <source>Hover a point or a ceiling for its numbers.</source>
        <extracomment>Bumped when roofs or styles change: the roofs&apos; label layout is then made again.</extracomment>
        <translation>把鼠标停在点或上限线上查看数值。</translation>
    </message>
    <message>
        <source>fp32 vector (CUDA cores)</source>
        <translation>fp32 向量（CUDA 核心）</translation>
    </message>
    <message>
        <source>operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>measured (bar: spread)</source>
        <translation>实测（竖线：离散范围）</translation>
    </message>
    <message>
        <source>doubtful (noisy or above its ceiling)</source>
        <translation>存疑（噪声大或高于其上限）</translation>
    </message>
    <message>
        <source>intensity {intensity} FLOP/byte, {rate} FLOP/s</source>
        <translation>强度 {intensity} FLOP/字节，{rate} FLOP/s</translation>
    </message>
</context>
<context>
    <name>RooflineTab</name>
    <message>
        <source>roofline point: share must be from 0 to 1, got {value}</source>
        <extracomment>The heights of the chart and of the points table, in proportion (the chart 79 %). The narrowest chart (pixels) a slide&apos;s caption is fitted to.</extracomment>
        <translation>Roofline 点：占比必须在 0 到 1 之间，实际为 {value}</translation>
    </message>
    <message>
        <source>roofline point: expected a dict, got {type}</source>
        <translation>Roofline 点：应为字典，实际为 {type}</translation>
    </message>
    <message>
        <source>FLOPs and bytes counted by the {source} tab.</source>
        <translation>FLOPs 和字节数由 {source} 标签页计算。</translation>
    </message>
    <message>
        <source>{problems}; and {count} more</source>
        <translation>{problems}；另有 {count} 条</translation>
    </message>
    <message>
        <source>roofline: expected an object, got {type}</source>
        <translation>Roofline：应为对象，实际为 {type}</translation>
    </message>
    <message>
        <source>roofline: unknown device {device} skipped</source>
        <translation>Roofline：跳过未知设备 {device}</translation>
    </message>
    <message>
        <source>roofline point skipped: {problem}</source>
        <translation>已跳过 Roofline 点：{problem}</translation>
    </message>
    <message>
        <source>roofline: could not restore ({problem})</source>
        <translation>Roofline：无法恢复（{problem}）</translation>
    </message>
    <message>
        <source>{count} measured</source>
        <translation>{count} 个实测点</translation>
    </message>
    <message>
        <source>vs {devices}</source>
        <translation>对比 {devices}</translation>
    </message>
    <message>
        <source>+{count} more</source>
        <translation>另 {count} 个</translation>
    </message>
</context>
<context>
    <name>RooflineTable</name>
    <message>
        <source>Point</source>
        <extracomment>Column titles, in order (English; :func:`column_titles` gives them in the window&apos;s language).</extracomment>
        <translation>点</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Arithmetic intensity: FLOPs per byte moved to and from memory</source>
        <translation>算术强度：与内存之间每搬运一个字节对应的 FLOPs</translation>
    </message>
    <message>
        <source>Attainable FLOP/s on the selected device (roofline); achieved FLOP/s for measured points</source>
        <translation>所选设备上的可达 FLOP/s（Roofline）；实测点为实际 FLOP/s</translation>
    </message>
    <message>
        <source>Memory- or compute-bound, with the best MFU the roofline allows: min(1, intensity / ridge)</source>
        <translation>内存受限或计算受限，以及 Roofline 允许的最高 MFU：min(1, 强度 / 折点)</translation>
    </message>
    <message>
        <source>Predicted time max(FLOPs / peak, bytes / bandwidth); median time for measured points</source>
        <translation>预测时间 max(FLOPs / 峰值, 字节 / 带宽)；实测点为中位时间</translation>
    </message>
</context>
<context>
    <name>ShapeEditor</name>
    <message>
        <source>batch b</source>
        <extracomment>Display names of the sizes operators take (English; :func:`size_label` translates them).</extracomment>
        <translation>批量 b</translation>
    </message>
    <message>
        <source>heads h</source>
        <translation>头数 h</translation>
    </message>
    <message>
        <source>sequence s</source>
        <translation>序列 s</translation>
    </message>
    <message>
        <source>head dim d</source>
        <translation>头维度 d</translation>
    </message>
    <message>
        <source>rows m</source>
        <translation>行数 m</translation>
    </message>
    <message>
        <source>inner k</source>
        <translation>内维 k</translation>
    </message>
    <message>
        <source>Operator whose shape the sliders change</source>
        <translation>滑块改变其形状的算子</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>{size}: drag to scale by ×2^¼ per step</source>
        <translation>{size}：拖动，每步缩放 ×2^¼</translation>
    </message>
    <message>
        <source>{size}: a whole number (1024, 4k, 1M)</source>
        <translation>{size}：整数（1024、4k、1M）</translation>
    </message>
</context>
<context>
    <name>Utilization</name>
    <message>
        <source>MFU (model FLOPs utilization, PaLM appendix B): the FLOPs the model needs per step (forward and backward matmuls and attention, no recomputation; attention over the full sequence, not halved for causal masks; the LM head included) / (step time × dense peak of the precision that runs)</source>
        <extracomment>Attention backward FLOPs as a multiple of its forward, for model FLOPs (PaLM: 2×) and for what a flash-attention backward executes (torch&apos;s SDPA formula: 2.5×, the scores computed again). Hardware over model FLOPs of ``6·N·D`` with full activation recomputation: every layer&apos;s forward (``2·N`` per token) runs once more in the backward pass, ``8·N / 6·N`` (Korthikanti et al. 2022, *Reducing Activation Recomputation in Large Transformer Models*, section 5). The share of the full ``s × s`` attention work a causal kernel executes: FlashAttention iterates only over the key blocks at or below each query block&apos;s diagonal (Dao 2023, *FlashAttention-2*, section 3.1.1: &quot;we can skip the computation of about half of the blocks&quot;); for ``s ≫ block`` the share is ``(s/B + 1) / (2·s/B)`` → ½.</extracomment>
        <translation>MFU（模型 FLOPs 利用率，PaLM 附录 B）：模型每步所需的 FLOPs（前向和反向的矩阵乘法与注意力，不含重计算；注意力按完整序列计，因果掩码不减半；含 LM head）/（步时间 × 运行精度的稠密峰值）</translation>
    </message>
    <message>
        <source>HFU (hardware FLOPs utilization): the FLOPs the GPU executes per step (model FLOPs plus activation recomputation and the flash-attention backward&apos;s recompute; causal attention at the half a causal kernel executes, which MFU counts in full) / (step time × dense peak of the precision that runs)</source>
        <translation>HFU（硬件 FLOPs 利用率）：GPU 每步实际执行的 FLOPs（模型 FLOPs 加上激活重计算和 flash-attention 反向中的重计算；因果注意力按因果内核实际执行的一半计，MFU 则按全部计）/（步时间 × 运行精度的稠密峰值）</translation>
    </message>
</context>
</TS>
