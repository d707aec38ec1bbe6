/** No version is served. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";

export default defineRule({
  id: "lint-no-served-version",
  category: "versions",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "No version has served: true.",
  preset: "recommended",
  presetWhy: "Broken clients: the resource is neither served nor discoverable, so every request for it fails.",
  phase: "crd",
  messages: {
    noVersionIsServedThe: "no version is served: the resource is not reachable through the API",
  },
  docs: {
    why:
      "The apiserver accepts a CRD whose versions are all `served: false`, but then the resource is neither served " +
      'nor discoverable: every `kubectl get` or controller request fails with "the server could not find the ' +
      'requested resource".',
    fix: "Set `served: true` on at least one version (normally the storage version).",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_discovery_controller.go (only served versions " +
      "are discovered)",
    fail: "versions:\n- {name: v1, served: false, storage: true, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: "openAPIV3Schema: {type: object}\n",
  },
  check(ctx) {
    const versions = ctx.crd.versions;
    if (versions.length === 0 || versions.some((v) => v.raw.served === true)) return;
    ctx.report({
      path: DualPath.root("spec", "versions"),
      messageId: "noVersionIsServedThe",
      suggestion: "set served: true on the storage version",
    });
  },
});
