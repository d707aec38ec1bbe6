/** `--format json`: the machine-readable contract (docs/usage.md: fields are only added, listed in docs/output-contract-additions.md). */
import type { Formatter } from "../types.js";
import { ruleDocsUrl } from "../rule-docs.js";
import { EFFECT_ORDER, revisionVerdict } from "../revision-summary.js";
import { prereleaseField } from "../../k8s/version.js";

export const json: Formatter = (result, ctx) =>
  JSON.stringify(
    {
      tool: "crdlint",
      version: ctx.toolVersion,
      kubernetesVersion: result.kubernetesVersion,
      // The pre-release modules a release not yet shipped was read from (an addition to the contract; absent otherwise).
      ...prereleaseField(result.kubernetesVersion),
      // Each diagnostic adds its rule's documentation URL (an addition to the contract).
      diagnostics: result.diagnostics.map((d) => ({ ...d, url: ruleDocsUrl(d.rule) })),
      summary: result.summary,
      // A run over several releases adds its releases and each CRD's verdict per release (an addition to the contract).
      ...(result.releases ? { releases: result.releases, crdReleases: result.crdReleases ?? [] } : {}),
      // diff and lint --against add the verdict (an addition to the contract): its line as text prints it, and per CRD.
      ...(ctx.revision ? { verdict: jsonVerdict(result, ctx.errorsOnly === true) } : {}),
    },
    null,
    2,
  ) + "\n";

function jsonVerdict(result: Parameters<Formatter>[0], errorsOnly: boolean) {
  const v = revisionVerdict(result.diagnostics, result.summary.crds, errorsOnly);
  return {
    text: v.line.replace(/^verdict: /, ""),
    rejected: v.rejected,
    crds: v.crds.map((c) => ({
      name: c.crd,
      worst: c.worst,
      findings: c.findings,
      effects: Object.fromEntries(EFFECT_ORDER.filter((e) => c.effects[e]).map((e) => [e, c.effects[e]])),
      ratcheted: c.ratcheted,
    })),
  };
}
