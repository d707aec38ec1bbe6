/**
 * The release table: every behaviour of the apiserver that changed at a Kubernetes release, by name, with the first
 * minor release that has it. Code asks `releaseHas(minor, "name")` instead of comparing `minor` with a number, so
 * that what changed at a release is read in one place (and a new release is added here); scripts/check-releases.mjs
 * fails on a release literal anywhere else.
 */

interface ReleaseBehaviour {
  /** The first minor release (1.N) that behaves so. */
  readonly since: number;
  /** What changes, in the apiserver's terms. */
  readonly what: string;
  /** owner/repo:path (function) of the upstream change, where one place says it. */
  readonly upstream?: string;
}

export const RELEASE_BEHAVIOURS = {
  // ---- CRD validation, values, objectmeta, decoding (src/k8s, src/load, src/crd, src/values, src/rules, src/engine)
  ratcheting: {
    since: 30,
    what: "CRDValidationRatcheting on by default: an update's unchanged invalid values pass, and optionalOldSelf is kept",
    upstream: "kubernetes/apiextensions-apiserver:pkg/features/kube_features.go (CRDValidationRatcheting)",
  },

  // ---- CEL (src/cel)
} as const satisfies Record<string, ReleaseBehaviour>;

export type ReleaseBehaviourName = keyof typeof RELEASE_BEHAVIOURS;

/** Whether Kubernetes 1.<minor> has the behaviour. */
export function releaseHas(minor: number, name: ReleaseBehaviourName): boolean {
  return minor >= RELEASE_BEHAVIOURS[name].since;
}
