/** Versions renamed between OLD and NEW: a version only OLD has and one only NEW has, with equal schemas. */
import type { RevisionContext } from "../define-rule.js";
import { sameSchema } from "./common.js";

/** OLD name → NEW name, for each removed version whose schema exactly one added version carries. */
export function renamedVersions(ctx: Pick<RevisionContext, "versions" | "old" | "crd">): Map<string, string> {
  const removed = ctx.versions.filter((p) => p.old && !p.new);
  const added = ctx.versions.filter((p) => p.new && !p.old);
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const r of removed) {
    const matches = added.filter((a) => !taken.has(a.name) && sameSchema(ctx.old, r.name, ctx.crd, a.name));
    if (matches.length !== 1) continue;
    out.set(r.name, matches[0]!.name);
    taken.add(matches[0]!.name);
  }
  return out;
}
