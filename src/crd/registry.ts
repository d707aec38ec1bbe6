/**
 * The CRDs of a run by group and kind (as the apiserver's REST mapping finds them), their versions by name, each
 * CRD with where it was read: what `crdlint validate` and `crdlint diff --objects` look a resource's CRD up in.
 * (Lint reads one CRD at a time, through the typed view of model.ts: it looks nothing up.)
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go (crdInfo by group and resource; getDeprecationWarning)
import { defaultDeprecationWarning } from "../k8s/version.js";
import { isObject, type JsonObject } from "./model.js";

/** One entry of spec.versions, as a resource's lookup needs it. */
export interface RegisteredVersion {
  name: string;
  served: boolean;
  deprecated: boolean;
  /** The version's own deprecationWarning, or null for the apiserver's default text. */
  deprecationWarning: string | null;
  raw: JsonObject;
}

/** One CRD of the run; `place` is where the caller read it (a file, a document, a line). */
export interface RegisteredCrd<Place> {
  raw: JsonObject;
  /** metadata.name (null when not set). */
  name: string | null;
  group: string;
  kind: string;
  namespaced: boolean;
  /** By name; a repeated name is the later entry, as the apiserver's map of versions keeps it. */
  versions: Map<string, RegisteredVersion>;
  place: Place;
}

/** A CRD object's spec.group, spec.names.kind ("" where unset) and metadata.name (null where unset). */
export function crdIdentity(raw: JsonObject): { group: string; kind: string; name: string | null } {
  const spec = isObject(raw.spec) ? raw.spec : {};
  const names = isObject(spec.names) ? spec.names : {};
  const metadata = isObject(raw.metadata) ? raw.metadata : {};
  return {
    group: typeof spec.group === "string" ? spec.group : "",
    kind: typeof names.kind === "string" ? names.kind : "",
    name: typeof metadata.name === "string" ? metadata.name : null,
  };
}

/** The registry's entry for a CRD object, or null when it has no group or no kind (nothing can be mapped to it). */
export function registeredCrd<Place>(raw: JsonObject, place: Place): RegisteredCrd<Place> | null {
  const { group, kind, name } = crdIdentity(raw);
  if (group === "" || kind === "") return null;
  const spec = isObject(raw.spec) ? raw.spec : {};
  const versions = new Map<string, RegisteredVersion>();
  if (Array.isArray(spec.versions))
    for (const v of spec.versions) {
      if (!isObject(v) || typeof v.name !== "string") continue;
      versions.set(v.name, {
        name: v.name,
        served: v.served === true,
        deprecated: v.deprecated === true,
        deprecationWarning: typeof v.deprecationWarning === "string" ? v.deprecationWarning : null,
        raw: v,
      });
    }
  return {
    raw,
    name,
    group,
    kind,
    namespaced: spec.scope !== "Cluster",
    versions,
    place,
  };
}

/** The apiserver's deprecation warning for a version of a CRD (its own text, or the default naming a newer version). */
export function deprecationWarning(crd: RegisteredCrd<unknown>, v: RegisteredVersion): string {
  if (v.deprecationWarning !== null) return v.deprecationWarning;
  return defaultDeprecationWarning(crd.group, crd.kind, v.name, crd.versions.values());
}

const groupKind = (group: string, kind: string): string => `${group}\0${kind}`;

/** A CRD known by its group, kind and name only, read whole (`load`) when a resource first needs it. */
export interface LazyCrd<Place> {
  group: string;
  kind: string;
  name: string | null;
  place: Place;
  load: () => JsonObject | null;
}

/** The CRDs of one run. A later definition of a group and kind replaces the earlier one, as applying them in order would. */
export class CrdRegistry<Place> {
  private readonly byGroupKind = new Map<string, RegisteredCrd<Place> | LazyCrd<Place>>();

  /** Registers a CRD object; returns its entry, or null when it cannot be mapped (no group or kind). */
  add(raw: JsonObject, place: Place): RegisteredCrd<Place> | null {
    const crd = registeredCrd(raw, place);
    if (crd) this.byGroupKind.set(groupKind(crd.group, crd.kind), crd);
    return crd;
  }

  /** Registers a CRD to be read when first needed (its group and kind known without reading it). */
  addLazy(crd: LazyCrd<Place>): void {
    this.byGroupKind.set(groupKind(crd.group, crd.kind), crd);
  }

  /** The CRD that defines `kind` in `group` (read now if it was registered lazily). */
  get(group: string, kind: string): RegisteredCrd<Place> | undefined {
    const key = groupKind(group, kind);
    const entry = this.byGroupKind.get(key);
    if (!entry || !("load" in entry)) return entry;
    const raw = entry.load();
    const crd = raw ? registeredCrd(raw, entry.place) : null;
    if (crd) this.byGroupKind.set(key, crd);
    else this.byGroupKind.delete(key);
    return crd ?? undefined;
  }

  /** Forgets the CRDs `drop` selects (an input found to be a template defines none). */
  remove(drop: (crd: { place: Place }) => boolean): void {
    for (const [key, crd] of this.byGroupKind) if (drop(crd)) this.byGroupKind.delete(key);
  }
}
