// CRD create: crdlint's apiserver verdict (diagnostics with apiserver: true) vs the CRD strategy's PrepareForCreate,
// Validate and WarningsOnCreate run by the oracle: the sets of (type, field), each error's whole line, the strict
// decoding verdict and the warnings.
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";
import { lintText } from "../../../dist/index.js";
import { loadText } from "../../../dist/load/document.js";
import { MESSAGE_CUT } from "../../../dist/diagnostics/index.js";
import { genMutatedCrd } from "../gen-crd.mjs";
import { shrinkJson } from "../shrink-json.mjs";
import { deepEqual } from "../json.mjs";

/** crdlint rules that stand for the apiserver's warnings on create (kubectl prints them as `Warning: ...`). */
export const WARNING_RULES = new Set(["schema-format-unrecognized", "list-type-set-non-scalar"]);

/** The apiserver's whole line for a diagnostic: `<field>: <Type>: <value>: <detail>`, nothing cut. */
export function fullLine(d) {
  const message = d.message.endsWith(MESSAGE_CUT) && d.detail ? d.detail.split("\n")[0] : d.message;
  const parts = [];
  const f = d.apiserverField ?? d.field;
  if (f) parts.push(f);
  if (d.type) parts.push(d.type);
  if (d.value !== undefined) parts.push(d.value);
  if (message !== "" || parts.length === 0) parts.push(message);
  return parts.join(": ");
}

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..", "shared", "corpus", "crds");

/** The corpus CRDs (../shared/corpus/crds, absent on a clone): a one-document file as written, else each CRD as JSON. */
function corpusCases() {
  if (!existsSync(CORPUS)) return [];
  const files = [];
  const walk = (d) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ya?ml|json)$/.test(n)) files.push(p);
    }
  };
  walk(CORPUS);
  const out = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const loaded = loadText(text);
    const crds = loaded.documents.filter((d) => d.value && d.value.kind === "CustomResourceDefinition");
    if (loaded.documents.length === 1 && crds.length === 1) out.push({ corpus: file, text, crd: crds[0].value });
    else for (const d of crds) out.push({ corpus: `${file}#${d.index}`, crd: d.value, format: "json" });
  }
  return out;
}

let corpus = null;

/** The CRD as a file a user writes: JSON or YAML (YAML only when crdlint's loader reads back the same value). */
export function crdText(c) {
  if (c.text !== undefined) return c.text;
  if (c.format === "yaml") {
    const text = stringify(c.crd, { version: "1.1", lineWidth: 0 });
    const back = loadText(text);
    if (back.problems.length === 0 && back.documents.length === 1 && deepEqual(back.documents[0].value, c.crd)) return text;
  }
  return JSON.stringify(c.crd, null, 2) + "\n";
}

const key = (type, field) => `${type}\u0000${field}`;
const CONTRIBUTED = "contributed to estimated rule cost total exceeding cost limit";
/** The apiserver names the CEL type of `self` selfType<nanoseconds> (compilation.go generateUniqueSelfTypeName). */
const normalize = (line) => line.replace(/selfType\d+/g, "selfType");

/** Compares crdlint's lint of a CRD with the oracle's crd-create (or crd-update) answer. */
export function compareCrdVerdicts(diagnostics, answer) {
  const items = [];
  if (typeof answer.fatal === "string") return [{ kind: "oracle-fatal", message: answer.fatal }];
  const decodeMine = diagnostics.filter((d) => d.apiserver && d.category === "decoding");
  const decodeTheirs = [...(answer.decodeErrors ?? [])];
  if ((decodeMine.length > 0) !== (decodeTheirs.length > 0 || answer.decodeFailed === true))
    items.push({ kind: decodeMine.length ? "decode-only-crdlint" : "decode-only-oracle", rule: decodeMine[0]?.rule, message: decodeMine.length ? fullLine(decodeMine[0]) : decodeTheirs.join("; ") });
  // A body the apiserver cannot decode is not validated: only the decoding verdict compares.
  if (answer.decodeFailed) return items;
  const mine = new Map();
  for (const d of diagnostics) {
    if (!d.apiserver || d.category === "decoding") continue;
    const k = key(d.type, d.apiserverField ?? d.field);
    if (!mine.has(k)) mine.set(k, { d, lines: new Set(), ds: [] });
    mine.get(k).lines.add(fullLine(d));
    mine.get(k).ds.push(d);
  }
  const theirs = new Map();
  for (const e of answer.errors ?? []) {
    const k = key(e.type, e.field);
    if (!theirs.has(k)) theirs.set(k, { e, lines: new Set(), es: [] });
    theirs.get(k).lines.add(normalize(e.error));
    theirs.get(k).es.push(e);
  }
  // A CEL compile error's caret excerpt is in crdlint's detail; the apiserver's line carries it after a line break.
  for (const [k, m] of mine) {
    const t = theirs.get(k);
    if (!t) continue;
    for (const d of m.ds) {
      if (!d.detail) continue;
      const line = fullLine(d);
      if (!t.lines.has(line) && t.lines.has(`${line}\n${d.detail}`)) {
        m.lines.delete(line);
        m.lines.add(`${line}\n${d.detail}`);
      }
    }
  }
  // The apiserver names at most 4 rules of a schema as contributing to its exceeded cost total, walking properties in
  // Go map order: among rules of equal cost, which 4 is chance. Mark the items of that choice in each schema (a version's,
  // or spec.validation's) where both sides name 4.
  const schemaOf = (line) => /^(spec\.versions\[\d+\]\.schema|spec\.validation)\./.exec(line)?.[1] ?? "";
  const contributions = (groups) => {
    const n = new Map();
    for (const g of groups) for (const l of g.lines) if (l.includes(CONTRIBUTED)) n.set(schemaOf(l), (n.get(schemaOf(l)) ?? 0) + 1);
    return n;
  };
  const countMine = contributions(mine.values());
  const countTheirs = contributions(theirs.values());
  const tiedSchemas = new Set([...countMine].filter(([s, n]) => n === 4 && countTheirs.get(s) === 4).map(([s]) => s));
  for (const [k, m] of mine) {
    const t = theirs.get(k);
    if (!t) items.push({ kind: "only-crdlint", type: m.d.type, field: m.d.apiserverField ?? m.d.field, rule: m.d.rule, message: fullLine(m.d) });
    else {
      const a = [...m.lines].sort();
      const b = [...t.lines].sort();
      if (!deepEqual(a, b)) {
        // Whether only the rendered value differs: the details (crdlint's whole message) agree.
        const accepted = new Set();
        for (const d of m.ds) {
          const msg = normalize(fullLine({ ...d, value: undefined, apiserverField: "", field: null, type: null }));
          accepted.add(msg);
          if (d.detail) accepted.add(`${msg}\n${d.detail}`);
        }
        const detailsTheirs = new Set(t.es.map((e) => normalize(e.detail)));
        const valueOnly = detailsTheirs.size === new Set(m.ds.map((d) => d.message)).size && [...detailsTheirs].every((x) => accepted.has(x));
        items.push({ kind: "message", type: m.d.type, field: m.d.apiserverField ?? m.d.field, rule: m.d.rule, crdlint: a.join(" | "), oracle: b.join(" | "), valueOnly });
      }
    }
  }
  for (const [k, t] of theirs) if (!mine.has(k)) items.push({ kind: "only-oracle", type: t.e.type, field: t.e.field, message: t.e.error });
  for (const i of items) if (tiedSchemas.has(schemaOf(i.field + ".")) && [i.message, i.crdlint, i.oracle].some((x) => x?.includes(CONTRIBUTED))) i.costTie = true;
  // An embedded resource's default with two fields objectmeta's coerce cannot decode: each side names one of them
  // (the apiserver the first its Go map gives), at the same default. Both items are marked.
  const coerced = (i) => /^(.*\.default(?:\[\d+\]|\.[^.[\]]+)*)\.(?:apiVersion|kind|metadata)$/.exec(i.field ?? "")?.[1];
  for (const i of items) {
    const at = (i.kind === "only-crdlint" || i.kind === "only-oracle") && i.type === "Invalid value" ? coerced(i) : undefined;
    if (at === undefined) continue;
    const other = i.kind === "only-crdlint" ? "only-oracle" : "only-crdlint";
    if (items.some((j) => j.kind === other && j.type === "Invalid value" && coerced(j) === at)) i.embeddedCoerceRace = true;
  }
  // Warnings: the apiserver sends them with an accepted object; the oracle gives them for a rejected one too.
  const warnMine = new Set(diagnostics.filter((d) => WARNING_RULES.has(d.rule)).map((d) => d.message));
  const warnTheirs = new Set([...(answer.warnings ?? []), ...(answer.strategyWarnings ?? [])]);
  for (const w of warnMine) if (!warnTheirs.has(w)) items.push({ kind: "warning-only-crdlint", message: w });
  for (const w of warnTheirs) if (!warnMine.has(w)) items.push({ kind: "warning-only-oracle", message: w });
  return items;
}

export function apiserverView(diagnostics) {
  return diagnostics
    .filter((d) => d.apiserver || WARNING_RULES.has(d.rule))
    .map((d) => ({ rule: d.rule, type: d.type, field: d.apiserverField ?? d.field, line: fullLine(d) }));
}

const keepTypeMeta = (p) => p.length === 1 && (p[0] === "apiVersion" || p[0] === "kind");

/**
 * Defaults are validated property by property in Go map order, which is random, and the walk stops where the
 * defaults' CEL budget runs out (or a call exceeds its limit): which defaults the apiserver validated before the stop
 * differs from one request to the next. Marks the items at defaults when both sides stopped (default-stop-map-order).
 */
export function markDefaultStopRace(items, diagnostics, answer) {
  const stop = (m) => typeof m === "string" && m.includes("no further validation rules will be run");
  if (!diagnostics.some((d) => d.apiserver && stop(d.message)) || !(answer.errors ?? []).some((e) => stop(e.error))) return;
  for (const i of items) if (/\.default\b/.test(i.field ?? "")) i.defaultStopRace = true;
}

export const crdCreateFamily = {
  name: "crd-create",
  op: "crd-create",
  /** Every other case is a corpus CRD (as it is) until the corpus is used up; the rest are generated and mutated. */
  generate(r, _release, index) {
    corpus ??= corpusCases();
    if (index % 2 === 1 && (index - 1) / 2 < corpus.length) return corpus[(index - 1) / 2];
    const { crd, mutations } = genMutatedCrd(r);
    return { crd, format: r.chance(0.3) ? "yaml" : "json", mutations };
  },
  request: (c) => ({ op: "crd-create", fields: { object: crdText(c) } }),
  async compare(c, answer, release) {
    const linted = await lintText(crdText(c), { kubernetesVersion: release });
    // The apiserver's answer now: the diagnostics behind another problem (hiddenBy) are not part of it.
    const r = { ...linted, diagnostics: linted.diagnostics.filter((d) => !d.hiddenBy) };
    const items = compareCrdVerdicts(r.diagnostics, answer);
    // The apiserver's own validation panics on selectableFields beside a schema it cannot make structural (no
    // openAPIV3Schema, or one NewStructural refuses: crdlint then has a structural or forbidden-field error).
    const versions = Array.isArray(c.crd?.spec?.versions) ? c.crd.spec.versions : [];
    // (selectable-fields-without-schema at the schema path is NewStructural's own refusal, e.g. of `$schema`.)
    const unconvertible = r.diagnostics.some(
      (d) =>
        d.apiserver &&
        (d.category === "structural" || d.category === "forbidden-field" || (d.rule === "selectable-fields-without-schema" && /\.openAPIV3Schema$/.test(d.apiserverField ?? d.field ?? ""))),
    );
    const panicShape = versions.some((v) => v && Array.isArray(v.selectableFields) && v.selectableFields.length > 0 && v.schema && typeof v.schema === "object" && (!v.schema.openAPIV3Schema || unconvertible));
    for (const i of items) if (i.kind === "oracle-fatal") i.selectableFieldsWithoutSchema = panicShape;
    markDefaultStopRace(items, r.diagnostics, answer);
    return { items, mine: apiserverView(r.diagnostics), theirs: answer };
  },
  *shrink(c) {
    // A corpus case shrinks as the JSON of its CRD.
    if (c.text !== undefined) yield { crd: c.crd, format: "json", corpus: c.corpus };
    for (const crd of shrinkJson(c.crd, keepTypeMeta)) yield { crd, format: c.format, corpus: c.corpus };
    if (c.format === "yaml") yield { ...c, format: "json" };
  },
  show: (c) => crdText(c),
};
