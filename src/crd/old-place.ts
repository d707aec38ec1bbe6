/**
 * Where NEW shows a node only OLD has. A finding about a removed version or field is positioned in OLD, but when OLD
 * is a file at a git ref a pull request cannot show that file: the finding goes to the nearest node NEW still has.
 */
import { isObject } from "./model.js";

type Segment = string | number;

/**
 * The longest prefix of `oldPath` (a document path in OLD) that names the same node in NEW: object keys by name,
 * `spec.versions` items by their `name` (versions are reordered freely), other list items not at all (an index in
 * OLD may hold another item in NEW), so the answer stops at the list.
 */
export function pathInNew(oldPath: readonly Segment[], oldRaw: unknown, newRaw: unknown): Segment[] {
  const out: Segment[] = [];
  let before = oldRaw;
  let after = newRaw;
  for (const seg of oldPath) {
    if (typeof seg === "number") {
      if (!Array.isArray(before) || !Array.isArray(after) || !isVersionsList(out)) break;
      const item: unknown = before[seg];
      const name = isObject(item) ? item.name : undefined;
      const at = typeof name === "string" ? after.findIndex((v) => isObject(v) && v.name === name) : -1;
      if (at < 0) break;
      out.push(at);
      before = item;
      after = after[at];
      continue;
    }
    if (!isObject(before) || !isObject(after) || !(seg in after)) break;
    out.push(seg);
    before = before[seg];
    after = after[seg];
  }
  return out;
}

function isVersionsList(path: readonly Segment[]): boolean {
  return path.length === 2 && path[0] === "spec" && path[1] === "versions";
}
