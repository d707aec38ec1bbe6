/** A plain key that YAML 1.1 reads as a boolean (`y`, `n`, `yes`, `no`, `on`, `off`): kubectl renames the field. */
import { defineEngineRule } from "../define-rule.js";

export default defineEngineRule({
  id: "yaml-boolean-key",
  category: "yaml",
  severity: "warning",
  apiserver: false,
  type: null,
  description: 'A plain mapping key is a YAML 1.1 boolean, so kubectl sends it as "true" or "false".',
  preset: "recommended",
  presetWhy:
    'Data silently renamed: a key `n:` or `y:` reaches the apiserver as "false" or "true", and every rule, column or ' +
    "selectable field that names it misses it.",
  docs: {
    why:
      "kubectl and client-go read manifests with go-yaml v2, which follows YAML 1.1: `y`, `n`, `yes`, `no`, `on` and " +
      '`off` are booleans, and a boolean key becomes the string "true" or "false". A property written `n:` (or `y:` ' +
      'for a coordinate) reaches the apiserver as a property named "false", and every rule, selectable field or ' +
      "printer column that names `n` misses it.",
    fix: 'Quote the key: `"n":`.',
    fail: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: point\ndata:\n  x: "1"\n  y: "2"\n',
    pass: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: point\ndata:\n  x: "1"\n  "y": "2"\n',
  },
});
