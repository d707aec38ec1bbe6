/** A CRD name defined more than once on one side of a revision, where the copies cannot be told apart by their files. */
import { defineRevisionEngineRule } from "./common.js";

export default defineRevisionEngineRule({
  id: "revision-crd-duplicate",
  severity: "warning",
  description:
    "A CRD name is defined more than once within the paths compared, and crdlint cannot tell which OLD copy a NEW " +
    "one updates (reported by the revision engine: that copy is not compared).",
  docs: {
    why:
      "OLD and NEW are paired by file path first, then by metadata.name. Several copies of one CRD in the paths " +
      "compared are normal in projects that ship channels (gateway-api's config/crd/standard and " +
      "config/crd/experimental) or a chart beside the kustomize bases; each copy pairs with the OLD copy at the same " +
      "path. When the copies moved, or one file holds two documents of one name, the pairing is a guess, so crdlint " +
      "compares nothing for that copy rather than compare the wrong revisions.",
    fix:
      "Name each channel's directory as a path of its own (`crdlint lint --against v1.0.0 config/crd/standard " +
      "config/crd/experimental`), or keep one document per CRD name in a file.",
    upstream:
      "kubernetes/apiserver:pkg/registry/generic/registry/store.go (one object per name: of two copies, the one " +
      "applied last wins)",
    fail: "",
    pass: "old: {}\nnew: {}\n",
  },
});
