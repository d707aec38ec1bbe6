/** A file of OLD that is a Go/Helm template, does not parse or is too large: its CRDs are not compared. */
import { defineRevisionEngineRule } from "./common.js";

export default defineRevisionEngineRule({
  id: "revision-old-skipped",
  severity: "info",
  description:
    "A file of OLD mentions CustomResourceDefinition but is a Go/Helm template, does not parse, or is over " +
    "--max-file-size: it is skipped, and NEW's CRDs it held are compared with nothing (reported by the revision " +
    "engine).",
  docs: {
    why:
      "OLD is what the cluster holds, read from the same paths at a git ref or from a directory. A chart's " +
      "templates/ are not YAML until rendered, and an old revision may have been broken YAML; neither is a reason to " +
      "stop judging the rest of the change, but a CRD that was in such a file is then reported as added rather than " +
      "compared.",
    fix:
      "Render the old revision and give it as OLD (`helm template . > old.yaml`, then " +
      "`crdlint diff old.yaml crds/`), or keep CRDs in plain YAML (Helm's crds/ directory is not templated).",
    upstream:
      "helm/helm:pkg/action/install.go (installCRDs: a chart's crds/ directory is applied without rendering; " +
      "templates/ is rendered first)",
    fail: "",
    pass: "old: {}\nnew: {}\n",
  },
});
