/** Scale paths with brackets, wildcards or empty segments: accepted, but read literally at runtime. */
import { defineRule } from "../define-rule.js";
import { isSimpleJsonPath, scalePath, scaleScopes } from "./scale.js";
import { hasUnsupportedSyntax } from "./scale-lint.js";

export default defineRule({
  id: "lint-scale-path-unsupported-syntax",
  category: "subresources",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "A scale path uses brackets, wildcards or empty segments, which the /scale handler does not understand.",
  preset: "recommended",
  presetWhy: "A broken /scale: the handler cannot resolve the path, so /scale reads nothing.",
  phase: "crd",
  messages: {
    containsBracketsWildcardsOrEmpty:
      '{{field}} "{{p}}" contains brackets, wildcards or empty segments; /scale splits the path on "." and reads ' +
      "each part as a field name",
  },
  docs: {
    why:
      "The apiserver only checks that scale paths start with `.spec.`/`.status.`. At runtime the `/scale` handler " +
      "splits the path on `.` and looks each segment up as a plain field name, so `.spec.replicas[0]`, `.status.*` " +
      "or `.spec..replicas` name fields that never exist and `/scale` reads nothing.",
    fix: "Use a plain dotted path to a scalar field, e.g. `.spec.replicas`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/etcd.go",
    fail: 'subresources: {scale: {specReplicasPath: ".spec.workers[0].replicas", statusReplicasPath: .status.replicas}}\n',
    pass: "subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}}\nopenAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}}, status: {type: object, properties: {replicas: {type: integer}, selector: {type: string}}}}}\n",
  },
  check(ctx) {
    for (const s of scaleScopes(ctx.crd)) {
      for (const field of ["specReplicasPath", "statusReplicasPath", "labelSelectorPath"] as const) {
        const p = scalePath(s.scale, field);
        if (!p || !isSimpleJsonPath(p) || !hasUnsupportedSyntax(p)) continue;
        ctx.report({
          path: s.path.child(field),
          messageId: "containsBracketsWildcardsOrEmpty",
          data: { field, p },
          suggestion: "use a plain dotted path such as .spec.replicas",
        });
      }
    }
  },
});
