#!/usr/bin/env python3
"""sudoku-solve -j1 against tdoku's line filter, end to end, side by side.

usage: python3 benches/vs_tdoku.py TDOKU_FILTER [RUNS]

TDOKU_FILTER is built by ../shared/tools/tdoku-filter/build.sh. For every shared set (the
list in tests/data/shared-sets.txt), first solution and --count (solutions up to 2): the set,
repeated to at least 20,000 puzzles, goes to both programs in alternated runs (ours, theirs,
theirs, ours, ...); prints each program's median rate and the ratio of the medians, with the
spread of the per-pair ratios.
"""
import os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data")
OURS = os.path.join(ROOT, "target", "release", "sudoku-solve")


def repeated(name, scratch):
    with open(os.path.join(DATA, name)) as f:
        lines = [l.rstrip("\n") + "\n" for l in f if len(l.rstrip("\n")) >= 81]
    copies = max(1, -(-20000 // len(lines)))
    path = os.path.join(scratch, name)
    with open(path, "w") as f:
        for _ in range(copies):
            f.writelines(lines)
    return path, len(lines) * copies


def seconds(cmd, path):
    with open(path) as f:
        start = time.perf_counter()
        subprocess.run(cmd, stdin=f, stdout=subprocess.DEVNULL, check=True)
        return time.perf_counter() - start


def main():
    theirs_bin = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    with open(os.path.join(ROOT, "tests", "data", "shared-sets.txt")) as f:
        sets = f.read().split()
    print("| set | mode | sudoku-solve -j1 | tdoku | ratio | pairs |")
    print("|---|---|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as scratch:
        for name in sets:
            path, n = repeated(name, scratch)
            for mode, extra in (("first", []), ("--count", ["--count"])):
                ours, theirs = [OURS, "-j1"] + extra, [theirs_bin] + extra
                a, b = [], []
                for r in range(runs):
                    order = ((ours, a), (theirs, b)) if r % 2 == 0 else ((theirs, b), (ours, a))
                    for cmd, acc in order:
                        acc.append(seconds(cmd, path))
                ma, mb = statistics.median(a), statistics.median(b)
                pairs = sorted(y / x for x, y in zip(a, b))
                print(f"| {name.removesuffix('.txt')} | {mode} | {n / ma / 1000:.1f}k/s | "
                      f"{n / mb / 1000:.1f}k/s | {mb / ma:.2f}x | {pairs[0]:.2f}-{pairs[-1]:.2f} |",
                      flush=True)


if __name__ == "__main__":
    main()
