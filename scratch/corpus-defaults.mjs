import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import YAML from "yaml";
import { createCelValidator } from "/work/wt-celrt/dist/cel/runtime/index.js";
const files = [];
const walk = (d) => { for (const f of readdirSync(d)) { const p = join(d, f); if (statSync(p).isDirectory()) walk(p); else if (/\.ya?ml$|\.json$/.test(f)) files.push(p); } };
walk("/work/shared/corpus/crds");
let evals = 0, errs = 0, withRules = 0;
const hasRules = (s) => s && typeof s === "object" && (Array.isArray(s["x-kubernetes-validations"]) || ["items","additionalProperties"].some(k => hasRules(s[k])) || (s.properties && Object.values(s.properties).some(hasRules)));
const visit = (s, root, f) => {
  if (!s || typeof s !== "object") return;
  if (s.default !== undefined && s.default !== null && hasRules(s)) {
    evals++;
    const v = createCelValidator(s, s["x-kubernetes-embedded-resource"] === true, { minor: 37 });
    const r = v.validate(s.default, s.default, { ratcheting: false });
    const r2 = v.validate(s.default, undefined, { ratcheting: false });
    for (const e of [...r.errors, ...r2.errors]) { errs++; console.log(f, e.message.slice(0, 300)); }
  }
  if (s.properties) for (const p of Object.values(s.properties)) visit(p, root, f);
  if (s.items && !Array.isArray(s.items)) visit(s.items, root, f);
};
for (const f of files) {
  let docs;
  try { docs = YAML.parseAllDocuments(readFileSync(f, "utf8")).map(d => d.toJS()); } catch { continue; }
  for (const d of docs) {
    if (!d || d.kind !== "CustomResourceDefinition") continue;
    for (const v of d.spec?.versions ?? []) { const s = v.schema?.openAPIV3Schema; if (hasRules(s)) withRules++; visit(s, s, f); }
  }
}
console.log({ files: files.length, withRules, evals, errs });
