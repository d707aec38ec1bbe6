// A file is cut into document chunks exactly as reading it a line at a time through readline cut it (the whole-file
// path is faster; kubectl's YAMLReader semantics are the line reader's): CRLF, a lone CR, a BOM, no final newline,
// separators with comments or tabs, near-separators, empty files, and the corpus when it is there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createReadStream, existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readDocumentChunks } from "../../dist/load/stream.js";

const SEPARATOR = /^---(?:[ \t#].*)?$/;

/** The line reader, as crdlint read files before (and still reads files over 64 MiB). */
async function byLines(path) {
  const out = [];
  let buf = [];
  let first = 1;
  let n = 0;
  for await (let l of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    n++;
    if (n === 1 && l.charCodeAt(0) === 0xfeff) l = l.slice(1);
    if (SEPARATOR.test(l) && buf.length > 0) {
      out.push({ text: buf.join("\n") + "\n", line: first });
      buf = [];
      first = n;
    }
    buf.push(l);
  }
  if (buf.length > 0) out.push({ text: buf.join("\n") + "\n", line: first });
  return out;
}

async function chunks(path) {
  const out = [];
  for await (const c of readDocumentChunks(path, { cwd: "/" })) out.push(c);
  return out;
}

const CASES = [
  "",
  "\n",
  "\n\n",
  "a: 1",
  "a: 1\n",
  "---\na: 1\n---\nb: 2\n",
  "a: 1\n---\nb: 2\n---\n",
  "a: 1\r\n---\r\nb: 2\r\n",
  "a: 1\r---\rb: 2",
  "\ufeffa: 1\n--- # two\nb: 2\n---\tx\nc: 3\n",
  "a: |\n  ---\n----\nb: ---\n ---\n--- \n---#\n---x\nc: 1\n",
  "a: 1\n\n\n---\n\n",
  "x\n---\n---\n---\ny",
];

test("whole-file chunks are the line reader's chunks", async () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-chunks-"));
  for (const [i, text] of CASES.entries()) {
    const path = join(dir, `c${i}.yaml`);
    writeFileSync(path, text);
    assert.deepEqual(await chunks(path), await byLines(path), JSON.stringify(text));
  }
});

test("the corpus files cut alike (skipped without ../shared/corpus)", async (t) => {
  const corpus = new URL("../../../shared/corpus/crds/", import.meta.url).pathname;
  if (!existsSync(corpus)) return t.skip("no ../shared/corpus");
  const files = [];
  const walk = (d) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.ya?ml$/.test(n)) files.push(p);
    }
  };
  walk(corpus);
  for (const f of files.slice(0, 120)) assert.deepEqual(await chunks(f), await byLines(f), f);
});
