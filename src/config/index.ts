/** `.crdlint.yaml`: parsed and checked into a typed Config (pure; the CLI finds and reads the file). */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, Scalar, type Node, type YAMLMap } from "yaml";
import type { ConfiguredSeverity } from "../diagnostics/index.js";
import { parseKubernetesVersion, parseReleaseSpec } from "../k8s/version.js";
import { PRESETS, type Preset } from "../rules/define-rule.js";
import { closest } from "./suggest.js";
import { APPLY_METHODS, isApplyMethod, type ApplyMethod } from "../load/layout.js";
import type { DiffPolicy } from "./diff-policy.js";

export const CONFIG_FILE_NAMES = [".crdlint.yaml", ".crdlint.yml"];

export interface Config {
  kubernetesVersion?: string;
  /**
   * The releases the project claims to support (`1.28..1.37`, `supported` or one release): a CRD rejected at one of
   * them is an error; with no release asked (-k, kubernetesVersion), they are the run's releases.
   */
  kubernetesVersions?: string;
  /** The preset named by `extends: [crdlint:<preset>]`; the rules' defaults come from it, `rules` overrides them. */
  preset?: Preset;
  rules: Record<string, ConfiguredSeverity>;
  ignore: string[];
  /** The `diff` section: how revision findings are graded (crdlint diff, lint --against). */
  diff?: DiffPolicy;
  /** How the CRDs are applied (client-side, server-side, helm); a chart's crds/ files are helm whatever this says. */
  applyMethod?: ApplyMethod;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; error: string; errors: string[] };

const SEVERITIES = ["off", "info", "warning", "error"];
const KEYS = ["extends", "kubernetesVersion", "kubernetesVersions", "rules", "ignore", "diff", "applyMethod"];
const DIFF_KEYS = ["rules", "unstableVersions", "ignore"];
const IGNORE_KEYS = ["rule", "crd", "path", "reason"];
/** What `extends` accepts, in ESLint's spelling (`extends: ["eslint:recommended"]`). */
const PRESET_NAMES = PRESETS.map((p) => `crdlint:${p}`);

function suggest(word: string, candidates: readonly string[]): string {
  const hit = closest(word, candidates);
  return hit ? ` (did you mean ${hit}?)` : "";
}

function describe(node: Node | null): string {
  if (node === null || (isScalar(node) && node.value === null)) return "nothing";
  if (isMap(node)) return "a mapping";
  if (isSeq(node)) return "a list";
  if (isScalar(node)) return `${typeof node.value} ${JSON.stringify(node.value)}`;
  return "an alias";
}

/**
 * `knownRules` lets the config reject a misspelt rule id instead of silently ignoring it. Every problem is reported
 * with its line; `kubernetesVersion` is read from the YAML source text, so an unquoted `1.30` means 1.30, not 1.3.
 */
export function parseConfig(text: string, file: string, knownRules: ReadonlySet<string>): ConfigResult {
  const lc = new LineCounter();
  // logLevel error: the parser's warnings (e.g. a list used as a key) would go to stderr as process warnings.
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false, lineCounter: lc, logLevel: "error" });
  const errors: string[] = [];
  const at = (node: Node | null | undefined) => (node?.range ? `${file}:${lc.linePos(node.range[0]).line}` : file);
  /** A mapping of rule id to severity (`rules:`, `diff.rules:`) into `into`; a misspelt id is matched among `candidates`. */
  const readSeverities = (
    map: YAMLMap,
    label: string,
    candidates: readonly string[],
    listedBy: string,
    into: Record<string, ConfiguredSeverity>,
  ): void => {
    for (const rule of map.items) {
      const idNode = rule.key as Node | null;
      const id = isScalar(idNode) ? String(idNode.value) : String(idNode);
      const sevNode = (rule.value as Node | null) ?? null;
      const sev = isScalar(sevNode) ? sevNode.value : undefined;
      if (!knownRules.has(id))
        errors.push(`${at(idNode)}: ${label}.${id}: unknown rule${suggest(id, candidates)} (see ${listedBy})`);
      // `off` unquoted is the YAML 1.1 boolean false in some readers; this parser reads YAML 1.2, where it is a string.
      else if (typeof sev !== "string" || !SEVERITIES.includes(sev))
        errors.push(
          `${at(sevNode ?? idNode)}: ${label}.${id}: must be one of ${SEVERITIES.join(", ")} (got ${describe(sevNode)})`,
        );
      else into[id] = sev as ConfiguredSeverity;
    }
  };
  const fail = (): ConfigResult => ({
    ok: false,
    error:
      errors[0]! +
      (errors.length > 1
        ? ` (and ${errors.length - 1} more problem${errors.length === 2 ? "" : "s"}: ${errors
            .slice(1)
            .map((e) => e.replace(/^[^ ]* /, ""))
            .join("; ")})`
        : ""),
    errors,
  });
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    return {
      ok: false,
      error: `${file}:${lc.linePos(e.pos[0]).line}: invalid YAML: ${e.message.split("\n")[0]}`,
      errors: [],
    };
  }
  const root = doc.contents as Node | null;
  const config: Config = { rules: {}, ignore: [] };
  if (root === null || (isScalar(root) && root.value === null)) return { ok: true, config };
  if (!isMap(root)) {
    errors.push(`${at(root)}: must be a mapping with keys ${KEYS.join(", ")}, got ${describe(root)}`);
    return fail();
  }
  for (const pair of root.items) {
    const keyNode = pair.key as Node | null;
    const key = isScalar(keyNode) ? String(keyNode.value) : String(keyNode);
    const value = (pair.value as Node | null) ?? null;
    if (!KEYS.includes(key)) {
      errors.push(`${at(keyNode)}: unknown key "${key}"${suggest(key, KEYS)} (expected ${KEYS.join(", ")})`);
      continue;
    }
    if (key === "extends") {
      // A string or a list, as in ESLint. The presets nest, so extending two of them means the larger: asking for
      // that is a mistake to point out, not a merge to perform.
      const entries = isSeq(value) ? value.items.map((n) => n as Node | null) : [value];
      const named: string[] = [];
      for (const n of entries) {
        if (!isScalar(n) || typeof n.value !== "string") {
          errors.push(
            `${at(n ?? keyNode)}: extends: must be ${PRESET_NAMES.join(", ")} (or a list of one), got ${describe(n)}`,
          );
          continue;
        }
        const name = n.value;
        if (PRESET_NAMES.includes(name)) named.push(name);
        else if (PRESETS.includes(name as Preset))
          errors.push(`${at(n)}: extends: unknown preset "${name}" (did you mean crdlint:${name}?)`);
        else
          errors.push(
            `${at(n)}: extends: unknown preset "${name}"${suggest(name, PRESET_NAMES)} (expected ${PRESET_NAMES.join(", ")}; crdlint extends only its own presets)`,
          );
      }
      if (named.length > 1)
        errors.push(
          `${at(value)}: extends: name one preset, got ${named.join(", ")} (they nest: ${PRESET_NAMES.join(" ⊂ ")})`,
        );
      else if (named.length === 1) config.preset = named[0]!.slice("crdlint:".length) as Preset;
    } else if (key === "kubernetesVersion") {
      if (!isScalar(value) || value.value === null || typeof value.value === "boolean") {
        errors.push(
          `${at(value ?? keyNode)}: kubernetesVersion: must be a release such as "1.30", got ${describe(value)}`,
        );
        continue;
      }
      // The text as written: YAML reads `1.30` as the number 1.3, which is not what anyone means.
      const written =
        value.type === Scalar.PLAIN && value.range
          ? text.slice(value.range[0], value.range[1]).trim()
          : String(value.value);
      const parsed = parseKubernetesVersion(written);
      if (!parsed.ok) errors.push(`${at(value)}: kubernetesVersion: ${parsed.error}`);
      else config.kubernetesVersion = written;
    } else if (key === "kubernetesVersions") {
      if (!isScalar(value) || value.value === null || typeof value.value === "boolean") {
        errors.push(
          `${at(value ?? keyNode)}: kubernetesVersions: must be releases such as "1.28..1.37" or supported, got ${describe(value)}`,
        );
        continue;
      }
      const written =
        value.type === Scalar.PLAIN && value.range
          ? text.slice(value.range[0], value.range[1]).trim()
          : String(value.value);
      const parsed = parseReleaseSpec(written);
      if (!parsed.ok) errors.push(`${at(value)}: kubernetesVersions: ${parsed.error}`);
      else config.kubernetesVersions = written;
    } else if (key === "applyMethod") {
      if (!isScalar(value) || !isApplyMethod(value.value)) {
        const got = isScalar(value) && typeof value.value === "string" ? suggest(value.value, APPLY_METHODS) : "";
        errors.push(
          `${at(value ?? keyNode)}: applyMethod: must be one of ${APPLY_METHODS.join(", ")}, got ${describe(value)}${got}`,
        );
        continue;
      }
      config.applyMethod = value.value;
    } else if (key === "rules") {
      if (value === null || (isScalar(value) && value.value === null)) continue;
      if (!isMap(value)) {
        errors.push(
          `${at(value)}: rules: must be a mapping of rule id to ${SEVERITIES.join("|")}, got ${describe(value)}`,
        );
        continue;
      }
      readSeverities(value, "rules", [...knownRules], "`crdlint rules`", config.rules);
    } else if (key === "diff") {
      if (value === null || (isScalar(value) && value.value === null)) continue;
      const policy: DiffPolicy = { rules: {}, unstableVersions: "strict", ignore: [] };
      config.diff = policy;
      if (!isMap(value)) {
        errors.push(`${at(value)}: diff: must be a mapping with keys ${DIFF_KEYS.join(", ")}, got ${describe(value)}`);
        continue;
      }
      for (const pair2 of value.items) {
        const k2Node = pair2.key as Node | null;
        const k2 = isScalar(k2Node) ? String(k2Node.value) : String(k2Node);
        const v2 = (pair2.value as Node | null) ?? null;
        if (k2 === "rules") {
          if (!isMap(v2)) {
            errors.push(
              `${at(v2 ?? k2Node)}: diff.rules: must be a mapping of revision rule id to ${SEVERITIES.join("|")}, got ${describe(v2)}`,
            );
            continue;
          }
          readSeverities(
            v2,
            "diff.rules",
            [...knownRules].filter((r) => r.startsWith("revision-")),
            "`crdlint rules --category revision`",
            policy.rules,
          );
        } else if (k2 === "unstableVersions") {
          if (!isScalar(v2) || (v2.value !== "strict" && v2.value !== "lenient"))
            errors.push(`${at(v2 ?? k2Node)}: diff.unstableVersions: must be strict or lenient, got ${describe(v2)}`);
          else policy.unstableVersions = v2.value;
        } else if (k2 === "ignore") {
          if (!isSeq(v2)) {
            errors.push(
              `${at(v2 ?? k2Node)}: diff.ignore: must be a list of {rule, crd, path, reason}, got ${describe(v2)}`,
            );
            continue;
          }
          for (const item of v2.items) {
            const n = item as Node | null;
            if (!isMap(n)) {
              errors.push(
                `${at(n)}: diff.ignore: each entry must be a mapping {rule, crd, path, reason}, got ${describe(n)}`,
              );
              continue;
            }
            const entry: Record<string, string> = {};
            for (const f of n.items) {
              const fk = isScalar(f.key) ? String((f.key as Scalar).value) : String(f.key);
              const fv = f.value as Node | null;
              if (!IGNORE_KEYS.includes(fk))
                errors.push(
                  `${at(f.key as Node)}: diff.ignore: unknown key "${fk}"${suggest(fk, IGNORE_KEYS)} (expected ${IGNORE_KEYS.join(", ")})`,
                );
              else if (!isScalar(fv) || typeof fv.value !== "string" || fv.value.trim() === "")
                errors.push(
                  `${at(fv ?? (f.key as Node))}: diff.ignore: ${fk} must be a non-empty string, got ${describe(fv)}`,
                );
              else entry[fk] = fv.value;
            }
            if (!entry.rule) errors.push(`${at(n)}: diff.ignore: an entry needs rule`);
            else if (!knownRules.has(entry.rule))
              errors.push(`${at(n)}: diff.ignore: unknown rule "${entry.rule}"${suggest(entry.rule, [...knownRules])}`);
            else if (!entry.reason)
              errors.push(
                `${at(n)}: diff.ignore: the entry for ${entry.rule} needs a reason (why the change is accepted)`,
              );
            else
              policy.ignore.push({
                rule: entry.rule,
                reason: entry.reason,
                ...(entry.crd ? { crd: entry.crd } : {}),
                ...(entry.path ? { path: entry.path } : {}),
              });
          }
        } else
          errors.push(
            `${at(k2Node)}: diff: unknown key "${k2}"${suggest(k2, DIFF_KEYS)} (expected ${DIFF_KEYS.join(", ")})`,
          );
      }
    } else if (key === "ignore") {
      if (value === null || (isScalar(value) && value.value === null)) continue;
      if (!isSeq(value)) {
        errors.push(
          `${at(value)}: ignore: must be a list of glob strings${isScalar(value) && typeof value.value === "string" ? ` (write it as a list: ignore: ["${value.value}"])` : `, got ${describe(value)}`}`,
        );
        continue;
      }
      for (const item of value.items) {
        const n = item as Node | null;
        if (isScalar(n) && typeof n.value === "string" && n.value !== "") config.ignore.push(n.value);
        else errors.push(`${at(n)}: ignore: each entry must be a glob string, got ${describe(n)}`);
      }
    }
  }
  return errors.length ? fail() : { ok: true, config };
}
