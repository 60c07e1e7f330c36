/**
 * `choto missions`: the most recent missions with their checklists and
 * recipes, for a person.
 *
 * @module
 */

import { missionsText } from "../render/mission_history_text.ts";
import type { Command } from "./command.ts";
import { withStore } from "./open.ts";

/** `choto missions`. */
export const missionsCommand: Command = {
  usage: [["missions", "print the most recent missions with their checklists and recipes"]],
  options: ["db"],
  maxArgs: 0,
  run: (v) =>
    withStore(v.db, (store) => {
      console.log(missionsText(store));
      return 0;
    }),
};
