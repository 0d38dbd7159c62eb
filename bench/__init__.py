"""Benchmarks behind `studybuddy bench` / `make bench`; results land in bench/results/."""
