<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>Benchmark</name>
    <message>
        <source>&amp;Benchmark</source>
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
        <source>Run &amp;data-path suite</source>
        <translation>執行資料路徑套件(&amp;D)</translation>
    </message>
    <message>
        <source>Measure how fast this machine assembles training batches from a token file (about 15 s); the Plan&apos;s data-path row then uses it</source>
        <translation>測量本機從 token 檔組裝訓練批次的速度（約 15 s）；之後規劃的資料路徑一列會使用它</translation>
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
        <source>Benchmark: about {left} left</source>
        <translation>基準測試：約剩 {left}</translation>
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
        <source>{rate} tokens/s ({variant}, {count} configurations) in {file}</source>
        <translation>{rate} token/s（{variant}，{count} 個設定），已存入 {file}</translation>
    </message>
    <message>
        <source>nothing measured</source>
        <translation>未測得任何結果</translation>
    </message>
    <message>
        <source>Data-path suite cancelled: {summary}</source>
        <translation>資料路徑套件已取消：{summary}</translation>
    </message>
    <message>
        <source>Data-path suite finished: {summary}</source>
        <translation>資料路徑套件完成：{summary}</translation>
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
    <name>CardDeck</name>
    <message>
        <source>Show these cards</source>
        <translation>顯示這些卡片</translation>
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
    <name>DeviceDialog</name>
    <message>
        <source>Same chip as {device}</source>
        <translation>與 {device} 同一晶片</translation>
    </message>
    <message>
        <source>Same chip as a listed device</source>
        <translation>與清單中的某個裝置同一晶片</translation>
    </message>
    <message>
        <source>Add your own device</source>
        <extracomment>The device file&apos;s own lower bound (:func:`device_from_dict`): below 1 FLOP/s or byte is a typo.</extracomment>
        <translation>新增自訂裝置</translation>
    </message>
    <message>
        <source>Short id used by sessions and the CLI (letters, digits, dashes)</source>
        <translation>工作階段與命令列使用的簡短 id（字母、數字、連字號）</translation>
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
        <translation>實測 / 我的規格書</translation>
    </message>
    <message>
        <source>Where the numbers come from</source>
        <translation>這些數字的來源</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>來源</translation>
    </message>
    <message>
        <source>A variant as deployed (memory size or type, NVLink, network, or the lower peaks of a power limit&apos;s clocks): the plan uses that chip&apos;s measured efficiencies with the memory, links and peaks typed here</source>
        <translation>實際部署的變體（記憶體容量或類型、NVLink、網路，或功耗上限所限時脈下較低的峰值）：規劃使用該晶片實測的效率，以及此處填寫的記憶體、連結和峰值</translation>
    </message>
    <message>
        <source>bandwidth</source>
        <translation>頻寬</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>記憶體</translation>
    </message>
    <message>
        <source>Memory bandwidth in bytes/s (1e12 or 1T)</source>
        <translation>記憶體頻寬，單位位元組/秒（1e12 或 1T）</translation>
    </message>
    <message>
        <source>Memory a run can fill, in bytes: the total nvidia-smi reports (24e9 or 24G)</source>
        <translation>一次執行能用滿的記憶體，單位位元組：nvidia-smi 回報的總量（24e9 或 24G）</translation>
    </message>
    <message>
        <source>Bandwidth (B/s)</source>
        <translation>頻寬 (B/s)</translation>
    </message>
    <message>
        <source>Memory (bytes)</source>
        <translation>記憶體（位元組）</translation>
    </message>
    <message>
        <source>Intra-node link (B/s)</source>
        <translation>節點內互連 (B/s)</translation>
    </message>
    <message>
        <source>Network per GPU (B/s)</source>
        <translation>每 GPU 網路 (B/s)</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>{link}; unidirectional bytes/s per GPU; empty if unknown</source>
        <translation>{link}；每 GPU 單向位元組/秒；未知則留空</translation>
    </message>
    <message>
        <source>{dtype} peak</source>
        <translation>{dtype} 峰值</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>Dense {dtype} peak FLOP/s; empty if unsupported</source>
        <translation>稠密 {dtype} 峰值 FLOP/s；不支援則留空</translation>
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
        <translation>縮放：{scale} 超出範圍；允許：0.5 到 4</translation>
    </message>
    <message>
        <source>{file}: the picture could not be encoded as PNG</source>
        <translation>{file}：無法將影像編碼為 PNG</translation>
    </message>
    <message>
        <source>{file}: the plot is not laid out yet (show its page, then export)</source>
        <translation>{file}：圖表尚未完成版面配置（先顯示它所在的頁面，再匯出）</translation>
    </message>
    <message>
        <source>{file}: the SVG exporter made nothing</source>
        <translation>{file}：SVG 匯出器沒有產生任何內容</translation>
    </message>
    <message>
        <source>{file}: the PDF writer made nothing</source>
        <translation>{file}：PDF 寫入器沒有產生任何內容</translation>
    </message>
    <message>
        <source>Export PNG</source>
        <translation>匯出 PNG</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 影像 (*.png)</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>無法匯出</translation>
    </message>
    <message>
        <source>Exported {path}</source>
        <translation>已匯出 {path}</translation>
    </message>
    <message>
        <source>This tab has no plot to export as SVG; use Export PNG</source>
        <translation>此分頁沒有可匯出為 SVG 的圖表；請使用匯出 PNG</translation>
    </message>
    <message>
        <source>Export SVG</source>
        <translation>匯出 SVG</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 向量圖 (*.svg)</translation>
    </message>
    <message>
        <source>Export PDF</source>
        <translation>匯出 PDF</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <source>Copied the tab as an image</source>
        <translation>已將分頁複製為影像</translation>
    </message>
</context>
<context>
    <name>FractionsDialog</name>
    <message>
        <source>Achievable fractions</source>
        <extracomment>Columns of the table.</extracomment>
        <translation>可達到的比例</translation>
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
        <translation>單位</translation>
    </message>
    <message>
        <source>From</source>
        <translation>出處</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>來源</translation>
    </message>
    <message>
        <source>What the plan and the Step tab&apos;s calibrated prediction assume this device achieves. The first source that has a value wins: your override, measured here by the benchmark, the built-in file. Double-click a value to change it; Save writes your overrides.</source>
        <translation>規劃與訓練步分頁的校準預測假設此裝置能達到的水準。按順序取第一個有值的來源：你的覆寫值、基準測試在本機的實測、內建檔案。按兩下一個值即可修改；「儲存」寫入你的覆寫值。</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>儲存</translation>
    </message>
    <message>
        <source>Write the changed values to your calibration file as this device&apos;s overrides (other devices&apos; are kept); the plan and the Step tab use them at once</source>
        <translation>把修改的值作為此裝置的覆寫值寫入你的校準檔案（其他裝置的保留）；規劃與訓練步分頁立即使用</translation>
    </message>
    <message>
        <source>Reset this device</source>
        <translation>重設此裝置</translation>
    </message>
    <message>
        <source>Remove this device&apos;s overrides from your calibration file: measured and built-in values apply again</source>
        <translation>從你的校準檔案中刪除此裝置的覆寫值：重新使用實測值與內建值</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>Close without saving the values not saved</source>
        <translation>關閉，不儲存尚未儲存的值</translation>
    </message>
    <message>
        <source>{device} ({id})</source>
        <translation>{device}（{id}）</translation>
    </message>
    <message>
        <source>Your overrides: {path}</source>
        <translation>你的覆寫值：{path}</translation>
    </message>
    <message>
        <source>{field}: {allowed}; it is not edited here</source>
        <translation>{field}：{allowed}；不在此處編輯</translation>
    </message>
    <message>
        <source>{field}: allowed: {allowed}</source>
        <translation>{field}：允許：{allowed}</translation>
    </message>
    <message>
        <source>Where the value comes from: your override, measured here by the benchmark, the built-in file, a device with the same chip, or the median of its family</source>
        <translation>值的出處：你的覆寫值、基準測試在本機的實測、內建檔案、同一晶片的裝置，或同系列裝置的中位數</translation>
    </message>
    <message>
        <source>no source</source>
        <translation>無來源</translation>
    </message>
    <message>
        <source>{field} is not edited here</source>
        <translation>{field} 不在此處編輯</translation>
    </message>
</context>
<context>
    <name>HubFetch</name>
    <message>
        <source>Cancelled: {repo} was not fetched</source>
        <translation>已取消：未獲取 {repo}</translation>
    </message>
    <message>
        <source>Fetch config.json</source>
        <translation>獲取 config.json</translation>
    </message>
    <message>
        <source>Download the model&apos;s config.json (a few kB, never its weights) from the Hugging Face Hub into the local cache the command line reads too</source>
        <translation>從 Hugging Face Hub 下載模型的 config.json（几 kB，從不下載權重）到命令行也讀取的本地緩存</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Not in the local cache</source>
        <translation>不在本地緩存中</translation>
    </message>
    <message>
        <source>{repo} is not in the Hugging Face cache</source>
        <translation>{repo} 不在 Hugging Face 緩存中</translation>
    </message>
    <message>
        <source>Fetching config.json…</source>
        <translation>正在獲取 config.json…</translation>
    </message>
    <message>
        <source>Fetching the config.json of {repo}…</source>
        <translation>正在獲取 {repo} 的 config.json…</translation>
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
        <extracomment>Every action the menus added to the window (removed before the menus are rebuilt). The menus :func:`app.menus.build_menus` put in the menu bar (deleted before a rebuild).</extracomment>
        <translation>就緒</translation>
    </message>
    <message>
        <source>Selection</source>
        <translation>選擇</translation>
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
        <source>Inputs sent to the {tab} tab (Ctrl+{key})</source>
        <translation>輸入已傳送到 {tab} 頁（Ctrl+{key}）</translation>
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
        <source>Where the numbers of {name} come from</source>
        <translation>{name} 的參數來源</translation>
    </message>
    <message>
        <source>About Napkin Lab</source>
        <translation>關於 Napkin Lab</translation>
    </message>
    <message>
        <source>Napkin Lab: resource accounting for deep learning, after Stanford CS336 lecture 2.</source>
        <translation>Napkin Lab：深度學習的資源核算（resource accounting），依據史丹佛 CS336 第 2 講。</translation>
    </message>
    <message>
        <source>Internal error: {error} (details on stderr; please report it)</source>
        <translation>內部錯誤：{error}（詳情見 stderr；請回報此問題）</translation>
    </message>
    <message>
        <source>warm-up {target} failed: {error}</source>
        <extracomment>First-call costs worth paying in the background: torch&apos;s import and meta kernels, then the Step tab&apos;s default trace into the trace cache (so its first trace is read back at once).</extracomment>
        <translation>預熱 {target} 失敗：{error}</translation>
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
        <source>Achievable &amp;fractions…</source>
        <translation>可達到的比例(&amp;F)…</translation>
    </message>
    <message>
        <source>See and edit what the selected device achieves (GEMM, attention, memory, links, kernel launch), each with its source</source>
        <translation>檢視並編輯所選裝置能達到的水準（GEMM、注意力、記憶體、互連、核函式啟動），每項都附來源</translation>
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
    <name>ModelBox</name>
    <message>
        <source>Config file…</source>
        <translation>設定檔…</translation>
    </message>
    <message>
        <source>A Hugging Face config.json, read offline</source>
        <translation>Hugging Face 的 config.json，離線讀取</translation>
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
        <translation>{file}：不是 UTF-8 文字；不是 Napkin Lab 寫入的設定檔</translation>
    </message>
    <message>
        <source>{file}: control character {character}; not a settings file</source>
        <translation>{file}：含控制字元 {character}；不是設定檔</translation>
    </message>
    <message>
        <source>{file}, line {line}: not an INI settings line</source>
        <translation>{file}，第 {line} 行：不是 INI 設定行</translation>
    </message>
    <message>
        <source>{file}: is read-only</source>
        <translation>{file}：唯讀</translation>
    </message>
    <message>
        <source>{file}: not an INI file Qt can read</source>
        <extracomment>Why the settings file is not used or not written (&quot;&quot; when all is well).</extracomment>
        <translation>{file}：不是 Qt 能讀取的 INI 檔案</translation>
    </message>
    <message>
        <source>Preferences are not saved: {problem}; the file is left as it is</source>
        <translation>偏好設定不會儲存：{problem}；該檔案保持原樣</translation>
    </message>
    <message>
        <source>Preferences are not saved: {file} cannot be written</source>
        <translation>偏好設定未儲存：無法寫入 {file}</translation>
    </message>
</context>
<context>
    <name>ResultCard</name>
    <message>
        <source>{problem} — showing the last good answer, dimmed</source>
        <translation>{problem} —— 以灰色顯示上一個有效結果</translation>
    </message>
</context>
<context>
    <name>SafeIO</name>
    <message>
        <source>a folder</source>
        <extracomment>Deepest nesting of arrays and objects a state file may have (real ones use fewer than 8). Largest magnitude of a JSON number (and smallest non-zero one) a state file may hold.</extracomment>
        <translation>資料夾</translation>
    </message>
    <message>
        <source>a named pipe (FIFO)</source>
        <translation>具名管道 (FIFO)</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>裝置檔</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>通訊端</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>非一般檔案</translation>
    </message>
    <message>
        <source>{count} bytes</source>
        <translation>{count} 位元組</translation>
    </message>
    <message>
        <source>{file}: is {kind}; only regular files can be read</source>
        <translation>{file}：是{kind}；只能讀取一般檔案</translation>
    </message>
    <message>
        <source>{file}: cannot be read ({why})</source>
        <translation>{file}：無法讀取（{why}）</translation>
    </message>
    <message>
        <source>{file}: no such file</source>
        <translation>{file}：檔案不存在</translation>
    </message>
    <message>
        <source>{file}: larger than {size}; not a file Napkin Lab wrote</source>
        <translation>{file}：大於 {size}；不是 Napkin Lab 寫入的檔案</translation>
    </message>
    <message>
        <source>{file}: a file name cannot hold a NUL character</source>
        <translation>{file}：檔名不能包含 NUL 字元</translation>
    </message>
    <message>
        <source>{file}: not a .npy file ({why})</source>
        <extracomment>Bytes of a ``.npy`` header read before the array (numpy writes at most 64 KiB of them).</extracomment>
        <translation>{file}：不是 .npy 檔案（{why}）</translation>
    </message>
    <message>
        <source>{file}: holds {dtype} values; allowed: a numeric array (no objects)</source>
        <translation>{file}：存的是 {dtype} 值；允許：數值陣列（不含物件）</translation>
    </message>
    <message>
        <source>{file}: its header says shape {shape} = {count} values; allowed: up to {high}</source>
        <translation>{file}：檔頭宣告形狀 {shape} = {count} 個值；允許：最多 {high} 個</translation>
    </message>
    <message>
        <source>{file}: its header says {size} bytes of data, the file holds {held}; it is truncated or not a .npy file</source>
        <translation>{file}：檔頭宣告資料 {size} 位元組，檔案實際有 {held}；檔案被截斷或不是 .npy 檔案</translation>
    </message>
    <message>
        <source>{file}, line {line}: not UTF-8 text (byte {byte}); the file may be corrupt or not a Napkin Lab file</source>
        <translation>{file}，第 {line} 行：不是 UTF-8 文字（位元組 {byte}）；檔案可能已損毀，或不是 Napkin Lab 的檔案</translation>
    </message>
    <message>
        <source>line {line}: {reason}</source>
        <translation>第 {line} 行：{reason}</translation>
    </message>
    <message>
        <source>the number {number} is out of range; allowed: magnitudes up to {high}</source>
        <translation>數字 {number} 超出範圍；允許：絕對值不超過 {high}</translation>
    </message>
    <message>
        <source>the number {number} is too small (it underflows to 0); allowed: 0 or {low} and up</source>
        <translation>數字 {number} 太小（下溢為 0）；允許：0 或不小於 {low}</translation>
    </message>
    <message>
        <source>the number {number} is too small; allowed: 0 or magnitudes from {low}</source>
        <translation>數字 {number} 太小；允許：0 或絕對值不小於 {low}</translation>
    </message>
    <message>
        <source>{token} is not a number JSON allows; write a finite number</source>
        <extracomment>Integers of at most this many characters are 0 or from 1 to below 10**this: inside NUMBER_RANGE, so they are parsed without the check (nearly every integer of a file).</extracomment>
        <translation>{token} 不是 JSON 允許的數字；請寫有限的數</translation>
    </message>
    <message>
        <source>nested deeper than {depth} levels; not a Napkin Lab file</source>
        <translation>巢狀超過 {depth} 層；不是 Napkin Lab 的檔案</translation>
    </message>
    <message>
        <source>a string holds a lone UTF-16 surrogate (\ud800-\udfff); not valid text</source>
        <translation>字串含有孤立的 UTF-16 代理字元 (\ud800-\udfff)；不是有效文字</translation>
    </message>
    <message>
        <source>the key {key} appears twice in one object (which one is meant cannot be told); keep one</source>
        <translation>鍵 {key} 在同一個物件中出現了兩次（無法判斷以哪個為準）；請只保留一個</translation>
    </message>
    <message>
        <source>not valid JSON ({syntax}); the file may be truncated or corrupt</source>
        <translation>不是有效的 JSON（{syntax}）；檔案可能被截斷或已損毀</translation>
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
        <translation>{file}：無法寫入（{why}）；未做任何變更</translation>
    </message>
    <message>
        <source>{file}: is {kind}, not a regular file; it was not replaced</source>
        <translation>{file}：是{kind}，不是一般檔案；未被取代</translation>
    </message>
    <message>
        <source>{file}: is read-only; it was not changed (make it writable or choose another file)</source>
        <translation>{file}：唯讀；未被變更（請設為可寫入或選擇其他檔案）</translation>
    </message>
    <message>
        <source>{file}: is a symlink to {target}, whose folder does not exist; nothing was written</source>
        <extracomment>A temporary file of :func:`atomic_write` older than this is stale even without a writer&apos;s process id in its name (one written before the id was recorded). A save takes milliseconds. ``.NAME.PID.random.tmp`` (``PID.`` absent in files of older versions): what mkstemp makes with :func:`_temp_prefix`; nothing else is ever removed.</extracomment>
        <translation>{file}：是指向 {target} 的符號連結，其所在資料夾不存在；未寫入任何內容</translation>
    </message>
    <message>
        <source>{file}: folder {folder} does not exist; nothing was written</source>
        <translation>{file}：資料夾 {folder} 不存在；未寫入任何內容</translation>
    </message>
    <message>
        <source>{file}: folder cannot be created ({why})</source>
        <translation>{file}：無法建立資料夾（{why}）</translation>
    </message>
    <message>
        <source>{file}: cannot be written ({why}); it was not changed</source>
        <translation>{file}：無法寫入（{why}）；檔案未被變更</translation>
    </message>
    <message>
        <source>{file}: cannot be written ({why})</source>
        <translation>{file}：無法寫入（{why}）</translation>
    </message>
    <message>
        <source>{file}: is {kind}, not a regular file</source>
        <translation>{file}：是{kind}，不是一般檔案</translation>
    </message>
</context>
<context>
    <name>Sessions</name>
    <message>
        <source>{tab}: expected an object of inputs, got {kind}; kept the defaults</source>
        <translation>{tab}：應為輸入值組成的物件，實際為 {kind}；保留預設值</translation>
    </message>
    <message>
        <source>{tab}: could not restore ({error})</source>
        <translation>{tab}：無法還原（{error}）</translation>
    </message>
    <message>
        <source>{tab}: unknown inputs {names} ignored; known: {known}</source>
        <translation>{tab}：已忽略未知輸入 {names}；已知輸入：{known}</translation>
    </message>
    <message>
        <source>{tab}: unknown input {names} ignored; known: {known}</source>
        <translation>{tab}：已忽略未知輸入 {names}；已知輸入：{known}</translation>
    </message>
    <message>
        <source>dtype: unknown {value}; allowed: {allowed}</source>
        <extracomment>Whether tabs may pay first-call costs in background threads (the interactive app); the screenshot command, which renders one tab once, sets it False and analyses in place.</extracomment>
        <translation>資料型別：未知的 {value}；允許：{allowed}</translation>
    </message>
    <message>
        <source>unknown tab {tab} in session; ignored</source>
        <translation>工作階段中有未知分頁 {tab}；已忽略</translation>
    </message>
    <message>
        <source>Cannot open session</source>
        <translation>無法開啟工作階段</translation>
    </message>
    <message>
        <source>{app} — {file}</source>
        <translation>{app} — {file}</translation>
    </message>
    <message>
        <source>Napkin Lab session (*.json)</source>
        <translation>Napkin Lab 工作階段 (*.json)</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>開啟工作階段</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>儲存工作階段</translation>
    </message>
    <message>
        <source>Cannot save session</source>
        <translation>無法儲存工作階段</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>已儲存 {path}</translation>
    </message>
    <message>
        <source>Inputs not saved: {problem}; fix or remove the file</source>
        <translation>輸入未儲存：{problem}；請修復或刪除該檔案</translation>
    </message>
    <message>
        <source>Last session not restored: {problem}; the file is kept as it is and not overwritten (fix or remove it)</source>
        <translation>未還原上次的工作階段：{problem}；該檔案保持原樣，不會被覆寫（請修復或刪除它）</translation>
    </message>
    <message>
        <source>top level</source>
        <translation>最上層</translation>
    </message>
    <message>
        <source>value at {where} is {value}, which a session cannot hold</source>
        <translation>{where} 處的值為 {value}，工作階段無法儲存這樣的值</translation>
    </message>
    <message>
        <source>{file}: the session cannot be written as JSON ({why})</source>
        <translation>{file}：工作階段無法寫成 JSON（{why}）</translation>
    </message>
    <message>
        <source>{file}: not a Napkin Lab session (no &apos;app&apos;: &apos;{tag}&apos;)</source>
        <translation>{file}：不是 Napkin Lab 工作階段（沒有 &apos;app&apos;: &apos;{tag}&apos;）</translation>
    </message>
    <message>
        <source>{file}: &apos;schema_version&apos; must be an integer, got {value}</source>
        <translation>{file}：&apos;schema_version&apos; 必須是整數，實際為 {value}</translation>
    </message>
    <message>
        <source>{file}: written by a newer Napkin Lab (session version {version}; this one reads up to {known}); update Napkin Lab to open it</source>
        <translation>{file}：由較新版本的 Napkin Lab 寫入（工作階段版本 {version}；本版本最多讀取 {known}）；請更新 Napkin Lab 後再開啟</translation>
    </message>
    <message>
        <source>{file}: session version {version} is not valid</source>
        <translation>{file}：工作階段版本 {version} 無效</translation>
    </message>
    <message>
        <source>{file}: &apos;device&apos; and &apos;dtype&apos; must be strings</source>
        <translation>{file}：&apos;device&apos; 和 &apos;dtype&apos; 必須是字串</translation>
    </message>
    <message>
        <source>{file}: &apos;tabs&apos; must map tab names to objects</source>
        <translation>{file}：&apos;tabs&apos; 必須把分頁名稱對應到物件</translation>
    </message>
    <message>
        <source>{tab}: unknown {key} {value}; kept the current one</source>
        <translation>{tab}：未知的 {key} {value}；保留目前的值</translation>
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
    <message>
        <source>Plan</source>
        <translation>規劃</translation>
    </message>
    <message>
        <source>Which parallel layout to train on a cluster, what limits it, what to change</source>
        <translation>在叢集上用哪種配置訓練、瓶頸在哪、該改什麼</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>推論</translation>
    </message>
    <message>
        <source>Serve a model: memory per GPU, prefill and decode on the roofline, TTFT, TPOT</source>
        <translation>推論服務一個模型：每 GPU 記憶體、Roofline 上的預填充和解碼、TTFT、TPOT</translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <source>forever</source>
        <translation>永遠</translation>
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
        <translation>{n} 小時</translation>
    </message>
</context>
<context>
    <name>Validate</name>
    <message>
        <source>allowed: a number, with an optional exponent, e.g. 30, 2.5 or 1e2</source>
        <extracomment>Multipliers accepted after a number, in either case (``15T`` or ``15t`` tokens, ``70B`` or ``70b`` parameters, ``80G`` bytes, ``125m`` = 125 million as in model names); exa only as ``E``, since a lower-case ``e`` starts an exponent. The smallest real quantity accepted unless a caller allows zero: far below anything physical, far above the subnormals whose reciprocals overflow. The smallest utilisation-like ratio accepted (0.0001 %). Binary prefixes (``80GiB`` = 80 × 2³⁰): a power of 1,024. Spellings of the compute dtypes (``core.roofline.hardware.DTYPES``) that people and libraries use, mapped to the id: numpy&apos;s and torch&apos;s names, the exact format ids of the Dtypes tab, and the short forms. Case is ignored and a leading ``torch.`` or ``np.`` dropped. Digit groups: ``1,024`` and ``1_000_000`` (commas every three digits, underscores between digits). What a field&apos;s number counts, which picks the examples its errors give (a field&apos;s message shows numbers of its own unit: a deadline is not given examples in bytes). ``count`` (the default): parameters, tokens, GPUs; ``plain``: a bare quantity in the unit its label names (days, bytes per parameter); ``bytes``; ``bytes/s``; ``flop/s``.</extracomment>
        <translation>允許：一個數，可帶指數，例如 30、2.5 或 1e2</translation>
    </message>
    <message>
        <source>allowed: bytes, with an optional suffix and unit (80GB = 80e9 bytes, binary 80GiB), e.g. 80GB or 80e9</source>
        <translation>允許：字節數，可帶後綴和單位（80GB = 80e9 字節，二進制 80GiB），例如 80GB 或 80e9</translation>
    </message>
    <message>
        <source>allowed: bytes per second, with an optional suffix and unit (450 GB/s = 450G = 450e9), e.g. 450 GB/s or 450e9</source>
        <translation>允許：每秒字節數，可帶後綴和單位（450 GB/s = 450G = 450e9），例如 450 GB/s 或 450e9</translation>
    </message>
    <message>
        <source>allowed: FLOP/s, with an optional suffix and unit (989.5 TFLOP/s = 989.5T = 989.5e12), e.g. 989.5 TFLOP/s or 989.5e12</source>
        <translation>允許：FLOP/s，可帶後綴和單位（989.5 TFLOP/s = 989.5T = 989.5e12），例如 989.5 TFLOP/s 或 989.5e12</translation>
    </message>
    <message>
        <source>allowed: digits with an optional exponent (6.3e24) or suffix (k, M, B or G, T, P, E; binary Ki, Mi, Gi, Ti; then a unit B, FLOPs or /s: 80GB, 80GiB, 3.35TB/s), e.g. 70e9 or 70B</source>
        <translation>允許：數字，可帶指數（6.3e24）或後綴（k、M、B 或 G、T、P、E；二進制 Ki、Mi、Gi、Ti；再加單位 B、FLOPs 或 /s：80GB、80GiB、3.35TB/s），例如 70e9 或 70B</translation>
    </message>
    <message>
        <source>{field}: {value} is not a number</source>
        <translation>{field}：{value} 不是數字</translation>
    </message>
    <message>
        <source>{field}: {value} is too large</source>
        <translation>{field}：{value} 太大</translation>
    </message>
    <message>
        <source>{field}: empty; {allowed}</source>
        <translation>{field}：為空；{allowed}</translation>
    </message>
    <message>
        <source>{field}: empty; allowed: a number such as 1024, 7e9 or 70B</source>
        <translation>{field}：為空；允許：數字，例如 1024、7e9 或 70B</translation>
    </message>
    <message>
        <source>{field}: expected a number, got {kind}</source>
        <translation>{field}：應為數字，實際為 {kind}</translation>
    </message>
    <message>
        <source>{field}: NaN is not allowed; enter a number</source>
        <translation>{field}：不允許 NaN；請輸入數字</translation>
    </message>
    <message>
        <source>{field}: {value} is too large (overflows)</source>
        <translation>{field}：{value} 太大（溢位）</translation>
    </message>
    <message>
        <source>{field}: {value} is not a number; {allowed}</source>
        <translation>{field}：{value} 不是數；{allowed}</translation>
    </message>
    <message>
        <source>{field}: {value} is not a number; allowed: digits with an optional exponent (6.3e24) or suffix (k, M, B or G, T, P, E; binary Ki, Mi, Gi, Ti; then a unit B, FLOPs or /s: 80GB, 80GiB, 3.35TB/s), commas only between groups of 3 digits (1,024), e.g. 70e9 or 70B</source>
        <translation>{field}：{value} 不是數字；允許：數字，可帶指數（6.3e24）或字尾（k、M、B 或 G、T、P、E；二進位 Ki、Mi、Gi、Ti；其後可接單位 B、FLOPs 或 /s：80GB、80GiB、3.35TB/s），逗號只能分隔每 3 位數字（1,024），例如 70e9 或 70B</translation>
    </message>
    <message>
        <source>{field}: {value} is not a number; allowed: digits with an optional exponent (6.3e24) or suffix (k, M, B or G, T, P, E; binary Ki, Mi, Gi, Ti; then a unit B, FLOPs or /s: 80GB, 80GiB, 3.35TB/s), e.g. 70e9 or 70B</source>
        <translation>{field}：{value} 不是數字；允許：數字，可帶指數（6.3e24）或字尾（k、M、B 或 G、T、P、E；二進位 Ki、Mi、Gi、Ti；其後可接單位 B、FLOPs 或 /s：80GB、80GiB、3.35TB/s），例如 70e9 或 70B</translation>
    </message>
    <message>
        <source>allowed: an integer from {low} to {high}</source>
        <translation>允許：{low} 到 {high} 的整數</translation>
    </message>
    <message>
        <source>allowed: a number from {low} to {high}</source>
        <translation>允許：{low} 到 {high} 的數</translation>
    </message>
    <message>
        <source>allowed: a number above {low} to {high}</source>
        <translation>允許：大於 {low}、不超過 {high} 的數</translation>
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
        <translation>{field}：{value} 不是整數；{allowed}</translation>
    </message>
    <message>
        <source>{field}: {value} is out of range; allowed: {low} to 1 (or {percent}% to 100%)</source>
        <translation>{field}：{value} 超出範圍；允許：{low} 到 1（或 {percent}% 到 100%）</translation>
    </message>
    <message>
        <source>{field}: empty; allowed: a file name such as out.png</source>
        <translation>{field}：為空；允許：檔案名稱，例如 out.png</translation>
    </message>
    <message>
        <source>{field}: {value} contains a NUL character; allowed: a file name</source>
        <translation>{field}：{value} 含有 NUL 字元；允許：檔案名稱</translation>
    </message>
    <message>
        <source>{field}: item {position} of {value} is empty; allowed: items separated by single commas, e.g. {example}</source>
        <translation>{field}：{value} 的第 {position} 項為空；允許：以單一逗號分隔的各項，例如 {example}</translation>
    </message>
</context>
<context>
    <name>Workers</name>
    <message>
        <source>waiting for another job’s trace to finish (one trace runs at a time)</source>
        <extracomment>One trace at a time, process-wide. torch&apos;s MemTracker (the Memory, Step and Plan workers all trace under it) hooks every nn.Module through torch&apos;s global module hooks: two traces in two threads (the Memory and the Step tab, a plan during a Step trace, or a cancelled trace still reaching its next check while a new one starts) saw each other&apos;s modules and crashed the process (SIGSEGV, or &quot;terminate called after throwing an instance of &apos;python_error&apos;&quot;). A trace waits for its turn in its own thread, never the GUI&apos;s.</extracomment>
        <translation>等待另一個工作的追蹤完成（一次只執行一個追蹤）</translation>
    </message>
</context>
</TS>
