/** The diff command's options (the library's RevisionOptions) and where OLD comes from. */
import type { LintOptions } from "../../engine/files.js";
import type { DiffPolicy } from "../../config/diff-policy.js";

export interface RevisionOptions extends LintOptions {
  /** --stored-versions v1alpha1,v1: OLD's status.storedVersions for every CRD (overrides OLD's status and the A27 assumption). */
  storedVersions?: string[];
  /** --stored-versions NAME=v1alpha1,v1: OLD's status.storedVersions of one CRD (overrides the list for every CRD). */
  storedVersionsByCrd?: Readonly<Record<string, readonly string[]>>;
  /**
   * --stored-versions-from FILE: CRDs as the cluster returns them (`kubectl get crd -o yaml`, a `kind: List` too);
   * each one's status.storedVersions is OLD's list for the CRD of its name (NAME=... still wins).
   */
  storedVersionsFrom?: readonly string[];
  /** The `diff` section of .crdlint.yaml. */
  diffPolicy?: DiffPolicy;
  /** --objects: example or exported custom resources replayed against NEW (src/commands/diff/replay.ts). */
  objects?: readonly string[];
  /**
   * The paths as the user named them when NEW's paths are a narrowed list of files (--crd-files-only, or no path at
   * all: the files holding a CRD under "."): with `against`, OLD is these paths at the ref, and CRDs pair within them,
   * so a CRD file deleted or moved since the ref is still seen.
   */
  namedPaths?: readonly string[];
}

/** Where OLD comes from. */
export type OldSource = { kind: "paths"; paths: readonly string[] } | { kind: "against"; against: string };
