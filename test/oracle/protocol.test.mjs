// The oracle's protocol is typed on both sides: Go types in oracle/protocol.go (whose field lists `oracle -protocol`
// prints, kept in oracle/protocol.json) and TypeScript declarations in test/oracle/protocol.d.ts, which the harness
// files that speak the protocol are type-checked against. These tests hold the three equal, so that a field added,
// renamed, retyped or made optional on one side only fails here, not as a silent `undefined` in a differential run.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { root } from "../helpers/cli.mjs";
import { families } from "./families/index.mjs";
import { caseRng } from "./rng.mjs";
import { BUILDABLE_RELEASES } from "./client.mjs";

const declarationFile = join(root, "test", "oracle", "protocol.d.ts");
const goProtocolFile = join(root, "oracle", "protocol.json");
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");

/** The declaration as `oracle -protocol` describes the Go side: ops (request type, answer types) and each type's fields. */
function describeDeclaration(text) {
  const sf = ts.createSourceFile("protocol.d.ts", text, ts.ScriptTarget.ES2022, true);
  const interfaces = new Map();
  for (const st of sf.statements) if (ts.isInterfaceDeclaration(st)) interfaces.set(st.name.text, st);
  const members = (name) => {
    const decl = interfaces.get(name);
    assert.ok(decl, `protocol.d.ts declares no interface ${name}`);
    assert.equal(
      decl.heritageClauses,
      undefined,
      `${name}: write the fields out (the Go side flattens embedded types)`,
    );
    return decl.members.map((m) => {
      assert.ok(ts.isPropertySignature(m) && m.type, `${name}: only property signatures`);
      return {
        name: ts.isIdentifier(m.name) ? m.name.text : m.name.getText(sf).slice(1, -1),
        optional: Boolean(m.questionToken),
        type: m.type,
      };
    });
  };
  const typeNames = (node) => (ts.isUnionTypeNode(node) ? node.types : [node]).map((t) => t.getText(sf)).sort();
  const answers = new Map(members("Answers").map((m) => [m.name, typeNames(m.type)]));
  const ops = {};
  for (const m of members("Requests")) ops[m.name] = { request: m.type.getText(sf), answers: answers.get(m.name) };
  const types = {};
  for (const name of [...interfaces.keys()].filter((n) => n !== "Requests" && n !== "Answers").sort()) {
    types[name] = members(name).map((m) => ({
      name: m.name,
      optional: m.optional,
      type: m.type.getText(sf).replace(/\s+/g, " "),
    }));
  }
  return { ops, answersOps: [...answers.keys()].sort(), types };
}

function sortedTypes(types) {
  return Object.fromEntries(
    Object.keys(types)
      .sort()
      .map((k) => [k, types[k]]),
  );
}

test("test/oracle/protocol.d.ts declares the oracle's Go messages field for field (oracle/protocol.json)", () => {
  const go = JSON.parse(readFileSync(goProtocolFile, "utf8"));
  const ts = describeDeclaration(readFileSync(declarationFile, "utf8"));
  assert.deepEqual(ts.answersOps, Object.keys(ts.ops).sort(), "Requests and Answers name the same ops");
  assert.deepEqual(ts.ops, go.ops, "each op's request and answer types");
  assert.deepEqual(
    sortedTypes(ts.types),
    sortedTypes(go.types),
    "each message's fields: name, `?` exactly where Go says omitempty, type",
  );
});

test("the comparison fails on a field the declaration lacks, adds, retypes or makes optional", () => {
  const go = JSON.parse(readFileSync(goProtocolFile, "utf8"));
  const text = readFileSync(declarationFile, "utf8");
  const variants = [
    text.replace("  oldStatus?: string;\n", ""),
    text.replace("  oldStatus?: string;\n", "  oldStatus?: string;\n  colour: string;\n"),
    text.replace("  detail: string;\n", "  detail: number;\n"),
    text.replace(
      "  strategyWarnings: string[];\n  warnings: string[];\n}",
      "  strategyWarnings?: string[];\n  warnings: string[];\n}",
    ),
    text.replace("  yaml: YAMLAnswer | YAMLErrorAnswer | FatalAnswer;", "  yaml: YAMLAnswer | FatalAnswer;"),
  ];
  for (const v of variants) {
    assert.notEqual(v, text, "each variant changes the declaration");
    const d = describeDeclaration(v);
    assert.ok(!isDeepEqual(d.ops, go.ops) || !isDeepEqual(sortedTypes(d.types), sortedTypes(go.types)));
  }
});

function isDeepEqual(a, b) {
  try {
    assert.deepEqual(a, b);
    return true;
  } catch {
    return false;
  }
}

const smallCrd = {
  apiVersion: "apiextensions.k8s.io/v1",
  kind: "CustomResourceDefinition",
  metadata: { name: "widgets.example.com" },
  spec: {
    group: "example.com",
    names: { plural: "widgets", kind: "Widget" },
    scope: "Namespaced",
    versions: [{ name: "v1", served: true, storage: true, schema: { openAPIV3Schema: { type: "object" } } }],
  },
};

test("every family's requests are its op's request type: the required fields, no field the op does not read", async () => {
  const go = JSON.parse(readFileSync(goProtocolFile, "utf8"));
  for (const family of families) {
    const op = go.ops[family.op];
    assert.ok(op, `${family.name}: the oracle has no op ${family.op}`);
    const fields = go.types[op.request];
    // crd-create's generator reads the whole corpus first: its requests are built from two small CRDs instead.
    const cases = [];
    for (let i = 0; i < 6; i += 2)
      cases.push(
        family.name === "crd-create"
          ? { crd: smallCrd, format: i ? "json" : "yaml" }
          : await family.generate(caseRng(3, family.name, i), "1.37", i),
      );
    for (const c of cases) {
      const req = family.request(c);
      assert.equal(req.op, family.op, family.name);
      for (const [name, value] of Object.entries(req.fields)) {
        const f = fields.find((x) => x.name === name);
        assert.ok(f, `${family.name} sends ${name}, which ${op.request} does not have`);
        assert.equal(typeof value, f.type, `${family.name}: ${name}`);
      }
      for (const f of fields.filter((x) => !x.optional))
        assert.ok(f.name in req.fields, `${family.name} does not send ${f.name}`);
    }
  }
});

/** tsc over the given files with test/oracle/tsconfig.json's options; returns its status and output. */
function typeCheck(files) {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-oracle-tsc-"));
  try {
    const config = JSON.parse(readFileSync(join(root, "test", "oracle", "tsconfig.json"), "utf8"));
    config.compilerOptions.typeRoots = [join(root, "node_modules", "@types")];
    config.files = files;
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config));
    const r = spawnSync(process.execPath, [tsc, "-p", join(dir, "tsconfig.json")], { encoding: "utf8" });
    return { status: r.status, output: r.stdout + r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("the harness files that speak the protocol type-check against protocol.d.ts, and a wrong field fails", () => {
  const config = JSON.parse(readFileSync(join(root, "test", "oracle", "tsconfig.json"), "utf8"));
  const files = config.files.map((f) => join(root, "test", "oracle", f));
  for (const f of files.filter((f) => f.endsWith(".mjs")))
    assert.match(readFileSync(f, "utf8"), /^\/\/ @ts-check\n/, `${f} is checked`);
  // One tsc run over the harness files and a file that misuses the protocol: only the latter may have errors.
  const dir = mkdtempSync(join(tmpdir(), "crdlint-oracle-wrong-"));
  try {
    const wrong = join(dir, "wrong.mjs");
    writeFileSync(
      wrong,
      `// @ts-check\nimport { Oracle } from ${JSON.stringify(join(root, "test", "oracle", "client.mjs"))};\nconst o = new Oracle("x", "1.37");\nconst a = await o.request("crd-create", { crd: "x" });\nif ("errors" in a) a.errors[0].nope;\n`,
    );
    const r = typeCheck([...files, wrong]);
    const errors = r.output.split("\n").filter((l) => /error TS\d+/.test(l));
    assert.deepEqual(
      errors.filter((l) => !l.includes("wrong.mjs")),
      [],
      r.output,
    );
    assert.equal(errors.length, 2, r.output);
    assert.match(r.output, /'crd' does not exist in type 'CRDCreateRequest'/);
    assert.match(r.output, /Property 'nope' does not exist on type 'FieldError'/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// The binaries are built by `node scripts/build-oracle.mjs` (Go; npm test never needs it).
const newestGoSource = Math.max(
  ...readdirSync(join(root, "oracle"))
    .filter((n) => n.endsWith(".go"))
    .map((n) => statSync(join(root, "oracle", n)).mtimeMs),
);
for (const release of BUILDABLE_RELEASES) {
  const binary = join(root, "oracle", "bin", `oracle-${release}`);
  test(
    `oracle ${release}: \`oracle -protocol\` prints oracle/protocol.json`,
    { skip: existsSync(binary) ? false : `oracle/bin/oracle-${release} is not built (node scripts/build-oracle.mjs)` },
    () => {
      assert.ok(
        statSync(binary).mtimeMs >= newestGoSource,
        `oracle/bin/oracle-${release} is older than oracle/*.go: node scripts/build-oracle.mjs`,
      );
      const r = spawnSync(binary, ["-protocol"], { encoding: "utf8" });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(
        r.stdout,
        readFileSync(goProtocolFile, "utf8"),
        `the Go types changed: oracle/bin/oracle-${release} -protocol > oracle/protocol.json, then update test/oracle/protocol.d.ts to match`,
      );
    },
  );
}
