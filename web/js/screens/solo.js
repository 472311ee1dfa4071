// The screen of a table with one person: against the game itself or a Dealer the engine plays. No
// curtain and no second person's side: the person's own view stays on screen all game, and the seats
// the engine plays move on their own between the person's turns (TableScreen does both), so a one-seat
// game carries none of the hand-over code of two-seats.js.

import { TableScreen } from "./table-screen.js";

/**
 * @template {import("../table-renderer.js").TableRenderer} R
 * @extends {TableScreen<R>}
 */
export class SoloScreen extends TableScreen {}
