/** Files over --max-file-size are reported, not parsed, so one huge file cannot stall a CI run. */
import { defineEngineRule } from "../define-rule.js";

export default defineEngineRule({
  id: "size-file-too-large",
  category: "size",
  severity: "error",
  apiserver: false,
  type: null,
  description: "The file is larger than --max-file-size (default 32 MiB) and was not parsed.",
  preset: "apiserver",
  presetWhy: "The file was not read: without this, a run in any preset would look clean.",
  docs: {
    why:
      "The apiserver refuses request bodies over 3 MiB, and etcd objects over 1.5 MiB; a CRD file this large is " +
      "almost certainly a mistake.",
    fix: "Split the file, or raise --max-file-size if the file is really meant to be this large.",
    fail: "",
    pass: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n",
  },
});
