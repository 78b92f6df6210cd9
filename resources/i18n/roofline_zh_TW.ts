<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>Bench</name>
    <message>
        <source>cannot write measurements: {problem}</source>
        <extracomment>Keys every point has (``napkinlab bench --json`` promises them too). The allowed range of each number a point is drawn from (``None``: the key may be absent or not a number). The bounds keep every derived rate and intensity finite (FLOPs / seconds &lt;= 1e42). The largest measurements file read (about a million points).</extracomment>
        <translation>無法寫入量測結果：{problem}</translation>
    </message>
    <message>
        <source>measurements file {path} is already closed</source>
        <translation>量測檔案 {path} 已關閉</translation>
    </message>
    <message>
        <source>cannot write measurements to {path}: {problem}</source>
        <translation>無法將量測結果寫入 {path}：{problem}</translation>
    </message>
    <message>
        <source>expected a JSON object, got {type}</source>
        <translation>應為 JSON 物件，實際為 {type}</translation>
    </message>
    <message>
        <source>missing {keys} (a point needs {needed})</source>
        <translation>缺少 {keys}（一個點需要 {needed}）</translation>
    </message>
    <message>
        <source>&apos;{key}&apos; must be a number from {low} to {high}, got {value}</source>
        <translation>&apos;{key}&apos; 必須是 {low} 到 {high} 之間的數，實際為 {value}</translation>
    </message>
    <message>
        <source>line {line}: {problem}; skipped</source>
        <translation>第 {line} 行：{problem}；已略過</translation>
    </message>
    <message>
        <source>cannot read measurements: {problem}</source>
        <translation>無法讀取量測結果：{problem}</translation>
    </message>
    <message>
        <source>line {line}: not UTF-8 text (byte at column {column}); skipped</source>
        <translation>第 {line} 行：不是 UTF-8 文字（第 {column} 欄的位元組）；已略過</translation>
    </message>
    <message>
        <source>incomplete last line (the run was cut off)</source>
        <translation>最後一行不完整（執行被中斷）</translation>
    </message>
    <message>
        <source>not JSON ({problem})</source>
        <translation>不是 JSON（{problem}）</translation>
    </message>
    <message>
        <source>{case}: out of memory ({detail})</source>
        <extracomment>fp8 matmuls use ``torch._scaled_mm`` with fp32 per-tensor scales of 1.0 and a bf16 output, with fast accumulation OFF (full-precision accumulation, as training uses for gradients); fast accumulation is faster on Hopper and changes results. Recorded in every fp8 point. Suite names ``napkinlab bench --suite`` accepts.</extracomment>
        <translation>{case}：記憶體不足（{detail}）</translation>
    </message>
    <message>
        <source>{case}: {problem}</source>
        <translation>{case}：{problem}</translation>
    </message>
    <message>
        <source>{case}: not supported here ({error}: {detail})</source>
        <translation>{case}：此處不支援（{error}：{detail}）</translation>
    </message>
    <message>
        <source>This machine ({label})</source>
        <extracomment>The id &quot;this machine&quot; gets in the catalog (a later run replaces it).</extracomment>
        <translation>本機（{label}）</translation>
    </message>
    <message>
        <source>no ceilings of this machine are measured (none in {path}); measure them with: napkinlab bench --suite quick --out {path} (or Benchmark &gt; Run quick suite in the app)</source>
        <translation>尚未量測本機的效能上限（{path} 中沒有）；量測方式：napkinlab bench --suite quick --out {path}（或在應用程式中選擇 Benchmark &gt; Run quick suite）</translation>
    </message>
    <message>
        <source>device: this-machine: {why}</source>
        <translation>裝置：this-machine：{why}</translation>
    </message>
    <message>
        <source>token dtype {dtype}: allowed {allowed}</source>
        <extracomment>Token file dtypes: numpy name -&gt; bytes per token. Defaults: a 64 Mi-token file (128 MiB in uint16), GPT-2&apos;s context, nanoGPT&apos;s batch of 12 x 1024. Batches faster than this are timed in groups (a 30 µs batch alone is mostly clock and jitter).</extracomment>
        <translation>token 資料型別 {dtype}：允許 {allowed}</translation>
    </message>
    <message>
        <source>--tokens {tokens}: the file must hold at least two slices of seq + 1 = {slice} tokens; allowed: {low} or more</source>
        <translation>--tokens {tokens}：檔案至少要容納兩段 seq + 1 = {slice} 個 token；允許：{low} 或更多</translation>
    </message>
    <message>
        <source>cannot write the token file in {folder}: {problem}</source>
        <translation>無法在 {folder} 中寫入 token 檔案：{problem}</translation>
    </message>
    <message>
        <source>pinned copy not measured: torch sees no CUDA device (pinning needs it)</source>
        <translation>未測量鎖頁記憶體拷貝：torch 沒有看到 CUDA 裝置（鎖頁需要它）</translation>
    </message>
    <message>
        <source>{variant}, {workers} workers, seq {seq} × batch {batch}, {dtype}</source>
        <translation>{variant}，{workers} 個 worker，seq {seq} × batch {batch}，{dtype}</translation>
    </message>
</context>
<context>
    <name>Calibration</name>
    <message>
        <source>{file}: the key {key} appears twice; keep one</source>
        <extracomment>The largest calibration file a person could have written. Field -&gt; (low, high) of the values it accepts. Attention kernels a table may measure (``attention_kernels``): FlashAttention 1-3, Tri Dao&apos;s Triton FlashAttention, cuDNN&apos;s fused flash attention (Transformer Engine&apos;s FusedAttention). Series a kernel&apos;s entry may give, each ``{&quot;seq&quot;: [...], &quot;tflops&quot;: [...]}`` in the FlashAttention benchmarks&apos; convention (causal counts half the s² FLOPs; backward 2.5× the forward&apos;s). Fields every calibration has (a value from the file, a sibling or the family&apos;s median). Fields a device without them takes from its family&apos;s median, said as an assumption (the required ones, and the mechanisms&apos; constants that do not depend on the card&apos;s memory or links). Reference GEMM of a large-GEMM efficiency that does not name its shape (the usual benchmark). Where a calibrated value comes from, strongest first (:attr:`Calibration.origins`). Devices that share a chip with a calibrated one, whose kernels therefore run alike: the H200 is the H100 SXM&apos;s GH100 with 141 GB of HBM3e; the H100 NVL and PCIe cards are GH100 at lower clocks (their own peaks already say so); the 40 GB A100 is the 80 GB one&apos;s GA100; the GB200&apos;s GPU is the B200&apos;s, the GB300&apos;s the B300&apos;s; the MI325X is the MI300X&apos;s CDNA 3 with more memory; the H800 is the H100 SXM&apos;s GH100 with fewer NVLink lanes and FP64 cut (its own entry holds its all-to-all figures). The efficiency dtype of FP8 GEMMs with software block scales (DeepSeek-V3&apos;s 1×128 activation tiles and 128×128 weight blocks, promoted to FP32 on CUDA cores on tensor cores that do not read block scales), and its calibration field. Devices with the same die at the same peak: this project&apos;s own fixed-shape GEMM measurement on one (docs/gpu.md: the H200&apos;s bf16 and fp8 matmuls at 8192³) stands for the other, where that one&apos;s published figure is the best of a shape search. The shape model scales a GEMM&apos;s time from the efficiency at a fixed reference shape; a maximum over searched shapes is an upper envelope that arbitrary shapes do not reach. Memory and links differ between the two cards, so only the GEMM figures and the kernel launch carry over.</extracomment>
        <translation>{file}：鍵 {key} 出現了兩次；請只保留一個</translation>
    </message>
    <message>
        <source>measured by this project: {source}</source>
        <extracomment>Fields the built-in file records for people but the model does not use (a forward-plus-backward attention figure, NVLink SHARP&apos;s all-reduce bus bandwidth): accepted and ignored.</extracomment>
        <translation>本專案實測：{source}</translation>
    </message>
    <message>
        <source>{where}: {name}.source must be text</source>
        <translation>{where}：{name}.source 必須是文字</translation>
    </message>
    <message>
        <source>{where}: {name} = {value}; allowed: a list of {size} whole numbers from {low} to {high}</source>
        <translation>{where}：{name} = {value}；允許：{size} 個 {low} 到 {high} 之間的整數組成的串列</translation>
    </message>
    <message>
        <source>{where}: {name} = {value}; allowed: a number from {low} to {high}</source>
        <translation>{where}：{name} = {value}；允許：{low} 到 {high} 之間的數</translation>
    </message>
    <message>
        <source>{where}: sm_count = {value}; allowed: a whole number</source>
        <translation>{where}：sm_count = {value}；允許：整數</translation>
    </message>
    <message>
        <source>{where}: attention_kernels: {what}</source>
        <translation>{where}：attention_kernels：{what}</translation>
    </message>
    <message>
        <source>measured by this project: the shape of the measured matmul</source>
        <extracomment>A large-GEMM efficiency -&gt; the field naming the shape it was measured at.</extracomment>
        <translation>本專案量測：所測矩陣乘法的形狀</translation>
    </message>
    <message>
        <source>the shape the large-GEMM efficiency was measured at</source>
        <translation>量測大 GEMM 效率時的形狀</translation>
    </message>
    <message>
        <source>causal_value / value of {name} ({source})</source>
        <translation>{name} 的 causal_value / value（{source}）</translation>
    </message>
    <message>
        <source>{file}: expected {{&apos;schema_version&apos;: 1, &apos;devices&apos;: {{id: {{...}}}}}}</source>
        <translation>{file}：應為 {{&apos;schema_version&apos;: 1, &apos;devices&apos;: {{id: {{...}}}}}}</translation>
    </message>
    <message>
        <source>{file}: schema_version {version}; this version reads 1</source>
        <translation>{file}：schema_version {version}；本版本只讀 1</translation>
    </message>
    <message>
        <source>{file}: device {id} must be an object</source>
        <translation>{file}：裝置 {id} 必須是一個物件</translation>
    </message>
    <message>
        <source>{file}: device {id}: unknown field {name}; allowed: {allowed}</source>
        <translation>{file}：裝置 {id}：未知欄位 {name}；允許：{allowed}</translation>
    </message>
    <message>
        <source>{where}: unknown field {name}; allowed: {allowed}</source>
        <translation>{where}：未知欄位 {name}；允許：{allowed}</translation>
    </message>
    <message>
        <source>{where}: {name} has no value</source>
        <translation>{where}：{name} 沒有值</translation>
    </message>
    <message>
        <source>{where}: {name}: {problem}</source>
        <translation>{where}：{name}：{problem}</translation>
    </message>
    <message>
        <source>{problem}; the overrides are ignored</source>
        <translation>{problem}；已忽略這些覆寫值</translation>
    </message>
    <message>
        <source>your override</source>
        <translation>你的覆寫值</translation>
    </message>
    <message>
        <source>measured here ({name})</source>
        <translation>在本機實測（{name}）</translation>
    </message>
    <message>
        <source>{device} is not calibrated: it takes the values of {sibling}, the same chip</source>
        <translation>{device} 沒有校準值：沿用同一晶片 {sibling} 的數值</translation>
    </message>
    <message>
        <source>{device} takes {fields} from {sibling}, the same chip; the rest is its own</source>
        <translation>{device} 的 {fields} 沿用同一晶片 {sibling} 的數值；其餘是它自己的</translation>
    </message>
    <message>
        <source>{device}: {fields} from your overrides ({file})</source>
        <translation>{device}：{fields} 取自你的覆寫值（{file}）</translation>
    </message>
    <message>
        <source>{device}: {fields} from this project&apos;s measurement on {twin}, the same die at the same peak, at a fixed shape (a best-of-search figure is an upper envelope)</source>
        <translation>{device}：{fields} 取自本專案在 {twin} 上的實測（同一晶粒、同一峰值、固定形狀；形狀搜尋得到的最佳值只是上包絡）</translation>
    </message>
    <message>
        <source>assumed: the median of {donors}</source>
        <translation>假定：{donors} 的中位數</translation>
    </message>
    <message>
        <source>{device}: {name} is not calibrated; assumed {value}, the median of {donors}</source>
        <translation>{device}：{name} 沒有校準值；假定為 {value}，即 {donors} 的中位數</translation>
    </message>
    <message>
        <source>{device}: {name} = {value}: {caveat}</source>
        <translation>{device}：{name} = {value}：{caveat}</translation>
    </message>
    <message>
        <source>{device}: a variant of {base}: its fractions, applied to the variant&apos;s memory and links</source>
        <translation>{device}：{base} 的變體：沿用其比例，作用於該變體自己的記憶體與互連</translation>
    </message>
    <message>
        <source>{device}: matmul and memory fractions measured here by the benchmark ({name})</source>
        <translation>{device}：矩陣乘法與記憶體的比例由本機基準測試實測（{name}）</translation>
    </message>
    <message>
        <source>{device}: {fields} as this project measured them on the device (docs/gpu.md)</source>
        <translation>{device}：{fields} 為本專案在該裝置上的實測值（docs/gpu.md）</translation>
    </message>
    <message>
        <source>{device}: no SM count or GEMM tile calibrated: the wave and tile quantization of GEMMs is not modelled</source>
        <translation>{device}：沒有校準的 SM 數或 GEMM 分塊：不對 GEMM 的波次與分塊量化建模</translation>
    </message>
    <message>
        <source>device: {device} has no calibration for {fields} and no calibrated device to assume them from; add them to {file}</source>
        <translation>裝置：{device} 沒有 {fields} 的校準值，也沒有可借用的已校準裝置；請把它們加到 {file}</translation>
    </message>
</context>
<context>
    <name>Einops</name>
    <message>
        <source>The lecture counts a sum of n terms as n − 1 adds (a length-n dot product: 2n − 1): {lecture} FLOPs, {fewer} fewer than the {flops} counted here with a multiply-add as 2, as torch&apos;s FlopCounterMode does.</source>
        <translation>講義把 n 項求和算作 n − 1 次加法（長度為 n 的點積：2n − 1）：{lecture} FLOPs，比這裡按乘加算 2 次（與 torch 的 FlopCounterMode 相同）得到的 {flops} 少 {fewer}。</translation>
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
        <translation>占互連頻寬的比例</translation>
    </message>
    <message>
        <source>Large-GEMM efficiency (16-bit) at the reference shape</source>
        <translation>大 GEMM 效率（16 位元），在參考形狀下</translation>
    </message>
    <message>
        <source>Large-GEMM efficiency (fp8); else the 16-bit one</source>
        <translation>大 GEMM 效率（fp8）；沒有時用 16 位元的</translation>
    </message>
    <message>
        <source>Large-GEMM efficiency (fp4, at the 16-bit reference shape); else the 16-bit one</source>
        <translation>大 GEMM 效率（fp4，在 16 位元的參考形狀下）；沒有時用 16 位元的</translation>
    </message>
    <message>
        <source>Large-GEMM efficiency (fp8 with software block scales, 1×128 and 128×128); none: the recipe is refused</source>
        <translation>大 GEMM 效率（軟體區塊縮放的 fp8，1×128 與 128×128）；沒有時拒絕該配方</translation>
    </message>
    <message>
        <source>M×N×K</source>
        <translation>M×N×K</translation>
    </message>
    <message>
        <source>GEMM shape model: the shape the large-GEMM efficiency was measured at</source>
        <translation>GEMM 形狀模型：測得大 GEMM 效率時的形狀</translation>
    </message>
    <message>
        <source>GEMM shape model: the shape the fp8 efficiency was measured at</source>
        <translation>GEMM 形狀模型：測得 fp8 效率時的形狀</translation>
    </message>
    <message>
        <source>GEMM shape model: the shape the fp8 blockwise efficiency was measured at</source>
        <translation>GEMM 形狀模型：測得 fp8 分塊效率時的形狀</translation>
    </message>
    <message>
        <source>SMs</source>
        <translation>SM 數</translation>
    </message>
    <message>
        <source>GEMM shape model: SMs (or compute units) that output tiles fill in waves</source>
        <translation>GEMM 形狀模型：輸出分塊按波次填滿的 SM（或計算單元）數</translation>
    </message>
    <message>
        <source>M×N</source>
        <translation>M×N</translation>
    </message>
    <message>
        <source>GEMM shape model: the output tile of one SM</source>
        <translation>GEMM 形狀模型：一個 SM 的輸出分塊</translation>
    </message>
    <message>
        <source>K steps</source>
        <translation>K 步</translation>
    </message>
    <message>
        <source>GEMM shape model: fixed cost per tile, in K-loop iterations</source>
        <translation>GEMM 形狀模型：每個分塊的固定開銷，以 K 迴圈迭代次數計</translation>
    </message>
    <message>
        <source>GEMM shape model: fixed cost per fp8 tile, in K-loop iterations; else the 16-bit one</source>
        <translation>GEMM 形狀模型：每個 fp8 輸出塊的固定開銷，以 K 迴圈迭代計；否則用 16 位元的</translation>
    </message>
    <message>
        <source>Attention kernel efficiency, forward</source>
        <translation>注意力核函式效率，前向</translation>
    </message>
    <message>
        <source>Attention kernel efficiency, backward</source>
        <translation>注意力核函式效率，反向</translation>
    </message>
    <message>
        <source>ratio</source>
        <translation>比值</translation>
    </message>
    <message>
        <source>Attention: causal over non-causal efficiency</source>
        <translation>注意力：因果與非因果效率之比</translation>
    </message>
    <message>
        <source>table</source>
        <translation>表</translation>
    </message>
    <message>
        <source>Attention kernels measured per sequence length (edit in the file)</source>
        <translation>按序列長度實測的注意力核函式（在檔案中編輯）</translation>
    </message>
    <message>
        <source>of the bandwidth</source>
        <translation>占頻寬的比例</translation>
    </message>
    <message>
        <source>Memory-bound ops: fraction of the memory bandwidth</source>
        <translation>記憶體受限運算子：達到記憶體頻寬的比例</translation>
    </message>
    <message>
        <source>Collective bus bandwidth, intra-node link</source>
        <translation>集合通訊匯流排頻寬，節點內互連</translation>
    </message>
    <message>
        <source>Collective bus bandwidth, network</source>
        <translation>集合通訊匯流排頻寬，網路</translation>
    </message>
    <message>
        <source>All-to-all bus bandwidth, NVLink domain; else the ring&apos;s</source>
        <translation>All-to-all 匯流排頻寬，NVLink 域內；沒有時取環形集合通訊的值</translation>
    </message>
    <message>
        <source>All-to-all bus bandwidth, network (per GPU&apos;s NIC); else the ring&apos;s</source>
        <translation>All-to-all 匯流排頻寬，網路（每個 GPU 的網卡）；沒有時取環形集合通訊的值</translation>
    </message>
    <message>
        <source>Fixed time of one collective call</source>
        <translation>一次集合通訊呼叫的固定時間</translation>
    </message>
    <message>
        <source>Ring collective: base latency</source>
        <translation>環形集合通訊：基礎延遲</translation>
    </message>
    <message>
        <source>Ring collective: latency per intra-node hop</source>
        <translation>環形集合通訊：每個節點內跳的延遲</translation>
    </message>
    <message>
        <source>Ring collective: latency per network hop</source>
        <translation>環形集合通訊：每個網路跳的延遲</translation>
    </message>
    <message>
        <source>Ring collective: network post overhead</source>
        <translation>環形集合通訊：網路投遞開銷</translation>
    </message>
    <message>
        <source>Kernel launch overhead, per kernel</source>
        <translation>核函式啟動開銷，每個核函式</translation>
    </message>
    <message>
        <source>fraction</source>
        <translation>比例</translation>
    </message>
    <message>
        <source>Compute slowdown while a collective overlaps it</source>
        <translation>與集合通訊重疊時計算的減速</translation>
    </message>
    <message>
        <source>your override</source>
        <translation>你的覆寫值</translation>
    </message>
    <message>
        <source>measured here</source>
        <translation>本機實測</translation>
    </message>
    <message>
        <source>built-in</source>
        <translation>內建</translation>
    </message>
    <message>
        <source>built-in, same chip</source>
        <translation>內建，同一晶片</translation>
    </message>
    <message>
        <source>assumed</source>
        <translation>假設</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已變更</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未設定</translation>
    </message>
    <message>
        <source>a table of kernels; edit it in the file</source>
        <translation>核函式表；請在檔案中編輯</translation>
    </message>
    <message>
        <source>{size} whole numbers from {low} to {high}, as {example}</source>
        <translation>{size} 個 {low} 到 {high} 的整數，如 {example}</translation>
    </message>
    <message>
        <source>a whole number from {low} to {high}</source>
        <translation>{low} 到 {high} 的整數</translation>
    </message>
    <message>
        <source>a number from {low} to {high}</source>
        <translation>{low} 到 {high} 的數</translation>
    </message>
    <message>
        <source>{kernels} (default {default})</source>
        <translation>{kernels}（預設 {default}）</translation>
    </message>
    <message>
        <source>your value</source>
        <translation>你的值</translation>
    </message>
    <message>
        <source>{where}: unknown field {name}; allowed: {allowed}</source>
        <translation>{where}：未知欄位 {name}；允許：{allowed}</translation>
    </message>
    <message>
        <source>{where}: {name} is a table of kernels; edit it in {file}</source>
        <translation>{where}：{name} 是核函式表；請在 {file} 中編輯</translation>
    </message>
    <message>
        <source>fix or move it first, it was not changed</source>
        <translation>請先修正或移走它，它未被變更</translation>
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
        <translation>計算受限</translation>
    </message>
    <message>
        <source>memory-bound</source>
        <translation>記憶體受限</translation>
    </message>
    <message>
        <source>intensity {intensity} FLOP/byte is at or above the ridge {ridge} FLOP/byte: compute-bound, the peak is reachable (MFU up to {mfu})</source>
        <translation>強度 {intensity} FLOP/位元組不低於折點 {ridge} FLOP/位元組：計算受限，可達峰值（MFU 最高 {mfu}）</translation>
    </message>
    <message>
        <source>intensity {intensity} FLOP/byte is below the ridge {ridge} FLOP/byte: memory-bound, bandwidth caps it at MFU {mfu}</source>
        <translation>強度 {intensity} FLOP/位元組低於折點 {ridge} FLOP/位元組：記憶體受限，頻寬把 MFU 限制在 {mfu}</translation>
    </message>
    <message>
        <source>roofline: {what} must be a positive finite number, got {value}</source>
        <translation>Roofline：{what} 必須是有限正數，實際為 {value}</translation>
    </message>
    <message>
        <source>roofline: FLOPs must be a finite number &gt;= 0, got {value}</source>
        <translation>Roofline：FLOPs 必須是 &gt;= 0 的有限數，實際為 {value}</translation>
    </message>
    <message>
        <source>noisy: the timing spread ±{spread} is above ±{limit}</source>
        <translation>雜訊大：計時離散 ±{spread} 超過 ±{limit}</translation>
    </message>
    <message>
        <source>{factor}× above the machine&apos;s own ceiling here: a timing artefact, not speed</source>
        <translation>高出該機器自身在此處的上限 {factor}×：是計時假象，不是速度</translation>
    </message>
    <message>
        <source>measured point: {key} must be a finite number, got {value}</source>
        <translation>量測點：{key} 必須是有限數，實際為 {value}</translation>
    </message>
    <message>
        <source>measured point: {key} = {value} must be positive</source>
        <translation>量測點：{key} = {value} 必須為正</translation>
    </message>
    <message>
        <source>measured point: expected a dict, got {type}</source>
        <translation>量測點：應為字典，實際為 {type}</translation>
    </message>
    <message>
        <source>measured point: missing {keys}</source>
        <translation>量測點：缺少 {keys}</translation>
    </message>
    <message>
        <source>{device} has no published {dtype} peak; it has: {have}</source>
        <extracomment>The compute dtypes a device can list a peak for, widest first. Storage bytes per element of each compute dtype (tf32 is stored as fp32). Storage bits per element of each compute dtype. Device families and the runtime allowance each has (what sits in memory besides tensors). Below one FLOP/s, byte/s or byte a value is a typo (and ratios of such values overflow). A user&apos;s device file larger than this is not one a person wrote.</extracomment>
        <translation>{device} 沒有公布 {dtype} 峰值；它有：{have}</translation>
    </message>
    <message>
        <source>{device} has no memory bandwidth: no copy was measured (run the benchmark to the end, or pick a device with a datasheet bandwidth)</source>
        <translation>{device} 沒有記憶體頻寬：未量測複製（將基準測試跑完，或選擇有規格書頻寬的裝置）</translation>
    </message>
    <message>
        <source>{datasheet} datasheet, {driver} reported by the driver</source>
        <translation>規格書 {datasheet}，驅動報告 {driver}</translation>
    </message>
    <message>
        <source>{datasheet} datasheet</source>
        <translation>規格書 {datasheet}</translation>
    </message>
    <message>
        <source>{device}: {capacity} per GPU, the memory its driver reports; the datasheet&apos;s {datasheet} is rounded in other units</source>
        <translation>{device}：每個 GPU {capacity}，即驅動程式回報的記憶體；規格書上的 {datasheet} 是按另一種單位取整的</translation>
    </message>
    <message>
        <source>{device}: {capacity} per GPU, the datasheet&apos;s figure (no driver-reported total is known for it)</source>
        <translation>{device}：每個 GPU {capacity}，取規格書的數字（不知道它的驅動程式回報的總量）</translation>
    </message>
    <message>
        <source>1 FLOP per element (max(x, 0) is one comparison); read x, write y.</source>
        <extracomment>The smallest and largest accepted size of one dimension (10 billion elements): the one range that the Roofline&apos;s fields, its sliders and the CLI&apos;s ``--op`` share.</extracomment>
        <translation>每個元素 1 FLOP（max(x, 0) 是一次比較）；讀 x，寫 y。</translation>
    </message>
    <message>
        <source>~20 FLOPs per element for 0.5·x·(1 + tanh(√(2/π)(x + 0.044715x³))), as the lecture counts it (tanh expanded); read x, write y.</source>
        <translation>依講義的算法，0.5·x·(1 + tanh(√(2/π)(x + 0.044715x³))) 每個元素約 20 FLOPs（tanh 展開）；讀 x，寫 y。</translation>
    </message>
    <message>
        <source>1 FLOP per element; read x and y, write x + y.</source>
        <translation>每個元素 1 FLOP；讀 x 和 y，寫 x + y。</translation>
    </message>
    <message>
        <source>0 FLOPs; read x, write a copy (pure data movement).</source>
        <translation>0 FLOPs；讀 x，寫一份副本（純資料搬運）。</translation>
    </message>
    <message>
        <source>2n FLOPs (a multiply-add counts 2; the lecture&apos;s 2n - 1 differs by &lt; 1/n); read x and w, write one scalar.</source>
        <translation>2n FLOPs（一次乘加算 2；與講義的 2n - 1 相差 &lt; 1/n）；讀 x 和 w，寫一個純量。</translation>
    </message>
    <message>
        <source>2·m·n FLOPs (m dot products of length n); read W (m×n) and x (n), write y (m).</source>
        <translation>2·m·n FLOPs（m 個長度為 n 的內積）；讀 W (m×n) 和 x (n)，寫 y (m)。</translation>
    </message>
    <message>
        <source>2·m·k·n FLOPs (a multiply-add counts 2, as torch&apos;s FlopCounterMode); read A (m×k) and B (k×n), write C (m×n).</source>
        <translation>2·m·k·n FLOPs（一次乘加算 2，與 torch 的 FlopCounterMode 相同）；讀 A (m×k) 和 B (k×n)，寫 C (m×n)。</translation>
    </message>
    <message>
        <source>2·b·m·k·n FLOPs; read b pairs of A (m×k) and B (k×n), write b outputs (m×n).</source>
        <translation>2·b·m·k·n FLOPs；讀 b 對 A (m×k) 和 B (k×n)，寫 b 個輸出 (m×n)。</translation>
    </message>
    <message>
        <source>5 FLOPs per element over m rows of n: max, subtract, exp (counted as 1), sum, divide; read x, write y (one pass, the row kept on chip).</source>
        <translation>m 列、每列 n 個元素，每個元素 5 FLOPs：最大值、減法、exp（算 1）、求和、除法；讀 x，寫 y（一次完成，整列留在晶片上）。</translation>
    </message>
    <message>
        <source>7 FLOPs per element (mean sum, subtract, square, variance sum, scale by 1/σ, ×γ, +β) plus 4 per row (two divides, +ε, rsqrt counted as 1); read x, γ, β, write y.</source>
        <translation>每個元素 7 FLOPs（平均值求和、減法、平方、變異數求和、乘 1/σ、×γ、+β），每列另加 4（兩次除法、+ε、rsqrt 算 1）；讀 x、γ、β，寫 y。</translation>
    </message>
    <message>
        <source>4 FLOPs per element (square, sum, scale by 1/rms, ×γ) plus 3 per row (divide, +ε, rsqrt counted as 1); read x and γ, write y.</source>
        <translation>每個元素 4 FLOPs（平方、求和、乘 1/rms、×γ），每列另加 3（除法、+ε、rsqrt 算 1）；讀 x 和 γ，寫 y。</translation>
    </message>
    <message>
        <source>Naive, no mask: S = QKᵀ (2·s²·d), softmax (5 per score, exp as 1), O = PV (2·s²·d) per batch and head. The s×s scores S and probabilities P are each written to memory and read back: read Q, K, V, S, P; write S, P, O.</source>
        <translation>樸素實作，無遮罩：每個批次和頭 S = QKᵀ (2·s²·d)、softmax（每個分數 5，exp 算 1）、O = PV (2·s²·d)。s×s 的分數 S 和機率 P 各寫入記憶體再讀回：讀 Q、K、V、S、P；寫 S、P、O。</translation>
    </message>
    <message>
        <source>Fused (FlashAttention-style), no mask: same FLOPs as naive attention (recomputation ignored), but the scores stay on chip: read Q, K, V once, write O.</source>
        <translation>融合實作（FlashAttention 式），無遮罩：FLOPs 與樸素注意力相同（不計重計算），但分數留在晶片上：Q、K、V 各讀一次，寫 O。</translation>
    </message>
    <message>
        <source>missing {sizes}</source>
        <extracomment>Every operator :func:`op_cost` knows, in menu order. The named sizes each operator needs, in order.</extracomment>
        <translation>缺少 {sizes}</translation>
    </message>
    <message>
        <source>unexpected {sizes}</source>
        <translation>多餘的 {sizes}</translation>
    </message>
    <message>
        <source>{op}: {problem}; it takes {sizes} (e.g. {example})</source>
        <translation>{op}：{problem}；它需要 {sizes}（例如 {example}）</translation>
    </message>
    <message>
        <source>FLOPs and bytes as supplied by the caller.</source>
        <translation>FLOPs 和位元組數由呼叫方提供。</translation>
    </message>
</context>
<context>
    <name>RooflineModel</name>
    <message>
        <source>{op} (lecture)</source>
        <extracomment>A table row: (point key, cell texts, tooltip). The lecture&apos;s table (section 7): ReLU, GELU, dot, matvec, matmul. More presets offered in the &quot;Add preset&quot; menu: (title, op, sizes).</extracomment>
        <translation>{op}（講義）</translation>
    </message>
    <message>
        <source>attention naive {shape}</source>
        <translation>樸素注意力 {shape}</translation>
    </message>
    <message>
        <source>flash attention {shape}</source>
        <translation>FlashAttention {shape}</translation>
    </message>
    <message>
        <source>{problem}: no roof drawn</source>
        <translation>{problem}：不畫屋頂線</translation>
    </message>
    <message>
        <source>{device} has no published {dtype} peak (it has: {have})</source>
        <translation>{device} 沒有公布 {dtype} 峰值（它有：{have}）</translation>
    </message>
    <message>
        <source>fp32 vector</source>
        <translation>fp32 向量</translation>
    </message>
    <message>
        <source>{label}, ridge {ridge}</source>
        <translation>{label}，折點 {ridge}</translation>
    </message>
    <message>
        <source>ridge {ridge} FLOP/B</source>
        <translation>折點 {ridge} FLOP/B</translation>
    </message>
    <message>
        <source>{roof}: peak {peak}, bandwidth {bandwidth}/s, ridge {ridge} FLOP/byte</source>
        <translation>{roof}：峰值 {peak}，頻寬 {bandwidth}/s，折點 {ridge} FLOP/位元組</translation>
    </message>
    <message>
        <source>{verdict}, MFU ≤ {mfu}</source>
        <translation>{verdict}，MFU ≤ {mfu}</translation>
    </message>
    <message>
        <source>{point} {dtypes}: {flops}, {bytes}, intensity {intensity} FLOP/B, attainable {rate} on {device}, {bound}, {time}</source>
        <translation>{point} {dtypes}：{flops}，{bytes}，強度 {intensity} FLOP/B，在 {device} 上可達 {rate}，{bound}，{time}</translation>
    </message>
    <message>
        <source>{amount}/s moved</source>
        <translation>搬運 {amount}/s</translation>
    </message>
    <message>
        <source>unknown device</source>
        <translation>未知裝置</translation>
    </message>
    <message>
        <source>{point} (measured) on {device}: {flops}, {bytes}, intensity {intensity} FLOP/B, achieved {rate} (spread {spread}), median {time}</source>
        <translation>{point}（實測）於 {device}：{flops}，{bytes}，強度 {intensity} FLOP/B，實際 {rate}（離散 {spread}），中位數 {time}</translation>
    </message>
    <message>
        <source>{point} (measured, {device})</source>
        <translation>{point}（實測，{device}）</translation>
    </message>
    <message>
        <source>{point} (measured)</source>
        <translation>{point}（實測）</translation>
    </message>
    <message>
        <source>measured, doubtful</source>
        <translation>實測，存疑</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>實測</translation>
    </message>
    <message>
        <source>measured, no FLOPs</source>
        <translation>實測，無 FLOPs</translation>
    </message>
</context>
<context>
    <name>RooflinePanel</name>
    <message>
        <source>Compare devices</source>
        <translation>比較裝置</translation>
    </message>
    <message>
        <source>Tick devices to draw beside the selected one</source>
        <translation>勾選要與所選裝置一起畫出的裝置</translation>
    </message>
    <message>
        <source>The selected device is always shown</source>
        <translation>所選裝置一律顯示</translation>
    </message>
    <message>
        <source>All dtypes of compared devices</source>
        <translation>比較裝置的全部資料型別</translation>
    </message>
    <message>
        <source>Vector ceiling (fp32 CUDA cores)</source>
        <translation>向量上限（fp32 CUDA 核心）</translation>
    </message>
    <message>
        <source>Elementwise kernels run on the vector units, not the tensor cores</source>
        <translation>逐元素核心程式在向量單元上執行，而不是張量核心</translation>
    </message>
    <message>
        <source>Selected point&apos;s shape</source>
        <translation>所選點的形狀</translation>
    </message>
    <message>
        <source>Output dtype</source>
        <translation>輸出資料型別</translation>
    </message>
    <message>
        <source>same as input</source>
        <translation>與輸入相同</translation>
    </message>
    <message>
        <source>Mixed precision: e.g. fp8 inputs with a bf16 output</source>
        <translation>混合精度：例如 fp8 輸入、bf16 輸出</translation>
    </message>
    <message>
        <source>Add point</source>
        <translation>新增點</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Lecture set</source>
        <translation>講義運算子</translation>
    </message>
    <message>
        <source>Reset to the lecture&apos;s ReLU, GELU, dot, matvec, matmul</source>
        <translation>還原講義中的 ReLU、GELU、dot、matvec、matmul</translation>
    </message>
    <message>
        <source>Add a preset…</source>
        <translation>新增預設…</translation>
    </message>
    <message>
        <source>Fit view</source>
        <translation>符合視圖</translation>
    </message>
</context>
<context>
    <name>RooflinePlot</name>
    <message>
        <source>Arithmetic intensity (FLOP/byte)</source>
        <extracomment>View limits in log10 units: intensity 1e-4..1e7 FLOP/byte, rate 1e6..1e19 FLOP/s. Above this many points only the selected one is labelled (the table and hover name the rest). How far (in label heights) a point&apos;s label may go from its marker before it is left out. The legend&apos;s inner margin at scale 1 (pixels; half of it above and below the rows).</extracomment>
        <translation>算術強度（FLOP/位元組）</translation>
    </message>
    <message>
        <source>Attainable FLOP/s</source>
        <translation>可達 FLOP/s</translation>
    </message>
    <message>
        <source>Hover a point or a ceiling for its numbers.</source>
        <extracomment>Bumped when roofs or styles change: the roofs&apos; label layout is then made again.</extracomment>
        <translation>將滑鼠停在點或上限線上檢視數值。</translation>
    </message>
    <message>
        <source>fp32 vector (CUDA cores)</source>
        <translation>fp32 向量（CUDA 核心）</translation>
    </message>
    <message>
        <source>operator</source>
        <translation>運算子</translation>
    </message>
    <message>
        <source>measured (bar: spread)</source>
        <translation>實測（豎線：離散範圍）</translation>
    </message>
    <message>
        <source>doubtful (noisy or above its ceiling)</source>
        <translation>存疑（雜訊大或高於其上限）</translation>
    </message>
    <message>
        <source>intensity {intensity} FLOP/byte, {rate} FLOP/s</source>
        <translation>強度 {intensity} FLOP/位元組，{rate} FLOP/s</translation>
    </message>
</context>
<context>
    <name>RooflineTab</name>
    <message>
        <source>roofline point: share must be from 0 to 1, got {value}</source>
        <extracomment>The heights of the chart and of the points table, in proportion (the chart 79 %). The narrowest chart (pixels) a slide&apos;s caption is fitted to.</extracomment>
        <translation>Roofline 點：占比必須在 0 到 1 之間，實際為 {value}</translation>
    </message>
    <message>
        <source>roofline point: expected a dict, got {type}</source>
        <translation>Roofline 點：應為字典，實際為 {type}</translation>
    </message>
    <message>
        <source>FLOPs and bytes counted by the {source} tab.</source>
        <translation>FLOPs 和位元組數由 {source} 分頁計算。</translation>
    </message>
    <message>
        <source>{problems}; and {count} more</source>
        <translation>{problems}；另有 {count} 則</translation>
    </message>
    <message>
        <source>roofline: expected an object, got {type}</source>
        <translation>Roofline：應為物件，實際為 {type}</translation>
    </message>
    <message>
        <source>roofline: unknown device {device} skipped</source>
        <translation>Roofline：略過未知裝置 {device}</translation>
    </message>
    <message>
        <source>roofline point skipped: {problem}</source>
        <translation>已略過 Roofline 點：{problem}</translation>
    </message>
    <message>
        <source>roofline: could not restore ({problem})</source>
        <translation>Roofline：無法還原（{problem}）</translation>
    </message>
    <message>
        <source>{count} measured</source>
        <translation>{count} 個實測點</translation>
    </message>
    <message>
        <source>vs {devices}</source>
        <translation>比較 {devices}</translation>
    </message>
    <message>
        <source>+{count} more</source>
        <translation>另 {count} 個</translation>
    </message>
</context>
<context>
    <name>RooflineTable</name>
    <message>
        <source>Point</source>
        <extracomment>Column titles, in order (English; :func:`column_titles` gives them in the window&apos;s language).</extracomment>
        <translation>點</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>位元組</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>瓶頸</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>Arithmetic intensity: FLOPs per byte moved to and from memory</source>
        <translation>算術強度：與記憶體之間每搬運一個位元組對應的 FLOPs</translation>
    </message>
    <message>
        <source>Attainable FLOP/s on the selected device (roofline); achieved FLOP/s for measured points</source>
        <translation>所選裝置上的可達 FLOP/s（Roofline）；實測點為實際 FLOP/s</translation>
    </message>
    <message>
        <source>Memory- or compute-bound, with the best MFU the roofline allows: min(1, intensity / ridge)</source>
        <translation>記憶體受限或計算受限，以及 Roofline 允許的最高 MFU：min(1, 強度 / 折點)</translation>
    </message>
    <message>
        <source>Predicted time max(FLOPs / peak, bytes / bandwidth); median time for measured points</source>
        <translation>預測時間 max(FLOPs / 峰值, 位元組 / 頻寬)；實測點為中位時間</translation>
    </message>
</context>
<context>
    <name>ShapeEditor</name>
    <message>
        <source>batch b</source>
        <extracomment>Display names of the sizes operators take (English; :func:`size_label` translates them).</extracomment>
        <translation>批次 b</translation>
    </message>
    <message>
        <source>heads h</source>
        <translation>頭數 h</translation>
    </message>
    <message>
        <source>sequence s</source>
        <translation>序列 s</translation>
    </message>
    <message>
        <source>head dim d</source>
        <translation>頭維度 d</translation>
    </message>
    <message>
        <source>rows m</source>
        <translation>列數 m</translation>
    </message>
    <message>
        <source>inner k</source>
        <translation>內維 k</translation>
    </message>
    <message>
        <source>Operator whose shape the sliders change</source>
        <translation>滑桿改變其形狀的運算子</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>運算子</translation>
    </message>
    <message>
        <source>{size}: drag to scale by ×2^¼ per step</source>
        <translation>{size}：拖曳，每步縮放 ×2^¼</translation>
    </message>
    <message>
        <source>{size}: a whole number (1024, 4k, 1M)</source>
        <translation>{size}：整數（1024、4k、1M）</translation>
    </message>
</context>
<context>
    <name>Utilization</name>
    <message>
        <source>MFU (model FLOPs utilization, PaLM appendix B): the FLOPs the model needs per step (forward and backward matmuls and attention, no recomputation; attention over the full sequence, not halved for causal masks; the LM head included) / (step time × dense peak of the precision that runs)</source>
        <extracomment>Attention backward FLOPs as a multiple of its forward, for model FLOPs (PaLM: 2×) and for what a flash-attention backward executes (torch&apos;s SDPA formula: 2.5×, the scores computed again). Hardware over model FLOPs of ``6·N·D`` with full activation recomputation: every layer&apos;s forward (``2·N`` per token) runs once more in the backward pass, ``8·N / 6·N`` (Korthikanti et al. 2022, *Reducing Activation Recomputation in Large Transformer Models*, section 5). The share of the full ``s × s`` attention work a causal kernel executes: FlashAttention iterates only over the key blocks at or below each query block&apos;s diagonal (Dao 2023, *FlashAttention-2*, section 3.1.1: &quot;we can skip the computation of about half of the blocks&quot;); for ``s ≫ block`` the share is ``(s/B + 1) / (2·s/B)`` → ½.</extracomment>
        <translation>MFU（模型 FLOPs 利用率，PaLM 附錄 B）：模型每步所需的 FLOPs（前向和反向的矩陣乘法與注意力，不含重計算；注意力按完整序列計，因果遮罩不減半；含 LM head）/（步時間 × 運行精度的稠密峰值）</translation>
    </message>
    <message>
        <source>HFU (hardware FLOPs utilization): the FLOPs the GPU executes per step (model FLOPs plus activation recomputation and the flash-attention backward&apos;s recompute; causal attention at the half a causal kernel executes, which MFU counts in full) / (step time × dense peak of the precision that runs)</source>
        <translation>HFU（硬體 FLOPs 利用率）：GPU 每步實際執行的 FLOPs（模型 FLOPs 加上激活重計算與 flash-attention 反向中的重計算；因果注意力按因果核心實際執行的一半計，MFU 則按全部計）/（步時間 × 運行精度的稠密峰值）</translation>
    </message>
</context>
</TS>
