<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>Einops</name>
    <message>
        <source>op: unknown {op}; allowed: {allowed}</source>
        <translation>op：未知的 {op}；可用：{allowed}</translation>
    </message>
    <message>
        <source>dtype: unknown {dtype}; allowed: {allowed}</source>
        <translation>資料型別：未知的 {dtype}；可用：{allowed}</translation>
    </message>
    <message>
        <source>pattern: empty; enter a pattern such as &apos;b s (h d) -&gt; b h s d&apos;</source>
        <translation>模式：空白；請輸入模式，例如 &apos;b s (h d) -&gt; b h s d&apos;</translation>
    </message>
    <message>
        <source>pattern: {n} characters; allowed: at most {most}</source>
        <translation>模式：{n} 個字元；最多允許 {most} 個</translation>
    </message>
    <message>
        <source>shapes: {op} takes one input tensor, got {n} shapes</source>
        <translation>形狀：{op} 只接受一個輸入張量，卻給了 {n} 個形狀</translation>
    </message>
    <message>
        <source>shapes: {op} takes 1 to 26 input tensors, got {n}</source>
        <translation>形狀：{op} 接受 1 到 26 個輸入張量，卻給了 {n} 個</translation>
    </message>
    <message>
        <source>reduction: {reduction} is not supported; allowed: {allowed}</source>
        <translation>歸約：不支援 {reduction}；可用：{allowed}</translation>
    </message>
    <message>
        <source>packed shapes: unpack needs one packed shape per output, e.g. 2 and 1</source>
        <translation>打包形狀：unpack 需要為每個輸出給一個打包形狀，例如 2 和 1</translation>
    </message>
    <message>
        <source>input shapes: {shapes}</source>
        <extracomment>An einsum whose inputs&apos; element counts multiply to at most this runs on small CPU tensors (zeros): at most this many multiply-adds, microseconds of work. Meta tensors would send torch&apos;s meta ``bmm`` through ``torch.fx.experimental.symbolic_shapes``, whose first import (sympy) costs about half a second of a cold ``napkinlab einops einsum``. The shapes and the errors are the same: both devices go through the same ``at::einsum``.</extracomment>
        <translation>輸入形狀：{shapes}</translation>
    </message>
    <message>
        <source>{op} refused the call: {reason}</source>
        <translation>{op} 拒絕了這次呼叫：{reason}</translation>
    </message>
    <message>
        <source>the output has {n} elements, more than any real device holds</source>
        <translation>輸出有 {n} 個元素，超過任何真實裝置能容納的量</translation>
    </message>
    <message>
        <source>the input tensor</source>
        <translation>輸入張量</translation>
    </message>
    <message>
        <source>mean over a length-0 axis gives NaN</source>
        <translation>對長度為 0 的軸求 mean 得到 NaN</translation>
    </message>
    <message>
        <source>repeat returned a view: the repeated axes have stride 0, so every copy aliases the input&apos;s memory. Writing into the result in place changes the input and all copies; call .clone() first if you need to write.</source>
        <translation>repeat 傳回的是視圖：重複的軸步幅為 0，所以每個副本都與輸入共用記憶體。原地寫入結果會改動輸入和所有副本；需要寫入時先呼叫 .clone()。</translation>
    </message>
    <message>
        <source>arguments: {problem}; allowed: shapes as lists of whole numbers</source>
        <translation>參數：{problem}；形狀須為整數串列</translation>
    </message>
    <message>
        <source>shapes: {shapes}; axis lengths: {axes}</source>
        <translation>形狀：{shapes}；軸長度：{axes}</translation>
    </message>
    <message>
        <source>(while explaining: {kind})</source>
        <translation>（解釋時出錯：{kind}）</translation>
    </message>
    <message>
        <source>could not explain this call fully ({kind}: {problem})</source>
        <translation>無法完整解釋這次呼叫（{kind}：{problem}）</translation>
    </message>
    <message>
        <source>einsum needs exactly one &apos;-&gt;&apos; (einops does not infer the output)</source>
        <translation>einsum 需要恰好一個 &apos;-&gt;&apos;（einops 不會推斷輸出）</translation>
    </message>
    <message>
        <source>write the output axes after &apos;-&gt;&apos;, e.g. &apos;b s1 h, b s2 h -&gt; b s1 s2&apos;</source>
        <translation>在 &apos;-&gt;&apos; 之後寫出輸出軸，例如 &apos;b s1 h, b s2 h -&gt; b s1 s2&apos;</translation>
    </message>
    <message>
        <source>the pattern has {inputs} input(s) (separated by commas) but {shapes} shape(s) were given</source>
        <translation>模式有 {inputs} 個輸入（以逗號分隔），卻給了 {shapes} 個形狀</translation>
    </message>
    <message>
        <source>give one shape per comma-separated input</source>
        <translation>每個以逗號分隔的輸入給一個形狀</translation>
    </message>
    <message>
        <source>einsum takes single axis names: no ( ) groups</source>
        <translation>einsum 只接受單一軸名：不能用 ( ) 分組</translation>
    </message>
    <message>
        <source>rearrange first to split or merge axes, then einsum</source>
        <translation>先用 rearrange 拆分或合併軸，再用 einsum</translation>
    </message>
    <message>
        <source>einsum does not accept numbered axes</source>
        <translation>einsum 不接受數字軸</translation>
    </message>
    <message>
        <source>name the axis instead (einops: anonymous axes are not supported in einsum)</source>
        <translation>請為這個軸命名（einops：einsum 不支援匿名軸）</translation>
    </message>
    <message>
        <source>input {i} has shape {shape} ({axes} axes) but its part of the pattern names {names}</source>
        <translation>輸入 {i} 的形狀是 {shape}（{axes} 個軸），但模式中它的部分命名了 {names} 個</translation>
    </message>
    <message>
        <source>name one axis per dimension, or add &apos;...&apos; for the rest</source>
        <translation>每個維度命名一個軸，或用 &apos;...&apos; 代表其餘的軸</translation>
    </message>
    <message>
        <source>axis {name} appears twice in input {i} (taking a diagonal) but its lengths differ: {first} and {second}</source>
        <translation>軸 {name} 在輸入 {i} 中出現兩次（取對角線），但長度不同：{first} 和 {second}</translation>
    </message>
    <message>
        <source>an axis repeated within one input needs the same length both times</source>
        <translation>同一輸入中重複的軸兩次長度必須相同</translation>
    </message>
    <message>
        <source>axis {name} has length {dim} in input {i} but {seen} in input {where}</source>
        <translation>軸 {name} 在輸入 {i} 中長度為 {dim}，在輸入 {where} 中卻是 {seen}</translation>
    </message>
    <message>
        <source>lengths of a shared axis must match (or one of them be 1, which broadcasts)</source>
        <translation>共用軸的長度必須一致（或其中一個為 1，會被廣播）</translation>
    </message>
    <message>
        <source>output axis {name} is not in any input</source>
        <translation>輸出軸 {name} 不在任何輸入中</translation>
    </message>
    <message>
        <source>every axis after &apos;-&gt;&apos; must appear before it</source>
        <translation>&apos;-&gt;&apos; 之後的每個軸都必須在它之前出現</translation>
    </message>
    <message>
        <source>output axis {name} appears twice</source>
        <translation>輸出軸 {name} 出現了兩次</translation>
    </message>
    <message>
        <source>name each output axis once</source>
        <translation>每個輸出軸只寫一次</translation>
    </message>
    <message>
        <source>&apos;...&apos; on the output but on no input</source>
        <translation>輸出中有 &apos;...&apos;，但沒有任何輸入有</translation>
    </message>
    <message>
        <source>add &apos;...&apos; to an input or remove it from the output</source>
        <translation>為某個輸入加上 &apos;...&apos;，或從輸出中刪去</translation>
    </message>
    <message>
        <source>repeated in one input: its diagonal is taken</source>
        <translation>在同一輸入中重複：取其對角線</translation>
    </message>
    <message>
        <source>length 1 in input {inputs}, broadcast to {length}</source>
        <translation>在輸入 {inputs} 中長度為 1，廣播到 {length}</translation>
    </message>
    <message>
        <source>axis {name} has length 1 in input {inputs} and is broadcast to {length}: intended? (a length-1 axis silently matches any length)</source>
        <translation>軸 {name} 在輸入 {inputs} 中長度為 1，被廣播到 {length}：是有意的嗎？（長度為 1 的軸會悄悄匹配任意長度）</translation>
    </message>
    <message>
        <source>axis {name} appears only in input {i} and not after &apos;-&gt;&apos;, so it is summed away on its own before the product: a typo? (add it to the output to keep it)</source>
        <translation>軸 {name} 只出現在輸入 {i} 中、不在 &apos;-&gt;&apos; 之後，所以在相乘之前就被單獨求和消去：是筆誤嗎？（把它加到輸出中即可保留）</translation>
    </message>
    <message>
        <source>input {i}: {names}</source>
        <translation>輸入 {i}：{names}</translation>
    </message>
    <message>
        <source>{terms} products, one per combination of {names} (not materialised)</source>
        <translation>{terms} 個乘積，{names} 的每種組合一個（不實際產生）</translation>
    </message>
    <message>
        <source>(no axes)</source>
        <translation>（無軸）</translation>
    </message>
    <message>
        <source>sum over {names}</source>
        <translation>對 {names} 求和</translation>
    </message>
    <message>
        <source>no axis summed: an element-wise product</source>
        <translation>沒有軸被求和：逐元素相乘</translation>
    </message>
    <message>
        <source>letters, digits and _ (not starting or ending with _), e.g. batch, h1</source>
        <translation>字母、數字和 _（不以 _ 開頭或結尾），例如 batch、h1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>input shape: {shapes}; axis lengths: {axes}</source>
        <translation>輸入形狀：{shapes}；軸長度：{axes}</translation>
    </message>
    <message>
        <source>input shapes: {shapes}; axis lengths: {axes}</source>
        <translation>輸入形狀：{shapes}；軸長度：{axes}</translation>
    </message>
    <message>
        <source>the pattern needs exactly one &apos;-&gt;&apos; (found {n})</source>
        <translation>模式需要恰好一個 &apos;-&gt;&apos;（找到 {n} 個）</translation>
    </message>
    <message>
        <source>the pattern needs exactly one &apos;-&gt;&apos; between the input and output sides</source>
        <translation>模式需要在輸入和輸出兩側之間恰好有一個 &apos;-&gt;&apos;</translation>
    </message>
    <message>
        <source>allowed: INPUT -&gt; OUTPUT, e.g. &apos;b s (h d) -&gt; b h s d&apos;</source>
        <translation>寫法：輸入 -&gt; 輸出，例如 &apos;b s (h d) -&gt; b h s d&apos;</translation>
    </message>
    <message>
        <source>unexpected character {char}</source>
        <translation>意外的字元 {char}</translation>
    </message>
    <message>
        <source>allowed in a pattern: axis names, numbers, spaces, ( ), ... and one -&gt;</source>
        <translation>模式中允許：軸名、數字、空格、( )、... 和一個 -&gt;</translation>
    </message>
    <message>
        <source>not a valid name</source>
        <translation>不是有效的名稱</translation>
    </message>
    <message>
        <source>{name} is not a valid axis name ({why})</source>
        <translation>{name} 不是有效的軸名（{why}）</translation>
    </message>
    <message>
        <source>allowed: {names}, or a number</source>
        <translation>允許：{names}，或一個數字</translation>
    </message>
    <message>
        <source>dots are only allowed as one &apos;...&apos; per side</source>
        <translation>點號只能作為每側一個 &apos;...&apos; 出現</translation>
    </message>
    <message>
        <source>allowed: &apos;...&apos; once per side, e.g. &apos;... hidden -&gt; ...&apos;</source>
        <translation>允許：每側一個 &apos;...&apos;，例如 &apos;... hidden -&gt; ...&apos;</translation>
    </message>
    <message>
        <source>axis {name} appears twice on one side</source>
        <translation>軸 {name} 在同一側出現了兩次</translation>
    </message>
    <message>
        <source>each side may name an axis once; rename one of them</source>
        <translation>每側只能命名一個軸一次；請把其中一個改名</translation>
    </message>
    <message>
        <source>brackets cannot be nested</source>
        <translation>括號不能巢狀</translation>
    </message>
    <message>
        <source>allowed: one level of ( ) grouping, e.g. &apos;(h w) c&apos;</source>
        <translation>允許：一層 ( ) 分組，例如 &apos;(h w) c&apos;</translation>
    </message>
    <message>
        <source>unbalanced brackets</source>
        <translation>括號不成對</translation>
    </message>
    <message>
        <source>every &apos;(&apos; needs a &apos;)&apos; on the same side of &apos;-&gt;&apos;</source>
        <translation>每個 &apos;(&apos; 都需要在 &apos;-&gt;&apos; 的同一側有對應的 &apos;)&apos;</translation>
    </message>
    <message>
        <source>&apos;...&apos; is on the right side only</source>
        <translation>&apos;...&apos; 只出現在右側</translation>
    </message>
    <message>
        <source>use &apos;...&apos; on the left too, or name the axes</source>
        <translation>左側也寫上 &apos;...&apos;，或為這些軸命名</translation>
    </message>
    <message>
        <source>&apos;...&apos; cannot be inside brackets on the left side</source>
        <translation>左側的 &apos;...&apos; 不能放在括號內</translation>
    </message>
    <message>
        <source>write &apos;...&apos; on its own on the left (it may be grouped on the right)</source>
        <translation>在左側單獨寫 &apos;...&apos;（右側可以分組）</translation>
    </message>
    <message>
        <source>rearrange cannot use numbers other than 1 as axes</source>
        <translation>rearrange 不能把 1 以外的數字當作軸</translation>
    </message>
    <message>
        <source>use reduce to remove a numbered axis, repeat to add one, or name it and give its length</source>
        <translation>用 reduce 去掉數字軸、用 repeat 新增，或者為它命名並給出長度</translation>
    </message>
    <message>
        <source>{names} only on the left</source>
        <translation>{names} 只在左側</translation>
    </message>
    <message>
        <source>{names} only on the right</source>
        <translation>{names} 只在右側</translation>
    </message>
    <message>
        <source>rearrange needs every axis on both sides: {parts}</source>
        <translation>rearrange 要求每個軸在兩側都出現：{parts}</translation>
    </message>
    <message>
        <source>rearrange only moves data; use reduce to remove an axis or repeat to add one</source>
        <translation>rearrange 只搬移資料；去掉軸用 reduce，新增軸用 repeat</translation>
    </message>
    <message>
        <source>repeat cannot remove {names}: on the left only</source>
        <translation>repeat 不能去掉 {names}：它只在左側</translation>
    </message>
    <message>
        <source>repeat only adds axes; keep it on the right, or use reduce to remove it</source>
        <translation>repeat 只會新增軸；把它也寫在右側，或用 reduce 去掉它</translation>
    </message>
    <message>
        <source>repeat needs the length of new axis {names}</source>
        <translation>repeat 需要新軸 {names} 的長度</translation>
    </message>
    <message>
        <source>give it as an axis length, e.g. {example}</source>
        <translation>在軸長度中給出，例如 {example}</translation>
    </message>
    <message>
        <source>reduce cannot add {names}: on the right only</source>
        <translation>reduce 不能新增 {names}：它只在右側</translation>
    </message>
    <message>
        <source>reduce only removes axes; use repeat to add one</source>
        <translation>reduce 只會去掉軸；新增軸請用 repeat</translation>
    </message>
    <message>
        <source>the input {shape} has {got} axes but the left side describes at least {want}</source>
        <translation>輸入 {shape} 有 {got} 個軸，但左側描述了至少 {want} 個</translation>
    </message>
    <message>
        <source>the input {shape} has {got} axes but the left side describes {want}</source>
        <translation>輸入 {shape} 有 {got} 個軸，但左側描述了 {want} 個</translation>
    </message>
    <message>
        <source>name one group per input axis (use &apos;...&apos; for any number of leading axes)</source>
        <translation>每個輸入軸命名一組（用 &apos;...&apos; 代表任意數量的前導軸）</translation>
    </message>
    <message>
        <source>axis length {name}={value} is given but {quoted} is not in the pattern</source>
        <translation>給了軸長度 {name}={value}，但模式中沒有 {quoted}</translation>
    </message>
    <message>
        <source>remove {name} from the axis lengths or use it in the pattern</source>
        <translation>從軸長度中刪去 {name}，或在模式中使用它</translation>
    </message>
    <message>
        <source>axis length name {names} is not a valid axis name</source>
        <translation>軸長度的名稱 {names} 不是有效的軸名</translation>
    </message>
    <message>
        <source>allowed: {names}</source>
        <translation>允許：{names}</translation>
    </message>
    <message>
        <source>{first} and {second}</source>
        <translation>{first} 和 {second}</translation>
    </message>
    <message>
        <source>cannot infer both {names} from one input axis</source>
        <translation>無法從一個輸入軸同時推斷出 {names}</translation>
    </message>
    <message>
        <source>give the length of all but one of them, e.g. {name}=2</source>
        <translation>除其中一個外都給出長度，例如 {name}=2</translation>
    </message>
    <message>
        <source>input axis {i} has length {dim}, but {group} = {known}</source>
        <translation>輸入軸 {i} 的長度為 {dim}，但 {group} = {known}</translation>
    </message>
    <message>
        <source>make the lengths multiply to {dim}, or change the input shape</source>
        <translation>讓各長度的乘積等於 {dim}，或修改輸入形狀</translation>
    </message>
    <message>
        <source>input axis {i} has length {dim}, which {group} cannot split into chunks of {known}</source>
        <translation>輸入軸 {i} 的長度為 {dim}，{group} 無法把它切成每塊 {known}</translation>
    </message>
    <message>
        <source>{dim} must be divisible by {known}: change the axis lengths or the input shape</source>
        <translation>{dim} 必須能被 {known} 整除：請修改軸長度或輸入形狀</translation>
    </message>
    <message>
        <source>{head} (from {given})</source>
        <translation>{head}（來自 {given}）</translation>
    </message>
    <message>
        <source>Matmul with named axes</source>
        <translation>帶命名軸的矩陣乘法</translation>
    </message>
    <message>
        <source>z = x @ y: hidden is not in the output, so it is summed</source>
        <translation>z = x @ y：hidden 不在輸出中，所以被求和</translation>
    </message>
    <message>
        <source>Batched attention scores (no transpose needed)</source>
        <translation>批次注意力分數（無需轉置）</translation>
    </message>
    <message>
        <source>replaces x @ y.transpose(-2, -1)</source>
        <translation>取代 x @ y.transpose(-2, -1)</translation>
    </message>
    <message>
        <source>Attention scores over any leading axes (...)</source>
        <translation>任意前導軸上的注意力分數（...）</translation>
    </message>
    <message>
        <source>Sum over hidden</source>
        <translation>對 hidden 求和</translation>
    </message>
    <message>
        <source>same as x.sum(dim=-1)</source>
        <translation>等同於 x.sum(dim=-1)</translation>
    </message>
    <message>
        <source>Split total_hidden into heads × hidden1</source>
        <translation>把 total_hidden 拆成 heads × hidden1</translation>
    </message>
    <message>
        <source>Transform each head with w</source>
        <translation>用 w 轉換每個 head</translation>
    </message>
    <message>
        <source>Merge heads × hidden2 back</source>
        <translation>把 heads × hidden2 合併回去</translation>
    </message>
    <message>
        <source>Attention heads at scale: split and transpose</source>
        <translation>真實規模的注意力頭：拆分並轉置</translation>
    </message>
    <message>
        <source>Merge after a transpose (copies)</source>
        <translation>轉置後合併（會複製）</translation>
    </message>
    <message>
        <source>2×2 max-pool</source>
        <translation>2×2 最大池化</translation>
    </message>
    <message>
        <source>Repeat as a view (aliases input)</source>
        <translation>以視圖重複（與輸入共用記憶體）</translation>
    </message>
    <message>
        <source>Upsample by repeating (copies)</source>
        <translation>重複上取樣（會複製）</translation>
    </message>
    <message>
        <source>Large matmul, batched (roofline point)</source>
        <translation>大規模批次矩陣乘法（Roofline 上的點）</translation>
    </message>
    <message>
        <source>Pack a CLS token with patches</source>
        <translation>把 CLS token 與影像區塊打包</translation>
    </message>
    <message>
        <source>Unpack it again</source>
        <translation>再拆包回去</translation>
    </message>
    <message>
        <source>Suspicious: axis only on the left</source>
        <translation>可疑：軸只在左側</translation>
    </message>
    <message>
        <source>Suspicious: length-1 broadcast</source>
        <translation>可疑：長度為 1 的廣播</translation>
    </message>
    <message>
        <source>10^12 elements, analysed instantly</source>
        <translation>10^12 個元素，瞬間分析完</translation>
    </message>
    <message>
        <source>Error: 7 does not split into heads of 2</source>
        <translation>錯誤：7 不能拆成 2 個 head</translation>
    </message>
    <message>
        <source>A multiply-add counts 2 FLOPs, so a matmul is 2·m·k·n, as on the Roofline tab and in torch&apos;s FlopCounterMode; a sum of n terms is n adds. reduce: one add (compare, multiply) per input element, plus one divide per output for mean. einsum, evaluated as torch does: an axis in one input only is summed first (1 add per element), then inputs are contracted pairwise, left to right: 2 FLOPs per index combination of a step that sums an axis, 1 (a multiply) of one that does not. rearrange, repeat, pack and unpack move data and count 0 FLOPs. Zero-length axes give 0. The lecture&apos;s exact count (a length-n dot product as 2n − 1) is shown as a note.</source>
        <extracomment>The einops functions the analyser understands. The reductions ``einops.reduce`` accepts by name. How FLOPs are counted (shown next to every FLOP figure).</extracomment>
        <translation>一次乘加算 2 FLOPs，所以矩陣乘法是 2·m·k·n，與 Roofline 頁和 torch 的 FlopCounterMode 一致；n 項求和算 n 次加法。reduce：每個輸入元素一次加法（比較、乘法），mean 再加上每個輸出一次除法。einsum 按 torch 的方式計算：只出現在一個輸入中的軸先求和（每個元素 1 次加法），然後從左到右兩兩縮併輸入：對某個軸求和的步驟每種索引組合 2 FLOPs，不求和的步驟 1 FLOP（一次乘法）。rearrange、repeat、pack 和 unpack 只搬移資料，計 0 FLOPs。長度為 0 的軸得 0。講義的精確計數（長度為 n 的點積為 2n − 1）作為註記給出。</translation>
    </message>
    <message>
        <source>packed shapes {shapes}</source>
        <translation>打包形狀 {shapes}</translation>
    </message>
    <message>
        <source>input {i}: flatten {shape} into one axis</source>
        <translation>輸入 {i}：把 {shape} 攤平成一個軸</translation>
    </message>
    <message>
        <source>concatenate along axis {axis} (*): a copy</source>
        <translation>沿軸 {axis}（*）串接：會複製</translation>
    </message>
    <message>
        <source>unpacked into {shapes}</source>
        <translation>拆包為 {shapes}</translation>
    </message>
    <message>
        <source>output {i}: slice {start}:{stop} of axis {axis}, reshape to {shape}</source>
        <translation>輸出 {i}：取軸 {axis} 的切片 {start}:{stop}，reshape 成 {shape}</translation>
    </message>
    <message>
        <source>input shapes: {shapes}; packed shapes: {packed}</source>
        <translation>輸入形狀：{shapes}；打包形狀：{packed}</translation>
    </message>
    <message>
        <source>{op} needs one &apos;*&apos; marking the packed axes</source>
        <translation>{op} 需要一個 &apos;*&apos; 標出被打包的軸</translation>
    </message>
    <message>
        <source>allowed: axis names and one &apos;*&apos;, e.g. &apos;b * c&apos;</source>
        <translation>允許：軸名和一個 &apos;*&apos;，例如 &apos;b * c&apos;</translation>
    </message>
    <message>
        <source>an axis (or &apos;*&apos;) appears twice</source>
        <translation>某個軸（或 &apos;*&apos;）出現了兩次</translation>
    </message>
    <message>
        <source>each name and &apos;*&apos; once, e.g. &apos;b * c&apos;</source>
        <translation>每個名稱和 &apos;*&apos; 只出現一次，例如 &apos;b * c&apos;</translation>
    </message>
    <message>
        <source>{name} is not a valid axis name</source>
        <translation>{name} 不是有效的軸名</translation>
    </message>
    <message>
        <source>allowed: letters, digits and _ (not starting or ending with _)</source>
        <translation>允許：字母、數字和 _（不以 _ 開頭或結尾）</translation>
    </message>
    <message>
        <source>unexpected {token}</source>
        <translation>意外的 {token}</translation>
    </message>
    <message>
        <source>pack/unpack patterns hold only axis names and one &apos;*&apos; (no brackets, no &apos;...&apos;)</source>
        <translation>pack/unpack 的模式只能有軸名和一個 &apos;*&apos;（不能有括號或 &apos;...&apos;）</translation>
    </message>
    <message>
        <source>input {i} has shape {shape} but the pattern needs at least {n} axes</source>
        <translation>輸入 {i} 的形狀是 {shape}，但模式至少需要 {n} 個軸</translation>
    </message>
    <message>
        <source>give each input the named axes (the &apos;*&apos; may match none)</source>
        <translation>讓每個輸入都有這些命名軸（&apos;*&apos; 可以不匹配任何軸）</translation>
    </message>
    <message>
        <source>the input {shape} must have exactly {n} axes for this pattern</source>
        <translation>對這個模式，輸入 {shape} 必須恰好有 {n} 個軸</translation>
    </message>
    <message>
        <source>unpack&apos;s &apos;*&apos; stands for exactly one axis of the input</source>
        <translation>unpack 的 &apos;*&apos; 恰好代表輸入的一個軸</translation>
    </message>
    <message>
        <source>axis &apos;*&apos; has length {total} but the packed shapes need {sizes}</source>
        <translation>軸 &apos;*&apos; 的長度為 {total}，但打包形狀需要 {sizes}</translation>
    </message>
    <message>
        <source>the packed shapes&apos; element counts must add up to the &apos;*&apos; axis (one of them may hold a -1)</source>
        <translation>各打包形狀的元素數之和必須等於 &apos;*&apos; 軸（其中一個可以含 -1）</translation>
    </message>
    <message>
        <source>axis {name} has length {first} in input 0 but {other} in input {i}</source>
        <translation>軸 {name} 在輸入 0 中長度為 {first}，在輸入 {i} 中卻是 {other}</translation>
    </message>
    <message>
        <source>every input must agree on the axes other than &apos;*&apos;</source>
        <translation>除 &apos;*&apos; 外，所有輸入的軸必須一致</translation>
    </message>
    <message>
        <source>the inputs&apos; named axes differ in length</source>
        <translation>各輸入的命名軸長度不同</translation>
    </message>
    <message>
        <source>every input must agree on the axes other than &apos;*&apos;; {reason}</source>
        <translation>除 &apos;*&apos; 外，所有輸入的軸必須一致；{reason}</translation>
    </message>
    <message>
        <source>{intensity} FLOP/byte</source>
        <translation>{intensity} FLOP/位元組</translation>
    </message>
    <message>
        <source>no bytes moved</source>
        <translation>不搬移位元組</translation>
    </message>
    <message>
        <source>{flops} · read {read} · write {written} · {per_byte} ({dtype})</source>
        <translation>{flops} · 讀 {read} · 寫 {written} · {per_byte}（{dtype}）</translation>
    </message>
    <message>
        <source>view of the input: no bytes copied (shares its memory)</source>
        <translation>輸入的視圖：不複製位元組（共用記憶體）</translation>
    </message>
    <message>
        <source>new tensor: the result is computed into fresh memory</source>
        <translation>新張量：結果計算到新配置的記憶體中</translation>
    </message>
    <message>
        <source>copy: the {step} step cannot be a view of the strided data</source>
        <translation>複製：{step} 步驟無法成為依步幅存放的資料的視圖</translation>
    </message>
    <message>
        <source>copy: the output has its own memory</source>
        <translation>複製：輸出有自己的記憶體</translation>
    </message>
    <message>
        <source>strides (elements): input {inputs} → output {outputs}</source>
        <translation>步幅（元素）：輸入 {inputs} → 輸出 {outputs}</translation>
    </message>
    <message>
        <source>shape {shape}
{values}</source>
        <extracomment>Default cap on elements allocated by &quot;Run on real tensors&quot; (inputs + outputs). Cap on the FLOPs of a real run (keeps a tiny-input, huge-contraction einsum from hanging).</extracomment>
        <translation>形狀 {shape}
{values}</translation>
    </message>
    <message>
        <source>run on real tensors: the call is not valid; fix the pattern first</source>
        <translation>在真實張量上執行：呼叫無效；請先修正模式</translation>
    </message>
    <message>
        <source>run on real tensors: {elements} elements (inputs + outputs) is over the cap of {cap}; shrink the shapes</source>
        <translation>在真實張量上執行：{elements} 個元素（輸入 + 輸出）超過上限 {cap}；請縮小形狀</translation>
    </message>
    <message>
        <source>run on real tensors: {flops} FLOPs is over the cap of {cap}</source>
        <translation>在真實張量上執行：{flops} FLOPs 超過上限 {cap}</translation>
    </message>
    <message>
        <source>integers separated by commas, e.g. 2,3,4 (an empty shape is a 0-d tensor)</source>
        <extracomment>Largest length of one axis (a 2^40 axis is already beyond any real tensor). Largest element count of any tensor the analyser reasons about (below int64 overflow). Longest pattern accepted.</extracomment>
        <translation>以逗號分隔的整數，例如 2,3,4（空形狀表示 0 維張量）</translation>
    </message>
    <message>
        <source>{field}: {value} is out of range; allowed: axis lengths from 0 to 2^40</source>
        <translation>{field}：{value} 超出範圍；允許：軸長度 0 到 2^40</translation>
    </message>
    <message>
        <source>{field}: {text} is not a whole number; allowed: {hint}</source>
        <translation>{field}：{text} 不是整數；允許：{hint}</translation>
    </message>
    <message>
        <source>{field}: expected text such as 2,3,4</source>
        <translation>{field}：應為類似 2,3,4 的文字</translation>
    </message>
    <message>
        <source>{field}: {n} axes; allowed: at most 64</source>
        <translation>{field}：{n} 個軸；最多允許 64 個</translation>
    </message>
    <message>
        <source>{field}: more than one -1; allowed: at most one unknown</source>
        <translation>{field}：多於一個 -1；最多允許一個未知長度</translation>
    </message>
    <message>
        <source>{field}: expected text such as 2,3,4; 4,5</source>
        <translation>{field}：應為類似 2,3,4; 4,5 的文字</translation>
    </message>
    <message>
        <source>{field}: {n} shapes; allowed: at most 26</source>
        <translation>{field}：{n} 個形狀；最多允許 26 個</translation>
    </message>
    <message>
        <source>{field}: {value} is not a whole number</source>
        <translation>{field}：{value} 不是整數</translation>
    </message>
    <message>
        <source>{field}: {shape} has {total} elements; allowed: at most 2^62 (about 4.6e18)</source>
        <translation>{field}：{shape} 有 {total} 個元素；最多允許 2^62（約 4.6e18）</translation>
    </message>
    <message>
        <source>{field}: {item} is not NAME=LENGTH; allowed: e.g. h=2 (several: h=2, w=3)</source>
        <translation>{field}：{item} 不是 名稱=長度 的形式；例如 h=2（多個：h=2, w=3）</translation>
    </message>
    <message>
        <source>a whole length such as h=2</source>
        <translation>整數長度，例如 h=2</translation>
    </message>
    <message>
        <source>{field}: {name} is given twice</source>
        <translation>{field}：{name} 給了兩次</translation>
    </message>
    <message>
        <source>{field}: {name} is not an axis name; allowed: letters, digits, _</source>
        <translation>{field}：{name} 不是軸名；允許：字母、數字、_</translation>
    </message>
    <message>
        <source>{field}: {name}={value} is out of range; allowed: a whole length from 0 to 2^40</source>
        <translation>{field}：{name}={value} 超出範圍；允許：0 到 2^40 的整數長度</translation>
    </message>
    <message>
        <source>split {group} into {parts}</source>
        <translation>把 {group} 拆成 {parts}</translation>
    </message>
    <message>
        <source>drop a length-1 axis</source>
        <translation>去掉一個長度為 1 的軸</translation>
    </message>
    <message>
        <source>reshape to elementary axes</source>
        <translation>reshape 成基本軸</translation>
    </message>
    <message>
        <source>reorder axes to {names} (axes to reduce go last)</source>
        <translation>把軸重排為 {names}（要歸約的軸放最後）</translation>
    </message>
    <message>
        <source>reorder axes to {names}</source>
        <translation>把軸重排為 {names}</translation>
    </message>
    <message>
        <source>{reduction} over {names}</source>
        <translation>對 {names} 做 {reduction}</translation>
    </message>
    <message>
        <source>insert new axes {names}</source>
        <translation>插入新軸 {names}</translation>
    </message>
    <message>
        <source>broadcast {axes} (stride 0: no copy yet)</source>
        <translation>廣播 {axes}（步幅為 0：尚未複製）</translation>
    </message>
    <message>
        <source>merge {group}</source>
        <translation>合併 {group}</translation>
    </message>
    <message>
        <source>insert length-1 axes</source>
        <translation>插入長度為 1 的軸</translation>
    </message>
    <message>
        <source>matched by ...</source>
        <translation>由 ... 匹配</translation>
    </message>
    <message>
        <source>anonymous (a number in the pattern)</source>
        <translation>匿名（模式中的數字）</translation>
    </message>
    <message>
        <source>length given</source>
        <translation>已給出長度</translation>
    </message>
    <message>
        <source>inferred from the shape</source>
        <translation>由形狀推斷</translation>
    </message>
</context>
<context>
    <name>EinopsForm</name>
    <message>
        <source>The einops function to analyse</source>
        <translation>要分析的 einops 函式</translation>
    </message>
    <message>
        <source>reduce&apos;s operation</source>
        <translation>reduce 的運算</translation>
    </message>
    <message>
        <source>Element type used for bytes read/written (follows the app&apos;s dtype)</source>
        <translation>用於計算讀寫位元組數的元素型別（跟隨全域資料型別）</translation>
    </message>
    <message>
        <source>Examples ▾</source>
        <translation>範例 ▾</translation>
    </message>
    <message>
        <source>From the lecture</source>
        <translation>講義中的例子</translation>
    </message>
    <message>
        <source>More</source>
        <translation>更多</translation>
    </message>
    <message>
        <source>One shape per input, separated by &apos;;&apos; (e.g. 2,3,4; 2,5,4). Empty = 0-d</source>
        <translation>每個輸入一個形狀，以 &apos;;&apos; 分隔（例如 2,3,4; 2,5,4）。留空 = 0 維</translation>
    </message>
    <message>
        <source>Lengths of named axes einops cannot infer (NAME=LENGTH, comma separated)</source>
        <translation>einops 無法推斷的命名軸長度（名稱=長度，以逗號分隔）</translation>
    </message>
    <message>
        <source>2; 1  (one per output)</source>
        <translation>2; 1  （每個輸出一個）</translation>
    </message>
    <message>
        <source>unpack: the shape each output&apos;s * stands for, separated by &apos;;&apos;</source>
        <translation>unpack：每個輸出的 * 所代表的形狀，以 &apos;;&apos; 分隔</translation>
    </message>
    <message>
        <source>Packed shapes</source>
        <translation>打包形狀</translation>
    </message>
    <message>
        <source>Reduction</source>
        <translation>歸約</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>函式</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>資料型別</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Shapes</source>
        <translation>形狀</translation>
    </message>
    <message>
        <source>Axis lengths</source>
        <translation>軸長度</translation>
    </message>
    <message>
        <source>{key} {value} unknown; allowed: {allowed}</source>
        <translation>{key} {value} 未知；可用：{allowed}</translation>
    </message>
    <message>
        <source>dtype {value} unknown; kept the current one</source>
        <translation>資料型別 {value} 未知；保留目前的</translation>
    </message>
    <message>
        <source>{key} is not text; kept the current one</source>
        <translation>{key} 不是文字；保留目前的</translation>
    </message>
</context>
<context>
    <name>EinopsResults</name>
    <message>
        <source>kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>split</source>
        <translation>拆分</translation>
    </message>
    <message>
        <source>merged</source>
        <translation>合併</translation>
    </message>
    <message>
        <source>split+merged</source>
        <translation>拆分+合併</translation>
    </message>
    <message>
        <source>reduced</source>
        <translation>歸約</translation>
    </message>
    <message>
        <source>repeated</source>
        <translation>重複</translation>
    </message>
    <message>
        <source>broadcast</source>
        <translation>廣播</translation>
    </message>
    <message>
        <source>contracted</source>
        <translation>縮併</translation>
    </message>
    <message>
        <source>summed</source>
        <translation>求和</translation>
    </message>
    <message>
        <source>packed</source>
        <translation>打包</translation>
    </message>
    <message>
        <source>ellipsis</source>
        <translation>省略號</translation>
    </message>
    <message>
        <source>input</source>
        <translation>輸入</translation>
    </message>
    <message>
        <source>multiply</source>
        <translation>相乘</translation>
    </message>
    <message>
        <source>Axis</source>
        <translation>軸</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>長度</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>作用</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>說明</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步驟</translation>
    </message>
    <message>
        <source>Shape after</source>
        <translation>之後的形狀</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>記憶體</translation>
    </message>
    <message>
        <source>What</source>
        <translation>做什麼</translation>
    </message>
    <message>
        <source>What the step does (→ the axis names after it)</source>
        <translation>這一步做什麼（→ 之後的軸名）</translation>
    </message>
    <message>
        <source>view</source>
        <translation>視圖</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>複製</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>複製</translation>
    </message>
    <message>
        <source>Copy the code to the clipboard</source>
        <translation>把程式碼複製到剪貼簿</translation>
    </message>
    <message>
        <source>Inputs appear here after “Run on real tensors”.</source>
        <translation>按下「在真實張量上執行」後，輸入顯示在這裡。</translation>
    </message>
    <message>
        <source>Outputs appear here after “Run on real tensors”.</source>
        <translation>按下「在真實張量上執行」後，輸出顯示在這裡。</translation>
    </message>
</context>
<context>
    <name>EinopsTab</name>
    <message>
        <source>Plain PyTorch</source>
        <translation>等價的 PyTorch 程式碼</translation>
    </message>
    <message>
        <source>Runs einops on CPU tensors holding 0, 1, 2, ... and shows inputs and outputs. Refused above {cap} elements (inputs + outputs) so nothing large is allocated.</source>
        <translation>在存放 0, 1, 2, ... 的 CPU 張量上執行 einops，並顯示輸入和輸出。超過 {cap} 個元素（輸入 + 輸出）時拒絕執行，以免配置大量記憶體。</translation>
    </message>
    <message>
        <source>Send to Roofline</source>
        <translation>傳送到 Roofline</translation>
    </message>
    <message>
        <source>Add this op&apos;s FLOPs and bytes as a point on the Roofline tab</source>
        <translation>把這個運算的 FLOPs 和位元組數作為一個點加到 Roofline 頁</translation>
    </message>
    <message>
        <source>Axes</source>
        <translation>軸</translation>
    </message>
    <message>
        <source>Plan (the steps einops takes)</source>
        <translation>執行計畫（einops 的每一步）</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>張量</translation>
    </message>
    <message>
        <source>Show the inputs and outputs of the real run</source>
        <translation>顯示真實執行的輸入和輸出</translation>
    </message>
    <message>
        <source>Patterns</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Views and strides</source>
        <translation>視圖與步長</translation>
    </message>
    <message>
        <source>What an einops call does: shapes, plan, code, cost</source>
        <translation>einops 調用做了什麼：形狀、步驟、代碼、開銷</translation>
    </message>
    <message>
        <source>A tensor as shape, strides and offset over its storage: view, reshape, transpose, slicing, expand, contiguous; view or copy, and why view fails</source>
        <translation>張量即其儲存之上的形狀、步長和偏移：view、reshape、transpose、切片、expand、contiguous；是視圖還是複製，以及 view 為何失敗</translation>
    </message>
    <message>
        <source>Loading torch and einops…</source>
        <translation>正在載入 torch 和 einops…</translation>
    </message>
    <message>
        <source>Could not load torch/einops</source>
        <translation>無法載入 torch/einops</translation>
    </message>
    <message>
        <source>shapes</source>
        <translation>形狀</translation>
    </message>
    <message>
        <source>axis lengths</source>
        <translation>軸長度</translation>
    </message>
    <message>
        <source>packed shapes</source>
        <translation>打包形狀</translation>
    </message>
    <message>
        <source>✓ Outputs {shapes}</source>
        <translation>✓ 輸出 {shapes}</translation>
    </message>
    <message>
        <source>✓ Output {shape}</source>
        <translation>✓ 輸出 {shape}</translation>
    </message>
    <message>
        <source>Cost: {cost}</source>
        <translation>成本：{cost}</translation>
    </message>
    <message>
        <source>Note: {note}</source>
        <translation>註：{note}</translation>
    </message>
    <message>
        <source>Add this op as a point on the Roofline tab</source>
        <translation>把這個運算作為一個點加到 Roofline 頁</translation>
    </message>
    <message>
        <source>A view moves no bytes, so it has no point on a roofline</source>
        <translation>視圖不搬移位元組，所以在 Roofline 上沒有對應的點</translation>
    </message>
    <message>
        <source>0 FLOPs (pure data movement): no point on a log-scale roofline</source>
        <translation>0 FLOPs（純資料搬移）：在對數座標的 Roofline 上沒有點</translation>
    </message>
    <message>
        <source>✗ Not valid — einops would raise</source>
        <translation>✗ 無效 — einops 會報錯</translation>
    </message>
    <message>
        <source>(tables below show the last valid call)</source>
        <translation>（下方表格顯示上一次有效的呼叫）</translation>
    </message>
    <message>
        <source>Ran einops on CPU: {elements} elements allocated; shapes match the analysis.</source>
        <translation>已在 CPU 上執行 einops：配置了 {elements} 個元素；形狀與分析一致。</translation>
    </message>
    <message>
        <source>Ran einops on CPU: {elements} elements allocated; SHAPES DIFFER from the analysis.</source>
        <translation>已在 CPU 上執行 einops：配置了 {elements} 個元素；形狀與分析【不一致】。</translation>
    </message>
    <message>
        <source>{call} on {shapes}</source>
        <translation>{call}，形狀 {shapes}</translation>
    </message>
    <message>
        <source>Run on real tensors</source>
        <translation>在真實張量上執行</translation>
    </message>
    <message>
        <source>Run on real tensors (≤ {cap} elements)</source>
        <translation>在真實張量上執行（≤ {cap} 個元素）</translation>
    </message>
    <message>
        <source>einops: session data is not a mapping; kept the current inputs</source>
        <extracomment>The inner pages, by the name ``screenshot --page`` and sessions use.</extracomment>
        <translation>einops：工作階段資料不是對應表；保留目前輸入</translation>
    </message>
    <message>
        <source>einops: unknown page {page}; allowed: {pages}</source>
        <translation>einops：未知頁面 {page}；可用：{pages}</translation>
    </message>
    <message>
        <source>einops: {problem}</source>
        <translation>einops：{problem}</translation>
    </message>
</context>
<context>
    <name>PatternEdit</name>
    <message>
        <source>einops pattern</source>
        <translation>einops 模式</translation>
    </message>
</context>
<context>
    <name>Strides</name>
    <message>
        <source>only one dimension can be inferred</source>
        <translation>只能推斷一個維度</translation>
    </message>
    <message>
        <source>invalid shape dimension {size}</source>
        <translation>無效的形狀維度 {size}</translation>
    </message>
    <message>
        <source>cannot reshape tensor of 0 elements into shape {shape} because the unspecified dimension size -1 can be any value and is ambiguous</source>
        <translation>無法把 0 個元素的張量重塑為形狀 {shape}：未指定的維度大小 -1 可以是任意值，有歧義</translation>
    </message>
    <message>
        <source>shape &apos;{shape}&apos; is invalid for input of size {numel}</source>
        <translation>形狀 &apos;{shape}&apos; 對大小為 {numel} 的輸入無效</translation>
    </message>
    <message>
        <source>shape {shape}, stride {stride}, offset {offset}, contiguous</source>
        <translation>形狀 {shape}，步長 {stride}，偏移 {offset}，連續</translation>
    </message>
    <message>
        <source>shape {shape}, stride {stride}, offset {offset}, not contiguous</source>
        <translation>形狀 {shape}，步長 {stride}，偏移 {offset}，不連續</translation>
    </message>
    <message>
        <source>dtype: unknown {dtype}; allowed: {allowed}</source>
        <extracomment>The lecture&apos;s example: ``x = torch.arange(12).reshape(3, 4)``. The default steps: a transpose is a view, ``view`` then fails, ``contiguous`` copies, and ``view`` of the copy succeeds. Bytes per element of the torch dtypes offered (``torch.arange`` makes int64). Operation names with the arguments they take (shown in errors and tooltips).</extracomment>
        <translation>資料型別：未知的 {dtype}；可用：{allowed}</translation>
    </message>
    <message>
        <source>operation {op}: {problem}</source>
        <translation>操作 {op}：{problem}</translation>
    </message>
    <message>
        <source>{token} is not an integer; allowed: integers up to 2^40</source>
        <translation>{token} 不是整數；允許：絕對值不超過 2^40 的整數</translation>
    </message>
    <message>
        <source>&apos;...&apos; is not supported; write one &apos;:&apos; per dim</source>
        <translation>不支援 &apos;...&apos;；請每個維度寫一個 &apos;:&apos;</translation>
    </message>
    <message>
        <source>{item} is not an index; allowed: an integer or start:stop:step slice</source>
        <translation>{item} 不是索引；允許：整數或 start:stop:step 切片</translation>
    </message>
    <message>
        <source>takes {usage}; got {count} numbers</source>
        <translation>用法 {usage}；收到 {count} 個數</translation>
    </message>
    <message>
        <source>empty; allowed: {ops}</source>
        <translation>為空；可用：{ops}</translation>
    </message>
    <message>
        <source>an index must end with ]</source>
        <translation>索引必須以 ] 結尾</translation>
    </message>
    <message>
        <source>unknown operation {name}; allowed: {ops}</source>
        <translation>未知操作 {name}；可用：{ops}</translation>
    </message>
    <message>
        <source>takes a shape, e.g. {usage} 2,6</source>
        <translation>需要一個形狀，例如 {usage} 2,6</translation>
    </message>
    <message>
        <source>Dimension out of range (expected to be in range of [{low}, {high}], but got {dim})</source>
        <translation>維度超出範圍（應在 [{low}, {high}] 內，實際為 {dim}）</translation>
    </message>
    <message>
        <source>dim {dim} ({n} × stride {stride})</source>
        <translation>維度 {dim}（{n} 個 × 步長 {stride}）</translation>
    </message>
    <message>
        <source>dims {first}–{last} ({n} × stride {stride})</source>
        <translation>維度 {first}–{last}（{n} 個 × 步長 {stride}）</translation>
    </message>
    <message>
        <source>strides {stride} space the elements evenly only within blocks: {blocks}. Shape {shape} needs a dimension across two blocks, which no single stride describes; reshape() or contiguous() copies instead.</source>
        <translation>步長 {stride} 只在以下各塊內讓元素等距排列：{blocks}。形狀 {shape} 需要一個跨越兩塊的維度，沒有任何單一步長能描述它；reshape() 或 contiguous() 會改為複製。</translation>
    </message>
    <message>
        <source>view size is not compatible with input tensor&apos;s size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.</source>
        <translation>view 的大小與輸入張量的大小和步長不兼容（至少有一個維度跨越兩個連續子空間）。請改用 .reshape(...)。</translation>
    </message>
    <message>
        <source>t() expects a tensor with &lt;= 2 dimensions, but self is {ndim}D</source>
        <translation>t() 需要不超過 2 維的張量，但 self 是 {ndim} 維</translation>
    </message>
    <message>
        <source>permute(): the number of dims ({given}) does not match the tensor&apos;s dimensions ({ndim}); name each dimension once</source>
        <translation>permute()：給出的維度數（{given}）與張量的維數（{ndim}）不符；每個維度須且只須列出一次</translation>
    </message>
    <message>
        <source>permute(): duplicate dims are not allowed.</source>
        <translation>permute()：不允許重複的維度。</translation>
    </message>
    <message>
        <source>expand: the number of sizes provided ({given}) must be greater or equal to the number of dimensions in the tensor ({ndim})</source>
        <translation>expand：給出的大小個數（{given}）必須不少於張量的維數（{ndim}）</translation>
    </message>
    <message>
        <source>The expanded size of the tensor (-1) isn&apos;t allowed in a leading, non-existing dimension {dim}</source>
        <translation>張量在前部新增的（原本不存在的）維度 {dim} 上不允許把大小擴展為 -1</translation>
    </message>
    <message>
        <source>expand: size {size} is negative; allowed: sizes from 0, or -1 to keep one</source>
        <translation>expand：大小 {size} 為負；允許：從 0 起的大小，或用 -1 保持原大小</translation>
    </message>
    <message>
        <source>The expanded size of the tensor ({target}) must match the existing size ({size}) at non-singleton dimension {dim}.  Target sizes: {sizes}.  Tensor sizes: {shape}</source>
        <translation>在非單例維度 {dim} 上，張量擴展後的大小（{target}）必須等於現有大小（{size}）。目標大小：{sizes}。張量大小：{shape}</translation>
    </message>
    <message>
        <source>flatten() has invalid args: start_dim cannot come after end_dim</source>
        <translation>flatten() 參數無效：start_dim 不能在 end_dim 之後</translation>
    </message>
    <message>
        <source>index {index} is out of bounds for dimension {dim} with size {size}</source>
        <translation>索引 {index} 超出維度 {dim} 的範圍（大小 {size}）</translation>
    </message>
    <message>
        <source>narrow() cannot be applied to a 0-dim tensor.</source>
        <translation>narrow() 不能用於 0 維張量。</translation>
    </message>
    <message>
        <source>start out of range (expected to be in range of [{low}, {high}], but got {start})</source>
        <translation>start 超出範圍（應在 [{low}, {high}] 內，實際為 {start}）</translation>
    </message>
    <message>
        <source>start ({start}) + length ({length}) exceeds dimension size ({size}).</source>
        <translation>start（{start}）+ length（{length}）超過維度大小（{size}）。</translation>
    </message>
    <message>
        <source>select() cannot be applied to a 0-dim tensor.</source>
        <translation>select() 不能用於 0 維張量。</translation>
    </message>
    <message>
        <source>select(): index {index} out of range for tensor of size {shape} at dimension {dim}</source>
        <translation>select()：索引 {index} 超出大小為 {shape} 的張量在維度 {dim} 上的範圍</translation>
    </message>
    <message>
        <source>too many indices for tensor of dimension {ndim} (got {given})</source>
        <extracomment>One item of an index: an integer, or a slice ``(start, stop, step)`` with ``None`` for omitted.</extracomment>
        <translation>對 {ndim} 維張量給出的索引過多（收到 {given} 個）</translation>
    </message>
    <message>
        <source>step must be greater than zero</source>
        <translation>步進必須大於零</translation>
    </message>
</context>
<context>
    <name>StridesPage</name>
    <message>
        <source>view -1 — new shape, same storage (or an error)</source>
        <translation>view -1 — 新形狀，同一儲存（或報錯）</translation>
    </message>
    <message>
        <source>reshape -1 — a view when it can be, else a copy</source>
        <translation>reshape -1 — 能做視圖就做視圖，否則複製</translation>
    </message>
    <message>
        <source>transpose 0 1 — swap two dimensions</source>
        <translation>transpose 0 1 — 交換兩個維度</translation>
    </message>
    <message>
        <source>permute 1 0 — reorder the dimensions</source>
        <translation>permute 1 0 — 重排維度</translation>
    </message>
    <message>
        <source>t — transpose a 2-d tensor</source>
        <translation>t — 轉置二維張量</translation>
    </message>
    <message>
        <source>contiguous — copy only when not contiguous</source>
        <translation>contiguous — 僅在不連續時複製</translation>
    </message>
    <message>
        <source>[:, 1:3] — slice (start:stop:step) or pick (an integer)</source>
        <translation>[:, 1:3] — 切片（start:stop:step）或取一個（整數）</translation>
    </message>
    <message>
        <source>narrow 1 1 2 — dim, start, length</source>
        <translation>narrow 1 1 2 — 維度、起點、長度</translation>
    </message>
    <message>
        <source>select 0 0 — dim, index; drops the dim</source>
        <translation>select 0 0 — 維度、索引；去掉該維度</translation>
    </message>
    <message>
        <source>expand 2,-1,-1 — broadcast with stride 0</source>
        <translation>expand 2,-1,-1 — 以步長 0 廣播</translation>
    </message>
    <message>
        <source>unsqueeze 0 — add a size-1 dim</source>
        <translation>unsqueeze 0 — 添加大小為 1 的維度</translation>
    </message>
    <message>
        <source>squeeze — drop size-1 dims</source>
        <translation>squeeze — 去掉大小為 1 的維度</translation>
    </message>
    <message>
        <source>flatten — reshape dims start..end into one</source>
        <translation>flatten — 把 start..end 的維度並成一個</translation>
    </message>
    <message>
        <source>The start tensor&apos;s shape, e.g. 3,4 or 2,3,4 (at most {n} elements); it holds 0, 1, 2, … in order, so each number is also its place in storage.</source>
        <extracomment>Largest start tensor the page accepts (everything is drawn or listed from it).</extracomment>
        <translation>起始張量的形狀，例如 3,4 或 2,3,4（最多 {n} 個元素）；它依次存放 0, 1, 2, …，所以每個數也就是它在儲存中的位置。</translation>
    </message>
    <message>
        <source>Element type: bytes per element, for the bytes copied</source>
        <translation>元素型別：每個元素的位元組數，用於計算複製的位元組</translation>
    </message>
    <message>
        <source>Lecture example</source>
        <translation>課程示例</translation>
    </message>
    <message>
        <source>x = torch.arange(12).reshape(3, 4), then transpose, view (refused), contiguous (a copy) and view again</source>
        <translation>x = torch.arange(12).reshape(3, 4)，然後 transpose、view（被拒絕）、contiguous（複製），再 view</translation>
    </message>
    <message>
        <source>+ Add step</source>
        <translation>+ 添加步驟</translation>
    </message>
    <message>
        <source>Append an operation; edit its numbers in its row</source>
        <translation>追加一個操作；在它的行裡修改數字</translation>
    </message>
    <message>
        <source>Remove this step</source>
        <translation>刪除此步驟</translation>
    </message>
    <message>
        <source>An operation on the tensor above it: view 2,6 · reshape -1 · transpose 0 1 · permute 1 0 · t · contiguous · expand 2,-1,-1 · [:, 1:3] · narrow D START LEN · select D I · flatten · unsqueeze D · squeeze. Click a row to draw it.</source>
        <translation>作用於上一行張量的操作：view 2,6 · reshape -1 · transpose 0 1 · permute 1 0 · t · contiguous · expand 2,-1,-1 · [:, 1:3] · narrow D START LEN · select D I · flatten · unsqueeze D · squeeze。點擊一行即可繪出它。</translation>
    </message>
    <message>
        <source>Show x</source>
        <translation>顯示 x</translation>
    </message>
    <message>
        <source>Draw the start tensor</source>
        <translation>繪出起始張量</translation>
    </message>
    <message>
        <source>Steps (each applies to the one above)</source>
        <translation>步驟（每步作用於上一步的結果）</translation>
    </message>
    <message>
        <source>The same steps run with torch on a small CPU tensor, to compare its own words</source>
        <translation>在一個小的 CPU 張量上用 torch 執行同樣的步驟，對照它自己的原話</translation>
    </message>
    <message>
        <source>shape</source>
        <translation>形狀</translation>
    </message>
    <message>
        <source>{field}: {n} elements; allowed: at most {most} on this page</source>
        <translation>{field}：{n} 個元素；本頁最多允許 {most} 個</translation>
    </message>
    <message>
        <source>Bytes copied by the whole chain: {bytes}</source>
        <translation>整條鏈複製的位元組：{bytes}</translation>
    </message>
    <message>
        <source>✗ not an operation</source>
        <translation>✗ 不是操作</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未運行</translation>
    </message>
    <message>
        <source>The start tensor&apos;s shape is not valid</source>
        <translation>起始張量的形狀無效</translation>
    </message>
    <message>
        <source>✗ torch raises</source>
        <translation>✗ torch 報錯</translation>
    </message>
    <message>
        <source>view · 0 B copied</source>
        <translation>視圖 · 複製 0 B</translation>
    </message>
    <message>
        <source>Shares storage #{id}: nothing is copied</source>
        <translation>共享儲存 #{id}：不複製任何資料</translation>
    </message>
    <message>
        <source>copy · {bytes}</source>
        <translation>複製 · {bytes}</translation>
    </message>
    <message>
        <source>A new storage #{id}: {n} elements × {size} B written in row-major order</source>
        <translation>新儲存 #{id}：按行優先順序寫入 {n} 個元素 × {size} B</translation>
    </message>
    <message>
        <source>This is not an operation (the next step skips it):</source>
        <translation>這不是一個操作（下一步跳過它）：</translation>
    </message>
    <message>
        <source>Not run: the start shape is not valid.</source>
        <translation>未運行：起始形狀無效。</translation>
    </message>
    <message>
        <source>torch raises; x is unchanged (drawn below) for the next step:</source>
        <translation>torch 報錯；x 保持不變（見下圖），供下一步使用：</translation>
    </message>
    <message>
        <source>RuntimeError: {error}</source>
        <translation>RuntimeError：{error}</translation>
    </message>
    <message>
        <source>Why: {why}</source>
        <translation>原因：{why}</translation>
    </message>
    <message>
        <source>a view of storage #{id}, 0 B copied</source>
        <translation>儲存 #{id} 的視圖，複製 0 B</translation>
    </message>
    <message>
        <source>a copy into new storage #{id}, {bytes} copied</source>
        <translation>複製到新儲存 #{id}，複製 {bytes}</translation>
    </message>
    <message>
        <source>✓ torch {version} on this machine raises the same.</source>
        <translation>✓ 本機的 torch {version} 報出同樣的錯誤（英文原文一致）。</translation>
    </message>
    <message>
        <source>torch {version} on this machine says: {message}</source>
        <translation>本機的 torch {version} 報錯：{message}</translation>
    </message>
    <message>
        <source>strides: session data is not a mapping; skipped</source>
        <translation>strides：工作階段資料不是對映；已跳過</translation>
    </message>
    <message>
        <source>strides: shape is not a text such as 3,4</source>
        <translation>strides：shape 不是 3,4 這樣的文字</translation>
    </message>
    <message>
        <source>strides: unknown dtype {dtype}; kept {kept}</source>
        <translation>strides：未知資料型別 {dtype}；保留 {kept}</translation>
    </message>
    <message>
        <source>strides: ops is not a list of texts</source>
        <translation>strides：ops 不是文字列表</translation>
    </message>
    <message>
        <source>strides: selected is not a step number</source>
        <translation>strides：selected 不是步驟編號</translation>
    </message>
</context>
<context>
    <name>StridesPicture</name>
    <message>
        <source>Storage #{id}: {n} elements × {size} B; offset {offset}</source>
        <extracomment>Most storage cells or logical elements drawn; beyond, the picture says how many it left out.</extracomment>
        <translation>儲存 #{id}：{n} 個元素 × {size} B；偏移 {offset}</translation>
    </message>
    <message>
        <source>(first {shown} drawn)</source>
        <translation>（只畫出前 {shown} 個）</translation>
    </message>
    <message>
        <source>read by {k} elements</source>
        <translation>被 {k} 個元素讀取</translation>
    </message>
    <message>
        <source>not read by this tensor</source>
        <translation>此張量不讀取它</translation>
    </message>
    <message>
        <source>storage element {k}: holds {value}; {held}</source>
        <translation>儲存元素 {k}：存放 {value}；{held}</translation>
    </message>
    <message>
        <source>x in row-major order reads storage: {order}</source>
        <translation>按行優先順序，x 讀取的儲存位置：{order}</translation>
    </message>
    <message>
        <source>x: shape {shape}, stride {stride}</source>
        <translation>x：形狀 {shape}，步長 {stride}</translation>
    </message>
    <message>
        <source>(the grid is drawn for 0 to 3 dimensions and up to {n} elements)</source>
        <translation>（網格只畫 0 到 3 維、至多 {n} 個元素的張量）</translation>
    </message>
    <message>
        <source>{where} → storage element {address} = {offset} + {terms}</source>
        <translation>{where} → 儲存元素 {address} = {offset} + {terms}</translation>
    </message>
</context>
</TS>
