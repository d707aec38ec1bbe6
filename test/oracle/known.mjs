// Known divergences: each has a matcher (fields of a difference item, as regular expressions) and a reason. A case
// whose every difference item is matched is explained; any other difference fails the run.
import { readFileSync } from "node:fs";
import { parse } from "yaml";

export function loadKnown(file) {
  const doc = parse(readFileSync(file, "utf8")) ?? {};
  const list = doc.divergences ?? [];
  for (const k of list) {
    if (!k.id || !k.family || !k.match || !k.reason) throw new Error(`${file}: each divergence needs id, family, match and reason (${JSON.stringify(k).slice(0, 120)})`);
    k.matchers = Object.entries(k.match).map(([key, pattern]) => [key, new RegExp(String(pattern), "s")]);
  }
  return list;
}

/** The known divergence explaining this difference item, or null. */
export function explain(known, family, release, item) {
  for (const k of known) {
    if (![k.family].flat().includes(family)) continue;
    if (k.releases && !k.releases.includes(release)) continue;
    if (k.matchers.every(([key, re]) => item[key] !== undefined && item[key] !== null && re.test(String(item[key])))) return k;
  }
  return null;
}
