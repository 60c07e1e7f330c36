/**
 * The version, taken from deno.json so there is one source of truth.
 *
 * @module
 */

import config from "../../deno.json" with { type: "json" };

export const VERSION: string = config.version;
