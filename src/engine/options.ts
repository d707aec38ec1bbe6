/**
 * The library checks its options as the CLI checks its configuration: a misspelt rule id, severity, field-validation
 * mode or option name, a Kubernetes version crdlint does not know, a value of the wrong type, is a UsageError that
 * names it (with the nearest valid word), never a silent fallback (`fieldValidation: "strcit"` behaved as `warn`).
 */
import { APPLY_METHODS, isApplyMethod } from "../load/layout.js";
import { closest } from "../config/suggest.js";
import { parseReleaseSpec } from "../k8s/version.js";
import { PRESETS } from "../rules/define-rule.js";

/** crdlint could not do its job (bad path, bad option): the CLI prints the message and exits 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

const SEVERITIES = ["off", "info", "warning", "error"];
const FIELD_VALIDATION = ["strict", "warn", "ignore"];

/** The options each entry point takes, for the check of unknown names. */
const LINT_KEYS = [
  "kubernetesVersion",
  "preset",
  "rules",
  "ignore",
  "ignoreBase",
  "stdinFilename",
  "maxFileSizeBytes",
  "cwd",
  "stdin",
  "jobs",
  "apiserverGates",
  "applyMethod",
  // The configuration's claim: lint judges it; the other commands take the configuration as it is and leave it.
  "claimedKubernetesVersions",
];
/** What revisions add (src/commands/diff/options.ts RevisionOptions): OLD's stored versions and the diff policy. */
const REVISION_KEYS = [
  "storedVersions",
  "storedVersionsByCrd",
  "storedVersionsFrom",
  "diffPolicy",
  "objects",
  "namedPaths",
];
export const OPTION_KEYS = {
  lint: [...LINT_KEYS, "against", ...REVISION_KEYS, "cache"],
  diff: [...LINT_KEYS, ...REVISION_KEYS],
  diffText: [...LINT_KEYS, ...REVISION_KEYS, "file", "oldFile"],
  cost: LINT_KEYS,
  lintText: [...LINT_KEYS, "file"],
  validate: [...LINT_KEYS, "crds", "old", "fieldValidation", "ignoreMissingSchemas", "onDefaulted", "cache"],
} as const;

const hint = (word: string, words: readonly string[]): string => {
  const c = closest(word, words);
  return c ? ` (did you mean ${c}?)` : "";
};

const describe = (v: unknown): string =>
  typeof v === "string"
    ? JSON.stringify(v)
    : typeof v === "number" || typeof v === "boolean"
      ? `${typeof v} ${String(v)}`
      : Array.isArray(v)
        ? "an array"
        : v === null
          ? "null"
          : typeof v;

/** Throws a UsageError listing every problem of `options` for the entry point `api`; `ruleIds` are the known rules. */
export function checkOptions(api: keyof typeof OPTION_KEYS, options: unknown, ruleIds: readonly string[]): void {
  if (options === undefined) return;
  if (typeof options !== "object" || options === null || Array.isArray(options))
    throw new UsageError(`options: expected an object, got ${describe(options)}`);
  const o = options as Record<string, unknown>;
  const known: readonly string[] = OPTION_KEYS[api];
  const errors: string[] = [];
  const isString = (key: string) =>
    o[key] === undefined ||
    typeof o[key] === "string" ||
    (errors.push(`${key}: expected a string, got ${describe(o[key])}`), false);
  const isStrings = (key: string) => {
    const v = o[key];
    if (v === undefined) return;
    if (!Array.isArray(v) || v.some((x) => typeof x !== "string"))
      errors.push(`${key}: expected an array of strings, got ${describe(v)}`);
  };
  for (const key of Object.keys(o))
    if (!known.includes(key) && o[key] !== undefined) errors.push(`unknown option "${key}"${hint(key, known)}`);
  if (isString("kubernetesVersion") && typeof o.kubernetesVersion === "string") {
    // A range of releases: lint's and cost's (one run judges every release); validate's, diff's and lint --against's
    // (a run per release, merged).
    const v = parseReleaseSpec(o.kubernetesVersion);
    if (!v.ok) errors.push(`kubernetesVersion: ${v.error}`);
  }
  if (isString("claimedKubernetesVersions") && typeof o.claimedKubernetesVersions === "string") {
    const v = parseReleaseSpec(o.claimedKubernetesVersions);
    if (!v.ok) errors.push(`claimedKubernetesVersions: ${v.error}`);
  }
  if (o.rules !== undefined) {
    if (typeof o.rules !== "object" || o.rules === null || Array.isArray(o.rules))
      errors.push(`rules: expected an object of rule id to severity, got ${describe(o.rules)}`);
    else
      for (const [id, severity] of Object.entries(o.rules)) {
        if (!ruleIds.includes(id)) errors.push(`rules: unknown rule "${id}"${hint(id, ruleIds)}`);
        else if (typeof severity !== "string" || !SEVERITIES.includes(severity))
          errors.push(
            `rules.${id}: expected one of ${SEVERITIES.join(", ")}, got ${describe(severity)}${typeof severity === "string" ? hint(severity, SEVERITIES) : ""}`,
          );
      }
  }
  if (o.preset !== undefined && (typeof o.preset !== "string" || !(PRESETS as readonly string[]).includes(o.preset)))
    errors.push(
      `preset: unknown preset ${describe(o.preset)}${typeof o.preset === "string" ? hint(o.preset, PRESETS) : ""}; expected ${PRESETS.join(", ")}`,
    );
  if (o.applyMethod !== undefined && !isApplyMethod(o.applyMethod))
    errors.push(
      `applyMethod: expected one of ${APPLY_METHODS.join(", ")}, got ${describe(o.applyMethod)}${typeof o.applyMethod === "string" ? hint(o.applyMethod, APPLY_METHODS) : ""}`,
    );
  if (
    o.fieldValidation !== undefined &&
    (typeof o.fieldValidation !== "string" || !FIELD_VALIDATION.includes(o.fieldValidation))
  )
    errors.push(
      `fieldValidation: expected one of ${FIELD_VALIDATION.join(", ")}, got ${describe(o.fieldValidation)}${typeof o.fieldValidation === "string" ? hint(o.fieldValidation, FIELD_VALIDATION) : ""}`,
    );
  for (const key of ["ignoreBase", "stdinFilename", "cwd", "old", "file", "oldFile", "against"]) isString(key);
  isStrings("ignore");
  isStrings("storedVersions");
  isStrings("storedVersionsFrom");
  isStrings("namedPaths");
  if (o.storedVersionsByCrd !== undefined) {
    const v = o.storedVersionsByCrd;
    if (
      typeof v !== "object" ||
      v === null ||
      Array.isArray(v) ||
      Object.values(v).some((l) => !Array.isArray(l) || l.length === 0 || l.some((x) => typeof x !== "string"))
    )
      errors.push(
        `storedVersionsByCrd: expected an object of CRD name to a non-empty array of versions, got ${describe(v)}`,
      );
  }
  isStrings("objects");
  if (
    o.diffPolicy !== undefined &&
    (typeof o.diffPolicy !== "object" || o.diffPolicy === null || Array.isArray(o.diffPolicy))
  )
    errors.push(`diffPolicy: expected an object, got ${describe(o.diffPolicy)}`);
  isStrings("crds");
  if (o.maxFileSizeBytes !== undefined && !(typeof o.maxFileSizeBytes === "number" && o.maxFileSizeBytes > 0))
    errors.push(`maxFileSizeBytes: expected a number above 0, got ${describe(o.maxFileSizeBytes)}`);
  if (o.jobs !== undefined && !(typeof o.jobs === "number" && Number.isInteger(o.jobs) && o.jobs >= 1))
    errors.push(`jobs: expected a whole number >= 1, got ${describe(o.jobs)}`);
  for (const key of ["stdin", "onDefaulted"])
    if (o[key] !== undefined && typeof o[key] !== "function")
      errors.push(`${key}: expected a function, got ${describe(o[key])}`);
  if (o.apiserverGates !== undefined && typeof o.apiserverGates !== "boolean")
    errors.push(`apiserverGates: expected a boolean, got ${describe(o.apiserverGates)}`);
  if (o.ignoreMissingSchemas !== undefined && typeof o.ignoreMissingSchemas !== "boolean")
    errors.push(`ignoreMissingSchemas: expected a boolean, got ${describe(o.ignoreMissingSchemas)}`);
  if (
    o.cache !== undefined &&
    o.cache !== false &&
    (typeof o.cache !== "object" ||
      o.cache === null ||
      typeof (o.cache as { dir?: unknown }).dir !== "string" ||
      typeof (o.cache as { version?: unknown }).version !== "string")
  )
    errors.push(`cache: expected false or an object with a string dir and a string version, got ${describe(o.cache)}`);
  if (errors.length) throw new UsageError(errors.join("; "));
}

/** The paths of lint, cost and validate: an array of strings (a lone string would be read letter by letter). */
export function checkPaths(paths: unknown): void {
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== "string"))
    throw new UsageError(`paths: expected an array of strings, got ${describe(paths)}`);
}
