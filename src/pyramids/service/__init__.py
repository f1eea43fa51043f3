"""The deal-analysis HTTP service (``pyramids serve``); needs the ``service`` extra.

``create_app(config)`` builds the FastAPI app; :class:`ServiceConfig` holds its limits.
"""

from __future__ import annotations

from pyramids.service.config import ServiceConfig

__all__ = ["ServiceConfig", "create_app"]


def __getattr__(name: str) -> object:
    # FastAPI is imported only when the app is asked for, so that ServiceConfig and the
    # worker side (pool, jobs) load without the optional dependency.
    if name == "create_app":
        from pyramids.service.app import create_app

        return create_app
    raise AttributeError(name)
