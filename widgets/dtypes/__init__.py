"""Views of the Dtypes tab: bit strips, the values and comparison tables, the range chart and the
block-scaling histograms. They render core.numbers results and compute nothing."""
