// The small pieces behind revisions on repository histories: where NEW shows a node only OLD has, what counts as a
// kustomize patch of a CRD, and the fetch command a missing ref's error names.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pathInNew } from "../../../dist/crd/old-place.js";
import { isPartialCrd } from "../../../dist/load/kustomize-patch.js";
import { fetchHint } from "../../../dist/load/git.js";

const crd = (versions) => ({ spec: { group: "example.com", versions } });
const schema = (props) => ({ openAPIV3Schema: { type: "object", properties: props } });

test("pathInNew: versions by name, object keys by name, other list items not at all", () => {
  const old = crd([
    { name: "v1alpha1", schema: schema({ a: { type: "string" } }) },
    { name: "v1", schema: schema({ a: { type: "string" }, gone: { type: "string" } }) },
  ]);
  const next = crd([{ name: "v1", schema: schema({ a: { type: "string" } }) }]);
  // A removed version: NEW's `versions`.
  assert.deepEqual(pathInNew(["spec", "versions", 0, "name"], old, next), ["spec", "versions"]);
  // A removed field of a version NEW keeps at another index: that version's properties.
  assert.deepEqual(pathInNew(["spec", "versions", 1, "schema", "openAPIV3Schema", "properties", "gone"], old, next), [
    "spec",
    "versions",
    0,
    "schema",
    "openAPIV3Schema",
    "properties",
  ]);
  // A list that is not spec.versions: an index in OLD may name another item in NEW.
  const cols = (names) => ({
    spec: { versions: [{ name: "v1", additionalPrinterColumns: names.map((n) => ({ name: n })) }] },
  });
  assert.deepEqual(
    pathInNew(["spec", "versions", 0, "additionalPrinterColumns", 1, "name"], cols(["A", "B"]), cols(["B"])),
    ["spec", "versions", 0, "additionalPrinterColumns"],
  );
  assert.deepEqual(pathInNew([], old, next), []);
});

test("isPartialCrd: kubebuilder's webhook and cainjection patches are partial; a CRD, even a broken one, is not", () => {
  const kind = { apiVersion: "apiextensions.k8s.io/v1", kind: "CustomResourceDefinition" };
  assert.equal(
    isPartialCrd({ ...kind, metadata: { name: "w.example.com" }, spec: { conversion: { strategy: "Webhook" } } }),
    true,
  );
  assert.equal(
    isPartialCrd({
      ...kind,
      metadata: { name: "w.example.com", annotations: { "cert-manager.io/inject-ca-from": "x/y" } },
    }),
    true,
  );
  assert.equal(
    isPartialCrd({
      ...kind,
      metadata: { name: "w.example.com" },
      spec: { group: "example.com", names: { plural: "w", kind: "W" }, versions: [] },
    }),
    false,
  );
  assert.equal(
    isPartialCrd({ ...kind, metadata: { name: "w.example.com" }, spec: { names: { plural: "w", kind: "W" } } }),
    false,
    "a CRD without its group is a CRD the linter must report",
  );
  assert.equal(isPartialCrd({ apiVersion: "v1", kind: "ConfigMap" }), false);
});

test("fetchHint: a branch of a remote, a release tag, another name; shallow or not", () => {
  assert.equal(fetchHint("origin/main", false), "fetch it first: git fetch origin main");
  assert.match(
    fetchHint("origin/main", true),
    /^fetch it first: git fetch --depth=50 origin main:refs\/remotes\/origin\/main \(this is a shallow clone; .*fetch-depth: 0/,
  );
  assert.equal(fetchHint("v1.2.0", false), "fetch it first: git fetch origin tag v1.2.0");
  assert.match(fetchHint("2.0.0-rc.1", true), /^fetch it first: git fetch --depth=50 origin tag 2\.0\.0-rc\.1 \(/);
  assert.equal(fetchHint("develop", false), "fetch it first: git fetch origin develop");
  assert.match(fetchHint("HEAD~3", true), /git fetch --unshallow/);
});
