/** Each spec.names.shortNames entry must be a DNS-1035 label. */
import { defineRule } from "../define-rule.js";
import { NAMES_UPSTREAM } from "./name-fields.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";
import { isDNS1035Label, joined } from "../../k8s/validation.js";

export default defineRule({
  id: "names-shortname-invalid",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A spec.names.shortNames entry is not a DNS-1035 label.",
  phase: "crd",
  docs: {
    why:
      "Short names are typed on the kubectl command line and must be DNS-1035 labels: lower case, starting with a " +
      "letter.",
    fix: "Use lower case letters, digits and '-' only, starting with a letter.",
    upstream: NAMES_UPSTREAM,
    fail: "spec: {names: {plural: widgets, kind: Widget, shortNames: [W]}}\n",
    pass: "spec: {names: {plural: widgets, kind: Widget, shortNames: [wd]}}\n",
  },
  check(ctx) {
    const list = crdNames(ctx.crd.spec).shortNames;
    if (!list) return;
    for (const { index, value } of list) {
      const errs = isDNS1035Label(value);
      if (errs.length > 0)
        ctx.report({ path: DualPath.root("spec", "names", "shortNames").index(index), message: joined(errs), value });
    }
  },
});
