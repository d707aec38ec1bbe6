/** `.crdlint.yaml`: parsed and checked into a typed Config (pure; the CLI finds and reads the file). */
import { parseDocument } from "yaml";
import type { ConfiguredSeverity } from "../diagnostics/index.js";
import { parseKubernetesVersion } from "../k8s/version.js";

export const CONFIG_FILE_NAMES = [".crdlint.yaml", ".crdlint.yml"];

export interface Config {
  kubernetesVersion?: string;
  rules: Record<string, ConfiguredSeverity>;
  ignore: string[];
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; error: string };

const SEVERITIES = new Set(["off", "info", "warning", "error"]);
const KEYS = new Set(["kubernetesVersion", "rules", "ignore"]);

/** `knownRules` lets the config reject a misspelt rule id instead of silently ignoring it. */
export function parseConfig(text: string, file: string, knownRules: ReadonlySet<string>): ConfigResult {
  // logLevel error: the parser's warnings (e.g. a list used as a key) would go to stderr as process warnings.
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false, logLevel: "error" });
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    return { ok: false, error: `${file}: invalid YAML: ${e.message.split("\n")[0]}` };
  }
  const raw = doc.toJS({ maxAliasCount: 100 }) as unknown;
  if (raw === null || raw === undefined) return { ok: true, config: { rules: {}, ignore: [] } };
  if (typeof raw !== "object" || Array.isArray(raw)) return { ok: false, error: `${file}: must be a mapping with keys kubernetesVersion, rules, ignore` };
  const obj = raw as Record<string, unknown>;
  for (const k of Object.keys(obj)) if (!KEYS.has(k)) return { ok: false, error: `${file}: unknown key ${JSON.stringify(k.replace(/\s+/g, " "))} (expected kubernetesVersion, rules, ignore)` };
  const config: Config = { rules: {}, ignore: [] };
  if (obj.kubernetesVersion !== undefined) {
    const v = String(obj.kubernetesVersion);
    const parsed = parseKubernetesVersion(v);
    if (!parsed.ok) return { ok: false, error: `${file}: kubernetesVersion: ${parsed.error}` };
    config.kubernetesVersion = v;
  }
  if (obj.rules !== undefined) {
    if (typeof obj.rules !== "object" || obj.rules === null || Array.isArray(obj.rules))
      return { ok: false, error: `${file}: rules: must be a mapping of rule id to off|info|warning|error` };
    for (const [id, sev] of Object.entries(obj.rules as Record<string, unknown>)) {
      if (!knownRules.has(id)) return { ok: false, error: `${file}: rules.${id}: unknown rule (see \`crdlint rules\`)` };
      if (typeof sev !== "string" || !SEVERITIES.has(sev))
        return { ok: false, error: `${file}: rules.${id}: must be one of off, info, warning, error (got ${JSON.stringify(sev)})` };
      config.rules[id] = sev as ConfiguredSeverity;
    }
  }
  if (obj.ignore !== undefined) {
    if (!Array.isArray(obj.ignore) || obj.ignore.some((g) => typeof g !== "string"))
      return { ok: false, error: `${file}: ignore: must be a list of glob strings` };
    config.ignore = obj.ignore as string[];
  }
  return { ok: true, config };
}
