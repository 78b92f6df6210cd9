"""Views of the Einops tab: the pattern editor, the call form and the results panes."""
