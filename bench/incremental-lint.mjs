#!/usr/bin/env node
// The incremental re-lint of the library (openLintSession) against a cold lintText, after seeded random edits at
// random nodes of each CRD (bench/incremental-edits.mjs), each edit applied to the text the one before made. Prints
// per file p50/p95/max ms of the session's re-lint and of a cold lintText of the same text, and their ratio; checks
// after every edit that the two results are deep-equal (exit 1 on a difference).
//   node bench/incremental-lint.mjs [file...] [--edits N] [--seed S]
// Defaults: gateway-api's experimental HTTPRoute CRD and Argo Workflows' Workflow CRD from ../shared/corpus (exit 2
// when ../shared is absent). Run `npm run build:dist` first (it uses dist/).
import { existsSync, readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { editText, random } from "./incremental-edits.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const DEFAULTS = [
  "crds/kubernetes-sigs__gateway-api/experimental__gateway.networking.k8s.io_httproutes.yaml",
  "crds/argoproj__argo-workflows/full__argoproj.io_workflows.yaml",
];

function usage(message) {
  console.error(
    `incremental-lint: ${message}\nusage: node bench/incremental-lint.mjs [file...] [--edits N] [--seed S]`,
  );
  process.exit(2);
}

const files = [];
let edits = 40;
let seed = 1;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--edits" || a === "--seed") {
    const v = Number(args[++i]);
    if (!Number.isInteger(v) || v < (a === "--edits" ? 1 : 0)) usage(`${a}: expected a whole number, got ${args[i]}`);
    if (a === "--edits") edits = v;
    else seed = v;
  } else if (a.startsWith("--")) usage(`unknown option ${a}`);
  else files.push(a);
}
if (files.length === 0) {
  const corpus = resolve(root, "../shared/corpus");
  if (!existsSync(corpus)) usage(`${corpus} is absent: name the CRD files to edit`);
  for (const f of DEFAULTS) files.push(join(corpus, f));
}
for (const f of files) if (!existsSync(f)) usage(`${f}: no such file`);

const dist = join(root, "dist/index.js");
if (!existsSync(dist)) usage("dist/ is absent: run `npm run build:dist` first");
const { lintText, openLintSession } = await import(dist);

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};
const ms = (x) => x.toFixed(1).padStart(7);
const cpuMs = (u) => (u.user + u.system) / 1000;
const row = (label, xs) =>
  `  ${label.padEnd(13)}${ms(quantile(xs, 0.5))}  ${ms(quantile(xs, 0.95))}  ${ms(Math.max(...xs))}  ms`;

let failed = false;
for (const file of files) {
  let text = readFileSync(file, "utf8");
  const rnd = random(seed);
  // Warm-up, not measured: the code paths edits reach (a module loaded on first use, the JIT) are paid for once per
  // process whichever of the two gets there first; a few edits of another seed run them in both.
  const warm = openLintSession({ file });
  let warmText = text;
  const warmRnd = random(seed + 1000);
  for (let n = 0; n < 4; n++) {
    warmText = editText(warmText, warmRnd).text;
    await warm.lint(warmText);
    await lintText(warmText, { file });
  }
  warm.dispose();
  const session = openLintSession({ file });
  // The session's first lint is cold (it has nothing to reuse): it is not an edit's re-lint.
  await session.lint(text);
  const incremental = [];
  const cold = [];
  // CPU time too: on a shared machine the wall clock also counts the other processes' turns.
  const incrementalCpu = [];
  const coldCpu = [];
  const kinds = new Map();
  for (let n = 0; n < edits; n++) {
    const edit = editText(text, rnd);
    text = edit.text;
    kinds.set(edit.kind, (kinds.get(edit.kind) ?? 0) + 1);
    let t = performance.now();
    let c = process.cpuUsage();
    const got = await session.lint(text);
    incremental.push(performance.now() - t);
    incrementalCpu.push(cpuMs(process.cpuUsage(c)));
    t = performance.now();
    c = process.cpuUsage();
    const want = await lintText(text, { file });
    cold.push(performance.now() - t);
    coldCpu.push(cpuMs(process.cpuUsage(c)));
    if (process.env.INCR_VERBOSE)
      console.error(
        `${n + 1} ${edit.kind} ${incremental.at(-1).toFixed(1)} ${cold.at(-1).toFixed(1)} diags ${want.diagnostics.length}`,
      );
    if (!isDeepStrictEqual(got, want)) {
      failed = true;
      console.error(`${file}: edit ${n + 1} (${edit.kind}): the session's result differs from a cold lintText`);
      const a = got.diagnostics;
      const b = want.diagnostics;
      for (let i = 0; i < Math.max(a.length, b.length); i++)
        if (!isDeepStrictEqual(a[i], b[i])) {
          console.error(`  diagnostic ${i}:\n  session: ${JSON.stringify(a[i])}\n  cold:    ${JSON.stringify(b[i])}`);
          break;
        }
      if (isDeepStrictEqual(a, b))
        console.error(`  summary: ${JSON.stringify(got.summary)} vs ${JSON.stringify(want.summary)}`);
      break;
    }
  }
  session.dispose();
  const size = `${(Buffer.byteLength(readFileSync(file)) / 1024).toFixed(0)} KiB`;
  console.log(
    `${file} (${size}), ${incremental.length} edits, seed ${seed}: ${[...kinds].map(([k, v]) => `${k} ${v}`).join(", ")}`,
  );
  console.log(`                   p50      p95      max`);
  console.log(row("session", incremental));
  console.log(row("cold", cold));
  console.log(row("session CPU", incrementalCpu));
  console.log(row("cold CPU", coldCpu));
  const ratio = (a, b) => (quantile(a, 0.95) / quantile(b, 0.95)).toFixed(2);
  console.log(`  session/cold p95: ${ratio(incremental, cold)} (CPU ${ratio(incrementalCpu, coldCpu)})`);
  if (failed) break;
}
process.exit(failed ? 1 : 0);
