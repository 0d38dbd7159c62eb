"""`python -m bench`: run the benchmarks (see bench/runner.py)."""
import sys

from bench.runner import main

sys.exit(main())
