// An OCR worker that cannot start: it ends its thread as it loads, before it is ready, as a worker
// whose script cannot run would. Why not a path to no file: `deno test` type-checks a worker's
// module before it runs it, so a missing file prints "Uncaught (in worker "") Type checking failed";
// and a script that throws prints the uncaught error, though the engine handles both.
"use strict";
process.exit(1);
