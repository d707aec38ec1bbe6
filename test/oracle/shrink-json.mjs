// Delta debugging over a JSON value: smaller candidates first by whole subtrees (drop a key, an element), then
// simpler leaves (a long string cut short). The runner keeps any candidate that still diverges alike.

function* paths(value, path = []) {
  // Breadth-first, so that large subtrees go first.
  const queue = [[value, path]];
  while (queue.length) {
    const [v, p] = queue.shift();
    yield [v, p];
    if (Array.isArray(v)) v.forEach((x, i) => queue.push([x, [...p, i]]));
    else if (v && typeof v === "object") for (const k of Object.keys(v)) queue.push([v[k], [...p, k]]);
  }
}

function without(value, path) {
  const copy = structuredClone(value);
  let parent = copy;
  for (const seg of path.slice(0, -1)) parent = parent[seg];
  const last = path[path.length - 1];
  if (Array.isArray(parent)) parent.splice(last, 1);
  else delete parent[last];
  return copy;
}

function replaced(value, path, leaf) {
  const copy = structuredClone(value);
  let parent = copy;
  for (const seg of path.slice(0, -1)) parent = parent[seg];
  parent[path[path.length - 1]] = leaf;
  return copy;
}

/** Smaller variants of `value`; `keep(path)` says which paths must stay (apiVersion, kind, ...). */
export function* shrinkJson(value, keep = () => false) {
  for (const [, p] of paths(value)) {
    if (p.length === 0 || keep(p)) continue;
    yield without(value, p);
  }
  for (const [v, p] of paths(value)) {
    if (p.length === 0 || keep(p)) continue;
    if (typeof v === "string" && v.length > 8) yield replaced(value, p, v.slice(0, Math.ceil(v.length / 4)));
    if (v && typeof v === "object" && Object.keys(v).length > 1) yield replaced(value, p, Array.isArray(v) ? [] : {});
  }
}
