"""The Plan tab's inputs: the run (model, sequence, global batch, tokens, recipe, optimizer), the
cluster (GPUs, GPUs per node, the two links), the layout (each dimension "auto" or fixed) and the
code (how the training code runs: kernels, attention, the loss, the overlaps).

The panel turns what people typed into option texts for :func:`core.plan.options.planned_input`
and :class:`core.plan.options.LayoutOptions`; every field validates with a core validator and
shows its own message under itself, and a message the core gives when the plan is asked for
(``InputError.field``) is shown under the page of the field it names (:meth:`show_error`). It
computes nothing.

Signals
-------
changed()
    An input of the run or the layout changed to a valid value (debounced for typing).
clusterChanged()
    The GPU count, GPUs per node or a link changed to a valid value (a re-plan needs no trace).
fractionsRequested()
    The person asked to see the device's achievable fractions (the Cluster page's button).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSizePolicy,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from core.checkpoint import FAILURE_RATE, default_storage_bw, failure_rate_from
from core.errors import InputError
from core.memory.models import PRESETS, TransformerSpec, parse_model
from core.memory.recipes import OPTIMIZERS, RECIPES
from core.plan.frameworks import FRAMEWORKS, framework
from core.plan.inputs import CROSS_ENTROPY, RECOMPUTE, Implementation
from core.plan.options import implementation_from, parse_dims
from core.plan.precision import PRECISIONS, RECIPE_DETAILS, recipe_details
from core.roofline.achievable import ATTENTION_KERNELS
from core.units import format_sig
from core.validate import positive_float, positive_int
from widgets.brief_combo import BriefComboBox
from widgets.combo_data import find_data, restore_combos
from widgets.hub_fetch import HubFetchRow
from widgets.i18n import localized, translate
from widgets.model_box import ModelBox
from widgets.number_field import NumberField
from widgets.rich_text import plain_tip

__all__ = ["DEFAULTS", "PAGES", "PlanInputs", "model_source"]

#: The lecture's question (70B on 15T tokens with 1,024 H100): the tab opens on it.
DEFAULTS: dict[str, str] = {
    "model": "llama2-70b",
    "seq": "4096",
    "global_batch": "1024",
    "tokens": "15T",
    "gpus": "1024",
    "gpus_per_node": "8",
    "nvlink_domain": "",
    "intra_bw": "",
    "network_bw": "",
    "checkpoint_bw": "",
    "failure_rate": "",
    "tp": "",
    "pp": "",
    "vpp": "",
    "cp": "",
    "ep": "",
    "etp": "",
    "micro_batch": "",
    "mtp": "",
    "capacity_factor": "",
    "route_nodes": "",
    "pipeline_layout": "",
}
#: The input pages and the fields (``InputError.field``, normalised) each holds.
PAGES: dict[str, tuple[str, ...]] = {
    "run": ("model", "dims", "config", "seq", "global_batch", "tokens", "recipe", "optimizer",
            "gemm_dtype", "precision", "checkpoint_bw", "storage_bw", "failure_rate"),
    "cluster": ("gpus", "gpus_per_node", "nvlink_domain", "intra_bw", "network_bw"),
    "layout": ("tp", "pp", "schedule", "vpp", "cp", "dp", "ep", "etp", "capacity_factor", "sp", "zero",
               "dispatcher", "route_nodes", "micro_batch", "mtp", "recompute"),
    "code": ("framework", "kernels", "attention", "attention_kernel", "cross_entropy", "cp_comm", "overlap",
             "dp_overlap", "tp_overlap", "fused_loss", "fused_swiglu", "dropout", "uneven_stages",
             "ep_overlap", "pipeline_layout"),
}  # fmt: skip
#: The code page's switches and their defaults (:class:`core.plan.inputs.Implementation`'s).
SWITCHES: dict[str, bool] = {
    "fused_loss": True,
    "fused_swiglu": False,
    "dropout": False,
    "uneven_stages": False,
    "ep_overlap": False,
}
#: How the switches are laid out on the Code page, a row each.
SWITCH_ROWS: tuple[tuple[str, ...], ...] = (
    ("fused_loss", "dropout"),
    ("fused_swiglu", "ep_overlap"),
    ("uneven_stages",),
)
_LAYOUT_NUMBERS = ("tp", "pp", "vpp", "cp", "ep", "etp", "micro_batch")
_LINKS = ("intra_bw", "network_bw")
#: Fields that share a row with two others (or a combo): narrower, so the column stays as wide.
_NARROW = ("ep", "etp", "capacity_factor", "route_nodes", "mtp")
#: The fields only the days rows read (no new search): ``napkinlab plan``'s flags' names.
_DAYS = ("checkpoint_bw", "failure_rate")


def _optional_int(text: str, field: str, high: int = 10_000_000, low: int = 1) -> int | None:
    return None if not str(text).strip() else positive_int(text, field, low=low, high=high)


def _optional_float(
    text: str, field: str, low: float, high: float, unit: str = "count"
) -> float | None:
    if not str(text).strip():
        return None
    return positive_float(text, field, low=low, high=high, unit=unit)


def _optional_layout(text: str) -> str | None:
    """A custom pipeline layout's text, checked (:func:`core.plan.pipeline_layout.parse_layout`);
    ``None`` when empty."""
    from core.plan.pipeline_layout import parse_layout

    text = str(text).strip()
    return parse_layout(text).text if text else None


def _parsers() -> dict[str, Any]:
    """Field -> the core validator of its text (the field names are the CLI's flags)."""
    return {
        "seq": partial(positive_int, field="seq", high=10_000_000),
        "global_batch": partial(positive_int, field="global-batch", high=1_000_000_000_000),
        "tokens": partial(_optional_float, field="tokens", low=1.0, high=1e20),
        "gpus": partial(positive_int, field="gpus", high=10_000_000),
        "gpus_per_node": partial(positive_int, field="gpus-per-node", high=1024),
        "nvlink_domain": partial(_optional_int, field="nvlink-domain"),
        "intra_bw": partial(_optional_float, field="intra-bw", low=1e6, high=1e16, unit="bytes/s"),
        "network_bw": partial(
            _optional_float, field="network-bw", low=1e6, high=1e16, unit="bytes/s"
        ),
        "checkpoint_bw": partial(
            _optional_float, field="checkpoint-bw", low=1e6, high=1e16, unit="bytes/s"
        ),
        "failure_rate": failure_rate_from,
        "tp": partial(_optional_int, field="tp"),
        "pp": partial(_optional_int, field="pp"),
        "vpp": partial(_optional_int, field="vpp"),
        "cp": partial(_optional_int, field="cp"),
        "ep": partial(_optional_int, field="ep"),
        "etp": partial(_optional_int, field="etp"),
        "micro_batch": partial(_optional_int, field="micro-batch"),
        # the CLI's --mtp, --capacity-factor and --route-nodes, checked as planned_input and
        # implementation_from check them (empty: 0, dropless, no node limit)
        "mtp": partial(_optional_int, field="mtp", low=0, high=16),
        "capacity_factor": partial(_optional_float, field="capacity-factor", low=0.01, high=1000.0),
        "route_nodes": partial(_optional_int, field="route-nodes", low=0, high=100_000),
        # the CLI's --pipeline-layout, read as Megatron-Core reads it (empty: the plan's split)
        "pipeline_layout": _optional_layout,
    }


def model_source(text: str, config: str) -> dict[str, str | None]:
    """Which of :func:`~core.plan.options.planned_input`'s model sources the box's text is:
    a ``config`` file, ``dims`` (``layers=…,hidden=…,heads=…``) or a ``model`` (a preset or
    ``transformer:…``)."""
    text = text.strip()
    if config:
        return {"model": None, "config": config, "dims": None}
    if "=" in text and ":" not in text.partition("=")[0]:  # not mlp:… or transformer:…
        return {"model": None, "config": None, "dims": text}
    return {"model": text, "config": None, "dims": None}


def _check_model(text: str) -> None:
    """Raise the core's :class:`InputError` when ``text`` names no transformer."""
    source = model_source(text, "")
    if source["dims"]:
        parse_dims(str(source["dims"]))
        return
    from core.step.hf import resolve_model_source

    if resolve_model_source(str(source["model"])):  # a hub id cached here (else: why not)
        return
    spec = parse_model(str(source["model"]))
    if not isinstance(spec, TransformerSpec):
        raise InputError(
            translate("PlanInputs", "model: the plan needs a transformer; allowed: a preset, "
                      "transformer:…, layers=…,hidden=…,heads=… or a config file"),
            field="model",
        )  # fmt: skip


def _link_text(value: float | None) -> str:
    """A link's bandwidth as the field shows it, with its unit (``450 GB/s``; ``450G`` and
    ``450e9`` are read too)."""
    return "" if not value else f"{format_sig(value / 1e9)} GB/s"


class _Row(QWidget):
    """A form row of several controls whose ``extras`` add nothing to its preferred width: the
    inputs column's preferred width (the splitter's start) stays what it was before they joined
    the row, so the result card beside it wraps no more."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.extras: list[QWidget] = []

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        layout = self.layout()
        gap = max(layout.spacing(), 0) if layout is not None else 0
        extra = sum(w.sizeHint().width() + gap for w in self.extras)
        return QSize(max(hint.width() - extra, self.minimumSizeHint().width()), hint.height())


class PlanInputs(QWidget):
    """Three pages of inputs (run, cluster, layout) with their own error lines."""

    changed = Signal()
    clusterChanged = Signal()
    daysChanged = Signal()
    fractionsRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._links_edited = False
        self._device_links: tuple[float | None, float | None] = (None, None)
        parsers = self._parsers = _parsers()
        tips = self._tips()
        self.fields: dict[str, NumberField] = {}
        for key, parse in parsers.items():
            field = NumberField(parse, DEFAULTS[key], tooltip=tips.get(key, ""), parent=self)
            field.lineEdit().setMinimumWidth(40 if key in _NARROW else 60)
            self.fields[key] = field
        for key in _LAYOUT_NUMBERS:
            self.fields[key].lineEdit().setPlaceholderText(translate("PlanInputs", "auto"))
        self.fields["nvlink_domain"].lineEdit().setPlaceholderText(
            translate("PlanInputs", "the node")
        )
        self.fields["failure_rate"].lineEdit().setPlaceholderText(
            translate("PlanInputs", "{rate} (Llama 3)").format(rate=f"{FAILURE_RATE:.2e}")
        )
        self._storage_placeholder()
        self.pages = QTabWidget(self)
        self.pages.setDocumentMode(True)
        self.errors: dict[str, QLabel] = {}
        self.forms: dict[str, QFormLayout] = {}
        for page, title in (
            ("run", translate("PlanInputs", "Run")),
            ("cluster", translate("PlanInputs", "Cluster")),
            ("layout", translate("PlanInputs", "Layout")),
            ("code", translate("PlanInputs", "Code")),
        ):
            widget = QWidget()
            column = QVBoxLayout(widget)
            column.setContentsMargins(2, 6, 2, 2)
            form = QFormLayout()
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
            column.addLayout(form)
            error = QLabel(widget)
            error.setObjectName("fieldError")
            error.setWordWrap(True)
            error.setTextFormat(Qt.TextFormat.PlainText)
            error.setVisible(False)
            column.addWidget(error)
            column.addStretch(1)
            self.errors[page], self.forms[page] = error, form
            self.pages.addTab(widget, title)
        self._build_run(self.forms["run"])
        self._build_cluster(self.forms["cluster"])
        self._build_layout(self.forms["layout"])
        self._build_code(self.forms["code"])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.pages)
        for key, field in self.fields.items():
            cluster = key in PAGES["cluster"]
            if key in _DAYS:
                field.valueChanged.connect(self.daysChanged)
                continue
            field.valueChanged.connect(self._cluster_edited if cluster else self._edited)
        self.fields["gpus"].valueChanged.connect(self._storage_placeholder)
        for key in _LINKS:
            self.fields[key].lineEdit().textEdited.connect(self._links_typed)

    # building -------------------------------------------------------------------------------
    @staticmethod
    def _tips() -> dict[str, str]:
        return {
            "seq": translate("PlanInputs", "Tokens per sequence"),
            "global_batch": translate(
                "PlanInputs", "Sequences (or tokens, see the unit) per optimizer step"
            ),
            "tokens": translate(
                "PlanInputs", "Tokens the whole run trains on (15T); empty: no days and GPU-hours"
            ),
            "gpus": translate("PlanInputs", "GPUs of the run (1,024 and 1k work)"),
            "gpus_per_node": translate("PlanInputs", "GPUs in one node, on the intra-node link"),
            "nvlink_domain": translate(
                "PlanInputs",
                "GPUs on one NVLink fabric, whole nodes (GB200 NVL72: 72 with 4 GPUs per node): "
                "parallel groups inside it ride NVLink, groups across domains the network; empty: "
                "the device's (72 on an NVL72, else the node)",
            ),
            "intra_bw": translate(
                "PlanInputs",
                "Intra-node link (NVLink) bandwidth per GPU in GB/s, one way (450 GB/s, 450G or "
                "450e9); prefilled from the device database",
            ),
            "network_bw": translate(
                "PlanInputs",
                "Network bandwidth per GPU between nodes in GB/s, one way (50 GB/s, 50G or 50e9); "
                "prefilled from the device database",
            ),
            "checkpoint_bw": translate(
                "PlanInputs",
                "Storage bandwidth the job writes its checkpoints at, all ranks together, in GB/s "
                "(200 GB/s, 200G or 2e11); empty: this job's GPUs' share of Llama 3's 2 TB/s for "
                "16,384 GPUs (Llama Team 2024, arXiv:2407.21783, §3.3.1)",
            ),
            "failure_rate": translate(
                "PlanInputs",
                "Interruptions per GPU-day (4.7e-4); 0: a run that never fails, so never saves; "
                "empty: Llama 3's 419 unexpected interruptions in 54 days on 16,384 H100 (Llama "
                "Team 2024, arXiv:2407.21783, Table 5)",
            ),
            "tp": translate("PlanInputs", "Tensor-parallel GPUs; empty: searched"),
            "pp": translate("PlanInputs", "Pipeline stages; empty: searched"),
            "vpp": translate(
                "PlanInputs", "Chunks per GPU (interleaved pipeline schedule); empty: searched"
            ),
            "cp": translate("PlanInputs", "Context-parallel GPUs; empty: searched"),
            "ep": translate(
                "PlanInputs",
                "Expert-parallel GPUs (a mixture of experts: each holds experts/EP of the routed experts); empty: searched",
            ),
            "etp": translate(
                "PlanInputs",
                "Expert tensor-parallel GPUs (each expert's weights split over them; 1 or TP); empty: searched",
            ),
            "micro_batch": translate("PlanInputs", "Sequences per micro-batch; empty: searched"),
            "mtp": translate(
                "PlanInputs",
                "Multi-token-prediction modules (DeepSeek-V3 report, arXiv:2412.19437, §2.2: "
                "depth 1): each one more transformer block, a 2d→d projection and one more LM-head "
                "pass, on the last pipeline stage; empty: 0 (0 to 16)",
            ),
            "capacity_factor": translate(
                "PlanInputs",
                "Expert capacity factor C (Switch Transformer, Fedus et al. 2021, arXiv:2101.03961): "
                "each expert's rows capped at C × tokens·top_k/experts, the rest dropped; empty: "
                "dropless (0.01 to 1000; a mixture-of-experts model only)",
            ),
            "route_nodes": translate(
                "PlanInputs",
                "Node-limited routing: each token sent to at most M nodes (DeepSeek-V3 report, "
                "arXiv:2412.19437, §2.1.2: M = 4), so its network bytes stop growing with top-k; "
                "empty: no limit (a mixture-of-experts model)",
            ),
            "pipeline_layout": translate(
                "PlanInputs",
                "Which layers each pipeline stage holds, in Megatron-Core's notation "
                "(--pipeline-model-parallel-layout): stages separated by |, E the embedding, t a "
                "layer, m an MTP module, L the loss, (…)*n to repeat; 'Et|(tt|)*30mL' is "
                "DeepSeek-V3's on PP 8 × VPP 4. Virtual stage i runs on GPU i mod PP, so the "
                "stages must number PP × VPP. Empty: the plan's own split",
            ),
        }

    def _build_run(self, form: QFormLayout) -> None:
        from core.step.hf import load_config

        self.model_box = ModelBox(
            [name for name, spec in PRESETS.items() if isinstance(spec, TransformerSpec)],
            DEFAULTS["model"],
            translate(
                "PlanInputs",
                "A preset, transformer:d=..,layers=..,heads=.., dimensions layers=L,hidden=H,"
                "heads=A[,kv_heads=K,ffn=F,vocab=V,act=gelu|swiglu,norm=layer|rms], a Hugging "
                "Face Hub id org/name (its config.json from the local cache) or a Hugging Face "
                "config.json (Config file…)",
            ),
            load_config,
            self,
        )
        self.model_box.modelChanged.connect(self._model_changed)
        self.model_box.fileRefused.connect(self._model_problem)
        self.model_error = QLabel(self)
        self.model_error.setObjectName("fieldError")
        self.model_error.setWordWrap(True)
        self.model_error.setTextFormat(Qt.TextFormat.PlainText)
        self.model_error.setVisible(False)
        model = QWidget(self)
        model_column = QVBoxLayout(model)
        model_column.setContentsMargins(0, 0, 0, 0)
        model_column.setSpacing(2)
        model_column.addWidget(self.model_box)
        model_column.addWidget(self.model_error)
        form.addRow(translate("PlanInputs", "Model"), model)
        # A Hub id not cached: one line and a "Fetch config.json" button (the tab runs it), the
        # form's whole width (in the field's column the button left the text 131 px, wrapped).
        self.hub_row = HubFetchRow(self)
        form.addRow(self.hub_row)
        form.addRow(translate("PlanInputs", "Sequence"), self.fields["seq"])
        self.batch_unit = QComboBox(self)
        self.batch_unit.addItem(translate("PlanInputs", "sequences"), "sequences")
        self.batch_unit.addItem(translate("PlanInputs", "tokens"), "tokens")
        self.batch_unit.setToolTip(translate("PlanInputs", "What the global batch counts"))
        self.batch_unit.currentIndexChanged.connect(self._edited)
        batch = QWidget(self)
        batch_row = QHBoxLayout(batch)
        batch_row.setContentsMargins(0, 0, 0, 0)
        batch_row.addWidget(self.fields["global_batch"], 1)
        batch_row.addWidget(self.batch_unit, 0, Qt.AlignmentFlag.AlignTop)
        form.addRow(translate("PlanInputs", "Global batch"), batch)
        form.addRow(translate("PlanInputs", "Tokens to train"), self.fields["tokens"])
        self.training_line = QLabel(self)
        self.training_line.setWordWrap(True)
        self.training_line.setTextFormat(Qt.TextFormat.PlainText)
        self.training_line.setAlignment(Qt.AlignmentFlag.AlignRight)
        form.addRow(self.training_line)  # the whole row: one line where the field is narrow
        self.combos: dict[str, QComboBox] = {
            "recipe": BriefComboBox(self, minimum_chars=8),
            "optimizer": BriefComboBox(self, minimum_chars=8),
        }
        for item in RECIPES.values():
            self.combos["recipe"].addItem(f"{item.id} — {localized(item.label)}", item.id)
        for item in OPTIMIZERS.values():
            self.combos["optimizer"].addItem(localized(item.label), item.id)
        self.combos["recipe"].setCurrentIndex(find_data(self.combos["recipe"], "bf16"))
        self.combos["optimizer"].setCurrentIndex(find_data(self.combos["optimizer"], "adamw"))
        form.addRow(translate("PlanInputs", "Recipe"), self.combos["recipe"])
        form.addRow(translate("PlanInputs", "Optimizer"), self.combos["optimizer"])
        # The days' inputs: on this page (the cluster page with them was the tallest and pushed
        # a 1280x720 slide's chart under 160 px); hidden on a slide (set_compact).
        form.addRow(translate("PlanInputs", "Storage"), self.fields["checkpoint_bw"])
        form.addRow(translate("PlanInputs", "Failure rate"), self.fields["failure_rate"])

    def _build_cluster(self, form: QFormLayout) -> None:
        self.device_line = QLabel(self)
        self.device_line.setWordWrap(True)
        self.device_line.setTextFormat(Qt.TextFormat.PlainText)
        self.device_line.setObjectName("formula")
        form.addRow(self.device_line)
        form.addRow(translate("PlanInputs", "GPUs"), self.fields["gpus"])
        form.addRow(translate("PlanInputs", "GPUs per node"), self.fields["gpus_per_node"])
        form.addRow(translate("PlanInputs", "NVLink domain"), self.fields["nvlink_domain"])
        form.addRow(translate("PlanInputs", "Intra-node link"), self.fields["intra_bw"])
        form.addRow(translate("PlanInputs", "Network"), self.fields["network_bw"])
        self.reset_links = QPushButton(translate("PlanInputs", "Reset links"), self)
        self.reset_links.setToolTip(
            translate("PlanInputs", "Take both links from the device database again")
        )
        self.reset_links.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.reset_links.clicked.connect(self.reset_link_fields)
        self.fractions_button = QPushButton(translate("PlanInputs", "Achievable fractions…"), self)
        self.fractions_button.setToolTip(
            translate(
                "PlanInputs",
                "See and edit what the plan assumes the device achieves: GEMM, attention and "
                "memory efficiencies, bus bandwidth per link, kernel launch, each with its source",
            )
        )
        self.fractions_button.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.fractions_button.clicked.connect(self.fractionsRequested)
        # One button a row: side by side they would widen the column in presentation mode.
        form.addRow("", self.reset_links)
        form.addRow("", self.fractions_button)

    def _build_layout(self, form: QFormLayout) -> None:
        labels = {
            "tp": translate("PlanInputs", "TP"),
            "pp": translate("PlanInputs", "PP"),
            "vpp": translate("PlanInputs", "v (chunks)"),
            "cp": translate("PlanInputs", "CP"),
            "ep": translate("PlanInputs", "EP"),
            "etp": translate("PlanInputs", "ETP"),
            "micro_batch": translate("PlanInputs", "Micro-batch"),
        }
        auto = translate("PlanInputs", "auto")
        self.combos["sp"] = QComboBox(self)
        for text, data in ((auto, ""), (translate("PlanInputs", "on"), "on"),
                           (translate("PlanInputs", "off"), "off")):  # fmt: skip
            self.combos["sp"].addItem(text, data)
        self.combos["sp"].setToolTip(
            translate("PlanInputs", "Sequence parallelism (with TP above 1); auto: searched")
        )
        self.combos["zero"] = QComboBox(self)
        self.combos["zero"].addItem(auto, "")
        for stage in ("0", "1", "2", "3"):
            self.combos["zero"].addItem(stage, stage)
        self.combos["zero"].setToolTip(
            translate("PlanInputs", "ZeRO stage over the data-parallel GPUs; auto: searched")
        )
        self.combos["recompute"] = QComboBox(self)
        self.combos["recompute"].addItem(auto, "")
        names = {
            "none": translate("PlanInputs", "none"),
            "selective": translate("PlanInputs", "selective"),
            "full": translate("PlanInputs", "full"),
        }
        for mode in RECOMPUTE:
            self.combos["recompute"].addItem(names.get(mode, mode), mode)
        self.combos["recompute"].setToolTip(
            translate(
                "PlanInputs",
                "Activation recomputation: none, selective (the attention core, Korthikanti et "
                "al. 2022; under torchtitan its policy by op: every second GEMM output kept) or "
                "full (every layer); auto: searched",
            )
        )
        schedule = self.combos["schedule"] = BriefComboBox(self, minimum_chars=4)
        schedule.addItem(translate("PlanInputs", "1F1B"), "1f1b")
        schedule.addItem(translate("PlanInputs", "DualPipe"), "dualpipe")
        schedule.setToolTip(
            plain_tip(
                translate(
                    "PlanInputs",
                    "The pipeline schedule: 1F1B (Megatron's; interleaved with v above 1) or "
                    "DualPipe (DeepSeek-V3 report, arXiv:2412.19437, §3.2.1): micro-batches fed "
                    "from both ends, bubble (PP/2−1)(F&B+B−3W), the expert all-to-all and pipeline "
                    "sends hidden behind the paired chunk, 2× the parameters, PP+1 micro-batches "
                    "of activations",
                )
            )
        )
        # New fields share existing rows: a taller layout page would scroll the column on a
        # 1280x720 slide in Chinese (the tallest page decides the stack's height). A combo is a
        # pixel taller than a text field: beside PP it takes the field's height.
        schedule.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        form.addRow(labels["tp"], self.fields["tp"])
        form.addRow(labels["pp"], self._pair(self.fields["pp"], "", schedule))
        form.addRow(labels["vpp"], self.fields["vpp"])
        # The capacity factor beside CP: a third field on the EP row grew a 1280x720 slide 1 px.
        form.addRow(
            labels["cp"],
            self._pair(
                self.fields["cp"],
                translate("PlanInputs", "CF"),
                self.fields["capacity_factor"],
                self._tips()["capacity_factor"],
            ),
        )
        # EP and ETP share one row, as on the Memory tab: a tenth row would make the layout page
        # the tallest and scroll the column on a 1280x720 slide in Chinese.
        self.expert_row = _Row(self)
        row = QHBoxLayout(self.expert_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.fields["ep"], 1)
        self.etp_label = QLabel(labels["etp"], self.expert_row)
        self.etp_label.setToolTip(plain_tip(self._tips()["etp"]))
        row.addWidget(self.etp_label)
        row.addWidget(self.fields["etp"], 1)
        self.fields["capacity_factor"].lineEdit().setPlaceholderText(
            translate("PlanInputs", "dropless")
        )
        form.addRow(labels["ep"], self.expert_row)
        # SP and ZeRO share a row so that a mixture of experts' dispatcher gets one, beside EP.
        form.addRow(
            translate("PlanInputs", "SP"),
            self._pair(
                self.combos["sp"],
                translate("PlanInputs", "ZeRO"),
                self.combos["zero"],
                self.combos["zero"].toolTip(),
            ),
        )
        dispatcher = self.combos["dispatcher"] = BriefComboBox(self, minimum_chars=4)
        dispatcher.addItem(translate("PlanInputs", "all-to-all"), "alltoall")
        dispatcher.addItem(translate("PlanInputs", "DeepEP"), "deepep")
        dispatcher.setToolTip(
            plain_tip(
                translate(
                    "PlanInputs",
                    "A mixture of experts' token dispatcher: Megatron's all-to-all, or DeepEP "
                    "(DeepSeek-V3 report, arXiv:2412.19437, §3.2.2; github.com/deepseek-ai/DeepEP): "
                    "FP8 dispatch, each token crosses the network once per destination node, "
                    "then NVLink",
                )
            )
        )
        self.fields["route_nodes"].lineEdit().setPlaceholderText(translate("PlanInputs", "all"))
        form.addRow(
            translate("PlanInputs", "Dispatcher"),
            self._pair(
                dispatcher,
                translate("PlanInputs", "Nodes"),
                self.fields["route_nodes"],
                self._tips()["route_nodes"],
            ),
        )
        self.fields["mtp"].lineEdit().setPlaceholderText("0")
        form.addRow(
            labels["micro_batch"],
            self._pair(
                self.fields["micro_batch"],
                translate("PlanInputs", "MTP"),
                self.fields["mtp"],
                self._tips()["mtp"],
            ),
        )
        form.addRow(translate("PlanInputs", "Recomputation"), self.combos["recompute"])
        for key in ("sp", "zero", "recompute", "schedule", "dispatcher"):
            self.combos[key].currentIndexChanged.connect(self._edited)
        for key in ("recipe", "optimizer"):
            self.combos[key].currentIndexChanged.connect(self._edited)

    def _pair(self, first: QWidget, label: str, second: QWidget, tip: str = "") -> QWidget:
        """Two controls on one form row (``label``, with the tooltip ``tip``, before the second;
        '' for none)."""
        pair = _Row(self)
        row = QHBoxLayout(pair)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(first, 1)
        if label:
            text = QLabel(label, pair)
            text.setToolTip(plain_tip(tip))
            row.addWidget(text)
            pair.extras.append(text)
        row.addWidget(second, 1)
        pair.extras.append(second)
        return pair

    def _build_code(self, form: QFormLayout) -> None:
        """How the training code runs (:class:`core.plan.inputs.Implementation`), one control
        per field, each defaulting to the plan's default."""
        default = Implementation()
        chosen = self.combos["framework"] = BriefComboBox(self, minimum_chars=6)
        for fid in FRAMEWORKS:
            chosen.addItem(framework(fid).name, fid)
        chosen.setCurrentIndex(find_data(chosen, default.framework))
        chosen.setToolTip(
            translate(
                "PlanInputs",
                "The training code: its pipeline engine (DeepSpeed's has no interleaved schedule "
                "and reduces the gradients after the flush), how it buckets the gradient "
                "reduction and when that overlaps, FSDP's one-layer-ahead prefetch and reduce "
                "dtype, and what TP overlap decomposes (Transformer Engine or AsyncTP). Picking "
                "one sets the controls below to what it runs by default; change them after",
            )
        )
        chosen.activated.connect(self._framework_picked)
        form.addRow(translate("PlanInputs", "Framework"), chosen)
        kernels = self.combos["kernels"] = BriefComboBox(self, minimum_chars=6)
        kernels.addItem(translate("PlanInputs", "fused — between two GEMMs"), "fused")
        kernels.addItem(translate("PlanInputs", "eager — one kernel per op"), "eager")
        kernels.setCurrentIndex(0 if default.fused else 1)
        kernels.setToolTip(
            translate(
                "PlanInputs",
                "How the memory-bound ops (norms, activation functions, residual adds) run: fused into one "
                "kernel between two GEMMs (Megatron-Core, Transformer Engine, torch.compile) or "
                "each its own kernel (eager PyTorch: torchtitan, Hugging Face)",
            )
        )
        attention = self.combos["attention"] = BriefComboBox(self, minimum_chars=6)
        attention.addItem(translate("PlanInputs", "flash — the device's fastest kernel"), "")
        for kernel in ATTENTION_KERNELS:
            attention.addItem(kernel, kernel)
        attention.addItem(translate("PlanInputs", "unfused — no flash attention"), "none")
        attention.setToolTip(
            translate(
                "PlanInputs",
                "The attention kernel, timed from its published benchmark at the run's sequence "
                "length; unfused: QKᵀ and P·V as batched GEMMs that keep the s² probabilities",
            )
        )
        loss = self.combos["cross_entropy"] = BriefComboBox(self, minimum_chars=6)
        names = {
            "fp32": translate("PlanInputs", "fp32 — PyTorch on an fp32 copy of the logits"),
            "fp32-inplace": translate("PlanInputs", "fp32 in place — Megatron"),
            "native": translate("PlanInputs", "native — a kernel on the logits' own dtype"),
        }
        for kind in CROSS_ENTROPY:
            loss.addItem(names.get(kind, kind), kind)
        loss.setCurrentIndex(find_data(loss, default.cross_entropy))
        loss.setToolTip(
            translate(
                "PlanInputs",
                "What the loss keeps per logit: PyTorch's cross-entropy on an fp32 copy keeps 4 "
                "bytes and its backward allocates 8 (Hugging Face, torchtitan); Megatron's keeps "
                "its fp32 softmax in place (4) and allocates the gradient in bf16 (2); a kernel "
                "on the logits' own dtype (flash-attention's, llm-foundry's) keeps 2 and "
                "allocates 2",
            )
        )
        low = self.combos["precision"] = BriefComboBox(self, minimum_chars=6)
        for rec in PRECISIONS.values():
            low.addItem(localized(rec.name()), rec.id)
        low.setToolTip(
            translate(
                "PlanInputs",
                "The layers' GEMMs below BF16, as Transformer Engine runs them: FP8 with delayed "
                "or current per-tensor scaling (Hopper and later), MXFP8 and NVFP4 (Blackwell), "
                "FP8 with DeepSeek-V3's 1×128 and 128×128 block scales (Hopper at its measured "
                "rate, Blackwell); "
                "counts the quantization kernels, scale bookkeeping and quantized weight copies; "
                "attention, norms, the embedding and the LM head stay BF16",
            )
        )
        form.addRow(translate("PlanInputs", "Precision"), self._precision_row(low))
        form.addRow(translate("PlanInputs", "Kernels"), kernels)
        form.addRow(translate("PlanInputs", "Attention"), attention)
        form.addRow(translate("PlanInputs", "Cross-entropy"), loss)
        overlap = self.combos["overlap"] = BriefComboBox(self, minimum_chars=6)
        overlap.addItem(translate("PlanInputs", "DP — the gradient reduction"), "dp")
        overlap.addItem(translate("PlanInputs", "DP + TP — and TP behind the GEMMs"), "dp+tp")
        overlap.addItem(translate("PlanInputs", "none"), "none")
        overlap.setCurrentIndex(
            find_data(
                overlap,
                "none" if not default.dp_overlap else "dp+tp" if default.tp_overlap else "dp",
            )
        )
        overlap.setToolTip(
            translate(
                "PlanInputs",
                "What communication runs beside compute: the data-parallel gradient reduction "
                "(and ZeRO's gathers) beside backward and the next forward; with TP, also the TP "
                "collectives behind the GEMMs that make or use them (Transformer Engine's "
                "userbuffers, --tp-comm-overlap); none: both exposed, the reduction after the "
                "pipeline flush",
            )
        )
        form.addRow(translate("PlanInputs", "Overlap"), overlap)
        labels = {
            "fused_loss": (
                translate("PlanInputs", "Fused loss kernel"),
                translate(
                    "PlanInputs",
                    "The LM head's softmax and cross-entropy as one kernel; off: separate "
                    "kernels over the logits",
                ),
            ),
            "fused_swiglu": (
                translate("PlanInputs", "Fused SwiGLU"),
                translate(
                    "PlanInputs",
                    "A gated MLP's activation as one kernel that keeps only its input "
                    "(Megatron-Core, Transformer Engine): 3 ffn-wide tensors kept instead of 4",
                ),
            ),
            "dropout": (
                translate("PlanInputs", "Dropout"),
                translate("PlanInputs", "Attention and residual dropout (their masks are kept)"),
            ),
            "uneven_stages": (
                translate("PlanInputs", "Uneven first and last stages"),
                translate(
                    "PlanInputs",
                    "Pipeline stages need not hold equal layers: the first and the last take "
                    "fewer (Megatron-Core's first/last pipeline layers), so a model whose layers "
                    "few stage counts divide can still be pipelined (DeepSeek-V3's 61, "
                    "Qwen3-235B's 94, Llama 3 405B's 126 on 16 stages). The search tries many "
                    "more layouts and takes longer",
                ),
            ),
            "ep_overlap": (
                translate("PlanInputs", "EP overlap"),
                translate(
                    "PlanInputs",
                    "A mixture of experts' all-to-all hidden behind another micro-batch's "
                    "compute: Megatron-Core pairs the forward of one micro-batch with the "
                    "backward of another, layer by layer (overlap_moe_expert_parallel_comm). "
                    "Needs EP above 1, PP 1 or the interleaved schedule, and no full "
                    "recomputation",
                ),
            ),
        }
        self.switches: dict[str, QCheckBox] = {}
        for key, on in SWITCHES.items():
            text, tip = labels[key]
            box = self.switches[key] = QCheckBox(text, self)
            box.setChecked(on)
            box.setToolTip(plain_tip(tip))
            box.toggled.connect(self._edited)
        # the two short switches share a row, so the page is no taller than the others (a
        # 1280x720 slide in Chinese shows every input page without a scroll bar)
        layout_field = self.fields["pipeline_layout"]
        layout_field.lineEdit().setPlaceholderText(
            translate("PlanInputs", "layout, e.g. Et|(tt|)*30mL")
        )
        for row in SWITCH_ROWS:
            if row == (
                "uneven_stages",
            ):  # the custom layout beside the switch it goes further than
                pair = QWidget(self)
                line = QHBoxLayout(pair)
                line.setContentsMargins(0, 0, 0, 0)
                line.addWidget(self.switches["uneven_stages"])
                line.addWidget(layout_field, 1)
                form.addRow(pair)
                continue
            if len(row) == 1:
                form.addRow(self.switches[row[0]])
                continue
            pair = QWidget(self)
            line = QHBoxLayout(pair)
            line.setContentsMargins(0, 0, 0, 0)
            for key in row:
                line.addWidget(self.switches[key])
            line.addStretch(1)
            form.addRow(pair)
        for key in ("framework", "kernels", "attention", "cross_entropy", "overlap", "precision"):
            self.combos[key].currentIndexChanged.connect(self._edited)
        low.currentIndexChanged.connect(self._recipe_details_allowed)
        self._recipe_details_allowed()

    def _precision_row(self, low: QComboBox) -> QWidget:
        """The precision combo with a small button beside it whose menu adds the recipe's own
        settings (:data:`core.plan.precision.RECIPE_DETAILS`): a menu rather than two more
        switches, so the Code page keeps its width and height on a 1280x720 slide."""
        names = {
            "fp8_attention": (
                translate("PlanInputs", "FP8 attention"),
                translate(
                    "PlanInputs",
                    "Attention's inputs quantized to the recipe's FP8 format and run by cuDNN's "
                    "FP8 kernels (Megatron-Bridge's fp8_dot_product_attention), at cuDNN's "
                    "measured FP8/BF16 time on GB200 and GB300. Needs an FP8 precision",
                ),
            ),
            "fused_grouped_mlp": (
                translate("PlanInputs", "Fused grouped MLP"),
                translate(
                    "PlanInputs",
                    "Transformer Engine's fused grouped MLP for the experts: the activation, the "
                    "routing weights and the quantization run inside the grouped GEMMs' "
                    "epilogues (Megatron-Bridge's cutedsl_fused_grouped_mlp). Needs MXFP8 or "
                    "NVFP4",
                ),
            ),
        }
        button = self.recipe_button = QToolButton(self)
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        button.setAccessibleName(translate("PlanInputs", "Recipe settings"))
        # the menu's arrow would cover the short text; the tooltip says it opens a menu
        button.setStyleSheet("QToolButton::menu-indicator { image: none; width: 0px; }")
        menu = QMenu(button)
        self.recipe_actions: dict[str, QAction] = {}
        for key in RECIPE_DETAILS:
            text, tip = names[key]
            action = self.recipe_actions[key] = QAction(text, menu)
            action.setCheckable(True)
            action.setToolTip(plain_tip(tip))
            action.toggled.connect(self._recipe_detail_toggled)
            menu.addAction(action)
        menu.setToolTipsVisible(True)
        button.setMenu(menu)
        row = _Row(self)
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(low, 1)
        line.addWidget(button)
        self._recipe_button_text()
        return row

    def _recipe_detail_toggled(self, _on: bool) -> None:
        self._recipe_button_text()
        self._edited()

    def _recipe_details_allowed(self, *_args: Any) -> None:
        """Enable the recipe settings the chosen precision allows; a setting it does not allow
        keeps its tick for a precision that does, and the plan leaves it out."""
        allowed = self._allowed_details()
        for key, action in self.recipe_actions.items():
            action.setEnabled(key in allowed)
        self._recipe_button_text()

    def _allowed_details(self) -> frozenset[str]:
        rid = self.combos["precision"].currentData()
        return recipe_details(PRECISIONS.get(rid)) if rid else frozenset()

    def recipe_settings(self) -> dict[str, bool]:
        """The recipe settings that apply: ticked in the menu and allowed by the precision."""
        allowed = self._allowed_details()
        return {k: a.isChecked() and k in allowed for k, a in self.recipe_actions.items()}

    def _recipe_button_text(self) -> None:
        """'…' with none applied, '+N' with N applied; the tooltip names them."""
        applied = [k for k, on in self.recipe_settings().items() if on]
        button = self.recipe_button
        button.setText(f"+{len(applied)}" if applied else "\u2026")
        names = [a.text() for k, a in self.recipe_actions.items() if k in applied]
        state = (
            translate("PlanInputs", "on: {names}").format(names=", ".join(names))
            if names
            else translate("PlanInputs", "none on")
        )
        button.setToolTip(
            plain_tip(
                translate(
                    "PlanInputs",
                    "The recipe's own settings ({state}): FP8 attention with an FP8 precision, "
                    "the fused grouped MLP with MXFP8 or NVFP4",
                ).format(state=state)
            )
        )

    def _framework_picked(self, _index: int) -> None:
        """The framework picked by the user: the code page's controls take its preset."""
        fid = self.combos["framework"].currentData()
        preset = Implementation(**framework(fid).preset_dict(), framework=fid)
        values = {
            "kernels": "fused" if preset.fused else "eager",
            "cross_entropy": preset.cross_entropy,
            "overlap": "none" if not preset.dp_overlap else "dp+tp" if preset.tp_overlap else "dp",
        }
        for key, value in values.items():
            box = self.combos[key]
            box.blockSignals(True)
            box.setCurrentIndex(find_data(box, value))
            box.blockSignals(False)
        for key, box in self.switches.items():
            if key == "uneven_stages":  # how the layers split, not the framework's way of running
                continue
            box.blockSignals(True)
            box.setChecked(bool(getattr(preset, key)))
            box.blockSignals(False)
        self._edited()

    def implementation(self) -> Implementation:
        """How the training code runs, as the code page says."""
        attention = self.combos["attention"].currentData() or ""
        overlap = self.combos["overlap"].currentData()
        return implementation_from(
            dp_overlap=overlap != "none",
            tp_overlap=overlap == "dp+tp",
            flash=attention != "none",
            fused=self.combos["kernels"].currentData() == "fused",
            attention_kernel=attention if attention not in ("", "none") else None,
            cross_entropy=self.combos["cross_entropy"].currentData(),
            precision=self.combos["precision"].currentData(),
            framework=self.combos["framework"].currentData(),
            schedule=self.combos["schedule"].currentData(),
            dispatcher=self.combos["dispatcher"].currentData(),
            route_nodes=self.fields["route_nodes"].text().strip() or None,
            pipeline_layout=self.fields["pipeline_layout"].text().strip() or None,
            **{key: box.isChecked() for key, box in self.switches.items()},
            **self.recipe_settings(),
        )

    # the model box --------------------------------------------------------------------------
    @property
    def config_path(self) -> str:
        """The Hugging Face ``config.json`` chosen in the model box ('' for a model)."""
        return self.model_box.config_path

    def _model_changed(self) -> None:
        """A model typed or picked is checked at once; a chosen file was checked when read."""
        if self.config_path:
            self._model_problem(None)
            self.changed.emit()
        else:
            self._validate_model()

    def _validate_model(self) -> bool:
        if self.config_path:
            self._model_problem(None)
            return True
        from core.step.hf import hub_missing

        text = self.model_box.model_text().strip()
        repo = hub_missing(text)
        self.hub_row.set_missing(text if repo else "", repo or "")
        if repo:  # offered in the row, not as a paragraph of terminal commands
            self._model_problem(None)
            return False
        try:
            _check_model(self.model_box.model_text())
        except InputError as exc:
            self._model_problem(localized(exc.message))
            return False
        self._model_problem(None)
        self.changed.emit()
        return True

    def _model_problem(self, message: str | None) -> None:
        self.model_error.setText(message or "")
        self.model_error.setVisible(message is not None)

    def set_config(self, path: str) -> None:
        """Plan the Hugging Face ``config.json`` at ``path`` (empty: the model box's model)."""
        self.model_box.set_config(path)
        if path:
            self._model_problem(None)

    def set_model(self, text: str) -> None:
        """Plan ``text`` (a preset, ``transformer:…`` or dimensions) from code."""
        self.model_box.set_model(text)
        self._validate_model()

    # the links ------------------------------------------------------------------------------
    def set_device(
        self, name: str, intra: float | None, network: float | None, domain: int | None = None
    ) -> None:
        """The toolbar's device and its links: the link fields follow it unless edited; an empty
        NVLink domain shows the device's (``domain``, or the node's when it has none)."""
        self._device_links = (intra, network)
        self.fields["nvlink_domain"].lineEdit().setPlaceholderText(
            translate("PlanInputs", "the device's: {domain}").format(domain=str(domain))
            if domain
            else translate("PlanInputs", "the node")
        )
        self.device_line.setText(
            translate("PlanInputs", "Device: {device} (the toolbar's)").format(device=name)
        )
        if not self._links_edited:
            self._fill_links()

    def _fill_links(self) -> None:
        for key, value in zip(_LINKS, self._device_links, strict=True):
            field = self.fields[key]
            field.blockSignals(True)
            field.setText(_link_text(value))
            field.blockSignals(False)
            field.lineEdit().setPlaceholderText(
                "" if value else translate("PlanInputs", "not in the database")
            )

    def _links_typed(self, _text: str) -> None:
        self._links_edited = True

    def reset_link_fields(self) -> None:
        """Take both links from the device database again (and re-plan)."""
        self._links_edited = False
        self._fill_links()
        self.clusterChanged.emit()

    def _storage_placeholder(self, *_args: Any) -> None:
        """The empty storage field shows the default for the GPUs typed (Llama 3's share)."""
        gpus = self.fields["gpus"].value()
        self.fields["checkpoint_bw"].lineEdit().setPlaceholderText(
            translate("PlanInputs", "{bw} (Llama 3)").format(
                bw=_link_text(default_storage_bw(int(gpus)))
            )
        )

    def days_options(self) -> dict[str, float | None]:
        """The days rows' storage bandwidth (bytes/s) and failure rate (per GPU-day) as
        :func:`core.plan.days.run_days` takes them; ``None``: the sourced default."""
        return {
            "storage_bw": self.fields["checkpoint_bw"].value(),
            "failure_rate": self.fields["failure_rate"].value(),
        }

    @property
    def links_edited(self) -> bool:
        """Whether a link was typed over (then it is passed to the plan; else the database's)."""
        return self._links_edited

    # values ---------------------------------------------------------------------------------
    def _edited(self, *_args: Any) -> None:
        self.changed.emit()

    def _cluster_edited(self, *_args: Any) -> None:
        self.clusterChanged.emit()

    def problems(self) -> list[str]:
        """The messages of the fields whose text does not validate (shown under them)."""
        out = [self.fields[k].errorText() for k in self.fields if not self.fields[k].isValid()]
        if not self.model_error.isHidden():  # shown, or shown once the page is
            out.insert(0, self.model_error.text())
        elif not self.hub_row.isHidden():  # a Hub id not cached: the row's line
            out.insert(0, self.hub_row.sentence())
        return out

    def options(self) -> dict[str, Any]:
        """The run, the cluster and the code as :func:`core.plan.options.planned_input` keywords
        (texts, and the :class:`~core.plan.inputs.Implementation`), less the device; the global
        batch as typed, with ``batch_unit``."""
        out: dict[str, Any] = dict(model_source(self.model_box.model_text(), self.config_path))
        for key in ("seq", "global_batch", "tokens", "gpus", "gpus_per_node"):
            out[key] = self.fields[key].text()
        out["nvlink_domain"] = self.fields["nvlink_domain"].text().strip() or None
        for key in _LINKS:
            out[key] = self.fields[key].text() if self._links_edited else None
        out["recipe"] = self.combos["recipe"].currentData()
        out["optimizer_id"] = self.combos["optimizer"].currentData()
        out["batch_unit"] = self.batch_unit.currentData()
        out["implementation"] = self.implementation()
        out["mtp"] = self.fields["mtp"].text().strip() or None
        out["capacity_factor"] = self.fields["capacity_factor"].text().strip() or None
        return out

    def layout_options(self) -> dict[str, Any]:
        """The layout as :class:`core.plan.options.LayoutOptions` fields (``None``: searched)."""
        out: dict[str, Any] = {k: self.fields[k].text().strip() or None for k in _LAYOUT_NUMBERS}
        sp = self.combos["sp"].currentData()
        out["sp"] = None if not sp else sp == "on"
        out["zero"] = self.combos["zero"].currentData() or None
        out["recompute"] = self.combos["recompute"].currentData() or None
        return out

    def show_error(self, message: str | None, field: str | None = None) -> bool:
        """Show a message the core gave under the page of ``field`` (and turn to it); ``None``
        clears every page's message. Returns whether a page took it."""
        for label in self.errors.values():
            label.setVisible(False)
            label.setText("")
        if message is None:
            return True
        key = (field or "").replace("-", "_").lower()
        for page, keys in PAGES.items():
            if key in keys:
                self.errors[page].setText(message)
                self.errors[page].setVisible(True)
                self.pages.setCurrentIndex(list(PAGES).index(page))
                return True
        return False

    def set_compact(self, compact: bool) -> None:
        """Tighter rows (presentation mode: the column must fit 720 px without scrolling)."""
        for form in self.forms.values():
            form.setVerticalSpacing(2 if compact else -1)
        # A slide hides the days' fields (as the data-path field): the column keeps its height
        # at 1280x720 in Chinese too, and the slide's line under the tokens still uses them.
        for key in _DAYS:
            self.forms["run"].setRowVisible(self.fields[key], not compact)
        # A hidden page does not tell the page stack its size changed (Qt skips hidden widgets'
        # geometry updates), so the stack would keep the tallest page's old height: recompute.
        for index in range(self.pages.count()):
            self.pages.widget(index).layout().invalidate()
        stack = self.pages.currentWidget().parentWidget()
        if stack is not None and stack.layout() is not None:
            stack.layout().invalidate()
        self.pages.updateGeometry()

    def set_training(self, text: str) -> None:
        """The line under the tokens: the chosen layout's days and GPU-hours (or why none)."""
        self.training_line.setText(text)

    # sessions -------------------------------------------------------------------------------
    def session_state(self) -> dict[str, Any]:
        """Every input as text or the combo's data (links: '' when they follow the device)."""
        out: dict[str, Any] = {"model": self.model_box.model_text(), "config": self.config_path}
        for key, field in self.fields.items():
            out[key] = field.text()
        for key in _LINKS:
            if not self._links_edited:
                out[key] = ""
        out["batch_unit"] = self.batch_unit.currentData()
        out.update({key: box.currentData() for key, box in self.combos.items()})
        out.update({key: box.isChecked() for key, box in self.switches.items()})
        out.update({key: a.isChecked() for key, a in self.recipe_actions.items()})
        out["page"] = self.pages.currentIndex()
        return out

    def restore_session(self, data: dict[str, Any]) -> list[str]:
        """Restore :meth:`session_state`; returns what could not be applied."""
        problems: list[str] = []
        for key in ("model", "config"):
            value = data.get(key)
            if value is None:
                continue
            if not isinstance(value, str):
                problems.append(
                    translate("PlanInputs", "plan: {key} must be text, got {kind}").format(
                        key=key, kind=type(value).__name__
                    )
                )
            elif key == "model":
                self.model_box.set_model(value)
                if not data.get("config"):
                    self._validate_model()
            elif value.strip():
                self.set_config(value.strip())
            else:
                self.set_config("")
        for key, field in self.fields.items():
            if key not in data:
                continue
            value = data[key]
            if not isinstance(value, str | int | float) or isinstance(value, bool):
                problems.append(
                    translate("PlanInputs", "plan: {key} must be text, got {kind}").format(
                        key=key, kind=type(value).__name__
                    )
                )
                continue
            try:
                self._parsers[key](str(value))
            except InputError as exc:
                problems.append(
                    translate("PlanInputs", "plan: {problem}").format(
                        problem=localized(exc.message)
                    )
                )
                continue
            field.setText(str(value))
            if key in _LINKS and str(value).strip():
                self._links_edited = True
        if all(key in data and not str(data[key]).strip() for key in _LINKS):
            self._links_edited = False
            self._fill_links()
        combos = {"batch_unit": self.batch_unit, **self.combos}
        problems += restore_combos("plan", combos, data)
        for key, box in {**self.switches, **self.recipe_actions}.items():
            value = data.get(key)
            if value is None:
                continue
            if isinstance(value, bool):
                box.setChecked(value)
            else:
                problems.append(
                    translate(
                        "PlanInputs", "plan: {key} must be true or false, got {value}"
                    ).format(key=key, value=repr(value)[:40])
                )
        page = data.get("page")
        if isinstance(page, int) and not isinstance(page, bool) and 0 <= page < self.pages.count():
            self.pages.setCurrentIndex(page)
        return problems
