/** `--format json`: the machine-readable contract of output-contract.md (change only by adding fields). */
import type { Formatter } from "../types.js";
import { ruleDocsUrl } from "../rule-docs.js";

export const json: Formatter = (result, ctx) =>
  JSON.stringify(
    {
      tool: "crdlint",
      version: ctx.toolVersion,
      kubernetesVersion: result.kubernetesVersion,
      // Each diagnostic adds its rule's documentation URL (an addition to the contract).
      diagnostics: result.diagnostics.map((d) => ({ ...d, url: ruleDocsUrl(d.rule) })),
      summary: result.summary,
    },
    null,
    2,
  ) + "\n";
