// PruneDefaults as an update asks it of OLD (schemaHasUnprunedDefaults): unlike the create-time check it sees defaults
// inside a resource's metadata (which ObjectMeta coercion with dropInvalidFields may drop) and under
// additionalProperties. The verdicts below are the oracle's (test/oracle/recorded/crd-update-old-unpruned-*).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schemaUnprunedDefaults } from "../../dist/values/prune-defaults.js";
import { coerceEmbedded } from "../../dist/values/embedded.js";
import { crdlint } from "../helpers/cli.mjs";

const embedded = (metaProps) => ({
  type: "object",
  properties: {
    e: {
      type: "object",
      "x-kubernetes-embedded-resource": true,
      properties: { metadata: { type: "object", properties: metaProps } },
    },
  },
});

test("defaults in an embedded resource's metadata: unpruned when ObjectMeta drops or rewrites them", () => {
  // ObjectMeta's omitempty drops an empty name, a zero generation, an empty label map or finalizer list.
  assert.equal(schemaUnprunedDefaults(embedded({ name: { type: "string", default: "" } })), "unpruned");
  assert.equal(schemaUnprunedDefaults(embedded({ generation: { type: "integer", default: 0 } })), "unpruned");
  const labels = { type: "object", additionalProperties: { type: "string" }, default: {} };
  assert.equal(schemaUnprunedDefaults(embedded({ labels })), "unpruned");
  const finalizers = { type: "array", items: { type: "string" }, default: [] };
  assert.equal(schemaUnprunedDefaults(embedded({ finalizers })), "unpruned");
  // A field ObjectMeta does not know is dropped, as is an unknown key of a default of metadata itself.
  assert.equal(schemaUnprunedDefaults(embedded({ foo: { type: "string", default: "bar" } })), "unpruned");
  const metaDefault = {
    type: "object",
    properties: { e: { type: "object", "x-kubernetes-embedded-resource": true, properties: {} } },
  };
  metaDefault.properties.e.properties.metadata = {
    type: "object",
    properties: { name: { type: "string" } },
    default: { name: "a", foo: 1 },
  };
  assert.equal(schemaUnprunedDefaults(metaDefault), "unpruned");
  metaDefault.properties.e.properties.metadata.default = { name: "a" };
  assert.equal(schemaUnprunedDefaults(metaDefault), "pruned");
  // What ObjectMeta keeps as written is pruned.
  assert.equal(schemaUnprunedDefaults(embedded({ name: { type: "string", default: "foo" } })), "pruned");
  assert.equal(schemaUnprunedDefaults(embedded({ generation: { type: "integer", default: 5 } })), "pruned");
  const item = { type: "array", items: { type: "string", default: "x" } };
  assert.equal(schemaUnprunedDefaults(embedded({ finalizers: item })), "pruned");
  // The same under a list of embedded resources (the surrounding object goes through the list's item).
  const list = { type: "object", properties: { l: { type: "array", items: embedded({}).properties.e } } };
  list.properties.l.items.properties.metadata.properties = { name: { type: "string", default: "" } };
  assert.equal(schemaUnprunedDefaults(list), "unpruned");
});

test("defaults under additionalProperties are pruned like any other; a preserving ancestor does not keep keys", () => {
  const ap = (d) => ({
    type: "object",
    properties: {
      m: {
        type: "object",
        additionalProperties: { type: "object", properties: { a: { type: "string" } }, default: d },
      },
    },
  });
  assert.equal(schemaUnprunedDefaults(ap({ a: "x", b: "y" })), "unpruned");
  assert.equal(schemaUnprunedDefaults(ap({ a: "x" })), "pruned");
  const preserving = {
    type: "object",
    "x-kubernetes-preserve-unknown-fields": true,
    properties: { x: { type: "object", properties: { a: { type: "string" } }, default: { a: "x", b: "y" } } },
  };
  assert.equal(schemaUnprunedDefaults(preserving), "unpruned");
  assert.equal(
    schemaUnprunedDefaults({ type: "object", properties: { s: { type: "string", default: "x" } } }),
    "pruned",
  );
  // The root's default must be an object: PruneDefaults fails, which the apiserver counts as no unpruned default.
  assert.equal(schemaUnprunedDefaults({ type: "object", default: "x" }), "error");
});

test("coerce with dropInvalidFields: a kind that is no string is deleted, malformed metadata fields dropped one by one", () => {
  const schema = { type: "object", "x-kubernetes-embedded-resource": true };
  const value = { kind: 5, apiVersion: "v1", metadata: { name: 7, namespace: "ns", labels: { a: "b" } } };
  assert.deepEqual(coerceEmbedded(value, schema, { dropInvalidFields: true }), {
    error: null,
    value: { apiVersion: "v1", metadata: { namespace: "ns", labels: { a: "b" } } },
  });
  // Without it, the first problem is Coerce's error, as before.
  assert.equal(coerceEmbedded(value, schema).error.message, "must be a string");
  // Metadata that is no object is left as it is.
  assert.deepEqual(coerceEmbedded({ metadata: "x" }, schema, { dropInvalidFields: true }).value, { metadata: "x" });
});

test("crdlint diff: an OLD whose embedded metadata.name defaults to '' lets NEW keep an unpruned default", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-prune-defaults-"));
  try {
    const crd = (props) => ({
      apiVersion: "apiextensions.k8s.io/v1",
      kind: "CustomResourceDefinition",
      metadata: { name: "widgets.example.com" },
      spec: {
        group: "example.com",
        scope: "Namespaced",
        names: { plural: "widgets", singular: "widget", kind: "Widget", listKind: "WidgetList" },
        versions: [
          {
            name: "v1",
            served: true,
            storage: true,
            schema: { openAPIV3Schema: { type: "object", properties: props } },
          },
        ],
      },
    });
    const e = embedded({ name: { type: "string", default: "" } }).properties.e;
    const unpruned = { type: "object", properties: { a: { type: "string" } }, default: { a: "x", b: "y" } };
    writeFileSync(join(dir, "old.json"), JSON.stringify(crd({ e })));
    writeFileSync(join(dir, "old-plain.json"), JSON.stringify(crd({})));
    writeFileSync(join(dir, "new.json"), JSON.stringify(crd({ e, spec: unpruned })));
    const relaxed = crdlint(["diff", "-k", "1.37", join(dir, "old.json"), join(dir, "new.json")]);
    assert.equal(relaxed.status, 0, relaxed.stdout + relaxed.stderr);
    assert.equal(
      relaxed.stdout,
      "✔ no problems (1 file, 1 CRD, Kubernetes 1.37)\nverdict: the apiserver accepts this update; nothing breaks\n",
    );
    // An OLD without unpruned defaults still requires NEW's to be pruned.
    const strict = crdlint(["diff", "-k", "1.37", join(dir, "old-plain.json"), join(dir, "new.json")]);
    assert.equal(strict.status, 1, strict.stdout + strict.stderr);
    assert.match(
      strict.stdout,
      /properties\[spec\]\.default: Invalid value: .*must not have unknown fields +default-not-pruned/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
