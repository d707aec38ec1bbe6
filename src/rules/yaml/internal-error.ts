/** A crdlint rule failed on this document: a bug in crdlint, reported instead of a crash. */
import { defineEngineRule } from "../define-rule.js";

export default defineEngineRule({
  id: "internal-error",
  category: "yaml",
  severity: "error",
  apiserver: false,
  type: null,
  description: "A crdlint rule failed on this document (a crdlint bug; the other rules still ran).",
  preset: "apiserver",
  presetWhy: "A crdlint bug that may hide findings: reported in every preset.",
  docs: {
    why:
      "crdlint keeps linting when one of its rules fails, and says which one, so that a bug never hides the other " +
      "findings.",
    fix: "Report it with the document that triggers it; run with --debug for the stack trace.",
    fail: "",
    pass: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n",
  },
});
