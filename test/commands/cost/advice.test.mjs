// The cost advice as a user reads it (lint's cel-cost diagnostics and `crdlint cost`): numbers never cut, sizes in
// the estimator's unit, enums and existing bounds named for what they are, advice for sizes no bound can fix, a fix
// or the reason there is none on every expression over the limit, and a summary that counts right.
import { test } from "node:test";
import assert from "node:assert/strict";
import { crdlint } from "../../helpers/cli.mjs";
import { tmp } from "../../helpers/tmp.mjs";
import { oneVersionCrd } from "../../helpers/crd-yaml.mjs";

const crd = (properties) =>
  oneVersionCrd({
    plural: "widgets",
    kind: "Widget",
    schema: `        type: object
        properties:
          spec:
            type: object
            properties:
${properties.replace(/^/gm, "              ")}
`,
  });

const ENDPOINT = `endpoint:
  type: string
  x-kubernetes-validations:
  - rule: "isURL(self) && matches(url(self).getEscapedPath(), '^/[a-z]+$')"`;
const HOSTS = `hosts:
  type: array
  items: {type: string, maxLength: 300}
  x-kubernetes-validations:
  - rule: "self.all(h, h.matches('^[a-z.]+$'))"`;
const TAGS = `tags:
  type: array
  maxItems: 5000
  items: {type: string, maxLength: 1024}
  x-kubernetes-validations:
  - rule: "self.all(t, self.exists(u, u.contains(t)))"`;
const SMALL = `small:
  type: string
  maxLength: 10
  x-kubernetes-validations:
  - rule: "self.size() > 1"`;

const file = () => tmp({ "crd.yaml": crd([ENDPOINT, HOSTS, TAGS, SMALL].join("\n")) });

test("cost numbers are never cut into another number, in lint's text or anywhere else", () => {
  const dir = file();
  const r = crdlint(["lint", "crd.yaml"], { cwd: dir });
  assert.equal(r.status, 1);
  // A digit right before the ellipsis would be a number cut in its middle.
  assert.doesNotMatch(r.stdout, /\d…/);
  const change = r.stdout.split("\n").find((l) => l.includes("cost changed in Kubernetes 1.37"));
  assert.ok(change, r.stdout);
  // The whole estimate, with its order of magnitude.
  assert.match(change, /goes from [\d,]+ to (\d{1,3}(,\d{3})+) \(about \d\.\d × 10\^\d+\) per evaluation$/);
  const json = crdlint(["lint", "-f", "json", "crd.yaml"], { cwd: dir });
  const big = json.json.diagnostics.find((d) => d.detail?.includes("cost changed"));
  assert.ok(big.detail.includes(change.trim()), "the text shows the JSON detail line whole");
});

test("string sizes are given in bytes, 4 per character of maxLength, as the estimator counts them", () => {
  const r = crdlint(["cost", "crd.yaml"], { cwd: file() });
  assert.match(r.stdout, /string at spec\.hosts\[\*\] \(maxLength: 300\): assumed 1,200 bytes \(4 per character\)/);
  assert.match(r.stdout, /unbounded string at spec\.endpoint \(no maxLength\): assumed 3,145,726 bytes/);
  assert.doesNotMatch(r.stdout, /characters/);
});

test("a suggestion that tightens an existing bound says lower ... from ... to", () => {
  const r = crdlint(["cost", "crd.yaml"], { cwd: file() });
  assert.match(
    r.stdout,
    /fix: lower maxLength at spec\.tags\[\*\] from 1,024 to \d+ and maxItems at spec\.tags from 5,000 to \d+ → \d+% of the limit/,
  );
  assert.match(r.stdout, /fix: add maxItems: \d+ at spec\.hosts → \d+% of the limit/);
});

test("an enum is said to bound the estimate from 1.29 and not before, never called unbounded", () => {
  const dir = tmp({
    "crd.yaml": crd(`modes:
  type: array
  items: {type: string, enum: [alpha, beta, gamma]}
  x-kubernetes-validations:
  - rule: "self.all(m, self.exists(n, n.contains(m)))"`),
  });
  const at28 = crdlint(["cost", "-k", "1.28", "crd.yaml"], { cwd: dir });
  assert.match(
    at28.stdout,
    /string at spec\.modes\[\*\] \(no maxLength; its enum does not bound the estimate before Kubernetes 1\.29\)/,
  );
  const at37 = crdlint(["cost", "crd.yaml"], { cwd: dir });
  assert.match(
    at37.stdout,
    /string at spec\.modes\[\*\] \(no maxLength; sized by its longest enum value\): assumed 5 bytes/,
  );
  assert.doesNotMatch(at28.stdout + at37.stdout, /unbounded string at spec\.modes/);
});

test("a function result of unknown size gets advice that can work, not a bound that cannot", () => {
  const r = crdlint(["lint", "-f", "json", "crd.yaml"], { cwd: file() });
  const endpoint = r.json.diagnostics.find(
    (d) => d.rule === "cel-cost-rule-exceeds-budget" && d.field.includes("endpoint"),
  );
  assert.match(
    endpoint.suggestion,
    /^no maxLength, maxItems or maxProperties can help: the estimator cannot size url\(self\)\.getEscapedPath\(\)/,
  );
  assert.match(endpoint.suggestion, /self\.matches\(\.\.\.\) on the whole value/);
});

test("every expression over its limit gets a fix line or the reason there is none", () => {
  const nested = `l:
  type: array
  items: {type: array, items: {type: string}}
  x-kubernetes-validations:
  - rule: "true"
    messageExpression: "self.map(x, x.map(y, y + y).join(',')).join(';')"`;
  const dir = tmp({ "crd.yaml": crd([ENDPOINT, HOSTS, TAGS, nested].join("\n")) });
  const r = crdlint(["lint", "-f", "json", "crd.yaml"], { cwd: dir });
  const over = r.json.diagnostics.filter(
    (d) => d.rule === "cel-cost-rule-exceeds-budget" || d.rule === "cel-cost-message-expression-exceeds-budget",
  );
  assert.equal(over.length, 4);
  for (const d of over) assert.ok(d.suggestion, `${d.field}: no fix line`);
  const costs = crdlint(["cost", "-f", "json", "crd.yaml"], { cwd: dir });
  for (const e of costs.json.expressions.filter((x) => x.exceedsLimit))
    assert.ok(e.suggestion, `${e.field}: no fix in cost`);
});

test("cost -q counts expressions and schemas apart, and says what it left out", () => {
  const dir = file();
  const all = crdlint(["cost", "crd.yaml"], { cwd: dir });
  assert.match(all.stdout, /^4 expressions in 1 schema, Kubernetes 1\.37; .*over a limit: 3 expressions, 1 schema /m);
  const q = crdlint(["cost", "-q", "crd.yaml"], { cwd: dir });
  assert.equal(q.status, 1);
  assert.match(
    q.stdout,
    /^showing what is over a limit \(-q\) of 4 expressions in 1 schema, .*over a limit: 3 expressions, 1 schema /m,
  );
  assert.doesNotMatch(q.stdout, /self\.size\(\) > 1/);
});
