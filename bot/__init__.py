"""Composition root: settings, wiring and the command line. The only place core meets adapters."""
