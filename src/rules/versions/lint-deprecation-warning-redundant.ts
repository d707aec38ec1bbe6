/** A deprecated version without deprecationWarning gets the default warning; one equal to it is redundant. */
import { defineRule } from "../define-rule.js";
import { isObject } from "../../crd/model.js";
import { compareKubeAwareVersionStrings, sortByVersionPriority } from "../../k8s/version.js";
import { warningOf } from "./deprecation-warning-not-deprecated.js";

export default defineRule({
  id: "lint-deprecation-warning-redundant",
  category: "versions",
  severity: "info",
  apiserver: false,
  type: null,
  description:
    "Shows the default deprecation warning a deprecated version gets, or flags a deprecationWarning equal to it.",
  preset: "strict",
  presetWhy: "Advice on wording: users get the same warning either way.",
  phase: "crd",
  minMinor: 19,
  messages: {
    clientsOfGetTheDefault: 'clients of {{name}} get the default warning "{{text}}"',
    deprecationwarningRepeatsTheDefaultWarning: "deprecationWarning repeats the default warning text",
  },
  docs: {
    why:
      "Requests to a deprecated version without deprecationWarning get the warning " +
      "`<group>/<version> <Kind> is deprecated; use <group>/<best> <Kind>`, where `<best>` is the highest-priority " +
      "served, non-deprecated version that sorts above it. Writing that same text by hand adds nothing; when no " +
      "better version exists the default has no `use ...` hint, which a custom warning could add.",
    fix:
      "Omit deprecationWarning when the default says it all; otherwise write a warning that tells users what to " +
      "migrate to and when the version goes away.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go (defaultDeprecationWarning)",
    fail: "versions:\n- {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n- {name: v1beta1, served: true, storage: false, deprecated: true, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: 'versions:\n- {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n- {name: v1beta1, served: true, storage: false, deprecated: true, deprecationWarning: "v1beta1 is removed in 2.0; migrate to v1", schema: {openAPIV3Schema: {type: object}}}\n',
  },
  check(ctx) {
    const names = isObject(ctx.crd.spec.names) ? ctx.crd.spec.names : {};
    const kind = typeof names.kind === "string" ? names.kind : "";
    const group = ctx.crd.group;
    for (const v of ctx.crd.versions) {
      if (v.raw.deprecated !== true) continue;
      const better = ctx.crd.versions
        .filter(
          (o) =>
            o.raw.served === true && o.raw.deprecated !== true && compareKubeAwareVersionStrings(v.name, o.name) < 0,
        )
        .map((o) => o.name);
      let text = `${group}/${v.name} ${kind} is deprecated`;
      if (better.length > 0) text += `; use ${group}/${sortByVersionPriority(better)[0]} ${kind}`;
      const w = warningOf(v);
      if (v.raw.deprecationWarning === undefined || v.raw.deprecationWarning === null)
        ctx.report({
          path: v.path.child("deprecated"),
          messageId: "clientsOfGetTheDefault",
          data: { name: v.name, text },
          suggestion:
            better.length === 0
              ? "no served, non-deprecated version sorts higher: consider a deprecationWarning naming the replacement"
              : undefined,
        });
      else if (w === text)
        ctx.report({
          path: v.path.child("deprecationWarning"),
          messageId: "deprecationwarningRepeatsTheDefaultWarning",
          suggestion: "remove deprecationWarning",
        });
    }
  },
});
