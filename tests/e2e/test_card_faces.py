"""Card faces as the page paints them: pips and corner signs stand upright on both halves of a card, so a
spade in the lower half never reads as a black heart (Grit hangs on its one heart)."""

from __future__ import annotations

import math
from typing import Any, Callable

from saloon_site import LAPTOP

# Paint a face large, then measure the row profile (ink per row) of the top-left pip and the bottom-left
# one, and of the two corners' suit signs: an upright pair matches as it is, not turned upside down.
PROFILES = """
async (code) => {
  const { CardPainter } = await import("./js/card-painter.js");
  const canvas = document.createElement("canvas");
  canvas.width = 300;
  canvas.height = 380;
  const ctx = canvas.getContext("2d");
  const w = 200, h = 280, x = 50, y = 50, size = h * 0.17;
  new CardPainter().draw(ctx, x, y, w, h, { code, faceUp: true });
  const profile = (cx, cy, box) => {
    const side = Math.round(box);
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
  const suit = size * 0.82;  // the corner's suit sign: under its rank top left, over it bottom right
  return {
    pips: [profile(x + w * 0.28, y + h * 0.2, size), profile(x + w * 0.28, y + h * 0.8, size)],
    corners: [profile(x + w * 0.13, y + h * 0.045 + size * 1.02 + suit / 2, suit),
              profile(x + w * 0.87, y + h * 0.955 - size * 1.02 - suit / 2, suit)],
  };
}
"""


def correlation(a: list[float], b: list[float]) -> float:
    mean_a, mean_b = sum(a) / len(a), sum(b) / len(b)
    cov = sum((x - mean_a) * (y - mean_b) for x, y in zip(a, b))
    spread = math.sqrt(sum((x - mean_a) ** 2 for x in a) * sum((y - mean_b) ** 2 for y in b))
    return cov / spread


def test_pips_and_corner_signs_stand_upright_on_both_halves_of_a_card(open_page: Callable[..., Any]) -> None:
    """The lower pips and the bottom corner's suit sign match the upper ones as they are, not turned."""
    visit = open_page(LAPTOP)
    page = visit.goto()
    for code in ("7S", "7H", "10C", "4D"):
        drawn = page.evaluate(PROFILES, code)
        for part in ("pips", "corners"):
            top, bottom = drawn[part]
            assert sum(top) > 0 and sum(bottom) > 0, f"{code}: no {part} where they belong"
            upright, turned = correlation(top, bottom), correlation(top, bottom[::-1])
            assert upright > 0.8 and upright > turned, f"{code} {part}: the lower one is not upright ({upright:.2f}, {turned:.2f})"
    assert not visit.errors
