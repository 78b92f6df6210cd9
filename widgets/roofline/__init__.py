"""Views of the Roofline tab: the plot, the operator editor, the device panel and the table."""
