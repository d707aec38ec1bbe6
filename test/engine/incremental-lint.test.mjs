// A lint session (openLintSession) re-lints a document after each edit and must answer exactly what a cold lintText of
// the same text answers: the whole LintResult deep-equal (diagnostics in order, messages, fields, positions,
// suggestions, summary). Seeded random edits at random nodes (bench/incremental-edits.mjs) of the repository's CRD
// fixtures and of hand-written ones, texts that add and remove documents, break the YAML, are no CRD, use aliases;
// options fixed per session; and the two large corpus CRDs of issue 25 when ../shared is here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "../helpers/cli.mjs";
import { lintText, openLintSession, UsageError } from "../../dist/index.js";
import { editText, fuzzText, random } from "../../bench/incremental-edits.mjs";
import { largeCrd } from "../../bench/large-crd.mjs";

/** Lints each text with the session and cold, asserting the results equal; returns the kinds of edit made. */
async function sameAsCold(session, texts, options = {}) {
  for (const [i, text] of texts.entries()) {
    const got = await session.lint(text);
    const want = await lintText(text, options);
    assert.deepStrictEqual(got, want, `text ${i}`);
  }
}

/** `n` seeded edits of `text`, each made on the text the one before made. */
function edits(text, n, seed) {
  const rnd = random(seed);
  const out = [];
  for (let i = 0; i < n; i++) out.push((text = editText(text, rnd).text));
  return out;
}

const CRD = (name, extra = "") => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${name}s.example.com
spec:
  group: example.com
  names:
    kind: ${name[0].toUpperCase()}${name.slice(1)}
    plural: ${name}s
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              description: The desired state.
              x-kubernetes-validations:
                - rule: self.replicas <= self.maxReplicas
                  message: replicas above the maximum
              properties:
                replicas:
                  type: integer
                  minimum: 0
                  maximum: 100
                maxReplicas:
                  type: integer
                mode:
                  type: string
                  enum:
                    - Fast
                    - Safe
                  default: Safe
                tags:
                  type: array
                  maxItems: 10
                  items:
                    type: string
                    maxLength: 64${extra}
                limits:
                  type: object
                  default:
                    cpu: 5
                  x-kubernetes-validations:
                    - rule: self.cpu <= 4
                      message: at most 4 CPUs
                  properties:
                    cpu:
                      type: integer
                      default: 2
    - name: v2
      served: true
      storage: false
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                size:
                  type: string
                  pattern: ^[0-9]+Gi$
`;

const FIXTURES = [
  "test/fixtures/revisions/argo-cd/applicationset-v2.12.0.yaml",
  "test/fixtures/revisions/istio/destinationrule-1.5.0-beta.1.yaml",
  "test/fixtures/revisions/garage-operator/v0.4.9.yaml",
  "test/fixtures/revisions/trust-manager/v0.13.0.yaml",
  "test/fixtures/revisions/cluster-api/clusterresourcesetbinding-v1.7.0.yaml",
  "test/fixtures/revisions/strimzi/strimzipodset-0.51.0.yaml",
];

test("after each seeded edit of the repository's CRD fixtures, the session answers what a cold lintText answers", async () => {
  for (const [i, f] of FIXTURES.entries()) {
    const text = readFileSync(join(root, f), "utf8");
    const session = openLintSession({ file: f });
    await sameAsCold(session, [text, ...edits(text, 12, i + 1)], { file: f });
    session.dispose();
  }
});

test("hand-written CRDs: edits, documents added and removed, broken YAML, a non-CRD, aliases, JSON, a template", async () => {
  const session = openLintSession();
  const one = CRD("widget");
  const two = `${one}---\n${CRD("gadget")}`;
  await sameAsCold(session, [
    one,
    ...edits(one, 15, 7),
    one,
    two, // a document added after
    `${CRD("gadget")}---\n${one}`, // the same CRDs, the other order
    `${CRD("gadget")}---\n---\n${one}`, // an empty document between
    one, // a document removed
    one.replace("minimum: 0", "minimum: 0\n                  maximum: -1"), // an error appears
    one.replace("    plural: widgets", "    plural: widgets\n  bad: [unclosed"), // broken YAML
    one,
    `${one}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: not-a-crd\n`, // a non-CRD beside it
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: only\n",
    one.replace(
      "                maxReplicas:\n                  type: integer",
      "                maxReplicas: &r\n                  type: integer\n                minReplicas: *r",
    ), // an alias
    one.replace(
      "                maxReplicas:\n                  type: integer",
      "                maxReplicas:\n                  type: integer\n                minReplicas:\n                  type: integer",
    ), // the same without it
    JSON.stringify({
      apiVersion: "apiextensions.k8s.io/v1",
      kind: "CustomResourceDefinition",
      metadata: { name: "a.b" },
    }),
    "{{ .Values.crd }}\n",
    // A property named __proto__ (an own key, as the loader makes it) beside the one edited.
    one.replace(
      "                maxReplicas:\n",
      "                __proto__:\n                  type: string\n                maxReplicas:\n",
    ),
    one
      .replace(
        "                maxReplicas:\n",
        "                __proto__:\n                  type: string\n                maxReplicas:\n",
      )
      .replace("maxLength: 64", "maxLength: 65"),
    "",
    one,
    // A line split inside a word: the common end starts inside a line of one text and at a line's start of the other.
    one.replace("maxLength: 64", "maxLength: 6---\n4"),
    one,
    one.replace("maxLength: 64", "maxLength: 6\n4"),
    one,
    one.replace("maximum: 100", "maximum: 1\n00"),
    one,
    one, // the same text again
    ...edits(two, 15, 8),
  ]);
  session.dispose();
});

test("the hand-written CRD's default breaks its CEL rule: the session reports it as a cold lint does", async () => {
  const text = CRD("widget");
  const cold = await lintText(text);
  assert.ok(cold.diagnostics.some((d) => d.rule === "default-cel-rule-failed"));
  const session = openLintSession();
  await sameAsCold(session, [text, text.replace("cpu: 5", "cpu: 3"), text, text.replace("replicas:", "count:")]);
});

test("keystroke-sized edits anywhere (YAML broken and mended, lines indented, copied, removed): the cold answer", async () => {
  // Half of the edits are of the text before (an editor's session), half of the fixture again (a jump back).
  for (const [i, f] of FIXTURES.slice(0, 4).entries()) {
    const base = readFileSync(join(root, f), "utf8");
    const rnd = random(100 + i);
    const texts = [base];
    for (let n = 0; n < 30; n++) texts.push(fuzzText(rnd() < 0.5 ? base : texts.at(-1), rnd));
    const session = openLintSession();
    await sameAsCold(session, texts);
  }
  const one = CRD("widget");
  const rnd = random(7);
  const texts = [one];
  for (let n = 0; n < 60; n++) texts.push(rnd() < 0.3 ? editText(texts.at(-1), rnd).text : fuzzText(texts.at(-1), rnd));
  await sameAsCold(openLintSession(), texts);
});

test("a result the caller changes does not change the next answer", async () => {
  const session = openLintSession();
  const text = CRD("widget").replace("minimum: 0", "minimum: 0\n                  maximum: -1");
  const first = await session.lint(text);
  assert.ok(first.diagnostics.length > 0);
  first.diagnostics.length = 0;
  first.summary.errors = 99;
  assert.deepStrictEqual(await session.lint(text), await lintText(text));
});

test("options are fixed per session: a release range and rule settings; another configuration is another session", async () => {
  const base = CRD("widget");
  const texts = [base, ...edits(base, 10, 3)];
  for (const options of [
    { kubernetesVersion: "1.28..1.31", file: "crds/widget.yaml" },
    { preset: "apiserver", rules: { "lint-enum-type-mismatch": "off" } },
    { applyMethod: "server-side", apiserverGates: true },
    { claimedKubernetesVersions: "1.29..1.30" },
  ]) {
    const session = openLintSession(options);
    await sameAsCold(session, texts, options);
    session.dispose();
  }
});

test("a CRD over the annotation limit: the sizes kept between texts give the cold answer", async () => {
  const text = largeCrd(400_000);
  const session = openLintSession();
  const first = await session.lint(text);
  assert.ok(first.diagnostics.some((d) => d.rule === "lint-last-applied-configuration-too-large"));
  await sameAsCold(session, edits(text, 10, 11));
});

test("the file name: the session's, or the call's", async () => {
  const text = CRD("widget").replace("minimum: 0", "minimum: 0\n                  maximum: -1");
  const session = openLintSession({ file: "a.yaml" });
  assert.deepStrictEqual(await session.lint(text), await lintText(text, { file: "a.yaml" }));
  assert.deepStrictEqual(await session.lint(text, "b.yaml"), await lintText(text, { file: "b.yaml" }));
});

test("calls not awaited one by one are answered in order", async () => {
  const base = CRD("widget");
  const texts = [base, ...edits(base, 6, 5)];
  const session = openLintSession();
  const answers = await Promise.all(texts.map((t) => session.lint(t)));
  for (const [i, t] of texts.entries()) assert.deepStrictEqual(answers[i], await lintText(t));
});

test("usage errors: an unknown option, a text that is not a string, a session used after dispose()", async () => {
  assert.throws(() => openLintSession({ kubernetesVersoin: "1.30" }), UsageError);
  assert.throws(() => openLintSession({ preset: 3 }), UsageError);
  const session = openLintSession();
  await assert.rejects(session.lint(42), UsageError);
  await assert.rejects(session.lint("a: b", 7), UsageError);
  session.dispose();
  await assert.rejects(session.lint("a: b"), /used after dispose/);
});

const corpus = join(root, "..", "shared", "corpus", "crds");
const skip = existsSync(corpus) ? false : "../shared/corpus is not here (not part of a user's clone)";

test("issue 25's large CRDs: 30 seeded edits each, the session's answer is the cold one", { skip }, async () => {
  for (const f of [
    "kubernetes-sigs__gateway-api/experimental__gateway.networking.k8s.io_httproutes.yaml",
    "argoproj__argo-workflows/full__argoproj.io_workflows.yaml",
  ]) {
    const file = join(corpus, f);
    const text = readFileSync(file, "utf8");
    const session = openLintSession({ file });
    await sameAsCold(session, [text, ...edits(text, 30, 25)], { file });
    session.dispose();
  }
});
