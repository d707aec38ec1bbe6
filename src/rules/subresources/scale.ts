/** The `scale` subresource entries the apiserver validates (hoisted `spec.subresources` or per version) and their paths. */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (ValidateCustomResourceDefinitionSubresources)
import { isObject, type CrdView, type JsonObject, type VersionView } from "../../crd/model.js";
import type { DualPath } from "../../k8s/path.js";

export interface ScaleScope {
  scale: JsonObject;
  /** `<SUB>.scale`. */
  path: DualPath;
  versions: VersionView[];
}

export type ScalePathField = "specReplicasPath" | "statusReplicasPath" | "labelSelectorPath";

/** Every `scale` object the apiserver validates, once per hoisting scope (`scale: null` is absent). */
export function scaleScopes(crd: CrdView): ScaleScope[] {
  const out: ScaleScope[] = [];
  for (const scope of crd.subresources.scopes) {
    const sub = scope.value;
    if (!isObject(sub) || !isObject(sub.scale)) continue;
    out.push({ scale: sub.scale, path: scope.path.child("scale"), versions: scope.versions });
  }
  return out;
}

/**
 * A scale path as the decoded Go struct holds it: "" when absent or null, null when it is not a string (the
 * request does not decode; the decoding rules report it). labelSelectorPath is a *string: absent and "" are
 * both skipped by the apiserver, so "" covers both.
 */
export function scalePath(scale: JsonObject, field: ScalePathField): string | null {
  const v = scale[field];
  if (v === undefined || v === null) return "";
  return typeof v === "string" ? v : null;
}

/** `field` of every scale subresource, as `scalePath` reads it, with its position. */
export function scalePathsOf(crd: CrdView, field: ScalePathField): { path: DualPath; value: string | null }[] {
  return scaleScopes(crd).map((s) => ({ path: s.path.child(field), value: scalePath(s.scale, field) }));
}

export const NOT_JSON_PATH_MESSAGE = "must be a simple json path starting with .";

/** The `why` and `fix` of the scale-*-path-not-json-path rules, for the path `example` (`.status.replicas`). */
export function notJsonPathDocs(example: string): { why: string; fix: string } {
  return {
    why:
      "The apiserver only accepts scale paths written as simple JSON paths that start with a dot " +
      `(\`${example}\`), the form the \`/scale\` handler resolves at runtime.`,
    fix: `Prefix the path with a dot: \`${example}\` instead of \`${example.slice(1)}\`.`,
  };
}

/** validateSimpleJSONPath on a non-empty path: the only reachable error is a first character other than '.'. */
export function isSimpleJsonPath(path: string): boolean {
  return path.length > 0 && path[0] === ".";
}
