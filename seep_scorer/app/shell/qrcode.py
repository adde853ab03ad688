"""A QR code as a PNG picture: the invite's join address, a table card's, a sharing code."""

from __future__ import annotations

import io

__all__ = ["QUIET_ZONE", "qr_png"]

QUIET_ZONE = 4  # modules of white around the code: scanners need it (ISO/IEC 18004)
MIN_SCALE = 2  # pixels per module, however narrow the screen


def qr_png(text: str, max_px: int, error: str = "m") -> tuple[bytes, int]:
    """`text` as a PNG QR code, black on white with its quiet zone, and its side in pixels: a whole
    number of pixels per module (crisp when scaled), as large as fits in `max_px`. `error`: the
    code's error correction ("l" leaves room for a long text shown on a clean screen)."""
    import segno  # loaded where a code is drawn, not at start

    qr = segno.make(text, error=error)
    modules = qr.symbol_size(scale=1, border=QUIET_ZONE)[0]
    scale = max(MIN_SCALE, max_px // modules)
    out = io.BytesIO()
    qr.save(out, kind="png", scale=scale, border=QUIET_ZONE, dark="#000000", light="#ffffff")
    return out.getvalue(), modules * scale
