/**
 * What the revision rules share: the names a message uses, the migration plan, the metadata of a rule the apiserver
 * does not enforce.
 */
import type { CrdView } from "../../crd/model.js";
import type { RevisionContext, Rule, RuleDefinition, RuleMessages, RuleMeta } from "../define-rule.js";
import { defineEngineRule, defineRule } from "../define-rule.js";
import { isObject } from "../../crd/model.js";
import { storageVersion, versionSchema } from "../../crd/update.js";
import { internalSchemaProps } from "../../crd/internal-version.js";
import { goSemanticEqual } from "../../k8s/go.js";
import type { ErrorType } from "../../diagnostics/index.js";
import { DualPath as Path } from "../../k8s/path.js";

/** `plural.group` as kubectl names the resource (metadata.name when the names are unusable). */
export function resourceName(view: CrdView): string {
  const names = isObject(view.spec.names) ? view.spec.names : {};
  return typeof names.plural === "string" && view.group ? `${names.plural}.${view.group}` : (view.name ?? "the CRD");
}

/**
 * The storage-version migration of the Kubernetes docs (Versions in CustomResourceDefinitions: "Upgrade existing
 * objects to a new stored version"), with this CRD's names: what to do, in order, before `from` can leave the CRD.
 */
export function migrationPlan(view: CrdView, from: readonly string[], to: string | null): string {
  const resource = resourceName(view);
  const crd = view.name ?? resource;
  const target = to ?? "<the new storage version>";
  const gone = from.join(", ");
  const steps = [
    `Migration plan (Kubernetes docs, "Upgrade existing objects to a new stored version"), one release per step:`,
    `1. Serve both: keep ${gone} in spec.versions (served: true) next to ${target}, with conversion between them (strategy None only if the schemas are identical).`,
    `2. Switch storage: storage: true on ${target} only; the apiserver adds ${target} to status.storedVersions.`,
    `3. Rewrite every object so it is stored as ${target}: kubectl get ${resource} --all-namespaces -o json | kubectl replace -f - (or a StorageVersionMigration, or kube-storage-version-migrator).`,
    `4. Patch status.storedVersions to [${target}]: kubectl patch crd ${crd} --subresource=status --type=merge -p '{"status":{"storedVersions":["${target}"]}}'`,
    `5. Unserve: served: false on ${gone}; serve it again if clients still call it.`,
    `6. Remove ${gone} from spec.versions.`,
  ];
  return steps.join("\n");
}

/** The storage version's name on a side, or null. */
export function storageName(view: CrdView): string | null {
  return storageVersion(view)?.name ?? null;
}

/** spec.names.<key> as a string ("" when absent or not a string). */
export function nameField(view: CrdView, key: string): string {
  const names = isObject(view.spec.names) ? view.spec.names : {};
  const v = names[key];
  return typeof v === "string" ? v : "";
}

/** spec.names.<key> as a list of strings (shortNames, categories). */
export function nameList(view: CrdView, key: string): string[] {
  const names = isObject(view.spec.names) ? view.spec.names : {};
  const v = names[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

/**
 * B15: names of spec.names.<key> (short names, categories) that OLD had and NEW lacks, reported as one finding at the
 * list (at spec.names when NEW has none) with the rule's `removed` message.
 */
export function reportRemovedNames(ctx: RevisionContext<"removed">, key: "shortNames" | "categories"): void {
  const after = new Set(nameList(ctx.crd, key));
  const lost = nameList(ctx.old, key).filter((n) => !after.has(n));
  if (lost.length === 0) return;
  const at = after.size > 0 ? Path.root("spec", "names", key) : Path.root("spec", "names");
  ctx.report({
    path: at,
    effect: "clients-break",
    messageId: "removed",
    data: { names: lost.join(", "), first: lost[0]! },
  });
}

/** The conversion strategy (None when absent, as the apiserver defaults it). */
export function conversionStrategy(view: CrdView): string {
  const c = view.spec.conversion;
  return isObject(c) && typeof c.strategy === "string" ? c.strategy : "None";
}

/** Whether two versions' schemas are equal as the apiserver compares them (Semantic.DeepEqual of the internal values). */
export function sameSchema(a: CrdView, aVersion: string, b: CrdView, bVersion: string): boolean {
  const x = versionSchema(a, aVersion);
  const y = versionSchema(b, bVersion);
  if (x === null || y === null) return x === y;
  return x === y || goSemanticEqual(internalSchemaProps(x), internalSchemaProps(y));
}

/**
 * The preset of a revision rule that the apiserver does not enforce, by the severity its effect grades to: each runs
 * only with an OLD revision (diff, lint --against), so all are in `recommended`; `presetWhy` says what the severity means.
 */
export const RECOMMENDED_REVISION = {
  error: {
    preset: "recommended",
    presetWhy:
      "A revision change that loses stored data or makes existing objects fail their next write (or a rule that no longer compiles or fits the cost budget): it runs only with an OLD revision (diff, lint --against), and a maintainer must act on it before the release.",
  },
  warning: {
    preset: "recommended",
    presetWhy:
      "A revision change that breaks clients (kubectl names and aliases, a version or subresource they call) or strands stored objects until a migration: it runs only with an OLD revision (diff, lint --against), and belongs in the release notes at least.",
  },
  info: {
    preset: "recommended",
    presetWhy:
      "A revision change users notice (kubectl output, warnings, the conversion path, a new CRD) without losing data: reported as info, only with an OLD revision (diff, lint --against), so a release note can mention it.",
  },
} as const satisfies Record<string, { preset: "recommended"; presetWhy: string }>;

/** What a revision rule the apiserver does not enforce writes itself; `defineRevisionRule` fills the rest. */
export type RevisionRuleDefinition<M extends RuleMessages> = Omit<
  RuleDefinition<M>,
  "category" | "severity" | "apiserver" | "type" | "phase" | "preset" | "presetWhy"
> & { severity: keyof typeof RECOMMENDED_REVISION; type?: ErrorType | null };

/**
 * `defineRule` for a revision rule the apiserver does not enforce: category `revision`, phase `revision`,
 * `apiserver: false`, type null unless given, and the preset its severity grades to (RECOMMENDED_REVISION). The keys
 * keep the order every rule writes them in, and the message ids stay typed as `defineRule` types them.
 */
export function defineRevisionRule<const M extends RuleMessages = Record<never, string>>(
  rule: RevisionRuleDefinition<M>,
): Rule {
  const { id, severity, description, ...rest } = rule;
  return defineRule<M>({ ...revisionHeader(id, severity), description, phase: "revision", ...rest });
}

/**
 * `defineEngineRule` for a revision rule that the revision engine or the replay of `diff --objects` reports (no hook):
 * the same metadata `defineRevisionRule` fills, in the same order.
 */
export function defineRevisionEngineRule(
  meta: Pick<RuleMeta, "id" | "description" | "docs"> & { severity: keyof typeof RECOMMENDED_REVISION },
): Rule {
  const { id, severity, ...rest } = meta;
  return defineEngineRule({ ...revisionHeader(id, severity), ...rest });
}

/** The metadata every revision rule outside the apiserver starts with, in the order the rules wrote it. */
function revisionHeader(id: string, severity: keyof typeof RECOMMENDED_REVISION) {
  return {
    id,
    category: "revision",
    severity,
    apiserver: false,
    ...RECOMMENDED_REVISION[severity],
    type: null,
  } as const;
}
