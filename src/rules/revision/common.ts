/** What the revision rules share: where a version is on a side, the names a message uses, the migration plan. */
import type { CrdView, VersionView } from "../../crd/model.js";
import { isObject } from "../../crd/model.js";
import { storageVersion } from "../../crd/revision.js";
import type { DualPath } from "../../k8s/path.js";
import { DualPath as Path } from "../../k8s/path.js";

/** `plural.group` as kubectl names the resource (metadata.name when the names are unusable). */
export function resourceName(view: CrdView): string {
  const names = isObject(view.spec.names) ? view.spec.names : {};
  return typeof names.plural === "string" && view.group ? `${names.plural}.${view.group}` : (view.name ?? "the CRD");
}

/** A version's `name` field, or the CRD's versions list when the version is not in it. */
export function versionPath(v: VersionView | null): DualPath {
  return v ? v.path.child("name") : Path.root("spec", "versions");
}

/**
 * The storage-version migration of the Kubernetes docs (Versions in CustomResourceDefinitions: "Upgrade existing
 * objects to a new stored version"), with this CRD's names: what to do, in order, before `from` can leave the CRD.
 */
export function migrationPlan(view: CrdView, from: readonly string[], to: string | null): string {
  const resource = resourceName(view);
  const crd = view.name ?? resource;
  const target = to ?? "<the new storage version>";
  const gone = from.join(", ");
  const steps = [
    `Migration plan (Kubernetes docs, "Upgrade existing objects to a new stored version"), one release per step:`,
    `1. Serve both: keep ${gone} in spec.versions (served: true) next to ${target}, with conversion between them (strategy None only if the schemas are identical).`,
    `2. Switch storage: storage: true on ${target} only; the apiserver adds ${target} to status.storedVersions.`,
    `3. Rewrite every object so it is stored as ${target}: kubectl get ${resource} --all-namespaces -o json | kubectl replace -f - (or a StorageVersionMigration, or kube-storage-version-migrator).`,
    `4. Patch status.storedVersions to [${target}]: kubectl patch crd ${crd} --subresource=status --type=merge -p '{"status":{"storedVersions":["${target}"]}}'`,
    `5. Unserve: served: false on ${gone}; serve it again if clients still call it.`,
    `6. Remove ${gone} from spec.versions.`,
  ];
  return steps.join("\n");
}

/** The storage version's name on a side, or null. */
export function storageName(view: CrdView): string | null {
  return storageVersion(view)?.name ?? null;
}
