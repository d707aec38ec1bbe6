// CEL cost: each x-kubernetes-validations rule's and messageExpression's estimated cost and cardinality as
// `crdlint cost` reports them vs the apiextensions CEL compiler's results (the oracle's cel-cost op).
import { cost } from "../../../dist/index.js";
import { validationRuleFieldSince, validationRuleHas } from "../../../dist/crd/crd-v1.schema.js";
import { genCelCrd } from "../gen-crd.mjs";
import { shrinkJson } from "../shrink-json.mjs";
import { JsonNumber } from "../json.mjs";

const text = (c) => JSON.stringify(c.crd, null, 2) + "\n";
const num = (v) => (v instanceof JsonNumber ? v.text : v === undefined || v === null ? String(v) : String(v));
const keepTypeMeta = (p) => p.length === 1 && (p[0] === "apiVersion" || p[0] === "kind");

/**
 * Whether the create validation has a schema error at or below the rule's node: it then compiles none of the node's
 * rules (validation.go: "If any schema related validation errors have been found at this level or deeper, skip CEL
 * expression validation"), while the oracle's cel-cost op compiles every rule of a structural schema whatever the
 * validation's other errors (oracle/celcost.go: it walks the CEL contexts itself), so its list has entries the
 * validation would not charge.
 */
function schemaErrorBelow(answer, field) {
  // Structural or default errors anywhere in the schema leave the validation without a CEL context at all.
  const at = field.indexOf("openAPIV3Schema");
  if (at < 0) return false;
  const root = field.slice(0, at + "openAPIV3Schema".length);
  // A compile or cost error of a rule is no schema error, but a blank rule or messageExpression (Required) is.
  return (answer.errors ?? []).some(
    (e) =>
      (e.field === root || e.field.startsWith(root + ".") || e.field.startsWith(root + "[")) &&
      (e.type === "Required value" || !/\.x-kubernetes-validations\[\d+\]\.(rule|messageExpression)$/.test(e.field)),
  );
}

export const celCostFamily = {
  name: "cel-cost",
  op: "cel-cost",
  generate: (r) => ({ crd: genCelCrd(r) }),
  request: (c) => ({ op: "cel-cost", fields: { crd: text(c) }, exact: true }),
  async compare(c, answer, release) {
    if (typeof answer.fatal === "string") return { items: [{ kind: "oracle-fatal", message: answer.fatal }], mine: null, theirs: answer };
    const report = await cost(["-"], { stdin: async () => text(c), kubernetesVersion: release });
    const mine = new Map();
    for (const e of report.expressions) {
      const f = e.apiserverField ?? e.field;
      // A schema shared by several versions is estimated once per version by both.
      // crdlint's estimatedCost is the per-call estimate (the oracle's maxCost) and its totalCost what the apiserver
      // charges against the limits, per-call cost times cardinality (the oracle's estimatedCost).
      mine.set(f, { field: f, perCall: e.estimatedCost.toString(), charged: e.totalCost.toString(), maxCardinality: e.maxCardinality.toString() });
    }
    const theirs = new Map();
    for (const e of answer.exact.expressions ?? []) {
      // With identical schemas every version's rule is the one at spec.validation: one entry either way.
      theirs.set(e.field, { field: e.field, perCall: num(e.maxCost), charged: num(e.estimatedCost), maxCardinality: num(e.maxCardinality), compileError: e.compileError });
    }
    const items = [];
    for (const [k, m] of mine) {
      const t = theirs.get(k);
      if (!t) items.push({ kind: "only-crdlint", field: m.field });
      else
        for (const what of ["perCall", "maxCardinality", "charged"]) {
          // A messageExpression is charged once whatever the node's cardinality: crdlint shows cardinality 1 for
          // it, the compiler's result carries the node's. Only its cost compares.
          if (what === "maxCardinality" && m.field.endsWith(".messageExpression")) continue;
          if (m[what] !== t[what]) items.push({ kind: what, field: m.field, crdlint: m[what], oracle: t[what] });
        }
    }
    for (const [k, t] of theirs) {
      // A blank rule has a compile result without a program (cost 0) and a rule that does not compile none: crdlint
      // lists neither (the compile rules report them).
      if (mine.has(k) || t.compileError || t.perCall === "0" || schemaErrorBelow(answer, t.field)) continue;
      items.push({ kind: "only-oracle", field: t.field, oracle: `${t.perCall}×${t.maxCardinality}` });
    }
    // A rule field the release does not have (optionalOldSelf before 1.29) is dropped as the apiserver decodes the CRD:
    // versions that differ only by it are identical there, and their rules move to spec.validation.
    const dropped = droppedRuleField(c.crd, Number(release.split(".")[1]));
    if (dropped) for (const i of items) i.ruleFieldDropped = dropped;
    return { items, mine: [...mine.values()], theirs: [...theirs.values()] };
  },
  *shrink(c) {
    for (const crd of shrinkJson(c.crd, keepTypeMeta)) yield { crd };
  },
  show: text,
};

/** The first field of an x-kubernetes-validations entry of the CRD that Kubernetes 1.<minor> does not have, if any. */
function droppedRuleField(value, minor) {
  if (Array.isArray(value)) {
    for (const v of value) {
      const d = droppedRuleField(v, minor);
      if (d) return d;
    }
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  for (const [k, v] of Object.entries(value)) {
    if (k === "x-kubernetes-validations" && Array.isArray(v))
      for (const rule of v)
        if (typeof rule === "object" && rule !== null)
          for (const f of Object.keys(rule)) if (validationRuleFieldSince(f) !== undefined && !validationRuleHas(f, minor)) return f;
    const d = droppedRuleField(v, minor);
    if (d) return d;
  }
  return null;
}
