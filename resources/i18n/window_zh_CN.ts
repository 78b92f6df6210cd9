<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Benchmark</name>
    <message>
        <source>&amp;Benchmark</source>
        <extracomment>Runs that did not stop in time, kept referenced so their QThread is never destroyed running.</extracomment>
        <translation>基准测试(&amp;B)</translation>
    </message>
    <message>
        <source>Run &amp;quick suite</source>
        <translation>运行快速套件(&amp;Q)</translation>
    </message>
    <message>
        <source>Measure this machine (&lt; 1 min)</source>
        <translation>测量本机（&lt; 1 分钟）</translation>
    </message>
    <message>
        <source>Run &amp;full suite</source>
        <translation>运行完整套件(&amp;F)</translation>
    </message>
    <message>
        <source>More sizes and dtypes (a few minutes)</source>
        <translation>更多尺寸和数据类型（几分钟）</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Stop the running benchmark</source>
        <translation>停止正在运行的基准测试</translation>
    </message>
    <message>
        <source>Open &amp;measurements…</source>
        <translation>打开测量结果(&amp;M)…</translation>
    </message>
    <message>
        <source>Load a .jsonl file of benchmark points onto the roofline</source>
        <translation>把基准测试点的 .jsonl 文件载入 Roofline</translation>
    </message>
    <message>
        <source>A benchmark is already running; cancel it first</source>
        <translation>已有基准测试在运行；请先取消</translation>
    </message>
    <message>
        <source>{problem}; points will not be saved</source>
        <translation>{problem}；测量点不会被保存</translation>
    </message>
    <message>
        <source>Benchmark starting…</source>
        <translation>基准测试启动中…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Benchmarking {name}: selected {device} for MFU</source>
        <translation>正在测试 {name}：已选 {device} 计算 MFU</translation>
    </message>
    <message>
        <source>Benchmark {done}/{total}, about {left} left</source>
        <translation>基准测试 {done}/{total}，约剩 {left}</translation>
    </message>
    <message>
        <source>cannot save measurements: {problem}</source>
        <translation>无法保存测量结果：{problem}</translation>
    </message>
    <message>
        <source>{count} points</source>
        <translation>{count} 个点</translation>
    </message>
    <message>
        <source>{summary}, {count} not measured</source>
        <translation>{summary}，{count} 个未测</translation>
    </message>
    <message>
        <source>{summary}; added “{device}” to the devices</source>
        <translation>{summary}；已把“{device}”加入设备</translation>
    </message>
    <message>
        <source>Benchmark cancelled: {summary}</source>
        <translation>基准测试已取消：{summary}</translation>
    </message>
    <message>
        <source>Benchmark finished: {summary}</source>
        <translation>基准测试完成：{summary}</translation>
    </message>
    <message>
        <source>Open measurements</source>
        <translation>打开测量结果</translation>
    </message>
    <message>
        <source>Measurements (*.jsonl);;All files (*)</source>
        <translation>测量结果 (*.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Loaded {count} points from {file}</source>
        <translation>已从 {file} 载入 {count} 个点</translation>
    </message>
    <message>
        <source>{loaded}; {count} lines skipped ({first})</source>
        <translation>{loaded}；跳过 {count} 行（{first}）</translation>
    </message>
    <message>
        <source>{case}: failed</source>
        <translation>{case}：失败</translation>
    </message>
    <message>
        <source>benchmark stopped: {error}: {problem}</source>
        <translation>基准测试已停止：{error}：{problem}</translation>
    </message>
</context>
<context>
    <name>CommView</name>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>{device}: {link} (database)</source>
        <translation>{device}：{link}（数据库）</translation>
    </message>
    <message>
        <source>link</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>{device} has no interconnect bandwidth in the database</source>
        <translation>数据库中没有 {device} 的互联带宽</translation>
    </message>
    <message>
        <source>Open collectives benchmark</source>
        <translation>打开集合通信基准测试</translation>
    </message>
    <message>
        <source>JSON lines (*.jsonl);;All files (*)</source>
        <translation>JSON Lines 文件 (*.jsonl);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Napkin Lab</source>
        <extracomment>Every problem reported by :meth:`report_problems` (the screenshot command prints them). Keep the inputs in ``&lt;config&gt;/last-session.json`` on close (the interactive app only).</extracomment>
        <translation>Napkin Lab 心算实验室</translation>
    </message>
    <message>
        <source>Ready</source>
        <extracomment>Every action the menus added to the window (removed before the menus are rebuilt).</extracomment>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Compute dtype whose peak every tab uses</source>
        <translation>计算数据类型：各标签页都使用它的峰值算力</translation>
    </message>
    <message>
        <source>(yours)</source>
        <translation>（自定义）</translation>
    </message>
    <message>
        <source>{id}, source: {source}</source>
        <translation>{id}，来源：{source}</translation>
    </message>
    <message>
        <source>Source: {source}</source>
        <translation>来源：{source}</translation>
    </message>
    <message>
        <source>point</source>
        <translation>点</translation>
    </message>
    <message>
        <source>Added {label} to the Roofline tab (Ctrl+3)</source>
        <translation>已将 {label} 添加到 Roofline 标签页（Ctrl+3）</translation>
    </message>
    <message>
        <source>Cannot save device</source>
        <translation>无法保存设备</translation>
    </message>
    <message>
        <source>Saved {name} in {path}</source>
        <translation>已将 {name} 保存到 {path}</translation>
    </message>
    <message>
        <source>About Napkin Lab</source>
        <translation>关于 Napkin Lab</translation>
    </message>
    <message>
        <source>Napkin Lab: resource accounting for deep learning, after Stanford CS336 lecture 2.</source>
        <translation>Napkin Lab：深度学习的资源核算（resource accounting），基于斯坦福 CS336 第 2 讲。</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open session…</source>
        <translation>打开会话(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Export tab as PNG…</source>
        <translation>将标签页导出为 PNG(&amp;E)…</translation>
    </message>
    <message>
        <source>Save the current tab as a PNG</source>
        <translation>将当前标签页保存为 PNG</translation>
    </message>
    <message>
        <source>Export tab as PNG (&amp;2x)…</source>
        <translation>将标签页导出为 PNG（2 倍）(&amp;2)…</translation>
    </message>
    <message>
        <source>Save the current tab as a PNG at twice the resolution, for slides</source>
        <translation>以两倍分辨率将当前标签页保存为 PNG，用于幻灯片</translation>
    </message>
    <message>
        <source>Export plot as &amp;SVG…</source>
        <translation>将图表导出为 SVG(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the current tab&apos;s plot as SVG</source>
        <translation>将当前标签页的图表保存为 SVG</translation>
    </message>
    <message>
        <source>Export tab as P&amp;DF…</source>
        <translation>将标签页导出为 PDF(&amp;D)…</translation>
    </message>
    <message>
        <source>Save the current tab as a vector PDF (text stays selectable)</source>
        <translation>将当前标签页保存为矢量 PDF（文字仍可选中）</translation>
    </message>
    <message>
        <source>&amp;Copy image</source>
        <translation>复制图像(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the current tab to the clipboard at 2x</source>
        <translation>以 2 倍分辨率将当前标签页复制到剪贴板</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Light theme</source>
        <translation>浅色主题</translation>
    </message>
    <message>
        <source>Dark theme</source>
        <translation>深色主题</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Larger fonts and lines for slides</source>
        <translation>更大的字体和线条，适合幻灯片</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>跟随系统语言</translation>
    </message>
    <message>
        <source>Show the window in this language (no restart)</source>
        <translation>以此语言显示窗口（无需重启）</translation>
    </message>
    <message>
        <source>&amp;Devices</source>
        <translation>设备(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Add your own device…</source>
        <translation>添加自定义设备(&amp;A)…</translation>
    </message>
    <message>
        <source>Describe an accelerator; saved in your config folder</source>
        <translation>描述一个加速器；保存在你的配置文件夹中</translation>
    </message>
    <message>
        <source>Where do the device numbers come from?</source>
        <translation>设备参数来自哪里？</translation>
    </message>
    <message>
        <source>Open &amp;collectives benchmark…</source>
        <translation>打开集合通信基准测试结果(&amp;C)…</translation>
    </message>
    <message>
        <source>Plot bench --suite collectives results against the device&apos;s interconnect</source>
        <translation>将 bench --suite collectives 的结果与设备互连带宽画在一起</translation>
    </message>
    <message>
        <source>&amp;About Napkin Lab</source>
        <translation>关于 Napkin Lab(&amp;A)</translation>
    </message>
</context>
<context>
    <name>Tabs</name>
    <message>
        <source>Dtypes</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Bit layouts of fp64 down to fp4 and block formats</source>
        <translation>从 fp64 到 fp4 以及块缩放格式的位布局</translation>
    </message>
    <message>
        <source>Einops</source>
        <translation>Einops</translation>
    </message>
    <message>
        <source>What an einops pattern does and what it costs</source>
        <translation>einops 模式做了什么、代价是多少</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>Ceilings per device and dtype, operator points</source>
        <translation>各设备与数据类型的性能上限，以及算子的位置</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Training memory: params, grads, optimizer, activations</source>
        <translation>训练显存：参数、梯度、优化器状态、激活值</translation>
    </message>
    <message>
        <source>Napkin</source>
        <translation>心算</translation>
    </message>
    <message>
        <source>Back-of-envelope training time and model size</source>
        <translation>粗略估算训练时间与模型规模</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>训练步</translation>
    </message>
    <message>
        <source>One training step op by op: FLOPs, bytes, time and MFU on a device</source>
        <translation>逐个算子看一个训练步：在某设备上的 FLOPs、字节数、时间与 MFU</translation>
    </message>
</context>
</TS>
