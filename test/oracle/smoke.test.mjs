// The Go oracle (oracle/, issue 16) answers a handful of questions whose answers are known from the
// apiserver's code: the protocol holds (ids, order, fatal answers that keep the process serving) and each
// op reaches the upstream code it claims to. Skipped unless `node scripts/build-oracle.mjs` has built
// oracle/bin/oracle-<release>: npm test never needs Go.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { root } from "../helpers/cli.mjs";
import { BUILDABLE_RELEASES } from "./client.mjs";

const binary = (release) => join(root, "oracle", "bin", `oracle-${release}`);

// Sends every request on one process's stdin and collects one answer line per request.
async function ask(release, requests) {
  const child = spawn(binary(release), [], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const lines = [];
  const rl = createInterface({ input: child.stdout });
  rl.on("line", (l) => lines.push(l));
  for (const r of requests) child.stdin.write(typeof r === "string" ? `${r}\n` : `${JSON.stringify(r)}\n`);
  child.stdin.end();
  const code = await new Promise((resolve) => child.on("close", resolve));
  assert.equal(code, 0, `oracle exited ${code}: ${stderr}`);
  assert.equal(stderr, "", "the oracle keeps stderr quiet");
  return lines.map((l) => JSON.parse(l));
}

const crd = (schemaProps, extraVersion = "") => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    subresources: {status: {}}
    schema:
      openAPIV3Schema:
        type: object
        properties:
${schemaProps}
${extraVersion}`;

const widgetSpec = `          spec:
            type: object
            x-kubernetes-validations:
            - rule: "self.name.size() > 1"
              message: name too short
            - rule: "self.name == oldSelf.name"
              message: name is immutable
            properties:
              name: {type: string}
              size: {type: string, default: small}
              tags:
                type: array
                maxItems: 8
                items: {type: string, maxLength: 16}
                x-kubernetes-validations:
                - rule: "self.all(t, t.size() > 0)"
          status: {type: object, x-kubernetes-preserve-unknown-fields: true}`;

const widget = (name, extra = "") => `apiVersion: example.com/v1
kind: Widget
metadata: {name: w1}
spec:
  name: ${name}
${extra}status: {ready: true}
`;

// Every release whose binary is built (CI builds 1.37 and 1.33; `node scripts/build-oracle.mjs --release every` all ten).
for (const release of BUILDABLE_RELEASES) {
  test(`oracle ${release}: known answers from the apiserver's code`, { skip: existsSync(binary(release)) ? false : `oracle/bin/oracle-${release} is not built (node scripts/build-oracle.mjs)` }, async () => {
    const good = crd(widgetSpec);
    const answers = await ask(release, [
      { id: 1, op: "version" },
      { id: 2, op: "yaml", text: "a: yes\n---\n---\nb: [0x10, 1e3, ~]\nc: 'x'\n" },
      { id: 3, op: "crd-create", object: crd("          foo: {description: no type}\n" + widgetSpec) },
      { id: 4, op: "crd-update", old: good, object: good.replace("- name: v1", "- name: v2") },
      { id: 5, op: "crd-create", object: good.replace("scope: Namespaced", "scope: Namespaced\n  colour: blue") },
      { id: 6, op: "cr-validate", crd: good, object: widget("x", "  colour: blue\n") },
      { id: 7, op: "cr-validate", crd: good, object: widget("bb"), old: widget("aa"), fieldValidation: "Ignore" },
      { id: 8, op: "cel-cost", crd: good },
      { id: 9, op: "no-such-op" },
      "this is not JSON",
      { id: 10, op: "yaml", text: "a: [\n" },
      { id: 11, op: "crd-create", object: 5 },
    ]);
    assert.deepEqual(answers.map((a) => a.id), [1, 2, 3, 4, 5, 6, 7, 8, 9, null, 10, 11], "one answer per request, in order");

    const [version, yaml, missingType, droppedStored, unknownCRDField, create, update, cost, unknownOp, notJSON, badYAML, malformed] = answers;
    assert.equal(version.kubernetes, release);
    assert.match(version.modules["k8s.io/apiextensions-apiserver"], new RegExp(`^v0\\.${release.split(".")[1]}\\.`));

    // sigs.k8s.io/yaml reads YAML 1.1 (yes is true, 0x10 is 16); kubectl skips empty documents.
    assert.deepEqual(yaml.documents, [{ a: true }, { b: [16, 1000, null], c: "x" }]);
    assert.equal(typeof badYAML.error, "string");

    // Identical schemas in every version are validated at spec.validation (the internal type).
    assert.deepEqual(
      missingType.errors.map((e) => [e.type, e.field, e.detail]),
      [["Required value", "spec.validation.openAPIV3Schema.properties[foo].type", "must not be empty for specified object fields"]],
    );
    assert.deepEqual(missingType.warnings, [], "the apiserver sends no warnings with a rejection");

    assert.deepEqual(droppedStored.errors.map((e) => [e.type, e.field, e.badValue]), [["Invalid value", "status.storedVersions[0]", "v1"]]);
    // 1.33 says why a stored version must stay; before, only that it must appear.
    if (Number(release.split(".")[1]) >= 33)
      assert.match(droppedStored.errors[0].detail, /^missing from spec\.versions; v1 was previously a storage version/);
    else assert.equal(droppedStored.errors[0].detail, "must appear in spec.versions");

    assert.deepEqual(unknownCRDField.decodeErrors, ['unknown field "spec.colour"']);
    assert.deepEqual(unknownCRDField.errors, []);

    // Create: status is dropped (status subresource), the unknown field pruned (an error under Strict),
    // the default applied, the CEL rule evaluated.
    assert.deepEqual(create.unknownFields, ["spec.colour"]);
    assert.deepEqual(create.decodeErrors, ['unknown field "spec.colour"']);
    assert.deepEqual(create.errors.map((e) => [e.type, e.field, e.detail]), [["Invalid value", "spec", "name too short"]]);
    assert.deepEqual(create.result.spec, { name: "x", size: "small" });
    assert.equal(create.result.status, undefined);
    assert.equal(create.result.metadata.namespace, "default");
    assert.equal(create.result.metadata.generation, 1);

    // Update: the transition rule sees oldSelf; status comes from OLD.
    assert.deepEqual(update.errors.map((e) => [e.type, e.field, e.detail]), [["Invalid value", "spec", "name is immutable"]]);
    assert.deepEqual(update.result.status, { ready: true });
    assert.equal(update.result.metadata.generation, 2);

    const byField = Object.fromEntries(cost.expressions.map((e) => [e.field, e]));
    const tagsRule = byField["spec.validation.openAPIV3Schema.properties[spec].properties[tags].x-kubernetes-validations[0].rule"];
    assert.ok(tagsRule, JSON.stringify(cost.expressions));
    assert.equal(tagsRule.maxCardinality, 1);
    assert.ok(tagsRule.estimatedCost > 0 && tagsRule.estimatedCost === tagsRule.maxCost);
    assert.equal(cost.expressions.length, 3);
    assert.deepEqual(cost.errors, []);

    assert.match(unknownOp.fatal, /unknown op/);
    assert.match(notJSON.fatal, /not a JSON object/);
    assert.match(malformed.fatal, /malformed request/);
  });
}
