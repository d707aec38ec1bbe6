import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import YAML from "yaml";
import { createCelValidator } from "../dist/cel/runtime/index.js";
const list = (d) => { const out = []; const w = (d) => { for (const f of readdirSync(d)) { const p = join(d, f); if (statSync(p).isDirectory()) w(p); else if (/\.ya?ml$|\.json$/.test(f)) out.push(p); } }; w(d); return out; };
const load = (f) => { try { return YAML.parseAllDocuments(readFileSync(f, "utf8")).map(d => d.toJS({ maxAliasCount: -1 })); } catch { return []; } };
const crds = new Map();
for (const f of list("/work/shared/corpus/crds")) for (const d of load(f)) if (d?.kind === "CustomResourceDefinition") for (const v of d.spec?.versions ?? []) crds.set(`${d.spec.group}/${v.name}/${d.spec.names.kind}`, v.schema?.openAPIV3Schema);
let n = 0, matched = 0; const msgs = new Map();
for (const f of list("/work/shared/corpus/examples")) for (const d of load(f)) {
  if (!d?.apiVersion || !d.kind) continue; n++;
  const s = crds.get(`${d.apiVersion}/${d.kind}`); if (!s) continue; matched++;
  for (const minor of [37]) {
    const r = createCelValidator(s, true, { minor }).validate(d, undefined);
    for (const e of r.errors) { const k = e.message.replace(/^[^:]*: /, "").slice(0, 160); msgs.set(k, (msgs.get(k) ?? 0) + 1); if ((msgs.get(k)) === 1) console.log(f.slice(34), "|", e.message.slice(0, 250)); }
  }
}
console.log({ n, matched, distinct: msgs.size });
