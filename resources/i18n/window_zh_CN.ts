<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Benchmark</name>
    <message>
        <source>&amp;Benchmark</source>
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
        <source>Run &amp;data-path suite</source>
        <translation>运行数据通路套件(&amp;D)</translation>
    </message>
    <message>
        <source>Measure how fast this machine assembles training batches from a token file (about 15 s); the Plan&apos;s data-path row then uses it</source>
        <translation>测量本机从 token 文件组装训练批次的速度（约 15 s）；之后规划的数据通路一行会使用它</translation>
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
        <source>Benchmark: about {left} left</source>
        <translation>基准测试：约剩 {left}</translation>
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
        <source>{rate} tokens/s ({variant}, {count} configurations) in {file}</source>
        <translation>{rate} token/s（{variant}，{count} 个配置），已存入 {file}</translation>
    </message>
    <message>
        <source>nothing measured</source>
        <translation>未测得任何结果</translation>
    </message>
    <message>
        <source>Data-path suite cancelled: {summary}</source>
        <translation>数据通路套件已取消：{summary}</translation>
    </message>
    <message>
        <source>Data-path suite finished: {summary}</source>
        <translation>数据通路套件完成：{summary}</translation>
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
    <name>CardDeck</name>
    <message>
        <source>Show these cards</source>
        <translation>显示这些卡片</translation>
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
    <name>DeviceDialog</name>
    <message>
        <source>Same chip as {device}</source>
        <translation>与 {device} 同一芯片</translation>
    </message>
    <message>
        <source>Same chip as a listed device</source>
        <translation>与列表中的某个设备同一芯片</translation>
    </message>
    <message>
        <source>Add your own device</source>
        <extracomment>The device file&apos;s own lower bound (:func:`device_from_dict`): below 1 FLOP/s or byte is a typo.</extracomment>
        <translation>添加自定义设备</translation>
    </message>
    <message>
        <source>Short id used by sessions and the CLI (letters, digits, dashes)</source>
        <translation>会话和命令行使用的简短 id（字母、数字、连字符）</translation>
    </message>
    <message>
        <source>{name} (mine)</source>
        <translation>{name}（我的）</translation>
    </message>
    <message>
        <source>My GPU</source>
        <translation>我的 GPU</translation>
    </message>
    <message>
        <source>measured / my datasheet</source>
        <translation>实测 / 我的数据手册</translation>
    </message>
    <message>
        <source>Where the numbers come from</source>
        <translation>这些数字的来源</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>A variant as deployed (memory size or type, NVLink, network, or the lower peaks of a power limit&apos;s clocks): the plan uses that chip&apos;s measured efficiencies with the memory, links and peaks typed here</source>
        <translation>实际部署的变体（显存容量或类型、NVLink、网络，或功耗上限所限时钟下较低的峰值）：规划使用该芯片实测的效率，以及此处填写的显存、链路和峰值</translation>
    </message>
    <message>
        <source>bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Memory bandwidth in bytes/s (1e12 or 1T)</source>
        <translation>显存带宽，单位字节/秒（1e12 或 1T）</translation>
    </message>
    <message>
        <source>Memory a run can fill, in bytes: the total nvidia-smi reports (24e9 or 24G)</source>
        <translation>一次运行能用满的显存，单位字节：nvidia-smi 报告的总量（24e9 或 24G）</translation>
    </message>
    <message>
        <source>Bandwidth (B/s)</source>
        <translation>带宽 (B/s)</translation>
    </message>
    <message>
        <source>Memory (bytes)</source>
        <translation>显存（字节）</translation>
    </message>
    <message>
        <source>Intra-node link (B/s)</source>
        <translation>节点内互连 (B/s)</translation>
    </message>
    <message>
        <source>Network per GPU (B/s)</source>
        <translation>每 GPU 网络 (B/s)</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>{link}; unidirectional bytes/s per GPU; empty if unknown</source>
        <translation>{link}；每 GPU 单向字节/秒；未知则留空</translation>
    </message>
    <message>
        <source>{dtype} peak</source>
        <translation>{dtype} 峰值</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Dense {dtype} peak FLOP/s; empty if unsupported</source>
        <translation>稠密 {dtype} 峰值 FLOP/s；不支持则留空</translation>
    </message>
    <message>
        <source>{dtype} peak (FLOP/s)</source>
        <translation>{dtype} 峰值 (FLOP/s)</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>scale: {scale} is out of range; allowed: 0.5 to 4</source>
        <translation>缩放：{scale} 超出范围；允许：0.5 到 4</translation>
    </message>
    <message>
        <source>{file}: the picture could not be encoded as PNG</source>
        <translation>{file}：无法将图像编码为 PNG</translation>
    </message>
    <message>
        <source>{file}: the plot is not laid out yet (show its page, then export)</source>
        <translation>{file}：图表尚未完成布局（先显示它所在的页面，再导出）</translation>
    </message>
    <message>
        <source>{file}: the SVG exporter made nothing</source>
        <translation>{file}：SVG 导出器没有生成任何内容</translation>
    </message>
    <message>
        <source>{file}: the PDF writer made nothing</source>
        <translation>{file}：PDF 写入器没有生成任何内容</translation>
    </message>
    <message>
        <source>Export PNG</source>
        <translation>导出 PNG</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <source>Exported {path}</source>
        <translation>已导出 {path}</translation>
    </message>
    <message>
        <source>This tab has no plot to export as SVG; use Export PNG</source>
        <translation>此标签页没有可导出为 SVG 的图表；请使用导出 PNG</translation>
    </message>
    <message>
        <source>Export SVG</source>
        <translation>导出 SVG</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Export PDF</source>
        <translation>导出 PDF</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Copied the tab as an image</source>
        <translation>已将标签页复制为图像</translation>
    </message>
</context>
<context>
    <name>FractionsDialog</name>
    <message>
        <source>Achievable fractions</source>
        <extracomment>Columns of the table.</extracomment>
        <translation>可达到的比例</translation>
    </message>
    <message>
        <source>Fraction</source>
        <translation>比例</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <source>From</source>
        <translation>出处</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>What the plan and the Step tab&apos;s calibrated prediction assume this device achieves. The first source that has a value wins: your override, measured here by the benchmark, the built-in file. Double-click a value to change it; Save writes your overrides.</source>
        <translation>规划和训练步标签页的校准预测假设此设备能达到的水平。按顺序取第一个有值的来源：你的覆盖值、基准测试在本机的实测、内置文件。双击一个值即可修改；“保存”写入你的覆盖值。</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Write the changed values to your calibration file as this device&apos;s overrides (other devices&apos; are kept); the plan and the Step tab use them at once</source>
        <translation>把修改的值作为此设备的覆盖值写入你的校准文件（其他设备的保留）；规划和训练步标签页立即使用</translation>
    </message>
    <message>
        <source>Reset this device</source>
        <translation>重置此设备</translation>
    </message>
    <message>
        <source>Remove this device&apos;s overrides from your calibration file: measured and built-in values apply again</source>
        <translation>从你的校准文件中删除此设备的覆盖值：重新使用实测值和内置值</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Close without saving the values not saved</source>
        <translation>关闭，不保存尚未保存的值</translation>
    </message>
    <message>
        <source>{device} ({id})</source>
        <translation>{device}（{id}）</translation>
    </message>
    <message>
        <source>Your overrides: {path}</source>
        <translation>你的覆盖值：{path}</translation>
    </message>
    <message>
        <source>{field}: {allowed}; it is not edited here</source>
        <translation>{field}：{allowed}；不在此处编辑</translation>
    </message>
    <message>
        <source>{field}: allowed: {allowed}</source>
        <translation>{field}：允许：{allowed}</translation>
    </message>
    <message>
        <source>Where the value comes from: your override, measured here by the benchmark, the built-in file, a device with the same chip, or the median of its family</source>
        <translation>值的出处：你的覆盖值、基准测试在本机的实测、内置文件、同一芯片的设备，或同系列设备的中位数</translation>
    </message>
    <message>
        <source>no source</source>
        <translation>无来源</translation>
    </message>
    <message>
        <source>{field} is not edited here</source>
        <translation>{field} 不在此处编辑</translation>
    </message>
</context>
<context>
    <name>HubFetch</name>
    <message>
        <source>Cancelled: {repo} was not fetched</source>
        <translation>已取消：未获取 {repo}</translation>
    </message>
    <message>
        <source>Fetch config.json</source>
        <translation>获取 config.json</translation>
    </message>
    <message>
        <source>Download the model&apos;s config.json (a few kB, never its weights) from the Hugging Face Hub into the local cache the command line reads too</source>
        <translation>从 Hugging Face Hub 下载模型的 config.json（几 kB，从不下载权重）到命令行也读取的本地缓存</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Not in the local cache</source>
        <translation>不在本地缓存中</translation>
    </message>
    <message>
        <source>{repo} is not in the Hugging Face cache</source>
        <translation>{repo} 不在 Hugging Face 缓存中</translation>
    </message>
    <message>
        <source>Fetching config.json…</source>
        <translation>正在获取 config.json…</translation>
    </message>
    <message>
        <source>Fetching the config.json of {repo}…</source>
        <translation>正在获取 {repo} 的 config.json…</translation>
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
        <extracomment>Every action the menus added to the window (removed before the menus are rebuilt). The menus :func:`app.menus.build_menus` put in the menu bar (deleted before a rebuild).</extracomment>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Selection</source>
        <translation>选择</translation>
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
        <source>Inputs sent to the {tab} tab (Ctrl+{key})</source>
        <translation>输入已发送到 {tab} 页（Ctrl+{key}）</translation>
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
        <source>Where the numbers of {name} come from</source>
        <translation>{name} 的参数来源</translation>
    </message>
    <message>
        <source>About Napkin Lab</source>
        <translation>关于 Napkin Lab</translation>
    </message>
    <message>
        <source>Napkin Lab: resource accounting for deep learning, after Stanford CS336 lecture 2.</source>
        <translation>Napkin Lab：深度学习的资源核算（resource accounting），基于斯坦福 CS336 第 2 讲。</translation>
    </message>
    <message>
        <source>Internal error: {error} (details on stderr; please report it)</source>
        <translation>内部错误：{error}（详情见 stderr；请报告此问题）</translation>
    </message>
    <message>
        <source>warm-up {target} failed: {error}</source>
        <extracomment>First-call costs worth paying in the background: torch&apos;s import and meta kernels, then the Step tab&apos;s default trace into the trace cache (so its first trace is read back at once).</extracomment>
        <translation>预热 {target} 失败：{error}</translation>
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
        <source>Achievable &amp;fractions…</source>
        <translation>可达到的比例(&amp;F)…</translation>
    </message>
    <message>
        <source>See and edit what the selected device achieves (GEMM, attention, memory, links, kernel launch), each with its source</source>
        <translation>查看并编辑所选设备能达到的水平（GEMM、注意力、内存、互连、核函数启动），每项都附来源</translation>
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
    <name>ModelBox</name>
    <message>
        <source>Config file…</source>
        <translation>配置文件…</translation>
    </message>
    <message>
        <source>A Hugging Face config.json, read offline</source>
        <translation>Hugging Face 的 config.json，离线读取</translation>
    </message>
    <message>
        <source>Hugging Face config.json</source>
        <translation>Hugging Face 的 config.json</translation>
    </message>
</context>
<context>
    <name>Preferences</name>
    <message>
        <source>{file}: not UTF-8 text; not a settings file Napkin Lab wrote</source>
        <extracomment>A settings file larger than this was not written by Napkin Lab.</extracomment>
        <translation>{file}：不是 UTF-8 文本；不是 Napkin Lab 写入的设置文件</translation>
    </message>
    <message>
        <source>{file}: control character {character}; not a settings file</source>
        <translation>{file}：含控制字符 {character}；不是设置文件</translation>
    </message>
    <message>
        <source>{file}, line {line}: not an INI settings line</source>
        <translation>{file}，第 {line} 行：不是 INI 设置行</translation>
    </message>
    <message>
        <source>{file}: is read-only</source>
        <translation>{file}：只读</translation>
    </message>
    <message>
        <source>{file}: not an INI file Qt can read</source>
        <extracomment>Why the settings file is not used or not written (&quot;&quot; when all is well).</extracomment>
        <translation>{file}：不是 Qt 能读取的 INI 文件</translation>
    </message>
    <message>
        <source>Preferences are not saved: {problem}; the file is left as it is</source>
        <translation>偏好设置不会保存：{problem}；该文件保持原样</translation>
    </message>
    <message>
        <source>Preferences are not saved: {file} cannot be written</source>
        <translation>偏好设置未保存：无法写入 {file}</translation>
    </message>
</context>
<context>
    <name>ResultCard</name>
    <message>
        <source>{problem} — showing the last good answer, dimmed</source>
        <translation>{problem} —— 以灰色显示上一个有效结果</translation>
    </message>
</context>
<context>
    <name>SafeIO</name>
    <message>
        <source>a folder</source>
        <extracomment>Deepest nesting of arrays and objects a state file may have (real ones use fewer than 8). Largest magnitude of a JSON number (and smallest non-zero one) a state file may hold.</extracomment>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>a named pipe (FIFO)</source>
        <translation>命名管道 (FIFO)</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>设备文件</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>套接字</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>非普通文件</translation>
    </message>
    <message>
        <source>{count} bytes</source>
        <translation>{count} 字节</translation>
    </message>
    <message>
        <source>{file}: is {kind}; only regular files can be read</source>
        <translation>{file}：是{kind}；只能读取普通文件</translation>
    </message>
    <message>
        <source>{file}: cannot be read ({why})</source>
        <translation>{file}：无法读取（{why}）</translation>
    </message>
    <message>
        <source>{file}: no such file</source>
        <translation>{file}：文件不存在</translation>
    </message>
    <message>
        <source>{file}: larger than {size}; not a file Napkin Lab wrote</source>
        <translation>{file}：大于 {size}；不是 Napkin Lab 写入的文件</translation>
    </message>
    <message>
        <source>{file}: a file name cannot hold a NUL character</source>
        <translation>{file}：文件名不能包含 NUL 字符</translation>
    </message>
    <message>
        <source>{file}: not a .npy file ({why})</source>
        <extracomment>Bytes of a ``.npy`` header read before the array (numpy writes at most 64 KiB of them).</extracomment>
        <translation>{file}：不是 .npy 文件（{why}）</translation>
    </message>
    <message>
        <source>{file}: holds {dtype} values; allowed: a numeric array (no objects)</source>
        <translation>{file}：存的是 {dtype} 值；允许：数值数组（不含对象）</translation>
    </message>
    <message>
        <source>{file}: its header says shape {shape} = {count} values; allowed: up to {high}</source>
        <translation>{file}：文件头声明形状 {shape} = {count} 个值；允许：最多 {high} 个</translation>
    </message>
    <message>
        <source>{file}: its header says {size} bytes of data, the file holds {held}; it is truncated or not a .npy file</source>
        <translation>{file}：文件头声明数据 {size} 字节，文件实际有 {held}；文件被截断或不是 .npy 文件</translation>
    </message>
    <message>
        <source>{file}, line {line}: not UTF-8 text (byte {byte}); the file may be corrupt or not a Napkin Lab file</source>
        <translation>{file}，第 {line} 行：不是 UTF-8 文本（字节 {byte}）；文件可能已损坏，或不是 Napkin Lab 的文件</translation>
    </message>
    <message>
        <source>line {line}: {reason}</source>
        <translation>第 {line} 行：{reason}</translation>
    </message>
    <message>
        <source>the number {number} is out of range; allowed: magnitudes up to {high}</source>
        <translation>数字 {number} 超出范围；允许：绝对值不超过 {high}</translation>
    </message>
    <message>
        <source>the number {number} is too small (it underflows to 0); allowed: 0 or {low} and up</source>
        <translation>数字 {number} 太小（下溢为 0）；允许：0 或不小于 {low}</translation>
    </message>
    <message>
        <source>the number {number} is too small; allowed: 0 or magnitudes from {low}</source>
        <translation>数字 {number} 太小；允许：0 或绝对值不小于 {low}</translation>
    </message>
    <message>
        <source>{token} is not a number JSON allows; write a finite number</source>
        <extracomment>Integers of at most this many characters are 0 or from 1 to below 10**this: inside NUMBER_RANGE, so they are parsed without the check (nearly every integer of a file).</extracomment>
        <translation>{token} 不是 JSON 允许的数字；请写有限的数</translation>
    </message>
    <message>
        <source>nested deeper than {depth} levels; not a Napkin Lab file</source>
        <translation>嵌套超过 {depth} 层；不是 Napkin Lab 的文件</translation>
    </message>
    <message>
        <source>a string holds a lone UTF-16 surrogate (\ud800-\udfff); not valid text</source>
        <translation>字符串含有孤立的 UTF-16 代理项 (\ud800-\udfff)；不是有效文本</translation>
    </message>
    <message>
        <source>the key {key} appears twice in one object (which one is meant cannot be told); keep one</source>
        <translation>键 {key} 在同一个对象中出现了两次（无法判断以哪个为准）；请只保留一个</translation>
    </message>
    <message>
        <source>not valid JSON ({syntax}); the file may be truncated or corrupt</source>
        <translation>不是有效的 JSON（{syntax}）；文件可能被截断或已损坏</translation>
    </message>
    <message>
        <source>not valid JSON ({why})</source>
        <translation>不是有效的 JSON（{why}）</translation>
    </message>
    <message>
        <source>{file}, {problem}</source>
        <translation>{file}，{problem}</translation>
    </message>
    <message>
        <source>{file}: cannot be written ({why}); nothing was changed</source>
        <translation>{file}：无法写入（{why}）；未做任何更改</translation>
    </message>
    <message>
        <source>{file}: is {kind}, not a regular file; it was not replaced</source>
        <translation>{file}：是{kind}，不是普通文件；未被替换</translation>
    </message>
    <message>
        <source>{file}: is read-only; it was not changed (make it writable or choose another file)</source>
        <translation>{file}：只读；未被更改（请设为可写或选择其他文件）</translation>
    </message>
    <message>
        <source>{file}: is a symlink to {target}, whose folder does not exist; nothing was written</source>
        <extracomment>A temporary file of :func:`atomic_write` older than this is stale even without a writer&apos;s process id in its name (one written before the id was recorded). A save takes milliseconds. ``.NAME.PID.random.tmp`` (``PID.`` absent in files of older versions): what mkstemp makes with :func:`_temp_prefix`; nothing else is ever removed.</extracomment>
        <translation>{file}：是指向 {target} 的符号链接，其所在文件夹不存在；未写入任何内容</translation>
    </message>
    <message>
        <source>{file}: folder {folder} does not exist; nothing was written</source>
        <translation>{file}：文件夹 {folder} 不存在；未写入任何内容</translation>
    </message>
    <message>
        <source>{file}: folder cannot be created ({why})</source>
        <translation>{file}：无法创建文件夹（{why}）</translation>
    </message>
    <message>
        <source>{file}: cannot be written ({why}); it was not changed</source>
        <translation>{file}：无法写入（{why}）；文件未被更改</translation>
    </message>
    <message>
        <source>{file}: cannot be written ({why})</source>
        <translation>{file}：无法写入（{why}）</translation>
    </message>
    <message>
        <source>{file}: is {kind}, not a regular file</source>
        <translation>{file}：是{kind}，不是普通文件</translation>
    </message>
</context>
<context>
    <name>Sessions</name>
    <message>
        <source>{tab}: expected an object of inputs, got {kind}; kept the defaults</source>
        <translation>{tab}：应为输入值组成的对象，实际为 {kind}；保留默认值</translation>
    </message>
    <message>
        <source>{tab}: could not restore ({error})</source>
        <translation>{tab}：无法恢复（{error}）</translation>
    </message>
    <message>
        <source>{tab}: unknown inputs {names} ignored; known: {known}</source>
        <translation>{tab}：已忽略未知输入 {names}；已知输入：{known}</translation>
    </message>
    <message>
        <source>{tab}: unknown input {names} ignored; known: {known}</source>
        <translation>{tab}：已忽略未知输入 {names}；已知输入：{known}</translation>
    </message>
    <message>
        <source>dtype: unknown {value}; allowed: {allowed}</source>
        <extracomment>Whether tabs may pay first-call costs in background threads (the interactive app); the screenshot command, which renders one tab once, sets it False and analyses in place.</extracomment>
        <translation>数据类型：未知的 {value}；允许：{allowed}</translation>
    </message>
    <message>
        <source>unknown tab {tab} in session; ignored</source>
        <translation>会话中有未知标签页 {tab}；已忽略</translation>
    </message>
    <message>
        <source>Cannot open session</source>
        <translation>无法打开会话</translation>
    </message>
    <message>
        <source>{app} — {file}</source>
        <translation>{app} — {file}</translation>
    </message>
    <message>
        <source>Napkin Lab session (*.json)</source>
        <translation>Napkin Lab 会话 (*.json)</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Cannot save session</source>
        <translation>无法保存会话</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <source>Inputs not saved: {problem}; fix or remove the file</source>
        <translation>输入未保存：{problem}；请修复或删除该文件</translation>
    </message>
    <message>
        <source>Last session not restored: {problem}; the file is kept as it is and not overwritten (fix or remove it)</source>
        <translation>未恢复上次会话：{problem}；该文件保持原样，不会被覆盖（请修复或删除它）</translation>
    </message>
    <message>
        <source>top level</source>
        <translation>顶层</translation>
    </message>
    <message>
        <source>value at {where} is {value}, which a session cannot hold</source>
        <translation>{where} 处的值为 {value}，会话无法保存这样的值</translation>
    </message>
    <message>
        <source>{file}: the session cannot be written as JSON ({why})</source>
        <translation>{file}：会话无法写成 JSON（{why}）</translation>
    </message>
    <message>
        <source>{file}: not a Napkin Lab session (no &apos;app&apos;: &apos;{tag}&apos;)</source>
        <translation>{file}：不是 Napkin Lab 会话（没有 &apos;app&apos;: &apos;{tag}&apos;）</translation>
    </message>
    <message>
        <source>{file}: &apos;schema_version&apos; must be an integer, got {value}</source>
        <translation>{file}：&apos;schema_version&apos; 必须是整数，实际为 {value}</translation>
    </message>
    <message>
        <source>{file}: written by a newer Napkin Lab (session version {version}; this one reads up to {known}); update Napkin Lab to open it</source>
        <translation>{file}：由更新版本的 Napkin Lab 写入（会话版本 {version}；本版本最多读取 {known}）；请更新 Napkin Lab 后再打开</translation>
    </message>
    <message>
        <source>{file}: session version {version} is not valid</source>
        <translation>{file}：会话版本 {version} 无效</translation>
    </message>
    <message>
        <source>{file}: &apos;device&apos; and &apos;dtype&apos; must be strings</source>
        <translation>{file}：&apos;device&apos; 和 &apos;dtype&apos; 必须是字符串</translation>
    </message>
    <message>
        <source>{file}: &apos;tabs&apos; must map tab names to objects</source>
        <translation>{file}：&apos;tabs&apos; 必须把标签页名映射到对象</translation>
    </message>
    <message>
        <source>{tab}: unknown {key} {value}; kept the current one</source>
        <translation>{tab}：未知的 {key} {value}；保留当前值</translation>
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
    <message>
        <source>Plan</source>
        <translation>规划</translation>
    </message>
    <message>
        <source>Which parallel layout to train on a cluster, what limits it, what to change</source>
        <translation>在集群上用哪种布局训练、瓶颈在哪、该改什么</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Serve a model: memory per GPU, prefill and decode on the roofline, TTFT, TPOT</source>
        <translation>推理服务一个模型：每 GPU 显存、Roofline 上的预填充和解码、TTFT、TPOT</translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <source>forever</source>
        <translation>永远</translation>
    </message>
    <message>
        <source>{n} years</source>
        <translation>{n} 年</translation>
    </message>
    <message>
        <source>{n} days</source>
        <translation>{n} 天</translation>
    </message>
    <message>
        <source>{n} hours</source>
        <translation>{n} 小时</translation>
    </message>
</context>
<context>
    <name>Validate</name>
    <message>
        <source>allowed: a number, with an optional exponent, e.g. 30, 2.5 or 1e2</source>
        <extracomment>Multipliers accepted after a number, in either case (``15T`` or ``15t`` tokens, ``70B`` or ``70b`` parameters, ``80G`` bytes, ``125m`` = 125 million as in model names); exa only as ``E``, since a lower-case ``e`` starts an exponent. The smallest real quantity accepted unless a caller allows zero: far below anything physical, far above the subnormals whose reciprocals overflow. The smallest utilisation-like ratio accepted (0.0001 %). Binary prefixes (``80GiB`` = 80 × 2³⁰): a power of 1,024. Spellings of the compute dtypes (``core.roofline.hardware.DTYPES``) that people and libraries use, mapped to the id: numpy&apos;s and torch&apos;s names, the exact format ids of the Dtypes tab, and the short forms. Case is ignored and a leading ``torch.`` or ``np.`` dropped. Digit groups: ``1,024`` and ``1_000_000`` (commas every three digits, underscores between digits). What a field&apos;s number counts, which picks the examples its errors give (a field&apos;s message shows numbers of its own unit: a deadline is not given examples in bytes). ``count`` (the default): parameters, tokens, GPUs; ``plain``: a bare quantity in the unit its label names (days, bytes per parameter); ``bytes``; ``bytes/s``; ``flop/s``.</extracomment>
        <translation>允许：一个数，可带指数，例如 30、2.5 或 1e2</translation>
    </message>
    <message>
        <source>allowed: bytes, with an optional suffix and unit (80GB = 80e9 bytes, binary 80GiB), e.g. 80GB or 80e9</source>
        <translation>允许：字节数，可带后缀和单位（80GB = 80e9 字节，二进制 80GiB），例如 80GB 或 80e9</translation>
    </message>
    <message>
        <source>allowed: bytes per second, with an optional suffix and unit (450 GB/s = 450G = 450e9), e.g. 450 GB/s or 450e9</source>
        <translation>允许：每秒字节数，可带后缀和单位（450 GB/s = 450G = 450e9），例如 450 GB/s 或 450e9</translation>
    </message>
    <message>
        <source>allowed: FLOP/s, with an optional suffix and unit (989.5 TFLOP/s = 989.5T = 989.5e12), e.g. 989.5 TFLOP/s or 989.5e12</source>
        <translation>允许：FLOP/s，可带后缀和单位（989.5 TFLOP/s = 989.5T = 989.5e12），例如 989.5 TFLOP/s 或 989.5e12</translation>
    </message>
    <message>
        <source>allowed: digits with an optional exponent (6.3e24) or suffix (k, M, B or G, T, P, E; binary Ki, Mi, Gi, Ti; then a unit B, FLOPs or /s: 80GB, 80GiB, 3.35TB/s), e.g. 70e9 or 70B</source>
        <translation>允许：数字，可带指数（6.3e24）或后缀（k、M、B 或 G、T、P、E；二进制 Ki、Mi、Gi、Ti；再加单位 B、FLOPs 或 /s：80GB、80GiB、3.35TB/s），例如 70e9 或 70B</translation>
    </message>
    <message>
        <source>{field}: {value} is not a number</source>
        <translation>{field}：{value} 不是数字</translation>
    </message>
    <message>
        <source>{field}: {value} is too large</source>
        <translation>{field}：{value} 太大</translation>
    </message>
    <message>
        <source>{field}: empty; {allowed}</source>
        <translation>{field}：为空；{allowed}</translation>
    </message>
    <message>
        <source>{field}: empty; allowed: a number such as 1024, 7e9 or 70B</source>
        <translation>{field}：为空；允许：数字，例如 1024、7e9 或 70B</translation>
    </message>
    <message>
        <source>{field}: expected a number, got {kind}</source>
        <translation>{field}：应为数字，实际为 {kind}</translation>
    </message>
    <message>
        <source>{field}: NaN is not allowed; enter a number</source>
        <translation>{field}：不允许 NaN；请输入数字</translation>
    </message>
    <message>
        <source>{field}: {value} is too large (overflows)</source>
        <translation>{field}：{value} 太大（溢出）</translation>
    </message>
    <message>
        <source>{field}: {value} is not a number; {allowed}</source>
        <translation>{field}：{value} 不是数；{allowed}</translation>
    </message>
    <message>
        <source>{field}: {value} is not a number; allowed: digits with an optional exponent (6.3e24) or suffix (k, M, B or G, T, P, E; binary Ki, Mi, Gi, Ti; then a unit B, FLOPs or /s: 80GB, 80GiB, 3.35TB/s), commas only between groups of 3 digits (1,024), e.g. 70e9 or 70B</source>
        <translation>{field}：{value} 不是数字；允许：数字，可带指数（6.3e24）或后缀（k、M、B 或 G、T、P、E；二进制 Ki、Mi、Gi、Ti；其后可跟单位 B、FLOPs 或 /s：80GB、80GiB、3.35TB/s），逗号只能分隔每 3 位数字（1,024），例如 70e9 或 70B</translation>
    </message>
    <message>
        <source>{field}: {value} is not a number; allowed: digits with an optional exponent (6.3e24) or suffix (k, M, B or G, T, P, E; binary Ki, Mi, Gi, Ti; then a unit B, FLOPs or /s: 80GB, 80GiB, 3.35TB/s), e.g. 70e9 or 70B</source>
        <translation>{field}：{value} 不是数字；允许：数字，可带指数（6.3e24）或后缀（k、M、B 或 G、T、P、E；二进制 Ki、Mi、Gi、Ti；其后可跟单位 B、FLOPs 或 /s：80GB、80GiB、3.35TB/s），例如 70e9 或 70B</translation>
    </message>
    <message>
        <source>allowed: an integer from {low} to {high}</source>
        <translation>允许：{low} 到 {high} 的整数</translation>
    </message>
    <message>
        <source>allowed: a number from {low} to {high}</source>
        <translation>允许：{low} 到 {high} 的数</translation>
    </message>
    <message>
        <source>allowed: a number above {low} to {high}</source>
        <translation>允许：大于 {low}、不超过 {high} 的数</translation>
    </message>
    <message>
        <source>{field}: {value} is too small; {allowed}</source>
        <translation>{field}：{value} 太小；{allowed}</translation>
    </message>
    <message>
        <source>{field}: {value} is too large; {allowed}</source>
        <translation>{field}：{value} 太大；{allowed}</translation>
    </message>
    <message>
        <source>{field}: {value} is not a whole number; {allowed}</source>
        <translation>{field}：{value} 不是整数；{allowed}</translation>
    </message>
    <message>
        <source>{field}: {value} is out of range; allowed: {low} to 1 (or {percent}% to 100%)</source>
        <translation>{field}：{value} 超出范围；允许：{low} 到 1（或 {percent}% 到 100%）</translation>
    </message>
    <message>
        <source>{field}: empty; allowed: a file name such as out.png</source>
        <translation>{field}：为空；允许：文件名，例如 out.png</translation>
    </message>
    <message>
        <source>{field}: {value} contains a NUL character; allowed: a file name</source>
        <translation>{field}：{value} 含有 NUL 字符；允许：文件名</translation>
    </message>
    <message>
        <source>{field}: item {position} of {value} is empty; allowed: items separated by single commas, e.g. {example}</source>
        <translation>{field}：{value} 的第 {position} 项为空；允许：用单个逗号分隔的各项，例如 {example}</translation>
    </message>
</context>
<context>
    <name>Workers</name>
    <message>
        <source>waiting for another job’s trace to finish (one trace runs at a time)</source>
        <extracomment>One trace at a time, process-wide. torch&apos;s MemTracker (the Memory, Step and Plan workers all trace under it) hooks every nn.Module through torch&apos;s global module hooks: two traces in two threads (the Memory and the Step tab, a plan during a Step trace, or a cancelled trace still reaching its next check while a new one starts) saw each other&apos;s modules and crashed the process (SIGSEGV, or &quot;terminate called after throwing an instance of &apos;python_error&apos;&quot;). A trace waits for its turn in its own thread, never the GUI&apos;s.</extracomment>
        <translation>等待另一个任务的追踪完成（一次只运行一个追踪）</translation>
    </message>
</context>
</TS>
