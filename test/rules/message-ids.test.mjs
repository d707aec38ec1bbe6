// A rule's message ids are typed (defineRule infers them from `messages`, as typescript-eslint's createRule does):
// every context a hook receives accepts only those ids, so a misspelt messageId fails `tsc` instead of failing at
// run time. This compiles small rule modules against dist's declarations: a correct one passes, and a misspelt id
// in each kind of hook (crd, schema, structural, revision) is an error naming the id.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { spawnSync } from "node:child_process";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
const dist = (p) => JSON.stringify(pathToFileURL(join(root, "dist", p)).pathname);

const META = `category: "names", severity: "error", apiserver: true, type: "Invalid value", description: "d", docs: { fail: "", pass: "" }`;

/** A module of four rules, one per kind of hook; `ids` replaces the message id each one reports. */
function rules(ids) {
  return `import { defineRule } from ${dist("rules/define-rule.js")};
import { structuralVisit, deferReport, flushDeferred } from ${dist("rules/structural/common.js")};

export const crd = defineRule({
  id: "a", ${META}, phase: "crd",
  messages: { mustBeSet: "must be set", mustBeValid: "must be {{what}}" },
  check(ctx) {
    ctx.report({ path: null as never, messageId: "mustBeSet" });
    ctx.report({ path: null as never, messageId: ${JSON.stringify(ids.crd)}, data: { what: "x" } });
  },
});

export const schema = defineRule({
  id: "b", ${META}, phase: "walk",
  messages: { tooLong: "too long" },
  visitNode(node, ctx) {
    ctx.report({ path: node.path, messageId: ${JSON.stringify(ids.schema)} });
  },
});

export const structural = defineRule({
  id: "c", ${META}, phase: "structural",
  messages: { root: "at the root", field: "at a field" },
  visitNode: structuralVisit((node, ctx) => {
    deferReport(ctx, { path: node.path, messageId: ${JSON.stringify(ids.structural)} });
  }),
  checkSchema: flushDeferred,
});

export const revision = defineRule({
  id: "d", ${META}, phase: "revision",
  messages: { removed: "removed" },
  checkRevision(ctx) {
    ctx.report({ path: null as never, effect: "clients-break", messageId: ${JSON.stringify(ids.revision)} });
  },
});

export const computed = defineRule({
  id: "e", ${META}, phase: "crd",
  check(ctx) {
    ctx.report({ path: null as never, message: "a text computed whole" });
  },
});
`;
}

function compile(source) {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-message-ids-"));
  try {
    const file = join(dir, "rules.mts");
    writeFileSync(file, source);
    const args = [
      "--noEmit",
      "--strict",
      "--target",
      "ES2022",
      "--module",
      "NodeNext",
      "--moduleResolution",
      "NodeNext",
      "--skipLibCheck",
    ];
    args.push("--typeRoots", join(root, "node_modules", "@types"), "--types", "node", file);
    return spawnSync(process.execPath, [tsc, ...args], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const good = { crd: "mustBeValid", schema: "tooLong", structural: "field", revision: "removed" };

test("a rule reporting its own message ids compiles", () => {
  const r = compile(rules(good));
  assert.equal(r.stdout, "");
  assert.equal(r.status, 0);
});

test("a misspelt messageId fails tsc, in every kind of hook", () => {
  const r = compile(rules({ crd: "mustBeVaild", schema: "toLong", structural: "fields", revision: "remove" }));
  assert.equal(r.status, 2, r.stdout);
  for (const id of ["mustBeVaild", "toLong", "fields", "remove"])
    assert.match(r.stdout, new RegExp(`error TS\\d+: .*'"${id}"' is not assignable`));
  assert.equal(r.stdout.match(/error TS/g).length, 4, r.stdout);
});

test("a rule without messages may not report a messageId", () => {
  const source = rules(good).replace(
    'message: "a text computed whole"',
    'messageId: "mustBeSet" /* e has no messages */',
  );
  const line = source.split("\n").findIndex((l) => l.includes("e has no messages")) + 1;
  const r = compile(source);
  assert.equal(r.status, 2, r.stdout);
  assert.match(
    r.stdout,
    new RegExp(`rules\\.mts\\(${line},\\d+\\): error TS\\d+: .* is not assignable to type 'undefined'`),
  );
  assert.equal(r.stdout.match(/error TS/g).length, 1, r.stdout);
});
