"""The Napkin tab's checkpoint card: the lecture's resumable checkpoint dictionary, its bytes by
key, per rank under data parallelism and ZeRO, and the seconds to write it.

Every number comes from :func:`core.checkpoint.checkpoint_size`; the card only wires its fields
to it. The default is the lecture's ``torch.save`` of gpt2 trained in fp32 with AdamW on one GPU
(the case the tests check against ``torch.save`` itself).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QWidget

from core.checkpoint import STORAGE_SOURCE, checkpoint_size, storage_bw_from
from core.checkpoint.size import RNG_STATE_BYTES
from core.errors import InputError
from core.units import format_bytes, format_duration
from core.validate import positive_int
from widgets.brief_combo import BriefComboBox
from widgets.combo_data import find_data
from widgets.i18n import localized, translate
from widgets.number_field import NumberField
from widgets.result_card import ResultCard
from widgets.rich_text import plain_tip

__all__ = ["CheckpointCard"]

#: The lecture's dictionary (CS336 lecture 2): enough state to resume.
LECTURE_DICT = (
    'torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(), '
    '"step": step, "rng_state": torch.get_rng_state()}, "checkpoint.pt")'
)


def _gpus(text: str) -> int:
    return positive_int(text, "gpus", high=10**7)


class CheckpointCard(ResultCard):
    """How big is a checkpoint, and how long does writing it take?"""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            translate("NapkinCheckpoint", "How big is a checkpoint?"),
            translate(
                "NapkinCheckpoint",
                "The lecture's resumable checkpoint: model and optimizer state_dict, step and "
                "RNG state. One GPU: torch.save; more: torch.distributed.checkpoint, each rank "
                "its shard.",
            ),
            parent,
        )
        from core.memory.models import PRESETS
        from core.memory.recipes import OPTIMIZERS, RECIPES

        self.model = QComboBox(self)
        for name in PRESETS:
            self.model.addItem(name, name)
        self.model.setCurrentIndex(find_data(self.model, "gpt2"))
        self.recipe = BriefComboBox(self, minimum_chars=12)
        for rec in RECIPES.values():
            self.recipe.addItem(localized(rec.label), rec.id)
        self.recipe.setCurrentIndex(find_data(self.recipe, "fp32"))
        self.optimizer = BriefComboBox(self, minimum_chars=12)
        for opt in OPTIMIZERS.values():
            self.optimizer.addItem(localized(opt.label), opt.id)
        self.optimizer.setCurrentIndex(find_data(self.optimizer, "adamw"))
        self.zero = QComboBox(self)
        for stage in range(4):
            self.zero.addItem(
                translate("NapkinCheckpoint", "ZeRO-{stage}").format(stage=stage)
                if stage < 3
                else translate("NapkinCheckpoint", "ZeRO-3 (FSDP)"),
                stage,
            )
        self.gpus = NumberField(
            _gpus, "1", tooltip=translate("NapkinCheckpoint", "Ranks that write the checkpoint"),
            parent=self,
        )  # fmt: skip
        self.storage = NumberField(
            storage_bw_from, "",
            placeholder=translate("NapkinCheckpoint", "Llama 3's share"),
            tooltip=translate(
                "NapkinCheckpoint",
                "Storage bandwidth of all ranks together (200GB/s); empty: {source}",
            ).format(source=STORAGE_SOURCE),
            parent=self,
        )  # fmt: skip
        for combo in (self.model, self.recipe, self.optimizer, self.zero):
            combo.setMaximumWidth(260)
            combo.currentIndexChanged.connect(self.recompute)
        for field in (self.gpus, self.storage):
            field.setMaximumWidth(260)
            field.valueChanged.connect(self.recompute)
            field.validityChanged.connect(self.recompute)
        self.form.addRow(translate("NapkinCheckpoint", "Model"), self.model)
        self.form.addRow(translate("NapkinCheckpoint", "Recipe"), self.recipe)
        self.form.addRow(translate("NapkinCheckpoint", "Optimizer"), self.optimizer)
        self.form.addRow(translate("NapkinCheckpoint", "GPUs"), self.gpus)
        self.form.addRow(translate("NapkinCheckpoint", "Sharding"), self.zero)
        self.form.addRow(translate("NapkinCheckpoint", "Storage"), self.storage)
        self.recompute()

    def recompute(self, *_args: Any) -> None:
        """Size the checkpoint of the fields' model, recipe, optimizer and layout."""
        from core.memory.models import preset
        from core.memory.recipes import optimizer, recipe

        try:
            names = {self.gpus: translate("NapkinCheckpoint", "GPUs"),
                     self.storage: translate("NapkinCheckpoint", "Storage")}  # fmt: skip
            for field, name in names.items():
                if not field.isValid():
                    raise InputError(
                        translate(
                            "NapkinCheckpoint", "{field}: see the message under the field"
                        ).format(field=name)
                    )
            gpus = int(self.gpus.value())
            rec, opt = recipe(self.recipe.currentData()), optimizer(self.optimizer.currentData())
            writer = "torch.save" if gpus == 1 else "dcp"
            size = checkpoint_size(preset(self.model.currentData()), rec, opt, gpus=gpus,
                                   zero=self.zero.currentData(), writer=writer)  # fmt: skip
        except InputError as exc:
            self.show_problem(localized(exc.message))
            return
        bw = self.storage.value()
        seconds = size.save_s(bw)
        if gpus == 1:  # the lecture's dictionary with each key's bytes
            small = RNG_STATE_BYTES + 8  # the step (an int) and the CPU generator's state
            code = (  # code, never translated
                f'torch.save({{"model": {format_bytes(size.weights)}, "optimizer": '
                f"{format_bytes(size.master + size.optimizer + size.extra - small)}, "
                f'"step": 8 B, "rng_state": {format_bytes(RNG_STATE_BYTES)}}})'
            )
            detail = translate("NapkinCheckpoint", "{code} · written in {seconds}").format(
                code=code, seconds=localized(format_duration(seconds))
            )
        else:
            detail = translate(
                "NapkinCheckpoint", "{gpus} ranks write {rank} each (DCP) · written in {seconds}"
            ).format(
                gpus=f"{gpus:,}", rank=format_bytes(size.bytes_per_rank),
                seconds=localized(format_duration(seconds)),
            )  # fmt: skip
        self.show_result(format_bytes(size.bytes), detail, size.formula(rec, opt, bw))
        self.detail.setToolTip(plain_tip(LECTURE_DICT))
