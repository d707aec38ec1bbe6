/** The Go types of apiextensions.k8s.io/v1 CustomResourceDefinition as data, and the JSON Schema (draft-07, for ajv) derived from them. */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/types.go, types_jsonschema.go, marshal.go
//           kubernetes/apimachinery:pkg/apis/meta/v1/types.go (ObjectMeta, OwnerReference, ManagedFieldsEntry), time.go
//
// The table below is the single source of truth: the JSON Schema that ajv compiles is generated from it, and the
// decoder walks it again to turn an ajv error into the path and the Go `encoding/json` error text the apiserver prints.
//
// How Go's decoder (sigs.k8s.io/json, case-sensitive, as the apiserver uses it) treats each kind, and so what the
// schema allows:
// - every field accepts JSON null (a no-op for values, nil for pointers, slices and maps);
// - struct: a JSON object; keys that match no field (exactly, case-sensitively) are strict-decoding errors;
// - string/bool/float: the same JSON type; int32/int64: an integral number within range (a YAML `1.0` reaches the
//   apiserver as `1` through kubectl's YAML→JSON conversion, so "integral" is what matters);
// - []byte: a base64 string (standard alphabet, padded; \r and \n ignored) or an array of 0..255;
// - metav1.Time: a string in RFC 3339;
// - JSON (default, example, enum items), FieldsV1: any JSON;
// - JSONSchemaPropsOrBool (additionalProperties, additionalItems): true/false or a schema; anything else fails with
//   "boolean or JSON schema expected";
// - JSONSchemaPropsOrArray (items): a schema or an array of schemas; any other value is silently ignored;
// - JSONSchemaPropsOrStringArray (dependencies values): a schema or an array of strings; anything else ignored.
// The three OrX wrappers have their own UnmarshalJSON, which decodes the inner schema with the NON-strict decoder:
// unknown fields at or below them are dropped without an error even under strict field validation (type errors
// still fail the request). The decoder reports those as a lint, not as an apiserver error.
import { inReleaseRange, OLDEST_KUBERNETES_MINOR } from "../k8s/releases.js";

export type GoType =
  | { kind: "string"; go: string }
  | { kind: "bool" }
  | { kind: "int"; go: "int32" | "int64" | "uint8" }
  | { kind: "float" }
  | { kind: "bytes" }
  | { kind: "time" }
  | { kind: "json"; go: string }
  | { kind: "struct"; go: string; fields: Record<string, GoField> }
  | { kind: "slice"; elem: GoType; go?: string }
  | { kind: "map"; elem: GoType; go?: string }
  | { kind: "props" }
  | { kind: "propsOrBool" }
  | { kind: "propsOrArray" }
  | { kind: "propsOrStringArray" };

export interface GoField {
  type: GoType;
  /** First Kubernetes minor (1.N) whose v1 type has the field; earlier servers reject it as an unknown field. */
  since?: number;
  /** Last Kubernetes minor that still has the field. */
  until?: number;
}

const str = (go = "string"): GoType => ({ kind: "string", go });
const bool: GoType = { kind: "bool" };
const int32: GoType = { kind: "int", go: "int32" };
const int64: GoType = { kind: "int", go: "int64" };
const float: GoType = { kind: "float" };
const time: GoType = { kind: "time" };
const strings: GoType = { kind: "slice", elem: str() };
const stringMap: GoType = { kind: "map", elem: str() };
const props: GoType = { kind: "props" };
const f = (type: GoType, since?: number, until?: number): GoField => ({ type, since, until });
const struct = (go: string, fields: Record<string, GoType | GoField>): GoType => ({
  kind: "struct",
  go,
  fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, "type" in v ? v : { type: v }])),
});

const ownerReference = struct("v1.OwnerReference", {
  apiVersion: str(),
  kind: str(),
  name: str(),
  uid: str("types.UID"),
  controller: bool,
  blockOwnerDeletion: bool,
});

const managedFieldsEntry = struct("v1.ManagedFieldsEntry", {
  manager: str(),
  operation: str("v1.ManagedFieldsOperationType"),
  apiVersion: str(),
  time,
  fieldsType: str(),
  fieldsV1: { kind: "json", go: "v1.FieldsV1" },
  subresource: f(str(), 22),
});

const objectMeta = struct("v1.ObjectMeta", {
  name: str(),
  generateName: str(),
  namespace: str(),
  selfLink: str(),
  uid: str("types.UID"),
  resourceVersion: str(),
  generation: int64,
  creationTimestamp: time,
  deletionTimestamp: time,
  deletionGracePeriodSeconds: int64,
  labels: stringMap,
  annotations: stringMap,
  ownerReferences: { kind: "slice", elem: ownerReference },
  finalizers: strings,
  // ZZZ_DeprecatedClusterName: removed from ObjectMeta in 1.25.
  clusterName: f(str(), undefined, 24),
  managedFields: { kind: "slice", elem: managedFieldsEntry },
});

const validationRule = struct("v1.ValidationRule", {
  rule: str(),
  message: str(),
  messageExpression: f(str(), 27),
  reason: f(str("v1.FieldValueErrorReason"), 28),
  fieldPath: f(str(), 28),
  optionalOldSelf: f(bool, 29),
});

/** JSONSchemaProps, field by field in Go struct order. */
export const JSON_SCHEMA_PROPS = struct("v1.JSONSchemaProps", {
  id: str(),
  $schema: str("v1.JSONSchemaURL"),
  $ref: str(),
  description: str(),
  type: str(),
  format: str(),
  title: str(),
  default: { kind: "json", go: "v1.JSON" },
  maximum: float,
  exclusiveMaximum: bool,
  minimum: float,
  exclusiveMinimum: bool,
  maxLength: int64,
  minLength: int64,
  pattern: str(),
  maxItems: int64,
  minItems: int64,
  uniqueItems: bool,
  multipleOf: float,
  enum: { kind: "slice", elem: { kind: "json", go: "v1.JSON" } },
  maxProperties: int64,
  minProperties: int64,
  required: strings,
  items: { kind: "propsOrArray" },
  allOf: { kind: "slice", elem: props },
  oneOf: { kind: "slice", elem: props },
  anyOf: { kind: "slice", elem: props },
  not: props,
  properties: { kind: "map", elem: props },
  additionalProperties: { kind: "propsOrBool" },
  patternProperties: { kind: "map", elem: props },
  dependencies: { kind: "map", elem: { kind: "propsOrStringArray" }, go: "v1.JSONSchemaDependencies" },
  additionalItems: { kind: "propsOrBool" },
  definitions: { kind: "map", elem: props, go: "v1.JSONSchemaDefinitions" },
  externalDocs: struct("v1.ExternalDocumentation", { description: str(), url: str() }),
  example: { kind: "json", go: "v1.JSON" },
  nullable: bool,
  "x-kubernetes-preserve-unknown-fields": bool,
  "x-kubernetes-embedded-resource": bool,
  "x-kubernetes-int-or-string": bool,
  "x-kubernetes-list-map-keys": strings,
  "x-kubernetes-list-type": str(),
  "x-kubernetes-map-type": f(str(), 17),
  "x-kubernetes-validations": f({ kind: "slice", elem: validationRule, go: "v1.ValidationRules" }, 23),
});

const names = struct("v1.CustomResourceDefinitionNames", {
  plural: str(),
  singular: str(),
  shortNames: strings,
  kind: str(),
  listKind: str(),
  categories: strings,
});

const version = struct("v1.CustomResourceDefinitionVersion", {
  name: str(),
  served: bool,
  storage: bool,
  deprecated: f(bool, 19),
  deprecationWarning: f(str(), 19),
  schema: struct("v1.CustomResourceValidation", { openAPIV3Schema: props }),
  subresources: struct("v1.CustomResourceSubresources", {
    status: struct("v1.CustomResourceSubresourceStatus", {}),
    scale: struct("v1.CustomResourceSubresourceScale", {
      specReplicasPath: str(),
      statusReplicasPath: str(),
      labelSelectorPath: str(),
    }),
  }),
  additionalPrinterColumns: {
    kind: "slice",
    elem: struct("v1.CustomResourceColumnDefinition", {
      name: str(),
      type: str(),
      format: str(),
      description: str(),
      priority: int32,
      jsonPath: str(),
    }),
  },
  selectableFields: f({ kind: "slice", elem: struct("v1.SelectableField", { jsonPath: str() }) }, 30),
});

const conversion = struct("v1.CustomResourceConversion", {
  strategy: str("v1.ConversionStrategyType"),
  webhook: struct("v1.WebhookConversion", {
    clientConfig: struct("v1.WebhookClientConfig", {
      url: str(),
      service: struct("v1.ServiceReference", { namespace: str(), name: str(), path: str(), port: int32 }),
      caBundle: { kind: "bytes" },
    }),
    conversionReviewVersions: strings,
  }),
});

const spec = struct("v1.CustomResourceDefinitionSpec", {
  group: str(),
  names,
  scope: str("v1.ResourceScope"),
  versions: { kind: "slice", elem: version },
  conversion,
  preserveUnknownFields: bool,
});

const status = struct("v1.CustomResourceDefinitionStatus", {
  conditions: {
    kind: "slice",
    elem: struct("v1.CustomResourceDefinitionCondition", {
      type: str("v1.CustomResourceDefinitionConditionType"),
      status: str("v1.ConditionStatus"),
      lastTransitionTime: time,
      reason: str(),
      message: str(),
      observedGeneration: f(int64, 35),
    }),
  },
  acceptedNames: names,
  storedVersions: strings,
  observedGeneration: f(int64, 35),
});

/** The whole object: TypeMeta is inlined (apiVersion, kind), ObjectMeta is the `metadata` field. */
export const CUSTOM_RESOURCE_DEFINITION = struct("v1.CustomResourceDefinition", {
  apiVersion: str(),
  kind: str(),
  metadata: objectMeta,
  spec,
  status,
});

export function fieldApplies(field: GoField, minor: number): boolean {
  return inReleaseRange(minor, field.since, field.until);
}

/**
 * The fields with a `since` or `until` that a CRD object sets, where they are fields of the Go type (a schema property
 * named like one is not): decoders of releases that agree on these fields decode the object alike.
 */
export function releaseBoundFieldsOf(crd: unknown): GoField[] {
  const out = new Set<GoField>();
  const walk = (t: GoType, v: unknown): void => {
    if (typeof v !== "object" || v === null) return;
    switch (t.kind) {
      case "struct":
        if (Array.isArray(v)) return;
        for (const k in v) {
          const field = t.fields[k];
          if (field === undefined) continue;
          if (field.since !== undefined || field.until !== undefined) out.add(field);
          walk(field.type, (v as Record<string, unknown>)[k]);
        }
        return;
      case "slice":
        if (Array.isArray(v)) for (const x of v) walk(t.elem, x);
        return;
      case "map":
        if (!Array.isArray(v)) for (const k in v) walk(t.elem, (v as Record<string, unknown>)[k]);
        return;
      case "props":
      case "propsOrBool":
      case "propsOrStringArray":
        walk(JSON_SCHEMA_PROPS, v);
        return;
      case "propsOrArray":
        if (Array.isArray(v)) for (const x of v) walk(JSON_SCHEMA_PROPS, x);
        else walk(JSON_SCHEMA_PROPS, v);
        return;
      default:
        return;
    }
  };
  walk(CUSTOM_RESOURCE_DEFINITION, crd);
  return [...out];
}

/** The first Kubernetes minor whose v1.ValidationRule (an x-kubernetes-validations entry) has the field. */
export function validationRuleFieldSince(name: string): number | undefined {
  return validationRule.kind === "struct" ? validationRule.fields[name]?.since : undefined;
}

/** Whether v1.ValidationRule (an x-kubernetes-validations entry) has the field at Kubernetes 1.<minor>. */
export function validationRuleHas(name: string, minor: number): boolean {
  const field = validationRule.kind === "struct" ? validationRule.fields[name] : undefined;
  return field !== undefined && fieldApplies(field, minor);
}

/** The Go type name `reflect.Type.String()` gives, as `encoding/json` prints it in type errors. */
export function goTypeName(t: GoType): string {
  switch (t.kind) {
    case "string":
    case "int":
    case "json":
    case "struct":
      return t.go;
    case "bool":
      return "bool";
    case "float":
      return "float64";
    case "bytes":
      return "[]uint8";
    case "time":
      return "v1.Time";
    case "slice":
      return t.go ?? "[]" + goTypeName(t.elem);
    case "map":
      return t.go ?? "map[string]" + goTypeName(t.elem);
    case "props":
      return "v1.JSONSchemaProps";
    case "propsOrBool":
      return "v1.JSONSchemaPropsOrBool";
    case "propsOrArray":
      return "v1.JSONSchemaPropsOrArray";
    case "propsOrStringArray":
      return "v1.JSONSchemaPropsOrStringArray";
  }
}

type JsonSchema = Record<string, unknown>;

const INT_RANGE: Record<string, [number, number]> = {
  int32: [-2147483648, 2147483647],
  // eslint-disable-next-line no-loss-of-precision -- a double cannot hold 2^63-1: the bound is 2^63 as written
  int64: [-9223372036854775808, 9223372036854775807],
  uint8: [0, 255],
};

/**
 * The JSON Schema of the CRD as the Kubernetes 1.<minor> apiserver decodes it. Fields outside their `since`/`until`
 * range are left out, so that `additionalProperties: false` reports them as unknown, like that server does.
 * Custom keywords: `goTime` (RFC 3339 string) and `goBase64` (Go's standard base64), registered by the decoder.
 */
export function crdV1JsonSchema(minor: number): JsonSchema {
  const PROPS_REF = { $ref: "#/definitions/JSONSchemaProps" };
  const toSchema = (t: GoType): JsonSchema => {
    switch (t.kind) {
      case "string":
        return { type: ["string", "null"] };
      case "bool":
        return { type: ["boolean", "null"] };
      case "int": {
        const [min, max] = INT_RANGE[t.go]!;
        return { type: ["integer", "null"], minimum: min, maximum: max };
      }
      case "float":
        return { type: ["number", "null"] };
      case "bytes":
        return { type: ["string", "array", "null"], goBase64: true, items: toSchema({ kind: "int", go: "uint8" }) };
      case "time":
        return { type: ["string", "null"], goTime: true };
      case "json":
        return {};
      case "struct": {
        const properties: Record<string, JsonSchema> = {};
        for (const [name, field] of Object.entries(t.fields))
          if (fieldApplies(field, minor)) properties[name] = toSchema(field.type);
        return { type: ["object", "null"], properties, additionalProperties: false };
      }
      case "slice":
        return { type: ["array", "null"], items: toSchema(t.elem) };
      case "map":
        return { type: ["object", "null"], additionalProperties: toSchema(t.elem) };
      case "props":
        return PROPS_REF;
      case "propsOrBool":
        return { if: { type: "object" }, then: PROPS_REF, else: { type: ["boolean", "null"] } };
      case "propsOrArray":
        return { if: { type: "object" }, then: PROPS_REF, else: { items: PROPS_REF } };
      case "propsOrStringArray":
        return { if: { type: "object" }, then: PROPS_REF, else: { items: { type: ["string", "null"] } } };
    }
  };
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: `https://crdlint.dev/schemas/apiextensions.k8s.io/v1/customresourcedefinition-1.${minor}.json`,
    title: `apiextensions.k8s.io/v1 CustomResourceDefinition as the Kubernetes 1.${minor} apiserver decodes it`,
    definitions: { JSONSchemaProps: toSchema(JSON_SCHEMA_PROPS) },
    ...toSchema(CUSTOM_RESOURCE_DEFINITION),
  };
}

/** Every distinct `since`/`until` threshold: minors on the same side of all of them share one compiled schema. */
export function schemaBand(minor: number): string {
  const out: string[] = [];
  const seen = new Set<GoType>();
  const visit = (t: GoType): void => {
    if (seen.has(t)) return;
    seen.add(t);
    if (t.kind === "struct")
      for (const [name, field] of Object.entries(t.fields)) {
        if (field.since !== undefined || field.until !== undefined)
          out.push(`${t.go}.${name}:${fieldApplies(field, minor) ? 1 : 0}`);
        visit(field.type);
      }
    else if (t.kind === "slice" || t.kind === "map") visit(t.elem);
  };
  visit(CUSTOM_RESOURCE_DEFINITION);
  visit(JSON_SCHEMA_PROPS);
  return out.join(",");
}

/** The oldest minor of the band `minor` is in: the name of the band's generated decoder (dist/crd/decoders/v1-<N>.js). */
export function schemaBandStart(minor: number): number {
  const band = schemaBand(minor);
  for (let m = OLDEST_KUBERNETES_MINOR; m < minor; m++) if (schemaBand(m) === band) return m;
  return minor;
}
