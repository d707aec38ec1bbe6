// Shapes for the custom-resource family (cr-validate) that gen-crd's CRDs and objects rarely or never have: schema
// keywords only an object's validation meets (minProperties, allOf/anyOf/oneOf/not, enums of every type, typeless
// x-kubernetes-preserve-unknown-fields), CEL rules aimed at the evaluator's edges (fieldPath in bracket syntax,
// messageExpression results, reasons, rules under additionalProperties, allOf and unescapable property names), scale
// subresource paths with values, and objects whose metadata, embedded resources and lists hit the strategy's checks.
// Each is mixed in at a modest probability; gen-crd's shapes stay as they are.
import { costlyRule, valueFor } from "./gen-crd.mjs";

/** An atomic set of objects and map lists with one key and two: duplicates of each kind (on `o`, an object node). */
function listShapes(r, o) {
  if (!o) return;
  o.properties = { ...(o.properties ?? {}) };
  o.properties[r.pick(["pairs", "entries"])] = r.pick([
    { type: "array", maxItems: 8, "x-kubernetes-list-type": "set", items: { type: "object", "x-kubernetes-map-type": "atomic", properties: { a: { type: "string", maxLength: 5 } } } },
    { type: "array", maxItems: 8, "x-kubernetes-list-type": "set", items: { type: "array", "x-kubernetes-list-type": "atomic", maxItems: 3, items: { type: "integer" } } },
    {
      type: "array",
      maxItems: 8,
      "x-kubernetes-list-type": "map",
      "x-kubernetes-list-map-keys": ["k", "n"],
      items: { type: "object", required: ["k"], properties: { k: { type: "string", maxLength: 5 }, n: { type: "integer", default: 0 }, v: { type: "string", maxLength: 5 } } },
    },
    // Items a null may stand for: CRD validation refuses nullable items in a map list ("cannot be nullable when
    // x-kubernetes-list-type is map"), but a null item is kept all the same (pruning drops nulls of fields, not
    // of lists): a type error, and an item with no key to the list-map check (one key and several).
    ...[["k"], ["k", "n"]].map((keys) => ({
      type: "array",
      maxItems: 8,
      "x-kubernetes-list-type": "map",
      "x-kubernetes-list-map-keys": keys,
      items: { type: "object", required: keys, properties: { k: { type: "string", maxLength: 5 }, n: { type: "integer" } } },
    })),
    { type: "array", maxItems: 8, "x-kubernetes-list-type": "set", items: { type: "number" } },
  ]);
}

/** Every schema node of every version, with the name of the property it is (if any). */
function schemaNodes(crd) {
  const nodes = [];
  const walk = (s, name, depth) => {
    if (!s || typeof s !== "object" || depth > 12) return;
    nodes.push({ s, name, depth });
    if (s.properties) for (const [k, p] of Object.entries(s.properties)) walk(p, k, depth + 1);
    if (s.items && !Array.isArray(s.items)) walk(s.items, null, depth + 1);
    if (s.additionalProperties && typeof s.additionalProperties === "object") walk(s.additionalProperties, null, depth + 1);
  };
  for (const v of crd.spec.versions ?? []) walk(v.schema?.openAPIV3Schema?.properties?.spec, "spec", 1);
  return nodes;
}

const typeOf = (s) => (s["x-kubernetes-int-or-string"] ? "int-or-string" : s.type ?? (s["x-kubernetes-preserve-unknown-fields"] ? "any" : ""));
/** An object node that properties can be added to: no additionalProperties, not an embedded resource. */
const plainObject = (x) => typeOf(x) === "object" && !x.additionalProperties && !x["x-kubernetes-embedded-resource"];

/** Value validations under allOf/anyOf/oneOf/not for a node of this type (structural: no types, no properties' types). */
function combinator(r, s) {
  const t = typeOf(s);
  const props = Object.keys(s.properties ?? {});
  const pools = {
    string: [{ maxLength: 2 }, { minLength: 2 }, { pattern: "^a" }, { enum: ["a", "abc"] }, { format: "date" }],
    integer: [{ minimum: 5 }, { maximum: 1 }, { multipleOf: 2 }, { multipleOf: 3 }, { enum: [0, 1, 2] }, { exclusiveMaximum: true, maximum: 10 }],
    number: [{ minimum: 0.5 }, { maximum: 1 }, { multipleOf: 0.5 }, { exclusiveMinimum: true, minimum: 0 }],
    boolean: [{ enum: [true] }, { enum: [false] }],
    array: [{ minItems: 1 }, { maxItems: 1 }, { minItems: 2 }],
    object: [
      { minProperties: 1 },
      { maxProperties: 1 },
      ...props.map((p) => ({ required: [p] })),
      ...props.map((p) => ({ properties: { [p]: { maxLength: 1 } } })),
    ],
    "int-or-string": [{ maxLength: 2 }, { minimum: 3 }, { pattern: "^[0-9]+%$" }],
  };
  const pool = pools[t];
  if (!pool?.length) return;
  const some = (n) => Array.from({ length: n }, () => r.pick(pool));
  r.pick([
    // (x-kubernetes-validations under allOf is not structural: CRD validation refuses it.)
    () => (s.allOf = some(r.range(1, 2))),
    () => (s.anyOf = [...(s.anyOf ?? []), ...some(2)]),
    () => (s.oneOf = some(2)),
    () => (s.not = r.pick(pool)),
  ])();
}

function celFor(r, t) {
  const pool = {
    string: [
      "self.size() < 3",
      "self != 'abc'",
      "format.dns1035Label().validate(self).hasValue() == false",
      "format.dns1123Subdomain().validate(self).hasValue() == false",
      "!format.dns1123LabelPrefix().validate(self).hasValue()",
      "!format.dns1035LabelPrefix().validate(self).hasValue()",
    ],
    integer: ["self != 3", "self < 40"],
    number: ["self != 1.5"],
    boolean: ["self"],
    array: ["self.size() != 2"],
    object: ["self == self"],
  };
  return r.pick(pool[t] ?? ["true"]);
}

/** CEL rules aimed at the runtime evaluator: message expressions' results, reasons, field paths, runtime errors. */
function celEdges(r, s, name) {
  const t = typeOf(s);
  const props = Object.keys(s.properties ?? {});
  // A rule that fails on every value of the node (an object type has no size(); a map's is fine but a struct's is not).
  const failing = { string: "self == 'never'", integer: "self == -12345", number: "self == -1.25", boolean: "self && !self", array: "self.size() == 99", object: "self != self", "int-or-string": "string(self) == 'never'" }[t] ?? "false";
  const rule = { rule: failing };
  const scalar = ["string", "integer", "number", "boolean"].includes(t);
  r.pick([
    // Results the evaluator refuses: empty, blank, a line break; and a plain one.
    () => (rule.messageExpression = r.pick(["''", "' '", "'line\\nbreak'", "'x'", ...(scalar ? ["string(self) + '!'"] : [])])),
    // An evaluation error at runtime (division by zero), or a message from a field that may be absent.
    () => (rule.messageExpression = t === "object" && props.length && r.chance(0.5) ? `'has: ' + string(has(self.${props[0]}))` : "'n: ' + string(1/0)"),
    () => (rule.reason = r.pick(["FieldValueInvalid", "FieldValueForbidden", "FieldValueRequired", "FieldValueDuplicate"])),
    () => {
      // A field path in bracket or dot form (crd-create tries the malformed ones); on a map, a key in brackets.
      if (t === "object" && s.additionalProperties && typeof s.additionalProperties === "object") return void (rule.fieldPath = r.pick(["['k']", ".k"]));
      if (!props.length) return;
      const p = r.pick(props);
      rule.fieldPath = r.pick([`['${p}']`, `.${p}`]);
    },
    // A message read from a field the object may lack (a runtime error: the rule's own message stands instead).
    () => {
      const p = props.find((k) => typeOf(s.properties[k]) === "string" && !(s.required ?? []).includes(k));
      if (t === "object" && p && /^[a-z]\w*$/.test(p)) rule.messageExpression = `self.${p}`;
    },
  ])();
  if (t === "int-or-string" && r.chance(0.5)) {
    // int-or-string is dynamic in CEL: an operator the value's actual type lacks fails at runtime, not at compile time.
    rule.rule = r.pick(["self + 1 > 0", "self.startsWith('1')", "self < 3"]);
  } else if (t === "string" && r.chance(0.4)) rule.rule = celFor(r, t);
  s["x-kubernetes-validations"] = [...(s["x-kubernetes-validations"] ?? []), rule];
  void name;
}

/** Mixes CR-side shapes into a generated CRD (a few nodes of its spec schema); the caller re-checks the CRD. */
export function crSchemaExtras(r, crd) {
  const nodes = schemaNodes(crd);
  const n = r.range(1, 4);
  for (let i = 0; i < n && nodes.length; i++) {
    const { s } = r.pick(nodes);
    const t = typeOf(s);
    // A node of the kind an arm needs (most nodes are not): the one picked, else another (or null).
    const nodeWhere = (ok) => (ok(s) ? s : r.pick(nodes.filter((x) => ok(x.s)).map((x) => x.s).concat([null])));
    const host = () => nodeWhere(plainObject);
    r.weighted([
      [3, () => combinator(r, s)],
      [5, () => celEdges(r, s)],
      [
        1,
        () => {
          // A property whose name needs escapes in a fieldPath (['it\'s'], ['a\tb']), with a rule that fails there.
          if (t !== "object" || s.additionalProperties || s["x-kubernetes-embedded-resource"]) return;
          const [name, written] = r.pick([
            ["it's", "it\\'s"],
            ["back\\slash", "back\\\\slash"],
            ["tab\there", "tab\\there"],
            ["all\u0007\b\f\n\r\v", "all\\a\\b\\f\\n\\r\\v"],
          ]);
          s.properties = { ...(s.properties ?? {}), [name]: { type: "string", maxLength: 10 } };
          s["x-kubernetes-validations"] = [...(s["x-kubernetes-validations"] ?? []), { rule: "self != self", fieldPath: `['${written}']` }];
        },
      ],
      [1, () => t === "object" && (r.chance(0.5) ? (s.minProperties = r.pick([1, 2])) : (s.maxProperties = r.pick([0, 1])))],
      [
        2,
        () => {
          // Bounds an integer cannot hold (a fraction, or past int32 with format int32): kube-openapi reports that the
          // boundary is not of the node's type, then compares the value as a general number.
          const n = nodeWhere((x) => typeOf(x) === "integer");
          if (!n) return;
          if (r.chance(0.5)) n.maximum = r.pick([-2.5, 2.5, 1e10]);
          else n.minimum = r.pick([-0.5, 60.5, -1e10]);
          if (r.chance(0.3)) n.format = "int32";
          if (r.chance(0.2)) n[n.maximum !== undefined ? "exclusiveMaximum" : "exclusiveMinimum"] = true;
        },
      ],
      [
        1,
        () => {
          // A map whose values have a default: a null value is defaulted (non-nullable) or kept (nullable).
          if (t !== "object" || s["x-kubernetes-embedded-resource"] || s["x-kubernetes-preserve-unknown-fields"]) return;
          for (const k of ["properties", "required", "x-kubernetes-validations", "default", "enum"]) delete s[k];
          s.additionalProperties = { type: "string", maxLength: 5, default: r.pick(["d", "toolong"]), ...(r.chance(0.3) ? { nullable: true } : {}) };
          s.maxProperties = 4;
        },
      ],
      [
        1,
        () => {
          // enums of every JSON type: kube-openapi compares them with reflect.DeepEqual after type conversion.
          if (t === "integer") s.enum = [0, 1, 2, 3];
          else if (t === "number") s.enum = [0, 1.5, 100];
          else if (t === "boolean") s.enum = [true];
          else if (t === "object" && !s["x-kubernetes-embedded-resource"]) s.enum = [{}, { a: 1 }];
          else if (t === "array") s.enum = [[], ["a"]];
        },
      ],
      [
        1,
        () => {
          // Fields of any shape under x-kubernetes-preserve-unknown-fields: kept (skipPrune), with typed fields inside.
          if (t !== "object" || s["x-kubernetes-embedded-resource"]) return;
          s.properties = { ...(s.properties ?? {}) };
          s.properties[r.pick(["any", "blob", "free"])] = r.pick([
            { "x-kubernetes-preserve-unknown-fields": true },
            { type: "object", "x-kubernetes-preserve-unknown-fields": true, additionalProperties: { type: "object", properties: { n: { type: "integer" } } } },
            { type: "object", "x-kubernetes-preserve-unknown-fields": true, properties: { n: { type: "integer" }, l: { type: "array", items: { type: "object", properties: { k: { type: "string" } } } } } },
            { type: "array", items: { "x-kubernetes-preserve-unknown-fields": true } },
          ]);
          delete s.additionalProperties;
        },
      ],
      [
        1,
        () => {
          // Properties CEL cannot name (no escaping for a space or a non-ASCII letter), with rules under them.
          if (t !== "object" || s.additionalProperties || s["x-kubernetes-embedded-resource"]) return;
          const name = r.pick(["has space", "ünï", "a-b", "x.y", "__x", "namespace", "1st"]);
          // Or one without a CEL type (typeless, or a list of typeless items): the rules' validator skips it.
          const typeless = r.pick([{ "x-kubernetes-preserve-unknown-fields": true }, { type: "array", items: { "x-kubernetes-preserve-unknown-fields": true } }]);
          s.properties = { ...(s.properties ?? {}), [name]: r.chance(0.3) ? typeless : { type: "string", maxLength: 10, "x-kubernetes-validations": [{ rule: "self.size() < 4" }] } };
        },
      ],
      [
        1,
        () => {
          // additionalProperties true or false: a field is kept, and what is under it is pruned with no schema at all;
          // false then refuses the field itself (kube-openapi's "additional property not allowed").
          if (t !== "object" || s["x-kubernetes-embedded-resource"] || s["x-kubernetes-preserve-unknown-fields"]) return;
          for (const k of ["properties", "required", "x-kubernetes-validations", "default", "enum"]) delete s[k];
          s.additionalProperties = r.chance(0.6);
        },
      ],
      [
        1,
        () => {
          // Embedded resources as a field, in a list and in a map: their TypeMeta and ObjectMeta are coerced and
          // validated wherever they are (an error below a list or map stops the request too).
          if (t !== "object" || s.additionalProperties || s["x-kubernetes-embedded-resource"]) return;
          const embedded = { type: "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true };
          s.properties = { ...(s.properties ?? {}) };
          s.properties[r.pick(["template", "templates", "byName"])] = r.pick([
            embedded,
            { type: "array", maxItems: 4, items: embedded },
            { type: "object", maxProperties: 4, additionalProperties: embedded },
          ]);
        },
      ],
      [
        1,
        () => {
          // Nullable fields with rules: null is kept (not pruned) and its rules are not evaluated.
          if (t !== "object" || s.additionalProperties || s["x-kubernetes-embedded-resource"]) return;
          s.properties = { ...(s.properties ?? {}) };
          s.properties[r.pick(["maybe", "optional"])] = r.pick([
            { type: "string", nullable: true, maxLength: 5, "x-kubernetes-validations": [{ rule: "self.size() > 3" }] },
            { type: "object", nullable: true, properties: { b: { type: "string", maxLength: 3 } }, "x-kubernetes-validations": [{ rule: "has(self.b)" }] },
            { type: "array", nullable: true, maxItems: 3, items: { type: "integer" }, "x-kubernetes-validations": [{ rule: "self.size() > 1" }] },
          ]);
        },
      ],
      [
        1,
        () => {
          // A message longer than the apiserver keeps (5120 bytes once trimmed), or only just within it: the value
          // the object gives such a field is long (largeValues).
          if (t !== "object" || s.additionalProperties || s["x-kubernetes-embedded-resource"]) return;
          s.properties = { ...(s.properties ?? {}) };
          s.properties.note = { type: "string", maxLength: 6000, "x-kubernetes-validations": [{ rule: "self.size() < 10", messageExpression: r.pick(["self", "self.trim()", "'x' + self"]) }] };
        },
      ],
      [
        0.4,
        () => {
          // Lists whose rules cost nearly the per-call limit each when the list is full (largeValues fills it): the
          // object's runtime budget (10,000,000) runs out, or one call exceeds its limit (1,000,000), and the
          // apiserver stops evaluating rules there; a messageExpression may be what runs out.
          if (t !== "object" || s.additionalProperties || s["x-kubernetes-embedded-resource"]) return;
          const n = r.pick([350, 350, 450]);
          const list = (rules) => ({ type: "array", maxItems: n, items: { type: "string", maxLength: 4 }, "x-kubernetes-validations": rules });
          s.properties = { ...(s.properties ?? {}) };
          if (r.chance(0.5)) {
            const costlyMessage = { rule: "self.size() == 0", messageExpression: "string(self.filter(x, self.all(y, x != y || true)).size())" };
            const rules = Array.from({ length: r.pick([13, 20]) }, (_, i) => costlyRule(i));
            if (r.chance(0.4)) rules.push(costlyMessage);
            // With 450 strings the first rule exceeds the per-call limit: a failing rule alone, whose message does.
            if (n === 450 && r.chance(0.3)) rules.splice(0, rules.length, costlyMessage);
            // The list as a field, as a map's value or as a list's item: each container stops at it.
            s.properties.costly = r.pick([
              () => list(rules),
              () => ({ type: "object", maxProperties: 1, additionalProperties: list(rules) }),
              () => ({ type: "array", maxItems: 1, items: list(rules) }),
            ])();
          } else for (let i = 0; i < r.pick([3, 8]); i++) s.properties[`costly${i}`] = list(Array.from({ length: 3 }, (_, j) => costlyRule(j)));
        },
      ],
      [
        1,
        () => {
          // Rules under additionalProperties: the evaluator walks each entry of the map.
          if (t !== "object" || s["x-kubernetes-embedded-resource"] || s["x-kubernetes-preserve-unknown-fields"]) return;
          for (const k of ["properties", "required", "x-kubernetes-validations", "default", "enum"]) delete s[k];
          s.additionalProperties = { type: "string", maxLength: 8, "x-kubernetes-validations": [{ rule: r.pick(["self.size() < 3", "self != oldSelf || true", "self.startsWith('a')"]) }] };
          s.maxProperties = 4;
        },
      ],
      [2, () => listShapes(r, host())],
    ])();
  }
  // The list-type checks meet items only in lists the object gives (objectExtras fills them): more of them.
  const spec = nodes[0]?.s;
  if (spec && plainObject(spec) && r.chance(0.3)) listShapes(r, spec);
  // The scale subresource's replicas and selector, typed where the paths point (else nothing of them is validated).
  for (const v of crd.spec.versions ?? []) {
    const scale = v.subresources?.scale;
    const root = v.schema?.openAPIV3Schema;
    if (!scale || !root?.properties || !r.chance(0.7)) continue;
    const spec = root.properties.spec;
    if (spec?.type === "object" && !spec.additionalProperties) spec.properties = { ...(spec.properties ?? {}), replicas: { type: "integer" } };
    root.properties.status = { type: "object", properties: { ...(root.properties.status?.properties ?? {}), replicas: { type: "integer" }, selector: r.pick([{ type: "string" }, { type: "integer" }]) } };
  }
  // Rules on the root's apiVersion and kind: they cannot be ratcheted (an update's old object has the same ones).
  if (r.chance(0.05)) {
    const root = r.pick(crd.spec.versions ?? [])?.schema?.openAPIV3Schema;
    if (root?.properties) {
      const f = r.pick(["apiVersion", "kind"]);
      root.properties[f] = { type: "string", "x-kubernetes-validations": [{ rule: r.pick(["self.size() < 5", "self == oldSelf", "self.contains('/')"]) }] };
    }
  }
}

/**
 * Metadata the strategy and ObjectMeta validation judge: generated names, namespaces, annotations, owners,
 * finalizers. `update`: the object replaces a stored one, so it keeps its name (kubectl sends an update to it).
 */
export function metadataExtras(r, metadata, namespaced, update) {
  r.weighted([
    [
      2,
      () => {
        // An update is sent to a named object: the name stays.
        if (!update) delete metadata.name;
        metadata.generateName = r.pick(["web-", "web", "Bad_", "x".repeat(250), "a.b-", "-"]);
      },
    ],
    [1, () => namespaced && (metadata.namespace = r.pick(["default", "team-a", "Bad_NS", "x".repeat(70)]))],
    [1, () => (metadata.annotations = { [r.pick(["example.com/a", "bad key!", "a/b/c", "ok"])]: r.pick(["v", "", "x".repeat(100)]) })],
    [
      2,
      () => {
        const ref = () => ({
          apiVersion: r.pick(["v1", "apps/v1", "", "a/b/c", "example.com/v1"]),
          kind: r.pick(["ConfigMap", "", "Deployment", "Widget", "Event"]),
          name: r.pick(["owner", ""]),
          uid: r.pick(["0a1b2c3d-0000-0000-0000-000000000000", ""]),
          ...(r.chance(0.5) ? { controller: r.chance(0.7) } : {}),
          ...(r.chance(0.2) ? { blockOwnerDeletion: true } : {}),
        });
        metadata.ownerReferences = Array.from({ length: r.range(1, 3) }, ref);
      },
    ],
    [2, () => (metadata.finalizers = Array.from({ length: r.range(1, 3) }, () => r.pick(["orphan", "foregroundDeletion", "kubernetes", "example.com/f", "a b", "x.y", "example.com/", "bad/x/y"])))],
    [1, () => (metadata.labels = { [r.pick(["app", "bad key!", "a/b/c", "example.com/x"])]: r.pick(["web", "", "-bad"]) })],
    // A field ObjectMeta lacks, and one of the wrong type: unknown-field paths and the field-by-field fallback.
    [1, () => (metadata[r.pick(["unknownMeta", "nmae"])] = "x")],
    [1, () => Object.assign(metadata, r.pick([{ labels: "notamap" }, { annotations: { a: 1 } }, { generation: "x" }, { finalizers: "f" }]))],
  ])();
}

/** An embedded resource's TypeMeta and ObjectMeta, right or wrong in each way the apiserver checks. */
export function embeddedValue(r) {
  const out = {};
  if (r.chance(0.8)) out.apiVersion = r.pick(["v1", "apps/v1", 1, "", "a/b/c", "Apps/V1"]);
  if (r.chance(0.8)) out.kind = r.pick(["ConfigMap", "", "%", 7, "my-kind", "Kind_X"]);
  if (r.chance(0.7)) out.metadata = r.pick([{ name: "x" }, { name: "a/b" }, "nope", { name: 1 }, { labels: { "bad key!": "v" } }, { unknownMeta: 1, name: "y" }, null, { generateName: "g-" }]);
  return out;
}

/**
 * Walks an object along its schema and changes lists and embedded resources in place (duplicates, nulls, shapes).
 * `embedded: false` for a stored object, whose embedded resources decoded when it was written.
 */
export function objectExtras(r, schema, obj, { embedded = true } = {}) {
  const walk = (s, v, depth) => {
    if (!s || typeof s !== "object" || v === null || typeof v !== "object" || depth > 10) return;
    if (Array.isArray(v)) {
      if (v.length && r.chance(0.7)) {
        const lt = s["x-kubernetes-list-type"];
        const e = structuredClone(r.pick(v));
        if (lt === "map" && e && typeof e === "object" && !Array.isArray(e) && r.chance(0.8)) {
          // The same key with other values, items without their key or null (twice: duplicates of the unspecified
          // key), or an item that is not an object.
          r.pick([() => v.push({ ...e, v: "other" }), () => v.push({}, {}), () => v.push(null, null),
            () => v.push(null, { ...e }), () => v.push(r.pick(["x", 1, ["a"]]))])();
        } else v.push(e);
      }
      for (const e of v) walk(s.items, e, depth + 1);
      return;
    }
    if (embedded && s["x-kubernetes-embedded-resource"] && r.chance(0.5)) Object.assign(v, embeddedValue(r));
    if (typeof s.additionalProperties === "boolean" && r.chance(0.8)) Object.assign(v, r.pick([{ free: { x: 1, y: [1, { z: 2 }] } }, { list: [[1], { a: null }] }, { s: "x" }]));
    // Map and set lists the object generator left out or gave fewer than two items: the list-type checks need two.
    for (const [k, p] of Object.entries(s.properties ?? {})) {
      const lt = p?.type === "array" ? p["x-kubernetes-list-type"] : undefined;
      if ((lt === "map" || lt === "set") && !(Array.isArray(v[k]) && v[k].length > 1) && r.chance(0.5)) v[k] = [valueFor(r, p.items, 1, 0.97), valueFor(r, p.items, 1, 0.97)];
    }
    // Entries of a map whose values have a default, null: defaulted unless nullable.
    if (s.additionalProperties?.default !== undefined && r.chance(0.5)) v[r.pick(["a", "n0"])] = null;
    for (const [k, x] of Object.entries(v)) {
      const p = s.properties?.[k] ?? (typeof s.additionalProperties === "object" ? s.additionalProperties : null);
      // null where the schema allows it: rules of a nullable field are not evaluated on null.
      if (p && p.nullable && r.chance(0.4)) v[k] = null;
      // A list under a typeless x-kubernetes-preserve-unknown-fields: kept as it is, whatever it holds.
      if (p && !p.type && p["x-kubernetes-preserve-unknown-fields"] && r.chance(0.3)) v[k] = [1, { a: [2] }, "x"];
      if (p) walk(p, x, depth + 1);
    }
  };
  walk(schema, obj, 0);
}

/** Values for the scale subresource's replicas and selector (the paths gen-crd and crSchemaExtras give). */
export function scaleValues(r, version, obj) {
  const scale = version.subresources?.scale;
  if (!scale) return;
  const spec = obj.spec && typeof obj.spec === "object" && !Array.isArray(obj.spec) ? obj.spec : null;
  if (spec && r.chance(0.6)) spec.replicas = r.pick([0, 3, -1, 2147483648, "2", 1.5]);
  if (r.chance(0.5)) {
    obj.status = obj.status && typeof obj.status === "object" && !Array.isArray(obj.status) ? obj.status : {};
    obj.status.replicas = r.pick([1, -2, 2147483648, "x"]);
    if (r.chance(0.5)) obj.status.selector = r.pick(["app=web", 3, "bad selector!"]);
  }
}

/**
 * Large values where crSchemaExtras asked for them, whether or not the object generator gave the field a value: the
 * lists whose rules cost nearly the per-call limit, full of distinct strings (the runtime budget runs out, or a call
 * exceeds its limit), and the message fields, with strings over 5120 bytes or just within once trimmed.
 */
export function largeValues(r, schema, obj) {
  const full = (l) => Array.from({ length: l.maxItems }, (_, i) => String(i));
  const isLong = (l) => l?.type === "array" && l.maxItems >= 300 && l.items?.type === "string";
  const walk = (s, v, depth) => {
    if (!s || typeof s !== "object" || v === null || typeof v !== "object" || Array.isArray(v) || depth > 10) return;
    for (const [k, p] of Object.entries(s.properties ?? {})) {
      if (!p || typeof p !== "object") continue;
      if (isLong(p)) {
        if (r.chance(0.9)) v[k] = full(p);
      } else if (isLong(p.additionalProperties)) {
        if (r.chance(0.9)) v[k] = { a: full(p.additionalProperties) };
      } else if (p.type === "array" && isLong(p.items)) {
        if (r.chance(0.9)) v[k] = [full(p.items)];
      } else if (p.type === "string" && p.maxLength >= 5000) {
        if (r.chance(0.9)) v[k] = r.pick([" " + "y".repeat(5120) + "  ", "y".repeat(5121), "z".repeat(r.range(10, 20))]);
      } else walk(p, v[k], depth + 1);
    }
  };
  walk(schema, obj, 0);
}
