"""The web page's screenshots in docs/figures/ (docs/usage.md shows them): what a phone
(390 x 844) shows right after Check, and while stepping through the answer, and the same on
a desktop (1366 x 1000). Starts its own ``pyramids serve``; Debian's Chromium, headless.

    .venv/bin/python scripts/page_screenshots.py
"""

from __future__ import annotations

import base64
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_page import server  # noqa: E402  (the same throwaway service as the benchmark)

OUT = ROOT / "docs" / "figures"
URL = "/?deal=2&variant=msc&goal=cards:A:4"


def chromium() -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--hide-scrollbars", f"--user-data-dir={tempfile.mkdtemp()}"):
        opts.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)


def until(driver: Any, script: str, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while not driver.execute_script(script):
        if time.monotonic() > end:
            sys.exit(f"timed out waiting for: {script}")
        time.sleep(0.1)


def snap(driver: Any, name: str) -> None:
    time.sleep(0.6)  # the cards' moves settle
    data = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
    (OUT / name).write_bytes(base64.b64decode(data["data"]))
    print(OUT / name)


def main() -> None:
    with server() as base:
        driver = chromium()
        try:
            for (w, h), tag in (((390, 844), "phone"), ((1366, 1000), "desktop")):
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                    "width": w, "height": h, "deviceScaleFactor": 1, "mobile": w < 600})
                driver.get(base + URL)
                until(driver, "return /cards left/.test(document.getElementById('status')"
                              ".textContent)")
                driver.execute_script("window.scrollTo(0, 0);"
                                      "document.getElementById('check').click()")
                until(driver, "const a = document.getElementById('answer');"
                              "return !a.hidden && !a.classList.contains('busy')")
                snap(driver, f"web-{tag}-answer.png")
                for _ in range(9):
                    driver.execute_script("document.getElementById('sol-next').click()")
                until(driver, "return document.getElementById('step-text').textContent"
                              ".startsWith('Move 9 ')")
                snap(driver, f"web-{tag}-stepping.png")
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
