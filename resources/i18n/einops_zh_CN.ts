<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Einops</name>
    <message>
        <source>op: unknown {op}; allowed: {allowed}</source>
        <translation>op：未知的 {op}；可用：{allowed}</translation>
    </message>
    <message>
        <source>dtype: unknown {dtype}; allowed: {allowed}</source>
        <translation>数据类型：未知的 {dtype}；可用：{allowed}</translation>
    </message>
    <message>
        <source>pattern: empty; enter a pattern such as &apos;b s (h d) -&gt; b h s d&apos;</source>
        <translation>模式：为空；请输入模式，例如 &apos;b s (h d) -&gt; b h s d&apos;</translation>
    </message>
    <message>
        <source>pattern: {n} characters; allowed: at most {most}</source>
        <translation>模式：{n} 个字符；最多允许 {most} 个</translation>
    </message>
    <message>
        <source>shapes: {op} takes one input tensor, got {n} shapes</source>
        <translation>形状：{op} 只接受一个输入张量，却给了 {n} 个形状</translation>
    </message>
    <message>
        <source>shapes: {op} takes 1 to 26 input tensors, got {n}</source>
        <translation>形状：{op} 接受 1 到 26 个输入张量，却给了 {n} 个</translation>
    </message>
    <message>
        <source>reduction: {reduction} is not supported; allowed: {allowed}</source>
        <translation>归约：不支持 {reduction}；可用：{allowed}</translation>
    </message>
    <message>
        <source>packed shapes: unpack needs one packed shape per output, e.g. 2 and 1</source>
        <translation>打包形状：unpack 需要为每个输出给一个打包形状，例如 2 和 1</translation>
    </message>
    <message>
        <source>input shapes: {shapes}</source>
        <extracomment>An einsum whose inputs&apos; element counts multiply to at most this runs on small CPU tensors (zeros): at most this many multiply-adds, microseconds of work. Meta tensors would send torch&apos;s meta ``bmm`` through ``torch.fx.experimental.symbolic_shapes``, whose first import (sympy) costs about half a second of a cold ``napkinlab einops einsum``. The shapes and the errors are the same: both devices go through the same ``at::einsum``.</extracomment>
        <translation>输入形状：{shapes}</translation>
    </message>
    <message>
        <source>{op} refused the call: {reason}</source>
        <translation>{op} 拒绝了这次调用：{reason}</translation>
    </message>
    <message>
        <source>the output has {n} elements, more than any real device holds</source>
        <translation>输出有 {n} 个元素，超过任何真实设备能容纳的量</translation>
    </message>
    <message>
        <source>the input tensor</source>
        <translation>输入张量</translation>
    </message>
    <message>
        <source>mean over a length-0 axis gives NaN</source>
        <translation>对长度为 0 的轴求 mean 得到 NaN</translation>
    </message>
    <message>
        <source>repeat returned a view: the repeated axes have stride 0, so every copy aliases the input&apos;s memory. Writing into the result in place changes the input and all copies; call .clone() first if you need to write.</source>
        <translation>repeat 返回的是视图：重复的轴步长为 0，所以每个副本都与输入共享内存。原地写入结果会改动输入和所有副本；需要写入时先调用 .clone()。</translation>
    </message>
    <message>
        <source>arguments: {problem}; allowed: shapes as lists of whole numbers</source>
        <translation>参数：{problem}；形状须为整数列表</translation>
    </message>
    <message>
        <source>shapes: {shapes}; axis lengths: {axes}</source>
        <translation>形状：{shapes}；轴长度：{axes}</translation>
    </message>
    <message>
        <source>(while explaining: {kind})</source>
        <translation>（解释时出错：{kind}）</translation>
    </message>
    <message>
        <source>could not explain this call fully ({kind}: {problem})</source>
        <translation>无法完整解释这次调用（{kind}：{problem}）</translation>
    </message>
    <message>
        <source>einsum needs exactly one &apos;-&gt;&apos; (einops does not infer the output)</source>
        <translation>einsum 需要恰好一个 &apos;-&gt;&apos;（einops 不会推断输出）</translation>
    </message>
    <message>
        <source>write the output axes after &apos;-&gt;&apos;, e.g. &apos;b s1 h, b s2 h -&gt; b s1 s2&apos;</source>
        <translation>在 &apos;-&gt;&apos; 之后写出输出轴，例如 &apos;b s1 h, b s2 h -&gt; b s1 s2&apos;</translation>
    </message>
    <message>
        <source>the pattern has {inputs} input(s) (separated by commas) but {shapes} shape(s) were given</source>
        <translation>模式有 {inputs} 个输入（以逗号分隔），却给了 {shapes} 个形状</translation>
    </message>
    <message>
        <source>give one shape per comma-separated input</source>
        <translation>每个以逗号分隔的输入给一个形状</translation>
    </message>
    <message>
        <source>einsum takes single axis names: no ( ) groups</source>
        <translation>einsum 只接受单个轴名：不能用 ( ) 分组</translation>
    </message>
    <message>
        <source>rearrange first to split or merge axes, then einsum</source>
        <translation>先用 rearrange 拆分或合并轴，再用 einsum</translation>
    </message>
    <message>
        <source>einsum does not accept numbered axes</source>
        <translation>einsum 不接受数字轴</translation>
    </message>
    <message>
        <source>name the axis instead (einops: anonymous axes are not supported in einsum)</source>
        <translation>请给这个轴起名（einops：einsum 不支持匿名轴）</translation>
    </message>
    <message>
        <source>input {i} has shape {shape} ({axes} axes) but its part of the pattern names {names}</source>
        <translation>输入 {i} 的形状是 {shape}（{axes} 个轴），但模式中它的部分命名了 {names} 个</translation>
    </message>
    <message>
        <source>name one axis per dimension, or add &apos;...&apos; for the rest</source>
        <translation>每个维度命名一个轴，或用 &apos;...&apos; 代表其余的轴</translation>
    </message>
    <message>
        <source>axis {name} appears twice in input {i} (taking a diagonal) but its lengths differ: {first} and {second}</source>
        <translation>轴 {name} 在输入 {i} 中出现两次（取对角线），但长度不同：{first} 和 {second}</translation>
    </message>
    <message>
        <source>an axis repeated within one input needs the same length both times</source>
        <translation>同一输入中重复的轴两次长度必须相同</translation>
    </message>
    <message>
        <source>axis {name} has length {dim} in input {i} but {seen} in input {where}</source>
        <translation>轴 {name} 在输入 {i} 中长度为 {dim}，在输入 {where} 中却是 {seen}</translation>
    </message>
    <message>
        <source>lengths of a shared axis must match (or one of them be 1, which broadcasts)</source>
        <translation>共享轴的长度必须一致（或其中一个为 1，会被广播）</translation>
    </message>
    <message>
        <source>output axis {name} is not in any input</source>
        <translation>输出轴 {name} 不在任何输入中</translation>
    </message>
    <message>
        <source>every axis after &apos;-&gt;&apos; must appear before it</source>
        <translation>&apos;-&gt;&apos; 之后的每个轴都必须在它之前出现</translation>
    </message>
    <message>
        <source>output axis {name} appears twice</source>
        <translation>输出轴 {name} 出现了两次</translation>
    </message>
    <message>
        <source>name each output axis once</source>
        <translation>每个输出轴只写一次</translation>
    </message>
    <message>
        <source>&apos;...&apos; on the output but on no input</source>
        <translation>输出中有 &apos;...&apos;，但没有任何输入有</translation>
    </message>
    <message>
        <source>add &apos;...&apos; to an input or remove it from the output</source>
        <translation>给某个输入加上 &apos;...&apos;，或从输出中删去</translation>
    </message>
    <message>
        <source>repeated in one input: its diagonal is taken</source>
        <translation>在同一输入中重复：取其对角线</translation>
    </message>
    <message>
        <source>length 1 in input {inputs}, broadcast to {length}</source>
        <translation>在输入 {inputs} 中长度为 1，广播到 {length}</translation>
    </message>
    <message>
        <source>axis {name} has length 1 in input {inputs} and is broadcast to {length}: intended? (a length-1 axis silently matches any length)</source>
        <translation>轴 {name} 在输入 {inputs} 中长度为 1，被广播到 {length}：是有意的吗？（长度为 1 的轴会悄悄匹配任意长度）</translation>
    </message>
    <message>
        <source>axis {name} appears only in input {i} and not after &apos;-&gt;&apos;, so it is summed away on its own before the product: a typo? (add it to the output to keep it)</source>
        <translation>轴 {name} 只出现在输入 {i} 中、不在 &apos;-&gt;&apos; 之后，所以在相乘之前就被单独求和消去：是笔误吗？（把它加到输出中即可保留）</translation>
    </message>
    <message>
        <source>input {i}: {names}</source>
        <translation>输入 {i}：{names}</translation>
    </message>
    <message>
        <source>{terms} products, one per combination of {names} (not materialised)</source>
        <translation>{terms} 个乘积，{names} 的每种组合一个（不实际生成）</translation>
    </message>
    <message>
        <source>(no axes)</source>
        <translation>（无轴）</translation>
    </message>
    <message>
        <source>sum over {names}</source>
        <translation>对 {names} 求和</translation>
    </message>
    <message>
        <source>no axis summed: an element-wise product</source>
        <translation>没有轴被求和：逐元素相乘</translation>
    </message>
    <message>
        <source>letters, digits and _ (not starting or ending with _), e.g. batch, h1</source>
        <translation>字母、数字和 _（不以 _ 开头或结尾），例如 batch、h1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>input shape: {shapes}; axis lengths: {axes}</source>
        <translation>输入形状：{shapes}；轴长度：{axes}</translation>
    </message>
    <message>
        <source>input shapes: {shapes}; axis lengths: {axes}</source>
        <translation>输入形状：{shapes}；轴长度：{axes}</translation>
    </message>
    <message>
        <source>the pattern needs exactly one &apos;-&gt;&apos; (found {n})</source>
        <translation>模式需要恰好一个 &apos;-&gt;&apos;（找到 {n} 个）</translation>
    </message>
    <message>
        <source>the pattern needs exactly one &apos;-&gt;&apos; between the input and output sides</source>
        <translation>模式需要在输入和输出两侧之间恰好有一个 &apos;-&gt;&apos;</translation>
    </message>
    <message>
        <source>allowed: INPUT -&gt; OUTPUT, e.g. &apos;b s (h d) -&gt; b h s d&apos;</source>
        <translation>写法：输入 -&gt; 输出，例如 &apos;b s (h d) -&gt; b h s d&apos;</translation>
    </message>
    <message>
        <source>unexpected character {char}</source>
        <translation>意外的字符 {char}</translation>
    </message>
    <message>
        <source>allowed in a pattern: axis names, numbers, spaces, ( ), ... and one -&gt;</source>
        <translation>模式中允许：轴名、数字、空格、( )、... 和一个 -&gt;</translation>
    </message>
    <message>
        <source>not a valid name</source>
        <translation>不是有效的名称</translation>
    </message>
    <message>
        <source>{name} is not a valid axis name ({why})</source>
        <translation>{name} 不是有效的轴名（{why}）</translation>
    </message>
    <message>
        <source>allowed: {names}, or a number</source>
        <translation>允许：{names}，或一个数字</translation>
    </message>
    <message>
        <source>dots are only allowed as one &apos;...&apos; per side</source>
        <translation>点号只能作为每侧一个 &apos;...&apos; 出现</translation>
    </message>
    <message>
        <source>allowed: &apos;...&apos; once per side, e.g. &apos;... hidden -&gt; ...&apos;</source>
        <translation>允许：每侧一个 &apos;...&apos;，例如 &apos;... hidden -&gt; ...&apos;</translation>
    </message>
    <message>
        <source>axis {name} appears twice on one side</source>
        <translation>轴 {name} 在同一侧出现了两次</translation>
    </message>
    <message>
        <source>each side may name an axis once; rename one of them</source>
        <translation>每侧只能命名一个轴一次；请把其中一个改名</translation>
    </message>
    <message>
        <source>brackets cannot be nested</source>
        <translation>括号不能嵌套</translation>
    </message>
    <message>
        <source>allowed: one level of ( ) grouping, e.g. &apos;(h w) c&apos;</source>
        <translation>允许：一层 ( ) 分组，例如 &apos;(h w) c&apos;</translation>
    </message>
    <message>
        <source>unbalanced brackets</source>
        <translation>括号不配对</translation>
    </message>
    <message>
        <source>every &apos;(&apos; needs a &apos;)&apos; on the same side of &apos;-&gt;&apos;</source>
        <translation>每个 &apos;(&apos; 都需要在 &apos;-&gt;&apos; 的同一侧有对应的 &apos;)&apos;</translation>
    </message>
    <message>
        <source>&apos;...&apos; is on the right side only</source>
        <translation>&apos;...&apos; 只出现在右侧</translation>
    </message>
    <message>
        <source>use &apos;...&apos; on the left too, or name the axes</source>
        <translation>左侧也写上 &apos;...&apos;，或给这些轴命名</translation>
    </message>
    <message>
        <source>&apos;...&apos; cannot be inside brackets on the left side</source>
        <translation>左侧的 &apos;...&apos; 不能放在括号内</translation>
    </message>
    <message>
        <source>write &apos;...&apos; on its own on the left (it may be grouped on the right)</source>
        <translation>在左侧单独写 &apos;...&apos;（右侧可以分组）</translation>
    </message>
    <message>
        <source>rearrange cannot use numbers other than 1 as axes</source>
        <translation>rearrange 不能把 1 以外的数字当作轴</translation>
    </message>
    <message>
        <source>use reduce to remove a numbered axis, repeat to add one, or name it and give its length</source>
        <translation>用 reduce 去掉数字轴、用 repeat 添加，或者给它命名并给出长度</translation>
    </message>
    <message>
        <source>{names} only on the left</source>
        <translation>{names} 只在左侧</translation>
    </message>
    <message>
        <source>{names} only on the right</source>
        <translation>{names} 只在右侧</translation>
    </message>
    <message>
        <source>rearrange needs every axis on both sides: {parts}</source>
        <translation>rearrange 要求每个轴在两侧都出现：{parts}</translation>
    </message>
    <message>
        <source>rearrange only moves data; use reduce to remove an axis or repeat to add one</source>
        <translation>rearrange 只搬移数据；去掉轴用 reduce，添加轴用 repeat</translation>
    </message>
    <message>
        <source>repeat cannot remove {names}: on the left only</source>
        <translation>repeat 不能去掉 {names}：它只在左侧</translation>
    </message>
    <message>
        <source>repeat only adds axes; keep it on the right, or use reduce to remove it</source>
        <translation>repeat 只会添加轴；把它也写在右侧，或用 reduce 去掉它</translation>
    </message>
    <message>
        <source>repeat needs the length of new axis {names}</source>
        <translation>repeat 需要新轴 {names} 的长度</translation>
    </message>
    <message>
        <source>give it as an axis length, e.g. {example}</source>
        <translation>在轴长度中给出，例如 {example}</translation>
    </message>
    <message>
        <source>reduce cannot add {names}: on the right only</source>
        <translation>reduce 不能添加 {names}：它只在右侧</translation>
    </message>
    <message>
        <source>reduce only removes axes; use repeat to add one</source>
        <translation>reduce 只会去掉轴；添加轴请用 repeat</translation>
    </message>
    <message>
        <source>the input {shape} has {got} axes but the left side describes at least {want}</source>
        <translation>输入 {shape} 有 {got} 个轴，但左侧描述了至少 {want} 个</translation>
    </message>
    <message>
        <source>the input {shape} has {got} axes but the left side describes {want}</source>
        <translation>输入 {shape} 有 {got} 个轴，但左侧描述了 {want} 个</translation>
    </message>
    <message>
        <source>name one group per input axis (use &apos;...&apos; for any number of leading axes)</source>
        <translation>每个输入轴命名一组（用 &apos;...&apos; 代表任意数量的前导轴）</translation>
    </message>
    <message>
        <source>axis length {name}={value} is given but {quoted} is not in the pattern</source>
        <translation>给了轴长度 {name}={value}，但模式中没有 {quoted}</translation>
    </message>
    <message>
        <source>remove {name} from the axis lengths or use it in the pattern</source>
        <translation>从轴长度中删去 {name}，或在模式中使用它</translation>
    </message>
    <message>
        <source>axis length name {names} is not a valid axis name</source>
        <translation>轴长度的名称 {names} 不是有效的轴名</translation>
    </message>
    <message>
        <source>allowed: {names}</source>
        <translation>允许：{names}</translation>
    </message>
    <message>
        <source>{first} and {second}</source>
        <translation>{first} 和 {second}</translation>
    </message>
    <message>
        <source>cannot infer both {names} from one input axis</source>
        <translation>无法从一个输入轴同时推断出 {names}</translation>
    </message>
    <message>
        <source>give the length of all but one of them, e.g. {name}=2</source>
        <translation>除其中一个外都给出长度，例如 {name}=2</translation>
    </message>
    <message>
        <source>input axis {i} has length {dim}, but {group} = {known}</source>
        <translation>输入轴 {i} 的长度为 {dim}，但 {group} = {known}</translation>
    </message>
    <message>
        <source>make the lengths multiply to {dim}, or change the input shape</source>
        <translation>让各长度的乘积等于 {dim}，或修改输入形状</translation>
    </message>
    <message>
        <source>input axis {i} has length {dim}, which {group} cannot split into chunks of {known}</source>
        <translation>输入轴 {i} 的长度为 {dim}，{group} 无法把它切成每块 {known}</translation>
    </message>
    <message>
        <source>{dim} must be divisible by {known}: change the axis lengths or the input shape</source>
        <translation>{dim} 必须能被 {known} 整除：请修改轴长度或输入形状</translation>
    </message>
    <message>
        <source>{head} (from {given})</source>
        <translation>{head}（来自 {given}）</translation>
    </message>
    <message>
        <source>Matmul with named axes</source>
        <translation>带命名轴的矩阵乘法</translation>
    </message>
    <message>
        <source>z = x @ y: hidden is not in the output, so it is summed</source>
        <translation>z = x @ y：hidden 不在输出中，所以被求和</translation>
    </message>
    <message>
        <source>Batched attention scores (no transpose needed)</source>
        <translation>批量注意力分数（无需转置）</translation>
    </message>
    <message>
        <source>replaces x @ y.transpose(-2, -1)</source>
        <translation>替代 x @ y.transpose(-2, -1)</translation>
    </message>
    <message>
        <source>Attention scores over any leading axes (...)</source>
        <translation>任意前导轴上的注意力分数（...）</translation>
    </message>
    <message>
        <source>Sum over hidden</source>
        <translation>对 hidden 求和</translation>
    </message>
    <message>
        <source>same as x.sum(dim=-1)</source>
        <translation>等同于 x.sum(dim=-1)</translation>
    </message>
    <message>
        <source>Split total_hidden into heads × hidden1</source>
        <translation>把 total_hidden 拆成 heads × hidden1</translation>
    </message>
    <message>
        <source>Transform each head with w</source>
        <translation>用 w 变换每个 head</translation>
    </message>
    <message>
        <source>Merge heads × hidden2 back</source>
        <translation>把 heads × hidden2 合并回去</translation>
    </message>
    <message>
        <source>Attention heads at scale: split and transpose</source>
        <translation>真实规模的注意力头：拆分并转置</translation>
    </message>
    <message>
        <source>Merge after a transpose (copies)</source>
        <translation>转置后合并（会复制）</translation>
    </message>
    <message>
        <source>2×2 max-pool</source>
        <translation>2×2 最大池化</translation>
    </message>
    <message>
        <source>Repeat as a view (aliases input)</source>
        <translation>以视图重复（与输入共享内存）</translation>
    </message>
    <message>
        <source>Upsample by repeating (copies)</source>
        <translation>重复上采样（会复制）</translation>
    </message>
    <message>
        <source>Large matmul, batched (roofline point)</source>
        <translation>大规模批量矩阵乘法（Roofline 上的点）</translation>
    </message>
    <message>
        <source>Pack a CLS token with patches</source>
        <translation>把 CLS token 与图像块打包</translation>
    </message>
    <message>
        <source>Unpack it again</source>
        <translation>再拆包回去</translation>
    </message>
    <message>
        <source>Suspicious: axis only on the left</source>
        <translation>可疑：轴只在左侧</translation>
    </message>
    <message>
        <source>Suspicious: length-1 broadcast</source>
        <translation>可疑：长度为 1 的广播</translation>
    </message>
    <message>
        <source>10^12 elements, analysed instantly</source>
        <translation>10^12 个元素，瞬间分析完</translation>
    </message>
    <message>
        <source>Error: 7 does not split into heads of 2</source>
        <translation>错误：7 不能拆成 2 个 head</translation>
    </message>
    <message>
        <source>A multiply-add counts 2 FLOPs, so a matmul is 2·m·k·n, as on the Roofline tab and in torch&apos;s FlopCounterMode; a sum of n terms is n adds. reduce: one add (compare, multiply) per input element, plus one divide per output for mean. einsum, evaluated as torch does: an axis in one input only is summed first (1 add per element), then inputs are contracted pairwise, left to right: 2 FLOPs per index combination of a step that sums an axis, 1 (a multiply) of one that does not. rearrange, repeat, pack and unpack move data and count 0 FLOPs. Zero-length axes give 0. The lecture&apos;s exact count (a length-n dot product as 2n − 1) is shown as a note.</source>
        <extracomment>The einops functions the analyser understands. The reductions ``einops.reduce`` accepts by name. How FLOPs are counted (shown next to every FLOP figure).</extracomment>
        <translation>一次乘加算 2 FLOPs，所以矩阵乘法是 2·m·k·n，与 Roofline 页和 torch 的 FlopCounterMode 一致；n 项求和算 n 次加法。reduce：每个输入元素一次加法（比较、乘法），mean 再加上每个输出一次除法。einsum 按 torch 的方式计算：只出现在一个输入中的轴先求和（每个元素 1 次加法），然后从左到右两两收缩输入：对某个轴求和的步骤每种下标组合 2 FLOPs，不求和的步骤 1 FLOP（一次乘法）。rearrange、repeat、pack 和 unpack 只搬移数据，计 0 FLOPs。长度为 0 的轴得 0。讲义的精确计数（长度为 n 的点积为 2n − 1）作为注释给出。</translation>
    </message>
    <message>
        <source>packed shapes {shapes}</source>
        <translation>打包形状 {shapes}</translation>
    </message>
    <message>
        <source>input {i}: flatten {shape} into one axis</source>
        <translation>输入 {i}：把 {shape} 展平成一个轴</translation>
    </message>
    <message>
        <source>concatenate along axis {axis} (*): a copy</source>
        <translation>沿轴 {axis}（*）拼接：会复制</translation>
    </message>
    <message>
        <source>unpacked into {shapes}</source>
        <translation>拆包为 {shapes}</translation>
    </message>
    <message>
        <source>output {i}: slice {start}:{stop} of axis {axis}, reshape to {shape}</source>
        <translation>输出 {i}：取轴 {axis} 的切片 {start}:{stop}，reshape 成 {shape}</translation>
    </message>
    <message>
        <source>input shapes: {shapes}; packed shapes: {packed}</source>
        <translation>输入形状：{shapes}；打包形状：{packed}</translation>
    </message>
    <message>
        <source>{op} needs one &apos;*&apos; marking the packed axes</source>
        <translation>{op} 需要一个 &apos;*&apos; 标出被打包的轴</translation>
    </message>
    <message>
        <source>allowed: axis names and one &apos;*&apos;, e.g. &apos;b * c&apos;</source>
        <translation>允许：轴名和一个 &apos;*&apos;，例如 &apos;b * c&apos;</translation>
    </message>
    <message>
        <source>an axis (or &apos;*&apos;) appears twice</source>
        <translation>某个轴（或 &apos;*&apos;）出现了两次</translation>
    </message>
    <message>
        <source>each name and &apos;*&apos; once, e.g. &apos;b * c&apos;</source>
        <translation>每个名称和 &apos;*&apos; 只出现一次，例如 &apos;b * c&apos;</translation>
    </message>
    <message>
        <source>{name} is not a valid axis name</source>
        <translation>{name} 不是有效的轴名</translation>
    </message>
    <message>
        <source>allowed: letters, digits and _ (not starting or ending with _)</source>
        <translation>允许：字母、数字和 _（不以 _ 开头或结尾）</translation>
    </message>
    <message>
        <source>unexpected {token}</source>
        <translation>意外的 {token}</translation>
    </message>
    <message>
        <source>pack/unpack patterns hold only axis names and one &apos;*&apos; (no brackets, no &apos;...&apos;)</source>
        <translation>pack/unpack 的模式只能有轴名和一个 &apos;*&apos;（不能有括号或 &apos;...&apos;）</translation>
    </message>
    <message>
        <source>input {i} has shape {shape} but the pattern needs at least {n} axes</source>
        <translation>输入 {i} 的形状是 {shape}，但模式至少需要 {n} 个轴</translation>
    </message>
    <message>
        <source>give each input the named axes (the &apos;*&apos; may match none)</source>
        <translation>让每个输入都有这些命名轴（&apos;*&apos; 可以不匹配任何轴）</translation>
    </message>
    <message>
        <source>the input {shape} must have exactly {n} axes for this pattern</source>
        <translation>对这个模式，输入 {shape} 必须恰好有 {n} 个轴</translation>
    </message>
    <message>
        <source>unpack&apos;s &apos;*&apos; stands for exactly one axis of the input</source>
        <translation>unpack 的 &apos;*&apos; 恰好代表输入的一个轴</translation>
    </message>
    <message>
        <source>axis &apos;*&apos; has length {total} but the packed shapes need {sizes}</source>
        <translation>轴 &apos;*&apos; 的长度为 {total}，但打包形状需要 {sizes}</translation>
    </message>
    <message>
        <source>the packed shapes&apos; element counts must add up to the &apos;*&apos; axis (one of them may hold a -1)</source>
        <translation>各打包形状的元素数之和必须等于 &apos;*&apos; 轴（其中一个可以含 -1）</translation>
    </message>
    <message>
        <source>axis {name} has length {first} in input 0 but {other} in input {i}</source>
        <translation>轴 {name} 在输入 0 中长度为 {first}，在输入 {i} 中却是 {other}</translation>
    </message>
    <message>
        <source>every input must agree on the axes other than &apos;*&apos;</source>
        <translation>除 &apos;*&apos; 外，所有输入的轴必须一致</translation>
    </message>
    <message>
        <source>the inputs&apos; named axes differ in length</source>
        <translation>各输入的命名轴长度不同</translation>
    </message>
    <message>
        <source>every input must agree on the axes other than &apos;*&apos;; {reason}</source>
        <translation>除 &apos;*&apos; 外，所有输入的轴必须一致；{reason}</translation>
    </message>
    <message>
        <source>{intensity} FLOP/byte</source>
        <translation>{intensity} FLOP/字节</translation>
    </message>
    <message>
        <source>no bytes moved</source>
        <translation>不搬移字节</translation>
    </message>
    <message>
        <source>{flops} · read {read} · write {written} · {per_byte} ({dtype})</source>
        <translation>{flops} · 读 {read} · 写 {written} · {per_byte}（{dtype}）</translation>
    </message>
    <message>
        <source>view of the input: no bytes copied (shares its memory)</source>
        <translation>输入的视图：不复制字节（共享内存）</translation>
    </message>
    <message>
        <source>new tensor: the result is computed into fresh memory</source>
        <translation>新张量：结果计算到新分配的内存中</translation>
    </message>
    <message>
        <source>copy: the {step} step cannot be a view of the strided data</source>
        <translation>复制：{step} 步骤无法成为按步长存放的数据的视图</translation>
    </message>
    <message>
        <source>copy: the output has its own memory</source>
        <translation>复制：输出有自己的内存</translation>
    </message>
    <message>
        <source>strides (elements): input {inputs} → output {outputs}</source>
        <translation>步长（元素）：输入 {inputs} → 输出 {outputs}</translation>
    </message>
    <message>
        <source>shape {shape}
{values}</source>
        <extracomment>Default cap on elements allocated by &quot;Run on real tensors&quot; (inputs + outputs). Cap on the FLOPs of a real run (keeps a tiny-input, huge-contraction einsum from hanging).</extracomment>
        <translation>形状 {shape}
{values}</translation>
    </message>
    <message>
        <source>run on real tensors: the call is not valid; fix the pattern first</source>
        <translation>在真实张量上运行：调用无效；请先修正模式</translation>
    </message>
    <message>
        <source>run on real tensors: {elements} elements (inputs + outputs) is over the cap of {cap}; shrink the shapes</source>
        <translation>在真实张量上运行：{elements} 个元素（输入 + 输出）超过上限 {cap}；请缩小形状</translation>
    </message>
    <message>
        <source>run on real tensors: {flops} FLOPs is over the cap of {cap}</source>
        <translation>在真实张量上运行：{flops} FLOPs 超过上限 {cap}</translation>
    </message>
    <message>
        <source>integers separated by commas, e.g. 2,3,4 (an empty shape is a 0-d tensor)</source>
        <extracomment>Largest length of one axis (a 2^40 axis is already beyond any real tensor). Largest element count of any tensor the analyser reasons about (below int64 overflow). Longest pattern accepted.</extracomment>
        <translation>以逗号分隔的整数，例如 2,3,4（空形状表示 0 维张量）</translation>
    </message>
    <message>
        <source>{field}: {value} is out of range; allowed: axis lengths from 0 to 2^40</source>
        <translation>{field}：{value} 超出范围；允许：轴长度 0 到 2^40</translation>
    </message>
    <message>
        <source>{field}: {text} is not a whole number; allowed: {hint}</source>
        <translation>{field}：{text} 不是整数；允许：{hint}</translation>
    </message>
    <message>
        <source>{field}: expected text such as 2,3,4</source>
        <translation>{field}：应为类似 2,3,4 的文本</translation>
    </message>
    <message>
        <source>{field}: {n} axes; allowed: at most 64</source>
        <translation>{field}：{n} 个轴；最多允许 64 个</translation>
    </message>
    <message>
        <source>{field}: more than one -1; allowed: at most one unknown</source>
        <translation>{field}：多于一个 -1；最多允许一个未知长度</translation>
    </message>
    <message>
        <source>{field}: expected text such as 2,3,4; 4,5</source>
        <translation>{field}：应为类似 2,3,4; 4,5 的文本</translation>
    </message>
    <message>
        <source>{field}: {n} shapes; allowed: at most 26</source>
        <translation>{field}：{n} 个形状；最多允许 26 个</translation>
    </message>
    <message>
        <source>{field}: {value} is not a whole number</source>
        <translation>{field}：{value} 不是整数</translation>
    </message>
    <message>
        <source>{field}: {shape} has {total} elements; allowed: at most 2^62 (about 4.6e18)</source>
        <translation>{field}：{shape} 有 {total} 个元素；最多允许 2^62（约 4.6e18）</translation>
    </message>
    <message>
        <source>{field}: {item} is not NAME=LENGTH; allowed: e.g. h=2 (several: h=2, w=3)</source>
        <translation>{field}：{item} 不是 名称=长度 的形式；例如 h=2（多个：h=2, w=3）</translation>
    </message>
    <message>
        <source>a whole length such as h=2</source>
        <translation>整数长度，例如 h=2</translation>
    </message>
    <message>
        <source>{field}: {name} is given twice</source>
        <translation>{field}：{name} 给了两次</translation>
    </message>
    <message>
        <source>{field}: {name} is not an axis name; allowed: letters, digits, _</source>
        <translation>{field}：{name} 不是轴名；允许：字母、数字、_</translation>
    </message>
    <message>
        <source>{field}: {name}={value} is out of range; allowed: a whole length from 0 to 2^40</source>
        <translation>{field}：{name}={value} 超出范围；允许：0 到 2^40 的整数长度</translation>
    </message>
    <message>
        <source>split {group} into {parts}</source>
        <translation>把 {group} 拆成 {parts}</translation>
    </message>
    <message>
        <source>drop a length-1 axis</source>
        <translation>去掉一个长度为 1 的轴</translation>
    </message>
    <message>
        <source>reshape to elementary axes</source>
        <translation>reshape 成基本轴</translation>
    </message>
    <message>
        <source>reorder axes to {names} (axes to reduce go last)</source>
        <translation>把轴重排为 {names}（要归约的轴放最后）</translation>
    </message>
    <message>
        <source>reorder axes to {names}</source>
        <translation>把轴重排为 {names}</translation>
    </message>
    <message>
        <source>{reduction} over {names}</source>
        <translation>对 {names} 做 {reduction}</translation>
    </message>
    <message>
        <source>insert new axes {names}</source>
        <translation>插入新轴 {names}</translation>
    </message>
    <message>
        <source>broadcast {axes} (stride 0: no copy yet)</source>
        <translation>广播 {axes}（步长为 0：尚未复制）</translation>
    </message>
    <message>
        <source>merge {group}</source>
        <translation>合并 {group}</translation>
    </message>
    <message>
        <source>insert length-1 axes</source>
        <translation>插入长度为 1 的轴</translation>
    </message>
    <message>
        <source>matched by ...</source>
        <translation>由 ... 匹配</translation>
    </message>
    <message>
        <source>anonymous (a number in the pattern)</source>
        <translation>匿名（模式中的数字）</translation>
    </message>
    <message>
        <source>length given</source>
        <translation>已给出长度</translation>
    </message>
    <message>
        <source>inferred from the shape</source>
        <translation>由形状推断</translation>
    </message>
</context>
<context>
    <name>EinopsForm</name>
    <message>
        <source>The einops function to analyse</source>
        <translation>要分析的 einops 函数</translation>
    </message>
    <message>
        <source>reduce&apos;s operation</source>
        <translation>reduce 的运算</translation>
    </message>
    <message>
        <source>Element type used for bytes read/written (follows the app&apos;s dtype)</source>
        <translation>用于计算读写字节数的元素类型（跟随全局数据类型）</translation>
    </message>
    <message>
        <source>Examples ▾</source>
        <translation>示例 ▾</translation>
    </message>
    <message>
        <source>From the lecture</source>
        <translation>讲义中的例子</translation>
    </message>
    <message>
        <source>More</source>
        <translation>更多</translation>
    </message>
    <message>
        <source>One shape per input, separated by &apos;;&apos; (e.g. 2,3,4; 2,5,4). Empty = 0-d</source>
        <translation>每个输入一个形状，以 &apos;;&apos; 分隔（例如 2,3,4; 2,5,4）。留空 = 0 维</translation>
    </message>
    <message>
        <source>Lengths of named axes einops cannot infer (NAME=LENGTH, comma separated)</source>
        <translation>einops 无法推断的命名轴长度（名称=长度，以逗号分隔）</translation>
    </message>
    <message>
        <source>2; 1  (one per output)</source>
        <translation>2; 1  （每个输出一个）</translation>
    </message>
    <message>
        <source>unpack: the shape each output&apos;s * stands for, separated by &apos;;&apos;</source>
        <translation>unpack：每个输出的 * 所代表的形状，以 &apos;;&apos; 分隔</translation>
    </message>
    <message>
        <source>Packed shapes</source>
        <translation>打包形状</translation>
    </message>
    <message>
        <source>Reduction</source>
        <translation>归约</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Shapes</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Axis lengths</source>
        <translation>轴长度</translation>
    </message>
    <message>
        <source>{key} {value} unknown; allowed: {allowed}</source>
        <translation>{key} {value} 未知；可用：{allowed}</translation>
    </message>
    <message>
        <source>dtype {value} unknown; kept the current one</source>
        <translation>数据类型 {value} 未知；保留当前的</translation>
    </message>
    <message>
        <source>{key} is not text; kept the current one</source>
        <translation>{key} 不是文本；保留当前的</translation>
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
        <translation>合并</translation>
    </message>
    <message>
        <source>split+merged</source>
        <translation>拆分+合并</translation>
    </message>
    <message>
        <source>reduced</source>
        <translation>归约</translation>
    </message>
    <message>
        <source>repeated</source>
        <translation>重复</translation>
    </message>
    <message>
        <source>broadcast</source>
        <translation>广播</translation>
    </message>
    <message>
        <source>contracted</source>
        <translation>收缩</translation>
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
        <translation>省略号</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>multiply</source>
        <translation>相乘</translation>
    </message>
    <message>
        <source>Axis</source>
        <translation>轴</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>作用</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Shape after</source>
        <translation>之后的形状</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>What</source>
        <translation>做什么</translation>
    </message>
    <message>
        <source>What the step does (→ the axis names after it)</source>
        <translation>这一步做什么（→ 之后的轴名）</translation>
    </message>
    <message>
        <source>view</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the code to the clipboard</source>
        <translation>把代码复制到剪贴板</translation>
    </message>
    <message>
        <source>Inputs appear here after “Run on real tensors”.</source>
        <translation>点击“在真实张量上运行”后，输入显示在这里。</translation>
    </message>
    <message>
        <source>Outputs appear here after “Run on real tensors”.</source>
        <translation>点击“在真实张量上运行”后，输出显示在这里。</translation>
    </message>
</context>
<context>
    <name>EinopsTab</name>
    <message>
        <source>Plain PyTorch</source>
        <translation>等价的 PyTorch 代码</translation>
    </message>
    <message>
        <source>Runs einops on CPU tensors holding 0, 1, 2, ... and shows inputs and outputs. Refused above {cap} elements (inputs + outputs) so nothing large is allocated.</source>
        <translation>在存放 0, 1, 2, ... 的 CPU 张量上运行 einops，并显示输入和输出。超过 {cap} 个元素（输入 + 输出）时拒绝运行，以免分配大量内存。</translation>
    </message>
    <message>
        <source>Send to Roofline</source>
        <translation>发送到 Roofline</translation>
    </message>
    <message>
        <source>Add this op&apos;s FLOPs and bytes as a point on the Roofline tab</source>
        <translation>把这个运算的 FLOPs 和字节数作为一个点加到 Roofline 页</translation>
    </message>
    <message>
        <source>Axes</source>
        <translation>轴</translation>
    </message>
    <message>
        <source>Plan (the steps einops takes)</source>
        <translation>执行计划（einops 的每一步）</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Show the inputs and outputs of the real run</source>
        <translation>显示真实运行的输入和输出</translation>
    </message>
    <message>
        <source>Patterns</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Views and strides</source>
        <translation>视图与步长</translation>
    </message>
    <message>
        <source>What an einops call does: shapes, plan, code, cost</source>
        <translation>einops 调用做了什么：形状、步骤、代码、开销</translation>
    </message>
    <message>
        <source>A tensor as shape, strides and offset over its storage: view, reshape, transpose, slicing, expand, contiguous; view or copy, and why view fails</source>
        <translation>张量即其存储之上的形状、步长和偏移：view、reshape、transpose、切片、expand、contiguous；是视图还是复制，以及 view 为何失败</translation>
    </message>
    <message>
        <source>Loading torch and einops…</source>
        <translation>正在加载 torch 和 einops…</translation>
    </message>
    <message>
        <source>Could not load torch/einops</source>
        <translation>无法加载 torch/einops</translation>
    </message>
    <message>
        <source>shapes</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>axis lengths</source>
        <translation>轴长度</translation>
    </message>
    <message>
        <source>packed shapes</source>
        <translation>打包形状</translation>
    </message>
    <message>
        <source>✓ Outputs {shapes}</source>
        <translation>✓ 输出 {shapes}</translation>
    </message>
    <message>
        <source>✓ Output {shape}</source>
        <translation>✓ 输出 {shape}</translation>
    </message>
    <message>
        <source>Cost: {cost}</source>
        <translation>开销：{cost}</translation>
    </message>
    <message>
        <source>Note: {note}</source>
        <translation>注：{note}</translation>
    </message>
    <message>
        <source>Add this op as a point on the Roofline tab</source>
        <translation>把这个运算作为一个点加到 Roofline 页</translation>
    </message>
    <message>
        <source>A view moves no bytes, so it has no point on a roofline</source>
        <translation>视图不搬移字节，所以在 Roofline 上没有对应的点</translation>
    </message>
    <message>
        <source>0 FLOPs (pure data movement): no point on a log-scale roofline</source>
        <translation>0 FLOPs（纯数据搬移）：在对数坐标的 Roofline 上没有点</translation>
    </message>
    <message>
        <source>✗ Not valid — einops would raise</source>
        <translation>✗ 无效 — einops 会报错</translation>
    </message>
    <message>
        <source>(tables below show the last valid call)</source>
        <translation>（下方表格显示上一次有效的调用）</translation>
    </message>
    <message>
        <source>Ran einops on CPU: {elements} elements allocated; shapes match the analysis.</source>
        <translation>已在 CPU 上运行 einops：分配了 {elements} 个元素；形状与分析一致。</translation>
    </message>
    <message>
        <source>Ran einops on CPU: {elements} elements allocated; SHAPES DIFFER from the analysis.</source>
        <translation>已在 CPU 上运行 einops：分配了 {elements} 个元素；形状与分析【不一致】。</translation>
    </message>
    <message>
        <source>{call} on {shapes}</source>
        <translation>{call}，形状 {shapes}</translation>
    </message>
    <message>
        <source>Run on real tensors</source>
        <translation>在真实张量上运行</translation>
    </message>
    <message>
        <source>Run on real tensors (≤ {cap} elements)</source>
        <translation>在真实张量上运行（≤ {cap} 个元素）</translation>
    </message>
    <message>
        <source>einops: session data is not a mapping; kept the current inputs</source>
        <extracomment>The inner pages, by the name ``screenshot --page`` and sessions use.</extracomment>
        <translation>einops：会话数据不是映射；保留当前输入</translation>
    </message>
    <message>
        <source>einops: unknown page {page}; allowed: {pages}</source>
        <translation>einops：未知页面 {page}；可用：{pages}</translation>
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
        <translation>只能推断一个维度</translation>
    </message>
    <message>
        <source>invalid shape dimension {size}</source>
        <translation>无效的形状维度 {size}</translation>
    </message>
    <message>
        <source>cannot reshape tensor of 0 elements into shape {shape} because the unspecified dimension size -1 can be any value and is ambiguous</source>
        <translation>无法把 0 个元素的张量重塑为形状 {shape}：未指定的维度大小 -1 可以是任意值，有歧义</translation>
    </message>
    <message>
        <source>shape &apos;{shape}&apos; is invalid for input of size {numel}</source>
        <translation>形状 &apos;{shape}&apos; 对大小为 {numel} 的输入无效</translation>
    </message>
    <message>
        <source>shape {shape}, stride {stride}, offset {offset}, contiguous</source>
        <translation>形状 {shape}，步长 {stride}，偏移 {offset}，连续</translation>
    </message>
    <message>
        <source>shape {shape}, stride {stride}, offset {offset}, not contiguous</source>
        <translation>形状 {shape}，步长 {stride}，偏移 {offset}，不连续</translation>
    </message>
    <message>
        <source>dtype: unknown {dtype}; allowed: {allowed}</source>
        <extracomment>The lecture&apos;s example: ``x = torch.arange(12).reshape(3, 4)``. The default steps: a transpose is a view, ``view`` then fails, ``contiguous`` copies, and ``view`` of the copy succeeds. Bytes per element of the torch dtypes offered (``torch.arange`` makes int64). Operation names with the arguments they take (shown in errors and tooltips).</extracomment>
        <translation>数据类型：未知的 {dtype}；可用：{allowed}</translation>
    </message>
    <message>
        <source>operation {op}: {problem}</source>
        <translation>操作 {op}：{problem}</translation>
    </message>
    <message>
        <source>{token} is not an integer; allowed: integers up to 2^40</source>
        <translation>{token} 不是整数；允许：绝对值不超过 2^40 的整数</translation>
    </message>
    <message>
        <source>&apos;...&apos; is not supported; write one &apos;:&apos; per dim</source>
        <translation>不支持 &apos;...&apos;；请每个维度写一个 &apos;:&apos;</translation>
    </message>
    <message>
        <source>{item} is not an index; allowed: an integer or start:stop:step slice</source>
        <translation>{item} 不是索引；允许：整数或 start:stop:step 切片</translation>
    </message>
    <message>
        <source>takes {usage}; got {count} numbers</source>
        <translation>用法 {usage}；收到 {count} 个数</translation>
    </message>
    <message>
        <source>empty; allowed: {ops}</source>
        <translation>为空；可用：{ops}</translation>
    </message>
    <message>
        <source>an index must end with ]</source>
        <translation>索引必须以 ] 结尾</translation>
    </message>
    <message>
        <source>unknown operation {name}; allowed: {ops}</source>
        <translation>未知操作 {name}；可用：{ops}</translation>
    </message>
    <message>
        <source>takes a shape, e.g. {usage} 2,6</source>
        <translation>需要一个形状，例如 {usage} 2,6</translation>
    </message>
    <message>
        <source>Dimension out of range (expected to be in range of [{low}, {high}], but got {dim})</source>
        <translation>维度超出范围（应在 [{low}, {high}] 内，实际为 {dim}）</translation>
    </message>
    <message>
        <source>dim {dim} ({n} × stride {stride})</source>
        <translation>维度 {dim}（{n} 个 × 步长 {stride}）</translation>
    </message>
    <message>
        <source>dims {first}–{last} ({n} × stride {stride})</source>
        <translation>维度 {first}–{last}（{n} 个 × 步长 {stride}）</translation>
    </message>
    <message>
        <source>strides {stride} space the elements evenly only within blocks: {blocks}. Shape {shape} needs a dimension across two blocks, which no single stride describes; reshape() or contiguous() copies instead.</source>
        <translation>步长 {stride} 只在以下各块内让元素等距排列：{blocks}。形状 {shape} 需要一个跨越两块的维度，没有任何单一步长能描述它；reshape() 或 contiguous() 会改为复制。</translation>
    </message>
    <message>
        <source>view size is not compatible with input tensor&apos;s size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.</source>
        <translation>view 的大小与输入张量的大小和步长不兼容（至少有一个维度跨越两个连续子空间）。请改用 .reshape(...)。</translation>
    </message>
    <message>
        <source>t() expects a tensor with &lt;= 2 dimensions, but self is {ndim}D</source>
        <translation>t() 需要不超过 2 维的张量，但 self 是 {ndim} 维</translation>
    </message>
    <message>
        <source>permute(): the number of dims ({given}) does not match the tensor&apos;s dimensions ({ndim}); name each dimension once</source>
        <translation>permute()：给出的维度数（{given}）与张量的维数（{ndim}）不符；每个维度须且只须列出一次</translation>
    </message>
    <message>
        <source>permute(): duplicate dims are not allowed.</source>
        <translation>permute()：不允许重复的维度。</translation>
    </message>
    <message>
        <source>expand: the number of sizes provided ({given}) must be greater or equal to the number of dimensions in the tensor ({ndim})</source>
        <translation>expand：给出的大小个数（{given}）必须不少于张量的维数（{ndim}）</translation>
    </message>
    <message>
        <source>The expanded size of the tensor (-1) isn&apos;t allowed in a leading, non-existing dimension {dim}</source>
        <translation>张量在前部新增的（原本不存在的）维度 {dim} 上不允许把大小扩展为 -1</translation>
    </message>
    <message>
        <source>expand: size {size} is negative; allowed: sizes from 0, or -1 to keep one</source>
        <translation>expand：大小 {size} 为负；允许：从 0 起的大小，或用 -1 保持原大小</translation>
    </message>
    <message>
        <source>The expanded size of the tensor ({target}) must match the existing size ({size}) at non-singleton dimension {dim}.  Target sizes: {sizes}.  Tensor sizes: {shape}</source>
        <translation>在非单例维度 {dim} 上，张量扩展后的大小（{target}）必须等于现有大小（{size}）。目标大小：{sizes}。张量大小：{shape}</translation>
    </message>
    <message>
        <source>flatten() has invalid args: start_dim cannot come after end_dim</source>
        <translation>flatten() 参数无效：start_dim 不能在 end_dim 之后</translation>
    </message>
    <message>
        <source>index {index} is out of bounds for dimension {dim} with size {size}</source>
        <translation>索引 {index} 超出维度 {dim} 的范围（大小 {size}）</translation>
    </message>
    <message>
        <source>narrow() cannot be applied to a 0-dim tensor.</source>
        <translation>narrow() 不能用于 0 维张量。</translation>
    </message>
    <message>
        <source>start out of range (expected to be in range of [{low}, {high}], but got {start})</source>
        <translation>start 超出范围（应在 [{low}, {high}] 内，实际为 {start}）</translation>
    </message>
    <message>
        <source>start ({start}) + length ({length}) exceeds dimension size ({size}).</source>
        <translation>start（{start}）+ length（{length}）超过维度大小（{size}）。</translation>
    </message>
    <message>
        <source>select() cannot be applied to a 0-dim tensor.</source>
        <translation>select() 不能用于 0 维张量。</translation>
    </message>
    <message>
        <source>select(): index {index} out of range for tensor of size {shape} at dimension {dim}</source>
        <translation>select()：索引 {index} 超出大小为 {shape} 的张量在维度 {dim} 上的范围</translation>
    </message>
    <message>
        <source>too many indices for tensor of dimension {ndim} (got {given})</source>
        <extracomment>One item of an index: an integer, or a slice ``(start, stop, step)`` with ``None`` for omitted.</extracomment>
        <translation>对 {ndim} 维张量给出的索引过多（收到 {given} 个）</translation>
    </message>
    <message>
        <source>step must be greater than zero</source>
        <translation>步进必须大于零</translation>
    </message>
</context>
<context>
    <name>StridesPage</name>
    <message>
        <source>view -1 — new shape, same storage (or an error)</source>
        <translation>view -1 — 新形状，同一存储（或报错）</translation>
    </message>
    <message>
        <source>reshape -1 — a view when it can be, else a copy</source>
        <translation>reshape -1 — 能做视图就做视图，否则复制</translation>
    </message>
    <message>
        <source>transpose 0 1 — swap two dimensions</source>
        <translation>transpose 0 1 — 交换两个维度</translation>
    </message>
    <message>
        <source>permute 1 0 — reorder the dimensions</source>
        <translation>permute 1 0 — 重排维度</translation>
    </message>
    <message>
        <source>t — transpose a 2-d tensor</source>
        <translation>t — 转置二维张量</translation>
    </message>
    <message>
        <source>contiguous — copy only when not contiguous</source>
        <translation>contiguous — 仅在不连续时复制</translation>
    </message>
    <message>
        <source>[:, 1:3] — slice (start:stop:step) or pick (an integer)</source>
        <translation>[:, 1:3] — 切片（start:stop:step）或取一个（整数）</translation>
    </message>
    <message>
        <source>narrow 1 1 2 — dim, start, length</source>
        <translation>narrow 1 1 2 — 维度、起点、长度</translation>
    </message>
    <message>
        <source>select 0 0 — dim, index; drops the dim</source>
        <translation>select 0 0 — 维度、索引；去掉该维度</translation>
    </message>
    <message>
        <source>expand 2,-1,-1 — broadcast with stride 0</source>
        <translation>expand 2,-1,-1 — 以步长 0 广播</translation>
    </message>
    <message>
        <source>unsqueeze 0 — add a size-1 dim</source>
        <translation>unsqueeze 0 — 添加大小为 1 的维度</translation>
    </message>
    <message>
        <source>squeeze — drop size-1 dims</source>
        <translation>squeeze — 去掉大小为 1 的维度</translation>
    </message>
    <message>
        <source>flatten — reshape dims start..end into one</source>
        <translation>flatten — 把 start..end 的维度并成一个</translation>
    </message>
    <message>
        <source>The start tensor&apos;s shape, e.g. 3,4 or 2,3,4 (at most {n} elements); it holds 0, 1, 2, … in order, so each number is also its place in storage.</source>
        <extracomment>Largest start tensor the page accepts (everything is drawn or listed from it).</extracomment>
        <translation>起始张量的形状，例如 3,4 或 2,3,4（最多 {n} 个元素）；它依次存放 0, 1, 2, …，所以每个数也就是它在存储中的位置。</translation>
    </message>
    <message>
        <source>Element type: bytes per element, for the bytes copied</source>
        <translation>元素类型：每个元素的字节数，用于计算复制的字节</translation>
    </message>
    <message>
        <source>Lecture example</source>
        <translation>课程示例</translation>
    </message>
    <message>
        <source>x = torch.arange(12).reshape(3, 4), then transpose, view (refused), contiguous (a copy) and view again</source>
        <translation>x = torch.arange(12).reshape(3, 4)，然后 transpose、view（被拒绝）、contiguous（复制），再 view</translation>
    </message>
    <message>
        <source>+ Add step</source>
        <translation>+ 添加步骤</translation>
    </message>
    <message>
        <source>Append an operation; edit its numbers in its row</source>
        <translation>追加一个操作；在它的行里修改数字</translation>
    </message>
    <message>
        <source>Remove this step</source>
        <translation>删除此步骤</translation>
    </message>
    <message>
        <source>An operation on the tensor above it: view 2,6 · reshape -1 · transpose 0 1 · permute 1 0 · t · contiguous · expand 2,-1,-1 · [:, 1:3] · narrow D START LEN · select D I · flatten · unsqueeze D · squeeze. Click a row to draw it.</source>
        <translation>作用于上一行张量的操作：view 2,6 · reshape -1 · transpose 0 1 · permute 1 0 · t · contiguous · expand 2,-1,-1 · [:, 1:3] · narrow D START LEN · select D I · flatten · unsqueeze D · squeeze。点击一行即可绘出它。</translation>
    </message>
    <message>
        <source>Show x</source>
        <translation>显示 x</translation>
    </message>
    <message>
        <source>Draw the start tensor</source>
        <translation>绘出起始张量</translation>
    </message>
    <message>
        <source>Steps (each applies to the one above)</source>
        <translation>步骤（每步作用于上一步的结果）</translation>
    </message>
    <message>
        <source>The same steps run with torch on a small CPU tensor, to compare its own words</source>
        <translation>在一个小的 CPU 张量上用 torch 运行同样的步骤，对照它自己的原话</translation>
    </message>
    <message>
        <source>shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>{field}: {n} elements; allowed: at most {most} on this page</source>
        <translation>{field}：{n} 个元素；本页最多允许 {most} 个</translation>
    </message>
    <message>
        <source>Bytes copied by the whole chain: {bytes}</source>
        <translation>整条链复制的字节：{bytes}</translation>
    </message>
    <message>
        <source>✗ not an operation</source>
        <translation>✗ 不是操作</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>The start tensor&apos;s shape is not valid</source>
        <translation>起始张量的形状无效</translation>
    </message>
    <message>
        <source>✗ torch raises</source>
        <translation>✗ torch 报错</translation>
    </message>
    <message>
        <source>view · 0 B copied</source>
        <translation>视图 · 复制 0 B</translation>
    </message>
    <message>
        <source>Shares storage #{id}: nothing is copied</source>
        <translation>共享存储 #{id}：不复制任何数据</translation>
    </message>
    <message>
        <source>copy · {bytes}</source>
        <translation>复制 · {bytes}</translation>
    </message>
    <message>
        <source>A new storage #{id}: {n} elements × {size} B written in row-major order</source>
        <translation>新存储 #{id}：按行优先顺序写入 {n} 个元素 × {size} B</translation>
    </message>
    <message>
        <source>This is not an operation (the next step skips it):</source>
        <translation>这不是一个操作（下一步跳过它）：</translation>
    </message>
    <message>
        <source>Not run: the start shape is not valid.</source>
        <translation>未运行：起始形状无效。</translation>
    </message>
    <message>
        <source>torch raises; x is unchanged (drawn below) for the next step:</source>
        <translation>torch 报错；x 保持不变（见下图），供下一步使用：</translation>
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
        <translation>存储 #{id} 的视图，复制 0 B</translation>
    </message>
    <message>
        <source>a copy into new storage #{id}, {bytes} copied</source>
        <translation>复制到新存储 #{id}，复制 {bytes}</translation>
    </message>
    <message>
        <source>✓ torch {version} on this machine raises the same.</source>
        <translation>✓ 本机的 torch {version} 报出同样的错误（英文原文一致）。</translation>
    </message>
    <message>
        <source>torch {version} on this machine says: {message}</source>
        <translation>本机的 torch {version} 报错：{message}</translation>
    </message>
    <message>
        <source>strides: session data is not a mapping; skipped</source>
        <translation>strides：会话数据不是映射；已跳过</translation>
    </message>
    <message>
        <source>strides: shape is not a text such as 3,4</source>
        <translation>strides：shape 不是 3,4 这样的文本</translation>
    </message>
    <message>
        <source>strides: unknown dtype {dtype}; kept {kept}</source>
        <translation>strides：未知数据类型 {dtype}；保留 {kept}</translation>
    </message>
    <message>
        <source>strides: ops is not a list of texts</source>
        <translation>strides：ops 不是文本列表</translation>
    </message>
    <message>
        <source>strides: selected is not a step number</source>
        <translation>strides：selected 不是步骤编号</translation>
    </message>
</context>
<context>
    <name>StridesPicture</name>
    <message>
        <source>Storage #{id}: {n} elements × {size} B; offset {offset}</source>
        <extracomment>Most storage cells or logical elements drawn; beyond, the picture says how many it left out.</extracomment>
        <translation>存储 #{id}：{n} 个元素 × {size} B；偏移 {offset}</translation>
    </message>
    <message>
        <source>(first {shown} drawn)</source>
        <translation>（只画出前 {shown} 个）</translation>
    </message>
    <message>
        <source>read by {k} elements</source>
        <translation>被 {k} 个元素读取</translation>
    </message>
    <message>
        <source>not read by this tensor</source>
        <translation>此张量不读取它</translation>
    </message>
    <message>
        <source>storage element {k}: holds {value}; {held}</source>
        <translation>存储元素 {k}：存放 {value}；{held}</translation>
    </message>
    <message>
        <source>x in row-major order reads storage: {order}</source>
        <translation>按行优先顺序，x 读取的存储位置：{order}</translation>
    </message>
    <message>
        <source>x: shape {shape}, stride {stride}</source>
        <translation>x：形状 {shape}，步长 {stride}</translation>
    </message>
    <message>
        <source>(the grid is drawn for 0 to 3 dimensions and up to {n} elements)</source>
        <translation>（网格只画 0 到 3 维、至多 {n} 个元素的张量）</translation>
    </message>
    <message>
        <source>{where} → storage element {address} = {offset} + {terms}</source>
        <translation>{where} → 存储元素 {address} = {offset} + {terms}</translation>
    </message>
</context>
</TS>
