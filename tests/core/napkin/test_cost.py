"""A run's cost, energy and emissions: hand derivations and the BLOOM paper's figures."""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.napkin.cost import DEFAULTS, run_cost


def test_bloom_paper_energy_and_emissions():
    # Luccioni et al. 2022: 1,082,990 A100 GPU-hours at 400 W = 433,196 kWh ("dynamic"), 24.7 t at
    # the French grid's 57 g/kWh; with 256,646 kWh of idle/infrastructure energy, 14.6 t more.
    dynamic = run_cost(1_082_990, 400, overhead=1, pue=1, grid=57)
    assert dynamic.energy_mwh * 1000 == pytest.approx(433_196, rel=1e-5)
    assert dynamic.emissions_t == pytest.approx(24.7, abs=0.05)
    whole = run_cost(1_082_990, 400, pue=1, grid=57)  # the default overhead is that paper's
    assert whole.energy_mwh * 1000 == pytest.approx(433_196 + 256_646, rel=2e-3)
    assert whole.emissions_t == pytest.approx(24.7 + 14.6, abs=0.1)


def test_hand_derivation_with_defaults():
    answer = run_cost("1e6", 700)  # a million H100 hours at TDP
    assert answer.cost == pytest.approx(1e6 * DEFAULTS["price"])
    mwh = 1e6 * 700 * DEFAULTS["overhead"] * DEFAULTS["pue"] / 1e6  # W·h -> MWh
    assert answer.energy_mwh == pytest.approx(mwh)
    assert answer.gpu_energy_mwh == pytest.approx(700.0)
    assert answer.emissions_t == pytest.approx(mwh * 1000 * DEFAULTS["grid"] / 1e6)
    text = str(answer.formula())
    assert "1e6 × 700 W × 1.59 × 1.1" in text and "MWh" in text


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"pue": "0.9"}, "PUE"),
        ({"overhead": "x"}, "node overhead"),
        ({"grid": "-1"}, "grid"),
        ({"price": "-2"}, "price"),
    ],
)
def test_bad_fields_named(kwargs, needle):
    with pytest.raises(InputError, match=needle):
        run_cost(1000, 700, **kwargs)
