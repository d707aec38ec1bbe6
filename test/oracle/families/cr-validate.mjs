// Custom resources: `crdlint validate` (the library's validate()) vs the custom-resource strategy the oracle runs
// (schema, unknown fields per field-validation mode, pruning, defaulting, list types, CEL, ratcheting), as creates
// and as updates, on objects generated from each CRD's schema, valid and then made invalid.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lintText, validate } from "../../../dist/index.js";
import { genCrd, valueFor } from "../gen-crd.mjs";
import { crSchemaExtras, largeValues, metadataExtras, objectExtras, scaleValues } from "../gen-cr.mjs";
import { shrinkJson } from "../shrink-json.mjs";
import { deepEqual, firstDifference } from "../json.mjs";
import { fullLine } from "./crd-create.mjs";

const MODES = [[6, "Strict"], [2, "Warn"], [2, "Ignore"]];
const json = (v) => JSON.stringify(v, null, 2) + "\n";

/** A CRD crdlint finds no apiserver error in (a few tries; the last one is kept either way). */
async function validCrd(r, release) {
  let crd;
  for (let i = 0; i < 6; i++) {
    crd = genCrd(r);
    // Shapes only an object's validation meets (gen-cr.mjs), in some of the CRDs.
    if (r.chance(0.5)) crSchemaExtras(r, crd);
    const res = await lintText(json(crd), { kubernetesVersion: release });
    if (!res.diagnostics.some((d) => d.apiserver)) break;
  }
  return JSON.parse(JSON.stringify(crd));
}

/** `mode`: "create", "update" (the object of an update), or "old" (the stored object it replaces, which decodes). */
function objectFor(r, crd, version, name, valid, mode = "create") {
  const schema = version.schema?.openAPIV3Schema ?? {};
  const obj = { apiVersion: `${crd.spec.group}/${version.name}`, kind: crd.spec.names.kind, metadata: { name } };
  if (r.chance(0.2)) obj.metadata.labels = { app: r.pick(["web", "bad value!", "x".repeat(64)]) };
  if (r.chance(0.1)) obj.metadata.finalizers = [r.pick(["example.com/f", "bad", "kubernetes"])];
  const props = schema.properties ?? {};
  for (const [k, s] of Object.entries(props)) {
    if (k === "metadata" || k === "apiVersion" || k === "kind") continue;
    if (r.chance(0.85)) obj[k] = valueFor(r, s, 0, valid);
  }
  if (mode !== "old" && r.chance(0.3)) metadataExtras(r, obj.metadata, crd.spec.scope === "Namespaced", mode === "update");
  if (r.chance(0.5)) scaleValues(r, version, obj);
  if (r.chance(0.5)) objectExtras(r, schema, obj, { embedded: mode !== "old" });
  largeValues(r, schema, obj);
  // Fields the schema does not have: pruned, and reported per field-validation mode.
  if (r.chance(0.2)) {
    const target = obj.spec && typeof obj.spec === "object" && !Array.isArray(obj.spec) ? obj.spec : obj;
    target[r.pick(["unknownField", "extra", "zz"])] = r.pick([1, "x", { a: 1 }]);
  }
  return obj;
}

const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const STORED_META = [
  ["labels", (v) => isMap(v) && Object.values(v).every((x) => typeof x === "string")],
  ["annotations", (v) => isMap(v) && Object.values(v).every((x) => typeof x === "string")],
  ["finalizers", (v) => Array.isArray(v) && v.every((x) => typeof x === "string")],
  ["generation", (v) => Number.isInteger(v)],
  ["ownerReferences", (v) => Array.isArray(v) && v.every(isMap)],
];

let scratch = null;
let oldFiles = 0;

export const crValidateFamily = {
  name: "cr-validate",
  op: "cr-validate",
  async generate(r, release, index) {
    const crd = await validCrd(r, release);
    const served = crd.spec.versions.filter((v) => v.served);
    const version = r.pick(served.length ? served : crd.spec.versions);
    const valid = r.chance(0.5) ? 0.97 : 0.7;
    const update = r.chance(0.3);
    const object = objectFor(r, crd, version, `obj-${index}`, valid, update ? "update" : "create");
    const c = { crd, object, fieldValidation: r.weighted(MODES) };
    if (update) {
      c.old = r.chance(0.3) ? structuredClone(object) : objectFor(r, crd, version, `obj-${index}`, 0.95, "old");
      // A stored object decoded when it was written: no metadata field of the wrong type (a clone may carry one).
      if (c.old.metadata && typeof c.old.metadata === "object") for (const [k, ok] of STORED_META) if (k in c.old.metadata && !ok(c.old.metadata[k])) delete c.old.metadata[k];
      // The stored object an update replaces has the name and namespace the request is sent to.
      if (c.old.metadata && object.metadata) {
        if (typeof object.metadata.namespace === "string") c.old.metadata.namespace = object.metadata.namespace;
        else delete c.old.metadata.namespace;
      }
    }
    // An old object being deleted: the update may not add finalizers.
    if (c.old?.metadata && typeof c.old.metadata === "object" && r.chance(0.1)) {
      c.old.metadata.deletionTimestamp = "2024-01-02T03:04:05Z";
      if (r.chance(0.7) && object.metadata && typeof object.metadata === "object") object.metadata.finalizers = ["example.com/new", ...(Array.isArray(object.metadata.finalizers) ? object.metadata.finalizers : [])];
    }
    return c;
  },
  request: (c) => ({ op: "cr-validate", fields: { crd: json(c.crd), object: json(c.object), ...(c.old ? { old: json(c.old) } : {}), fieldValidation: c.fieldValidation } }),
  async compare(c, answer, release) {
    if (typeof answer.fatal === "string") return { items: [{ kind: "oracle-fatal", message: answer.fatal }], mine: null, theirs: answer };
    let result = null;
    const options = {
      stdin: async () => `${json(c.crd)}---\n${json(c.object)}`,
      kubernetesVersion: release,
      fieldValidation: c.fieldValidation.toLowerCase(),
      onDefaulted: (o) => (result = o),
    };
    if (c.old) {
      scratch ??= mkdtempSync(join(tmpdir(), "crdlint-oracle-"));
      // One file per call: the runner judges a batch of cases concurrently.
      options.old = join(scratch, `old-${oldFiles++ % 4096}.json`);
      writeFileSync(options.old, json(c.old));
    }
    const res = await validate(["-"], options);
    // The apiserver's answer now: the diagnostics behind another problem (hiddenBy) are not part of it.
    const ds = res.diagnostics.filter((d) => !d.hiddenBy);
    const items = [];
    if (ds.some((d) => d.rule === "resource-crd-invalid")) {
      // crdlint does not validate against a CRD it would reject (the oracle does not judge the CRD here; whether the
      // apiserver rejects it is the crd-create family's comparison). The generator tries to avoid those.
      return { items: [], mine: ds, theirs: answer };
    }
    // The handler wraps a decoding error (transformDecodeError: `<Kind> in version "<v>" cannot be handled as a
    // <Kind>: …`), as crdlint says it; the oracle answers the error itself.
    const unwrapped = (line) => line.replace(/^(metadata: )?\S+ in version "[^"]*" cannot be handled as a \S+: /, "");
    if (answer.requestError) {
      // A request stopped while decoding (the schema coercer's 400): crdlint says so with resource-decode-failed, and
      // nothing else the apiserver answers.
      const stopped = ds.filter((d) => d.apiserver || (d.severity === "warning" && d.rule === "resource-unknown-field"));
      const same = stopped.length === 1 && stopped[0].rule === "resource-decode-failed" && unwrapped(fullLine(stopped[0])) === answer.requestError;
      return { items: same ? [] : [{ kind: "request-error", crdlint: stopped.map(fullLine).join(" | "), oracle: answer.requestError }], mine: ds, theirs: answer };
    }
    // Unknown fields: strict-decoding errors under Strict, warnings under Warn, nothing under Ignore.
    const unknownMine = new Set(ds.filter((d) => d.rule === "resource-unknown-field").map((d) => d.message));
    const unknownTheirs = new Set(c.fieldValidation === "Strict" ? answer.decodeErrors ?? [] : c.fieldValidation === "Warn" ? (answer.warnings ?? []).concat(answer.strategyWarnings ?? []).filter((w) => w.startsWith("unknown field")) : []);
    for (const u of unknownMine) if (!unknownTheirs.has(u)) items.push({ kind: "unknown-only-crdlint", message: u });
    for (const u of unknownTheirs) if (!unknownMine.has(u)) items.push({ kind: "unknown-only-oracle", message: u });
    if (answer.decodeFailed) return { items: items.concat(ds.some((d) => d.rule === "resource-decode-failed") ? [] : [{ kind: "decode-failed-only-oracle", message: (answer.decodeErrors ?? []).join("; ") }]), mine: ds, theirs: answer };
    // Under Strict an unknown field stops the request before validation: only the decoding verdict compares.
    if (c.fieldValidation === "Strict" && unknownTheirs.size > 0) return { items, mine: ds, theirs: answer };
    const mine = new Map();
    for (const d of ds) {
      if (!d.apiserver || d.rule === "resource-unknown-field") continue;
      const f = d.apiserverField ?? d.field ?? "<nil>";
      const k = `${d.type}\u0000${f}`;
      if (!mine.has(k)) mine.set(k, { d, f, lines: new Set() });
      mine.get(k).lines.add(fullLine(d));
    }
    // A name made from generateName ends in 5 random characters; crdlint writes a placeholder for them.
    const generated = c.object.metadata?.generateName && !c.object.metadata?.name ? answer.result?.metadata?.name : undefined;
    const placeholder = (line) => (typeof generated === "string" && generated.length > 5 ? line.replaceAll(generated, generated.slice(0, -5) + "xxxxx") : line);
    const theirs = new Map();
    for (const e of answer.errors ?? []) {
      const k = `${e.type}\u0000${e.field}`;
      if (!theirs.has(k)) theirs.set(k, { e, lines: new Set() });
      theirs.get(k).lines.add(placeholder(e.error));
    }
    for (const [k, m] of mine) {
      const t = theirs.get(k);
      if (!t) items.push({ kind: "only-crdlint", type: m.d.type, field: m.f, rule: m.d.rule, message: fullLine(m.d) });
      else if (!deepEqual([...m.lines].sort(), [...t.lines].sort())) items.push({ kind: "message", type: m.d.type, field: m.f, rule: m.d.rule, crdlint: [...m.lines].join(" | "), oracle: [...t.lines].join(" | ") });
    }
    for (const [k, t] of theirs) if (!mine.has(k)) items.push({ kind: "only-oracle", type: t.e.type, field: t.e.field, message: t.e.error });
    // Warnings the strategy gives (finalizer names); unknown-field warnings were compared above.
    const warnMine = new Set(ds.filter((d) => d.rule === "resource-finalizer-name").map(fullLine));
    const warnTheirs = new Set([...(answer.warnings ?? []), ...(answer.strategyWarnings ?? [])].filter((w) => !w.startsWith("unknown field")));
    for (const w of warnMine) if (!warnTheirs.has(w)) items.push({ kind: "warning-only-crdlint", message: w });
    for (const w of warnTheirs) if (!warnMine.has(w)) items.push({ kind: "warning-only-oracle", message: w });
    // The object as stored: pruned and defaulted (metadata aside: generation, resourceVersion and the like).
    if (result !== null && answer.result) {
      const strip = (o) => {
        const { metadata, ...rest } = o ?? {};
        void metadata;
        return rest;
      };
      if (!deepEqual(strip(result), strip(answer.result))) items.push({ kind: "result", message: firstDifference(strip(result), strip(answer.result)) });
    }
    // The apiserver stops evaluating rules where the runtime budget or a call's limit runs out, and it walks an
    // object's properties in Go map order, which is random: which field stops it, and which rules ran before, differ
    // from one request to the next (crdlint walks them in the schema's order). Marked when both sides stopped.
    const stops = (lines) => lines.some((l) => l.includes("no further validation rules will be run"));
    if (stops(ds.map((d) => d.message)) && stops((answer.errors ?? []).map((e) => e.error)))
      for (const i of items) if (!/^metadata\b/.test(i.field ?? "")) i.celStopRace = true;
    if (c.old && items.length) {
      const flag = mapListWithNonScalarKey(c.crd, c.object);
      for (const i of items) i.mapListNonScalarKey = flag;
    }
    return { items, mine: ds.map((d) => ({ rule: d.rule, severity: d.severity, line: fullLine(d) })).concat(result ? [{ result }] : []), theirs: answer };
  },
  *shrink(c) {
    for (const object of shrinkJson(c.object, (p) => p.length <= 2 && (p[0] === "apiVersion" || p[0] === "kind" || p[0] === "metadata"))) yield { ...c, object };
    if (c.old) {
      yield { ...c, old: undefined };
      for (const old of shrinkJson(c.old, (p) => p.length <= 2 && (p[0] === "apiVersion" || p[0] === "kind" || p[0] === "metadata"))) yield { ...c, old };
    }
    for (const crd of shrinkJson(c.crd, (p) => p.length <= 4 && ["apiVersion", "kind", "metadata", "spec"].includes(p[0]) && !(p[0] === "spec" && p[1] === "versions" && p.length === 4 && p[3] === "schema"))) yield { ...c, crd };
  },
  show: (c) => `# fieldValidation: ${c.fieldValidation}\n${json(c.crd)}---\n${json(c.object)}${c.old ? `--- # old\n${json(c.old)}` : ""}`,
};

/** Whether the object has an x-kubernetes-list-type: map list with an element that is not an object or whose key is not a scalar. */
function mapListWithNonScalarKey(crd, object) {
  const version = (crd.spec?.versions ?? []).find((v) => object.apiVersion?.endsWith(`/${v.name}`));
  const walk = (s, v) => {
    if (!s || typeof s !== "object" || v === null || typeof v !== "object") return false;
    if (Array.isArray(v)) {
      const keys = s["x-kubernetes-list-type"] === "map" ? s["x-kubernetes-list-map-keys"] ?? [] : [];
      // An element that is not an object, or whose key is not a scalar, cannot be correlated with the old list.
      if (s["x-kubernetes-list-type"] === "map" && v.some((e) => e === null || typeof e !== "object" || Array.isArray(e) || keys.some((k) => e[k] !== null && typeof e[k] === "object"))) return true;
      return v.some((e) => walk(s.items, e));
    }
    return Object.entries(v).some(([k, x]) => walk(s.properties?.[k] ?? (typeof s.additionalProperties === "object" ? s.additionalProperties : null), x));
  };
  return walk(version?.schema?.openAPIV3Schema, object);
}
