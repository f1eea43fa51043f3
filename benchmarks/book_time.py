"""How long it takes to make a puzzle book of N puzzles from a collection.

    .venv/bin/python benchmarks/book_time.py [--count 50] [--from FILE.jsonl ...]

Without --from it uses the shipped collections (src/pyramids/data/puzzles/*.jsonl); if they hold
fewer than --count puzzles it first makes a temporary collection by solving Giza and Pyramid
deals with the installed solver (that part is not timed). Prints reading/checking time,
layout+PDF time and file size. The machine is shared: figures are noisy.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from pyramids import get_variant
from pyramids.book import BookOptions, gather, read_jsonl, shipped_collections, write_book
from pyramids.book.puzzles import solve_deals, write_jsonl


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--from", dest="sources", nargs="*", default=None)
    ap.add_argument("--page-size", default="a4")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        files = [Path(f) for f in args.sources] if args.sources else shipped_collections()
        held = sum(len(read_jsonl(f)) for f in files)
        if held < args.count:
            t = time.perf_counter()
            made = []
            for name, n in (("giza", args.count - args.count // 2),
                            ("pyramid", args.count // 2)):
                made += solve_deals(get_variant(name), n, time_limit=10.0)
            coll = Path(tmp) / "bench.jsonl"
            write_jsonl(made, coll)
            files = [coll]
            print(f"made a {len(made)}-puzzle collection by solving deals "
                  f"({time.perf_counter() - t:.1f} s, not part of the timing)")
        t0 = time.perf_counter()
        pool = [p for f in files for p in read_jsonl(f)]
        chosen = gather(pool, None, None, args.count, on_the_fly=False)
        t1 = time.perf_counter()
        out = Path(tmp) / "book.pdf"
        info = write_book(chosen, out, BookOptions(page_size=args.page_size))
        t2 = time.perf_counter()
    print(f"{len(chosen)} puzzles, {info.pages} pages, {info.bytes / 1e6:.2f} MB")
    print(f"read + replay-check collection: {t1 - t0:.2f} s")
    print(f"lay out + write PDF:            {t2 - t1:.2f} s")
    print(f"total:                          {t2 - t0:.2f} s")


if __name__ == "__main__":
    main()
