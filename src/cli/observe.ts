/**
 * `choto observe`: one look at the screen, printed as the observe tool
 * answers it, with `--png` to keep the screenshot.
 *
 * @module
 */

import { screenshotPng } from "../image/codec.ts";

import { observeText } from "../render/observe_text.ts";
import type { Command } from "./command.ts";
import { openServices } from "./open.ts";
import { observeScreen } from "../look/observe.ts";

/** `choto observe`. */
export const observeCommand: Command = {
  usage: [["observe", "look at the screen once and print what the observe tool returns"]],
  details: ["--png FILE   also write the screenshot"],
  options: ["db", "ocr", "png"],
  maxArgs: 0,
  run: async (v) => {
    const svc = openServices(v.db, v.ocr);
    try {
      const o = await observeScreen(svc);
      const shot = await screenshotPng(o.frame);
      if (v.png) await Deno.writeFile(v.png, shot.png);
      console.log(observeText(o, svc.desktop().platform, shot));
    } finally {
      await svc.close();
    }
    return 0;
  },
};
