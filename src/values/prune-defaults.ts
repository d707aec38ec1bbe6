/**
 * Whether a schema has defaults that pruning would change, as an update asks of OLD (`schemaHasUnprunedDefaults`: an
 * OLD with such defaults lets NEW keep unpruned defaults too, requirePrunedDefaults false).
 *
 * This is not the create-time check (`default-not-pruned`, which prunes a default against its own node and skips
 * defaults inside a resource's metadata/kind/apiVersion and under additionalProperties). PruneDefaults places every
 * default in an object built from the schema's root (additionalProperties' under the key `*`), coerces that object's
 * metadata with dropInvalidFields (ObjectMeta drops unknown, empty and malformed fields; an apiVersion or kind that is
 * no string is deleted), prunes it from the root and reads the default back: a default that comes back different, or
 * not at all, is unpruned.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (schemaHasUnprunedDefaults)
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/defaulting/prune.go (PruneDefaults)
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/defaulting/surroundingobject.go
import { deepCopy, deepEqual, isPlainObject } from "../k8s/go.js";
import { coerceEmbedded } from "./embedded.js";
import { pruneValue } from "./prune.js";

type Step = { key: string } | { index: true };
type Schema = Record<string, unknown>;

/** The outcome of PruneDefaults on one schema: unpruned defaults found, none, or an error (which counts as none). */
export type UnprunedDefaults = "unpruned" | "pruned" | "error";

/**
 * PruneDefaults over a structural openAPIV3Schema (the caller checks that it is structural: the apiserver counts a
 * schema that is not as having none).
 */
export function schemaUnprunedDefaults(root: unknown): UnprunedDefaults {
  if (!isPlainObject(root)) return "pruned";
  let changed = false;
  const visit = (s: Schema, steps: Step[]): boolean => {
    const d = s.default;
    if (d !== undefined && d !== null) {
      const obj = surround(steps, deepCopy(d));
      if (obj === null) return false;
      const coerced = coerceEmbedded(obj, root, { isResourceRoot: true, dropInvalidFields: true }).value;
      const pruned = pruneValue(coerced, root, { isResourceRoot: true }).pruned;
      const back = access(pruned, steps);
      if (back === ERROR) return false;
      if (!deepEqual(d, back)) changed = true;
    }
    const ap = s.additionalProperties;
    if (isPlainObject(ap) && !visit(ap, [...steps, { key: "*" }])) return false;
    if (isPlainObject(s.items) && !visit(s.items, [...steps, { index: true }])) return false;
    if (isPlainObject(s.properties))
      for (const [k, p] of Object.entries(s.properties))
        if (isPlainObject(p) && !visit(p, [...steps, { key: k }])) return false;
    return true;
  };
  if (!visit(root, [])) return "error";
  return changed ? "unpruned" : "pruned";
}

/** The surrounding object of `focus` at `steps` from the root (NewRootObjectFunc, Child, Index); null when the root's default is no object. */
function surround(steps: Step[], focus: unknown): Record<string, unknown> | null {
  let v = focus;
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    v = "key" in s ? { [s.key]: v } : [v];
  }
  return isPlainObject(v) ? v : null;
}

const ERROR = Symbol("accessor error");

/** The accessor of `surround`: the value at `steps`, undefined when a step is missing, ERROR when a step has the wrong type. */
function access(obj: unknown, steps: Step[]): unknown {
  let v = obj;
  for (const s of steps) {
    if ("key" in s) {
      if (!isPlainObject(v)) return ERROR;
      if (!Object.prototype.hasOwnProperty.call(v, s.key)) return undefined;
      v = v[s.key];
    } else {
      if (!Array.isArray(v)) return ERROR;
      if (v.length === 0) return undefined;
      v = v[0];
    }
  }
  return v;
}
