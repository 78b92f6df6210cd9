<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>Benchmark</name>
    <message>
        <source>&amp;Benchmark</source>
        <extracomment>Runs that did not stop in time, kept referenced so their QThread is never destroyed running.</extracomment>
        <translation>基準測試(&amp;B)</translation>
    </message>
    <message>
        <source>Run &amp;quick suite</source>
        <translation>執行快速套件(&amp;Q)</translation>
    </message>
    <message>
        <source>Measure this machine (&lt; 1 min)</source>
        <translation>量測本機（&lt; 1 分鐘）</translation>
    </message>
    <message>
        <source>Run &amp;full suite</source>
        <translation>執行完整套件(&amp;F)</translation>
    </message>
    <message>
        <source>More sizes and dtypes (a few minutes)</source>
        <translation>更多尺寸和資料型別（幾分鐘）</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Stop the running benchmark</source>
        <translation>停止執行中的基準測試</translation>
    </message>
    <message>
        <source>Open &amp;measurements…</source>
        <translation>開啟量測結果(&amp;M)…</translation>
    </message>
    <message>
        <source>Load a .jsonl file of benchmark points onto the roofline</source>
        <translation>將基準測試點的 .jsonl 檔案載入 Roofline</translation>
    </message>
    <message>
        <source>A benchmark is already running; cancel it first</source>
        <translation>已有基準測試在執行；請先取消</translation>
    </message>
    <message>
        <source>{problem}; points will not be saved</source>
        <translation>{problem}；量測點不會被儲存</translation>
    </message>
    <message>
        <source>Benchmark starting…</source>
        <translation>基準測試啟動中…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Benchmarking {name}: selected {device} for MFU</source>
        <translation>正在測試 {name}：已選 {device} 計算 MFU</translation>
    </message>
    <message>
        <source>Benchmark {done}/{total}, about {left} left</source>
        <translation>基準測試 {done}/{total}，約剩 {left}</translation>
    </message>
    <message>
        <source>cannot save measurements: {problem}</source>
        <translation>無法儲存量測結果：{problem}</translation>
    </message>
    <message>
        <source>{count} points</source>
        <translation>{count} 個點</translation>
    </message>
    <message>
        <source>{summary}, {count} not measured</source>
        <translation>{summary}，{count} 個未測</translation>
    </message>
    <message>
        <source>{summary}; added “{device}” to the devices</source>
        <translation>{summary}；已將「{device}」加入裝置</translation>
    </message>
    <message>
        <source>Benchmark cancelled: {summary}</source>
        <translation>基準測試已取消：{summary}</translation>
    </message>
    <message>
        <source>Benchmark finished: {summary}</source>
        <translation>基準測試完成：{summary}</translation>
    </message>
    <message>
        <source>Open measurements</source>
        <translation>開啟量測結果</translation>
    </message>
    <message>
        <source>Measurements (*.jsonl);;All files (*)</source>
        <translation>量測結果 (*.jsonl);;所有檔案 (*)</translation>
    </message>
    <message>
        <source>Loaded {count} points from {file}</source>
        <translation>已從 {file} 載入 {count} 個點</translation>
    </message>
    <message>
        <source>{loaded}; {count} lines skipped ({first})</source>
        <translation>{loaded}；略過 {count} 行（{first}）</translation>
    </message>
    <message>
        <source>{case}: failed</source>
        <translation>{case}：失敗</translation>
    </message>
    <message>
        <source>benchmark stopped: {error}: {problem}</source>
        <translation>基準測試已停止：{error}：{problem}</translation>
    </message>
</context>
<context>
    <name>CommView</name>
    <message>
        <source>Collectives</source>
        <translation>集體通訊</translation>
    </message>
    <message>
        <source>{device}: {link} (database)</source>
        <translation>{device}：{link}（資料庫）</translation>
    </message>
    <message>
        <source>link</source>
        <translation>鏈路</translation>
    </message>
    <message>
        <source>{device} has no interconnect bandwidth in the database</source>
        <translation>資料庫中沒有 {device} 的互連頻寬</translation>
    </message>
    <message>
        <source>Open collectives benchmark</source>
        <translation>開啟集體通訊基準測試</translation>
    </message>
    <message>
        <source>JSON lines (*.jsonl);;All files (*)</source>
        <translation>JSON Lines 檔案 (*.jsonl);;所有檔案 (*)</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Napkin Lab</source>
        <extracomment>Every problem reported by :meth:`report_problems` (the screenshot command prints them). Keep the inputs in ``&lt;config&gt;/last-session.json`` on close (the interactive app only).</extracomment>
        <translation>Napkin Lab 心算實驗室</translation>
    </message>
    <message>
        <source>Ready</source>
        <extracomment>Every action the menus added to the window (removed before the menus are rebuilt).</extracomment>
        <translation>就緒</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>裝置</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>資料型別</translation>
    </message>
    <message>
        <source>Compute dtype whose peak every tab uses</source>
        <translation>計算資料型別：各分頁都使用它的峰值算力</translation>
    </message>
    <message>
        <source>(yours)</source>
        <translation>（自訂）</translation>
    </message>
    <message>
        <source>{id}, source: {source}</source>
        <translation>{id}，來源：{source}</translation>
    </message>
    <message>
        <source>Source: {source}</source>
        <translation>來源：{source}</translation>
    </message>
    <message>
        <source>point</source>
        <translation>點</translation>
    </message>
    <message>
        <source>Added {label} to the Roofline tab (Ctrl+3)</source>
        <translation>已將 {label} 加入 Roofline 分頁（Ctrl+3）</translation>
    </message>
    <message>
        <source>Cannot save device</source>
        <translation>無法儲存裝置</translation>
    </message>
    <message>
        <source>Saved {name} in {path}</source>
        <translation>已將 {name} 儲存至 {path}</translation>
    </message>
    <message>
        <source>About Napkin Lab</source>
        <translation>關於 Napkin Lab</translation>
    </message>
    <message>
        <source>Napkin Lab: resource accounting for deep learning, after Stanford CS336 lecture 2.</source>
        <translation>Napkin Lab：深度學習的資源核算（resource accounting），依據史丹佛 CS336 第 2 講。</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open session…</source>
        <translation>開啟工作階段(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近開啟(&amp;R)</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（尚無）</translation>
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation>儲存工作階段(&amp;S)</translation>
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation>工作階段另存為(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Export tab as PNG…</source>
        <translation>將分頁匯出為 PNG(&amp;E)…</translation>
    </message>
    <message>
        <source>Save the current tab as a PNG</source>
        <translation>將目前分頁儲存為 PNG</translation>
    </message>
    <message>
        <source>Export tab as PNG (&amp;2x)…</source>
        <translation>將分頁匯出為 PNG（2 倍）(&amp;2)…</translation>
    </message>
    <message>
        <source>Save the current tab as a PNG at twice the resolution, for slides</source>
        <translation>以兩倍解析度將目前分頁儲存為 PNG，用於投影片</translation>
    </message>
    <message>
        <source>Export plot as &amp;SVG…</source>
        <translation>將圖表匯出為 SVG(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the current tab&apos;s plot as SVG</source>
        <translation>將目前分頁的圖表儲存為 SVG</translation>
    </message>
    <message>
        <source>Export tab as P&amp;DF…</source>
        <translation>將分頁匯出為 PDF(&amp;D)…</translation>
    </message>
    <message>
        <source>Save the current tab as a vector PDF (text stays selectable)</source>
        <translation>將目前分頁儲存為向量 PDF（文字仍可選取）</translation>
    </message>
    <message>
        <source>&amp;Copy image</source>
        <translation>複製影像(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the current tab to the clipboard at 2x</source>
        <translation>以 2 倍解析度將目前分頁複製到剪貼簿</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <source>Light theme</source>
        <translation>淺色主題</translation>
    </message>
    <message>
        <source>Dark theme</source>
        <translation>深色主題</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>簡報模式(&amp;P)</translation>
    </message>
    <message>
        <source>Larger fonts and lines for slides</source>
        <translation>更大的字型與線條，適合投影片</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>語言(&amp;L)</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>跟隨系統語言</translation>
    </message>
    <message>
        <source>Show the window in this language (no restart)</source>
        <translation>以此語言顯示視窗（無須重新啟動）</translation>
    </message>
    <message>
        <source>&amp;Devices</source>
        <translation>裝置(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Add your own device…</source>
        <translation>新增自訂裝置(&amp;A)…</translation>
    </message>
    <message>
        <source>Describe an accelerator; saved in your config folder</source>
        <translation>描述一個加速器；儲存在你的設定資料夾中</translation>
    </message>
    <message>
        <source>Where do the device numbers come from?</source>
        <translation>裝置數據來自哪裡？</translation>
    </message>
    <message>
        <source>Open &amp;collectives benchmark…</source>
        <translation>開啟集體通訊基準測試結果(&amp;C)…</translation>
    </message>
    <message>
        <source>Plot bench --suite collectives results against the device&apos;s interconnect</source>
        <translation>將 bench --suite collectives 的結果與裝置互連頻寬畫在一起</translation>
    </message>
    <message>
        <source>&amp;About Napkin Lab</source>
        <translation>關於 Napkin Lab(&amp;A)</translation>
    </message>
</context>
<context>
    <name>Tabs</name>
    <message>
        <source>Dtypes</source>
        <translation>資料型別</translation>
    </message>
    <message>
        <source>Bit layouts of fp64 down to fp4 and block formats</source>
        <translation>從 fp64 到 fp4 以及區塊縮放格式的位元配置</translation>
    </message>
    <message>
        <source>Einops</source>
        <translation>Einops</translation>
    </message>
    <message>
        <source>What an einops pattern does and what it costs</source>
        <translation>einops 模式做了什麼、代價是多少</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>Ceilings per device and dtype, operator points</source>
        <translation>各裝置與資料型別的效能上限，以及運算子的位置</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>記憶體</translation>
    </message>
    <message>
        <source>Training memory: params, grads, optimizer, activations</source>
        <translation>訓練記憶體：參數、梯度、優化器狀態、激活值</translation>
    </message>
    <message>
        <source>Napkin</source>
        <translation>心算</translation>
    </message>
    <message>
        <source>Back-of-envelope training time and model size</source>
        <translation>粗略估算訓練時間與模型規模</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>訓練步</translation>
    </message>
    <message>
        <source>One training step op by op: FLOPs, bytes, time and MFU on a device</source>
        <translation>逐個運算看一個訓練步：在某裝置上的 FLOPs、位元組數、時間與 MFU</translation>
    </message>
</context>
</TS>
