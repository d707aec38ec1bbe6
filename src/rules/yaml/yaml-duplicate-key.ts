/** A mapping with the same key twice: YAML parsers keep one silently, the apiserver's strict decoding rejects it. */
import { defineEngineRule } from "../define-rule.js";

export default defineEngineRule({
  id: "yaml-duplicate-key",
  category: "yaml",
  severity: "error",
  apiserver: false,
  type: null,
  description: "A mapping repeats a key.",
  preset: "apiserver",
  presetWhy: "kubectl's strict field validation fails the request with `duplicate field`: a failed apply.",
  docs: {
    why: "With kubectl's default strict field validation the request fails with `duplicate field`; with other clients one value silently wins.",
    fix: "Remove or merge the repeated key.",
    fail: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  name: b\n",
    pass: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n",
  },
});
