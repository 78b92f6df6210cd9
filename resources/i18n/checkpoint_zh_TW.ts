<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>Checkpoint</name>
    <message>
        <source>failures: one every {mtbf} s on {gpus} GPUs, sooner than half a checkpoint interval and a restart ({need} s): the run would never finish; allowed: a lower failure rate, fewer GPUs or faster storage</source>
        <extracomment>Llama 3&apos;s 54-day interruption snapshot (arXiv:2407.21783, §3.3.4, Table 5). Unexpected interruptions per GPU-day. Seconds from a failure to training again (reschedule, reload, warm-up).</extracomment>
        <translation>failures：{gpus} 個 GPU 每 {mtbf} 秒故障一次，短於半個檢查點間隔加一次重啟（{need} 秒）：訓練永遠無法完成；允許：更低的故障率、更少的 GPU 或更快的儲存</translation>
    </message>
    <message>
        <source>{b} {dtype} weights</source>
        <extracomment>``torch.get_rng_state()``: the CPU generator&apos;s Mersenne Twister state, a uint8 tensor. A torch optimizer&apos;s per-parameter ``step``: a float32 scalar tensor. ``torch.save`` of a dict of tensors: each tensor&apos;s zip record and pickle entry, bytes (torch 2.x, measured: 1,000 empty tensors under layer-like keys take 232 KB). DCP&apos;s ``FileSystemWriter``: each item is a ``torch.save`` of its own (an empty tensor takes 1,513 bytes, plus up to 63 bytes of alignment). DCP&apos;s ``.metadata``: bytes per chunk entry (offsets, sizes, file and offset), an estimate from a one-rank save of gpt2 and AdamW (221 KB for 640 tensor items). Llama 3&apos;s storage: 2 TB/s sustained over 16,384 GPUs (arXiv:2407.21783, §3.3.1).</extracomment>
        <translation>{b} {dtype} 權重</translation>
    </message>
    <message>
        <source>{b} {dtype} master</source>
        <translation>{b} {dtype} 主副本</translation>
    </message>
    <message>
        <source>{b} {dtype} optimizer state ({names})</source>
        <translation>{b} {dtype} 優化器狀態（{names}）</translation>
    </message>
    <message>
        <source>{params} × ({terms} = {per} B) + step, RNG, format {extra} = {total}</source>
        <translation>{params} × （{terms} = {per} B）+ 步數、RNG、格式開銷 {extra} = {total}</translation>
    </message>
    <message>
        <source>written at {bw}/s: {seconds}</source>
        <translation>以 {bw}/s 寫入：{seconds}</translation>
    </message>
    <message>
        <source>per rank {total} / {gpus} ranks ≈ {rank}; written at {bw}/s: {seconds}</source>
        <translation>每個 rank {total} / {gpus} 個 rank ≈ {rank}；以 {bw}/s 寫入：{seconds}</translation>
    </message>
    <message>
        <source>gpus: {gpus} is not a multiple of TP × PP = {model}; allowed: a multiple of it</source>
        <translation>gpus：{gpus} 不是 TP × PP = {model} 的倍數；允許：它的倍數</translation>
    </message>
    <message>
        <source>writer: unknown {writer}; allowed: dcp, torch.save</source>
        <translation>writer：未知的 {writer}；允許：dcp、torch.save</translation>
    </message>
</context>
<context>
    <name>NapkinCheckpoint</name>
    <message>
        <source>How big is a checkpoint?</source>
        <extracomment>The lecture&apos;s dictionary (CS336 lecture 2): enough state to resume.</extracomment>
        <translation>一個檢查點有多大？</translation>
    </message>
    <message>
        <source>The lecture&apos;s resumable checkpoint: model and optimizer state_dict, step and RNG state. One GPU: torch.save; more: torch.distributed.checkpoint, each rank its shard.</source>
        <translation>講義中可恢復訓練的檢查點：模型與優化器的 state_dict、步數和 RNG 狀態。單個 GPU：torch.save；多個：torch.distributed.checkpoint，每個 rank 寫自己的分片。</translation>
    </message>
    <message>
        <source>ZeRO-{stage}</source>
        <translation>ZeRO-{stage}</translation>
    </message>
    <message>
        <source>ZeRO-3 (FSDP)</source>
        <translation>ZeRO-3（FSDP）</translation>
    </message>
    <message>
        <source>Ranks that write the checkpoint</source>
        <translation>寫入檢查點的 rank 數</translation>
    </message>
    <message>
        <source>Llama 3&apos;s share</source>
        <translation>Llama 3 的份額</translation>
    </message>
    <message>
        <source>Storage bandwidth of all ranks together (200GB/s); empty: {source}</source>
        <translation>所有 rank 合計的儲存頻寬（200GB/s）；留空：{source}</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Recipe</source>
        <translation>配方</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>優化器</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 數</translation>
    </message>
    <message>
        <source>Sharding</source>
        <translation>分片</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>儲存</translation>
    </message>
    <message>
        <source>{field}: see the message under the field</source>
        <translation>{field}：見輸入框下方的提示</translation>
    </message>
    <message>
        <source>{code} · written in {seconds}</source>
        <translation>{code} · 寫入用時 {seconds}</translation>
    </message>
    <message>
        <source>{gpus} ranks write {rank} each (DCP) · written in {seconds}</source>
        <translation>{gpus} 個 rank 各寫 {rank}（DCP）· 寫入用時 {seconds}</translation>
    </message>
</context>
<context>
    <name>PlanDays</name>
    <message>
        <source>{days} days</source>
        <translation>{days} 天</translation>
    </message>
    <message>
        <source>Days with checkpoints and failures</source>
        <translation>含檢查點與故障的天數</translation>
    </message>
    <message>
        <source>Training: {days}</source>
        <translation>訓練：{days}</translation>
    </message>
    <message>
        <source>The plan&apos;s step time × the steps for the tokens</source>
        <translation>规划的單步時間 × 訓練這些 token 所需的步數</translation>
    </message>
    <message>
        <source>+ No failures, so no checkpoints (failure rate 0)</source>
        <translation>+ 無故障，因而無檢查點（故障率 0）</translation>
    </message>
    <message>
        <source>Storage {bw}/s: Llama 3&apos;s 2 TB/s for 16,384 GPUs (arXiv:2407.21783), this job&apos;s share.</source>
        <translation>儲存 {bw}/s：Llama 3 的 2 TB/s 供 16,384 個 GPU 共用（arXiv:2407.21783），本作業的份額。</translation>
    </message>
    <message>
        <source>Rate: Llama 3&apos;s 419 unexpected interruptions in 54 days on 16,384 H100 (arXiv:2407.21783, Table 5), {rate} per GPU-day.</source>
        <translation>故障率：Llama 3 在 16,384 個 H100 上 54 天內 419 次意外中斷（arXiv:2407.21783，表 5），每 GPU·天 {rate} 次。</translation>
    </message>
    <message>
        <source>+ Checkpoints: {days} ({count} saves of {size}, {save} each, every {interval}: Young/Daly)</source>
        <translation>+ 檢查點：{days}（保存 {count} 次，每次 {size}、{save}，每隔 {interval}：Young/Daly）</translation>
    </message>
    <message>
        <source>+ Failures: {days} ({count} restarts, one every {mtbf} at Llama 3&apos;s rate)</source>
        <translation>+ 故障：{days}（重啟 {count} 次，按 Llama 3 的故障率每 {mtbf} 一次）</translation>
    </message>
    <message>
        <source>= {days} in all</source>
        <translation>= 共 {days}</translation>
    </message>
    <message>
        <source>napkinlab plan --tokens T --json: days_breakdown, days_total</source>
        <translation>napkinlab plan --tokens T --json：days_breakdown、days_total</translation>
    </message>
    <message>
        <source>Failure rate 0: given (Run page).</source>
        <translation>故障率 0：給定（訓練頁）。</translation>
    </message>
    <message>
        <source>Storage {bw}/s: given (Run page).</source>
        <translation>儲存 {bw}/s：給定（訓練頁）。</translation>
    </message>
    <message>
        <source>Rate: {rate} per GPU-day, given (Run page).</source>
        <translation>故障率：每 GPU·天 {rate} 次，給定（訓練頁）。</translation>
    </message>
    <message>
        <source>Interval: Young/Daly √(2 · save time · MTBF) (Young 1974; Daly 2006). Checkpoint: the model, recipe and optimizer state as DCP writes it, {rank} per rank.</source>
        <translation>間隔：Young/Daly √(2 · 儲存時間 · MTBF)（Young 1974；Daly 2006）。檢查點：DCP 寫出的模型、配方與優化器狀態，每個 rank {rank}。</translation>
    </message>
    <message>
        <source>+ Failures: {days} ({count} restarts, one every {mtbf} at the given rate)</source>
        <translation>+ 故障：{days}（重啟 {count} 次，按給定的故障率每 {mtbf} 一次）</translation>
    </message>
    <message>
        <source>Each failure loses half an interval of work and a {restart} restart (Daly 2006&apos;s example).</source>
        <translation>每次故障損失半個間隔的工作和 {restart} 的重啟（Daly 2006 的範例）。</translation>
    </message>
    <message>
        <source>{train} + {ckpt} checkpoints + {fail} failures = {total} days, {hours} GPU-hours</source>
        <translation>{train} + 檢查點 {ckpt} + 故障 {fail} = {total} 天，{hours} GPU 小時</translation>
    </message>
</context>
</TS>
