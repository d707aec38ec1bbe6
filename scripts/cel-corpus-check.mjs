#!/usr/bin/env node
// Compiles every x-kubernetes-validations rule (and messageExpression) of the corpus CRDs with
// crdlint's CEL compiler and reports the ones that fail, with throughput.
// Usage: node scripts/cel-corpus-check.mjs [--minor 37] [--dir ../shared/corpus/crds] [--cost] [--repeat N] [--verbose]
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { createCelCompiler } from "../dist/cel/schema/compile.js";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const minor = Number(opt("--minor", "37"));
const dir = opt("--dir", "../shared/corpus/crds");
const verbose = args.includes("--verbose");
const withCost = args.includes("--cost");

function* files(d) {
  for (const name of readdirSync(d)) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (/\.(ya?ml|json)$/.test(name)) yield p;
  }
}

const isObj = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

/** Collects { schema, isResourceRoot, rule, messageExpression, optionalOldSelf, where } for every rule. */
function collect(schema, isRoot, where, out) {
  if (!isObj(schema)) return;
  const rules = schema["x-kubernetes-validations"];
  if (Array.isArray(rules)) {
    rules.forEach((r, i) => {
      if (!isObj(r)) return;
      out.push({
        schema,
        isResourceRoot: isRoot || schema["x-kubernetes-embedded-resource"] === true,
        rule: typeof r.rule === "string" ? r.rule : "",
        messageExpression: typeof r.messageExpression === "string" ? r.messageExpression : "",
        optionalOldSelf: r.optionalOldSelf === true,
        where: `${where}.x-kubernetes-validations[${i}]`,
      });
    });
  }
  if (isObj(schema.properties)) {
    for (const [k, v] of Object.entries(schema.properties)) collect(v, false, `${where}.properties[${k}]`, out);
  }
  if (isObj(schema.items)) collect(schema.items, false, `${where}.items`, out);
  if (isObj(schema.additionalProperties))
    collect(schema.additionalProperties, false, `${where}.additionalProperties`, out);
}

const entries = [];
let docs = 0;
for (const f of files(dir)) {
  let parsed;
  try {
    parsed = parseAllDocuments(readFileSync(f, "utf8"), { uniqueKeys: false });
  } catch {
    continue;
  }
  for (const doc of parsed) {
    const crd = doc.toJS({ maxAliasCount: -1 });
    if (!isObj(crd) || crd.kind !== "CustomResourceDefinition" || !isObj(crd.spec)) continue;
    docs++;
    const name = crd.metadata?.name ?? f;
    if (Array.isArray(crd.spec.versions)) {
      for (const v of crd.spec.versions) {
        const s = v?.schema?.openAPIV3Schema;
        if (isObj(s)) collect(s, true, `${name}@${v.name}:openAPIV3Schema`, entries);
      }
    }
    const legacy = crd.spec.validation?.openAPIV3Schema;
    if (isObj(legacy)) collect(legacy, true, `${name}:validation.openAPIV3Schema`, entries);
  }
}

let cost = null;
if (withCost) {
  try {
    cost = await import("../dist/cel/k8s/cost.js");
  } catch {
    cost = null;
  }
}

const repeat = Number(opt("--repeat", "1"));
const honourOptionalOldSelf = minor >= 30;
let failures = [];
let rules = 0;
let messageExpressions = 0;
const runs = [];
for (let run = 0; run < repeat; run++) {
  failures = [];
  rules = 0;
  messageExpressions = 0;
  const compiler = createCelCompiler(minor, { shared: false });
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  for (const e of entries) {
    if (e.rule.trim() === "") continue;
    rules++;
    const oos = honourOptionalOldSelf && e.optionalOldSelf;
    const r = compiler.compileRule({
      schema: e.schema,
      isResourceRoot: e.isResourceRoot,
      expression: e.rule,
      kind: "rule",
      optionalOldSelf: oos,
    });
    if (!r.ok) failures.push({ e, kind: "rule", text: e.rule, errors: r.errors });
    else if (r.outputType.kind !== "bool")
      failures.push({
        e,
        kind: "rule",
        text: e.rule,
        errors: [{ message: "cel expression must evaluate to a bool", detail: "" }],
      });
    else if (cost && r.ast) cost.estimateCost(r.ast, r.rootDecl, { kubernetesMinor: minor });
    if (r.ok && e.messageExpression.trim() !== "") {
      messageExpressions++;
      const m = compiler.compileRule({
        schema: e.schema,
        isResourceRoot: e.isResourceRoot,
        expression: e.messageExpression,
        kind: "messageExpression",
        optionalOldSelf: oos,
      });
      if (!m.ok) failures.push({ e, kind: "messageExpression", text: e.messageExpression, errors: m.errors });
      else if (m.outputType.kind !== "string")
        failures.push({
          e,
          kind: "messageExpression",
          text: e.messageExpression,
          errors: [{ message: "messageExpression must evaluate to a string", detail: "" }],
        });
      else if (cost && m.ast) cost.estimateCost(m.ast, m.rootDecl, { kubernetesMinor: minor });
    }
  }
  const cpu = process.cpuUsage(c0);
  const t1 = process.hrtime.bigint();
  runs.push({ wall: Number(t1 - t0) / 1e9, cpu: (cpu.user + cpu.system) / 1e6 });
}

for (const f of failures) {
  console.log(`FAIL ${f.e.where} (${f.kind}): ${JSON.stringify(f.text)}`);
  for (const err of f.errors)
    console.log(`  ${err.message}${verbose && err.detail ? "\n  " + err.detail.replace(/\n/g, "\n  ") : ""}`);
}
const total = rules + messageExpressions;
console.log(
  `1.${minor}: ${docs} CRDs, ${rules} rules + ${messageExpressions} messageExpressions, ${failures.length} failures` +
    (cost ? " (parse + type-check + cost)" : " (parse + type-check)"),
);
runs.forEach((r, i) =>
  console.log(
    `  run ${i + 1}${i === 0 ? " (cold)" : ""}: ${(total / r.wall).toFixed(0)} expressions/s (${(r.wall * 1000).toFixed(1)} ms wall, ${(r.cpu * 1000).toFixed(1)} ms CPU incl. GC threads)`,
  ),
);
process.exitCode = failures.length > 0 ? 1 : 0;
