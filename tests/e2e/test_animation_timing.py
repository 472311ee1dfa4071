"""What the page says keeps time with what the table shows (issues 13 and 24): the status lines tell a move's
news when its animation ends, not while its cards are still turning over, the result box waits
for the last move to play out, and Knife Fight's "Round N" banner takes the caption's place instead of
covering it."""

from __future__ import annotations

from typing import Any, Callable

from saloon_site import LAPTOP, Visit

# Knife Fight at its own pace: the computer commits as the table opens, so the person's commit is revealed
# against it at once (an animation, then the "Round 2" banner).
KNIFE_FIGHT = "#game=knife_fight&mode=computer&level=easy&seed=11"

# Every frame from the click until the table has been still for a moment: whether it animated, the status
# lines, and the texts the canvas drew.
FRAMES_OF_A_MOVE = """
async () => {
  const status = () => document.querySelector("#turn-line").textContent + " | " + document.querySelector("#reason-line").textContent;
  const before = { status: status(), renders: window.app.renders };
  document.querySelector("button.move:not([disabled])").click();
  const frames = [];
  let still = 0;
  const deadline = performance.now() + 10000;
  while (still < 20 && performance.now() < deadline) {
    await new Promise((r) => requestAnimationFrame(r));
    const moved = window.app.renders > before.renders;
    const animating = window.app.animating();
    frames.push({ moved, animating, status: status(), boxes: window.app.textBoxes()?.boxes ?? [] });
    still = moved && !animating ? still + 1 : 0;
  }
  return { before: before.status, frames };
}
"""


def crosses(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two text boxes of the canvas overlap."""
    return bool(a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"])


def frames_of_the_first_move(visit: Visit) -> tuple[str, list[dict[str, Any]]]:
    page = visit.goto(KNIFE_FIGHT)
    assert visit.wait_for_turn() == "move"
    page.wait_for_function("() => window.app.drawnView().committed[1]")
    played = page.evaluate(FRAMES_OF_A_MOVE)
    return str(played["before"]), [f for f in played["frames"] if f["moved"]]


def test_the_status_lines_change_when_the_reveal_has_played_out(open_page: Callable[..., Any]) -> None:
    """While the cards turn over, the status says where the fight is and nothing more (nobody acting, no news
    the cards have not shown yet); once the felt is still, who acts (the computer commits first) and what happened."""
    visit = open_page(LAPTOP)
    before, frames = frames_of_the_first_move(visit)
    in_motion = [f for f in frames if f["animating"]]
    assert len(in_motion) > 5, "the reveal was not animated"
    assert {f["status"] for f in in_motion} == {"Round 2 | "}, "the status told the news before the cards showed it"
    turn, news = frames[-1]["status"].split(" | ")
    assert turn.startswith("Round 2 · ") and news, "the status never told the news"
    assert frames[-1]["status"] != before
    assert not visit.errors


def test_the_round_banner_takes_the_captions_place(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    _, frames = frames_of_the_first_move(visit)
    with_banner = [f for f in frames if any(b["text"] == "Round 2" for b in f["boxes"])]
    assert with_banner, "no frame showed the Round 2 banner"
    for frame in with_banner:
        banner = next(b for b in frame["boxes"] if b["text"] == "Round 2")
        under = [b["text"] for b in frame["boxes"] if b is not banner and crosses(b, banner)]
        assert not under, f"the banner covers {under}"
    last = frames[-1]["boxes"]
    assert not any(b["text"] == "Round 2" for b in last)
    assert any(crosses(b, banner) for b in last), "the caption did not come back once the banner had gone"
    assert not visit.errors


# Whether the table was still animating at the moment the result box appeared (watched from the page).
WATCH_THE_RESULT = """
() => {
  window.resultShownWhileAnimating = null;
  const box = document.querySelector("#result");
  new MutationObserver(() => {
    if (!box.hidden && window.resultShownWhileAnimating === null) window.resultShownWhileAnimating = window.app.animating();
  }).observe(box, { attributes: true, attributeFilter: ["hidden"] });
}
"""


def test_the_result_waits_for_the_last_move_to_play_out(open_page: Callable[..., Any]) -> None:
    """Grit at its own pace to the end: the last move's cards turn over before the result box covers them."""
    visit = open_page(LAPTOP)
    page = visit.goto("#game=grit&mode=computer&level=easy&seed=7")
    page.evaluate(WATCH_THE_RESULT)
    while (turn := visit.wait_for_turn(timeout=30_000)) == "move":
        before = page.evaluate("() => window.app.renders")
        page.locator("button.move:not([disabled])").last.click()
        page.wait_for_function("(n) => window.app.renders > n", arg=before)
    assert turn == "over"
    assert page.evaluate("() => window.resultShownWhileAnimating") is False, "the result box came over a move in motion"
    assert not visit.errors
