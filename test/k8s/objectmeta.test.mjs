// apimachinery's ObjectMeta checks of owner references, release by release (validateOwnerReference's wording and
// paths changed at 1.34 and 1.37; the oracle recordings cover 1.33 and 1.37, this covers the releases between).
import { test } from "node:test";
import assert from "node:assert/strict";
import { validateGenericObjectMeta } from "../../dist/k8s/objectmeta.js";

const empty = { ownerReferences: [{}] };
const lines = (errs) => errs.map((e) => [e.index, (e.sub ?? []).join("."), e.type, e.message].join(" | "));

test("owner references up to 1.33: Invalid value, the field named in the message, no index", () => {
  assert.deepEqual(lines(validateGenericObjectMeta(empty, 33)), [
    " | apiVersion | Invalid value | version must not be empty",
    " | kind | Invalid value | kind must not be empty",
    " | name | Invalid value | name must not be empty",
    " | uid | Invalid value | uid must not be empty",
  ]);
});

test('owner references 1.34 to 1.36: kind, name and uid say only "must not be empty"', () => {
  for (const minor of [34, 36])
    assert.deepEqual(lines(validateGenericObjectMeta(empty, minor)), [
      " | apiVersion | Invalid value | version must not be empty",
      " | kind | Invalid value | must not be empty",
      " | name | Invalid value | must not be empty",
      " | uid | Invalid value | must not be empty",
    ]);
});

test("owner references from 1.37: the entry's index, Required errors, an apiVersion that does not parse", () => {
  assert.deepEqual(lines(validateGenericObjectMeta(empty, 37)), [
    "0 | apiVersion | Required value | must not be empty",
    "0 | kind | Required value | must not be empty",
    "0 | name | Required value | must not be empty",
    "0 | uid | Required value | must not be empty",
  ]);
  const refs = {
    ownerReferences: [
      { apiVersion: "v1", kind: "K", name: "n", uid: "u" },
      { apiVersion: "a/b/c", kind: "K", name: "n", uid: "u" },
      { apiVersion: "apps/", kind: "K", name: "n", uid: "u" },
    ],
  };
  assert.deepEqual(lines(validateGenericObjectMeta(refs, 37)), [
    "1 | apiVersion | Invalid value | must be <group>/<version> or <version>",
    "2 | apiVersion | Invalid value | must be <group>/<version> or <version>",
  ]);
});

test("two controllers: the value is the OwnerReference list as json.Marshal writes it (from 1.34)", () => {
  const refs = {
    ownerReferences: [
      { uid: "u", name: "a", kind: "K", apiVersion: "v1", controller: true },
      { apiVersion: "v1", kind: "K", name: "b", uid: "u", controller: true, blockOwnerDeletion: true },
    ],
  };
  const e = validateGenericObjectMeta(refs, 37).find((x) => x.message.startsWith("Only one reference"));
  assert.equal(
    e.value.text,
    '[{"apiVersion":"v1","kind":"K","name":"a","uid":"u","controller":true},{"apiVersion":"v1","kind":"K","name":"b","uid":"u","controller":true,"blockOwnerDeletion":true}]',
  );
  assert.equal(
    e.message,
    'Only one reference can have Controller set to true. Found "true" in references for K/a and K/b',
  );
});
