<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>BitStrip</name>
    <message>
        <source>Click a bit to flip it</source>
        <translation>點擊某一位元可翻轉它</translation>
    </message>
</context>
<context>
    <name>BlockPlots</name>
    <message>
        <source>error (stored − input)</source>
        <translation>誤差（儲存值 − 輸入）</translation>
    </message>
    <message>
        <source>values + 1 (log)</source>
        <translation>個數 + 1（對數）</translation>
    </message>
    <message>
        <source>block scale</source>
        <translation>區塊縮放因子</translation>
    </message>
    <message>
        <source>flushed to 0 (%)</source>
        <translation>被清零（%）</translation>
    </message>
    <message>
        <source>block</source>
        <translation>區塊</translation>
    </message>
    <message>
        <source>worst block {block}</source>
        <translation>最差的區塊 {block}</translation>
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
        <translation>編碼</translation>
    </message>
    <message>
        <source>stored value</source>
        <translation>儲存值</translation>
    </message>
    <message>
        <source>abs error</source>
        <translation>絕對誤差</translation>
    </message>
    <message>
        <source>rel error</source>
        <translation>相對誤差</translation>
    </message>
    <message>
        <source>ulp here</source>
        <translation>此處 ulp</translation>
    </message>
    <message>
        <source>note</source>
        <translation>說明</translation>
    </message>
    <message>
        <source>OVERFLOW:</source>
        <translation>溢位：</translation>
    </message>
    <message>
        <source>UNDERFLOW: stored as 0</source>
        <translation>下溢：存為 0</translation>
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
        <translation>符號 {sign}</translation>
    </message>
    <message>
        <source>no sign bit</source>
        <translation>無符號位元</translation>
    </message>
    <message>
        <source>exponent {bits} = {value}</source>
        <translation>指數 {bits} = {value}</translation>
    </message>
    <message>
        <source>mantissa ({count} bits) = {value}</source>
        <translation>尾數（{count} 位元）= {value}</translation>
    </message>
    <message>
        <source>mantissa {bits} = {value}</source>
        <translation>尾數 {bits} = {value}</translation>
    </message>
    <message>
        <source>{format}: this code is NaN ({rule})</source>
        <translation>{format}：此編碼是 NaN（{rule}）</translation>
    </message>
    <message>
        <source>exponent all ones, mantissa 0 → {sign}inf</source>
        <translation>指數全 1、尾數為 0 → {sign}inf</translation>
    </message>
    <message>
        <source>{formula}   (subnormal: no implicit 1)</source>
        <translation>{formula}   （次正規數：沒有隱含的 1）</translation>
    </message>
    <message>
        <source>exponent all ones, mantissa ≠ 0</source>
        <translation>指數全 1、尾數 ≠ 0</translation>
    </message>
    <message>
        <source>only S.1111.111 is NaN; there is no inf</source>
        <translation>只有 S.1111.111 是 NaN；沒有 inf</translation>
    </message>
    <message>
        <source>only 0x80, the would-be −0, is NaN</source>
        <translation>只有 0x80（本應是 −0）是 NaN</translation>
    </message>
    <message>
        <source>0xFF is NaN</source>
        <translation>0xFF 是 NaN</translation>
    </message>
    <message>
        <source>overflow → ±inf</source>
        <translation>溢位 → ±inf</translation>
    </message>
    <message>
        <source>overflow → NaN</source>
        <translation>溢位 → NaN</translation>
    </message>
    <message>
        <source>overflow saturates</source>
        <translation>溢位時飽和</translation>
    </message>
    <message>
        <source>eps {eps} (torch.finfo before 2.15 says 0.125: wrong)</source>
        <translation>eps {eps}（2.15 之前的 torch.finfo 給出 0.125：錯誤）</translation>
    </message>
    <message>
        <source>eps {eps}</source>
        <translation>eps {eps}</translation>
    </message>
    <message>
        <source>no inf</source>
        <translation>無 inf</translation>
    </message>
    <message>
        <source>no NaN</source>
        <translation>無 NaN</translation>
    </message>
    <message>
        <source>no −0</source>
        <translation>無 −0</translation>
    </message>
    <message>
        <source>no zero</source>
        <translation>無 0</translation>
    </message>
    <message>
        <source>{bits} bits (sign·exponent·mantissa = {layout}), bias {bias} · max {max} · min normal {min_normal} · min subnormal {min_subnormal} · {eps} · {finite} finite values · {specials} · {overflow}</source>
        <translation>{bits} 位元（符號·指數·尾數 = {layout}），偏置 {bias} · 最大 {max} · 最小正規數 {min_normal} · 最小次正規數 {min_subnormal} · {eps} · {finite} 個有限值 · {specials} · {overflow}</translation>
    </message>
    <message>
        <source>standard normal N(0, 1)</source>
        <extracomment>Generator id -&gt; what it draws.</extracomment>
        <translation>標準常態分佈 N(0, 1)</translation>
    </message>
    <message>
        <source>uniform on [-1, 1]</source>
        <translation>[-1, 1] 上的均勻分佈</translation>
    </message>
    <message>
        <source>N(0, 1) with 1 value in 500 scaled by 100 (activation outliers)</source>
        <translation>N(0, 1)，每 500 個值中有 1 個放大 100 倍（激活值離群點）</translation>
    </message>
    <message>
        <source>log-normal (sigma 2) with random signs: a wide dynamic range</source>
        <translation>對數常態分佈（sigma 2），符號隨機：動態範圍很大</translation>
    </message>
    <message>
        <source>vector: empty; paste numbers separated by spaces or commas</source>
        <translation>向量：為空；請貼上以空格或逗號分隔的數</translation>
    </message>
    <message>
        <source>vector: {count} values; allowed: up to {max}</source>
        <translation>向量：{count} 個值；允許：最多 {max} 個</translation>
    </message>
    <message>
        <source>vector: value {index} ({token}) is not a number; use plain decimals such as 0.5 or -1e-3</source>
        <translation>向量：第 {index} 個值（{token}）不是數；請用 0.5 或 -1e-3 這樣的普通小數</translation>
    </message>
    <message>
        <source>vector: contains NaN or inf; allowed: finite numbers</source>
        <translation>向量：含有 NaN 或 inf；允許：有限的數</translation>
    </message>
    <message>
        <source>MXFP8 E4M3 (32 × E4M3, E8M0 scale)</source>
        <translation>MXFP8 E4M3（32 × E4M3，E8M0 縮放因子）</translation>
    </message>
    <message>
        <source>MXFP8 E5M2 (32 × E5M2, E8M0 scale)</source>
        <translation>MXFP8 E5M2（32 × E5M2，E8M0 縮放因子）</translation>
    </message>
    <message>
        <source>MXFP6 E2M3 (32 × E2M3, E8M0 scale)</source>
        <translation>MXFP6 E2M3（32 × E2M3，E8M0 縮放因子）</translation>
    </message>
    <message>
        <source>MXFP6 E3M2 (32 × E3M2, E8M0 scale)</source>
        <translation>MXFP6 E3M2（32 × E3M2，E8M0 縮放因子）</translation>
    </message>
    <message>
        <source>MXFP4 (32 × E2M1, E8M0 scale)</source>
        <translation>MXFP4（32 × E2M1，E8M0 縮放因子）</translation>
    </message>
    <message>
        <source>NVFP4 (16 × E2M1, E4M3 scale, fp32 tensor scale)</source>
        <translation>NVFP4（16 × E2M1，E4M3 縮放因子，fp32 張量縮放因子）</translation>
    </message>
    <message>
        <source>FP8 E4M3, one fp32 scale per tensor</source>
        <translation>FP8 E4M3，每個張量一個 fp32 縮放因子</translation>
    </message>
    <message>
        <source>vector: {count} values; allowed: 1 to {max}</source>
        <translation>向量：{count} 個值；允許：1 到 {max} 個</translation>
    </message>
    <message>
        <source>a finite value beyond ±max saturates to ±{max}</source>
        <translation>超出 ±max 的有限值飽和為 ±{max}</translation>
    </message>
    <message>
        <source>±inf saturates to ±{max}</source>
        <translation>±inf 飽和為 ±{max}</translation>
    </message>
    <message>
        <source>stored as inf</source>
        <translation>存為 inf</translation>
    </message>
    <message>
        <source>a finite value beyond ±max becomes NaN (no inf in {format})</source>
        <translation>超出 ±max 的有限值變成 NaN（{format} 沒有 inf）</translation>
    </message>
    <message>
        <source>±inf becomes NaN (no inf in {format})</source>
        <translation>±inf 變成 NaN（{format} 沒有 inf）</translation>
    </message>
    <message>
        <source>inf and NaN become NaN in E8M0</source>
        <translation>在 E8M0 中 inf 和 NaN 都變成 NaN</translation>
    </message>
    <message>
        <source>E8M0 has no zero or negative values: NaN</source>
        <translation>E8M0 沒有 0 和負值：NaN</translation>
    </message>
    <message>
        <source>E8M0 has no zero; torch stores 2^-127</source>
        <translation>E8M0 沒有 0；torch 存為 2^-127</translation>
    </message>
    <message>
        <source>rounds beyond 2^127: NaN</source>
        <translation>捨入後超出 2^127：NaN</translation>
    </message>
    <message>
        <source>below 2^-127: stored as 2^-127</source>
        <translation>小於 2^-127：存為 2^-127</translation>
    </message>
    <message>
        <source>{format} has no NaN encoding</source>
        <translation>{format} 沒有 NaN 編碼</translation>
    </message>
    <message>
        <source>torch {version} (e4m3fn saturates)</source>
        <extracomment>Value classes, in the order :func:`classify_array` numbers them. Overflow conventions: what torch does (default; the label names the installed torch, found without importing it), or the OCP / ml_dtypes non-saturating cast.</extracomment>
        <translation>torch {version}（e4m3fn 飽和）</translation>
    </message>
    <message>
        <source>OCP / ml_dtypes (non-saturating)</source>
        <translation>OCP / ml_dtypes（不飽和）</translation>
    </message>
    <message>
        <source>code: {code} is out of range for {format}; allowed: 0x0 to {top}</source>
        <translation>編碼：{code} 超出 {format} 的範圍；允許：0x0 到 {top}</translation>
    </message>
    <message>
        <source>torch.finfo(torch.float8_e5m2fnuz).eps is 0.125 before torch 2.15; the true eps is 2^-2 = 0.25 (1.25 is the next value after 1).</source>
        <translation>torch 2.15 之前 torch.finfo(torch.float8_e5m2fnuz).eps 是 0.125；真正的 eps 是 2^-2 = 0.25（1 之後的下一個值是 1.25）。</translation>
    </message>
    <message>
        <source>Unsigned powers of two; no zero. torch ignores the sign and maps 0 to 2^-127; ml_dtypes gives NaN for zero and negatives.</source>
        <translation>無符號的 2 的冪；沒有 0。torch 忽略符號並把 0 映射為 2^-127；ml_dtypes 對 0 和負數給出 NaN。</translation>
    </message>
    <message>
        <source>Tensor cores round fp32 inputs to 10 mantissa bits; stored as fp32.</source>
        <translation>張量核心（Tensor Core）把 fp32 輸入捨入到 10 位元尾數；按 fp32 儲存。</translation>
    </message>
    <message>
        <source>FP64 (IEEE double)</source>
        <translation>FP64（IEEE 雙精度）</translation>
    </message>
    <message>
        <source>FP32 (IEEE single)</source>
        <translation>FP32（IEEE 單精度）</translation>
    </message>
    <message>
        <source>TF32 (NVIDIA tensor-core input)</source>
        <translation>TF32（NVIDIA 張量核心輸入）</translation>
    </message>
    <message>
        <source>FP16 (IEEE half)</source>
        <translation>FP16（IEEE 半精度）</translation>
    </message>
    <message>
        <source>BF16 (brain float)</source>
        <translation>BF16（brain float，腦浮點）</translation>
    </message>
    <message>
        <source>FP8 E4M3 (OCP, no inf)</source>
        <translation>FP8 E4M3（OCP，無 inf）</translation>
    </message>
    <message>
        <source>FP8 E5M2 (OCP, IEEE-like)</source>
        <translation>FP8 E5M2（OCP，類 IEEE）</translation>
    </message>
    <message>
        <source>E8M0 (MX block scale)</source>
        <translation>E8M0（MX 區塊縮放因子）</translation>
    </message>
    <message>
        <source>digits, + - * / ** ^ ( ), pi, e, inf, nan, or a code such as 0x7e</source>
        <extracomment>Largest power of ten accepted (beyond it every format overflows or underflows anyway).</extracomment>
        <translation>數字、+ - * / ** ^ ( )、pi、e、inf、nan，或 0x7e 這樣的編碼</translation>
    </message>
    <message>
        <source>value: unexpected {bad} in {text}; allowed: {allowed}</source>
        <translation>值：{text} 中有意外的 {bad}；允許：{allowed}</translation>
    </message>
    <message>
        <source>value: {text} nests too deeply</source>
        <translation>值：{text} 巢狀太深</translation>
    </message>
    <message>
        <source>value: {text} is too large or too small; allowed: magnitudes between 1e-{max} and 1e{max}</source>
        <translation>值：{text} 太大或太小；允許：絕對值在 1e-{max} 與 1e{max} 之間</translation>
    </message>
    <message>
        <source>value: {text} ends too early</source>
        <translation>值：{text} 結束得太早</translation>
    </message>
    <message>
        <source>value: empty; type a number such as 0.1, 1/3, 2**-9 or 0x7e</source>
        <translation>值：為空；請輸入 0.1、1/3、2**-9 或 0x7e 這樣的數</translation>
    </message>
    <message>
        <source>value: unexpected {bad} in {text}; put an operator between numbers</source>
        <translation>值：{text} 中有意外的 {bad}；數之間要有運算子</translation>
    </message>
    <message>
        <source>value: division by zero in {text}; type inf for infinity</source>
        <translation>值：{text} 中除以零；無窮大請輸入 inf</translation>
    </message>
    <message>
        <source>value: exponent {exponent} in {text} must be a whole number</source>
        <translation>值：{text} 中的指數 {exponent} 必須是整數</translation>
    </message>
    <message>
        <source>value: 0 to a negative power in {text}</source>
        <translation>值：{text} 中 0 的負數次冪</translation>
    </message>
    <message>
        <source>value: {name} can only be typed on its own (e.g. -inf), not in arithmetic</source>
        <translation>值：{name} 只能單獨輸入（如 -inf），不能參與運算</translation>
    </message>
    <message>
        <source>value: unknown name {name}; allowed: {allowed}</source>
        <translation>值：未知名稱 {name}；允許：{allowed}</translation>
    </message>
    <message>
        <source>value: missing &apos;)&apos; in {text}</source>
        <translation>值：{text} 缺少 &apos;)&apos;</translation>
    </message>
    <message>
        <source>value: exponent in {text} is beyond ±{max}; every format overflows or underflows long before</source>
        <translation>值：{text} 中的指數超出 ±{max}；任何格式早在此前就已溢位或下溢</translation>
    </message>
    <message>
        <source>value: {text} is not a number</source>
        <translation>值：{text} 不是數</translation>
    </message>
    <message>
        <source>value: longer than {count} characters</source>
        <translation>值：超過 {count} 個字元</translation>
    </message>
    <message>
        <source>value: {text} is not a binary code; use 0 and 1 after 0b</source>
        <translation>值：{text} 不是二進位編碼；0b 之後只能用 0 和 1</translation>
    </message>
    <message>
        <source>code: {code} is out of range; allowed: 0x0 to {top}</source>
        <translation>編碼：{code} 超出範圍；允許：0x0 到 {top}</translation>
    </message>
</context>
<context>
    <name>DtypesBits</name>
    <message>
        <source>stored</source>
        <translation>儲存值</translation>
    </message>
    <message>
        <source>abs error</source>
        <translation>絕對誤差</translation>
    </message>
    <message>
        <source>rel error</source>
        <translation>相對誤差</translation>
    </message>
    <message>
        <source>ulp here</source>
        <translation>此處 ulp</translation>
    </message>
    <message>
        <source>previous</source>
        <translation>上一個</translation>
    </message>
    <message>
        <source>next</source>
        <translation>下一個</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>位元</translation>
    </message>
    <message>
        <source>Stored value</source>
        <translation>儲存值</translation>
    </message>
    <message>
        <source>Bits and stored value</source>
        <translation>位元與儲存值</translation>
    </message>
    <message>
        <source>sign</source>
        <translation>符號</translation>
    </message>
    <message>
        <source>exponent</source>
        <translation>指數</translation>
    </message>
    <message>
        <source>mantissa</source>
        <translation>尾數</translation>
    </message>
    <message>
        <source>class: &lt;b&gt;{cls}&lt;/b&gt; · code {code}</source>
        <translation>類別：&lt;b&gt;{cls}&lt;/b&gt; · 編碼 {code}</translation>
    </message>
    <message>
        <source>Not representable in this format.</source>
        <translation>此格式無法表示。</translation>
    </message>
</context>
<context>
    <name>DtypesBlocks</name>
    <message>
        <source>block quantization failed: {error}</source>
        <translation>區塊量化失敗：{error}</translation>
    </message>
    <message>
        <source>typed or pasted values</source>
        <translation>輸入或貼上的值</translation>
    </message>
    <message>
        <source>Number of values to generate (1 to {max}; 4k, 1e6 accepted)</source>
        <translation>要產生的值的個數（1 到 {max}；可寫 4k、1e6）</translation>
    </message>
    <message>
        <source>Paste numbers separated by spaces, commas or new lines</source>
        <translation>貼上以空格、逗號或換行分隔的數</translation>
    </message>
    <message>
        <source>Block format</source>
        <translation>區塊格式</translation>
    </message>
    <message>
        <source>Vector</source>
        <translation>向量</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>個數</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>隨機種子</translation>
    </message>
    <message>
        <source>quantizing…</source>
        <translation>量化中…</translation>
    </message>
    <message>
        <source>bits/value</source>
        <translation>位元/值</translation>
    </message>
    <message>
        <source>max |error|</source>
        <translation>最大 |誤差|</translation>
    </message>
    <message>
        <source>RMS error</source>
        <translation>均方根誤差</translation>
    </message>
    <message>
        <source>relative</source>
        <translation>相對</translation>
    </message>
    <message>
        <source>flushed to 0</source>
        <translation>被清零</translation>
    </message>
    <message>
        <source>fp8 per tensor</source>
        <translation>fp8 逐張量</translation>
    </message>
    <message>
        <source>Block #{block}: {share} of its non-zero values were stored as 0 — one large value set the block&apos;s scale ({scale}) and its small neighbours rounded to zero. Per-tensor fp8 keeps them.</source>
        <translation>第 {block} 區塊：{share} 的非零值被存為 0——一個大值決定了該區塊的縮放因子（{scale}），它旁邊的小值都被捨入為零。逐張量 fp8 保留了它們。</translation>
    </message>
    <message>
        <source>No block lost its small values to an outlier.</source>
        <translation>沒有哪個區塊因離群值而遺失小值。</translation>
    </message>
</context>
<context>
    <name>DtypesTab</name>
    <message>
        <source>The format shown in the bit strip and the value table</source>
        <translation>位元條和數值表所顯示的格式</translation>
    </message>
    <message>
        <source>What an overflowing cast gives. torch {version} saturates float8_e4m3fn to ±448; the OCP / ml_dtypes cast gives NaN. e5m2 overflows to inf and FNUZ formats to NaN in both.</source>
        <translation>溢位的轉換會得到什麼。torch {version} 將 float8_e4m3fn 飽和到 ±448；OCP / ml_dtypes 的轉換得到 NaN。兩者中 e5m2 溢位為 inf，FNUZ 格式溢位為 NaN。</translation>
    </message>
    <message>
        <source>0.1, 1e-8, 1/3, pi, 2**-9, -inf, nan or a code 0x3c00</source>
        <translation>0.1、1e-8、1/3、pi、2**-9、-inf、nan 或編碼 0x3c00</translation>
    </message>
    <message>
        <source>A value (exact: 1/3 is one third) or a code in hex/binary. Up/Down step.</source>
        <translation>一個值（精確：1/3 就是三分之一）或十六進位/二進位編碼。上/下鍵步進。</translation>
    </message>
    <message>
        <source>◀ prev</source>
        <translation>◀ 上一個</translation>
    </message>
    <message>
        <source>next ▶</source>
        <translation>下一個 ▶</translation>
    </message>
    <message>
        <source>Step to the neighbouring representable value (Down / Up keys)</source>
        <translation>走到相鄰的可表示值（下 / 上鍵）</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Overflow</source>
        <translation>溢位</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Bits &amp;&amp; compare</source>
        <translation>位元與比較</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>範圍</translation>
    </message>
    <message>
        <source>All values</source>
        <translation>全部值</translation>
    </message>
    <message>
        <source>Block scaling</source>
        <translation>區塊縮放</translation>
    </message>
    <message>
        <source>{format} has 2^{bits} codes: choose a format of 16 bits or fewer to list them.</source>
        <translation>{format} 有 2^{bits} 個編碼：請選擇 16 位元或更少的格式來列出它們。</translation>
    </message>
    <message>
        <source>rows: high bits, columns: low 4 bits</source>
        <translation>列：高位元，欄：低 4 位元</translation>
    </message>
    <message>
        <source>one row per code</source>
        <translation>每個編碼一列</translation>
    </message>
    <message>
        <source>All {count} codes of {format} ({layout}); {finite} are finite. Shaded: zeros and subnormals; NaN and inf highlighted. Hover a value for its bits.</source>
        <translation>{format} 的全部 {count} 個編碼（{layout}）；其中 {finite} 個是有限值。陰影：零和次正規數；NaN 和 inf 醒目顯示。滑鼠停留可看某個值的位元。</translation>
    </message>
    <message>
        <source>dtypes: could not restore ({error})</source>
        <translation>資料型別：無法還原（{error}）</translation>
    </message>
</context>
<context>
    <name>RangeChart</name>
    <message>
        <source>magnitude (log scale)</source>
        <translation>絕對值（對數刻度）</translation>
    </message>
    <message>
        <source>Thick bar: normal range (min normal to max) · thin bar: subnormals · label: values per power of two (2^mantissa bits) · dashed line: the value typed above. Drag to pan, wheel to zoom.</source>
        <translation>粗條：正規數範圍（最小正規數到最大值）· 細條：次正規數 · 標籤：每個 2 的冪區間內的值數（2^尾數位元數）· 虛線：上方輸入的值。拖曳可平移，滾輪可縮放。</translation>
    </message>
    <message>
        <source>{format}  ·  {count} per ×2</source>
        <translation>{format}  ·  每 ×2 有 {count} 個</translation>
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
        <translation>次正規數</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>正規數</translation>
    </message>
    <message>
        <source>inf</source>
        <translation>無窮</translation>
    </message>
    <message>
        <source>nan</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>unrepresentable</source>
        <translation>無法表示</translation>
    </message>
    <message>
        <source>code</source>
        <translation>編碼</translation>
    </message>
    <message>
        <source>bits</source>
        <translation>位元</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>class</source>
        <translation>類別</translation>
    </message>
</context>
</TS>
