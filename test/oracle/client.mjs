// One oracle process per Kubernetes release, spoken to in JSON lines (protocol: one request per line, one answer per
// line in order). Requests are pipelined: the oracle answers on its own core while crdlint works on this one.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseExact } from "./json.mjs";

export const RELEASES = ["1.37", "1.33"];

export function oracleBinary(root, release) {
  return join(root, "oracle", "bin", `oracle-${release}`);
}

export class Oracle {
  constructor(binary, release) {
    this.release = release;
    this.binary = binary;
    this.nextId = 1;
    this.pending = new Map();
    this.exited = null;
    this.stderr = "";
    this.proc = spawn(binary, [], { stdio: ["pipe", "pipe", "pipe"] });
    this.proc.stderr.setEncoding("utf8");
    this.proc.stderr.on("data", (d) => {
      this.stderr = (this.stderr + d).slice(-4000);
    });
    this.proc.on("error", (e) => this.fail(`cannot run ${binary}: ${e.message}`));
    this.proc.on("exit", (code, signal) => this.fail(`oracle ${release} exited (${signal ?? code})${this.stderr ? `: ${this.stderr.trim().split("\n").slice(-3).join(" | ")}` : ""}`));
    this.proc.stdin.on("error", () => {});
    createInterface({ input: this.proc.stdout, crlfDelay: Infinity }).on("line", (line) => this.answer(line));
  }

  fail(message) {
    if (this.exited) return;
    this.exited = message;
    for (const p of this.pending.values()) p.reject(new Error(message));
    this.pending.clear();
  }

  answer(line) {
    let raw;
    try {
      raw = JSON.parse(line);
    } catch {
      return this.fail(`oracle ${this.release} printed a line that is not JSON: ${line.slice(0, 200)}`);
    }
    const p = this.pending.get(raw.id);
    if (!p) return;
    this.pending.delete(raw.id);
    // The yaml op's documents keep their numbers exact (they may exceed 2^53).
    p.resolve(Object.defineProperty(p.exact ? { ...raw, exact: parseExact(line) } : raw, "line", { value: line, enumerable: false }));
  }

  /** Sends one request; resolves with the answer object (never rejects on a "fatal" answer: callers look at it). */
  request(op, fields, { exact = false } = {}) {
    if (this.exited) return Promise.reject(new Error(this.exited));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, exact });
      this.proc.stdin.write(JSON.stringify({ id, op, ...fields }) + "\n");
    });
  }

  async close() {
    if (this.exited) return;
    this.proc.stdin.end();
    await new Promise((r) => {
      const t = setTimeout(() => {
        this.proc.kill();
        r();
      }, 5000);
      this.proc.on("exit", () => {
        clearTimeout(t);
        r();
      });
    });
  }
}

/** Which ops this oracle build serves: an op it does not know answers "fatal" (the family then reports "not yet"). */
export async function supportedOps(oracle, ops) {
  const out = new Set();
  for (const op of ops) {
    const probe = op === "yaml" ? { text: "a: 1\n" } : op === "version" ? {} : { object: "{}", crd: "{}", old: "{}" };
    try {
      const r = await oracle.request(op, probe);
      if (!(typeof r.fatal === "string" && /unknown op|unsupported op|not implemented|unknown operation/i.test(r.fatal))) out.add(op);
    } catch {
      // a dead process serves nothing
    }
  }
  return out;
}

export function binaryExists(root, release) {
  return existsSync(oracleBinary(root, release));
}
