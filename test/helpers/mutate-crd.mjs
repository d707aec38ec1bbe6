// One deliberate schema change per CRD, for the corpus test of `crdlint diff` (test/commands/diff/corpus-schema-changes.test.mjs):
// `mutateCrd(crd, seed)` returns a changed deep copy, the revision rule that must report the change, and the field
// it is about (the data path the rule's message names), or null when no mutation applies to the CRD.
// Mutations touch one version's schema (the storage version's, else the first) and stay away from fields CEL rules
// could reference (a leaf's name is only changed where no rule of the schema mentions it), so that what the diff
// reports is the mutation and nothing else.

const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** Structural leaves and objects of a schema: { node, parent, name, field, chain } for every property. */
function properties(root) {
  const out = [];
  const walk = (node, field, chain, depth) => {
    if (!isObj(node) || depth > 40) return;
    if (isObj(node.properties))
      for (const [name, child] of Object.entries(node.properties)) {
        if (!isObj(child)) continue;
        const f = field === "" ? name : `${field}.${name}`;
        out.push({ node: child, parent: node, name, field: f, chain: [...chain, child] });
        walk(child, f, [...chain, child], depth + 1);
      }
    if (isObj(node.items)) walk(node.items, `${field}[*]`, [...chain, node.items], depth + 1);
    if (isObj(node.additionalProperties))
      walk(node.additionalProperties, `${field}[*]`, [...chain, node.additionalProperties], depth + 1);
  };
  walk(root, "", [root], 0);
  return out;
}

/** Every CEL rule text of a schema, joined: a field name found in it is left alone. */
function ruleText(root) {
  const texts = [];
  const visit = (v) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (isObj(v)) {
      if (Array.isArray(v["x-kubernetes-validations"]))
        for (const r of v["x-kubernetes-validations"])
          if (isObj(r)) texts.push(`${r.rule ?? ""} ${r.messageExpression ?? ""}`);
      for (const [k, x] of Object.entries(v)) if (k !== "default" && k !== "enum" && k !== "example") visit(x);
    }
  };
  visit(root);
  return texts.join("\n");
}

/** A property not under metadata, a quantor, or an embedded resource's metadata, and not named by a CEL rule. */
function plain(p, rules) {
  if (
    p.field === "metadata" ||
    p.field.startsWith("metadata.") ||
    p.field.startsWith("apiVersion") ||
    p.field.startsWith("kind")
  )
    return false;
  if (p.field.split(/[.[]/).some((s) => s === "metadata")) return false;
  if (rules.includes(p.name)) return false;
  if (
    p.chain.some(
      (s) => s["x-kubernetes-embedded-resource"] === true || s["x-kubernetes-preserve-unknown-fields"] === true,
    )
  )
    return false;
  return true;
}

const isStringLeaf = (n) =>
  n.type === "string" &&
  n.enum === undefined &&
  n.format === undefined &&
  n.pattern === undefined &&
  n.maxLength === undefined &&
  n["x-kubernetes-validations"] === undefined &&
  n.default === undefined;

/** The mutations, each: (schema, props, rules) → { rule, field } after changing `schema` in place, or null. */
const MUTATIONS = [
  // B21: a leaf removed (not required, so the parent's required list stays valid).
  function fieldRemoved(schema, props, rules) {
    const p = props.find(
      (x) =>
        plain(x, rules) &&
        !isObj(x.node.properties) &&
        !(Array.isArray(x.parent.required) && x.parent.required.includes(x.name)),
    );
    if (!p) return null;
    delete p.parent.properties[p.name];
    return { rule: "revision-field-removed", field: p.field };
  },
  // B26: an enum on a free string.
  function enumAdded(schema, props, rules) {
    const p = props.find((x) => plain(x, rules) && isStringLeaf(x.node));
    if (!p) return null;
    p.node.enum = ["crdlint-mutation"];
    return { rule: "revision-enum-added", field: p.field };
  },
  // B27: a maxLength on a free string.
  function boundsTightened(schema, props, rules) {
    const p = props.find((x) => plain(x, rules) && isStringLeaf(x.node));
    if (!p) return null;
    p.node.maxLength = 3;
    return { rule: "revision-bounds-tightened", field: p.field };
  },
  // B25: an optional field of an existing object made required.
  function requiredAdded(schema, props, rules) {
    const p = props.find(
      (x) =>
        plain(x, rules) &&
        x.node.default === undefined &&
        !(Array.isArray(x.parent.required) && x.parent.required.includes(x.name)) &&
        x.parent !== schema,
    );
    if (!p) return null;
    p.parent.required = [...(Array.isArray(p.parent.required) ? p.parent.required : []), p.name];
    const owner = p.field.includes(".") ? p.field.slice(0, p.field.lastIndexOf(".")) : "";
    return { rule: "revision-required-added", field: owner };
  },
  // B40: a CEL rule on an existing object.
  function celRuleAdded(schema, props, rules) {
    const p = props.find(
      (x) => plain(x, rules) && x.node.type === "object" && isObj(x.node.properties) && !x.field.includes("[*]"),
    );
    if (!p) return null;
    p.node["x-kubernetes-validations"] = [
      ...(Array.isArray(p.node["x-kubernetes-validations"]) ? p.node["x-kubernetes-validations"] : []),
      { rule: "self == self", message: "crdlint mutation" },
    ];
    return { rule: "revision-cel-rule-added", field: p.field };
  },
  // B23: a free string leaf retyped.
  function typeChanged(schema, props, rules) {
    const p = props.find((x) => plain(x, rules) && isStringLeaf(x.node));
    if (!p) return null;
    p.node.type = "integer";
    return { rule: "revision-type-changed", field: p.field };
  },
];

/** The mutated copy, or null. `seed` picks the first mutation tried (the next ones are tried in turn). */
export function mutateCrd(crd, seed) {
  const copy = structuredClone(crd);
  const versions = copy?.spec?.versions;
  if (!Array.isArray(versions) || versions.length === 0) return null;
  const version = versions.find((v) => v?.storage === true) ?? versions[0];
  const schema = version?.schema?.openAPIV3Schema;
  if (!isObj(schema)) return null;
  const rules = ruleText(copy);
  for (let i = 0; i < MUTATIONS.length; i++) {
    const m = MUTATIONS[(seed + i) % MUTATIONS.length];
    const props = properties(schema);
    const r = m(schema, props, rules);
    if (r) return { crd: copy, version: version.name, ...r };
  }
  return null;
}
