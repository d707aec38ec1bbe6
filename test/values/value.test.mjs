// The value validator against the apiserver's behaviour (kube-openapi as apiextensions-apiserver drives it):
// keyword by keyword, the error text, type and path as the apiserver prints them (`<path>: <Type>[: <value>][: <detail>]`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { validateValue, validateSchemaValue, SchemaValidatorCache } from "../../dist/values/value.js";
import { RegexCache } from "../../dist/values/regex.js";
import { GoRegexpSyntaxCache, goRegexpError } from "../../dist/k8s/re2-syntax.js";
import { validateEmbedded, coerceEmbedded } from "../../dist/values/embedded.js";
import { validateListTypes } from "../../dist/values/listtype.js";
import { fieldErrorString, goFloat } from "../../dist/k8s/go.js";
import { goParseIP, goParseIPSloppy, goParseMAC, goParseCIDRSloppy } from "../../dist/values/formats/ip.js";
import { isEmail } from "../../dist/values/formats/mail.js";
import { isDuration, isDateTime, isDate } from "../../dist/values/formats/time.js";
import { isQuantity } from "../../dist/values/formats/quantity.js";
import { isSemver } from "../../dist/values/formats/semver.js";
import { FieldPath } from "../../dist/k8s/path.js";

const lines = (schema, value, opts) => validateValue(schema, value, opts).map(fieldErrorString);
const spec = (props, extra = {}) => ({
  type: "object",
  properties: { spec: { type: "object", properties: props, ...extra } },
});

test("the brief's example: maximum", () => {
  const errs = validateValue(spec({ replicas: { type: "integer", maximum: 10 } }), { spec: { replicas: 11 } });
  assert.equal(errs.length, 1);
  assert.equal(errs[0].path.toString(), "spec.replicas");
  assert.equal(errs[0].type, "Invalid value");
  assert.equal(errs[0].value, 11);
  assert.equal(errs[0].message, "spec.replicas in body should be less than or equal to 10");
});

test("scalar keywords (validate.md Ex 3): enum, maxLength before pattern, minimum, maxItems", () => {
  const schema = spec({
    mode: { type: "string", enum: ["fast", "slow"] },
    name: { type: "string", maxLength: 5, pattern: "^[a-z]+$" },
    replicas: { type: "integer", minimum: 1 },
    tags: { type: "array", maxItems: 2, items: { type: "string" } },
  });
  assert.deepEqual(lines(schema, { spec: { mode: "medium", name: "Abcdefg", replicas: 0, tags: ["a", "b", "c"] } }), [
    'spec.mode: Unsupported value: "medium": supported values: "fast", "slow"',
    "spec.name: Too long: may not be more than 5 bytes",
    "spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1",
    "spec.tags: Too many: 3: must have at most 2 items",
  ]);
  // Only the first string failure is reported: with the length fine, the pattern shows.
  assert.deepEqual(lines(schema, { spec: { name: "Ab" } }), [
    "spec.name: Invalid value: \"Ab\": spec.name in body should match '^[a-z]+$'",
  ]);
});

test("required, map keys in dotted paths, formats (validate.md Ex 4)", () => {
  const schema = spec(
    {
      owner: {
        type: "object",
        required: ["email"],
        properties: { email: { type: "string", format: "email" }, backup: { type: "string", format: "email" } },
      },
      limits: { type: "object", additionalProperties: { type: "integer", minimum: 0 } },
    },
    { required: ["owner"] },
  );
  const errs = validateValue(schema, { spec: { owner: { backup: "not an email" }, limits: { "cpu.max": -1 } } });
  assert.deepEqual(errs.map(fieldErrorString).sort(), [
    "spec.limits.cpu.max: Invalid value: -1: spec.limits.cpu.max in body should be greater than or equal to 0",
    'spec.owner.backup: Invalid value: "not an email": spec.owner.backup in body must be of type email: "not an email"',
    "spec.owner.email: Required value",
  ]);
  // The map key is one path element: it locates as such in the document.
  const limit = errs.find((e) => e.path.toString().startsWith("spec.limits"));
  assert.deepEqual(limit.path.toDocumentPath(), ["spec", "limits", "cpu.max"]);
  assert.deepEqual(lines(spec({}, { required: ["owner"] }), { spec: {} }), ["spec.owner: Required value"]);
  assert.deepEqual(
    lines({ type: "object", required: ["spec"] }, {}),
    ["spec: Required value"],
    "no leading dot at the root",
  );
});

test("type errors: JSON type names, null, the root prints <nil>", () => {
  assert.deepEqual(lines({ type: "object" }, "x"), [
    '<nil>: Invalid value: "string":  in body must be of type object: "string"',
  ]);
  assert.deepEqual(lines({ type: "integer" }, 1.5, { minor: 35 }), [
    '<nil>: Invalid value: "number":  in body must be of type integer: "number"',
  ]);
  assert.deepEqual(lines({ type: "number" }, 3), [], "an integer is a number");
  assert.deepEqual(lines({ type: "boolean" }, []), [
    '<nil>: Invalid value: "array":  in body must be of type boolean: "array"',
  ]);
  const list = { type: "object", properties: { a: { type: "array", items: { type: "string" } } } };
  assert.deepEqual(lines(list, { a: ["x", null] }), [
    'a[1]: Invalid value: "null": a[1] in body must be of type string: "null"',
  ]);
  assert.deepEqual(lines({ type: "string", nullable: true }, null), []);
});

test("int-or-string: a type list for custom resources, anyOf branch errors after the composite (validate.md Ex 6)", () => {
  const schema = spec({
    port: { "x-kubernetes-int-or-string": true, anyOf: [{ type: "integer" }, { type: "string" }] },
  });
  assert.deepEqual(lines(schema, { spec: { port: true } }), [
    'spec.port: Invalid value: "boolean": spec.port in body must be of type integer,string: "boolean"',
    '<nil>: Invalid value: "": "spec.port" must validate at least one schema (anyOf)',
    'spec.port: Invalid value: "boolean": spec.port in body must be of type integer: "boolean"',
  ]);
  assert.deepEqual(lines(schema, { spec: { port: "8080" } }), []);
  assert.deepEqual(lines(schema, { spec: { port: 8080 } }), []);
  // Defaults are checked against the structural schema, where int-or-string is no type.
  assert.deepEqual(lines({ "x-kubernetes-int-or-string": true }, true, { mode: "default" }), []);
});

test("anyOf keeps the branch with the highest match count; oneOf, allOf, not", () => {
  const any = {
    type: "object",
    properties: {
      a: {
        anyOf: [
          { type: "string", minLength: 3 },
          { type: "integer", minimum: 10 },
        ],
      },
    },
  };
  // integer 5: branch 1 fails its type check, branch 2 passes its type check (more matches) and fails minimum.
  assert.deepEqual(lines(any, { a: 5 }), [
    '<nil>: Invalid value: "": "a" must validate at least one schema (anyOf)',
    "a: Invalid value: 5: a in body should be greater than or equal to 10",
  ]);
  const one = { type: "object", properties: { a: { oneOf: [{ minimum: 1 }, { maximum: 10 }] } } };
  assert.deepEqual(lines(one, { a: 5 }), [
    '<nil>: Invalid value: "": "a" must validate one and only one schema (oneOf). Found 2 valid alternatives',
  ]);
  assert.deepEqual(lines(one, { a: 50 }), []);
  const none = { type: "object", properties: { a: { oneOf: [{ minimum: 100 }, { maximum: 1 }] } } };
  assert.deepEqual(lines(none, { a: 5 }), [
    '<nil>: Invalid value: "": "a" must validate one and only one schema (oneOf). Found none valid',
    "a: Invalid value: 5: a in body should be greater than or equal to 100",
  ]);
  const all = { type: "object", properties: { a: { allOf: [{ minimum: 10 }, { maximum: 1 }] } } };
  assert.deepEqual(lines(all, { a: 5 }), [
    "a: Invalid value: 5: a in body should be greater than or equal to 10",
    "a: Invalid value: 5: a in body should be less than or equal to 1",
    '<nil>: Invalid value: "": "a" must validate all the schemas (allOf). None validated',
  ]);
  const some = { type: "object", properties: { a: { allOf: [{ minimum: 10 }, { maximum: 100 }] } } };
  assert.deepEqual(lines(some, { a: 5 }), [
    "a: Invalid value: 5: a in body should be greater than or equal to 10",
    '<nil>: Invalid value: "": "a" must validate all the schemas (allOf)',
  ]);
  assert.deepEqual(lines({ type: "object", properties: { a: { not: { type: "string" } } } }, { a: "x" }), [
    '<nil>: Invalid value: "": "a" must not validate the schema (not)',
  ]);
  // Composite errors go to the caller's path when one is given (defaults: `<node>.default`), and `""` names the root.
  assert.deepEqual(
    lines({ anyOf: [{ minimum: 5 }, { maximum: 1 }] }, 3, { rootPath: FieldPath.root("x", "default") }),
    [
      'x.default: Invalid value: "": "" must validate at least one schema (anyOf)',
      "x.default: Invalid value: 3:  in body should be greater than or equal to 5",
    ],
  );
});

test("errors are de-duplicated by message", () => {
  const s = { type: "object", properties: { a: { allOf: [{ type: "string" }, { type: "string" }] } } };
  assert.deepEqual(lines(s, { a: 1 }), [
    'a: Invalid value: "integer": a in body must be of type string: "integer"',
    '<nil>: Invalid value: "": "a" must validate all the schemas (allOf). None validated',
  ]);
});

test("numbers: int64 comparison with truncated bounds, Go float printing, exclusive bounds, multipleOf", () => {
  assert.deepEqual(
    lines({ type: "integer", minimum: 0.5 }, 0, { minor: 35 }),
    [],
    "minimum 0.5 compares as 0 for an integer",
  );
  assert.deepEqual(lines({ type: "number", maximum: 1000000 }, 1000000.5), [
    "<nil>: Invalid value: 1.0000005e+06:  in body should be less than or equal to 1e+06",
  ]);
  assert.deepEqual(lines({ type: "number", minimum: 0.00001 }, 0.000001), [
    "<nil>: Invalid value: 1e-06:  in body should be greater than or equal to 1e-05",
  ]);
  assert.deepEqual(lines({ type: "integer", minimum: 1, exclusiveMinimum: true }, 1), [
    "<nil>: Invalid value: 1:  in body should be greater than 1",
  ]);
  assert.deepEqual(lines({ type: "integer", maximum: 3, exclusiveMaximum: true }, 3), [
    "<nil>: Invalid value: 3:  in body should be less than 3",
  ]);
  assert.deepEqual(lines({ type: "integer", multipleOf: 3 }, 7), [
    "<nil>: Invalid value: 7:  in body should be a multiple of 3",
  ]);
  assert.deepEqual(lines({ type: "number", multipleOf: 0.5 }, 0.3), [
    "<nil>: Invalid value: 0.3:  in body should be a multiple of 0.5",
  ]);
  assert.deepEqual(
    lines({ type: "number", multipleOf: 0.1 }, 0.3),
    [],
    "float multipleOf tolerates rounding (relative error 1e-9)",
  );
  assert.equal(goFloat(1234567.5), "1.2345675e+06");
  assert.equal(goFloat(123456.5), "123456.5");
  assert.equal(goFloat(0.0001), "0.0001");
  assert.equal(goFloat(2e-7), "2e-07");
});

test("1.36+: integer/number formats and bounds are range-checked", () => {
  assert.deepEqual(
    lines({ type: "integer", format: "int32" }, 3000000000, { minor: 35 }),
    [],
    "formats on integers are stripped before 1.36",
  );
  assert.deepEqual(lines({ type: "integer", format: "int32" }, 3000000000, { minor: 36 }), [
    '<nil>: Invalid value: "": Checked value must be of type integer with format int32 in ',
  ]);
  assert.deepEqual(
    lines({ type: "object", properties: { n: { type: "integer", format: "int32" } } }, { n: 5 }, { minor: 37 }),
    [],
  );
  assert.deepEqual(lines({ type: "integer", minimum: 0.5 }, 0, { minor: 36 }), [
    '<nil>: Invalid value: "": Minimum boundary value must be of type integer (default format) in ',
    "<nil>: Invalid value: 0:  in body should be greater than or equal to 0.5",
  ]);
});

test("strings: lengths count code points, Too long text by release", () => {
  assert.deepEqual(lines({ type: "string", maxLength: 2 }, "😀😀"), [], "two runes, four UTF-16 units");
  assert.deepEqual(lines({ type: "string", maxLength: 2 }, "😀😀😀", { minor: 31 }), [
    "<nil>: Too long: may not be longer than 2",
  ]);
  assert.deepEqual(lines({ type: "string", maxLength: 2 }, "abc", { minor: 33 }), [
    "<nil>: Too long: may not be more than 2 bytes",
  ]);
  assert.deepEqual(lines({ type: "string", maxLength: 1 }, "ab", { minor: 33 }), [
    "<nil>: Too long: may not be more than 1 bytes",
  ]);
  assert.deepEqual(lines({ type: "string", maxLength: 1 }, "ab", { minor: 34 }), [
    "<nil>: Too long: may not be more than 1 byte",
  ]);
  assert.deepEqual(lines({ type: "string", minLength: 3 }, "ab"), [
    '<nil>: Invalid value: "ab":  in body should be at least 3 chars long',
  ]);
  assert.deepEqual(lines({ type: "string", minLength: 2 }, "😀😀"), []);
});

test("pattern uses RE2: unanchored, no look-around, linear time", () => {
  assert.deepEqual(lines({ type: "string", pattern: "b" }, "abc"), [], "unanchored");
  assert.deepEqual(lines({ type: "string", pattern: "(?=a)" }, "ab"), [
    "<nil>: Invalid value: \"ab\":  in body should match '(?=a), but pattern is invalid: error parsing regexp: invalid or unsupported Perl syntax: `(?=`'",
  ]);
  assert.deepEqual(lines({ type: "string", pattern: "^\\p{Greek}+$" }, "αβγ"), [], "Unicode classes as Go");
  assert.deepEqual(lines({ type: "string", pattern: "^[[:alpha:]]+$" }, "abc"), [], "POSIX classes as Go");
  const t = Date.now();
  const errs = validateValue({ type: "string", pattern: "^(a+)+$" }, "a".repeat(50000) + "b");
  assert.equal(errs.length, 1);
  assert.ok(Date.now() - t < 2000, "a catastrophic-backtracking pattern runs in linear time");
});

test("enum: Go conversions, null never matches, non-strings JSON-encoded in the detail", () => {
  assert.deepEqual(lines({ type: "string", nullable: true, enum: ["a", null] }, null), [
    '<nil>: Unsupported value: null: supported values: "a", "null"',
  ]);
  assert.deepEqual(lines({ enum: ["a"] }, 97), [], '97 converts to the string "a" (Go\'s int→string rune conversion)');
  assert.deepEqual(lines({ enum: [1] }, 1.5), [], "1.5 converts to int64 1");
  assert.deepEqual(lines({ enum: [{ x: 1 }, 2, true] }, "q"), [
    '<nil>: Unsupported value: "q": supported values: "{\\"x\\":1}", "2", "true"',
  ]);
  assert.deepEqual(lines({ enum: [{ x: 1 }] }, { x: 1 }), []);
});

test("objects: minProperties/maxProperties stop the object checks before 1.28 only; maxItems/maxProperties as Too many", () => {
  const few = { type: "object", minProperties: 3, required: ["x"], properties: { a: { type: "string" } } };
  assert.deepEqual(lines(few, { a: 1 }, { minor: 27 }), [
    "<nil>: Invalid value: 1:  in body should have at least 3 properties",
  ]);
  // kube-openapi#412 (1.28 on): the properties and required fields are still checked (the apiserver at 1.33 and 1.37
  // answers the three errors; openshift/api's clustermonitorings suite expects the Required one).
  assert.deepEqual(lines(few, { a: 1 }), [
    "<nil>: Invalid value: 1:  in body should have at least 3 properties",
    'a: Invalid value: "integer": a in body must be of type string: "integer"',
    "x: Required value",
  ]);
  assert.deepEqual(lines({ type: "object", maxProperties: 1 }, { a: 1, b: 2 }), [
    "<nil>: Too many: 2: must have at most 1 item",
  ]);
  assert.deepEqual(lines({ type: "object", maxProperties: 1 }, { a: 1, b: 2 }, { minor: 33 }), [
    "<nil>: Too many: 2: must have at most 1 items",
  ]);
  assert.deepEqual(lines({ type: "array", minItems: 2 }, [1]), [
    "<nil>: Invalid value: 1:  in body should have at least 2 items",
  ]);
  // additionalProperties entries: `.key` even at the root, trimmed in the path.
  assert.deepEqual(
    lines({ type: "object", additionalProperties: { type: "string" } }, { k: 1 }, { rootPath: FieldPath.root("d") }),
    ['d.k: Invalid value: "integer": .k in body must be of type string: "integer"'],
  );
  // A list at the root: kube-openapi's name `[0].a` becomes one child, rendered `.[0].a`.
  assert.deepEqual(
    lines({ type: "array", items: { type: "object", properties: { a: { type: "string" } } } }, [{ a: 1 }], {
      rootPath: FieldPath.root("d"),
    }),
    ['d.[0].a: Invalid value: "integer": [0].a in body must be of type string: "integer"'],
  );
});

test("formats: checked as kube-openapi's registry does, stripped per release for custom resources", () => {
  const props = {
    d: { type: "string", format: "date" },
    t: { type: "string", format: "date-time" },
    u: { type: "string", format: "uri" },
    h: { type: "string", format: "hostname" },
    i: { type: "string", format: "ipv4" },
    m: { type: "string", format: "mac" },
    du: { type: "string", format: "duration" },
    b: { type: "string", format: "byte" },
    x: { type: "string", format: "uuid" },
  };
  const bad = {
    d: "2021-02-30",
    t: "2021-01-01 10:00:00",
    u: "not a uri",
    h: "-bad-",
    i: "1.2.3",
    m: "00:11",
    du: "forever",
    b: "!!",
    x: "nope",
  };
  const got = lines({ type: "object", properties: props }, bad);
  assert.equal(got.length, 9);
  assert.ok(
    got.includes('t: Invalid value: "2021-01-01 10:00:00": t in body must be of type date-time: "2021-01-01 10:00:00"'),
    "the format name as written",
  );
  const good = {
    d: "2024-02-29",
    t: "2021-01-01T10:00:00.5+02:00",
    u: "https://example.com/x?y",
    h: "example.com",
    i: "10.0.0.1",
    m: "00:11:22:33:44:55",
    du: "1h30m",
    b: "aGk=",
    x: "123e4567-e89b-12d3-a456-426614174000",
  };
  assert.deepEqual(lines({ type: "object", properties: props }, good), []);
  // k8s-short-name: validated in custom resources from 1.35 (compatibility version 1.34).
  assert.deepEqual(lines({ type: "string", format: "k8s-short-name" }, "Bad", { minor: 34 }), []);
  assert.deepEqual(lines({ type: "string", format: "k8s-short-name" }, "Bad", { minor: 35 }), [
    '<nil>: Invalid value: "Bad":  in body must be of type k8s-short-name: "Bad"',
  ]);
  // Unknown formats are ignored.
  assert.deepEqual(lines({ type: "string", format: "color" }, "x"), []);
  // Defaults see the format unstripped: with a non-string value the type check names the format and the Go type.
  assert.deepEqual(lines({ type: "string", format: "date" }, 5, { mode: "default" }), [
    '<nil>: Invalid value: "int64":  in body must be of type date: "int64"',
  ]);
});

test("format helpers follow Go", () => {
  assert.ok(isDate("2024-02-29") && !isDate("2023-02-29") && !isDate("2024-1-01"));
  assert.ok(
    isDateTime("2021-01-01T10:00:00Z") && isDateTime("2021-01-01t10:00:00.123z") && !isDateTime("2021-01-01T24:00:00Z"),
  );
  assert.ok(
    isDuration("1h30m") &&
      isDuration("-1.5s") &&
      isDuration("0") &&
      isDuration("5 seconds") &&
      isDuration("3 days") &&
      !isDuration("") &&
      !isDuration("abc"),
  );
  assert.ok(
    goParseIP("::ffff:1.2.3.4") &&
      goParseIP("2001:db8::1") &&
      !goParseIP("01.2.3.4") &&
      goParseIPSloppy("01.2.3.4") &&
      !goParseIP("1:2:3:4:5:6:7:8:9"),
  );
  assert.ok(goParseCIDRSloppy("10.0.0.0/8") && !goParseCIDRSloppy("10.0.0.0/33") && goParseCIDRSloppy("::/0"));
  assert.ok(goParseMAC("00:11:22:33:44:55") && goParseMAC("0011.2233.4455") && !goParseMAC("00:11:22:33:44:5"));
  assert.ok(isEmail("a@b.c") && isEmail("Name <a.b@example.com>") && !isEmail("not an email") && !isEmail("a@"));
  assert.ok(isQuantity("1Gi") && isQuantity("500m") && isQuantity("1e3") && !isQuantity("1GB") && !isQuantity(""));
  assert.ok(isSemver("1.2.3-rc.1+build.5") && !isSemver("1.2") && !isSemver("01.2.3"));
});

test("list types: set and map uniqueness at the second occurrence (validate.md Ex 7)", () => {
  const schema = spec({
    tags: { type: "array", "x-kubernetes-list-type": "set", items: { type: "string" } },
    ports: {
      type: "array",
      "x-kubernetes-list-type": "map",
      "x-kubernetes-list-map-keys": ["port"],
      items: {
        type: "object",
        required: ["port"],
        properties: { port: { type: "integer" }, name: { type: "string" } },
      },
    },
  });
  assert.deepEqual(
    lines(schema, {
      spec: {
        tags: ["a", "b", "a", "a"],
        ports: [
          { port: 80, name: "http" },
          { port: 80, name: "web" },
        ],
      },
    }),
    ['spec.tags[2]: Duplicate value: "a"', 'spec.ports[1]: Duplicate value: {"port":80}'],
  );
  const multi = {
    type: "array",
    "x-kubernetes-list-type": "map",
    "x-kubernetes-list-map-keys": ["port", "protocol"],
    items: { type: "object" },
  };
  const errs = validateListTypes([{ protocol: "TCP", port: 1 }, { port: 1, protocol: "TCP" }, { port: 2 }], multi, {
    rootPath: FieldPath.root("l"),
  });
  assert.deepEqual(errs.map(fieldErrorString), ['l[1]: Duplicate value: {"port":1,"protocol":"TCP"}']);
  assert.deepEqual(
    validateListTypes(["x", 5], {
      type: "array",
      "x-kubernetes-list-type": "map",
      "x-kubernetes-list-map-keys": ["k"],
    }).map(fieldErrorString),
    ['[0]: Invalid value: "x": must be an object for an array of list-type map'],
  );
  assert.deepEqual(validateListTypes([1, "1", 1.5, 1.5], { "x-kubernetes-list-type": "set" }).map(fieldErrorString), [
    "[3]: Duplicate value: 1.5",
  ]);
  // Paths under additionalProperties use [key].
  const m = { type: "object", additionalProperties: { type: "array", "x-kubernetes-list-type": "set" } };
  assert.deepEqual(
    validateListTypes({ "a.b": [1, 1] }, m, { rootPath: FieldPath.root("spec") }).map(fieldErrorString),
    ["spec[a.b][1]: Duplicate value: 1"],
  );
});

test("embedded resources: apiVersion/kind required and checked, metadata validated as ObjectMeta (validate.md Ex 11)", () => {
  const schema = spec({
    template: { type: "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true },
  });
  assert.deepEqual(
    lines(schema, { spec: { template: { metadata: { name: "a/b", namespace: "Bad" }, spec: { x: 1 } } } }),
    [
      "spec.template.apiVersion: Required value",
      "spec.template.kind: Required value",
      "spec.template.metadata.name: Invalid value: \"a/b\": may not contain '/'",
      "spec.template.metadata.namespace: Invalid value: \"Bad\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    ],
  );
  const tpl = { type: "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true };
  const p = { rootPath: FieldPath.root("t"), isResourceRoot: true };
  assert.deepEqual(validateEmbedded({ apiVersion: "a/b/c", kind: "My_Kind" }, tpl, p).map(fieldErrorString), [
    't.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c',
    "t.kind: Invalid value: \"My_Kind\": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
  ]);
  assert.deepEqual(
    validateEmbedded({ apiVersion: "", kind: "Pod", metadata: { name: ".." } }, tpl, p).map(fieldErrorString),
    ['t.apiVersion: Invalid value: "": must not be empty', "t.metadata.name: Invalid value: \"..\": may not be '..'"],
  );
  assert.deepEqual(validateEmbedded({ kind: "Pod" }, tpl, { ...p, minor: 33 }).map(fieldErrorString), [
    "t.apiVersion: Required value: must not be empty",
  ]);
  // Coerce: the first type error only; metadata normalized (unknown keys dropped) on success.
  const c1 = coerceEmbedded({ apiVersion: 1, kind: 2 }, tpl, p);
  assert.equal(fieldErrorString(c1.error), "t.apiVersion: Invalid value: 1: must be a string");
  const c2 = coerceEmbedded({ apiVersion: "v1", kind: "Pod", metadata: { name: "x", unknown: 1, labels: {} } }, tpl, p);
  assert.equal(c2.error, null);
  assert.deepEqual(c2.value.metadata, { name: "x" });
  const c3 = coerceEmbedded({ metadata: { name: 5 } }, tpl, p);
  assert.equal(c3.error.path.toString(), "t.metadata");
  assert.match(c3.error.message, /cannot unmarshal number into Go struct field ObjectMeta.name of type string/);
});

test("validateSchemaValue runs only the schema stage; compiled schemas are reused", () => {
  const schema = spec({ tags: { type: "array", "x-kubernetes-list-type": "set" } });
  assert.deepEqual(validateSchemaValue(schema, { spec: { tags: [1, 1] } }), []);
  assert.equal(validateValue(schema, { spec: { tags: [1, 1] } }).length, 1);
  for (let i = 0; i < 3; i++) assert.equal(validateValue(schema, { spec: { tags: [1, 1] } }).length, 1);
});

test("a SchemaValidatorCache owns the compiled nodes and patterns of a run; without one nothing is kept", () => {
  const schema = spec({ name: { type: "string", pattern: "^[a-z]+$" } });
  const cache = new SchemaValidatorCache();
  const asked = [];
  const compile = cache.regex.compile.bind(cache.regex);
  cache.regex.compile = (p) => (asked.push(p), compile(p));
  const without = validateSchemaValue(schema, { spec: { name: "A" } }, { rootPath: FieldPath.root("x") });
  assert.equal(cache.nodes.has(schema), false);
  const withCache = validateSchemaValue(schema, { spec: { name: "A" } }, { rootPath: FieldPath.root("x"), cache });
  assert.deepEqual(withCache, without);
  assert.equal(withCache.length, 1);
  assert.equal(cache.nodes.has(schema), true);
  // The pattern went through the run's cache, once: the compiled node keeps it for later values.
  assert.deepEqual(asked, ["^[a-z]+$"]);
  validateSchemaValue(schema, { spec: { name: "B" } }, { cache });
  assert.deepEqual(asked, ["^[a-z]+$"]);
  const compiled = compile("^[a-z]+$");
  assert.equal(compiled.ok, true);
  assert.equal(compile("^[a-z]+$"), compiled);
  assert.notEqual(new RegexCache().compile("^[a-z]+$"), compiled);
  // A separate run starts empty.
  assert.equal(new SchemaValidatorCache().nodes.has(schema), false);
});

test("GoRegexpSyntaxCache answers like goRegexpError, once per pattern", () => {
  const c = new GoRegexpSyntaxCache();
  assert.equal(c.error("(?<=a)b"), goRegexpError("(?<=a)b"));
  assert.match(c.error("(?<=a)b"), /^error parsing regexp: /);
  assert.equal(c.error("^a+$"), null);
});
