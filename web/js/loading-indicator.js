// The brass pill at the bottom of the screen that tells how far Python has got.

const PROGRESS = { manifest: 10, python: 35, engines: 80, ready: 100 };

export function showLoadingStage(root, { stage, label }) {
  root.querySelector("#loading-label").textContent = label;
  if (stage === "failed") {
    root.classList.add("failed");
    const retry = root.querySelector("#loading-retry");
    retry.hidden = false;
    retry.onclick = () => location.reload();
    return;
  }
  root.querySelector("#loading-bar").style.width = `${PROGRESS[stage] ?? 5}%`;
  root.classList.toggle("done", stage === "ready");
}
