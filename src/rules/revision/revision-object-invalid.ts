/** `diff --objects`: a replayed object fails NEW's validation on create, and maybe on an unchanged update. */
import { defineRevisionEngineRule } from "./common.js";

// Emitted by the replay of `crdlint diff --objects` (src/commands/diff/replay.ts); its examples need objects, so the docs
// describe them instead.
export default defineRevisionEngineRule({
  id: "revision-object-invalid",
  severity: "error",
  description:
    "diff --objects: an example or exported object fails NEW's validation as a create (warning) or also as an " +
    "unchanged update (error), or its version is no longer served.",
  docs: {
    why:
      "Tightened validation does not touch stored objects until they are written again. A create (a GitOps re-apply, " +
      "a restore, a fresh install) is validated in full; an update that leaves the object unchanged passes schema " +
      "validation (ratcheting drops the errors of unchanged values) and list-type duplicates the stored object " +
      "already had, but CEL transition rules and built-in metadata validation judge it again. " +
      "`crdlint diff OLD NEW --objects DIR` validates each object under DIR against NEW both ways, with " +
      "`crdlint validate`'s checks (schema, CEL rules, list types, embedded resources), and says which one fails. " +
      "Unknown fields are not counted here: revision-object-read-changed reports them as pruned.",
    fix:
      "Fix the objects before the release, or keep NEW's validation loose enough for them (the message names the " +
      "field and the apiserver's error).",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/registry/customresource/strategy.go (Validate, ValidateUpdate); " +
      "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/ratcheting.go",
    fail: "",
    pass: "",
  },
});
