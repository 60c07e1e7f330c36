/**
 * The display went away under a running server (the X server ended, or
 * its connection broke): the call that met it fails with this, saying what
 * was sent before it went and what was held, and the backend connects again
 * on a later call once a display answers.
 *
 * @module
 */

/** The display is gone, for now or for good; the message says what the call did before. */
export class DisplayLost extends Error {}
