/** Kubernetes format library declarations (kubernetes/apiserver pkg/cel/library/format.go). */
import { FORMAT_TYPE, LIST_STRING, optionalOf, STRING } from "../core/typeutil.js";
import { g, m, type OverloadDecl, type Lib } from "../core/checker/decls.js";

/** Named formats of the Kubernetes format library (`format.<name>()`). */
export const NAMED_FORMATS = [
  "dns1123Label",
  "dns1123Subdomain",
  "dns1035Label",
  "qualifiedName",
  "dns1123LabelPrefix",
  "dns1123SubdomainPrefix",
  "dns1035LabelPrefix",
  "labelValue",
  "uri",
  "uuid",
  "byte",
  "date",
  "datetime",
] as const;

export const formatLib: Lib = {
  fns: [
    ["validate", [m("format-validate", [FORMAT_TYPE, STRING], optionalOf(LIST_STRING))]],
    ["format.named", [g("format-named", [STRING], optionalOf(FORMAT_TYPE))]],
    ...NAMED_FORMATS.map((n): [string, OverloadDecl[]] => [`format.${n}`, [g(`format.${n}`, [], FORMAT_TYPE)]]),
  ],
};
