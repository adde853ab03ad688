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
from pathlib import Path

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
_WEB = Path(__file__).parent / "web"
# The waiting screen's markup, style and script: real files beside this module, put together
# inline here (a first visit's page fetches as little as it can before its service worker).
_SCREEN = (
    (_WEB / "waitscreen.html")
    .read_text(encoding="utf-8")
    .replace("__CSS__", (_WEB / "waitscreen.css").read_text(encoding="utf-8"))
    .replace("__JS__", (_WEB / "waitscreen.js").read_text(encoding="utf-8"))
)


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
