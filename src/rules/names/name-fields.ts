/** What the names-{plural,singular,kind,listkind}-{required,invalid} rules share: the checks of one name field. */
import type { CrdView } from "../../crd/model.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";
import { isDNS1035Label, joined } from "../../k8s/validation.js";

/** The spec.names fields that have a `-required` and an `-invalid` rule. */
export type NameField = "plural" | "singular" | "kind" | "listKind";

/** The fix of every missing name: plural and kind are the two that have no default. */
export const REQUIRED_NAME_FIX =
  "Set spec.names.plural (lower case, e.g. `widgets`) and spec.names.kind (CamelCase, e.g. `Widget`); singular " +
  "and listKind then default to `widget` and `WidgetList`.";

/** The apiserver's check of spec.names (every name field, shortNames, categories). */
export const NAMES_UPSTREAM =
  "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
  "(ValidateCustomResourceDefinitionNames)";

/** The fix of a plural or singular that is not a DNS-1035 label. */
export const LOWER_CASE_NAME_FIX =
  "Use lower case letters, digits and '-' only, starting with a letter, at most 63 characters: e.g. `widgets`, " +
  "`widget`.";

/** The fix of a kind or listKind that is not a DNS-1035 label once lower-cased. */
export const CAMEL_CASE_NAME_FIX =
  "Use letters and digits only (CamelCase is fine), starting with a letter: e.g. `Widget`, `WidgetList`.";

/** The apiserver's check that a name is set, and the v1 defaulting that runs before it. */
export const REQUIRED_NAME_UPSTREAM =
  "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
  "(validateCustomResourceDefinitionSpec); " +
  "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/defaults.go";

/** spec.names.<key> when it is empty after the v1 defaults (singular and listKind derive from kind), else null. */
export function emptyNamePath(crd: CrdView, key: NameField): DualPath | null {
  return crdNames(crd.spec)[key] === "" ? DualPath.root("spec", "names", key) : null;
}

/** A name that is not a DNS-1035 label: where, its value, and the validation errors joined as the apiserver joins them. */
export interface InvalidName {
  readonly path: DualPath;
  readonly value: string;
  readonly errors: string;
}

/**
 * spec.names.<key> when it is set and not a DNS-1035 label, else null. kind and listKind may be CamelCase: they are
 * lower-cased before the check, as the apiserver does.
 */
export function invalidName(crd: CrdView, key: NameField): InvalidName | null {
  const v = crdNames(crd.spec)[key];
  if (!v) return null;
  const errs = isDNS1035Label(key === "kind" || key === "listKind" ? v.toLowerCase() : v);
  if (errs.length === 0) return null;
  return { path: DualPath.root("spec", "names", key), value: v, errors: joined(errs) };
}
