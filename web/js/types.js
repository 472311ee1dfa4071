// JSDoc types of the messages between the page, the engine worker and the Python bridge
// (pygame_core/bridge.py), for `tsc --checkJs`. Nothing here runs: the module only exports types.

/**
 * A level of the computer, as GameInfo lists them.
 * @typedef {object} Level
 * @property {string} id     sent as the `level` of a `bot` request
 * @property {string} label  what the setup form shows ("Greenhorn")
 * @property {string} help   one line under it ("plays at random")
 */

/**
 * A table option (a house variant) with its choices.
 * @typedef {object} GameOption
 * @property {string} name      key in the `options` of `new`
 * @property {string} label
 * @property {string} help
 * @property {string[]} values  what is sent
 * @property {string[]} labels  what the form shows, one per value
 * @property {string} default
 */

/**
 * @typedef {object} Seat
 * @property {string} name                 "Player 1"
 * @property {"person" | "engine"} kind   "engine": a participant the engine plays itself (op `auto`)
 * @property {boolean} optional  a person's seat that may stay empty (a party seat without a character)
 */

/**
 * How a table is played; "remote" (a friend on another device, remote/) is the page's own and never among a
 * game's `modes`.
 * @typedef {"computer" | "hotseat" | "solo" | "remote"} Mode
 */

/** @typedef {"slow" | "normal" | "fast" | "instant"} Speed  how fast a table plays moves out (table/speed.js) */

/**
 * One game as the `games` op describes it: the page builds menus, forms and titles from this only.
 * @typedef {object} GameInfo
 * @property {string} id
 * @property {string} title
 * @property {string} summary  the menu tile's blurb
 * @property {string} credit   "by Zach Gage", or ""
 * @property {number} minutes  about how long a game takes
 * @property {number} players  number of seats
 * @property {Seat[]} seats
 * @property {number} min_people  the fewest people's seats taken in a game (the seats that may not stay empty
 *   and as many optional ones as the game needs)
 * @property {Mode[]} modes    in menu order
 * @property {Level[]} levels
 * @property {GameOption[]} options
 * @property {boolean} setup   whether `new` takes a structured `setup`
 * @property {boolean} simultaneous
 * @property {boolean} hidden_info
 * @property {Record<string, any>} constants  what the page needs of the rules (game-constants.js; the
 *   game's shapes.js types them)
 */

/**
 * What a table is opened with (from the address, the setup form or a saved game's meta).
 * @typedef {object} Settings
 * @property {string} game
 * @property {Mode} mode
 * @property {string} level     a level id of the game ("" when the mode has no computer)
 * @property {number} side      the person's seat against the computer
 * @property {Speed} [speed] this table's speed, asked by the address (else the remembered one; instant: no
 *   pauses or animations, for tests and the bench)
 * @property {boolean} [guided] a guided game (a scripted deal with the coach, coach/): not a real game
 */

/**
 * A deal asked for by a link or the setup form (instead of a random one).
 * @typedef {object} DealRequest
 * @property {number | null} seed
 * @property {unknown} deal             a forced shuffled order (tests, puzzles), or null
 * @property {Record<string, string>} options
 * @property {unknown} [setup]          the game's structured setup for `new` (a game with GameInfo.setup
 *   picks it in the setup form, see SetupFields), or none
 * @property {number} [guests]          at a table of several played from other devices: how many join
 */

/**
 * What a game's table module may add to the setup form (its optional export `setupFields(context)`):
 * `element` goes under the form's own fields; `read()` is asked when the player presses Deal and gives
 * the `setup` for `new` (null: none), or a `problem` that keeps the form open and is shown on it.
 * @typedef {object} SetupFields
 * @property {any} element  an HTMLElement (this module is shared with the worker, which has no DOM types)
 * @property {() => {setup: unknown} | {problem: string}} read
 */

/**
 * What a table module's `setupFields` is given.
 * @typedef {object} SetupContext
 * @property {Engine} engine
 * @property {GameInfo} info
 * @property {(text: string) => void} toast
 * @property {() => void} close  closes the setup form without dealing (before the page goes elsewhere)
 */

/**
 * What the page may know about a saved game; the record itself stays sealed in the worker.
 * @typedef {object} SaveMeta
 * @property {Mode} mode
 * @property {string} level
 * @property {number} side
 * @property {Record<string, string>} [options]  the table options it was dealt with
 * @property {boolean} [guided]  a guided game (Settings.guided)
 * @property {number} [moves]    moves played (added by the worker)
 * @property {boolean} [over]    whether the game has ended (added by the worker)
 * @property {number} [saved_at] Date.now() of the save (added by the worker)
 */

/**
 * A saved game that could not be loaded, opened for the player to download (op export_kept).
 * @typedef {object} KeptExport
 * @property {string} slot     the game id it was saved for
 * @property {string} why      why it could not be loaded
 * @property {string} kept_at  when it was kept aside (ISO 8601)
 * @property {unknown} record  the record as it was saved
 */

/**
 * @typedef {object} BridgeError
 * @property {string} code     what the page may act on: a rule's refusal ("not_your_turn"), the bridge's
 *   ("not_over", "record_full", "bad_record"), the worker's save ops' ("save_conflict", "unreadable_save")...
 * @property {string} message  plain words a player understands
 */

/**
 * Every answer has `ok`; on failure `error` (the session is as it was), on success the fields of its op.
 * @typedef {(AnswerFields & {ok: true, error?: undefined}) | (AnswerFields & {ok: false, error: BridgeError})} Response
 */

/**
 * The fields of an answer, by op (see Response); a failure may carry some too (a save's `revision`).
 * @typedef {object} AnswerFields
 * @property {GameInfo[]} [games]                 op games
 * @property {string | null} [session]            ops new, load, restore
 * @property {any} [view]                         op view: what the viewer may see
 * @property {number[]} [to_act]                  op view
 * @property {boolean} [over]                     op view
 * @property {{winner: number | null, scores: number[], reason: string, result?: any} | null} [outcome]  op view
 * @property {any[]} [moves]                      op legal
 * @property {string[]} [labels]                 op legal: each move in words
 * @property {boolean} [can_undo]                op legal: true when op undo would take the player's last move back now
 * @property {string} [label]                    op hint: the hinted move in words
 * @property {string} [reason]                   op hint: why, in a sentence
 * @property {number} [undone]                   op undo: how many moves were taken back
 * @property {any} [move]                         ops bot, auto, hint
 * @property {boolean} [thinking]                ops bot and hint with slice_ms: not decided yet (the worker asks again)
 * @property {any[]} [events]                     ops play, bot, auto
 * @property {{game: string, seed: number, options: Record<string, string>, deal?: unknown, setup?: any}} [share]  op share
 * @property {any} [result]                      op check_result: the game's result, made canonical
 * @property {number} [revision]                  ops save, restore, forget
 * @property {SaveMeta | null} [meta]             op restore
 * @property {import("./remote/messages.js").HostKept | import("./remote/messages.js").GuestKept} [remote]  op restore: a game with a friend's bookkeeping
 * @property {Record<string, SaveMeta>} [slots]   op saved: slot id -> meta
 * @property {boolean} [adopted]                  op adopt: whether the old save was taken in
 * @property {number} [kept]                     ops restore (error kept_aside), adopt: the id of a record kept aside
 * @property {KeptExport} [exported]             op export_kept: a kept record, for the player to download
 * @property {{kept: number, slot: string, title: string, why: string}[]} [kept_games]  op kept: kept records not downloaded yet
 * @property {Record<string, any>} [record]       op record (the worker's own use: it never reaches the page), op reveal
 * @property {{seat: number, move: any, events: any[]}[]} [also]  ops play, bot, auto with `also`: the move as each of those seats sees it
 * @property {string} [pledge]                   op pledge: the secret's handle for a fair deal's `new`
 * @property {string} [commitment]               ops pledge (the hash that binds the host to its secret), nonce_commitment (a guest's, to its nonce)
 * @property {{secret: string, nonce: string | string[], commitment: string}} [reveal]  op reveal: a fair game's keys, once over
 * @property {string} [digest]                   op digest
 * @property {boolean} [fair]                    op audit: nothing was found wrong
 * @property {{ply?: number, message: string}[]} [findings]  op audit: what was found wrong, in the game's order
 * @property {MemoryReport} [memory]              op memory (answered by the worker itself)
 * @property {AheadStatus | null} [ahead]         op think_ahead (answered by the worker itself)
 */

/**
 * A person's hint thought ahead by the worker in its idle time (op think_ahead, worker/thinking.js).
 * @typedef {object} AheadStatus
 * @property {string} session
 * @property {number} player
 * @property {number} slices     how many slices it has thought so far
 * @property {"thinking" | "decided" | "asked" | "moved_on" | "replaced" | "left"} state  thinking on; or why it
 *   stopped: decided (the bridge keeps the hint), asked (the person's Hint carries it on), moved_on (the
 *   position did: not their turn any more), replaced (thinking ahead for another seat or table), left (the
 *   table was closed)
 */

/**
 * How much memory the engine worker holds (the soak test and the bench watch it over a long session).
 * @typedef {object} MemoryReport
 * @property {number} wasm_bytes             the runtime's wasm memory (it grows, never shrinks)
 * @property {number} python_heap_bytes      malloc's bytes in use after a collection (Python's heap)
 * @property {number} python_objects         objects the garbage collector tracks, after a collection
 * @property {number | null} pyproxies       live handles from JavaScript into Python
 */

/**
 * A request to the bridge or to the worker's save ops: {op, ...fields}.
 * @typedef {{op: string} & Record<string, any>} Request
 */

/**
 * The page's handle on the engine worker.
 * @typedef {object} Engine
 * @property {Promise<{version: string, snapshot: boolean}>} ready  snapshot: booted from the last visit's memory snapshot
 * @property {(request: Request) => Promise<Response>} call
 * @property {(requests: Request[]) => Promise<Response[]>} callMany
 */

export {};
