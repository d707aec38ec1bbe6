/**
 * A mapping with the same key twice. kubectl (and Helm, Flux, client-go) convert YAML with the non-strict
 * sigs.k8s.io/yaml: the last value wins and the JSON sent has no repetition, so nothing rejects it (kubectl's own
 * duplicate check runs only against a server without field validation). The earlier value is lost without a word.
 */
import { defineEngineRule } from "../define-rule.js";

export default defineEngineRule({
  id: "yaml-duplicate-key",
  category: "yaml",
  severity: "error",
  apiserver: false,
  type: null,
  description: "A mapping repeats a key.",
  preset: "recommended",
  presetWhy:
    "Data lost without a word: kubectl sends only the last value of a repeated key, and nothing tells the author the " +
    "earlier one is gone.",
  docs: {
    why:
      "kubectl reads YAML with go-yaml v2's non-strict decoding (sigs.k8s.io/yaml), as Helm and GitOps controllers " +
      "do: of a repeated key only the last value reaches the apiserver, which therefore never sees the repetition " +
      "and accepts the object. Whatever the earlier value said is silently dropped; crdlint lints the document with " +
      "the value kubectl sends.",
    fix: "Remove or merge the repeated key.",
    fail: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  name: b\n",
    pass: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n",
  },
});
