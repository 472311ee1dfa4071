"""The benchmark (`python3 build.py bench`): run_bench.py is the entry point, measure.py what its parts share."""
