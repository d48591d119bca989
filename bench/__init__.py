"""Benchmarks behind ``make bench``: each module adds its measurements to one report."""
