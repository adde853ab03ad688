"""The published page's waiting screen: the app's name, icon and progress (downloading,
starting Python, opening the matches) from the first moment, in the phone's language when it is
one of the app's, in the app's colours, until the app's first screen is drawn (not Flet's
"Working..." spinner). Its script starts the app: on a first visit once sw.js controls the page,
so every file comes through the service worker once (serviceworker.py); the Python side is
boot.py's.
"""

from __future__ import annotations

import base64
import json

from ..locale_format import RTL_LANGUAGES

# The waiting screen's few words, in the app's nine languages: its name (as the catalogs have
# it) and the three steps.
TEXTS = {
    "en": ("Seep Scorer", "Downloading the app", "Starting Python", "Opening your matches"),
    "hi": (
        "सीप स्कोरर",
        "ऐप डाउनलोड हो रहा है",
        "Python शुरू हो रहा है",
        "आपके मैच खुल रहे हैं",
    ),
    "pa": (
        "ਸੀਪ ਸਕੋਰਰ",
        "ਐਪ ਡਾਊਨਲੋਡ ਹੋ ਰਹੀ ਹੈ",
        "Python ਸ਼ੁਰੂ ਹੋ ਰਿਹਾ ਹੈ",
        "ਤੁਹਾਡੇ ਮੈਚ ਖੁੱਲ੍ਹ ਰਹੇ ਹਨ",
    ),
    "ur": (
        "سیپ اسکورر",
        "ایپ ڈاؤن لوڈ ہو رہی ہے",
        "Python شروع ہو رہا ہے",
        "آپ کے میچ کھل رہے ہیں",
    ),
    "sd": (
        "سيپ اسڪورر",
        "ايپ ڊائون لوڊ ٿي رهي آهي",
        "Python شروع ٿي رهيو آهي",
        "توهان جون ميچون کلي رهيون آهن",
    ),
    "sq": (
        "Seep Scorer",
        "Po shkarkohet aplikacioni",
        "Po niset Python",
        "Po hapen ndeshjet tuaja",
    ),
    "th": ("Seep Scorer", "กำลังดาวน์โหลดแอป", "กำลังเริ่ม Python", "กำลังเปิดแมตช์ของคุณ"),
    "as": (
        "ছিপ স্কোৰাৰ",
        "এপ ডাউনল'ড হৈ আছে",
        "Python আৰম্ভ হৈ আছে",
        "আপোনাৰ মেচবোৰ খোলা হৈ আছে",
    ),
    "it": (
        "Seep Scorer",
        "Download dell'app in corso",
        "Avvio di Python",
        "Apertura dei tuoi incontri",
    ),
}


# The bundled font (ui/theme.py's FONTS) the waiting screen uses for a language's script.
SCRIPT_FONTS = {
    "hi": "fonts/NotoSansDevanagari-Regular.ttf",
    "pa": "fonts/NotoSansGurmukhi-Regular.ttf",
    "ur": "fonts/NotoNaskhArabic-Regular.ttf",
    "sd": "fonts/NotoNaskhArabic-Regular.ttf",
    "th": "fonts/NotoSansThai-Regular.ttf",
    "as": "fonts/NotoSansBengali-Regular.ttf",
}


# Replaces Flet's <div id="loading"> (its spinner) and its <script src="flutter_bootstrap.js">.
_SCREEN = """<div id="seep-boot" role="status" aria-live="polite">
    <style>
      #seep-boot {
        position: fixed; inset: 0; z-index: 2147483647; display: flex; flex-direction: column;
        align-items: center; justify-content: center; gap: 16px; padding: 24px;
        background: __SEED__; color: #ffffff; font-family: system-ui, sans-serif;
      }
      #seep-boot img { width: 96px; height: 96px; border-radius: 22px; }
      #seep-boot h1 { margin: 0; font-size: 28px; font-weight: 600; text-align: center; }
      #seep-boot p { margin: 0; font-size: 17px; min-height: 1.5em; text-align: center; }
      #seep-boot .bar { width: min(280px, 70vw); height: 6px; border-radius: 3px;
        background: rgba(255, 255, 255, 0.3); overflow: hidden; }
      #seep-boot .bar div { height: 100%; width: 8%; background: #ffffff;
        transition: width 0.3s ease-out; }
    </style>
    <img src="__ICON__" alt="">
    <h1 id="seep-boot-name">Seep Scorer</h1>
    <div class="bar"><div id="seep-boot-bar"></div></div>
    <p id="seep-boot-step"></p>
  </div>
  <script>
    // The waiting screen (publish/waitscreen.py): the app's name and real progress, in the phone's
    // language, until the app's first screen. Then the app: once sw.js controls the page.
    (() => {
      const TEXTS = __TEXTS__;
      const FONT_FILES = __FONT_FILES__;
      const RTL = __RTL__;
      const codes = (navigator.languages || [navigator.language || 'en'])
        .map((tag) => String(tag).toLowerCase().split('-')[0]);
      const lang = codes.find((code) => code in TEXTS) || 'en';
      const [name, ...steps] = TEXTS[lang];
      const screen = document.getElementById('seep-boot');
      screen.lang = lang;
      screen.dir = RTL.includes(lang) ? 'rtl' : 'ltr';
      document.getElementById('seep-boot-name').textContent = name;
      let step = -1;
      let mb = 0;
      const show = (n) => {
        step = Math.max(step, n);
        const text = steps[step] + (step === 0 && mb >= 0.1 ? ` (${mb.toFixed(1)} MB)` : '');
        document.getElementById('seep-boot-step').textContent = text;
        const fill = step === 0 ? Math.min(0.3, 0.08 + mb / 110) : [0.3, 0.55, 0.85][step];
        document.getElementById('seep-boot-bar').style.width = `${Math.round(fill * 100)}%`;
      };
      show(0);
      const boot = window.seepBoot = {
        snapshotKey: "__SNAPSHOT_KEY__",
        steps: [],  // what the Python worker did: 'python', 'snapshot:used' (made, broken), 'app'
        at: {},  // when each step first happened, ms on this page's clock (for the benchmark)
        cached: false,  // sw.js holds every file of the app's own
        mark(what, at = performance.now()) {
          if (!(what in boot.at)) boot.at[what] = Math.round(at);
        },
        step(message) {  // from the Python worker (python.js)
          const what = message.seepBoot;
          boot.steps.push(what === 'snapshot' ? `snapshot:${message.snapshot}` : what);
          boot.mark(boot.steps[boot.steps.length - 1],
                    message.at ? message.at - performance.timeOrigin : undefined);
          if (what === 'python') show(1);
          else if (what === 'app') show(2);
        },
        appMessage() {  // Python sent the page its first screen: gone after Flutter drew it
          if (boot.done) return;
          boot.done = true;
          boot.mark('first-message');
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
            screen.remove();
            boot.shown = true;
            if (boot.later) boot.later();
            const sw = navigator.serviceWorker && navigator.serviceWorker.controller;
            if (sw) sw.postMessage({ seepBoot: 'ready' });  // fetch the rest of the app's files
          }, 50)));
        },
        failed() { screen.remove(); },
        afterFirstScreen(then) {  // a second after the app's first screen (or at once, if past)
          boot.later = () => setTimeout(then, 1000);
          if (boot.shown) boot.later();
        },
      };
      const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
      if (sw) {
        sw.addEventListener('message', (event) => {
          const what = event.data && event.data.seepBoot;
          if (what === 'fetched' && step === 0) {
            mb += (event.data.bytes || 0) / 1e6;
            show(0);
          } else if (what === 'cached') {
            boot.cached = true;
          }
        });
        sw.startMessages();
      }
      const start = () => {
        if (boot.started) return;
        boot.started = true;
        // The app's own font for this language's script (a phone may lack it), through sw.js.
        if (FONT_FILES[lang]) {
          const face = new FontFace('Seep Boot', `url(${FONT_FILES[lang]})`);
          face.load().then(() => {
            document.fonts.add(face);
            screen.style.fontFamily = "'Seep Boot', system-ui, sans-serif";
          }).catch(() => {});
        }
        globalThis.seepStartPython();  // python.js: Python starts alongside Flutter
        const script = document.createElement('script');
        script.src = 'flutter_bootstrap.js';
        script.async = true;
        document.body.append(script);
      };
      // The app's own service worker: the app opens offline once it has been opened. On a first
      // visit the page waits for it (a moment: it fetches only a few small files first), so
      // every file after comes through it, fetched once and kept.
      const registered = sw ? sw.register('sw.js')
                            : Promise.reject(new Error('no service workers'));
      if (!sw || sw.controller) {
        registered.catch((e) => console.warn('service worker:', e));
        start();
      } else {
        sw.addEventListener('controllerchange', start, { once: true });
        registered.catch((e) => { console.warn('service worker:', e); start(); });
        setTimeout(start, 15000);  // never wait for ever
      }
      // Ask the browser to keep this site's storage (the matches) when space runs low.
      if (navigator.storage && navigator.storage.persist) {
        navigator.storage.persist().catch(() => {});
      }
    })();
  </script>
"""


def data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def waiting_screen(seed: str, key: str, icon: bytes) -> str:
    """The markup and script index.html gets in place of Flet's spinner and bootstrap tag; `icon`
    (PNG) is in it, as a data: URL (a first visit's page fetches as little as it can before
    the service worker is there)."""
    return (
        _SCREEN.replace("__SEED__", seed)
        .replace("__ICON__", data_url(icon))
        .replace("__TEXTS__", json.dumps(TEXTS, ensure_ascii=False))
        .replace("__FONT_FILES__", json.dumps(SCRIPT_FONTS))
        .replace("__RTL__", json.dumps(sorted(RTL_LANGUAGES)))
        .replace("__SNAPSHOT_KEY__", key)
    )
