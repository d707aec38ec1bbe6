/**
 * Where a runtime path (a scale path split on '.', a simple printer-column JSONPath) lands in a CRD's schema, the
 * way the pruned custom resource is shaped: properties, map values (additionalProperties), list items, and the
 * implicit apiVersion/kind/metadata of the resource root and of embedded resources. Used by crdlint's lints only.
 */
import { isObject, type CrdView, type JsonObject, type SchemaScope, type VersionView } from "./model.js";

export type LookupStep = { kind: "field"; name: string } | { kind: "item" };

export type LookupResult =
  | { kind: "found"; schema: JsonObject }
  /** `resolved` steps matched; the next one has no schema (pruning drops such data, so the path reads nothing). */
  | { kind: "missing"; resolved: number; reason: string }
  /** The path enters data the schema does not describe (x-kubernetes-preserve-unknown-fields, additionalProperties: true). */
  | { kind: "unknown" };

const str = { type: "string" };
const stringMap = { type: "object", additionalProperties: { type: "string" } };
/** The ObjectMeta every resource root (and embedded resource) carries, whatever its schema says. */
const OBJECT_META: JsonObject = {
  type: "object",
  properties: {
    name: str,
    generateName: str,
    namespace: str,
    selfLink: str,
    uid: str,
    resourceVersion: str,
    generation: { type: "integer", format: "int64" },
    creationTimestamp: { type: "string", format: "date-time" },
    deletionTimestamp: { type: "string", format: "date-time" },
    deletionGracePeriodSeconds: { type: "integer", format: "int64" },
    labels: stringMap,
    annotations: stringMap,
    ownerReferences: { type: "array", items: { type: "object", "x-kubernetes-preserve-unknown-fields": true } },
    finalizers: { type: "array", items: str },
    managedFields: { type: "array", items: { type: "object", "x-kubernetes-preserve-unknown-fields": true } },
  },
};

function isResourceRoot(schema: JsonObject, isRoot: boolean): boolean {
  return isRoot || schema["x-kubernetes-embedded-resource"] === true;
}

/** Follows `steps` from the schema root. */
export function lookupSchemaPath(root: JsonObject, steps: readonly LookupStep[]): LookupResult {
  let s: JsonObject = root;
  let atRoot = true;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (step.kind === "item") {
      const t = s.type;
      if (t === "array") {
        if (!isObject(s.items)) return { kind: "unknown" };
        s = s.items;
      } else if (typeof t !== "string" || t === "" || s["x-kubernetes-preserve-unknown-fields"] === true) {
        return { kind: "unknown" };
      } else {
        return { kind: "missing", resolved: i, reason: `it is of type ${t}, not a list` };
      }
      atRoot = false;
      continue;
    }
    const name = step.name;
    const props = isObject(s.properties) ? s.properties : null;
    if (isResourceRoot(s, atRoot) && name === "metadata") {
      s = OBJECT_META;
    } else if (props && Object.prototype.hasOwnProperty.call(props, name)) {
      const p = props[name];
      s = isObject(p) ? p : {};
    } else if (isResourceRoot(s, atRoot) && (name === "apiVersion" || name === "kind")) {
      s = str;
    } else if (isObject(s.additionalProperties)) {
      s = s.additionalProperties;
    } else if (s.additionalProperties === true || s["x-kubernetes-preserve-unknown-fields"] === true) {
      return { kind: "unknown" };
    } else {
      return { kind: "missing", resolved: i, reason: `no property "${name}"` };
    }
    atRoot = false;
  }
  return { kind: "found", schema: s };
}

/** Renders the first `n` steps as a JSONPath prefix (`.spec.items[*]`), `.` for none. */
export function stepsPrefix(steps: readonly LookupStep[], n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) {
    const s = steps[i]!;
    out += s.kind === "field" ? `.${s.name}` : "[*]";
  }
  return out === "" ? "." : out;
}

export interface SchemaGroup {
  scope: SchemaScope;
  versions: VersionView[];
}

/** The schemas that apply to these versions (one group per distinct schema), skipping versions without one. */
export function schemaGroups(crd: CrdView, versions: readonly VersionView[]): SchemaGroup[] {
  const out: SchemaGroup[] = [];
  for (const v of versions) {
    const scope = crd.schemas.find((s) => s.versions.some((sv) => sv.index === v.index));
    if (!scope) continue;
    const g = out.find((x) => x.scope === scope);
    if (g) g.versions.push(v);
    else out.push({ scope, versions: [v] });
  }
  return out;
}

/** ` (in version v1beta1)` when a finding holds for some of the versions a field applies to, else "". */
export function versionsNote(affected: readonly VersionView[], all: readonly VersionView[]): string {
  if (affected.length === all.length) return "";
  const names = affected.map((v) => v.name || `#${v.index}`);
  return ` (in version${names.length > 1 ? "s" : ""} ${names.join(", ")})`;
}
