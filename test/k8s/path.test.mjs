import { test } from "node:test";
import assert from "node:assert/strict";
import { FieldPath, DualPath } from "../../dist/k8s/path.js";
import { isDNS1035Label, isDNS1123Subdomain, DNS1035_MSG, renderValue } from "../../dist/k8s/validation.js";

test("field paths render like apimachinery's field.Path", () => {
  const p = FieldPath.root("spec", "versions")
    .index(0)
    .child("schema", "openAPIV3Schema")
    .child("properties")
    .key("my.dotted.key")
    .child("type");
  assert.equal(p.toString(), "spec.versions[0].schema.openAPIV3Schema.properties[my.dotted.key].type");
  assert.deepEqual(p.toDocumentPath(), [
    "spec",
    "versions",
    0,
    "schema",
    "openAPIV3Schema",
    "properties",
    "my.dotted.key",
    "type",
  ]);
  const d = new DualPath(
    FieldPath.root("spec", "versions").index(0).child("additionalPrinterColumns"),
    FieldPath.root("spec", "additionalPrinterColumns"),
  )
    .index(1)
    .renamed("jsonPath", "JSONPath");
  assert.equal(d.written.toString(), "spec.versions[0].additionalPrinterColumns[1].jsonPath");
  assert.equal(d.apiserver.toString(), "spec.additionalPrinterColumns[1].JSONPath");
});

test("paths built from a parent, from segments and by concatenation agree", () => {
  const parent = FieldPath.root("spec");
  const a = parent.child("x").key("k").index(2);
  const b = parent.child("y");
  assert.deepEqual(a.segments, FieldPath.from(a.segments).segments);
  assert.equal(FieldPath.from(a.segments).toString(), "spec.x[k][2]");
  assert.equal(a.concat(FieldPath.root("z")).toString(), "spec.x[k][2].z");
  assert.equal(b.toString(), "spec.y", "siblings do not share state");
  assert.equal(FieldPath.from([]).key("k").child("f").toString(), "[k].f");
  const unhoisted = DualPath.root("spec").child("a");
  assert.equal(unhoisted.written, unhoisted.apiserver, "one path object when nothing is hoisted");
  const hoisted = new DualPath(FieldPath.root("spec", "versions").index(0), FieldPath.root("spec")).child("validation");
  assert.equal(hoisted.written.toString(), "spec.versions[0].validation");
  assert.equal(hoisted.apiserver.toString(), "spec.validation");
});

test("DNS validators return the apiserver's messages", () => {
  assert.deepEqual(isDNS1035Label("v1"), []);
  assert.deepEqual(isDNS1035Label("V1"), [DNS1035_MSG]);
  assert.deepEqual(isDNS1035Label("a".repeat(64)), ["must be no more than 63 characters"]);
  assert.equal(isDNS1123Subdomain("example.com").length, 0);
  assert.equal(isDNS1123Subdomain("Example.com").length, 1);
  assert.match(DNS1035_MSG, /'my-name',  or 'abc-123'/, "two spaces before `or`, as upstream");
});

test("values render like the apiserver (1.34+)", () => {
  assert.equal(renderValue("foo"), '"foo"');
  assert.equal(renderValue(9), "9");
  assert.equal(renderValue(true), "true");
  assert.equal(renderValue(["v1", "v2"]), '["v1","v2"]');
  assert.equal(renderValue('a"b\n'), '"a\\"b\\n"');
});
