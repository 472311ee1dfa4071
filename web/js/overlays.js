// Things that sit over the screens: the toast, the hot-seat curtain, the help dialogs.

let toastTimer = 0;

export function toast(text) {
  const node = document.querySelector("#toast");
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    node.hidden = true;
  }, 4500);
}

/** Cover the whole screen until someone taps; resolves then. */
export function showCurtain(title) {
  const curtain = document.querySelector("#curtain");
  const button = curtain.querySelector("#curtain-ready");
  curtain.querySelector("#curtain-title").textContent = title;
  curtain.hidden = false;
  button.focus();
  return new Promise((resolve) => {
    button.addEventListener("click", () => {
      curtain.hidden = true;
      resolve();
    }, { once: true });
  });
}

export function hideCurtain() {
  const curtain = document.querySelector("#curtain");
  curtain.hidden = true;
}

/** Buttons with data-dialog="id" open that <dialog>; a click on the backdrop closes it. */
export function wireDialogs() {
  document.addEventListener("click", (event) => {
    const opener = event.target.closest("[data-dialog]");
    if (opener) document.getElementById(opener.dataset.dialog).showModal();
  });
  for (const dialog of document.querySelectorAll("dialog")) {
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close();
    });
  }
}

/** Show the rules and rulings of `game` in the help dialogs (each game has a section per dialog). */
export function showHelpFor(game) {
  for (const dialog of document.querySelectorAll("dialog.help")) {
    for (const section of dialog.querySelectorAll("[data-game]")) {
      section.hidden = section.dataset.game !== game;
      if (!section.hidden) dialog.setAttribute("aria-labelledby", section.querySelector("h2").id);
    }
  }
}

/** Copy a link to the clipboard; where that is not allowed, show it ready to copy by hand. */
export async function shareLink(link) {
  try {
    await navigator.clipboard.writeText(link);
    toast("Link copied. Anyone who opens it gets this same deal.");
  } catch {
    const dialog = document.querySelector("#share-dialog");
    const field = dialog.querySelector("#share-link");
    field.value = link;
    dialog.showModal();
    field.select();
  }
}
