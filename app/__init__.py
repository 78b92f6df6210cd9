"""Napkin Lab's application layer: main window, tab wiring, background work, settings and CLI."""
