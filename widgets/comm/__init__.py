"""Views of communication: measured collective bandwidth against message size, beside the database."""

from widgets.comm.bandwidth_plot import BandwidthPlot
from widgets.comm.collectives_dialog import CollectivesDialog

__all__ = ["BandwidthPlot", "CollectivesDialog"]
