// The differential run: each family's generated cases through crdlint and the oracle, compared, divergences
// explained by the known list or shrunk and printed.
import { createHash } from "node:crypto";
import { writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { caseRng } from "./rng.mjs";
import { explain } from "./known.mjs";

const BATCH = 24;

/** Runs a case through the oracle and crdlint; resolves with the comparison and which items are unexplained. */
export async function judge(family, oracle, c, known) {
  const req = family.request(c);
  const answer = await oracle.request(req.op, req.fields, { exact: req.exact });
  const cmp = await family.compare(c, answer, oracle.release, oracle);
  const explained = [];
  const unexplained = [];
  for (const item of cmp.items) {
    const k = explain(known, family.name, oracle.release, item);
    if (k) explained.push(k.id);
    else unexplained.push(item);
  }
  return { ...cmp, answer, explained, unexplained };
}

function signature(items) {
  return [...new Set(items.map((i) => [i.kind, i.type ?? "", i.rule ?? "", i.loader ?? "", i.check ?? ""].join("|")))].sort().join(" & ");
}

/** Greedy delta debugging: take any smaller case that still diverges with the same signature, until none does. */
export async function shrink(family, oracle, c, sig, known, { maxTries = 400, deadline = Infinity } = {}) {
  let best = c;
  let tries = 0;
  let progress = true;
  while (progress && tries < maxTries && Date.now() < deadline) {
    progress = false;
    for (const cand of family.shrink(best)) {
      if (++tries > maxTries || Date.now() > deadline) break;
      let j;
      try {
        j = await judge(family, oracle, cand, known);
      } catch {
        continue;
      }
      if (j.unexplained.length && signature(j.unexplained) === sig) {
        best = cand;
        progress = true;
        break;
      }
    }
  }
  return best;
}

/**
 * Runs `cases` cases (or until `deadline`) of a family against one oracle. Returns the counts and the divergences,
 * each shrunk (the first of each signature) and with both answers.
 */
export async function runFamily(family, oracle, { seed, cases, deadline, known, log, record, shrinkSeconds = 60 }) {
  const stats = { family: family.name, release: oracle.release, cases: 0, agree: 0, explained: new Map(), unexplained: 0, divergences: [], fatal: 0 };
  const seen = new Set();
  let index = 0;
  while (index < cases && Date.now() < deadline) {
    const n = Math.min(BATCH, cases - index);
    const batch = [];
    for (let i = 0; i < n; i++, index++) batch.push({ index, c: await family.generate(caseRng(seed, family.name, index), oracle.release, index) });
    // All requests of a batch go out first: the oracle works through them while crdlint judges the first ones.
    const judged = batch.map(({ c }) => judge(family, oracle, c, known));
    for (let i = 0; i < batch.length; i++) {
      let j;
      try {
        j = await judged[i];
      } catch (e) {
        throw new Error(`${family.name} case ${batch[i].index} (seed ${seed}): ${e.message}`, { cause: e });
      }
      stats.cases++;
      if (j.items.length === 0) stats.agree++;
      else if (j.unexplained.length === 0) for (const id of new Set(j.explained)) stats.explained.set(id, (stats.explained.get(id) ?? 0) + 1);
      else {
        stats.unexplained++;
        if (j.items.some((x) => x.kind === "oracle-fatal")) stats.fatal++;
        const sig = signature(j.unexplained);
        if (seen.has(sig)) continue;
        seen.add(sig);
        const small = await shrink(family, oracle, batch[i].c, sig, known, { deadline: Date.now() + shrinkSeconds * 1000 });
        const js = await judge(family, oracle, small, known);
        const d = { index: batch[i].index, signature: sig, case: small, items: js.unexplained, mine: js.mine, theirs: js.theirs, answer: js.answer };
        stats.divergences.push(d);
        log(formatDivergence(family, oracle.release, seed, d));
        if (record) saveRecord(record, family, oracle.release, small, js.answer);
      }
    }
  }
  return stats;
}

export function formatDivergence(family, release, seed, d) {
  const out = [];
  out.push(`\n✗ ${family.name} ${release}: divergence at case ${d.index} (seed ${seed}) [${d.signature}]`);
  for (const item of d.items.slice(0, 12)) out.push(`  - ${Object.entries(item).map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`).join("  ")}`);
  if (d.items.length > 12) out.push(`  … ${d.items.length - 12} more`);
  out.push("  minimal case:");
  out.push(indent(family.show(d.case), 4));
  out.push("  crdlint:");
  out.push(indent(JSON.stringify(d.mine, replacer, 1) ?? "null", 4));
  out.push("  oracle:");
  out.push(indent(JSON.stringify(d.theirs, replacer, 1) ?? "null", 4));
  return out.join("\n");
}

const replacer = (_k, v) => (typeof v === "bigint" ? v.toString() : v);

function indent(text, n) {
  const pad = " ".repeat(n);
  return String(text).trimEnd().split("\n").map((l) => pad + l).join("\n");
}

/** Keeps a divergence's case and the oracle's answer, to become an ordinary test once crdlint is fixed. */
function saveRecord(dir, family, release, c, answer) {
  mkdirSync(dir, { recursive: true });
  // The answer is kept as the oracle printed it: its numbers may not survive a JSON.parse round trip.
  const head = JSON.stringify({ family: family.name, release, case: c }, null, 2);
  const text = `${head.slice(0, -2)},\n  "answer": ${answer.line}\n}\n`;
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 10);
  writeFileSync(join(dir, `${family.name}-${release}-${hash}.json`), text);
}
