/** YAML that does not parse: reported with its line and column; the other documents and files are still linted. */
import { defineEngineRule } from "../define-rule.js";

export default defineEngineRule({
  id: "yaml-syntax",
  category: "yaml",
  severity: "error",
  apiserver: false,
  type: null,
  description: "The file is not valid YAML (or JSON), or is binary.",
  preset: "apiserver",
  presetWhy: "kubectl cannot parse the file, so nothing is applied, and crdlint cannot lint it.",
  docs: {
    why:
      "kubectl cannot even send a document it cannot parse; crdlint reports where parsing failed and lints the other " +
      "documents.",
    fix:
      "Fix the YAML at the reported line and column (indentation, an unclosed quote or bracket, a tab used for " +
      "indentation).",
    fail: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: [unclosed\n",
    pass: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n",
  },
});
