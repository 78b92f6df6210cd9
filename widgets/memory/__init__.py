"""Views of the Memory tab: the stacked bars, the controls and the phase timeline."""
