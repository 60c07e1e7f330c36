/**
 * A Qt text box (PyQt5's QPlainTextEdit) holding some text, started on a
 * test desktop: the Qt text views the end-to-end tests read.
 *
 * @module
 */

import type { TestDesktop } from "./xdesktop.ts";

/** How the box is shown. */
export interface QtTextBox {
  title: string;
  text: string;
  width: number;
  height: number;
  /** Long lines run past the box's edge instead of wrapping. */
  noWrap?: boolean;
  /** The caret stays drawn instead of blinking, and the box has the focus. */
  steadyCaret?: boolean;
}

/** Starts the box; the caller waits for its window (`title`) and kills it. */
export function spawnQtTextBox(desktop: TestDesktop, box: QtTextBox): Deno.ChildProcess {
  const script = [
    "import sys",
    "from PyQt5.QtWidgets import QApplication, QPlainTextEdit",
    "app = QApplication(sys.argv)",
    ...(box.steadyCaret ? ["app.setCursorFlashTime(0)"] : []),
    "box = QPlainTextEdit()",
    `box.setWindowTitle(${JSON.stringify(box.title)})`,
    ...(box.noWrap ? ["box.setLineWrapMode(QPlainTextEdit.NoWrap)"] : []),
    `box.setPlainText(${JSON.stringify(box.text)})`,
    `box.resize(${box.width}, ${box.height})`,
    "box.show()",
    ...(box.steadyCaret ? ["box.setFocus()"] : []),
    "app.exec_()",
  ].join("\n");
  return desktop.spawn("/usr/bin/python3", ["-c", script], { QT_QPA_PLATFORM: "xcb" });
}
