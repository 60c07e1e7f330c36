/**
 * What the find-bar tests share: the text they search and replace in, and a
 * pointer moved out of the way so no tooltip covers a look.
 *
 * @module
 */

import { pointerAway, type Session } from "./session.ts";
export { pointerAway };

/** Four lines, three of them with "apple" to replace. */
export const FRUIT_TEXT = "apple pie\napple tart\ngreen apple\nno fruit here\n";

/** Writes {@link FRUIT_TEXT} to `fruit.txt` in the session's folder, moves the pointer away, and gives the path. */
export async function fruitFile(s: Session): Promise<string> {
  const file = `${s.dir}/fruit.txt`;
  await Deno.writeTextFile(file, FRUIT_TEXT);
  await pointerAway(s);
  return file;
}
