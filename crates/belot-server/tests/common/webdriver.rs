//! A small W3C WebDriver client for the browser tests: Debian's headless
//! chromium through chromedriver on a 390x844 phone window, a server on a
//! loopback port, and the few commands the tests use.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::panic::AssertUnwindSafe;
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use belot_server::{Hub, Limits, app, serve_with};
use serde_json::{Value, json};

pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
pub const CHROMIUM: &str = "/usr/bin/chromium";

pub fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> Value {
    try_http(port, method, path, body)
        .unwrap_or_else(|e| panic!("chromedriver: {method} {path}: {e}"))
}

pub fn try_http(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> std::io::Result<Value> {
    let mut s = TcpStream::connect(("127.0.0.1", port))?;
    s.set_read_timeout(Some(Duration::from_secs(60)))?;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )?;
    // Read the head, then exactly Content-Length bytes: chromedriver keeps
    // the connection open.
    let mut buf = Vec::new();
    let mut byte = [0u8; 1];
    while !buf.ends_with(b"\r\n\r\n") {
        if s.read(&mut byte)? == 0 {
            break;
        }
        buf.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&buf).to_ascii_lowercase();
    let len: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    let mut body = vec![0u8; len];
    s.read_exact(&mut body)?;
    Ok(serde_json::from_slice(&body).unwrap_or(Value::Null))
}

pub struct Driver {
    child: Child,
    port: u16,
    /// One test's browsers at a time: six Chromiums on two cores made the
    /// browser lose its DevTools connection now and then.
    _turn: MutexGuard<'static, ()>,
}

static TURN: Mutex<()> = Mutex::new(());

/// What chromedriver says when the browser itself died or hung under the
/// test (not a failed check): the test is then run once more.
const BROWSER_DIED: [&str; 7] = [
    "not connected to DevTools",
    "chrome not reachable",
    "target frame detached",
    "session deleted",
    "invalid session id",
    "tab crashed",
    "chromedriver: ",
];

/// Runs a browser test; if the browser died under it (see
/// [`BROWSER_DIED`]), runs it once more from the start, with a new server
/// and browser. A failed check fails at once.
pub fn retried(test: impl Fn()) {
    for attempt in 0..2 {
        let Err(e) = std::panic::catch_unwind(AssertUnwindSafe(&test)) else { return };
        let msg = e
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| e.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if attempt > 0 || !BROWSER_DIED.iter().any(|p| msg.contains(p)) {
            std::panic::resume_unwind(e);
        }
        eprintln!("the browser died under the test ({msg}): running it once more");
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub struct Browser<'a> {
    d: &'a Driver,
    session: String,
}

impl Drop for Browser<'_> {
    fn drop(&mut self) {
        let _ = try_http(self.d.port, "DELETE", &format!("/session/{}", self.session), None);
    }
}

impl Browser<'_> {
    pub fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let v =
            http(self.d.port, method, &format!("/session/{}{path}", self.session), body.as_ref());
        if let Some(e) = v["value"]["error"].as_str() {
            panic!("webdriver {method} {path}: {e}: {}", v["value"]["message"]);
        }
        v["value"].clone()
    }

    pub fn go(&self, url: &str) {
        self.cmd("POST", "/url", Some(json!({"url": url})));
    }

    pub fn js(&self, script: &str) -> Value {
        self.cmd("POST", "/execute/sync", Some(json!({"script": script, "args": []})))
    }

    /// Waits until `script` (an expression) is truthy; returns its value.
    pub fn wait(&self, script: &str) -> Value {
        // Generous: the machine may be busy with other tests.
        self.wait_within(script, Duration::from_secs(25))
    }

    /// `wait`, for at most `limit`.
    pub fn wait_within(&self, script: &str, limit: Duration) -> Value {
        let t = Instant::now();
        loop {
            let v = self.js(&format!("return {script};"));
            if !(v.is_null() || v == json!(false) || v == json!("")) {
                return v;
            }
            assert!(t.elapsed() < limit, "timed out waiting for {script}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Runs WebDriver commands on the element `css` finds. A live update
    /// may redraw the page between finding the element and using it
    /// ("stale element reference"): then it is found again and the
    /// commands repeated, as a user would tap again.
    pub fn on_element(&self, css: &str, steps: &[(&str, Value)]) {
        for attempt in 0.. {
            self.wait(&format!("document.querySelector({css:?})"));
            let e =
                self.cmd("POST", "/element", Some(json!({"using": "css selector", "value": css})));
            let id = e
                .as_object()
                .and_then(|o| o.values().next())
                .and_then(Value::as_str)
                .unwrap()
                .to_string();
            let mut stale = false;
            for (step, body) in steps {
                let path = format!("/session/{}/element/{id}/{step}", self.session);
                let v = http(self.d.port, "POST", &path, Some(body));
                match v["value"]["error"].as_str() {
                    None => {}
                    Some("stale element reference") if attempt < 5 => {
                        stale = true;
                        break;
                    }
                    Some(err) => {
                        panic!("webdriver {step} on {css}: {err}: {}", v["value"]["message"])
                    }
                }
            }
            if !stale {
                return;
            }
        }
    }

    /// Taps `css`. An element under the sticky totals or Save bar is first
    /// brought to the middle of the screen, as a user would scroll to it;
    /// one already in the open is tapped where it is.
    pub fn click(&self, css: &str) {
        self.wait(&format!("document.querySelector({css:?})"));
        self.js(&format!(
            "const e = document.querySelector({css:?}), r = e.getBoundingClientRect(); \
             const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); \
             if (!hit || !(hit === e || e.contains(hit))) e.scrollIntoView({{block: 'center'}}); return 1;"
        ));
        self.on_element(css, &[("click", json!({}))]);
    }

    pub fn type_in(&self, css: &str, text: &str) {
        self.on_element(css, &[("clear", json!({})), ("value", json!({"text": text}))]);
    }

    /// Presses Tab on the keyboard (so that focus is keyboard focus and
    /// the focus ring shows).
    pub fn tab(&self) {
        let key = |t: &str| json!({"type": t, "value": "\u{E004}"});
        self.cmd(
            "POST",
            "/actions",
            Some(json!({"actions": [{"type": "key", "id": "keyboard", "actions": [key("keyDown"), key("keyUp")]}]})),
        );
    }

    /// Switches the page's language with its selector.
    pub fn set_lang(&self, lang: &str) {
        self.js(&format!(
            "const s = document.querySelector('#lang'); s.value = {lang:?}; s.dispatchEvent(new Event('change')); return 1;"
        ));
        self.wait(&format!("document.documentElement.lang === {lang:?}"));
    }

    pub fn totals(&self) -> Vec<String> {
        self.wait("document.querySelector('[data-total]')");
        let v = self
            .js("return [...document.querySelectorAll('[data-total]')].map(e => e.textContent);");
        v.as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_string()).collect()
    }

    pub fn wait_totals(&self, want: &[&str]) {
        self.wait_totals_within(want, Duration::from_secs(15));
    }

    pub fn wait_totals_within(&self, want: &[&str], limit: Duration) {
        let t = Instant::now();
        loop {
            let got = self.totals();
            if got == want {
                return;
            }
            assert!(t.elapsed() < limit, "totals {got:?}, expected {want:?}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// Whether a missing browser (or axe-core) fails the test: under CI and
/// the test script, which installs them.
pub fn required() -> bool {
    std::env::var_os("CI").is_some() || std::env::var_os("BELOT_REQUIRE_BROWSER").is_some()
}

pub fn start_driver() -> Option<Driver> {
    let present =
        std::path::Path::new(CHROMEDRIVER).exists() && std::path::Path::new(CHROMIUM).exists();
    if !present {
        assert!(
            !required(),
            "chromium and chromium-driver are required under CI: apt-get install -y chromium chromium-driver"
        );
        eprintln!("SKIPPED: browser tests need {CHROMIUM} and {CHROMEDRIVER}");
        return None;
    }
    // A test that failed while holding the turn poisons it: the next test
    // still runs.
    let turn = TURN.lock().unwrap_or_else(|p| p.into_inner());
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let d = Driver { child, port, _turn: turn };
    let t = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(t.elapsed() < Duration::from_secs(10), "chromedriver did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    Some(d)
}

/// A browser on a 390x844 phone screen.
pub fn browser(d: &Driver, n: u32) -> Browser<'_> {
    browser_sized(d, n, 390, 844)
}

/// A browser on a `width` x `height` phone screen.
pub fn browser_sized(d: &Driver, n: u32, width: u32, height: u32) -> Browser<'_> {
    browser_with(d, n, width, height, &[])
}

/// A browser on a `width` x `height` phone screen, with more of
/// Chromium's switches (`--host-resolver-rules=…`).
pub fn browser_with<'a>(
    d: &'a Driver,
    n: u32,
    width: u32,
    height: u32,
    extra: &[&str],
) -> Browser<'a> {
    // Starting Chromium on a loaded 2-core machine now and then fails
    // (chromedriver drops the connection, or reports no session): try
    // again, with a fresh profile, rather than fail the test on the
    // browser's start.
    let mut last = String::new();
    for attempt in 0..3 {
        if attempt > 0 {
            std::thread::sleep(Duration::from_secs(1));
        }
        let profile = std::env::temp_dir()
            .join(format!("belot-chromium-{}-{n}-{attempt}", std::process::id()));
        let mut args: Vec<String> = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--lang=en-US",
        ]
        .iter()
        .chain(extra)
        .map(|s| s.to_string())
        .collect();
        args.push(format!("--user-data-dir={}", profile.display()));
        let caps = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": args,
            // The phone's screen, exactly: a window size alone leaves a
            // 500x701 viewport under chromedriver.
            "mobileEmulation": {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 1}}
        }}}});
        match try_http(d.port, "POST", "/session", Some(&caps)) {
            Ok(v) => match v["value"]["sessionId"].as_str() {
                Some(id) => {
                    let b = Browser { d, session: id.to_string() };
                    let size = b.js("return [screen.width, screen.height];");
                    assert_eq!(size, json!([width, height]), "the phone's screen");
                    // axe-core runs as an async script: give it time.
                    b.cmd("POST", "/timeouts", Some(json!({"script": 60_000})));
                    return b;
                }
                None => last = format!("no session: {v}"),
            },
            Err(e) => last = format!("POST /session: {e}"),
        }
    }
    panic!("chromedriver started no browser in 3 attempts; the last: {last}")
}

/// Runs a browser test (see [`retried`]): the driver (the test is
/// skipped without a browser, see [`start_driver`]), a server made by
/// `server` (its address) and browser window `n`, then `test` with the
/// three.
pub fn browser_test(
    n: u32,
    server: impl Fn() -> String,
    test: impl Fn(&Driver, &Browser<'_>, &str),
) {
    retried(|| {
        let Some(d) = start_driver() else { return };
        let base = server();
        test(&d, &browser(&d, n), &base);
    });
}

/// A server with the default limits ([`serve`]); its address.
pub fn served() -> String {
    format!("http://127.0.0.1:{}", serve())
}

pub fn serve() -> u16 {
    serve_limits(Limits::default())
}

/// A server with these limits; returns its port.
pub fn serve_limits(limits: Limits) -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    listener.set_nonblocking(true).unwrap();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async move {
            let l = tokio::net::TcpListener::from_std(listener).unwrap();
            let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
                .join(format!("browser-{}-{port}", std::process::id()));
            let hub = Hub::open(&dir.join("belot.db"), limits).unwrap();
            serve_with(l, hub.clone(), app(hub), std::future::pending()).await.unwrap();
        });
    });
    port
}

pub fn new_game(b: &Browser<'_>, base: &str, variant: &str, players: &[&str]) -> String {
    b.go(&format!("{base}/"));
    b.wait("document.querySelector('#variant')");
    b.js(&format!(
        "const v = document.querySelector('#variant'); v.value = {variant:?}; v.dispatchEvent(new Event('change')); return 1;"
    ));
    if variant == "french" && players.len() != 4 {
        b.js(&format!(
            "const n = document.querySelector('#nplayers'); n.value = '{}'; n.dispatchEvent(new Event('change')); return 1;",
            players.len()
        ));
    }
    for (i, p) in players.iter().enumerate() {
        b.type_in(&format!("#p{i}"), p);
    }
    b.click("#create");
    let path = b.wait("location.pathname.startsWith('/g/') && document.querySelector('#deal-form') && location.pathname");
    path.as_str().unwrap().to_string()
}

/// The players of a French game for four in these tests.
pub const FRENCH_FOUR: [&str; 4] = ["Ana", "Boris", "Chloé", "Dimitar"];

/// A French game for four ([`FRENCH_FOUR`]) by the house rules' defaults;
/// returns its path.
pub fn new_french_game(b: &Browser<'_>, base: &str) -> String {
    new_game(b, base, "french", &FRENCH_FOUR)
}

/// A French game for four to `target`, made through the new-game form;
/// waits for its deal form.
pub fn new_french_game_to(b: &Browser<'_>, base: &str, target: u32) {
    b.go(&format!("{base}/"));
    b.wait("document.querySelector('#o-target')");
    b.js(&format!("document.querySelector('#o-target').value = '{target}'; return 1;"));
    for (i, p) in FRENCH_FOUR.iter().enumerate() {
        b.type_in(&format!("#p{i}"), p);
    }
    b.click("#create");
    b.wait("document.querySelector('#deal-form')");
}

/// One tap if this phone has something to do: a legal card, else the
/// first bid that is not a pass (so that deals are played, not thrown
/// in), else pass. "over" once the deal's score shows.
pub fn table_step(b: &Browser<'_>) -> String {
    let v = b.js(
        r#"if (document.querySelector('#deal-over')) return 'over';
        const go = document.querySelector('#trick-continue');
        if (go) { go.click(); return 'continue'; }
        if (!tbl || !tbl.st || tbl.busy === tbl.st.seq) return 'wait';
        const c = document.querySelector('#hand .legal');
        const bs = [...document.querySelectorAll('#actions button[data-action]')];
        const pick = c || bs.find(x => x.dataset.action === 'take') || bs.find(x => x.dataset.action !== 'pass') || bs[0];
        if (!pick) return 'wait';
        tbl.busy = tbl.st.seq;
        pick.click();
        return c ? 'card' : 'bid';"#,
    );
    v.as_str().unwrap_or("wait").to_string()
}
