// The types of the QR code encoder that the build copies to dist/vendor/qr.js from the pinned npm package
// @paulmillr/qr (its esm/index.js, MIT licence: build.py's VENDORED); only what the page uses.

/** The modules of a QR code, row by row, true for a dark one; `border` light modules around it. */
export function encodeQR(text: string, output?: "raw",
  opts?: { ecc?: "low" | "medium" | "quartile" | "high"; border?: number }): boolean[][];
