"""One phone screenshot through chromedriver (W3C WebDriver over HTTP):
the page opened at URL in a 390-pixel-wide headless Debian chromium, given
time to load its data and open what the URL asks, saved as a PNG.

    python3 scripts/shot.py DRIVER_PORT URL OUT.png [HEIGHT]
"""
import base64
import json
import sys
import time
import urllib.request


def call(port, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method,
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)["value"]


def main():
    port, url, out = sys.argv[1], sys.argv[2], sys.argv[3]
    height = int(sys.argv[4]) if len(sys.argv) > 4 else 844
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--hide-scrollbars", "--no-first-run"]
    # The phone's screen, exactly (a window size alone gives 500x701).
    phone = {"deviceMetrics": {"width": 390, "height": height, "pixelRatio": 1}}
    caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome",
            "goog:chromeOptions": {"binary": "/usr/bin/chromium", "args": args, "mobileEmulation": phone}}}}
    session = call(port, "POST", "/session", caps)["sessionId"]
    try:
        call(port, "POST", f"/session/{session}/url", {"url": url})
        # The game's data comes after the page: wait for it to settle.
        time.sleep(1.5)
        png = call(port, "GET", f"/session/{session}/screenshot")
        with open(out, "wb") as f:
            f.write(base64.b64decode(png))
    finally:
        call(port, "DELETE", f"/session/{session}")


if __name__ == "__main__":
    main()
