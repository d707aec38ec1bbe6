#!/usr/bin/env node
// Thin launcher: the CLI returns an exit code, only this file touches process.exitCode.
import { main } from "../dist/cli/main.js";

const io = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  cwd: process.cwd(),
  isTTY: Boolean(process.stdout.isTTY),
  env: process.env,
  stdin: async () => {
    const chunks = [];
    for await (const c of process.stdin) chunks.push(c);
    return Buffer.concat(chunks).toString("utf8");
  },
};

process.exitCode = await main(process.argv.slice(2), io);
