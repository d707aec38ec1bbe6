// --import hook for tests: records every module URL the process loads, printed to stderr on exit.
import { register } from "node:module";
import { writeSync } from "node:fs";
import { MessageChannel } from "node:worker_threads";

const { port1, port2 } = new MessageChannel();
const seen = [];
port1.on("message", (url) => seen.push(url));
port1.unref();
register(new URL("./record-imports-hooks.mjs", import.meta.url), {
  parentURL: import.meta.url,
  data: { port: port2 },
  transferList: [port2],
});
process.on("exit", () => writeSync(2, `\nIMPORTED ${JSON.stringify(seen)}\n`));
