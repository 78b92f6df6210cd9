"""Views of the Plan tab: its inputs, the ranked table of candidate layouts, the scatter of every
candidate (tokens/s per GPU against memory per GPU) and the stacked bars of the chosen layout's
time and memory, and the table of published runs beside the plan's predictions. They render what
:mod:`core.plan` computed."""

from widgets.plan.bars import Segment, StackedBar
from widgets.plan.chart import PlanChart, Point, Series
from widgets.plan.inputs import PlanInputs
from widgets.plan.published import PublishedModel
from widgets.plan.table import CandidateFilter, CandidateModel

__all__ = [
    "CandidateFilter",
    "CandidateModel",
    "PlanChart",
    "PlanInputs",
    "Point",
    "PublishedModel",
    "Segment",
    "Series",
    "StackedBar",
]
