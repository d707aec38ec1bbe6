// @ts-check
// One oracle process per Kubernetes release, spoken to in JSON lines (one request per line, one answer per line in
// order; every message's type is in ./protocol.d.ts, which the oracle's Go types are checked against). Requests are
// pipelined: the oracle answers on its own core while crdlint works on this one.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseExact } from "./json.mjs";

/** @typedef {import("./protocol.js").Op} Op */
/** @typedef {import("./protocol.js").Requests} Requests */
/** @typedef {import("./protocol.js").Answers} Answers */
/**
 * An answer as parsed, with the line the oracle printed (not enumerable) and, when asked for, the answer parsed with
 * exact numbers.
 * @template {Op} O
 * @typedef {Answers[O] & { exact?: any, readonly line: string }} Answer
 */
/** @typedef {{ resolve: (answer: any) => void, reject: (error: Error) => void, exact: boolean }} Pending */

/** The releases CI builds and runs the oracle at (`node scripts/build-oracle.mjs --release all`). */
export const RELEASES = ["1.37", "1.33"];
/** Releases built from pre-release modules: run only when named (`--release 1.38`), never by default. */
export const PRERELEASES = ["1.38"];

/**
 * Every release the oracle can be built for (oracle/go.mod for the newest, oracle/go.<release>.mod for the others;
 * `node scripts/build-oracle.mjs --release every`), newest first.
 */
export const BUILDABLE_RELEASES = ["1.37", "1.36", "1.35", "1.34", "1.33", "1.32", "1.31", "1.30", "1.29", "1.28"];

/** @param {string} root @param {string} release */
export function oracleBinary(root, release) {
  return join(root, "oracle", "bin", `oracle-${release}`);
}

export class Oracle {
  /** @param {string} binary @param {string} release */
  constructor(binary, release) {
    this.release = release;
    this.binary = binary;
    this.nextId = 1;
    /** @type {Map<number, Pending>} */
    this.pending = new Map();
    /** @type {string | null} */
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

  /** @param {string} message */
  fail(message) {
    if (this.exited) return;
    this.exited = message;
    for (const p of this.pending.values()) p.reject(new Error(message));
    this.pending.clear();
  }

  /** @param {string} line */
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

  /**
   * Sends one request; resolves with the answer object (never rejects on a "fatal" answer: callers look at it).
   * @template {Op} O
   * @param {O} op
   * @param {Requests[O]} fields
   * @param {{ exact?: boolean }} [options]
   * @returns {Promise<Answer<O>>}
   */
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
    await new Promise((/** @type {(v?: unknown) => void} */ r) => {
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

/**
 * Which ops this oracle build serves: an op it does not know answers "fatal" (the family then reports "not yet").
 * @param {Oracle} oracle
 * @param {Op[]} ops
 */
export async function supportedOps(oracle, ops) {
  const out = new Set();
  for (const op of ops) {
    // One probe for every op: each reads its own fields and ignores the others'.
    const probe = op === "yaml" ? { text: "a: 1\n" } : op === "version" ? {} : { object: "{}", crd: "{}", old: "{}" };
    try {
      const r = await oracle.request(op, /** @type {any} */ (probe));
      if (!("fatal" in r && typeof r.fatal === "string" && /unknown op|unsupported op|not implemented|unknown operation/i.test(r.fatal))) out.add(op);
    } catch {
      // a dead process serves nothing
    }
  }
  return out;
}

/** @param {string} root @param {string} release */
export function binaryExists(root, release) {
  return existsSync(oracleBinary(root, release));
}
