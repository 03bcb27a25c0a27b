"""Timing helpers shared by the GPU benchmarks of utils/gpu.

Every benchmark compares kernels of two compilers (or variants of one
kernel) in one process: each sample runs all of them back to back after an
L2 flush, in rotating order, so that clock, power and temperature drift hit
them alike. Medians are compared; the quartiles of the samples' own ratios
say how far to trust the medians' ratio.
"""

import torch


def interleaved_times(fns, samples, warmup=10):
    """{name: [ms of each sample]} for `fns` (name -> callable launching one
    kernel), the samples in order; each sample times every callable once
    after an L2 flush, the order rotating from sample to sample."""
    flush = torch.empty(256 * 1024 * 1024, dtype=torch.int8, device="cuda")
    names = list(fns)
    for _ in range(warmup):
        for fn in fns.values():
            fn()
    torch.cuda.synchronize()
    events = {name: [] for name in names}
    for i in range(samples):
        for name in names[i % len(names):] + names[:i % len(names)]:
            flush.zero_()
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            fns[name]()
            end.record()
            events[name].append((start, end))
    torch.cuda.synchronize()
    return {name: [s.elapsed_time(e) for s, e in evs]
            for name, evs in events.items()}


def median(xs):
    return sorted(xs)[len(xs) // 2]


def interleaved(fns, samples):
    """Median ms of each of `fns`, timed as interleaved_times does."""
    return {name: median(ts)
            for name, ts in interleaved_times(fns, samples).items()}


def ratio_quartiles(base, other):
    """Lower and upper quartiles of base[i] / other[i] over the samples."""
    ratios = sorted(b / o for b, o in zip(base, other))
    return ratios[len(ratios) // 4], ratios[3 * len(ratios) // 4]


def attempt(label, fn):
    """fn()'s result, or False after printing `label` and the first line of
    the exception it raises (a benchmark reports and goes on)."""
    try:
        return fn()
    except Exception as e:
        first = str(e).splitlines()[0] if str(e) else ""
        print(f"{label}  FAILED {type(e).__name__}: {first}", flush=True)
        return False
