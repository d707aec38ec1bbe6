/** The highest-priority served version is deprecated. */
import { defineRule } from "../define-rule.js";
import { sortByVersionPriority } from "../../k8s/version.js";

export default defineRule({
  id: "lint-preferred-version-deprecated",
  category: "versions",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "The preferred (highest-priority served) version is deprecated.",
  preset: "recommended",
  presetWhy:
    "Broken clients, quietly: kubectl and most clients use the preferred version, so everyday requests go to a " +
    "deprecated version and get its warning.",
  phase: "crd",
  messages: {
    thePreferredVersionHighestPriority:
      'the preferred version "{{top}}" (highest priority among served versions) is deprecated',
  },
  docs: {
    why:
      "Discovery advertises the highest-priority served version as preferred; kubectl and most clients use it by " +
      "default. If it is deprecated, everyday use produces deprecation warnings and the non-deprecated replacement " +
      "is not picked up.",
    fix:
      "Serve a non-deprecated version that sorts higher (e.g. `v2` above `v1`, `v1` above `v1beta1`), or stop " +
      "marking the preferred version deprecated.",
    upstream:
      "kubernetes/apimachinery:pkg/version/helpers.go (CompareKubeAwareVersionStrings); " +
      "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_discovery_controller.go",
    fail: "versions:\n- {name: v1, served: true, storage: true, deprecated: true, schema: {openAPIV3Schema: {type: object}}}\n- {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: "versions:\n- {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n- {name: v1beta1, served: true, storage: false, deprecated: true, schema: {openAPIV3Schema: {type: object}}}\n",
  },
  check(ctx) {
    const served = ctx.crd.versions.filter((v) => v.raw.served === true && v.name !== "");
    if (served.length === 0) return;
    const top = sortByVersionPriority(served.map((v) => v.name))[0]!;
    const v = served.find((x) => x.name === top)!;
    if (v.raw.deprecated !== true) return;
    ctx.report({
      path: v.path.child("deprecated"),
      messageId: "thePreferredVersionHighestPriority",
      data: { top },
      suggestion: "serve a newer, non-deprecated version",
    });
  },
});
