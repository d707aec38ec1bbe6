// Converts CustomResourceDefinitions into the JSON Schema files kubeconform reads: one file per kind and served
// version, laid out as `<dir>/<group>/<kind>_<version>.json` (kind lower-cased), so kubeconform finds them with
//   -schema-location '<dir>/{{ .Group }}/{{ .ResourceKind }}_{{ .ResourceAPIVersion }}.json'
// It does what the well-known openapi2jsonschema script does for CRDs, and follows the apiserver where JSON
// Schema can say the same thing: an object node with `properties` (or with neither `properties` nor
// `additionalProperties`) rejects unknown fields (`additionalProperties: false`) unless it carries
// `x-kubernetes-preserve-unknown-fields`, which is what strict field validation (kubectl's default) does to a
// structural schema; `nullable` admits null; `x-kubernetes-int-or-string` admits integers and strings; the root
// and embedded resources admit apiVersion, kind and metadata. CEL rules (`x-kubernetes-validations`), list types,
// metadata checks and formats JSON Schema does not know cannot be expressed: kubeconform does not check them.
// Used by bench/peers.mjs; on its own:
//   node bench/crd-jsonschema.mjs <crd.yaml...> -o <dir>
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseAllDocuments } from "yaml";

// Keywords of the CRD schema that are not JSON Schema (draft 4) and mean nothing to kubeconform's validator.
const K8S_EXTENSIONS = /^x-kubernetes-/;

/** The JSON Schemas of every version of one CRD object: [{ group, kind, version, schema }]. */
export function crdToJsonSchemas(crd) {
  const spec = crd?.spec;
  if (!spec || typeof spec !== "object") return [];
  const group = spec.group;
  const kind = spec.names?.kind;
  if (typeof group !== "string" || typeof kind !== "string") return [];
  const out = [];
  for (const v of Array.isArray(spec.versions) ? spec.versions : []) {
    // v1 CRDs carry a schema per version; a v1beta1-style top-level `validation` is the fallback.
    const openAPI = v?.schema?.openAPIV3Schema ?? spec.validation?.openAPIV3Schema;
    if (!v || typeof v.name !== "string" || !openAPI || typeof openAPI !== "object") continue;
    const schema = convert(openAPI, { root: true });
    schema.$schema = "http://json-schema.org/draft-04/schema#";
    out.push({ group, kind, version: v.name, schema });
  }
  return out;
}

/** Where kubeconform looks for a kind's schema under `dir` (see the -schema-location template above). */
export function schemaPath(dir, group, kind, version) {
  return join(dir, group, `${kind.toLowerCase()}_${version}.json`);
}

export const SCHEMA_LOCATION_TEMPLATE = "{{ .Group }}/{{ .ResourceKind }}_{{ .ResourceAPIVersion }}.json";

function convert(node, { root = false, inLogic = false } = {}) {
  if (!node || typeof node !== "object" || Array.isArray(node)) return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (K8S_EXTENSIONS.test(key) || key === "nullable") continue;
    switch (key) {
      case "properties":
      case "patternProperties":
      case "definitions":
        out[key] = Object.fromEntries(Object.entries(value ?? {}).map(([k, s]) => [k, convert(s, { inLogic })]));
        break;
      case "items":
        out.items = Array.isArray(value) ? value.map((s) => convert(s, { inLogic })) : convert(value, { inLogic });
        break;
      case "additionalProperties":
      case "additionalItems":
        out[key] = typeof value === "object" ? convert(value, { inLogic }) : value;
        break;
      // allOf/anyOf/oneOf/not of a structural schema only add value validations to the node they sit on:
      // their properties are no declaration of fields, so they get no additionalProperties of their own.
      case "allOf":
      case "anyOf":
      case "oneOf":
        out[key] = value.map((s) => convert(s, { inLogic: true }));
        break;
      case "not":
        out.not = convert(value, { inLogic: true });
        break;
      default:
        out[key] = value;
    }
  }
  if (node["x-kubernetes-int-or-string"] === true) out.type = ["integer", "string"];
  const embedded = node["x-kubernetes-embedded-resource"] === true;
  if (root || embedded) {
    // The apiserver always knows the type meta and ObjectMeta of a resource, declared or not.
    out.type ??= "object";
    out.properties ??= {};
    for (const [k, s] of [
      ["apiVersion", { type: "string" }],
      ["kind", { type: "string" }],
      ["metadata", { type: "object" }],
    ]) {
      out.properties[k] = out.properties[k] ? { ...s, ...out.properties[k] } : s;
    }
    // A CRD may only narrow metadata.name and generateName; the rest of ObjectMeta (labels, annotations, ...)
    // stays allowed, so declared metadata properties must not close the object.
    delete out.properties.metadata.additionalProperties;
  }
  const isObject = out.type === "object" || (out.type === undefined && out.properties !== undefined);
  if (
    !inLogic &&
    isObject &&
    out.additionalProperties === undefined &&
    node["x-kubernetes-preserve-unknown-fields"] !== true
  ) {
    out.additionalProperties = false;
  }
  if (node.nullable === true) {
    if (out.type !== undefined) out.type = [...new Set([...(Array.isArray(out.type) ? out.type : [out.type]), "null"])];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}

/** Writes the schemas of every CRD in `files` under `dir`; returns how many files it wrote. */
export function writeJsonSchemas(files, dir) {
  let written = 0;
  for (const file of files) {
    for (const doc of parseAllDocuments(readFileSync(file, "utf8"))) {
      const crd = doc.toJS({ maxAliasCount: -1 });
      if (crd?.kind !== "CustomResourceDefinition") continue;
      for (const { group, kind, version, schema } of crdToJsonSchemas(crd)) {
        const path = schemaPath(dir, group, kind, version);
        mkdirSync(join(dir, group), { recursive: true });
        writeFileSync(path, JSON.stringify(schema));
        written++;
      }
    }
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const o = args.indexOf("-o");
  if (o < 0 || !args[o + 1] || args.length < 3) {
    console.error("usage: node bench/crd-jsonschema.mjs <crd.yaml...> -o <dir>");
    process.exit(2);
  }
  const dir = args[o + 1];
  const files = args.filter((_, i) => i !== o && i !== o + 1);
  console.log(`${writeJsonSchemas(files, dir)} schema files written under ${dir}`);
}
