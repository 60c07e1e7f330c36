/**
 * Answers a first `observe` sent right after `initialize` while the server
 * has not loaded yet (src/server/early_call.ts says which calls): the tool's
 * own checks, handler and reply shaping (src/server/tool_call.ts), written
 * to the transport as the server would write it. serve.ts loads the rest of
 * the server once it is answered, so the look has the thread to itself.
 * Imported by computed path, like the server: zod comes with it.
 *
 * @module
 */

import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import type { EarlyCall } from "../server/early_call.ts";
import type { BoundedStdioTransport } from "../server/stdio_transport.ts";
import { callTool, parseArguments } from "../server/tool_call.ts";
import type { Services } from "../services.ts";
import { capReply, MAX_REPLY_BYTES } from "../tools/support/reply_cap.ts";
import { observeTool } from "../tools/observe.ts";
import { toResult } from "../tools/tool.ts";

/** Runs `call` on the open services and sends its reply; the server's warming waits for it as for any call. */
export async function answerFirstCall(
  call: EarlyCall,
  svc: Services,
  transport: BoundedStdioTransport,
): Promise<void> {
  const ended = svc.callBegan();
  try {
    const parsed = parseArguments(observeTool, call.arguments);
    // Nothing can cancel it: the server that would hear a cancellation has not loaded.
    const result = parsed.ok
      ? capReply(
        await callTool(observeTool, parsed.value, svc, { signal: new AbortController().signal }),
        MAX_REPLY_BYTES,
        observeTool.askForRest,
      )
      : toResult({ ok: false, text: parsed.text });
    await transport.send({ jsonrpc: "2.0", id: call.id, result } as JSONRPCMessage);
  } finally {
    ended();
  }
}
