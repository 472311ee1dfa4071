// The games that can be played, and where each one's table lives. A game's table module is loaded only
// when someone sits down at it, so the menu never waits for code it does not show.
// To add a game: a folder web/js/<id>/ whose table.js exports a TableFlow subclass, and a line here.

export const GAMES = {
  grit: { title: "Grit", table: () => import("./grit/table.js").then((m) => m.GritTable) },
  knife_fight: { title: "Knife Fight", table: () => import("./knife_fight/table.js").then((m) => m.KnifeFightTable) },
  grow21: { title: "grow21", table: () => import("./grow21/table.js").then((m) => m.Grow21Table) },
};

export const isPlayable = (id) => Object.hasOwn(GAMES, id);
