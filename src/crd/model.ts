/** The typed view of one CRD document: versions, and the v1 → internal hoisting that decides every reported path. */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/conversion.go (hoisting of identical per-version fields)
import { DualPath, FieldPath } from "../k8s/path.js";
import { isPlainObject } from "../k8s/go.js";
import { identicalPerVersionFields } from "./internal-version.js";

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = Record<string, unknown>;

/** A JSON object (not null, not an array). */
export const isObject: (v: unknown) => v is JsonObject = isPlainObject;

export interface VersionView {
  index: number;
  name: string;
  raw: JsonObject;
  path: DualPath;
}

/** One schema the apiserver validates: either the hoisted `spec.validation` or one version's own. */
export interface SchemaScope {
  /** The openAPIV3Schema object (non-null object). */
  root: JsonObject;
  /** Written path of the root (spec.versions[i].schema.openAPIV3Schema) and the apiserver's (spec.validation.openAPIV3Schema when hoisted). */
  path: DualPath;
  /** Parent path `<V>`: spec.versions[i].schema / spec.validation. */
  parentPath: DualPath;
  /** Versions that carry this schema (all of them when hoisted). */
  versions: VersionView[];
  hoisted: boolean;
  /** "Status enabled" for this schema: its version's status subresource, or any version's when hoisted. */
  statusEnabled: boolean;
}

export interface HoistedField<T> {
  /** True when every version carries the same value (always for one version): the apiserver reports under the top-level path. */
  hoisted: boolean;
  /** One entry per place the apiserver validates: the hoisted value once (at the first version), or each version's own. */
  scopes: { value: T | undefined; path: DualPath; versions: VersionView[] }[];
}

export interface CrdView {
  raw: JsonObject;
  apiVersion: string;
  name: string | null;
  spec: JsonObject;
  group: string;
  versions: VersionView[];
  schemas: SchemaScope[];
  /** Versions that lack schema.openAPIV3Schema (the `schema-required` error), when the schema is not hoisted non-nil. */
  versionsWithoutSchema: VersionView[];
  subresources: HoistedField<unknown>;
  printerColumns: HoistedField<unknown>;
  selectableFields: HoistedField<unknown>;
  schemaHoisted: boolean;
}

function hoist(
  versions: VersionView[],
  writtenField: "subresources" | "additionalPrinterColumns" | "selectableFields",
  identical: boolean,
): HoistedField<unknown> {
  const values = versions.map((v) => v.raw[writtenField]);
  const apiserverTop = FieldPath.root("spec", writtenField);
  if (versions.length > 0 && identical) {
    const first = versions[0]!;
    return {
      hoisted: true,
      scopes: [
        { value: values[0], path: new DualPath(first.path.written.child(writtenField), apiserverTop), versions },
      ],
    };
  }
  return {
    hoisted: false,
    scopes: versions.map((v, i) => ({ value: values[i], path: v.path.child(writtenField), versions: [v] })),
  };
}

export function isCrd(value: unknown): value is JsonObject {
  return (
    isObject(value) &&
    value.kind === "CustomResourceDefinition" &&
    typeof value.apiVersion === "string" &&
    value.apiVersion.startsWith("apiextensions.k8s.io/")
  );
}

/** Builds the view the rules read. Assumes the object is a CRD; tolerates any wrong shapes (decoding rules report them). */
export function buildCrdView(raw: JsonObject): CrdView {
  const spec = isObject(raw.spec) ? raw.spec : {};
  const metadata = isObject(raw.metadata) ? raw.metadata : {};
  const rawVersions = Array.isArray(spec.versions) ? spec.versions : [];
  const versions: VersionView[] = rawVersions.map((v, index) => ({
    index,
    name: isObject(v) && typeof v.name === "string" ? v.name : "",
    raw: isObject(v) ? v : {},
    path: DualPath.root("spec").child("versions").index(index),
  }));

  const schemaOf = (v: VersionView): unknown => v.raw.schema;
  const schemaValues = versions.map(schemaOf);
  // Identical as the internal values the conversion compares (apiequality.Semantic.DeepEqual), not as raw JSON.
  const identical = identicalPerVersionFields(versions.map((v) => v.raw));
  const schemaHoisted = identical.schema && schemaValues[0] !== undefined && schemaValues[0] !== null;
  const statusOf = (v: VersionView) =>
    isObject(v.raw.subresources) && v.raw.subresources.status !== undefined && v.raw.subresources.status !== null;

  const schemas: SchemaScope[] = [];
  const versionsWithoutSchema: VersionView[] = [];
  const hoistedRoot =
    schemaHoisted && isObject(schemaValues[0]) ? (schemaValues[0] as JsonObject).openAPIV3Schema : undefined;
  if (schemaHoisted && hoistedRoot !== undefined && hoistedRoot !== null) {
    const first = versions[0]!;
    if (isObject(hoistedRoot)) {
      const parentPath = new DualPath(first.path.written.child("schema"), FieldPath.root("spec", "validation"));
      schemas.push({
        root: hoistedRoot,
        path: parentPath.child("openAPIV3Schema"),
        parentPath,
        versions,
        hoisted: true,
        statusEnabled: versions.some(statusOf),
      });
    }
  } else {
    for (const v of versions) {
      const s = v.raw.schema;
      const root = isObject(s) ? s.openAPIV3Schema : undefined;
      if (root === undefined || root === null) {
        versionsWithoutSchema.push(v);
        continue;
      }
      if (!isObject(root)) continue;
      const parentPath = v.path.child("schema");
      schemas.push({
        root,
        path: parentPath.child("openAPIV3Schema"),
        parentPath,
        versions: [v],
        hoisted: false,
        statusEnabled: statusOf(v),
      });
    }
  }

  return {
    raw,
    apiVersion: String(raw.apiVersion ?? ""),
    name: typeof metadata.name === "string" ? metadata.name : null,
    spec,
    group: typeof spec.group === "string" ? spec.group : "",
    versions,
    schemas,
    versionsWithoutSchema,
    schemaHoisted,
    subresources: hoist(versions, "subresources", identical.subresources),
    printerColumns: hoist(versions, "additionalPrinterColumns", identical.columns),
    selectableFields: hoist(versions, "selectableFields", identical.selectableFields),
  };
}
