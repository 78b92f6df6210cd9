"""What a run costs: money at a GPU-hour price, energy in MWh, emissions at a grid intensity.

* cost = GPU-hours × price per GPU-hour;
* energy = GPU-hours × GPU power × node overhead × PUE (W·h → MWh: / 1e6);
* emissions = energy (kWh) × grid intensity (gCO2e/kWh) → tonnes: / 1e6.

GPU power defaults to the device's TDP from ``resources/hardware.json`` (the board power a
training run holds near: an upper bound for one that does not). Every other default is a field the
person can change, each with its source (:data:`DEFAULTS`):

* node overhead 1.59: the non-GPU share of a measured run. Luccioni et al. 2022, "Estimating the
  Carbon Footprint of BLOOM" (arXiv 2211.02001, JMLR 2023): 1,082,990 A100 GPU-hours at 400 W
  = 433,196 kWh of GPU ("dynamic") energy, plus 256,646 kWh of idle and infrastructure energy of
  the Jean Zay nodes: (433,196 + 256,646) / 433,196 = 1.59.
* PUE 1.10: Google's fleet-wide data-centre PUE (1.10 published for 2021 and later; the Uptime
  Institute's 2021 survey average for large data centres was 1.57).
* grid 57 gCO2e/kWh: the French grid the BLOOM paper used (433,196 kWh × 57 g = 24.7 t, its
  "dynamic" emissions); type your region's.
* price $2.50 per GPU-hour: about the low end of early-2026 on-demand H100 SXM list prices
  ($2.49–3.99 across Lambda, CoreWeave, Crusoe, RunPod); type your contract's.

Sentences are :class:`core.texts.Text` in the ``Napkin`` context.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from core.texts import Text, join_texts, translate
from core.units import format_number as _n
from core.validate import positive_float

__all__ = ["DEFAULTS", "SOURCES", "RunCost", "run_cost", "validate"]

#: Default of every field but the GPU power (the device's TDP).
DEFAULTS = MappingProxyType({"price": 2.50, "overhead": 1.59, "pue": 1.10, "grid": 57.0})

#: Where each default comes from (translatable; the CLI prints the English).
SOURCES = MappingProxyType(
    {
        "power": translate("Napkin", "the device's TDP in resources/hardware.json (its datasheet)"),
        "overhead": translate(
            "Napkin",
            "Luccioni et al. 2022, Estimating the Carbon Footprint of BLOOM (arXiv 2211.02001): "
            "433,196 kWh of GPU energy (1,082,990 GPU-hours × 400 W) and 256,646 kWh of idle and "
            "infrastructure energy: (433,196 + 256,646) / 433,196 = 1.59",
        ),
        "pue": translate(
            "Napkin",
            "Google data centres' fleet-wide PUE, 1.10 (published since 2021; the Uptime "
            "Institute's 2021 survey average was 1.57)",
        ),
        "grid": translate(
            "Napkin",
            "the French grid intensity the BLOOM paper used, 57 gCO2e/kWh (433,196 kWh × 57 g = "
            "its 24.7 t of dynamic emissions); type your region's",
        ),
        "price": translate(
            "Napkin",
            "about the low end of early-2026 on-demand H100 SXM list prices, $2.49-3.99 per "
            "GPU-hour (Lambda, CoreWeave, Crusoe, RunPod); type yours",
        ),
    }
)

_FIELDS = {
    "gpu_hours": (translate("Napkin", "GPU-hours"), 1e-6, 1e15),
    "price": (translate("Napkin", "price per GPU-hour"), 0.0, 1e6),
    "power": (translate("Napkin", "GPU power (W)"), 1.0, 1e5),
    "overhead": (translate("Napkin", "node overhead"), 1.0, 10.0),
    "pue": (translate("Napkin", "PUE"), 1.0, 10.0),
    "grid": (translate("Napkin", "grid intensity (gCO2e/kWh)"), 0.0, 5000.0),
}


def validate(key: str, value: object) -> float:
    """Validate field ``key`` of :func:`run_cost` (its range is in the message when refused)."""
    name, low, high = _FIELDS[key]
    return positive_float(value, name, low=low, high=high, unit="plain")


@dataclass(frozen=True)
class RunCost:
    """A run's money, energy and emissions, and the numbers they came from."""

    gpu_hours: float
    price: float
    power_w: float
    overhead: float
    pue: float
    grid: float

    @property
    def cost(self) -> float:
        """Money, in the price's currency."""
        return self.gpu_hours * self.price

    @property
    def gpu_energy_mwh(self) -> float:
        """The GPUs' energy alone (GPU-hours × power)."""
        return self.gpu_hours * self.power_w / 1e6

    @property
    def energy_mwh(self) -> float:
        """The facility's energy: with the node overhead and the PUE."""
        return self.gpu_energy_mwh * self.overhead * self.pue

    @property
    def emissions_t(self) -> float:
        """Tonnes of CO2e at the grid intensity."""
        return self.energy_mwh * 1000 * self.grid / 1e6

    def formula(self) -> Text:
        """The three computations with the numbers filled in."""
        h = _n(self.gpu_hours)
        lines = [
            translate("Napkin", "cost = GPU-hours × price = {hours} × {price} = {cost}").format(
                hours=h, price=_n(self.price), cost=_n(self.cost)
            ),
            translate(
                "Napkin",
                "energy = GPU-hours × power × overhead × PUE = {hours} × {power} W × {overhead} × "
                "{pue} = {mwh} MWh",
            ).format(
                hours=h,
                power=_n(self.power_w),
                overhead=_n(self.overhead),
                pue=_n(self.pue),
                mwh=_n(self.energy_mwh),
            ),
            translate(
                "Napkin", "CO2e = energy × grid = {kwh} kWh × {grid} g/kWh = {tonnes} t"
            ).format(
                kwh=_n(self.energy_mwh * 1000), grid=_n(self.grid), tonnes=_n(self.emissions_t)
            ),
        ]
        return join_texts(lines, "\n")

    def to_dict(self) -> dict[str, Any]:
        """JSON form: every input, ``cost``, ``energy_mwh``, ``gpu_energy_mwh``, ``emissions_t``."""
        return {
            "gpu_hours": self.gpu_hours,
            "price_per_gpu_hour": self.price,
            "power_w": self.power_w,
            "node_overhead": self.overhead,
            "pue": self.pue,
            "grid_g_per_kwh": self.grid,
            "cost": self.cost,
            "gpu_energy_mwh": self.gpu_energy_mwh,
            "energy_mwh": self.energy_mwh,
            "emissions_t": self.emissions_t,
            "formula": str(self.formula()),
        }


def run_cost(
    gpu_hours: object,
    power_w: object,
    *,
    price: object = DEFAULTS["price"],
    overhead: object = DEFAULTS["overhead"],
    pue: object = DEFAULTS["pue"],
    grid: object = DEFAULTS["grid"],
) -> RunCost:
    """Validate every field and return the run's :class:`RunCost`.

    Raises
    ------
    InputError
        Naming the field out of range and its allowed range.
    """
    return RunCost(
        validate("gpu_hours", gpu_hours),
        validate("price", price),
        validate("power", power_w),
        validate("overhead", overhead),
        validate("pue", pue),
        validate("grid", grid),
    )
