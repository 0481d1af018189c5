"""Play reader services on the simulated web: one host (``reader.test``) stands in for Jina or Firecrawl.

A test routes the service's documented path on :data:`SERVICE` and points the reader's
``base_url`` there through :func:`service_config`; :func:`jina_read` and :func:`firecrawl_scrape`
build the JSON envelopes those services answer with, around any markdown. The page they
"read" is :data:`TARGET`; :data:`STORY` is the same story served as HTML by the sites.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from tests.sim.sites import allow_target, article, site_config
from tests.sim.web import SimWeb

STORY = article(
    "Lighthouse",
    "The old lighthouse on the northern cape will open to visitors every weekend from the first of May.",
    "Volunteers restored the lamp room over two winters and the council paid for a new staircase.",
)
STORY_MD = (
    "[Home](https://harbour-news.example.org/) | [News](https://harbour-news.example.org/news)\n\n"
    "# Lighthouse\n\nThe old lighthouse on the northern cape will open to visitors every weekend from the "
    "first of May.\n\nVolunteers restored the lamp room over two winters.\n"
)
SERVICE = "reader.test"
TARGET = "https://harbour-news.example.org/2025/lighthouse"


def service_config(web: SimWeb, reader: str, **override: Any) -> dict[str, Any]:
    cfg = allow_target(site_config(web), urlsplit(TARGET).hostname or "")
    cfg["network"]["resolve"][SERVICE] = "127.0.0.1"
    cfg["overrides"] = {reader: {"base_url": f"http://{SERVICE}:{web.port}", **override}}
    return cfg


def jina_read(title: str, content: str) -> bytes:
    data = {"title": title, "url": TARGET, "content": content, "usage": {"tokens": 40}}
    return json.dumps({"code": 200, "status": 20000, "data": data}).encode()


def firecrawl_scrape(title: str, markdown: str) -> bytes:
    meta = {"title": title, "sourceURL": TARGET, "url": TARGET, "statusCode": 200, "contentType": "text/html"}
    return json.dumps({"success": True, "data": {"markdown": markdown, "metadata": meta}}).encode()
