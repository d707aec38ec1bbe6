/** `diff --objects`: a field of a replayed object vanishes or changes when the object is read through NEW. */
import { defineRevisionEngineRule } from "./common.js";

// Emitted by the replay of `crdlint diff --objects` (src/commands/diff/replay.ts); its examples need objects, so the docs
// describe them instead.
export default defineRevisionEngineRule({
  id: "revision-object-read-changed",
  severity: "error",
  description:
    "diff --objects: a field of an example or exported object vanishes (pruned, a null dropped) or changes " +
    "(defaulted) when the object is read through NEW's schema.",
  docs: {
    why:
      "A stored object is not rewritten when its CRD changes: every read decodes it with the current schema of its " +
      "version, which prunes fields the schema does not list, drops nulls of fields that are not nullable, and " +
      "applies defaults. What vanishes is lost at the object's next write. `crdlint diff OLD NEW --objects DIR` " +
      "reads each object under DIR (YAML or JSON, `kind: List` included, e.g. `kubectl get widgets -A -o yaml`) this " +
      "way through NEW and names each field that vanishes (error) or reads differently (information).",
    fix:
      "Keep the fields stored objects use in NEW's schema (or x-kubernetes-preserve-unknown-fields where they are " +
      "free-form), or migrate the objects first.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go (unstructuredSchemaCoercer.apply)",
    fail: "",
    pass: "",
  },
});
