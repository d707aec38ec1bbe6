/** `--format json`: the machine-readable contract of output-contract.md (change only by adding fields). */
import type { Formatter } from "../types.js";

export const json: Formatter = (result, ctx) =>
  JSON.stringify(
    {
      tool: "crdlint",
      version: ctx.toolVersion,
      kubernetesVersion: result.kubernetesVersion,
      diagnostics: result.diagnostics,
      summary: result.summary,
    },
    null,
    2,
  ) + "\n";
