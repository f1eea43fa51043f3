"""``/v1/books``: a small puzzle book as a PDF, made in the worker pool."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from pyramids.service import models as m
from pyramids.service.errors import BODY, POOLED, ServiceError, documented
from pyramids.service.routes.analysis import DEAL_400
from pyramids.service.routes.deps import Config, Pool, Puzzles

router = APIRouter(tags=["books"])


@router.post("/v1/books", response_class=Response, responses={
    200: {"content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}},
          "description": "The book, a PDF"},
    **documented(400, 404, *BODY, *POOLED, s400=(
        f"{DEAL_400}; a deal that is not winnable (a book prints winnable deals only); "
        "ids with deals, or an id no collection holds; collections too short for the "
        "grades asked"), s404="No shipped collection of that name", s413=(
        "Body over the server's byte bound, or a book over the server's bound of puzzles "
        "(the schema's maximum and maxItems)"))})
async def book(req: m.BookRequest, cfg: Config, pool: Pool, puzzles: Puzzles) -> Response:
    """A small puzzle book as a PDF: the deals given (solved on the way), or puzzles
    from a shipped collection; at most the server's bound. With ``part: cover``, the
    same book's wrap-around cover instead, sized for its page count."""
    variant = req.build()
    if req.trim is not None and "page_size" in req.model_fields_set:
        raise ServiceError(400, "give trim or page_size, not both (page_size \"letter\" is "
                                "trim \"8.5x11\")", "BookError")
    if req.part == "cover" and req.trim is None:
        raise ServiceError(400, "part \"cover\" needs a trim (the cover's size is the "
                                "trim's, twice, and the spine)", "BookError")
    for name in ("paper", "description"):
        if req.part != "cover" and name in req.model_fields_set:
            raise ServiceError(400, f"{name} is the cover's: give it with part \"cover\"",
                               "BookError")
    deals = [m.parse_deal(d, variant) for d in req.deals or []]
    if req.ids is not None and deals:
        raise ServiceError(400, "ids picks puzzles from the collections: give ids or "
                                "deals, not both", "BookError")
    count = req.count if req.count is not None else (len(deals) or len(req.ids or ()) or 4)
    if req.ids is not None:
        count = len(req.ids)
    if not 1 <= count <= cfg.max_book_count or len(deals) > cfg.max_book_count:
        raise ServiceError(413, f"a book here holds 1 to {cfg.max_book_count} puzzles, "
                                f"got {max(count, len(deals))}", "BatchTooLarge")
    paths: list[str] = []
    if not deals:
        names = [req.collection] if req.collection is not None else puzzles.names()
        for name in names:
            puzzles.load(name)  # 404 for an unknown one, before any work
            paths.append(str(puzzles.directory / f"{name}.jsonl"))
    t = cfg.time_limit(req.time_limit)
    data = await pool.run(
        "book", cfg.book_time_limit + cfg.grace, paths=paths, deals=deals, variant=variant,
        variants=[variant.name] if "variant" in req.model_fields_set else None,
        grades=req.grades, count=count, title=req.title, page_size=req.trim or req.page_size,
        time_limit=t, ids=req.ids, large_print=req.large_print, per_page=req.per_page,
        cover=(req.paper, req.description) if req.part == "cover" else None)
    name = "pyramids-cover.pdf" if req.part == "cover" else "pyramids-book.pdf"
    return Response(data, media_type="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{name}"'})
