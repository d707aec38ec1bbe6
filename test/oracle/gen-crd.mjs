// Generated CustomResourceDefinitions: a valid-looking base with a random structural schema, then mutations, each
// aimed at one family of the apiserver's checks (structural rules, forbidden fields, names, versions, conversion,
// subresources, printer columns, defaults, list types, CEL compile and cost, selectable fields, sizes).

const WORDS = ["alpha", "beta", "gamma", "delta", "widget", "gadget", "foo", "bar", "replicas", "image", "port", "mode", "items", "name", "size", "labels", "selector", "count", "ratio", "enabled"];
const FORMATS_STRING = ["date-time", "date", "byte", "uuid", "email", "hostname", "ipv4", "ipv6", "cidr", "uri", "int-or-string", "k8s-short-name", "k8s-long-name", "duration", "password", "color", "datetime", "bsonobjectid", "mac"];
const FORMATS_INT = ["int32", "int64", "uint32", "double"];
const FORMATS_NUM = ["float", "double", "int32"];

function ident(r) {
  return r.pick(WORDS) + (r.chance(0.3) ? String(r.int(10)) : "");
}

function stringValue(r, s) {
  const pool = ["", "a", "abc", "hello-world", "ABC", "2024-01-02T03:04:05Z", "2024-01-02", "not a date", "10.0.0.1", "::1", "10.0.0.0/8", "a@b.c", "1s", "5m", "aGVsbG8=", "x".repeat(70), "0a1b2c3d-0000-0000-0000-000000000000"];
  if (s?.enum && r.chance(0.7)) return r.pick(s.enum);
  return r.pick(pool);
}

/** A value for a schema: valid most of the time, sometimes not (defaults and examples exercise both). */
export function valueFor(r, s, depth = 0, valid = 0.85) {
  if (!s || typeof s !== "object") return null;
  const ok = r.chance(valid);
  if (s["x-kubernetes-int-or-string"]) return r.chance(0.5) ? r.range(0, 10) : ok ? "50%" : true;
  if (s["x-kubernetes-preserve-unknown-fields"] && !s.type) return r.pick([{}, { any: 1 }, "x", 3]);
  switch (s.type) {
    case "string":
      return ok ? stringValue(r, s) : r.pick([1, true, null, {}]);
    case "integer": {
      if (!ok) return r.pick(["1", 1.5, null, true]);
      const lo = typeof s.minimum === "number" ? s.minimum : -5;
      const hi = typeof s.maximum === "number" ? s.maximum : 50;
      return r.chance(0.8) && hi >= lo ? Math.floor(lo + r.next() * (hi - lo)) : r.pick([0, -1, 2147483648, 9007199254740991]);
    }
    case "number":
      return ok ? r.pick([0, 1.5, -2.25, 100, 1e21]) : "1.5";
    case "boolean":
      return ok ? r.chance(0.5) : "true";
    case "array": {
      if (!ok) return r.pick([{}, "x", 1]);
      const n = r.range(0, 3);
      const out = [];
      for (let i = 0; i < n; i++) out.push(valueFor(r, s.items, depth + 1, valid));
      return out;
    }
    case "object": {
      if (!ok) return r.pick([[], "x", 1]);
      const out = {};
      if (s.properties) for (const [k, p] of Object.entries(s.properties)) if ((s.required ?? []).includes(k) || r.chance(0.5)) out[k] = valueFor(r, p, depth + 1, valid);
      if (s.additionalProperties && typeof s.additionalProperties === "object") for (let i = r.range(0, 2); i > 0; i--) out[ident(r)] = valueFor(r, s.additionalProperties, depth + 1, valid);
      if (s["x-kubernetes-embedded-resource"] && r.chance(0.7)) Object.assign(out, { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "x" } });
      return out;
    }
    default:
      return null;
  }
}

const CEL_BY_TYPE = {
  string: ["self.size() <= 10", "self.startsWith('a')", "self.matches('^[a-z]+$')", "self.lowerAscii() == self", "isURL(self)", "self == oldSelf", "self.contains('x') || self == ''", "quantity(self).isGreaterThan(quantity('1'))", "self.split('-').size() < 3", "format.dns1123Label().validate(self).hasValue() == false", "format.dns1035Label().validate(self).hasValue() == false", "!format.dns1123LabelPrefix().validate(self).hasValue()"],
  integer: ["self >= 0", "self % 2 == 0", "self < 100", "self == oldSelf", "self > oldSelf", "int(self) < 5"],
  number: ["self >= 0.0", "self < 1.5", "self == oldSelf"],
  boolean: ["self == true", "!self || true"],
  array: ["self.size() < 10", "self.all(x, x == x)", "self.exists(x, true)", "self.all(x, self.all(y, x == y))", "self.map(x, x).size() == self.size()", "size(self) == size(oldSelf)", "self.all(x, string(x).matches('a+'))", "self == oldSelf", "self.filter(x, true).size() >= 0"],
  object: ["has(self.PROP)", "self.PROP == self.PROP", "!has(self.PROP) || self.PROP == oldSelf.PROP", "self == oldSelf", "size(self) > 0", "self.all(k, k.size() < 10)", "type(self) == map"],
};
const CEL_BROKEN = ["self.", "self.nope == 1", "1 +", "self.size() == 'a'", "oldSelf", "self.all(x, x.nope)", "has(self)", "self.PROP.unknownFn()", "'a' + 1", "self.matches('[')", "quantity('x')", ")", "'a'.find('[') == ''"];

export function celRules(r, s, propNames, broken = 0.06) {
  const out = [];
  for (let i = r.range(1, 2); i > 0; i--) {
    const pool = CEL_BY_TYPE[s.type] ?? ["true"];
    let rule = r.chance(broken) ? r.pick(CEL_BROKEN) : r.pick(pool);
    if (rule.includes("PROP")) {
      if (!propNames.length) continue;
      rule = rule.replaceAll("PROP", r.pick(propNames));
    }
    const v = { rule };
    if (r.chance(0.3)) v.message = r.chance(0.9) ? "must be valid" : "bad\nline";
    if (r.chance(0.15)) v.messageExpression = r.pick(["'bad: ' + string(self)", "'x'", "1", "self.", "'n=' + string(size(self))"]);
    if (r.chance(0.1)) v.reason = r.pick(["FieldValueInvalid", "FieldValueForbidden", "FieldValueRequired", "FieldValueDuplicate", "Nope"]);
    if (r.chance(0.1) && propNames.length) v.fieldPath = r.pick([`.${r.pick(propNames)}`, ".nope", "bad path", `['${r.pick(propNames)}']`]);
    if (r.chance(0.08)) v.optionalOldSelf = r.chance(0.7);
    out.push(v);
  }
  return out;
}

/** A structural schema; `bounded` keeps CEL costs low (maxItems, maxLength) most of the time. */
export function genSchema(r, depth, opts = {}) {
  const type = depth <= 0 ? r.pick(["string", "integer", "boolean", "number"]) : r.weighted([[4, "string"], [2, "integer"], [1, "number"], [1, "boolean"], [3, "object"], [2, "array"], [0.4, "int-or-string"], [0.3, "preserve"]]);
  let s;
  if (type === "int-or-string") s = { "x-kubernetes-int-or-string": true, ...(r.chance(0.5) ? { anyOf: [{ type: "integer" }, { type: "string" }] } : {}) };
  else if (type === "preserve") s = { type: "object", "x-kubernetes-preserve-unknown-fields": true };
  else s = { type };
  if (r.chance(0.2)) s.description = r.pick(["A field.", "Déjà vu — ünïcode", ""]);
  if (r.chance(0.05)) s.nullable = true;
  const bounded = opts.bounded ?? r.chance(0.8);
  switch (type) {
    case "string":
      if (r.chance(0.3)) s.format = r.pick(FORMATS_STRING);
      if (bounded || r.chance(0.3)) s.maxLength = r.pick([1, 5, 63, 253, 1024]);
      if (r.chance(0.1)) s.minLength = r.pick([0, 1, 3]);
      if (r.chance(0.1)) s.pattern = r.pick(["^[a-z]+$", "^\\d+$", "[", "^(a|b)$", "\\p{L}+"]);
      if (r.chance(0.15)) s.enum = r.chance(0.9) ? ["a", "b", "abc"].slice(0, r.range(1, 3)) : ["a", 1];
      break;
    case "integer":
    case "number":
      if (r.chance(0.2)) s.format = r.pick(type === "integer" ? FORMATS_INT : FORMATS_NUM);
      if (r.chance(0.2)) s.minimum = r.pick([0, 1, -10]);
      if (r.chance(0.2)) s.maximum = r.pick([10, 100, 65535]);
      if (r.chance(0.05)) s.exclusiveMinimum = true;
      if (r.chance(0.05)) s.multipleOf = r.pick([2, 0.5, 0]);
      break;
    case "object": {
      const props = {};
      const n = r.range(0, 4);
      for (let i = 0; i < n; i++) props[ident(r)] = genSchema(r, depth - 1, opts);
      if (n > 0 || r.chance(0.5)) s.properties = props;
      const names = Object.keys(props);
      if (names.length && r.chance(0.3)) s.required = [r.pick(names)];
      if (!names.length && r.chance(0.4)) {
        s.additionalProperties = genSchema(r, depth - 1, opts);
        if (bounded && r.chance(0.7)) s.maxProperties = r.pick([5, 20]);
      }
      if (r.chance(0.1)) s["x-kubernetes-map-type"] = r.pick(["granular", "atomic"]);
      if (r.chance(0.08)) {
        s["x-kubernetes-embedded-resource"] = true;
        s["x-kubernetes-preserve-unknown-fields"] = true;
        // Typed TypeMeta/ObjectMeta with defaults: the apiserver validates each as the metadata it makes (defaulting
        // validation's insideMeta), a family 100,000 cases of untyped embedded resources never reached.
        if (r.chance(0.8)) {
          const str = (pool) => ({ type: "string", ...(r.chance(0.8) ? { default: r.pick(pool) } : {}) });
          const typed = {};
          if (r.chance(0.7)) typed.apiVersion = str(["v1", "apps/v1", "a/b/c", "", "/v1", "Apps/V1", "v1/"]);
          if (r.chance(0.7)) typed.kind = str(["ConfigMap", "%", "", "my-kind", "1abc", "Kind_X", "K"]);
          if (r.chance(0.3)) typed.metadata = { type: "object", properties: { name: str(["x", "a/b", "..", "UPPER", "a%b"]) } };
          // TypeMeta typed as something else than a string, and metadata restricting both of its two allowed fields.
          if (r.chance(0.05)) typed[r.pick(["apiVersion", "kind"])] = { type: r.pick(["integer", "object", "boolean"]) };
          if (typed.metadata && r.chance(0.2)) typed.metadata.properties.generateName = str(["x-", "a/b-"]);
          // Labels or annotations with defaults, some not of the type ObjectMeta has: pruning a default drops such a
          // field of the metadata it makes (objectmeta.Coerce), and the default's own place then is gone.
          if (typed.metadata && r.chance(0.3)) {
            const m = r.pick(["labels", "annotations"]);
            typed.metadata.properties[m] = r.chance(0.5)
              ? { type: "object", "x-kubernetes-preserve-unknown-fields": true, default: r.pick([{ a: "b" }, { a: 1 }, { "bad key!": "v" }]) }
              : { type: "object", properties: { a: { type: r.pick(["string", "integer"]), default: r.pick(["v", 1]) } } };
          }
          // A list in the metadata with an item default: a list ObjectMeta has (finalizers), one it has as another
          // type (labels) or one it lacks: the default's place is kept, refused, or gone once the metadata it makes is
          // decoded (pruning a default finds no item there).
          if (typed.metadata && r.chance(0.3)) typed.metadata.properties[r.pick(["finalizers", "labels", "extra"])] = { type: "array", items: { type: "string", default: r.pick(["x", "a/b/c", ""]) } };
          s.properties = { ...(s.properties ?? {}), ...typed };
        }
        // A whole default whose TypeMeta is wrong in each way objectmeta's validation checks (not a string, empty, a
        // group version that does not parse): the apiserver validates a default as the embedded object it makes.
        else if (r.chance(0.5)) s.default = r.pick([{ apiVersion: 1, kind: "X" }, { apiVersion: "v1", kind: 7 }, { apiVersion: "v1", kind: "" }, { apiVersion: "", kind: "X" }, { apiVersion: "a/b/c", kind: "X" }, { apiVersion: "v1", kind: "X" }]);
      }
      break;
    }
    case "array": {
      s.items = genSchema(r, depth - 1, opts);
      if (bounded || r.chance(0.3)) s.maxItems = r.pick([1, 10, 100]);
      if (r.chance(0.1)) s.minItems = 1;
      if (r.chance(0.3)) {
        const lt = r.pick(["atomic", "set", "map"]);
        s["x-kubernetes-list-type"] = lt;
        if (lt === "map") {
          if (s.items.type !== "object" || !s.items.properties) s.items = { type: "object", properties: { name: { type: "string", maxLength: 10 } }, required: ["name"] };
          const keys = Object.keys(s.items.properties);
          s["x-kubernetes-list-map-keys"] = [r.pick(keys.length ? keys : ["name"])];
          if (!r.chance(0.8)) delete s.items.required;
          else s.items.required = [...new Set([...(s.items.required ?? []), ...s["x-kubernetes-list-map-keys"]])];
        }
      }
      break;
    }
  }
  if (r.chance(0.15) && type !== "preserve") {
    const names = s.properties ? Object.keys(s.properties) : [];
    s["x-kubernetes-validations"] = celRules(r, s, names);
  }
  if (r.chance(0.1) && type !== "object") s.default = valueFor(r, s, 0, 0.8);
  else if (r.chance(0.04) && type === "object") s.default = valueFor(r, s, 0, 0.8);
  if (r.chance(0.03)) s.example = valueFor(r, s, 0, 0.8);
  return s;
}

function scalarPaths(schema, prefix = "", out = []) {
  if (!schema?.properties) return out;
  for (const [k, p] of Object.entries(schema.properties)) {
    const path = `${prefix}.${k}`;
    if (["string", "integer", "number", "boolean"].includes(p.type)) out.push({ path, type: p.type });
    if (p.type === "object") scalarPaths(p, path, out);
  }
  return out;
}

function plural(kind) {
  return kind.toLowerCase() + "s";
}

/** A CRD that the apiserver accepts most of the time (random schemas still hit rules now and then). */
export function genCrd(r) {
  const kind = r.pick(["Widget", "Gadget", "FooBar", "Database", "Cache", "Route"]) + (r.chance(0.3) ? String(r.int(9)) : "");
  const group = r.pick(["example.com", "stable.example.com", "apps.acme.io", "x.k8s.io", "demo.dev"]);
  const names = { kind, plural: plural(kind), singular: kind.toLowerCase() };
  if (r.chance(0.5)) names.listKind = `${kind}List`;
  if (r.chance(0.3)) names.shortNames = [kind.slice(0, 2).toLowerCase()];
  if (r.chance(0.2)) names.categories = ["all"];
  const nVersions = r.weighted([[6, 1], [3, 2], [1, 3]]);
  const versionNames = ["v1", "v1beta1", "v2", "v1alpha1", "v3"].slice(0, nVersions);
  const storage = r.int(nVersions);
  const specSchema = genSchema(r, r.range(1, 3));
  const spec = specSchema.type === "object" ? specSchema : { type: "object", properties: { value: specSchema } };
  const versions = versionNames.map((name, i) => {
    const schemaRoot = { type: "object", properties: { spec } };
    if (r.chance(0.4)) schemaRoot.properties.status = { type: "object", properties: { replicas: { type: "integer" }, phase: { type: "string", maxLength: 20 } } };
    if (r.chance(0.1)) schemaRoot.properties.metadata = { type: "object", properties: { name: { type: "string", maxLength: 20 } } };
    if (r.chance(0.1)) schemaRoot["x-kubernetes-validations"] = [{ rule: r.pick(["self.metadata.name.size() < 20", "has(self.spec)", "self.spec == oldSelf.spec"]) }];
    const v = { name, served: r.chance(0.9) || i === storage, storage: i === storage, schema: { openAPIV3Schema: i > 0 && r.chance(0.5) ? structuredClone(schemaRoot) : schemaRoot } };
    if (i !== storage && r.chance(0.3)) {
      v.deprecated = true;
      if (r.chance(0.5)) v.deprecationWarning = "use the newer version";
    }
    const paths = scalarPaths(schemaRoot);
    if (r.chance(0.3)) {
      v.subresources = { status: {} };
      if (r.chance(0.4)) {
        v.subresources.scale = { specReplicasPath: ".spec.replicas", statusReplicasPath: ".status.replicas" };
        if (r.chance(0.4)) v.subresources.scale.labelSelectorPath = ".status.selector";
      }
    }
    if (r.chance(0.3) && paths.length) {
      v.additionalPrinterColumns = paths.slice(0, r.range(1, 3)).map((p, j) => ({ name: `Col${j}`, type: p.type === "boolean" ? "boolean" : p.type, jsonPath: p.path, ...(r.chance(0.3) ? { priority: r.int(2) } : {}), ...(r.chance(0.2) ? { description: "d" } : {}) }));
    }
    if (r.chance(0.2) && paths.length) v.selectableFields = paths.filter((p) => p.type !== "number").slice(0, r.range(1, 2)).map((p) => ({ jsonPath: p.path }));
    return v;
  });
  const crd = {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: `${names.plural}.${group}` },
    spec: { group, names, scope: r.chance(0.7) ? "Namespaced" : "Cluster", versions },
  };
  if (group.endsWith("k8s.io")) crd.metadata.annotations = { "api-approved.kubernetes.io": r.pick(["https://github.com/kubernetes/enhancements/pull/1111", "unapproved, experimental-only", "nope"]) };
  if (nVersions > 1 && r.chance(0.3)) crd.spec.conversion = r.chance(0.5) ? { strategy: "None" } : { strategy: "Webhook", webhook: { conversionReviewVersions: ["v1"], clientConfig: r.chance(0.5) ? { url: "https://conv.example.com/convert" } : { service: { name: "conv", namespace: "default", path: "/convert", port: 443 } } } };
  if (r.chance(0.05)) crd.spec.preserveUnknownFields = false;
  return crd;
}

// Mutations: each takes a CRD and changes one thing, aimed at one check family. They pick what to change at random.

function anySchemaNode(r, crd) {
  const nodes = [];
  const walk = (s, depth) => {
    if (!s || typeof s !== "object" || depth > 12) return;
    nodes.push(s);
    if (s.properties) for (const p of Object.values(s.properties)) walk(p, depth + 1);
    if (s.items && !Array.isArray(s.items)) walk(s.items, depth + 1);
    if (s.additionalProperties && typeof s.additionalProperties === "object") walk(s.additionalProperties, depth + 1);
  };
  for (const v of crd.spec.versions ?? []) walk(v.schema?.openAPIV3Schema, 0);
  return nodes.length ? r.pick(nodes) : {};
}

function aVersion(r, crd) {
  return r.pick(crd.spec.versions ?? [{}]) ?? {};
}

/**
 * A value-validation clause for allOf/anyOf/oneOf/not of schema node `s`: mostly what a nested clause may hold (value
 * validations of fields and items the structural part declares), sometimes what it may not (types, defaults, titles,
 * nullable, x-kubernetes-* extensions, metadata, additionalProperties) or fields and items the structural part lacks:
 * the structural checks of nested value validations (schema/validation.go validateNestedValueValidation, complete.go)
 * and their conversion (convert.go newNestedValueValidation).
 */
function nestedClause(r, s, depth = 0) {
  const props = s?.properties ? Object.keys(s.properties) : [];
  const c = {};
  const scalar = () => r.pick([{ minLength: 1 }, { pattern: "^a" }, { maximum: 5 }, { enum: ["a"] }, { format: "date" }, {}]);
  const unsupported = () => r.pick([{ items: [scalar()] }, { $ref: "#/definitions/a" }, { definitions: { a: scalar() } }, { patternProperties: { "^a": scalar() } }, { dependencies: { a: ["b"] } }, { additionalItems: false }, { id: "x" }, { $schema: "x" }, { "x-kubernetes-preserve-unknown-fields": false }]);
  const forbidden = [
    () => (c.type = r.pick(["string", "object"])),
    () => (c.default = r.pick(["x", { a: 1 }])),
    () => (c.title = "t"),
    () => (c.description = "d"),
    () => (c.nullable = true),
    () => (c["x-kubernetes-preserve-unknown-fields"] = true),
    () => (c["x-kubernetes-embedded-resource"] = true),
    () => (c["x-kubernetes-int-or-string"] = true),
    () => (c["x-kubernetes-list-type"] = "atomic"),
    () => (c["x-kubernetes-list-map-keys"] = ["a"]),
    () => (c["x-kubernetes-map-type"] = "atomic"),
    () => (c["x-kubernetes-validations"] = [{ rule: "true" }]),
    () => (c.properties = { metadata: scalar() }),
    () => (c.additionalProperties = r.pick([scalar(), true, false])),
    () => (c.additionalProperties = true),
    () => (c.items = [scalar()]),
    () => Object.assign(c, unsupported()),
  ];
  const allowed = [
    () => (c.required = [r.pick(props.length ? props : ["a"])]),
    () => (c.properties = { [r.chance(0.8) && props.length ? r.pick(props) : "undeclared"]: depth < 2 && r.chance(0.3) ? nestedClause(r, s?.properties?.[props[0]], depth + 1) : scalar() }),
    () => (c.items = depth < 2 && r.chance(0.3) ? nestedClause(r, s?.items, depth + 1) : scalar()),
    () => Object.assign(c, scalar()),
    () => Object.assign(c, r.pick([{ minProperties: 1 }, { maxItems: 3 }, { uniqueItems: true }, { multipleOf: 2 }])),
    () => (c.not = depth < 2 ? nestedClause(r, s, depth + 1) : scalar()),
    () => (c[r.pick(["allOf", "anyOf", "oneOf"])] = depth < 2 ? [nestedClause(r, s, depth + 1)] : [scalar()]),
    // something NewStructural refuses, one level down (its error comes up through every nesting)
    () => {
      const k = r.pick(["properties", "items", "additionalProperties", "not", "allOf", "anyOf", "oneOf"]);
      const inner = unsupported();
      c[k] = k === "properties" ? { [r.pick(props.length ? props : ["a"])]: inner } : ["allOf", "anyOf", "oneOf"].includes(k) ? [inner] : inner;
    },
  ];
  r.pick(r.chance(0.6) ? allowed : forbidden)();
  if (r.chance(0.2)) r.pick(allowed)();
  return c;
}

/**
 * A rule that visits every pair of a list of strings (its `i` only makes each rule of a node its own): over 350 items
 * it costs close to the per-call limit (1,000,000), over 450 more. The budget shapes of crd-create and cr-validate.
 */
export const costlyRule = (i) => ({ rule: `self.all(x, self.all(y, x != y || y != '${i}' || true))` });

export const MUTATIONS = {
  structural(r, crd) {
    const s = anySchemaNode(r, crd);
    r.pick([
      () => delete s.type,
      () => (s.type = r.pick(["", "null", "any", "Object", "array"])),
      () => (s.additionalProperties = r.pick([false, true, { type: "string" }])) && s.type === "object" && (s.properties = { a: { type: "string" } }),
      () => (s["x-kubernetes-preserve-unknown-fields"] = r.pick([false, true])),
      () => Object.assign(s, { "x-kubernetes-int-or-string": true }),
      () => {
        // the int-or-string patterns the structural checks accept (allOf whose first clause is the anyOf), or not
        delete s.type;
        Object.assign(s, { "x-kubernetes-int-or-string": true, allOf: [{ anyOf: [{ type: "integer" }, { type: "string" }] }, ...(r.chance(0.5) ? [{ anyOf: [{ type: "integer" }] }] : [])] });
        if (r.chance(0.3)) s["x-kubernetes-preserve-unknown-fields"] = true;
      },
      () => Object.assign(s, { anyOf: [{ type: "string" }, { properties: { a: { type: "string" } } }] }),
      () => Object.assign(s, { allOf: [{ description: "x" }] }),
      () => Object.assign(s, { oneOf: [{ required: ["a"] }], not: { required: ["b"] } }),
      () => Object.assign(s, { "x-kubernetes-embedded-resource": true }) && r.chance(0.3) && delete s.type,
      () => (s.items = r.pick([[{ type: "string" }], undefined, { type: "string" }])),
      () => Object.assign(s, { nullable: true, default: null }),
      () => Object.assign(s, { properties: { metadata: { type: "object", properties: { name: { type: "string" }, labels: { type: "object" } } } } }),
    ])();
  },
  "forbidden-field"(r, crd) {
    const s = anySchemaNode(r, crd);
    const f = r.pick([["$ref", "#/definitions/x"], ["$schema", "x"], ["definitions", {}], ["id", "x"], ["uniqueItems", true], ["uniqueItems", false], ["patternProperties", { a: { type: "string" } }], ["dependencies", { a: ["b"] }], ["additionalItems", false], ["externalDocs", { url: "x" }], ["title", "t"], ["readOnly", true], ["writeOnly", true], ["xml", {}], ["discriminator", "x"]]);
    s[f[0]] = f[1];
    // Containers the structural checks forbid, holding what SchemaHas looks for (a default, an invalid type): the
    // apiserver walks them to decide whether defaults (and so structural schemas) are required.
    if (r.chance(0.3)) {
      const inner = r.pick([{ type: "string", default: "x" }, { default: 1 }, { type: "any" }, { type: "string" }]);
      const [k, v] = r.pick([["definitions", { a: inner }], ["patternProperties", { "^a": inner }], ["dependencies", { a: inner }], ["additionalItems", inner], ["items", [inner]], ["not", inner], ["allOf", [inner]], ["anyOf", [inner]], ["oneOf", [inner]]]);
      s[k] = v;
    }
  },
  names(r, crd) {
    const n = crd.spec.names;
    r.pick([
      () => (n.plural = r.pick(["Widgets", "wid_gets", "", "a".repeat(70), n.singular])),
      () => (n.singular = r.pick(["Widget", "", n.plural, "a.b"])),
      () => (n.kind = r.pick(["widget", "", "Wid get", n.listKind ?? "WidgetList"])),
      () => (n.listKind = r.pick(["", n.kind, "bad list"])),
      () => (n.shortNames = r.pick([["A"], ["a", "a"], [""], [n.plural], ["ok", "b.c"]])),
      () => (n.categories = r.pick([["All"], ["a", "a"], [""]])),
      () => (crd.metadata.name = r.pick(["wrong.example.com", `${n.plural}.other.com`, "", "UPPER.example.com"])),
      () => (crd.spec.group = r.pick(["", "Example.com", "example", "a..b", "example.com."])),
      () => (crd.spec.scope = r.pick(["", "Namespace", "cluster"])),
      () => delete crd.spec.names.plural,
      () => Object.assign(n, { kind: "", singular: "" }),
      () => {
        // a protected group without the approval annotation
        crd.spec.group = r.pick(["x.k8s.io", "sub.kubernetes.io"]);
        crd.metadata.name = `${n.plural}.${crd.spec.group}`;
        delete crd.metadata.annotations;
      },
    ])();
  },
  versions(r, crd) {
    const vs = crd.spec.versions;
    r.pick([
      () => vs.forEach((v) => (v.storage = false)),
      () => vs.forEach((v) => (v.storage = true)),
      () => vs.forEach((v) => (v.served = false)),
      () => vs.push({ ...structuredClone(vs[0]), storage: false }),
      () => (aVersion(r, crd).name = r.pick(["V1", "1", "v1.0", "", "version-one", "v1beta"])),
      () => (crd.spec.versions = []),
      () => Object.assign(aVersion(r, crd), { deprecated: false, deprecationWarning: r.pick(["x", "é".repeat(300), "a\nb"]) }),
      () => Object.assign(aVersion(r, crd), { deprecated: true, deprecationWarning: r.pick(["", "w".repeat(257), "é".repeat(129), "soft\u00adhyphen", "tab\there", "bell\u0007", "zero\u200bwidth", "fine"]) }),
      () => delete aVersion(r, crd).schema,
      () => (r.chance(0.5) ? crd.spec.versions.forEach((v) => (v.schema = {})) : (aVersion(r, crd).schema = {})),
      () => (aVersion(r, crd).schema = { openAPIV3Schema: { type: "string" } }),
      () => (crd.spec.version = "v1"),
      () => (crd.spec.validation = { openAPIV3Schema: { type: "object" } }),
    ])();
  },
  conversion(r, crd) {
    r.pick([
      () => (crd.spec.conversion = { strategy: "Webhook" }),
      () => (crd.spec.conversion = { strategy: "Webhook", webhook: { conversionReviewVersions: r.pick([[], ["v1", "v1"], ["v2"], ["v1beta1", "v1"], ["V1"], ["1v", "v1"], ["v1", "a.b"]]), clientConfig: { url: "https://a.example.com/c" } } }),
      () => (crd.spec.conversion = { strategy: "Webhook", webhook: { conversionReviewVersions: ["v1"], clientConfig: r.pick([{}, { url: "http://a.example.com" }, { url: "https://a.example.com?q=1" }, { url: "https://u:p@a.example.com/" }, { url: "https://a.example.com/#f" }, { url: "https://a.example.com/", service: { name: "s", namespace: "n" } }, { service: { name: "", namespace: "" } }, { service: { name: "s", namespace: "n", port: 70000, path: "no-slash" } }, { service: { name: "S", namespace: "n", path: "/a//b" } }, { url: "https://a.example.com/", caBundle: "bm9wZQ==" }]) } }),
      () => (crd.spec.conversion = { strategy: "None", webhook: { conversionReviewVersions: ["v1"], clientConfig: { url: "https://a.example.com/" } } }),
      () => (crd.spec.conversion = { strategy: r.pick(["", "Nope", "webhook"]) }),
      () => (crd.spec.preserveUnknownFields = true),
      () => (crd.spec.conversion = { strategy: "Webhook", webhook: { conversionReviewVersions: ["v1"], clientConfig: { url: "https://a.example.com/", caBundle: r.pick(["bm9wZQ==", "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCi0tLS0tRU5EIENFUlRJRklDQVRFLS0tLS0K", ""]) } } }),
    ])();
  },
  subresources(r, crd) {
    const v = aVersion(r, crd);
    r.pick([
      () => (v.subresources = { status: {}, scale: { specReplicasPath: r.pick([".spec.replicas", "spec.replicas", ".spec", ".status.x", ".spec.a[0]", ""]), statusReplicasPath: r.pick([".status.replicas", ".spec.replicas", "status", ".status.phase", ""]) } }),
      () => (v.subresources = { scale: { specReplicasPath: ".spec.replicas", statusReplicasPath: ".status.replicas", labelSelectorPath: r.pick([".status.selector", "spec.selector", ".metadata.labels", ".spec.selector", ""]) } }),
      () => (v.subresources = { status: { x: 1 } }),
      () => (v.subresources = {}),
      () => (crd.spec.versions.forEach((w) => (w.subresources = r.chance(0.5) ? { status: {} } : undefined))),
    ])();
  },
  "printer-columns"(r, crd) {
    const v = aVersion(r, crd);
    v.additionalPrinterColumns = [
      {
        name: r.pick(["Age", "", "Col", "Col"]),
        type: r.pick(["string", "integer", "number", "boolean", "date", "object", "array", ""]),
        jsonPath: r.pick([".spec.replicas", "", "spec.x", ".spec[", ".metadata.creationTimestamp", "{.spec}", ".spec.items[*].name", ".status.conditions[?(@.type==\"Ready\")].status"]),
        ...(r.chance(0.4) ? { format: r.pick(["int32", "int64", "float", "double", "byte", "date", "date-time", "password", "nope"]) } : {}),
        ...(r.chance(0.3) ? { priority: r.pick([-1, 0, 1]) } : {}),
      },
    ];
    if (r.chance(0.3)) v.additionalPrinterColumns.push({ ...v.additionalPrinterColumns[0] });
  },
  "selectable-fields"(r, crd) {
    const v = aVersion(r, crd);
    const n = r.chance(0.1) ? 9 : r.range(1, 3);
    v.selectableFields = Array.from({ length: n }, (_, i) => ({ jsonPath: r.pick([".spec.replicas", ".spec.x", "spec.a", ".metadata.name", ".spec", ".spec.items[0]", `.spec.f${i}`, ".status.phase", ""]) }));
    if (r.chance(0.3)) v.selectableFields.push({ ...v.selectableFields[0] });
    const spec = v.schema?.openAPIV3Schema?.properties?.spec;
    if (spec && typeof spec === "object" && r.chance(0.25)) {
      if (r.chance(0.5)) {
        // 9 fields that all exist: one more than the apiserver allows
        spec.properties = spec.properties ?? {};
        for (let i = 0; i < 9; i++) spec.properties[`sel${i}`] = { type: "string" };
        v.selectableFields = Array.from({ length: r.pick([8, 9]) }, (_, i) => ({ jsonPath: `.spec.sel${i}` }));
      } else {
        spec["x-kubernetes-preserve-unknown-fields"] = true;
        v.selectableFields = [{ jsonPath: r.pick([".spec.unknownField", ".spec.unknown.deeper"]) }];
      }
    }
  },
  defaults(r, crd) {
    const s = anySchemaNode(r, crd);
    s.default = r.chance(0.5) ? valueFor(r, s, 0, 0.3) : r.pick([{}, [], "x", 1, null, { a: 1 }, { apiVersion: "v1", kind: "X", metadata: { name: "n" } }, { apiVersion: 1, kind: "X" }, { apiVersion: "v1", kind: ["X"] }, { apiVersion: "v1", kind: "X", metadata: "m" }, { kind: "X", metadata: { name: 5 } }]);
    // an object that allows any further properties (additionalProperties: true beside properties), defaulted
    if (r.chance(0.1)) Object.assign(s, { type: "object", additionalProperties: true, default: r.pick([{ any: "x" }, {}]) });
    if (r.chance(0.1)) {
      const root = crd.spec.versions[0]?.schema?.openAPIV3Schema;
      if (root && typeof root === "object") {
        root.properties = root.properties ?? {};
        if (r.chance(0.5)) {
          // a metadata.name default that is a valid name but not what the name's own schema allows
          root.properties.metadata = { type: "object", properties: { name: { type: "string", ...r.pick([{ maxLength: 3 }, { pattern: "^z" }, { enum: ["zz"] }]), default: "abcdef" } } };
          // name and generateName: the two fields root metadata may restrict
          if (r.chance(0.3)) root.properties.metadata.properties.generateName = { type: "string", maxLength: 10 };
        }
        // a default checked by a rule that costs more without an old object (the apiserver charges the dearer run)
        else root.properties.checked = { type: "string", maxLength: 10, default: "abc", "x-kubernetes-validations": [{ rule: "oldSelf.hasValue() || self.matches('^[a-z]+$')", optionalOldSelf: true }] };
      }
    }
    if (r.chance(0.15)) {
      // A default whose nulls the apiserver fills from the items' or values' own default before validating it.
      Object.assign(s, r.pick([
        { type: "object", additionalProperties: { type: "string", default: "d" }, default: { a: null, b: "x" } },
        { type: "array", items: { type: "string", default: "d" }, default: [null, "x"] },
        { type: "array", items: { type: "object", properties: { a: { type: "string", default: "d" } } }, default: [{ a: null }] },
      ]));
      if (s.type === "object") delete s.properties;
    }
    if (r.chance(0.2)) (crd.spec.versions[0].schema?.openAPIV3Schema ?? {}).properties = { ...(crd.spec.versions[0].schema?.openAPIV3Schema?.properties ?? {}), metadata: { type: "object", default: { name: "x" } } };
    if (r.chance(0.01)) {
      // A default whose rules together cost more than the defaults' runtime budget (10,000,000; the dearer of the runs
      // with and without an old object is charged): 350 strings and 15 rules near the per-call limit each, or 450
      // strings, where one call exceeds its limit (1,000,000). The apiserver stops validating defaults there. (One
      // list: with sibling lists, where it stops would follow Go's random map order.) Seconds per case: rare.
      const root = crd.spec.versions[0]?.schema?.openAPIV3Schema;
      if (root && typeof root === "object") {
        const [n, k] = r.pick([[350, 15], [450, 8]]);
        root.properties = { ...(root.properties ?? {}) };
        root.properties.costly = { type: "array", maxItems: n, items: { type: "string", maxLength: 4 }, default: Array.from({ length: n }, (_, i) => String(i)), "x-kubernetes-validations": Array.from({ length: k }, (_, i) => costlyRule(i)) };
      }
    }
  },
  "list-types"(r, crd) {
    const s = anySchemaNode(r, crd);
    r.pick([
      () => Object.assign(s, { type: "array", items: { type: "object", properties: { k: { type: "string" }, v: { type: "integer" } } }, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": r.pick([["k"], ["nope"], [], ["k", "k"], ["v", "k"]]) }) && r.chance(0.5) && (s.items.required = ["k"]),
      () => Object.assign(s, { "x-kubernetes-list-type": r.pick(["set", "map", "atomic", "nope"]) }),
      () => Object.assign(s, { "x-kubernetes-list-map-keys": ["k"] }),
      () => Object.assign(s, { type: "array", items: { type: r.pick(["object", "array", "string"]), ...(r.chance(0.5) ? { properties: { a: { type: "string" } } } : {}) }, "x-kubernetes-list-type": "set" }),
      () => Object.assign(s, { "x-kubernetes-map-type": r.pick(["atomic", "granular", "nope"]) }),
      () => Object.assign(s, { type: "array", items: { type: "object", properties: { k: { type: "string", default: "d" } } }, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"] }),
      // map keys under another list type, a map list whose items are a list of schemas, a map type with no type
      () => Object.assign(s, { type: "array", items: { type: "object", properties: { k: { type: "string" } }, required: ["k"] }, "x-kubernetes-list-type": r.pick(["set", "atomic"]), "x-kubernetes-list-map-keys": ["k"] }),
      () => Object.assign(s, { type: "array", items: [{ type: "object", properties: { k: { type: "string" } }, required: ["k"] }], "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"] }),
      () => {
        delete s.type;
        s["x-kubernetes-map-type"] = r.pick(["atomic", "granular"]);
      },
    ])();
  },
  "cel-compile"(r, crd) {
    const s = anySchemaNode(r, crd);
    const names = s.properties ? Object.keys(s.properties) : ["x"];
    if (r.chance(0.25)) {
      // What the apiserver checks of a rule before compiling it: blank rules, messages, message expressions and field
      // paths, line breaks (a rule over several lines needs a message).
      const v = r.pick([{ rule: r.pick(["", "  "]) }, { rule: "self == self\n  || true" }, { rule: "self == self\n  || true", message: "m" }, { rule: "self == self", messageExpression: r.pick(["  ", "\t"]) }, { rule: "self == self", fieldPath: r.pick([" ", "\t"]) }, { rule: "self == self", fieldPath: `.${r.pick(names)}\n` }, { rule: "self == self", message: "a\nb" }]);
      s["x-kubernetes-validations"] = [...(s["x-kubernetes-validations"] ?? []), v];
      return;
    }
    s["x-kubernetes-validations"] = [...(s["x-kubernetes-validations"] ?? []), { rule: r.pick([...CEL_BROKEN, ...(CEL_BY_TYPE[s.type] ?? ["true"])]).replaceAll("PROP", r.pick(names.length ? names : ["x"])), ...(r.chance(0.3) ? { messageExpression: r.pick(["'x' + 1", "string(self)", "self", "1 +", "'a'.find('(')"]) } : {}), ...(r.chance(0.2) ? { message: r.pick(["", " ", "a".repeat(300)]) } : {}), ...(r.chance(0.2) ? { reason: r.pick(["FieldValueInvalid", "Nope"]) } : {}), ...(r.chance(0.2) ? { fieldPath: r.pick([".a", "a", ".a[0]", ".a['b']", "", "['a'", "['a'x]", "[a]", "['a']['b'", "['a\\'b']", "['\\a\\b\\f\\n\\r\\t\\v\\\\']", "['a\\q']", "[", ".", ".a.", "['a'].", "['a']x", ...(names.length ? [`['${names[0]}'`, `['${names[0]}'`, `['${names[0]}'x`, `.${names[0]}.`, `.${names[0]}[`] : [])]) } : {}), ...(r.chance(0.2) ? { optionalOldSelf: true } : {}) }];
  },
  "cel-cost"(r, crd) {
    const v = aVersion(r, crd);
    const root = v.schema?.openAPIV3Schema;
    if (!root) return;
    root.properties = root.properties ?? {};
    const unbounded = { type: "array", items: { type: "array", items: { type: "string", ...(r.chance(0.3) ? { maxLength: 10 } : {}) }, ...(r.chance(0.3) ? { maxItems: 10 } : {}) }, ...(r.chance(0.3) ? { maxItems: 100 } : {}) };
    unbounded["x-kubernetes-validations"] = [{ rule: r.pick(["self.all(x, x.all(y, y.matches('a+')))", "self.all(x, self.all(y, x == y))", "self.map(x, x.map(y, y + y)).size() > 0", "self.all(x, x.all(y, self.exists(z, z == x)))", "self.size() > 0"]) }];
    root.properties.heavy = unbounded;
    if (r.chance(0.2)) {
      // a cheap rule under four lists of huge maxItems: its cardinality times its cost passes 2^64 (the apiserver's
      // overflow guard; an unbounded list is charged the static limit instead)
      let deep = { type: "string", maxLength: 10, "x-kubernetes-validations": [{ rule: r.pick(["self.size() > 1", "self.startsWith('a')", "self.matches('^a+$')"]) }] };
      for (let i = 0; i < 4; i++) deep = { type: "array", maxItems: r.pick([100000, 4294967296]), items: deep };
      root.properties.deep = deep;
    }
    if (r.chance(0.3)) for (let i = 0; i < 5; i++) root.properties[`heavy${i}`] = structuredClone(unbounded);
    if (r.chance(0.1)) {
      // Rules under a list or map bounded by a negative maxItems or maxProperties (nothing refuses one): the apiserver
      // counts no item, so the rule's cardinality is 0.
      const rule = { type: "string", maxLength: 10, "x-kubernetes-validations": [{ rule: "self.matches('^a+$')" }] };
      root.properties.negative = r.pick([{ type: "array", maxItems: -1, items: rule }, { type: "object", maxProperties: -2, additionalProperties: rule }]);
    }
  },
  size(r, crd) {
    r.pick([
      () => (crd.metadata.annotations = { ...(crd.metadata.annotations ?? {}), big: "x".repeat(r.pick([100, 262144, 262200])) }),
      () => (crd.metadata.labels = { [r.pick(["ok", "bad key!", "a/b/c", "x".repeat(64)])]: r.pick(["v", "bad value!", "x".repeat(64)]) }),
      () => (anySchemaNode(r, crd).description = "d".repeat(r.pick([1000, 1100000]))),
    ])();
  },
  // Single shapes the other mutations make only as one pick among many, each aimed at one check that random
  // combinations rarely reach (kept flat so that every one comes up in a thousand cases).
  rare(r, crd) {
    const s = anySchemaNode(r, crd);
    const root = aVersion(r, crd).schema?.openAPIV3Schema;
    const typed = (props) => ({ type: "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true, properties: props });
    r.pick([
      () => (crd.spec.group = "example"),
      () => Object.assign(s, { type: "array", items: { type: r.pick(["string", "array", ""]) }, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"] }),
      () => Object.assign(s, { type: "array", items: { type: "object", properties: { k: { type: r.pick(["array", "object"]), ...(r.chance(0.5) ? { items: { type: "string" } } : {}) } }, required: ["k"] }, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"] }),
      () => Object.assign(aVersion(r, crd), { subresources: { scale: { specReplicasPath: ".spec.replicas", statusReplicasPath: ".status.replicas", labelSelectorPath: r.pick(["", ".metadata.labels", "status.selector"]) } } }),
      () => Object.assign(s, { "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true }) && delete s.type,
      () => root && delete root.type,
      () => root && (root.properties = { ...(root.properties ?? {}), [r.pick(["kind", "apiVersion"])]: { type: r.pick(["integer", "object"]) } }),
      () => (s.properties = { ...(s.properties ?? {}), e: typed({ [r.pick(["kind", "apiVersion"])]: { type: r.pick(["integer", "boolean"]) } }) }),
      () => (s.properties = { ...(s.properties ?? {}), e: typed({ metadata: { type: "object", properties: { annotations: typed({}) } } }) }),
      () => (s[r.pick(["allOf", "anyOf", "oneOf"])] = [{ "x-kubernetes-int-or-string": true }]),
      () => (s[r.pick(["allOf", "anyOf"])] = [{ additionalProperties: true }]),
      () => Object.assign(s, { type: "object", additionalProperties: { type: "string", items: [{ type: "string" }] } }) && delete s.properties,
      () => Object.assign(s, { type: "string", default: "x", externalDocs: { url: "https://example.com", description: "d" } }),
      () => Object.assign(aVersion(r, crd), { deprecated: true, deprecationWarning: "" }),
      () => (crd.spec.conversion = { strategy: "Webhook", webhook: { conversionReviewVersions: r.pick([["v2"], ["v1beta2", "v3"]]), clientConfig: { url: "https://a.example.com/c" } } }),
      () => Object.assign(s, { type: "object", properties: { a: { type: "string" } }, anyOf: [{ properties: { b: { minLength: 1 } } }, { items: { minLength: 1 } }] }),
      () => Object.assign(s, { type: "object", additionalProperties: { type: "string" }, anyOf: [{ properties: { x: { minLength: 1 } } }] }) && delete s.properties,
      () => Object.assign(s, { "x-kubernetes-int-or-string": true, "x-kubernetes-embedded-resource": true }),
      () => (s["x-kubernetes-validations"] = [{ rule: "self == self", messageExpression: r.pick(["'a'.find('(')", "'x' + 'a'.find('[')"]) }]),
      // defaults of the root metadata's name: checked as metadata, then against the name's own schema and rules
      () =>
        root &&
        (root.properties = {
          ...(root.properties ?? {}),
          metadata: { type: "object", properties: { name: { type: "string", default: "abcdef", ...r.pick([{ maxLength: 3 }, { "x-kubernetes-validations": [{ rule: "oldSelf.hasValue() || self.size() < 3", optionalOldSelf: true }] }]) } } },
        }),
      // rules on a node without a type that keeps unknown fields (no CEL type: an internal error), or below one
      () => {
        delete s.type;
        s["x-kubernetes-preserve-unknown-fields"] = true;
        if (r.chance(0.5)) s["x-kubernetes-validations"] = [{ rule: "self == self" }];
        if (r.chance(0.5)) s.properties = { ...(s.properties ?? {}), typed: { type: "string", maxLength: 3, "x-kubernetes-validations": [{ rule: "self.size() > 0" }] } };
      },
      // a default checked by a rule that costs more without an old object (the apiserver charges the dearer run)
      () => Object.assign(s, { type: "string", maxLength: 10, default: "abc", "x-kubernetes-validations": [{ rule: "oldSelf.hasValue() || self.matches('^[a-z]+$')", optionalOldSelf: true }] }),
    ])();
  },
  "value-validation"(r, crd) {
    const s = anySchemaNode(r, crd);
    const junctor = r.pick(["allOf", "anyOf", "oneOf", "not"]);
    if (junctor === "not") s.not = nestedClause(r, s);
    else s[junctor] = Array.from({ length: r.range(1, 2) }, () => nestedClause(r, s));
    // A default there: the apiserver validates it against the node's whole schema, value validations included.
    if (r.chance(0.3)) s.default = valueFor(r, s, 0, 0.8);
    if (r.chance(0.1)) s.externalDocs = { url: "https://example.com/docs", description: "d" };
  },
};

export const MUTATION_NAMES = Object.keys(MUTATIONS);

/** A generated CRD with 0 to 2 mutations; `which` names them. */
export function genMutatedCrd(r) {
  const crd = genCrd(r);
  const which = [];
  const n = r.weighted([[2, 0], [6, 1], [2, 2]]);
  for (let i = 0; i < n; i++) {
    const m = r.pick(MUTATION_NAMES);
    which.push(m);
    try {
      MUTATIONS[m](r, crd);
    } catch {
      // a mutation that does not apply to this CRD leaves it as it is
    }
  }
  return { crd: JSON.parse(JSON.stringify(crd)), mutations: which };
}

/** A CRD whose schema nodes carry many CEL rules (for the cost family): most compile, some are expensive. */
export function genCelCrd(r) {
  const crd = genCrd(r);
  for (const v of crd.spec.versions) {
    const walk = (s, depth) => {
      if (!s || typeof s !== "object" || depth > 10) return;
      if (s.type && s.type !== "preserve" && r.chance(0.5)) {
        const names = s.properties ? Object.keys(s.properties) : [];
        s["x-kubernetes-validations"] = celRules(r, s, names, 0.02);
      }
      if (s.properties) for (const p of Object.values(s.properties)) walk(p, depth + 1);
      if (s.items && !Array.isArray(s.items)) walk(s.items, depth + 1);
      if (s.additionalProperties && typeof s.additionalProperties === "object") walk(s.additionalProperties, depth + 1);
    };
    walk(v.schema?.openAPIV3Schema, 0);
  }
  if (r.chance(0.3)) MUTATIONS["cel-cost"](r, crd);
  if (r.chance(0.1)) {
    // Macros over an int-or-string, dynamic in CEL: the cost of a range whose size nothing bounds.
    const root = r.pick(crd.spec.versions).schema?.openAPIV3Schema;
    if (root) {
      root.properties = { ...(root.properties ?? {}), ios: { "x-kubernetes-int-or-string": true } };
      root["x-kubernetes-validations"] = [...(root["x-kubernetes-validations"] ?? []), { rule: r.pick(["!has(self.ios) || self.ios.all(x, x == 1)", "!has(self.ios) || self.ios.exists(x, x == 'a')", "!has(self.ios) || self.ios.map(x, x).size() > 0"]) }];
    }
  }
  if (r.chance(0.05)) {
    // a blank rule (compiled to no program) or messageExpression beside the others
    const root = r.pick(crd.spec.versions).schema?.openAPIV3Schema;
    if (root) root["x-kubernetes-validations"] = [...(root["x-kubernetes-validations"] ?? []), r.pick([{ rule: " " }, { rule: "self == self", messageExpression: " " }])];
  }
  return JSON.parse(JSON.stringify(crd));
}
