/** A file named on the command line that an `ignore` pattern excludes: warned about, not silently skipped (as ESLint does). */
import { defineEngineRule } from "../define-rule.js";

export default defineEngineRule({
  id: "file-ignored",
  category: "yaml",
  severity: "warning",
  apiserver: false,
  type: null,
  description:
    "A file named explicitly on the command line matches an `ignore` pattern of .crdlint.yaml and was not linted.",
  preset: "apiserver",
  presetWhy:
    "Says why a file named on the command line was not linted: without it, a run in any preset would look clean.",
  docs: {
    why: "Naming a file asks for it to be linted; skipping it without a word would make a run with the file look clean.",
    fix: "Lint it with `--no-ignore`, remove the pattern from `ignore` in .crdlint.yaml, or stop naming the file.",
    fail: "",
    pass: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n",
  },
});
