/** A disable comment or annotation that names a rule crdlint does not have suppresses nothing: say so, as ESLint does. */
import { defineEngineRule } from "../define-rule.js";

export default defineEngineRule({
  id: "disable-directive-unknown-rule",
  category: "yaml",
  severity: "warning",
  apiserver: false,
  type: null,
  description:
    "A `# crdlint-disable...`/`# crdlint-enable` comment or the crdlint.io/disable annotation names a rule that does " +
    "not exist.",
  preset: "apiserver",
  presetWhy:
    "A suppression comment is crdlint's own configuration: a misspelt rule id in it is reported in every preset, as " +
    "a mistake in .crdlint.yaml is.",
  docs: {
    why:
      "A misspelt rule id in a suppression suppresses nothing, and the finding it was meant to hide comes back; a " +
      "rule id that was renamed leaves a stale comment behind.",
    fix: "Use an id that `crdlint rules` lists, or remove the comment.",
    fail: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: point\ndata:\n  # crdlint-disable-next-line yaml-boolen-key -- y is a coordinate\n  y: "2"\n',
    pass: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: point\ndata:\n  # crdlint-disable-next-line yaml-boolean-key -- y is a coordinate\n  y: "2"\n',
  },
});
