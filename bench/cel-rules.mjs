// Benchmark: type-check + cost-estimate every x-kubernetes-validations rule of the CRD corpus.
// Prints numbers; not a test.
//   node bench/cel-rules.mjs [dir] [--minor 37] [--runs 5] [--top 10]
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseAllDocuments } from "yaml";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const minor = Number(flag("--minor", "37"));
const runs = Number(flag("--runs", "5"));
const top = Number(flag("--top", "10"));
const dir = resolve(
  args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--")) ??
    join(root, "..", "shared", "corpus", "crds"),
);
if (!existsSync(dir)) {
  console.error(`no corpus at ${dir}`);
  process.exit(2);
}

const { createCelCompiler } = await import(join(root, "dist", "cel", "index.js"));
const { estimateCost } = await import(join(root, "dist", "cel", "index.js"));
const { ruleCardinality, expressionCost, schemaCostVerdict, STATIC_ESTIMATED_COST_LIMIT } = await import(
  join(root, "dist", "cel", "index.js")
);

function walkFiles(d, out) {
  for (const name of readdirSync(d).sort()) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) walkFiles(p, out);
    else if (/\.(ya?ml|json)$/i.test(name)) out.push(p);
  }
  return out;
}

const isObj = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every rule/messageExpression of one version schema, in apiserver walk order. */
function collect(schemaRoot, where) {
  const out = [];
  const visit = (node, path, fieldPath, isResourceRoot) => {
    const xv = node["x-kubernetes-validations"];
    if (Array.isArray(xv)) {
      xv.forEach((r, i) => {
        if (!isObj(r)) return;
        const base = { schema: node, path, isResourceRoot, optionalOldSelf: r.optionalOldSelf === true, where };
        if (typeof r.rule === "string" && r.rule.trim() !== "")
          out.push({
            ...base,
            kind: "rule",
            expression: r.rule,
            field: `${fieldPath}.x-kubernetes-validations[${i}].rule`,
          });
        if (typeof r.messageExpression === "string" && r.messageExpression.trim() !== "")
          out.push({
            ...base,
            kind: "messageExpression",
            expression: r.messageExpression,
            field: `${fieldPath}.x-kubernetes-validations[${i}].messageExpression`,
          });
      });
    }
    const props = node.properties;
    if (isObj(props)) {
      for (const k of Object.keys(props).sort()) {
        const c = props[k];
        if (isObj(c))
          visit(c, [...path, c], `${fieldPath}.properties[${k}]`, c["x-kubernetes-embedded-resource"] === true);
      }
    }
    if (isObj(node.additionalProperties)) {
      const c = node.additionalProperties;
      visit(c, [...path, c], `${fieldPath}.additionalProperties`, c["x-kubernetes-embedded-resource"] === true);
    }
    if (isObj(node.items)) {
      const c = node.items;
      visit(c, [...path, c], `${fieldPath}.items`, c["x-kubernetes-embedded-resource"] === true);
    }
  };
  visit(schemaRoot, [schemaRoot], "openAPIV3Schema", true);
  return out;
}

// ---- load (not timed)
const files = walkFiles(dir, []);
const schemas = []; // { where, root, exprs }
for (const f of files) {
  let docs;
  try {
    docs = parseAllDocuments(readFileSync(f, "utf8"));
  } catch {
    continue;
  }
  for (const d of docs) {
    const crd = d.toJS({ maxAliasCount: -1 });
    if (!isObj(crd) || crd.kind !== "CustomResourceDefinition") continue;
    const name = crd.metadata?.name ?? f;
    for (const v of crd.spec?.versions ?? []) {
      const s = v?.schema?.openAPIV3Schema;
      if (!isObj(s)) continue;
      const where = `${name}@${v.name}`;
      schemas.push({ where, root: s, exprs: collect(s, where) });
    }
  }
}
const all = schemas.flatMap((s) => s.exprs);
const rules = all.filter((e) => e.kind === "rule");
const msgs = all.filter((e) => e.kind === "messageExpression");
const uniq = new Set(rules.map((e) => `${e.expression}\u0000${JSON.stringify(e.schema)}`)).size;

// ---- timed passes: type-check everything, then estimate everything
function pass(compiler) {
  const t0 = process.hrtime.bigint();
  const compiled = all.map((e) =>
    compiler.compileRule({
      schema: e.schema,
      isResourceRoot: e.isResourceRoot,
      expression: e.expression,
      kind: e.kind,
      optionalOldSelf: e.optionalOldSelf,
    }),
  );
  const t1 = process.hrtime.bigint();
  const results = compiled.map((r) => ({
    ok: r.ok && !!r.ast,
    maxCost: r.ok && r.ast && r.rootDecl ? estimateCost(r.ast, r.rootDecl, { kubernetesMinor: minor }).max : null,
    minSize: r.rootDecl?.minSize ?? 0n,
    errors: r.errors,
  }));
  const t2 = process.hrtime.bigint();
  return { results, compileMs: Number(t1 - t0) / 1e6, estimateMs: Number(t2 - t1) / 1e6 };
}

const times = [];
let last;
for (let i = 0; i < runs; i++) {
  const compiler = createCelCompiler(minor); // fresh compiler caches each run
  last = pass(compiler);
  times.push({ total: last.compileMs + last.estimateMs, compile: last.compileMs, estimate: last.estimateMs });
}
const best = times.reduce((a, b) => (b.total < a.total ? b : a));
const first = times[0];

// ---- verdicts
const ruleRows = [];
let failed = 0;
const overRule = [];
const overMsg = [];
const observationsBySchema = new Map();
all.forEach((e, i) => {
  const r = last.results[i];
  if (!r.ok) {
    failed++;
    return;
  }
  let cost;
  if (e.kind === "rule") {
    const card = ruleCardinality(e.path);
    cost = expressionCost(r.maxCost, card, r.minSize);
    ruleRows.push({ e, maxCost: r.maxCost, card, cost });
    if (cost > STATIC_ESTIMATED_COST_LIMIT) overRule.push({ e, cost });
  } else {
    cost = r.maxCost;
    if (cost > STATIC_ESTIMATED_COST_LIMIT) overMsg.push({ e, cost });
  }
  let obs = observationsBySchema.get(e.where);
  if (!obs) observationsBySchema.set(e.where, (obs = []));
  obs.push({ path: e.field, kind: e.kind, cost });
});
let overTotal = 0;
let maxTotal = 0n;
for (const [where, obs] of observationsBySchema) {
  const v = schemaCostVerdict(obs, "openAPIV3Schema");
  if (v.total > maxTotal) maxTotal = v.total;
  if (v.findings.some((f) => f.kind === "schema-total-exceeds-budget")) {
    overTotal++;
    console.log(`  schema total over 100M: ${where} ${v.total}`);
    for (const o of obs) if (o.cost > 1000000n) console.log(`    ${o.path}: ${o.cost}`);
  }
}

const fmt = (n) => n.toLocaleString("en-US");
console.log(`corpus: ${dir} (${files.length} files, ${schemas.length} version schemas)`);
console.log(
  `Kubernetes 1.${minor}: ${rules.length} rules (${uniq} distinct rule+schema), ${msgs.length} messageExpressions`,
);
console.log(`compile failures: ${failed}`);
const rate = (n, ms) => fmt(Math.round((n / ms) * 1000));
console.log(
  `best of ${runs}: ${best.total.toFixed(1)} ms for ${all.length} expressions = ${rate(all.length, best.total)} expr/s ` +
    `(type-check ${best.compile.toFixed(1)} ms = ${rate(all.length, best.compile)}/s, estimate ${best.estimate.toFixed(1)} ms = ${rate(all.length, best.estimate)}/s)`,
);
console.log(
  `first (cold) run: ${first.total.toFixed(1)} ms = ${rate(all.length, first.total)} expr/s (type-check ${first.compile.toFixed(1)} ms, estimate ${first.estimate.toFixed(1)} ms)`,
);
console.log(
  `rules over the per-expression limit: ${overRule.length}; messageExpressions over: ${overMsg.length}; schemas over the total limit: ${overTotal} (largest total ${fmt(Number(maxTotal))})`,
);
for (const o of [...overRule, ...overMsg])
  console.log(`  OVER ${o.e.where} ${o.e.field}: ${o.cost} :: ${o.e.expression}`);
ruleRows.sort((a, b) => (b.cost > a.cost ? 1 : b.cost < a.cost ? -1 : 0));
console.log(`top ${top} rule costs (cost = MaxCost x cardinality):`);
for (const r of ruleRows.slice(0, top)) {
  console.log(
    `  ${fmt(Number(r.cost)).padStart(12)} = ${r.maxCost} x ${r.card === "unbounded" ? "unbounded" : r.card}  ${r.e.where} ${r.e.field}: ${r.e.expression.slice(0, 100).replace(/\s+/g, " ")}`,
  );
}
if (failed) {
  const samples = all
    .map((e, i) => [e, last.results[i]])
    .filter(([, r]) => !r.ok)
    .slice(0, 5);
  for (const [e, r] of samples)
    console.log(`  compile error ${e.where} ${e.field}: ${JSON.stringify(r.errors)?.slice(0, 200)}`);
}
