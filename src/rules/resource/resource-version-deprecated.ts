/** The resource uses a version its CRD marks deprecated: the apiserver answers with a warning (the version's deprecationWarning or its default text). */
import { defineEngineRule } from "../define-rule.js";

// Emitted by `crdlint validate` (src/engine/validate.ts), never by `crdlint lint`: its examples hold a CRD and a resource.
export default defineEngineRule({
  id: "resource-version-deprecated",
  category: "resource",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "The resource uses a version its CRD marks deprecated: the apiserver answers with a warning (the version's deprecationWarning or its default text).",
  docs: {
    "why": "Deprecated versions may stop being served; the apiserver warns on every request.",
    "fix": "Move the resource to the version the warning names.",
    "upstream": "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go",
    "fail": "",
    "pass": ""
  },
});
