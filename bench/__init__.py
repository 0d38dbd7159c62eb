"""Benchmarks (`make bench`, `python -m bench --out DIR`), kept out of the shipped wheel.

They measure the product through its own modules (bot.eval_*, bot.container, core) and are never
imported by it. Results are data: bench/results/ holds the committed figures.
"""
