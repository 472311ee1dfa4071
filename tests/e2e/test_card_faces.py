"""Card faces as the page paints them: pips and corner signs stand upright on both halves of a card, so a
spade in the lower half never reads as a black heart (Grit hangs on its one heart); and at every width the
tables use, from grow21's smallest tiles to a laptop's hand, every card's index (the 10 and the court cards and
jokers included) stays clear of its pips, its figure and the card's edge.

The painter lays a face out in boxes (card-painter.js, faceLayout) and paints into them; the tests check the
boxes against each other and against the card's edge, then paint each face and check its ink: every inked
pixel lies in one of the boxes, so boxes that do not meet mean glyphs that do not meet."""

from __future__ import annotations

import math
from typing import Any, Callable

import pytest

from saloon_site import LAPTOP

WIDTHS = [22, 34, 48, 64, 90, 130]  # grow21's smallest tiles and phone hand cards up to a laptop's hand
CODES = [rank + suit for suit in "SHDC" for rank in ["A", *map(str, range(2, 11)), "J", "Q", "K"]] + ["RJ", "BJ"]

# Paint a face large, then measure the row profile (ink per row) of the top-left pip and the bottom-left
# one, and of the two corners' suit signs: an upright pair matches as it is, not turned upside down.
PROFILES = """
async (code) => {
  const { CardPainter, faceLayout } = await import("./js/card-painter.js");
  const canvas = document.createElement("canvas");
  canvas.width = 300;
  canvas.height = 380;
  const ctx = canvas.getContext("2d");
  const w = 200, h = 280, x = 50, y = 50;
  new CardPainter().draw(ctx, x, y, w, h, { code, faceUp: true });
  const layout = faceLayout(code, w, h);
  const profile = (box) => {
    const side = Math.round(Math.max(box.w, box.h));
    const cx = x + box.x + box.w / 2, cy = y + box.y + box.h / 2;
    const data = ctx.getImageData(Math.round(cx - side / 2), Math.round(cy - side / 2), side, side).data;
    const rows = [];
    for (let row = 0; row < side; row++) {
      let ink = 0;
      for (let col = 0; col < side; col++) {
        const i = (row * side + col) * 4;
        ink += 255 * 3 - (data[i] + data[i + 1] + data[i + 2]);
      }
      rows.push(ink);
    }
    return rows;
  };
  const first = layout.pips[0];
  const lowest = layout.pips.filter((p) => Math.abs(p.x - first.x) < 0.5).at(-1);
  return {
    pips: [profile(first), profile(lowest)],
    corners: layout.indices.map((index) => profile(index.sign)),
  };
}
"""

# Every face at every width: what is wrong with its layout boxes and its ink, in words.
FACE_TROUBLE = """
async ({ codes, widths, scale }) => {
  const { CardPainter, faceLayout, edgeWidth } = await import("./js/card-painter.js");
  const painter = new CardPainter();
  painter.setScale(scale);
  const trouble = [];
  // How far (CSS px) a point lies inside the card's rounded outline; negative outside.
  const inside = (x, y, w, h) => {
    const r = w * 0.08;
    const dx = Math.max(r - x, 0, x - (w - r)), dy = Math.max(r - y, 0, y - (h - r));
    return dx > 0 && dy > 0 ? r - Math.hypot(dx, dy) : Math.min(x, y, w - x, h - y);
  };
  const meet = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  const grown = (box, by) => ({ x: box.x - by, y: box.y - by, w: box.w + 2 * by, h: box.h + 2 * by });
  const within = (box, x, y) => x >= box.x && x <= box.x + box.w && y >= box.y && y <= box.y + box.h;
  for (const w of widths) {
    const h = w * 1.4;
    const clear = edgeWidth(w) / 2 + 1; // an index keeps a pixel of card between itself and the edge line
    const pad = Math.ceil(w * 0.2);
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil((w + 2 * pad) * scale);
    canvas.height = Math.ceil((h + 2 * pad) * scale);
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    for (const code of codes) {
      const say = (what) => trouble.push(`${code} at ${w} px: ${what}`);
      const layout = faceLayout(code, w, h);
      const parts = layout.indices.flatMap((index, i) => [
        { name: `index ${i} rank`, box: index.rank, index: i },
        ...(index.sign ? [{ name: `index ${i} sign`, box: index.sign, index: i }] : []),
      ]);
      const art = [...layout.pips.map((box, i) => ({ name: `pip ${i}`, box })), ...(layout.figure ? [{ name: "figure", box: layout.figure }] : [])];
      for (const part of parts) {
        const { x, y, w: bw, h: bh } = part.box;
        const edge = Math.min(...[[x, y], [x + bw, y], [x, y + bh], [x + bw, y + bh]].map(([px, py]) => inside(px, py, w, h)));
        if (edge < clear) say(`${part.name} is ${edge.toFixed(2)} px inside the edge`);
        for (const other of [...art, ...parts.filter((p) => p.index !== part.index)]) {
          if (meet(part.box, other.box)) say(`${part.name} meets ${other.name}`);
        }
      }
      for (const [i, a] of parts.entries()) {
        for (const b of parts.slice(i + 1)) if (a.index === b.index && meet(a.box, b.box)) say(`${a.name} meets ${b.name}`);
      }
      for (const part of art) if (inside(part.box.x, part.box.y, w, h) < 0) say(`${part.name} leaves the card`);

      // The ink: every pixel off the card's own colour lies in a box, or on the card's edge line; each rank
      // has ink in its box. A box is grown by a pixel of anti-aliasing and half a device pixel: a browser puts
      // a text's baseline on a whole device pixel.
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.scale(scale, scale);
      painter.draw(ctx, pad, pad, w, h, { code, faceUp: true });
      const data = ctx.getImageData(Math.round(pad * scale), Math.round(pad * scale), Math.floor(w * scale), Math.floor(h * scale)).data;
      const boxes = [...parts, ...art].map((p) => grown(p.box, 1 + 0.5 / scale));
      const rankInk = parts.filter((p) => p.name.endsWith("rank")).map(() => 0);
      let stray = 0, where = null;
      const cols = Math.floor(w * scale), rows = Math.floor(h * scale);
      for (let row = 0; row < rows; row++) {
        for (let col = 0; col < cols; col++) {
          const i = (row * cols + col) * 4;
          const off = Math.abs(data[i] - 255) + Math.abs(data[i + 1] - 250) + Math.abs(data[i + 2] - 240);
          if (off < 90) continue;
          const x = (col + 0.5) / scale, y = (row + 0.5) / scale;
          if (inside(x, y, w, h) < edgeWidth(w) + 1) continue;
          parts.filter((p) => p.name.endsWith("rank")).forEach((p, k) => { if (within(p.box, x, y)) rankInk[k] += 1; });
          if (!boxes.some((box) => within(box, x, y))) {
            stray += 1;
            where ??= `${x.toFixed(1)}, ${y.toFixed(1)}`;
          }
        }
      }
      if (stray) say(`${stray} inked pixels outside every box (first at ${where})`);
      if (rankInk.some((n) => n < 4 * scale * scale)) say("a rank has no ink in its box");
    }
  }
  return trouble;
}
"""


def correlation(a: list[float], b: list[float]) -> float:
    mean_a, mean_b = sum(a) / len(a), sum(b) / len(b)
    cov = sum((x - mean_a) * (y - mean_b) for x, y in zip(a, b))
    spread = math.sqrt(sum((x - mean_a) ** 2 for x in a) * sum((y - mean_b) ** 2 for y in b))
    return cov / spread


def test_pips_and_corner_signs_stand_upright_on_both_halves_of_a_card(open_page: Callable[..., Any]) -> None:
    """The lower pips and the bottom corner's suit sign match the upper ones as they are, not turned (a diamond
    reads the same either way up, so none is asked)."""
    visit = open_page(LAPTOP)
    page = visit.goto()
    for code in ("7S", "7H", "10C", "4C"):
        drawn = page.evaluate(PROFILES, code)
        for part in ("pips", "corners"):
            top, bottom = drawn[part]
            assert sum(top) > 0 and sum(bottom) > 0, f"{code}: no {part} where they belong"
            upright, turned = correlation(top, bottom), correlation(top, bottom[::-1])
            assert upright > 0.8 and upright > turned, f"{code} {part}: the lower one is not upright ({upright:.2f}, {turned:.2f})"
    assert not visit.errors


@pytest.mark.parametrize("scale", [1, 2])
def test_every_index_stays_clear_of_the_pips_the_figure_and_the_edge(open_page: Callable[..., Any], scale: int) -> None:
    """All 52 cards and both jokers at every width the tables use, on a plain screen and a phone's (2 device
    pixels to a CSS pixel): no index box meets a pip, the figure or the other index, none comes within a pixel of
    the edge line, and the face's ink stays in its boxes."""
    visit = open_page(LAPTOP)
    page = visit.goto()
    trouble = page.evaluate(FACE_TROUBLE, {"codes": CODES, "widths": WIDTHS, "scale": scale})
    assert not trouble, "\n".join(trouble[:40])
