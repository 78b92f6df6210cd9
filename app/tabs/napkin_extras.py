"""Two Napkin cards after the lecture's questions: compute-optimal tokens, and what a run costs.

Every number comes from :mod:`core.napkin.scaling` (Hoffmann et al. 2022) and
:mod:`core.napkin.cost` (each default sourced there); this module only wires fields to them and
shows the formulas with their numbers, as the other cards do. The cost card's GPU-hours follow
"How long does training take?" while its field is empty, and its GPU power is the selected
device's TDP while that field is empty.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from core import napkin
from core.errors import InputError
from core.napkin.cost import DEFAULTS, SOURCES, run_cost
from core.napkin.cost import validate as cost_field
from core.napkin.scaling import CHINCHILLA_SOURCE, compute_optimal, tokens_per_param
from core.napkin.training import VALIDATORS
from core.units import format_count, format_number
from widgets.i18n import localized, translate
from widgets.number_field import NumberField
from widgets.result_card import ResultCard
from widgets.rich_text import plain_tip

if TYPE_CHECKING:
    from app.tabs.napkin_tab import NapkinPage

__all__ = ["NapkinExtras"]


def _optional(parse: Any, text: str) -> Any:
    """Empty text is ``None`` (the card then takes its other source); else ``parse(text)``."""
    return None if not str(text).strip() else parse(text)


def _flops(text: str) -> float:
    return compute_optimal(flops=text).flops


class NapkinExtras:
    """The compute-optimal card and the cost card of one Napkin page, and their fields."""

    def __init__(self, page: NapkinPage) -> None:
        self.page = page
        self.fields: dict[str, NumberField] = {}
        specs = {
            "co_params": ("70e9", VALIDATORS["params"],
                          translate("NapkinTab", "Model size; accepts 70e9 or 70B")),
            "co_flops": ("5.76e23", _flops,
                         translate("NapkinTab", "A training budget in FLOPs (Gopher's: 5.76e23)")),
            "co_ratio": ("20", tokens_per_param,
                         translate("NapkinTab", "Tokens per parameter (20: Chinchilla, Table 3)")),
            "gpu_hours": ("", partial(_optional, partial(cost_field, "gpu_hours")),
                          translate("NapkinTab", "Empty: the GPU-hours of “How long does training "
                                    "take?” (its days × GPUs × 24)")),
            "price": (f"{DEFAULTS['price']:g}", partial(cost_field, "price"), SOURCES["price"]),
            "power": ("", partial(_optional, partial(cost_field, "power")),
                      translate("NapkinTab", "Watts per GPU; empty: the selected device's TDP")),
            "overhead": (f"{DEFAULTS['overhead']:g}", partial(cost_field, "overhead"),
                         SOURCES["overhead"]),
            "pue": (f"{DEFAULTS['pue']:g}", partial(cost_field, "pue"), SOURCES["pue"]),
            "grid": (f"{DEFAULTS['grid']:g}", partial(cost_field, "grid"), SOURCES["grid"]),
        }  # fmt: skip
        placeholders = {
            "gpu_hours": translate("NapkinTab", "from the training time"),
            "power": translate("NapkinTab", "device TDP"),
        }
        for key, (default, parse, tip) in specs.items():
            field = NumberField(
                parse, default, placeholder=placeholders.get(key, ""), tooltip=localized(tip),
                parent=page,
            )  # fmt: skip
            field.setMaximumWidth(260)
            field.valueChanged.connect(self._changed)
            field.validityChanged.connect(self._changed)
            self.fields[key] = field
        self.optimal_card = ResultCard(
            translate("NapkinTab", "How many tokens should it see?"),
            translate(
                "NapkinTab",
                "Compute-optimal training (Hoffmann et al. 2022, “Chinchilla”): about 20 tokens "
                "per parameter, and the size a FLOP budget buys.",
            ),
        )
        self.optimal_card.setToolTip(plain_tip(localized(CHINCHILLA_SOURCE)))
        self.cost_card = ResultCard(
            translate("NapkinTab", "What does the run cost?"),
            translate(
                "NapkinTab",
                "Money at a GPU-hour price; energy with node overhead and PUE; CO2e at the grid "
                "intensity you type. Hover a field for its source.",
            ),
        )
        labels = {
            "co_params": translate("NapkinTab", "Parameters N"),
            "co_flops": translate("NapkinTab", "FLOP budget C"),
            "co_ratio": translate("NapkinTab", "Tokens / param"),
            "gpu_hours": translate("NapkinTab", "GPU-hours"),
            "price": translate("NapkinTab", "Price / GPU-hour"),
            "power": translate("NapkinTab", "GPU power (W)"),
            "overhead": translate("NapkinTab", "Node overhead"),
            "pue": translate("NapkinTab", "PUE"),
            "grid": translate("NapkinTab", "Grid (gCO2e/kWh)"),
        }
        for key in ("co_params", "co_flops", "co_ratio"):
            self.optimal_card.form.addRow(labels[key], self.fields[key])
        for key in ("gpu_hours", "price", "power", "overhead", "pue", "grid"):
            self.cost_card.form.addRow(labels[key], self.fields[key])
        self.labels = labels
        self.optimal_card.setProperty("shortTitle", translate("NapkinTab", "Compute-optimal"))
        self.cost_card.setProperty("shortTitle", translate("NapkinTab", "Cost"))

    @property
    def cards(self) -> list[ResultCard]:
        """The two cards, in the deck's order."""
        return [self.optimal_card, self.cost_card]

    def _changed(self, *_args: object) -> None:
        self.recompute()

    def _value(self, key: str) -> Any:
        if not self.fields[key].isValid():
            raise InputError(
                translate("NapkinTab", "{field}: see the message under the field").format(
                    field=self.labels[key]
                )
            )
        return self.fields[key].value()

    def recompute(self) -> None:
        """Both cards from their fields (and the training-time card and device for the cost)."""
        self._optimal()
        self._cost()

    def _optimal(self) -> None:
        try:
            ratio = self._value("co_ratio")
            by_size = compute_optimal(params=self._value("co_params"), ratio=ratio)
            by_budget = compute_optimal(flops=self._value("co_flops"), ratio=ratio)
        except InputError as exc:
            self.optimal_card.show_problem(localized(exc.message))
            return
        detail = translate("NapkinTab", "{size} · {budget} FLOPs buy {params} on {tokens}").format(
            size=localized(by_size.summary()),
            budget=format_number(by_budget.flops),
            params=localized(napkin.params_text(by_budget.params)),
            tokens=localized(napkin.tokens_text(by_budget.tokens)),
        )
        self.optimal_card.show_result(
            localized(napkin.tokens_text(by_size.tokens)),
            detail,
            "\n".join(localized(a.formula()) for a in (by_size, by_budget)),
        )

    def _gpu_hours(self) -> float:
        """The typed GPU-hours, else those of the training-time card."""
        typed = self._value("gpu_hours")
        if typed is not None:
            return float(typed)
        page = self.page
        peak = page._state.device.peak(page._state.dtype)
        v = page._values(["params", "tokens", "gpus", "mfu"])
        answer = napkin.train_time(v["params"], v["tokens"], v["gpus"], peak, v["mfu"])
        return answer.seconds * v["gpus"] / 3600

    def _cost(self) -> None:
        device = self.page._state.device
        try:
            hours = self._gpu_hours()
            power = self._value("power")
            if power is None:
                if device.tdp_w is None:
                    raise InputError(
                        translate(
                            "NapkinTab", "{device} has no TDP in the database: type the GPU power"
                        ).format(device=localized(device.name))
                    )
                power = device.tdp_w
            answer = run_cost(
                hours, power, price=self._value("price"), overhead=self._value("overhead"),
                pue=self._value("pue"), grid=self._value("grid"),
            )  # fmt: skip
        except InputError as exc:
            self.cost_card.show_problem(localized(exc.message))
            return
        self.cost_card.show_result(
            translate("NapkinTab", "{cost} · {mwh} MWh").format(
                cost=format_count(answer.cost), mwh=f"{answer.energy_mwh:,.4g}"
            ),
            translate(
                "NapkinTab",
                "{cost} at {price} per GPU-hour · {tonnes} t CO2e · GPUs alone {gpu} MWh",
            ).format(
                cost=f"{answer.cost:,.0f}",
                price=f"{answer.price:g}",
                tonnes=f"{answer.emissions_t:,.4g}",
                gpu=f"{answer.gpu_energy_mwh:,.4g}",
            ),
            localized(answer.formula()),
        )

    def session_state(self) -> dict[str, str]:
        """Every field's text."""
        return {key: field.text() for key, field in self.fields.items()}

    def restore_session(self, data: dict[str, Any]) -> None:
        """Put back saved texts (a text that no longer parses shows its message under the field)."""
        for key, field in self.fields.items():
            value = data.get(key)
            if isinstance(value, str):
                field.setText(value)
