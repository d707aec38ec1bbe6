/** The storage version as the storage-version lint rules judge it. */
import type { VersionView } from "../../crd/model.js";

/** The single storage version (null when there is not exactly one: versions-storage-count reports that). */
export function singleStorageVersion(versions: readonly VersionView[]): VersionView | null {
  const s = versions.filter((v) => v.raw.storage === true);
  return s.length === 1 ? s[0]! : null;
}
