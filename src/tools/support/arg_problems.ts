/**
 * Arguments that failed their schema, said one problem a line with the
 * field each is in, so the model knows what to change.
 *
 * @module
 */

import type { z } from "zod";
import { shortEcho, unknownFieldHint } from "../../common/nearest.ts";

/** Each issue of `error` as a line; an unknown top-level field is matched against `known`. */
export function argumentProblems(error: z.ZodError, known: readonly string[]): string[] {
  return error.issues.flatMap((i) => {
    const where = i.path.map((p) => shortEcho(String(p), 40)).join(".") || "arguments";
    if (i.code === "unrecognized_keys") {
      // Nested objects have their own fields: the nearest name is only offered at the top.
      return i.keys.map((k) =>
        where === "arguments"
          ? `- ${unknownFieldHint(k, known)}`
          : `- ${where}: unknown field "${shortEcho(k, 40)}"`
      );
    }
    return [`- ${where}: ${i.message}`];
  });
}
