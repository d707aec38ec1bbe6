/** metadata.generateName on a CRD: a generated name can never be <plural>.<group>. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { isObject } from "../../crd/model.js";
import { generatedName, nameIsDNSSubdomain, stringField } from "../../k8s/objectmeta.js";

const MISMATCH = 'must be spec.names.plural+"."+spec.group';

export default defineRule({
  id: "crd-generate-name-used",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "metadata.generateName is used; the generated name can never equal <plural>.<group>.",
  phase: "crd",
  messages: {
    mismatch: MISMATCH,
  },
  docs: {
    why:
      "With generateName and no name, the apiserver appends 5 random characters and validates the result like a " +
      "name: it can never be `<spec.names.plural>.<spec.group>`, so the CRD is always rejected. generateName itself " +
      "is also checked (as a DNS subdomain prefix and against the required name).",
    fix: "Replace `generateName` with `name: <plural>.<group>`.",
    upstream:
      "kubernetes/apimachinery:pkg/api/validation/objectmeta.go (ValidateObjectMetaAccessor) and " +
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (name function)",
    fail: 'metadata: {name: "", generateName: widgets.example.com-}\n',
    pass: "metadata: {name: widgets.example.com}\n",
  },
  check(ctx) {
    const md = isObject(ctx.crd.raw.metadata) ? ctx.crd.raw.metadata : {};
    const generateName = stringField(md, "generateName");
    const name = stringField(md, "name");
    if (!generateName || name === null) return;
    const names = isObject(ctx.crd.spec.names) ? ctx.crd.spec.names : {};
    const plural = stringField(names, "plural") ?? "";
    const group = stringField(ctx.crd.spec, "group") ?? "";
    const required = plural + "." + group;
    const genPath = DualPath.root("metadata", "generateName");
    for (const m of nameIsDNSSubdomain(generateName, true))
      ctx.report({ path: genPath, message: m, value: generateName });
    if (generateName !== required) ctx.report({ path: genPath, messageId: "mismatch", value: generateName });
    if (name !== "") return;
    // The apiserver validates the generated name at metadata.name (absent from the file: located at metadata).
    const generated = generatedName(generateName);
    const namePath = DualPath.root("metadata", "name");
    const detail = `the generated name is "${generated.slice(0, -5)}" followed by 5 random characters`;
    for (const m of nameIsDNSSubdomain(generated, false))
      ctx.report({ path: namePath, message: m, value: generated, detail });
    if (generated !== required)
      ctx.report({
        path: namePath,
        messageId: "mismatch",
        value: generated,
        detail,
        suggestion: `use name: ${required}`,
      });
  },
});
