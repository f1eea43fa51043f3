"""Puzzle books: deals drawn as vector cards, rules, puzzles and solutions, as a PDF."""

from pyramids.book.document import BookInfo, BookOptions, render_book, write_atomic, write_book
from pyramids.book.puzzles import BookError, Puzzle, gather, read_jsonl, select, shipped_collections

__all__ = ["BookError", "BookInfo", "BookOptions", "Puzzle", "gather", "read_jsonl",
           "render_book", "select", "shipped_collections", "write_atomic", "write_book"]
