"""A chunk's time a deal in a quiet main thread against the same chunk in a task thread
beside what a Dask worker's process runs beside its task thread: an asyncio loop ticking
every 20 ms and a sampler walking every thread's frames every 10 ms (Dask's profiler).

    python benchmarks/gil_neighbours.py pyramid 3000 4

Rounds alternate which runs first. A numba kernel holds the GIL unless compiled with
``nogil``; this measures what the neighbours' GIL hand-overs cost the task thread."""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import bench_scaling

from pyramids.bulk.analysis import Job
from pyramids.bulk.pool import tally_chunk
from pyramids.bulk.sources import NumberRun

Timing = tuple[float, float]  # wall seconds, the thread's CPU seconds


def timed(job: Job, n: int) -> Timing:
    wall, cpu = time.perf_counter(), time.thread_time()
    tally_chunk(NumberRun(0, n), job)
    return time.perf_counter() - wall, time.thread_time() - cpu


def beside_neighbours(fn: Callable[[], Timing]) -> Timing:
    """``fn()`` in an executor thread while this thread's event loop ticks and a sampler
    thread walks the frames."""
    stop = threading.Event()

    def sampler() -> None:
        while not stop.is_set():
            for frame in sys._current_frames().values():
                f = frame
                while f is not None:
                    f = f.f_back  # type: ignore[assignment]
            time.sleep(0.01)

    async def main() -> Timing:
        task = asyncio.get_running_loop().run_in_executor(None, fn)
        while not task.done():
            await asyncio.sleep(0.02)
        return await task

    thread = threading.Thread(target=sampler, daemon=True)
    thread.start()
    try:
        return asyncio.run(main())
    finally:
        stop.set()
        thread.join()


def main(argv: list[str]) -> int:
    case, n, rounds = argv[0], int(argv[1]), int(argv[2])
    job = bench_scaling.case_job(case)
    tally_chunk(NumberRun(10**6, 10**6 + 50), job)  # the kernels loaded
    for r in range(rounds):
        if r % 2:
            alone = timed(job, n)
            beside = beside_neighbours(lambda: timed(job, n))
        else:
            beside = beside_neighbours(lambda: timed(job, n))
            alone = timed(job, n)
        print(f"{case} round {r + 1}: main thread alone {1000 * alone[0] / n:.3f} ms a deal"
              f" (its CPU {1000 * alone[1] / n:.3f}); task thread beside a loop and a sampler"
              f" {1000 * beside[0] / n:.3f} ms (its CPU {1000 * beside[1] / n:.3f})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
