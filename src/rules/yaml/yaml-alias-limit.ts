/** Alias expansion beyond the bound: a billion-laughs document is refused instead of exhausting memory. */
import { defineEngineRule } from "../define-rule.js";

export default defineEngineRule({
  id: "yaml-alias-limit",
  category: "yaml",
  severity: "error",
  apiserver: false,
  type: null,
  description: "The document expands YAML aliases beyond crdlint's limit (an alias bomb).",
  preset: "apiserver",
  presetWhy: "The document was not read: without this, a run in any preset would look clean.",
  docs: {
    why: "Nested aliases can expand a small file into gigabytes; the apiserver bounds its decoder the same way.",
    fix: "Write the repeated content out, or use fewer nested aliases.",
    fail: "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n",
    pass: "a: &a [x, y]\nb: *a\n",
  },
});
