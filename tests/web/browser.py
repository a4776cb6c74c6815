"""Headless Chromium from the system's package (Debian: `chromium`, `chromium-driver`), driven
through Selenium. Where no browser or driver is installed the browser tests skip and say so;
in CI (CI=true), which installs them (.ci/run), a missing browser fails the tests instead."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
DRIVER = "/usr/bin/chromedriver"
SHOTS = Path(os.environ.get("ECS_VANGUARD_SCREENSHOTS", tempfile.gettempdir()))


def _missing(why: str) -> None:
    """Skip a browser test for what is missing, or fail it in CI, where nothing may be."""
    if os.environ.get("CI", "").strip().lower() == "true":
        pytest.fail(f"CI must run the browser tests: {why}")
    pytest.skip(why)


def browser() -> Iterator[object]:
    """Yield a headless Chromium (Selenium WebDriver), or skip with the reason."""
    try:
        from selenium import webdriver
    except ImportError:
        _missing("selenium is not installed (pip install -e '.[dev]')")
    binary = next((b for b in CHROMIUM if os.path.exists(b)), None)
    if binary is None or not os.path.exists(DRIVER):
        _missing("no system Chromium: apt-get install chromium chromium-driver")
    profile = tempfile.mkdtemp(prefix="vg-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
                 "--window-size=1400,1000"):
        options.add_argument(flag)
    from selenium.webdriver.chrome.service import Service

    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def shot(driver: object, name: str) -> Path:
    """Save a screenshot (for a person to look at) and return where it went."""
    path = SHOTS / f"ecs-vanguard-{name}.png"
    driver.save_screenshot(str(path))  # type: ignore[attr-defined]
    return path
