// CRD update (OLD, NEW): crdlint's revision verdict (`diffText`: the apiserver's errors and warnings on the update) vs
// the CRD strategy's PrepareForUpdate, ValidateUpdate and WarningsOnUpdate. OLD is a generated CRD, sometimes with the
// legacy violations the update allowances keep and a live status; NEW is OLD changed by create-time mutations and by
// changes only an update judges (immutable names, versions and storage, preserveUnknownFields, list types under
// transition rules, edited rules, new warnings).
import * as crdlint from "../../../dist/index.js";
import { genCrd, MUTATIONS, MUTATION_NAMES } from "../gen-crd.mjs";
import { shrinkJson } from "../shrink-json.mjs";
import { compareCrdVerdicts, apiserverView, crdCreateFamily, markDefaultStopRace } from "./crd-create.mjs";

const json = (v) => JSON.stringify(v, null, 2) + "\n";
// The apiserver names the CEL type of `self` selfType<nanoseconds>, different in every request.
const itemKey = (i) => JSON.stringify([i.kind, i.type, i.field, i.rule, i.message, i.crdlint, i.oracle]).replace(/selfType\d+/g, "selfType");
/** Rules for errors the apiserver raises at a list node about its items' schema (validation.go, x-kubernetes-list-type). */
const LIST_NODE_RULES = new Set(["list-set-items-not-atomic", "list-map-items-not-object", "list-map-items-single-schema", "list-map-key-not-scalar", "list-map-key-default-or-required", "list-map-key-nullable", "list-set-map-items-nullable"]);
// A shrunk pair stays a pair: crdlint pairs OLD and NEW by metadata.name, so a candidate that drops the name (on either
// side) is no update to crdlint and would shrink every divergence into a nameless create.
const keep = (p) => (p.length === 1 && (p[0] === "apiVersion" || p[0] === "kind" || p[0] === "metadata")) || (p.length === 2 && p[0] === "metadata" && p[1] === "name");

/** Schema nodes of every version (properties, items, additionalProperties), for the update mutations. */
function schemaNodes(crd) {
  const nodes = [];
  const walk = (s, depth) => {
    if (!s || typeof s !== "object" || Array.isArray(s) || depth > 12) return;
    nodes.push(s);
    if (s.properties && typeof s.properties === "object") for (const p of Object.values(s.properties)) walk(p, depth + 1);
    if (s.items && !Array.isArray(s.items)) walk(s.items, depth + 1);
    if (s.additionalProperties && typeof s.additionalProperties === "object") walk(s.additionalProperties, depth + 1);
  };
  for (const v of Array.isArray(crd.spec?.versions) ? crd.spec.versions : []) walk(v?.schema?.openAPIV3Schema, 0);
  return nodes;
}

const versionsOf = (crd) => (Array.isArray(crd.spec?.versions) ? crd.spec.versions : []);

/**
 * OLD as a cluster may hold it: the create-time mutations (legacy violations the update allowances A17–A25 keep:
 * non-structural or unconvertible schemas, non-atomic set items, map-list keys, unpruned defaults, too many selectable
 * fields, unrecognized review versions, expensive CEL rules), preserveUnknownFields: true (A7, A19), a status.
 */
function genOld(r) {
  const old = genCrd(r);
  if (r.chance(0.3)) {
    try {
      MUTATIONS[r.pick(["structural", "forbidden-field", "list-types", "defaults", "selectable-fields", "conversion", "cel-cost", "cel-compile"])](r, old);
    } catch {
      // a mutation that does not apply leaves OLD as it is
    }
  }
  if (r.chance(0.1)) old.spec.preserveUnknownFields = true;
  if (r.chance(0.1)) legacySchemas(r, old);
  if (r.chance(0.1)) transitionRuleUnderList(r, old);
  if (r.chance(0.1)) storedEnvironmentRule(r, old);
  if (r.chance(0.3)) {
    // A live object's status: storedVersions (the storage version, maybe versions stored before it, maybe one since
    // removed) and the Established condition (scope and kind are immutable only once it is True).
    const names = versionsOf(old).map((v) => v?.name).filter((n) => typeof n === "string");
    const storage = versionsOf(old).find((v) => v?.storage === true)?.name;
    const stored = new Set(storage ? [storage] : []);
    for (const n of names) if (r.chance(0.3)) stored.add(n);
    if (r.chance(0.1)) stored.add("v0alpha1");
    const established = r.chance(0.7);
    old.status = {
      storedVersions: [...stored],
      acceptedNames: structuredClone(old.spec.names),
      conditions: [
        { type: "NamesAccepted", status: "True", lastTransitionTime: "2024-01-01T00:00:00Z", reason: "NoConflicts", message: "no conflicts found" },
        { type: "Established", status: established ? "True" : "False", lastTransitionTime: "2024-01-01T00:00:00Z", reason: established ? "InitialNamesAccepted" : "Installing", message: "m" },
      ],
    };
  }
  return old;
}

/**
 * Schemas of a CRD stored before v1 required them: a version without one (the update then requires schemas only where
 * OLD had them all, validation.go requireOpenAPISchema), or a type that is no OpenAPI type, at a node or inside a
 * container the structural checks forbid (the update keeps allowing invalid types when OLD had one:
 * requireValidPropertyType, SchemaHasInvalidTypes walking every container).
 */
function legacySchemas(r, crd) {
  const v = r.pick(versionsOf(crd));
  if (!v) return;
  if (r.chance(0.4)) {
    // no schema at one version, or an empty `schema: {}` at all of them (then held as the CRD-wide validation)
    if (r.chance(0.7)) delete v.schema;
    else for (const w of versionsOf(crd)) if (w && typeof w === "object") w.schema = {};
    if (r.chance(0.5)) crd.spec.preserveUnknownFields = true;
    return;
  }
  const nodes = schemaNodes({ spec: { versions: [v] } });
  if (!nodes.length) return;
  const s = r.pick(nodes);
  const bad = { type: r.pick(["any", "null", "Object"]) };
  const [k, value] = r.pick([["type", bad.type], ["allOf", [bad]], ["anyOf", [bad]], ["oneOf", [bad]], ["not", bad], ["items", [bad]], ["patternProperties", { "^a": bad }], ["additionalItems", bad], ["definitions", { a: bad }], ["dependencies", { a: bad }], ["additionalProperties", bad]]);
  s[k] = value;
}

/**
 * A rule that compiles only in the stored-expressions environment (a library newer than the compatibility version:
 * isSemver at 1.33, list includes() at 1.37): kept unchanged, NEW may keep it (A11); edited or new, it fails.
 */
function storedEnvironmentRule(r, crd) {
  const root = r.pick(versionsOf(crd))?.schema?.openAPIV3Schema;
  if (!root || typeof root !== "object") return;
  root.properties = root.properties ?? {};
  root.properties.release =
    r.chance(0.5)
      ? { type: "string", maxLength: 20, "x-kubernetes-validations": [{ rule: "isSemver(self)", ...(r.chance(0.3) ? { messageExpression: "'bad: ' + self" } : {}) }] }
      : { type: "array", maxItems: 5, items: { type: "string", maxLength: 5 }, "x-kubernetes-validations": [{ rule: "self.size() == 0 || self.includes(self[0])" }] };
}

/** A map list whose items carry a transition rule (oldSelf), to be turned into an uncorrelatable list by NEW (A15). */
function transitionRuleUnderList(r, crd) {
  const root = r.pick(versionsOf(crd))?.schema?.openAPIV3Schema;
  if (!root || typeof root !== "object") return;
  root.properties = root.properties ?? {};
  root.properties.entries = {
    type: "array",
    "x-kubernetes-list-type": "map",
    "x-kubernetes-list-map-keys": ["name"],
    items: {
      type: "object",
      required: ["name"],
      properties: { name: { type: "string", maxLength: 20 }, value: { type: "string", maxLength: 20, "x-kubernetes-validations": [{ rule: r.pick(["self == oldSelf", "self.size() >= oldSelf.size()"]), ...(r.chance(0.3) ? { optionalOldSelf: true } : {}) }] } },
    },
    maxItems: 10,
  };
}

/** Changes of a revision (NEW against OLD), aimed at the checks only an update has (A1–A16, A27–A28). */
const UPDATE_MUTATIONS = {
  scope: (r, crd) => (crd.spec.scope = crd.spec.scope === "Cluster" ? "Namespaced" : "Cluster"),
  kind(r, crd) {
    const n = crd.spec.names;
    n.kind = `${n.kind}${r.pick(["V2", "Item", "s"])}`;
    if (n.listKind !== undefined) n.listKind = `${n.kind}List`;
  },
  group: (r, crd) => (r.chance(0.5) ? (crd.spec.group = "other.example.com") : (crd.spec.names.plural = `${crd.spec.names.plural}x`)),
  dropVersion(r, crd) {
    const vs = versionsOf(crd);
    if (vs.length < 2) return;
    const i = r.int(vs.length);
    const [gone] = vs.splice(i, 1);
    if (gone?.storage && r.chance(0.8)) vs[0].storage = true;
  },
  renameVersion: (r, crd) => (r.pick(versionsOf(crd)).name = r.pick(["v9", "v2beta1", "v1alpha2"])),
  moveStorage(r, crd) {
    const vs = versionsOf(crd);
    if (vs.length < 2) vs.push({ ...structuredClone(vs[0]), name: "v2", storage: false });
    for (const v of vs) v.storage = false;
    r.pick(vs).storage = true;
  },
  unserve: (r, crd) => (r.pick(versionsOf(crd)).served = false),
  preserveUnknownFields: (r, crd) => (crd.spec.preserveUnknownFields = r.pick([true, true, false])),
  listType(r, crd) {
    const lists = schemaNodes(crd).filter((s) => s.type === "array");
    if (!lists.length) return;
    const s = r.pick(lists);
    const to = r.pick(["atomic", "set", undefined]);
    if (to === undefined) delete s["x-kubernetes-list-type"];
    else s["x-kubernetes-list-type"] = to;
    delete s["x-kubernetes-list-map-keys"];
  },
  mapType: (r, crd) => {
    const objects = schemaNodes(crd).filter((s) => s.type === "object");
    if (objects.length) r.pick(objects)["x-kubernetes-map-type"] = "atomic";
  },
  // Any schema edit re-enables the per-expression cost limit for the version (A12), a description too.
  description: (r, crd) => {
    const nodes = schemaNodes(crd);
    if (nodes.length) r.pick(nodes).description = "changed";
  },
  editRule(r, crd) {
    const withRules = schemaNodes(crd).filter((s) => Array.isArray(s["x-kubernetes-validations"]) && s["x-kubernetes-validations"].length);
    if (!withRules.length) return;
    const rule = r.pick(r.pick(withRules)["x-kubernetes-validations"]);
    rule.rule = `${rule.rule} ${r.pick(["&& true", "|| false"])}`;
  },
  formatAdded: (r, crd) => {
    const strings = schemaNodes(crd).filter((s) => s.type === "string" || s.type === "boolean");
    if (strings.length) r.pick(strings).format = r.pick(["color", "flag", "date-time", "int32"]);
  },
  setOfObjects: (r, crd) => {
    const root = r.pick(versionsOf(crd))?.schema?.openAPIV3Schema;
    if (root?.properties) root.properties.tags = { type: "array", "x-kubernetes-list-type": "set", items: r.pick([{ type: "object", "x-kubernetes-map-type": "atomic" }, { type: "array", "x-kubernetes-list-type": "atomic", items: { type: "string" } }, { type: "object" }]) };
  },
};
const UPDATE_MUTATION_NAMES = Object.keys(UPDATE_MUTATIONS);

export const crdUpdateFamily = {
  name: "crd-update",
  op: "crd-update",
  available: async () => typeof crdlint.diffText === "function",
  unavailable: "crdlint's library has no diffText yet (crdlint diff)",
  generate(r) {
    const old = genOld(r);
    const next = structuredClone(old);
    // PrepareForUpdate ignores NEW's status (it keeps OLD's); an applied file has none.
    delete next.status;
    for (let i = r.weighted([[2, 0], [5, 1], [2, 2]]); i > 0; i--) {
      try {
        if (r.chance(0.5)) UPDATE_MUTATIONS[r.pick(UPDATE_MUTATION_NAMES)](r, next);
        else MUTATIONS[r.pick(MUTATION_NAMES)](r, next);
      } catch {
        // a mutation that does not apply leaves NEW as it is
      }
    }
    // NEW keeps OLD's metadata.name: crdlint pairs revisions by name, so a renamed NEW is another CRD (created, not an
    // update) and the pair would test nothing of the update. The names mutations still change group, plural and kind.
    if (next.metadata?.name !== old.metadata?.name) next.metadata = { ...(next.metadata ?? {}), name: old.metadata.name };
    return { old: JSON.parse(JSON.stringify(old)), crd: JSON.parse(JSON.stringify(next)) };
  },
  request: (c) => ({ op: "crd-update", fields: { old: json(c.old), object: json(c.crd) } }),
  async compare(c, answer, release, oracle) {
    const r = await crdlint.diffText(json(c.old), json(c.crd), { kubernetesVersion: release });
    const items = compareCrdVerdicts(r.diagnostics, answer);
    markDefaultStopRace(items, r.diagnostics, answer);
    // crdlint's per-node CEL gate skips the rules of a node when an error sits at a path under it, but the apiserver
    // raises the list checks (map keys, set items) at the list node, after its items' rules were compiled: a rule under
    // such items is compiled by the apiserver only. On create another error usually gates the whole schema's CEL; on
    // update OLD's allowances can lift that gate. Marked (listErrorUnderRule) for the known entry of the same name.
    for (const i of items) {
      const node = i.kind === "only-oracle" ? /^(.*)\.x-kubernetes-validations(\[\d+\]\.(rule|messageExpression|optionalOldSelf))?$/.exec(i.field ?? "")?.[1] : undefined;
      i.listErrorUnderRule = node !== undefined && r.diagnostics.some((d) => d.apiserver && LIST_NODE_RULES.has(d.rule) && (d.apiserverField ?? d.field ?? "").startsWith(`${node}.`));
    }
    // An update validates NEW with the create code: a difference that NEW shows as a create too (the same item against
    // the oracle's crd-create) is crd-create's divergence, which that family gates on; it is marked so (onCreate), and
    // counted under its own known entry here. Needs the oracle (a recorded case has none: nothing is marked).
    if (items.length > 0 && oracle) {
      const created = { crd: c.crd, format: "json" };
      const req = crdCreateFamily.request(created);
      const onCreate = await crdCreateFamily.compare(created, await oracle.request(req.op, req.fields), release);
      const keys = new Set(onCreate.items.map(itemKey));
      for (const i of items) i.onCreate = keys.has(itemKey(i));
    }
    return { items, mine: apiserverView(r.diagnostics), theirs: answer };
  },
  *shrink(c) {
    for (const crd of shrinkJson(c.crd, keep)) yield { ...c, crd };
    for (const old of shrinkJson(c.old, keep)) yield { ...c, old };
  },
  show: (c) => `# OLD\n${json(c.old)}---\n# NEW\n${json(c.crd)}`,
};
