"""Shared pytest setup: make pytest-playwright use the Chromium that `build.py test` found.

`python3 build.py test` exports CHROMIUM_PATH (Debian's /usr/bin/chromium on CI, where
`playwright install` cannot download browsers). Tests using pytest-playwright's
`browser`/`page` fixtures get it with the flags a headless CI machine needs.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--disable-quic", "--no-first-run",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch arguments plus CHROMIUM_PATH and the headless CI flags."""
    launch = {**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS]}
    if os.environ.get("CHROMIUM_PATH"):
        launch["executable_path"] = os.environ["CHROMIUM_PATH"]
    return launch
