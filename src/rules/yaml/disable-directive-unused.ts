/** `--report-unused-disable-directives`: a disable comment that suppressed nothing is stale (ESLint's option of the same name). */
import { defineEngineRule } from "../define-rule.js";

export default defineEngineRule({
  id: "disable-directive-unused",
  category: "yaml",
  severity: "warning",
  apiserver: false,
  type: null,
  description:
    "A `# crdlint-disable-line`, `-next-line` or `# crdlint-disable` comment suppressed nothing (with " +
    "--report-unused-disable-directives).",
  preset: "opt-in",
  presetWhy:
    "Opt-in by name only, or with `--report-unused-disable-directives` (as in ESLint): housekeeping of suppression " +
    "comments, nothing is wrong with the CRD.",
  docs: {
    why:
      "A suppression outlives the problem it hid: once the CRD is fixed, the comment would silently hide the next, " +
      "different problem on that line.",
    fix:
      "Remove the comment, or the rule ids in it that no longer report anything. " +
      "`--report-unused-disable-directives` reports these as errors; `disable-directive-unused: warning` in " +
      ".crdlint.yaml as warnings.",
    fail: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: point\ndata:\n  # crdlint-disable-next-line yaml-boolean-key\n  "y": "2"\n',
    pass: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: point\ndata:\n  # crdlint-disable-next-line yaml-boolean-key\n  y: "2"\n',
  },
});
