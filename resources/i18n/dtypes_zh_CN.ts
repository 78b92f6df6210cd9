<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BitStrip</name>
    <message>
        <source>Click a bit to flip it</source>
        <translation>点击某一位可翻转它</translation>
    </message>
</context>
<context>
    <name>BlockPlots</name>
    <message>
        <source>error (stored − input)</source>
        <translation>误差（存储值 − 输入）</translation>
    </message>
    <message>
        <source>values + 1 (log)</source>
        <translation>个数 + 1（对数）</translation>
    </message>
    <message>
        <source>block scale</source>
        <translation>块缩放因子</translation>
    </message>
    <message>
        <source>flushed to 0 (%)</source>
        <translation>被清零（%）</translation>
    </message>
    <message>
        <source>block</source>
        <translation>块</translation>
    </message>
    <message>
        <source>worst block {block}</source>
        <translation>最差的块 {block}</translation>
    </message>
</context>
<context>
    <name>CompareTable</name>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>code</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>stored value</source>
        <translation>存储值</translation>
    </message>
    <message>
        <source>abs error</source>
        <translation>绝对误差</translation>
    </message>
    <message>
        <source>rel error</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <source>ulp here</source>
        <translation>此处 ulp</translation>
    </message>
    <message>
        <source>note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>OVERFLOW:</source>
        <translation>上溢：</translation>
    </message>
    <message>
        <source>UNDERFLOW: stored as 0</source>
        <translation>下溢：存为 0</translation>
    </message>
    <message>
        <source>UNDERFLOW:</source>
        <translation>下溢：</translation>
    </message>
</context>
<context>
    <name>Dtypes</name>
    <message>
        <source>sign {sign}</source>
        <translation>符号 {sign}</translation>
    </message>
    <message>
        <source>no sign bit</source>
        <translation>无符号位</translation>
    </message>
    <message>
        <source>exponent {bits} = {value}</source>
        <translation>指数 {bits} = {value}</translation>
    </message>
    <message>
        <source>mantissa ({count} bits) = {value}</source>
        <translation>尾数（{count} 位）= {value}</translation>
    </message>
    <message>
        <source>mantissa {bits} = {value}</source>
        <translation>尾数 {bits} = {value}</translation>
    </message>
    <message>
        <source>{format}: this code is NaN ({rule})</source>
        <translation>{format}：此编码是 NaN（{rule}）</translation>
    </message>
    <message>
        <source>exponent all ones, mantissa 0 → {sign}inf</source>
        <translation>指数全 1、尾数为 0 → {sign}inf</translation>
    </message>
    <message>
        <source>{formula}   (subnormal: no implicit 1)</source>
        <translation>{formula}   （次正规数：没有隐含的 1）</translation>
    </message>
    <message>
        <source>exponent all ones, mantissa ≠ 0</source>
        <translation>指数全 1、尾数 ≠ 0</translation>
    </message>
    <message>
        <source>only S.1111.111 is NaN; there is no inf</source>
        <translation>只有 S.1111.111 是 NaN；没有 inf</translation>
    </message>
    <message>
        <source>only 0x80, the would-be −0, is NaN</source>
        <translation>只有 0x80（本应是 −0）是 NaN</translation>
    </message>
    <message>
        <source>0xFF is NaN</source>
        <translation>0xFF 是 NaN</translation>
    </message>
    <message>
        <source>overflow → ±inf</source>
        <translation>上溢 → ±inf</translation>
    </message>
    <message>
        <source>overflow → NaN</source>
        <translation>上溢 → NaN</translation>
    </message>
    <message>
        <source>overflow saturates</source>
        <translation>上溢时饱和</translation>
    </message>
    <message>
        <source>eps {eps} (torch.finfo before 2.15 says 0.125: wrong)</source>
        <translation>eps {eps}（2.15 之前的 torch.finfo 给出 0.125：错误）</translation>
    </message>
    <message>
        <source>eps {eps}</source>
        <translation>eps {eps}</translation>
    </message>
    <message>
        <source>no inf</source>
        <translation>无 inf</translation>
    </message>
    <message>
        <source>no NaN</source>
        <translation>无 NaN</translation>
    </message>
    <message>
        <source>no −0</source>
        <translation>无 −0</translation>
    </message>
    <message>
        <source>no zero</source>
        <translation>无 0</translation>
    </message>
    <message>
        <source>{bits} bits (sign·exponent·mantissa = {layout}), bias {bias} · max {max} · min normal {min_normal} · min subnormal {min_subnormal} · {eps} · {finite} finite values · {specials} · {overflow}</source>
        <translation>{bits} 位（符号·指数·尾数 = {layout}），偏置 {bias} · 最大 {max} · 最小正规数 {min_normal} · 最小次正规数 {min_subnormal} · {eps} · {finite} 个有限值 · {specials} · {overflow}</translation>
    </message>
    <message>
        <source>standard normal N(0, 1)</source>
        <extracomment>Generator id -&gt; what it draws.</extracomment>
        <translation>标准正态分布 N(0, 1)</translation>
    </message>
    <message>
        <source>uniform on [-1, 1]</source>
        <translation>[-1, 1] 上的均匀分布</translation>
    </message>
    <message>
        <source>N(0, 1) with 1 value in 500 scaled by 100 (activation outliers)</source>
        <translation>N(0, 1)，每 500 个值中有 1 个放大 100 倍（激活值离群点）</translation>
    </message>
    <message>
        <source>log-normal (sigma 2) with random signs: a wide dynamic range</source>
        <translation>对数正态分布（sigma 2），符号随机：动态范围很大</translation>
    </message>
    <message>
        <source>vector: empty; paste numbers separated by spaces or commas</source>
        <translation>向量：为空；请粘贴以空格或逗号分隔的数</translation>
    </message>
    <message>
        <source>vector: {count} values; allowed: up to {max}</source>
        <translation>向量：{count} 个值；允许：最多 {max} 个</translation>
    </message>
    <message>
        <source>vector: value {index} ({token}) is not a number; use plain decimals such as 0.5 or -1e-3</source>
        <translation>向量：第 {index} 个值（{token}）不是数；请用 0.5 或 -1e-3 这样的普通小数</translation>
    </message>
    <message>
        <source>vector: contains NaN or inf; allowed: finite numbers</source>
        <translation>向量：含有 NaN 或 inf；允许：有限的数</translation>
    </message>
    <message>
        <source>MXFP8 E4M3 (32 × E4M3, E8M0 scale)</source>
        <translation>MXFP8 E4M3（32 × E4M3，E8M0 缩放因子）</translation>
    </message>
    <message>
        <source>MXFP8 E5M2 (32 × E5M2, E8M0 scale)</source>
        <translation>MXFP8 E5M2（32 × E5M2，E8M0 缩放因子）</translation>
    </message>
    <message>
        <source>MXFP6 E2M3 (32 × E2M3, E8M0 scale)</source>
        <translation>MXFP6 E2M3（32 × E2M3，E8M0 缩放因子）</translation>
    </message>
    <message>
        <source>MXFP6 E3M2 (32 × E3M2, E8M0 scale)</source>
        <translation>MXFP6 E3M2（32 × E3M2，E8M0 缩放因子）</translation>
    </message>
    <message>
        <source>MXFP4 (32 × E2M1, E8M0 scale)</source>
        <translation>MXFP4（32 × E2M1，E8M0 缩放因子）</translation>
    </message>
    <message>
        <source>NVFP4 (16 × E2M1, E4M3 scale, fp32 tensor scale)</source>
        <translation>NVFP4（16 × E2M1，E4M3 缩放因子，fp32 张量缩放因子）</translation>
    </message>
    <message>
        <source>FP8 E4M3, one fp32 scale per tensor</source>
        <translation>FP8 E4M3，每个张量一个 fp32 缩放因子</translation>
    </message>
    <message>
        <source>vector: {count} values; allowed: 1 to {max}</source>
        <translation>向量：{count} 个值；允许：1 到 {max} 个</translation>
    </message>
    <message>
        <source>a finite value beyond ±max saturates to ±{max}</source>
        <translation>超出 ±max 的有限值饱和为 ±{max}</translation>
    </message>
    <message>
        <source>±inf saturates to ±{max}</source>
        <translation>±inf 饱和为 ±{max}</translation>
    </message>
    <message>
        <source>stored as inf</source>
        <translation>存为 inf</translation>
    </message>
    <message>
        <source>a finite value beyond ±max becomes NaN (no inf in {format})</source>
        <translation>超出 ±max 的有限值变成 NaN（{format} 没有 inf）</translation>
    </message>
    <message>
        <source>±inf becomes NaN (no inf in {format})</source>
        <translation>±inf 变成 NaN（{format} 没有 inf）</translation>
    </message>
    <message>
        <source>inf and NaN become NaN in E8M0</source>
        <translation>在 E8M0 中 inf 和 NaN 都变成 NaN</translation>
    </message>
    <message>
        <source>E8M0 has no zero or negative values: NaN</source>
        <translation>E8M0 没有 0 和负值：NaN</translation>
    </message>
    <message>
        <source>E8M0 has no zero; torch stores 2^-127</source>
        <translation>E8M0 没有 0；torch 存为 2^-127</translation>
    </message>
    <message>
        <source>rounds beyond 2^127: NaN</source>
        <translation>舍入后超出 2^127：NaN</translation>
    </message>
    <message>
        <source>below 2^-127: stored as 2^-127</source>
        <translation>小于 2^-127：存为 2^-127</translation>
    </message>
    <message>
        <source>{format} has no NaN encoding</source>
        <translation>{format} 没有 NaN 编码</translation>
    </message>
    <message>
        <source>torch {version} (e4m3fn saturates)</source>
        <extracomment>Value classes, in the order :func:`classify_array` numbers them. Overflow conventions: what torch does (default; the label names the installed torch, found without importing it), or the OCP / ml_dtypes non-saturating cast.</extracomment>
        <translation>torch {version}（e4m3fn 饱和）</translation>
    </message>
    <message>
        <source>OCP / ml_dtypes (non-saturating)</source>
        <translation>OCP / ml_dtypes（不饱和）</translation>
    </message>
    <message>
        <source>code: {code} is out of range for {format}; allowed: 0x0 to {top}</source>
        <translation>编码：{code} 超出 {format} 的范围；允许：0x0 到 {top}</translation>
    </message>
    <message>
        <source>torch.finfo(torch.float8_e5m2fnuz).eps is 0.125 before torch 2.15; the true eps is 2^-2 = 0.25 (1.25 is the next value after 1).</source>
        <translation>torch 2.15 之前 torch.finfo(torch.float8_e5m2fnuz).eps 是 0.125；真正的 eps 是 2^-2 = 0.25（1 之后的下一个值是 1.25）。</translation>
    </message>
    <message>
        <source>Unsigned powers of two; no zero. torch ignores the sign and maps 0 to 2^-127; ml_dtypes gives NaN for zero and negatives.</source>
        <translation>无符号的 2 的幂；没有 0。torch 忽略符号并把 0 映射为 2^-127；ml_dtypes 对 0 和负数给出 NaN。</translation>
    </message>
    <message>
        <source>Tensor cores round fp32 inputs to 10 mantissa bits; stored as fp32.</source>
        <translation>张量核心（Tensor Core）把 fp32 输入舍入到 10 位尾数；按 fp32 存储。</translation>
    </message>
    <message>
        <source>FP64 (IEEE double)</source>
        <translation>FP64（IEEE 双精度）</translation>
    </message>
    <message>
        <source>FP32 (IEEE single)</source>
        <translation>FP32（IEEE 单精度）</translation>
    </message>
    <message>
        <source>TF32 (NVIDIA tensor-core input)</source>
        <translation>TF32（NVIDIA 张量核心输入）</translation>
    </message>
    <message>
        <source>FP16 (IEEE half)</source>
        <translation>FP16（IEEE 半精度）</translation>
    </message>
    <message>
        <source>BF16 (brain float)</source>
        <translation>BF16（brain float，脑浮点）</translation>
    </message>
    <message>
        <source>FP8 E4M3 (OCP, no inf)</source>
        <translation>FP8 E4M3（OCP，无 inf）</translation>
    </message>
    <message>
        <source>FP8 E5M2 (OCP, IEEE-like)</source>
        <translation>FP8 E5M2（OCP，类 IEEE）</translation>
    </message>
    <message>
        <source>E8M0 (MX block scale)</source>
        <translation>E8M0（MX 块缩放因子）</translation>
    </message>
    <message>
        <source>digits, + - * / ** ^ ( ), pi, e, inf, nan, or a code such as 0x7e</source>
        <extracomment>Largest power of ten accepted (beyond it every format overflows or underflows anyway).</extracomment>
        <translation>数字、+ - * / ** ^ ( )、pi、e、inf、nan，或 0x7e 这样的编码</translation>
    </message>
    <message>
        <source>value: unexpected {bad} in {text}; allowed: {allowed}</source>
        <translation>值：{text} 中有意外的 {bad}；允许：{allowed}</translation>
    </message>
    <message>
        <source>value: {text} nests too deeply</source>
        <translation>值：{text} 嵌套太深</translation>
    </message>
    <message>
        <source>value: {text} is too large or too small; allowed: magnitudes between 1e-{max} and 1e{max}</source>
        <translation>值：{text} 太大或太小；允许：绝对值在 1e-{max} 与 1e{max} 之间</translation>
    </message>
    <message>
        <source>value: {text} ends too early</source>
        <translation>值：{text} 结束得太早</translation>
    </message>
    <message>
        <source>value: empty; type a number such as 0.1, 1/3, 2**-9 or 0x7e</source>
        <translation>值：为空；请输入 0.1、1/3、2**-9 或 0x7e 这样的数</translation>
    </message>
    <message>
        <source>value: unexpected {bad} in {text}; put an operator between numbers</source>
        <translation>值：{text} 中有意外的 {bad}；数之间要有运算符</translation>
    </message>
    <message>
        <source>value: division by zero in {text}; type inf for infinity</source>
        <translation>值：{text} 中除以零；无穷大请输入 inf</translation>
    </message>
    <message>
        <source>value: exponent {exponent} in {text} must be a whole number</source>
        <translation>值：{text} 中的指数 {exponent} 必须是整数</translation>
    </message>
    <message>
        <source>value: 0 to a negative power in {text}</source>
        <translation>值：{text} 中 0 的负数次幂</translation>
    </message>
    <message>
        <source>value: {name} can only be typed on its own (e.g. -inf), not in arithmetic</source>
        <translation>值：{name} 只能单独输入（如 -inf），不能参与运算</translation>
    </message>
    <message>
        <source>value: unknown name {name}; allowed: {allowed}</source>
        <translation>值：未知名称 {name}；允许：{allowed}</translation>
    </message>
    <message>
        <source>value: missing &apos;)&apos; in {text}</source>
        <translation>值：{text} 缺少 &apos;)&apos;</translation>
    </message>
    <message>
        <source>value: exponent in {text} is beyond ±{max}; every format overflows or underflows long before</source>
        <translation>值：{text} 中的指数超出 ±{max}；任何格式早在此前就已上溢或下溢</translation>
    </message>
    <message>
        <source>value: {text} is not a number</source>
        <translation>值：{text} 不是数</translation>
    </message>
    <message>
        <source>value: longer than {count} characters</source>
        <translation>值：超过 {count} 个字符</translation>
    </message>
    <message>
        <source>value: {text} is not a binary code; use 0 and 1 after 0b</source>
        <translation>值：{text} 不是二进制编码；0b 之后只能用 0 和 1</translation>
    </message>
    <message>
        <source>code: {code} is out of range; allowed: 0x0 to {top}</source>
        <translation>编码：{code} 超出范围；允许：0x0 到 {top}</translation>
    </message>
</context>
<context>
    <name>DtypesBits</name>
    <message>
        <source>stored</source>
        <translation>存储值</translation>
    </message>
    <message>
        <source>abs error</source>
        <translation>绝对误差</translation>
    </message>
    <message>
        <source>rel error</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <source>ulp here</source>
        <translation>此处 ulp</translation>
    </message>
    <message>
        <source>previous</source>
        <translation>上一个</translation>
    </message>
    <message>
        <source>next</source>
        <translation>下一个</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>位</translation>
    </message>
    <message>
        <source>Stored value</source>
        <translation>存储值</translation>
    </message>
    <message>
        <source>Bits and stored value</source>
        <translation>位与存储值</translation>
    </message>
    <message>
        <source>sign</source>
        <translation>符号</translation>
    </message>
    <message>
        <source>exponent</source>
        <translation>指数</translation>
    </message>
    <message>
        <source>mantissa</source>
        <translation>尾数</translation>
    </message>
    <message>
        <source>class: &lt;b&gt;{cls}&lt;/b&gt; · code {code}</source>
        <translation>类别：&lt;b&gt;{cls}&lt;/b&gt; · 编码 {code}</translation>
    </message>
    <message>
        <source>Not representable in this format.</source>
        <translation>此格式无法表示。</translation>
    </message>
</context>
<context>
    <name>DtypesBlocks</name>
    <message>
        <source>block quantization failed: {error}</source>
        <translation>块量化失败：{error}</translation>
    </message>
    <message>
        <source>typed or pasted values</source>
        <translation>输入或粘贴的值</translation>
    </message>
    <message>
        <source>Number of values to generate (1 to {max}; 4k, 1e6 accepted)</source>
        <translation>要生成的值的个数（1 到 {max}；可写 4k、1e6）</translation>
    </message>
    <message>
        <source>Paste numbers separated by spaces, commas or new lines</source>
        <translation>粘贴以空格、逗号或换行分隔的数</translation>
    </message>
    <message>
        <source>Block format</source>
        <translation>块格式</translation>
    </message>
    <message>
        <source>Vector</source>
        <translation>向量</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>个数</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>quantizing…</source>
        <translation>量化中…</translation>
    </message>
    <message>
        <source>bits/value</source>
        <translation>位/值</translation>
    </message>
    <message>
        <source>max |error|</source>
        <translation>最大 |误差|</translation>
    </message>
    <message>
        <source>RMS error</source>
        <translation>均方根误差</translation>
    </message>
    <message>
        <source>relative</source>
        <translation>相对</translation>
    </message>
    <message>
        <source>flushed to 0</source>
        <translation>被清零</translation>
    </message>
    <message>
        <source>fp8 per tensor</source>
        <translation>fp8 逐张量</translation>
    </message>
    <message>
        <source>Block #{block}: {share} of its non-zero values were stored as 0 — one large value set the block&apos;s scale ({scale}) and its small neighbours rounded to zero. Per-tensor fp8 keeps them.</source>
        <translation>第 {block} 块：{share} 的非零值被存为 0——一个大值决定了该块的缩放因子（{scale}），它旁边的小值都被舍入为零。逐张量 fp8 保留了它们。</translation>
    </message>
    <message>
        <source>No block lost its small values to an outlier.</source>
        <translation>没有哪个块因离群值而丢失小值。</translation>
    </message>
</context>
<context>
    <name>DtypesTab</name>
    <message>
        <source>The format shown in the bit strip and the value table</source>
        <translation>位条和数值表所显示的格式</translation>
    </message>
    <message>
        <source>What an overflowing cast gives. torch {version} saturates float8_e4m3fn to ±448; the OCP / ml_dtypes cast gives NaN. e5m2 overflows to inf and FNUZ formats to NaN in both.</source>
        <translation>溢出的转换会得到什么。torch {version} 将 float8_e4m3fn 饱和到 ±448；OCP / ml_dtypes 的转换得到 NaN。两者中 e5m2 溢出为 inf，FNUZ 格式溢出为 NaN。</translation>
    </message>
    <message>
        <source>0.1, 1e-8, 1/3, pi, 2**-9, -inf, nan or a code 0x3c00</source>
        <translation>0.1、1e-8、1/3、pi、2**-9、-inf、nan 或编码 0x3c00</translation>
    </message>
    <message>
        <source>A value (exact: 1/3 is one third) or a code in hex/binary. Up/Down step.</source>
        <translation>一个值（精确：1/3 就是三分之一）或十六进制/二进制编码。上/下键步进。</translation>
    </message>
    <message>
        <source>◀ prev</source>
        <translation>◀ 上一个</translation>
    </message>
    <message>
        <source>next ▶</source>
        <translation>下一个 ▶</translation>
    </message>
    <message>
        <source>Step to the neighbouring representable value (Down / Up keys)</source>
        <translation>走到相邻的可表示值（下 / 上键）</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Overflow</source>
        <translation>上溢</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Bits &amp;&amp; compare</source>
        <translation>位与比较</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>All values</source>
        <translation>全部值</translation>
    </message>
    <message>
        <source>Block scaling</source>
        <translation>块缩放</translation>
    </message>
    <message>
        <source>{format} has 2^{bits} codes: choose a format of 16 bits or fewer to list them.</source>
        <translation>{format} 有 2^{bits} 个编码：请选择 16 位或更少的格式来列出它们。</translation>
    </message>
    <message>
        <source>rows: high bits, columns: low 4 bits</source>
        <translation>行：高位，列：低 4 位</translation>
    </message>
    <message>
        <source>one row per code</source>
        <translation>每个编码一行</translation>
    </message>
    <message>
        <source>All {count} codes of {format} ({layout}); {finite} are finite. Shaded: zeros and subnormals; NaN and inf highlighted. Hover a value for its bits.</source>
        <translation>{format} 的全部 {count} 个编码（{layout}）；其中 {finite} 个是有限值。阴影：零和次正规数；NaN 和 inf 高亮。鼠标悬停可看某个值的位。</translation>
    </message>
    <message>
        <source>dtypes: could not restore ({error})</source>
        <translation>数据类型：无法恢复（{error}）</translation>
    </message>
</context>
<context>
    <name>RangeChart</name>
    <message>
        <source>magnitude (log scale)</source>
        <translation>绝对值（对数刻度）</translation>
    </message>
    <message>
        <source>Thick bar: normal range (min normal to max) · thin bar: subnormals · label: values per power of two (2^mantissa bits) · dashed line: the value typed above. Drag to pan, wheel to zoom.</source>
        <translation>粗条：正规数范围（最小正规数到最大值）· 细条：次正规数 · 标签：每个 2 的幂区间内的值数（2^尾数位数）· 虚线：上方输入的值。拖动可平移，滚轮可缩放。</translation>
    </message>
    <message>
        <source>{format}  ·  {count} per ×2</source>
        <translation>{format}  ·  每 ×2 有 {count} 个</translation>
    </message>
</context>
<context>
    <name>ValuesTable</name>
    <message>
        <source>zero</source>
        <translation>零</translation>
    </message>
    <message>
        <source>subnormal</source>
        <translation>次正规数</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>正规数</translation>
    </message>
    <message>
        <source>inf</source>
        <translation>无穷</translation>
    </message>
    <message>
        <source>nan</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>unrepresentable</source>
        <translation>无法表示</translation>
    </message>
    <message>
        <source>code</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>bits</source>
        <translation>位</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>class</source>
        <translation>类别</translation>
    </message>
</context>
</TS>
