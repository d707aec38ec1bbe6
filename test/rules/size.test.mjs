// Size limits: the last-applied-configuration annotation a client-side `kubectl apply` would write, the apiserver's
// request body limit and etcd's default request limit. Large CRDs are generated here, not committed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { crdlint, root, withoutUrl } from "../helpers/cli.mjs";
import { startDiscoveryServer } from "../helpers/discovery-server.mjs";

const { loadText } = await import(join(root, "dist", "load", "document.js"));
const { lastAppliedConfiguration, jsonBytes, storedBytesLowerBound } = await import(
  join(root, "dist", "rules", "size", "object-size.js")
);
const { goJson } = await import(join(root, "dist", "k8s", "go.js"));

const LA = "kubectl.kubernetes.io/last-applied-configuration";
const SIZE_RULES = new Set([
  "lint-last-applied-configuration-too-large",
  "size-request-too-large",
  "size-etcd-object-too-large",
]);

/** A CRD with `count` string properties whose descriptions are `descLen` characters long; `annotations` as YAML flow text. */
function bigCrd({ count, descLen, annotations = "{example.com/owner: team-a}", versions = 1 }) {
  let props = "";
  for (let i = 0; i < count; i++)
    props += `              field${i}:\n                type: string\n                description: ${"d".repeat(descLen)}\n`;
  let text = `apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: bigs.example.com\n  annotations: ${annotations}\nspec:\n  group: example.com\n  names: {plural: bigs, singular: big, kind: Big, listKind: BigList}\n  scope: Namespaced\n  versions:\n`;
  for (let v = 1; v <= versions; v++)
    text += `  - name: v${v}\n    served: true\n    storage: ${v === 1}\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n${props}`;
  return text;
}

// An oracle independent of crdlint's encoder: for ASCII text without <, > or &, Go's json.Marshal output is
// JSON.stringify of the object with its keys sorted.
function sortedStringify(v) {
  if (Array.isArray(v)) return `[${v.map(sortedStringify).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${sortedStringify(v[k])}`)
      .join(",")}}`;
  return JSON.stringify(v);
}
function oracleAnnotationsTotal(text) {
  const obj = loadText(text).documents[0].value;
  const others = { ...obj.metadata.annotations };
  delete others[LA];
  const value = sortedStringify({ ...obj, metadata: { ...obj.metadata, annotations: others } }) + "\n";
  return Object.entries(others).reduce((n, [k, v]) => n + k.length + v.length, 0) + LA.length + value.length;
}

/** Writes the files into a fresh temporary directory, runs fn (sync or async) on their paths, removes the directory. */
function withFiles(files, fn) {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-size-"));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  let result;
  try {
    const paths = Object.fromEntries(
      Object.entries(files).map(([name, text]) => [name, (writeFileSync(join(dir, name), text), join(dir, name))]),
    );
    result = fn(paths);
  } catch (e) {
    cleanup();
    throw e;
  }
  if (result && typeof result.then === "function") return result.finally(cleanup);
  cleanup();
  return result;
}

function sizeDiagnostics(file) {
  const r = crdlint(["lint", "--format", "json", file]);
  assert.ok(r.json, r.stderr);
  return withoutUrl(r.json.diagnostics.filter((d) => SIZE_RULES.has(d.rule)));
}

const TRICKY = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: tricks.example.com
  labels: {app: tricks}
  annotations:
    ${LA}: '{"stale": true}'
    example.com/note: "<b>&amp;</b> \\u2028 é ✓ 😀 \\x01"
spec:
  group: example.com
  names: {plural: tricks, singular: trick, kind: Trick, listKind: TrickList}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-validations: [{rule: "self.a < 3 && self.b > 'x'", message: "a & b"}]
        properties:
          Zeta: {type: number, default: 1.0, maximum: 1e3, minimum: 0.000001, multipleOf: 0.5}
          alpha: {type: integer, default: 12345678901234567890, maximum: 9007199254740991}
          "é": {type: string, default: "", enum: ["a", "b"], description: "tab\\there"}
          big: {type: number, maximum: 1e21, minimum: -1.5e-7}
          obj: {type: object, default: {}, x-kubernetes-preserve-unknown-fields: true, example: {list: [], n: null, t: yes, "0x1F": on}}
`;
const NO_ANNOTATIONS = bigCrd({ count: 3, descLen: 40 }).replace("  annotations: {example.com/owner: team-a}\n", "");

const SHRINK =
  "split the API into several CRDs or shrink the schemas (descriptions, x-kubernetes-preserve-unknown-fields on large embedded types)";

/** The whole expected diagnostic of a size error on the whole object (its range is the document's, taken from `got`). */
function wholeObjectError(got, file, fields) {
  return {
    file,
    document: 0,
    object: "bigs.example.com",
    line: 1,
    column: 1,
    endLine: got.endLine,
    endColumn: got.endColumn,
    category: "size",
    severity: "error",
    field: "",
    ...fields,
    suggestion: SHRINK,
  };
}

const hasKubectl = spawnSync("kubectl", ["version", "--client"], { encoding: "utf8" }).status === 0;

test(
  "the annotation is byte for byte what kubectl writes",
  { skip: hasKubectl ? false : "kubectl is not installed" },
  async () => {
    const server = await startDiscoveryServer();
    try {
      const over = calibrated(262145);
      await withFiles(
        {
          "tricky.yaml": TRICKY,
          "plain.yaml": NO_ANNOTATIONS,
          "two-versions.yaml": bigCrd({ count: 5, descLen: 30, versions: 2 }),
          "over.yaml": over,
        },
        async (files) => {
          for (const file of Object.values(files)) {
            // kubectl create --save-config writes the same annotation as a client-side apply (CreateOrUpdateAnnotation).
            const { stdout } = await promisify(execFile)(
              "kubectl",
              [
                "create",
                "--dry-run=client",
                "--save-config",
                "--validate=false",
                "-o",
                "json",
                "-f",
                file,
                "--server",
                server.url,
                "--cache-dir",
                join(dirname(file), "kube-cache"),
              ],
              { encoding: "utf8", maxBuffer: 1 << 26, env: { ...process.env, KUBECONFIG: "/dev/null" } },
            );
            const want = JSON.parse(stdout).metadata.annotations[LA];
            const loaded = loadText(readFileSync(file, "utf8")).documents[0].value;
            assert.equal(lastAppliedConfiguration(loaded), want, file);
          }
          // kubectl's own annotations for the calibrated file total one byte over the limit.
          const { stdout } = await promisify(execFile)(
            "kubectl",
            [
              "create",
              "--dry-run=client",
              "--save-config",
              "--validate=false",
              "-o",
              "json",
              "-f",
              files["over.yaml"],
              "--server",
              server.url,
              "--cache-dir",
              join(dirname(files["over.yaml"]), "kube-cache"),
            ],
            { encoding: "utf8", maxBuffer: 1 << 26, env: { ...process.env, KUBECONFIG: "/dev/null" } },
          );
          const annotations = JSON.parse(stdout).metadata.annotations;
          assert.equal(
            Object.entries(annotations).reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0),
            262145,
          );
        },
      );
    } finally {
      await server.close();
    }
  },
);

test("an object without annotations gets an empty annotations map in the annotation, as kubectl does", () => {
  const value = lastAppliedConfiguration(loadText(NO_ANNOTATIONS).documents[0].value);
  assert.match(
    value,
    /^\{"apiVersion":"apiextensions\.k8s\.io\/v1","kind":"CustomResourceDefinition","metadata":\{"annotations":\{\},"name":"bigs\.example\.com"\},/,
  );
  assert.ok(value.endsWith("}\n"));
});

test("the bottom-up byte count equals the length of the encoding", () => {
  for (const text of [TRICKY, NO_ANNOTATIONS, bigCrd({ count: 20, descLen: 10, versions: 3 })]) {
    const obj = loadText(text).documents[0].value;
    assert.equal(jsonBytes(obj, new Map()), Buffer.byteLength(goJson(obj), "utf8"));
  }
});

test("a string's byte count equals its encoding's, whatever it holds", () => {
  // Every class the encoder treats apart: plain ASCII, the two-byte escapes, \u00XX escapes (controls, <, >, &), DEL
  // (written as is), two-, three- and four-byte UTF-8, U+2028/2029 (escaped) and lone surrogates.
  const pool = [
    "a",
    " ",
    '"',
    "\\",
    "\n",
    "\r",
    "\t",
    "\x00",
    "\x1f",
    "\x7f",
    "<",
    ">",
    "&",
    "é",
    "中",
    "\u2028",
    "\u2029",
    "😀",
    "\ud800",
    "\udc00",
    "~",
  ];
  let seed = 7;
  const next = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  for (let i = 0; i < 5000; i++) {
    let s = "";
    for (let j = next(12); j > 0; j--) s += pool[next(pool.length)];
    // Short strings are counted character by character, long ones (over 48) with regexps: both, and the boundary.
    const obj = { [s]: [s, { d: s.repeat(6), e: s.padEnd(48, "x"), f: s.padEnd(49, "\u2028") }] };
    assert.equal(jsonBytes(obj, new Map()), Buffer.byteLength(goJson(obj), "utf8"), JSON.stringify(s));
  }
});

test("the etcd lower bound counts strings and map keys only", () => {
  const obj = {
    metadata: { name: "ab", annotations: { k: "vv" } },
    spec: { properties: { foo: { type: "string", description: "xyz" } } },
  };
  // "ab" + "k" + "vv" + "foo" + "string" + "xyz"
  assert.equal(storedBytesLowerBound(obj), 2 + 1 + 2 + 3 + 6 + 3);
});

// The description length that makes the annotations total exactly `target` bytes.
function calibrated(target, extra = {}) {
  const probe = (descLen) => oracleAnnotationsTotal(bigCrd({ count: 1, descLen, ...extra }));
  const base = probe(100);
  return bigCrd({ count: 1, descLen: 100 + target - base, ...extra });
}

test("annotations at exactly 262,144 bytes pass, one byte more is reported with the whole diagnostic", () => {
  const at = calibrated(262144);
  const over = calibrated(262145);
  assert.equal(oracleAnnotationsTotal(at), 262144);
  withFiles({ "at.yaml": at, "over.yaml": over }, (f) => {
    assert.deepEqual(sizeDiagnostics(f["at.yaml"]), []);
    const la = 262145 - "example.com/owner".length - "team-a".length - LA.length;
    const descLen = over.match(/d{1000,}/)[0].length;
    const stub = JSON.stringify({ type: "object", "x-kubernetes-preserve-unknown-fields": true }).length;
    assert.deepEqual(sizeDiagnostics(f["over.yaml"]), [
      {
        file: f["over.yaml"],
        document: 0,
        object: "bigs.example.com",
        line: 5,
        column: 3,
        endLine: 5,
        endColumn: 43,
        rule: "lint-last-applied-configuration-too-large",
        category: "size",
        severity: "warning",
        apiserver: false,
        field: "metadata.annotations",
        type: null,
        message:
          'a client-side kubectl apply would make the annotations 262,145 bytes, 1 over the limit of 262,144: the apiserver would answer "metadata.annotations: Too long: may not be more than 262144 bytes"',
        detail: [
          `the annotation ${LA} would take ${la.toLocaleString("en-US")} bytes; the other annotations and the key 71`,
          // "description":"<text>", and {"description":"<text>","type":"string"} against the stub.
          `descriptions take ${(descLen + 17).toLocaleString("en-US")} bytes of the annotation`,
          `x-kubernetes-preserve-unknown-fields in place of spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[field0] would save ${(descLen + 34 - stub).toLocaleString("en-US")} bytes`,
        ].join("\n"),
        suggestion:
          "apply with `kubectl apply --server-side` (or `kubectl create` / `kubectl replace`), which write no last-applied annotation; or shrink the CRD by dropping descriptions (e.g. controller-gen crd:maxDescLen=0)",
      },
    ]);
  });
});

test("before 1.32 the apiserver's text is 'must have at most'", () => {
  withFiles({ "over.yaml": calibrated(262145) }, (f) => {
    const r = crdlint(["lint", "--format", "json", "-k", "1.31", f["over.yaml"]]);
    const d = r.json.diagnostics.find((x) => x.rule === "lint-last-applied-configuration-too-large");
    assert.match(d.message, /"metadata\.annotations: Too long: must have at most 262144 bytes"$/);
  });
});

test("a schema shared by several versions counts once per version, and so do the savings", () => {
  const one = calibrated(300000);
  withFiles(
    {
      "one.yaml": one,
      "three.yaml": one.replace(
        /  versions:\n([\s\S]*)$/,
        (_, v) =>
          `  versions:\n${v}${v.replace("name: v1", "name: v2").replace("storage: true", "storage: false")}${v.replace("name: v1", "name: v3").replace("storage: true", "storage: false")}`,
      ),
    },
    (f) => {
      const d1 = sizeDiagnostics(f["one.yaml"])[0];
      const d3 = sizeDiagnostics(f["three.yaml"])[0];
      const saves = (d) => Number(/would save ([\d,]+) bytes/.exec(d.detail)[1].replace(/,/g, ""));
      assert.equal(saves(d3), 3 * saves(d1));
      assert.match(d3.detail, /properties\[field0\] would save/);
    },
  );
});

test("a CRD over 3 MiB is refused by the apiserver; the etcd check then stays silent", () => {
  const text = bigCrd({ count: 4, descLen: 800000 });
  withFiles({ "huge.yaml": text }, (f) => {
    const obj = loadText(text).documents[0].value;
    const size = sortedStringify(obj).length + 1;
    assert.ok(size > 3 * 1024 * 1024);
    const got = sizeDiagnostics(f["huge.yaml"]);
    assert.deepEqual(
      got.map((d) => d.rule),
      ["size-request-too-large", "lint-last-applied-configuration-too-large"],
    );
    assert.deepEqual(
      got[0],
      wholeObjectError(got[0], f["huge.yaml"], {
        rule: "size-request-too-large",
        apiserver: true,
        type: "Too long",
        message: "Request entity too large: limit is 3145728",
        detail: `the CRD is ${size.toLocaleString("en-US")} bytes as compact JSON, ${(size - 3145728).toLocaleString("en-US")} over the apiserver's request body limit of 3,145,728`,
      }),
    );
    assert.ok(got[0].endLine > 20, "the range covers the document");
  });
});

test("a CRD whose strings alone exceed 1.5 MiB cannot be stored in etcd; 1.5 MiB of JSON with fewer strings is not reported", () => {
  const text = bigCrd({ count: 2, descLen: 800000 });
  const obj = loadText(text).documents[0].value;
  const strings = storedBytesLowerBound(obj);
  const size = sortedStringify(obj).length + 1;
  assert.ok(strings > 1.5 * 1024 * 1024 && size <= 3 * 1024 * 1024);
  // Many small properties: the JSON is over 1.5 MiB, but its strings and keys are not (field names are protobuf tags).
  const properties = Object.fromEntries(
    Array.from({ length: 60000 }, (_, i) => [`f${i}`, { type: "integer", minimum: 0, maximum: 1 }]),
  );
  const small = { spec: { versions: [{ schema: { openAPIV3Schema: { type: "object", properties } } }] } };
  assert.ok(goJson(small).length > 1.5 * 1024 * 1024 && storedBytesLowerBound(small) < 1.5 * 1024 * 1024);
  withFiles({ "etcd.yaml": text }, (f) => {
    const got = sizeDiagnostics(f["etcd.yaml"]);
    assert.deepEqual(
      got.map((d) => d.rule),
      ["size-etcd-object-too-large", "lint-last-applied-configuration-too-large"],
    );
    assert.deepEqual(
      got[0],
      wholeObjectError(got[0], f["etcd.yaml"], {
        rule: "size-etcd-object-too-large",
        apiserver: false,
        type: null,
        message: `the CRD takes at least ${strings.toLocaleString("en-US")} bytes in etcd, over etcd's default request limit of 1,572,864: the create fails with "etcdserver: request is too large"`,
        detail: `${strings.toLocaleString("en-US")} bytes are its strings and map keys alone, which protobuf stores verbatim; its compact JSON is ${size.toLocaleString("en-US")} bytes`,
      }),
    );
  });
});

test("the boundary holds without annotations and with a stale last-applied annotation in the file", () => {
  const variants = {
    none: { annotations: "{}" },
    stale: { annotations: `{${LA}: '{"old": true}', example.com/owner: team-a}` },
  };
  for (const [name, extra] of Object.entries(variants)) {
    const text = (t) => (name === "none" ? t.replace("  annotations: {}\n", "") : t);
    const probe = (descLen) => oracleAnnotationsTotal(text(bigCrd({ count: 1, descLen, ...extra })));
    const base = probe(100);
    const make = (target) => text(bigCrd({ count: 1, descLen: 100 + target - base, ...extra }));
    withFiles({ "at.yaml": make(262144), "over.yaml": make(262145) }, (f) => {
      assert.deepEqual(sizeDiagnostics(f["at.yaml"]), [], name);
      const [d] = sizeDiagnostics(f["over.yaml"]);
      assert.match(
        d.message,
        /^a client-side kubectl apply would make the annotations 262,145 bytes, 1 over the limit of 262,144/,
        name,
      );
    });
  }
});

test("no subtree is enough on its own: the largest is named, though smaller than the sizes the first pass keeps", () => {
  // 100 root fields of about 3 KB (under the sizes the first pass keeps), 300 KB in all: spec is not a wrapper here.
  const text = bigCrd({ count: 100, descLen: 3000 })
    .replace("          spec:\n            type: object\n            properties:\n", "")
    .replace(/^ {4}(?=field|  type: string|  description)/gm, "");
  // The second field is the largest (a longer description).
  const larger = text.replace(/(field1:\n\s+type: string\n\s+description: )d+/, (_, head) => head + "d".repeat(3100));
  assert.notEqual(larger, text);
  withFiles({ "flat.yaml": larger }, (f) => {
    const [d] = sizeDiagnostics(f["flat.yaml"]);
    assert.equal(d.rule, "lint-last-applied-configuration-too-large");
    const stub = JSON.stringify({ type: "object", "x-kubernetes-preserve-unknown-fields": true }).length;
    // {"description":"<3100 d>","type":"string"} against the stub.
    assert.match(
      d.detail,
      new RegExp(
        `in place of spec\\.versions\\[0\\]\\.schema\\.openAPIV3Schema\\.properties\\[field1\\] would save ${(3100 + 34 - stub).toLocaleString("en-US")} bytes`,
      ),
    );
  });
});
