/** YAML that kubectl cannot turn into the JSON it sends: `.inf`/`.nan`, keys without a JSON name, values that contradict their tag. */
import { defineEngineRule } from "../define-rule.js";

export default defineEngineRule({
  id: "yaml-not-json",
  category: "yaml",
  severity: "error",
  apiserver: false,
  type: null,
  description: "kubectl cannot convert a value or key of the document to JSON, so it sends nothing.",
  preset: "apiserver",
  presetWhy: "kubectl fails before sending anything (`error converting YAML to JSON`): the whole file is not applied.",
  docs: {
    why:
      "kubectl reads manifests with go-yaml v2 and converts them to JSON with sigs.k8s.io/yaml before any request. " +
      "JSON has no infinity or NaN, so a plain `.inf`, `-.inf` or `.nan` fails with `json: unsupported value: +Inf`; " +
      "a null key (`~:`, `null:`), a key above int64 (`18446744073709551615:`, read as uint64) or a sequence or " +
      "mapping key fails with `unsupported map key` or `invalid map key`; an explicit tag the text does not fit " +
      "(`!!int abc`, `!!bool 1`, `!!timestamp 2001-02-30`) or bad `!!binary` base64 fails with go-yaml's " +
      "`cannot decode`; a merge key `<<` whose value is not a map, an alias of one or a list of them fails with " +
      "`map merge requires map or sequence of maps as the value`. kubectl reports `error converting YAML to JSON` " +
      "and the whole file is not applied. crdlint reports every such value in the document and lints the rest of it " +
      "once they are fixed.",
    fix:
      'Write a finite number, or quote the text to keep it a string (`".inf"`, `"~"`); quote keys; drop or correct ' +
      "the explicit tag; merge only maps.",
    fail: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: limits\ndata:\n  max: .inf\n",
    pass: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: limits\ndata:\n  max: ".inf"\n',
  },
});
