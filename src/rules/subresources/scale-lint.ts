/** Shared resolution of scale paths for the scale lints: which paths pass the apiserver and where they land. */
import type { CrdView, JsonObject, VersionView } from "../../crd/model.js";
import type { DualPath } from "../../k8s/path.js";
import { isSimpleJsonPath, scalePath, scaleScopes, type ScalePathField } from "./scale.js";
import { lookupSchemaPath, schemaGroups, type LookupResult, type LookupStep } from "../../crd/schema-lookup.js";

export interface ResolvedScalePath {
  field: ScalePathField;
  value: string;
  path: DualPath;
  steps: LookupStep[];
  /** The lookup in each distinct schema of the versions the scale block applies to. */
  results: { result: LookupResult; versions: VersionView[] }[];
  versions: VersionView[];
}

const PREFIX: Record<ScalePathField, readonly string[]> = {
  specReplicasPath: [".spec."],
  statusReplicasPath: [".status."],
  labelSelectorPath: [".spec.", ".status."],
};

/** The /scale handler splits a path on '.' only: brackets, wildcards and empty segments are taken literally. */
export function hasUnsupportedSyntax(path: string): boolean {
  return /[[\]*]/.test(path) || path.slice(1).split(".").includes("");
}

/** A scale path the apiserver accepts (so the apiserver-level rules are silent on it). */
function acceptedByApiserver(field: ScalePathField, p: string): boolean {
  return isSimpleJsonPath(p) && PREFIX[field].some((pre) => p.startsWith(pre));
}

/** Every accepted scale path of the CRD, with plain-segment syntax, resolved in each schema it applies to. */
export function resolvedScalePaths(crd: CrdView): ResolvedScalePath[] {
  const out: ResolvedScalePath[] = [];
  for (const s of scaleScopes(crd)) {
    const groups = schemaGroups(crd, s.versions);
    for (const field of ["specReplicasPath", "statusReplicasPath", "labelSelectorPath"] as const) {
      const p = scalePath(s.scale, field);
      if (!p || !acceptedByApiserver(field, p) || hasUnsupportedSyntax(p)) continue;
      const steps: LookupStep[] = p
        .slice(1)
        .split(".")
        .map((name) => ({ kind: "field", name }));
      out.push({
        field,
        value: p,
        path: s.path.child(field),
        steps,
        results: groups.map((g) => ({ result: lookupSchemaPath(g.scope.root, steps), versions: g.versions })),
        versions: groups.flatMap((g) => g.versions),
      });
    }
  }
  return out;
}

export function schemaType(schema: JsonObject): string {
  return typeof schema.type === "string" ? schema.type : "";
}
