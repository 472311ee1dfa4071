"""Every table at every screen size (issue 13, "Every screen size"): no text the canvas draws overlaps another
or leaves the canvas, while a move is animated and after it; the canvas, the move panel and a hand card of a
readable size are all on screen without scrolling.

One page per table is resized through the sizes (the engines start once per table, not once per size); at
each size one move of the person is made, and the frames drawn while it (and the computer's answer) plays
out are sampled; a screenshot of each table at each size goes to artifacts/. The text boxes come from
`window.app.textBoxes()`: a card's own glyphs are part of the card and are not free labels (see app.js)."""

from __future__ import annotations

import json
import re
from typing import Any, Callable

import pytest

from pygame_core.games.tombstone.character import new_sheet
from saloon_site import ADD_TO_ROSTER, ROOT, Visit

SIZES = {
    "phone": {"width": 390, "height": 844},
    "phone-landscape": {"width": 844, "height": 390},
    "tablet": {"width": 768, "height": 1024},
    "tablet-landscape": {"width": 1024, "height": 768},
    "small": {"width": 700, "height": 500},
    "laptop": {"width": 1280, "height": 800},
    "wide": {"width": 1920, "height": 1080},
}
STRANGER_AT_NOON = json.dumps({"encounter": "noon"})
TABLES = {
    "grit": "#game=grit&mode=computer&level=easy&seed={seed}",
    "knife_fight": "#game=knife_fight&mode=computer&level=easy&seed={seed}",
    "grow21": "#game=grow21&mode=computer&level=easy&seed={seed}",
    "dueling_suits": "#game=dueling_suits&mode=computer&level=easy&seed={seed}",
    "tombstone_forge": "#game=tombstone_forge&mode=solo&seed={seed}",
    "tombstone_showdown": "#game=tombstone_showdown&mode=solo&seed={seed}&options=" + STRANGER_AT_NOON,
}
DEALERS_TABLE = "tombstone_table"  # seated from the setup form, with a character from the roster
MIN_CARD_WIDTH = 34  # narrower, and a card's corner index can no longer be read
MIN_CANVAS_HEIGHT = 200
SAMPLES = 12  # frames looked at while a move plays out

# Text boxes that overlap (by more than a pixel each way) or leave the canvas, in the frame drawn last.
TEXT_TROUBLE = """
() => {
  const drawn = window.app.textBoxes();
  if (!drawn) return [];
  const seen = drawn.boxes.filter((b) => !b.onCard && b.alpha > 0.05);
  const trouble = [];
  for (const b of seen) {
    if (b.x < -0.5 || b.y < -0.5 || b.x + b.w > drawn.width + 0.5 || b.y + b.h > drawn.height + 0.5) {
      trouble.push(`"${b.text}" leaves the ${Math.round(drawn.width)}x${Math.round(drawn.height)} canvas`);
    }
  }
  seen.forEach((a, i) => seen.slice(i + 1).forEach((b) => {
    const across = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
    const down = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
    if (across > 1 && down > 1) trouble.push(`"${a.text}" overlaps "${b.text}"`);
  }));
  return trouble;
}
"""

# Frames sampled while the table animates: the trouble seen in each (the table redraws every frame meanwhile).
SAMPLE_ANIMATION = """
async (count) => {
  const look = %s;
  const seen = new Set();
  let frames = 0;
  const deadline = performance.now() + 6000;
  while (frames < count && performance.now() < deadline) {
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 90)));
    if (!window.app.animating()) continue;
    frames += 1;
    for (const problem of look()) seen.add(problem);
  }
  return { frames, trouble: [...seen] };
}
""" % TEXT_TROUBLE.strip()

# What a person needs on screen: the canvas and the move panel inside the viewport, the hand big enough.
ON_SCREEN = """
() => {
  const inside = (selector) => {
    const node = document.querySelector(selector);
    if (!node || node.hidden) return null;
    const r = node.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
  };
  const boxes = window.app.hitboxes() ?? {};
  const hand = (boxes.hand ?? []).map((b) => b.w);
  return {
    viewport: { width: innerWidth, height: innerHeight },
    scrolled: document.scrollingElement.scrollTop,
    canvas: inside("#table"), moves: inside(".moves"), firstMove: inside("#move-list button.move"),
    narrowestCard: hand.length ? Math.min(...hand) : null,
    movesCut: [...document.querySelectorAll(".moves, .move-list")].some((n) => n.scrollWidth > n.clientWidth + 1),
  };
}
"""


def screen_trouble(page: Any) -> list[str]:
    """What keeps the person from seeing the table, the moves and their hand at this size."""
    seen = page.evaluate(ON_SCREEN)
    width, height = seen["viewport"]["width"], seen["viewport"]["height"]
    trouble = []
    if seen["scrolled"]:
        trouble.append("the page is scrolled")
    for part in ("canvas", "moves", "firstMove"):
        box = seen[part]
        if box is None:
            continue
        if box["top"] < -0.5 or box["bottom"] > height + 0.5 or box["left"] < -0.5 or box["right"] > width + 0.5:
            trouble.append(f"the {part} is not all on screen: {box}")
    if seen["canvas"] and seen["canvas"]["height"] < MIN_CANVAS_HEIGHT:
        trouble.append(f"the canvas is {seen['canvas']['height']:.0f} px tall")
    if seen["movesCut"]:
        trouble.append("the move panel is cut off at its side")
    if seen["narrowestCard"] is not None and seen["narrowestCard"] < MIN_CARD_WIDTH:
        trouble.append(f"a hand card is {seen['narrowestCard']:.0f} px wide")
    return trouble


def settle(page: Any) -> None:
    """Wait until nothing is animated, a person may act or the game is over, and a frame has been drawn."""
    page.wait_for_function("() => !window.app.animating()", timeout=15_000)
    page.wait_for_function("""() => !document.querySelector('#result').hidden
        || document.querySelector('button.move:not([disabled])')""", timeout=20_000)
    page.wait_for_function("() => !window.app.animating()", timeout=15_000)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def deal(visit: Visit, table: str, seed: int) -> None:
    """A new deal of `table` (the game before it is over, or never begun: nothing asks to replace it)."""
    page = visit.page
    before = page.evaluate("() => window.app.renders")
    if table == DEALERS_TABLE:
        page.evaluate("() => { location.hash = ''; }")
        page.click(f"button[data-setup='{table}']")
        page.fill("#setup-form input[name='seed']", str(seed))
        page.click("#setup-form button[value='deal']")
    else:
        page.evaluate("(hash) => { location.hash = hash; }", TABLES[table].replace("{seed}", str(seed)))
    page.wait_for_function("(n) => window.app.renders > n", arg=before, timeout=30_000)
    settle(page)


def move_and_sample(visit: Visit, table: str) -> tuple[int, list[str]]:
    """Make the person's first offered move; the trouble seen in the frames sampled while it plays out.
    At the Dealer's table the character acts (a save: its cards are flipped), not the Dealer."""
    page = visit.page
    character = page.locator("button.tt-actor[data-actor='1'][aria-pressed='false']")
    if table == DEALERS_TABLE and character.count():
        character.click()
    page.locator("button.move:not([disabled])").first.click()
    sampled = page.evaluate(SAMPLE_ANIMATION, SAMPLES)
    return int(sampled["frames"]), list(sampled["trouble"])


def test_every_text_on_a_table_goes_through_canvas_kit() -> None:
    """textBoxes() knows every text only if no renderer draws one itself: canvas-kit's text() draws them all,
    and the card painter (whose glyphs belong to its cards, painted on sprites of their own)."""
    drawers = {"canvas-kit.js", "card-painter.js"}
    direct = []
    for path in sorted((ROOT / "web" / "js").rglob("*.js")):
        lines = path.read_text(encoding="utf-8").splitlines()
        if path.name not in drawers:
            direct += [f"{path.relative_to(ROOT)}:{n}" for n, line in enumerate(lines, 1) if re.search(r"\b(fill|stroke)Text\(", line)]
    assert not direct, f"texts drawn outside canvas-kit: {direct}"


@pytest.mark.parametrize("table", [*TABLES, DEALERS_TABLE])
def test_every_size_keeps_the_texts_apart_and_the_table_in_view(open_page: Callable[..., Visit], table: str) -> None:
    visit = open_page(SIZES["laptop"])
    page = visit.page
    visit.goto()
    if table == DEALERS_TABLE:
        sheet = new_sheet({"STR": 2, "DEX": 3, "WIL": 1, "GRT": 2})
        sheet.update(name="Ada", background="Bounty hunter", money=500)
        assert page.evaluate(ADD_TO_ROSTER, sheet) == ""
    seed = 7
    deal(visit, table, seed)
    problems: list[str] = []
    animated = 0
    for name, size in SIZES.items():
        page.set_viewport_size(size)
        settle(page)
        if not page.locator("#result").is_hidden():
            seed += 1
            deal(visit, table, seed)
        problems += [f"{name}, still: {p}" for p in page.evaluate(TEXT_TROUBLE) + screen_trouble(page)]
        frames, moving = move_and_sample(visit, table)
        animated += frames
        problems += [f"{name}, in motion: {p}" for p in moving]
        settle(page)
        problems += [f"{name}, after a move: {p}" for p in page.evaluate(TEXT_TROUBLE) + screen_trouble(page)]
        visit.screenshot(f"layout-{table}-{name}.png")
    assert not problems, "\n".join(dict.fromkeys(problems))
    assert animated > 0, "no move was animated"
    assert not visit.errors
