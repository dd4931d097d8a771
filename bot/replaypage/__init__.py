"""A finished match as one self-contained HTML page: every board, the log, each
seat's own view and the fairness proof, with nothing loaded at view time.

`collect` reads the match (async, refused while it runs); `html_page` draws it
(pure CPU, run in a thread by callers on a busy event loop)."""

from .collect import FINISHED, Finished, collect, not_over
from .page import html_page, page_data, page_html

__all__ = ["FINISHED", "Finished", "collect", "html_page", "not_over", "page_data", "page_html"]
