"""Screenshots of the card-table screens through chromedriver (see
shot.py): a 390x844 phone makes a French table from the home page with
two bots, a friend's seat and "tap to continue", is shot waiting for the
friend (the invite link and its QR code), gives the seat to a bot, plays
a deal by tapping (the first legal card, a bid that is not a pass), and
is shot at the new-table form, the auction, the play, a finished trick
(its fourth card and winner), the deal's end and its review; another
phone shoots the join page of a table with a free seat.

    python3 scripts/table_shots.py DRIVER_PORT BASE_URL OUT_DIR LANG
"""
import json
import sys
import time
import urllib.request

from shot import call


def main():
    port, base, out, lang = sys.argv[1:5]
    suffix = "" if lang == "en" else f"-{lang}"
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--hide-scrollbars", "--no-first-run"]
    phone = {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 1}}
    caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome",
            "goog:chromeOptions": {"binary": "/usr/bin/chromium", "args": args, "mobileEmulation": phone}}}}
    s = call(port, "POST", "/session", caps)["sessionId"]

    def js(code):
        return call(port, "POST", f"/session/{s}/execute/sync", {"script": code, "args": []})

    def go(url):
        call(port, "POST", f"/session/{s}/url", {"url": url})

    def wait(cond, limit=60):
        end = time.time() + limit
        while time.time() < end:
            if js(f"return !!({cond});"):
                return
            time.sleep(0.1)
        raise SystemExit(f"timed out waiting for {cond}")

    def shot(name):
        time.sleep(0.4)
        import base64
        png = call(port, "GET", f"/session/{s}/screenshot")
        path = f"{out}/{name}{suffix}.png"
        with open(path, "wb") as f:
            f.write(base64.b64decode(png))
        print(path)

    def step():
        return js("""if (document.querySelector('#deal-over')) return 'over';
            const go = document.querySelector('#trick-continue');
            if (go) { go.click(); return 'continue'; }
            if (!tbl || !tbl.st || tbl.busy === tbl.st.seq) return 'wait';
            const c = document.querySelector('#hand .legal');
            const bs = [...document.querySelectorAll('#actions button[data-action]')];
            const pick = c || bs.find(x => x.dataset.action === 'take') || bs.find(x => x.dataset.action !== 'pass') || bs[0];
            if (!pick) return 'wait';
            tbl.busy = tbl.st.seq; pick.click(); return c ? 'card' : 'bid';""")

    try:
        go(f"{base}/?lang={lang}")
        js("localStorage.setItem('belot.mode', 'play'); localStorage.setItem('belot.name', 'Ana'); return 1;")
        go(f"{base}/?lang={lang}")
        wait("document.querySelector('#start-table')")
        # One bot of each level.
        js("document.querySelector('#t-seat-2').value = 'medium'; document.querySelector('#t-seat-3').value = 'easy'; return 1;")
        shot("table-new")
        # Seat 2 bids first: the auction is this phone's at once. Seat 4 is
        # a friend's, so the table waits for it; each trick waits for a tap.
        js("""document.querySelector('#t-seat-0').value = 'strong'; document.querySelector('#t-seat-1').value = 'me';
              document.querySelector('#t-seat-3').value = 'open'; document.querySelector('#t-tap').checked = true; return 1;""")
        js("document.querySelector('#start-table').click(); return 1;")
        wait("document.querySelector('#waiting') && document.querySelector('#invite-qr').complete")
        shot("table-waiting")
        js("document.querySelector('#bot-level-3').value = 'easy'; document.querySelector('#waiting-seats button[data-bot]').click(); return 1;")
        wait("document.querySelector('#actions button[data-action]')")
        shot("table-auction")
        while not js("return tbl.st.view.phase === 'playing' && !!tbl.st.view.trick && tbl.st.view.trick.cards.length >= 2 && tbl.st.view.to_act === tbl.st.you;"):
            if step() == "over":
                break
            time.sleep(0.1)
        shot("table-play")
        # The first trick played whole: its fourth card and who won it stay.
        while not js("return !!document.querySelector('#trick-continue');"):
            if step() == "over":
                break
            time.sleep(0.1)
        shot("table-trick")
        while step() != "over":
            time.sleep(0.1)
        shot("table-deal-over")
        js("document.querySelector('#review-btn').click(); return 1;")
        wait("document.querySelector('#review .judged')")
        # The page scrolls the review's top into view by itself.
        time.sleep(0.5)
        shot("table-review")
        req = urllib.request.Request(f"{base}/api/tables", method="POST", headers={"content-type": "application/json"},
                                     data=json.dumps({"rules": {"variant": "two_player"}, "seats": ["me", "open"], "name": "Ivan"}).encode())
        with urllib.request.urlopen(req) as r:
            other = json.load(r)
        js("localStorage.removeItem('belot.name'); return 1;")
        go(f"{base}/t/{other['id']}?lang={lang}")
        wait("document.querySelector('#join-name')")
        shot("table-join")
    finally:
        call(port, "DELETE", f"/session/{s}")


if __name__ == "__main__":
    main()
