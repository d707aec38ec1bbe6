// The update verdicts against the apiserver's own code: every rule case with an OLD (src/rules/**/*.cases.yaml,
// `old:`) is sent to the oracle's crd-update op (oracle/; its protocol: oracle/README.md and oracle/protocol.go), and crdlint's apiserver
// errors on the update must be the oracle's, field, type and message. Runs when the oracle binary is built
// (`node scripts/build-oracle.mjs`, or ORACLE_BIN=<path>); skipped otherwise.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parse, parseAllDocuments } from "yaml";
import { root } from "../../helpers/cli.mjs";
import { diffText } from "../../../dist/index.js";

const binFor = (release) =>
  process.env[`ORACLE_BIN_${release.replace(".", "_")}`] ??
  (release === "1.37" ? process.env.ORACLE_BIN : undefined) ??
  join(root, "oracle", "bin", `oracle-${release}`);

function startOracle(bin) {
  const p = spawn(bin, [], { stdio: ["pipe", "pipe", "inherit"] });
  const waiting = new Map();
  let id = 0;
  createInterface({ input: p.stdout }).on("line", (l) => {
    const m = JSON.parse(l);
    waiting.get(m.id)?.(m);
    waiting.delete(m.id);
  });
  return {
    ask: (req) =>
      new Promise((resolve) => {
        const i = ++id;
        waiting.set(i, resolve);
        p.stdin.write(JSON.stringify({ id: i, ...req }) + "\n");
      }),
    stop: () => p.stdin.end(),
  };
}

/** OLD with the status crdlint assumes when it has none (storedVersions = [storage version], Established). */
function withAssumedStatus(text) {
  const old = parse(text);
  if (old.status) return JSON.stringify(old);
  const storage = (old.spec?.versions ?? []).find((v) => v.storage === true)?.name;
  const n = old.spec?.names ?? {};
  old.status = {
    storedVersions: storage ? [storage] : [],
    conditions: [
      {
        type: "Established",
        status: "True",
        lastTransitionTime: "2024-01-01T00:00:00Z",
        reason: "InitialNamesAccepted",
        message: "the initial names have been accepted",
      },
    ],
    acceptedNames: { plural: n.plural, kind: n.kind, singular: n.singular, listKind: n.listKind },
  };
  return JSON.stringify(old);
}

function oneYamlDocument(text) {
  const docs = parseAllDocuments(text);
  return docs.length === 1 && docs[0].errors.length === 0;
}

function updateCases() {
  const out = [];
  const dir = join(root, "src", "rules");
  for (const category of readdirSync(dir)) {
    const d = join(dir, category);
    if (!statSync(d).isDirectory()) continue;
    for (const f of readdirSync(d).filter((n) => n.endsWith(".cases.yaml")))
      for (const c of parse(readFileSync(join(d, f), "utf8")))
        // The oracle's crd-update takes one CRD on each side, as YAML: a case of a file holding several CRDs (a
        // bundle) is compared through its single-CRD cases, and one whose OLD is a template (revision-old-skipped) is
        // crdlint's own reading of a repository, which no apiserver sees.
        if (c.old?.trim() && c.input.trim() && !c.storedVersions && oneYamlDocument(c.old) && oneYamlDocument(c.input))
          out.push({ file: f, ...c });
  }
  return out;
}

for (const release of ["1.37", "1.33"]) {
  const bin = binFor(release);
  test(
    `update verdicts agree with the apiserver's code (oracle ${release})`,
    { skip: existsSync(bin) ? false : `no oracle binary at ${bin}`, timeout: 10 * 60 * 1000 },
    async () => {
      const oracle = startOracle(bin);
      const differ = [];
      let compared = 0;
      try {
        for (const c of updateCases()) {
          if ((c.kubernetesVersion ?? "1.37") !== release) continue;
          const o = await oracle.ask({
            op: "crd-update",
            old: withAssumedStatus(c.old),
            object: c.input,
            oldStatus: "as-is",
          });
          if (o.fatal || o.requestError || o.decodeFailed) continue;
          compared++;
          const mine = (await diffText(c.old, c.input, { kubernetesVersion: release })).diagnostics
            .filter((d) => d.apiserver && d.severity === "error")
            .map((d) => `${d.apiserverField ?? d.field}: ${d.type}: ${d.message}`)
            .sort();
          // crdlint's message is the first line of the apiserver's detail; the CEL caret excerpt is in its own detail.
          const theirs = (o.errors ?? []).map((e) => `${e.field}: ${e.type}: ${e.detail.split("\n")[0]}`).sort();
          if (JSON.stringify(mine) !== JSON.stringify(theirs))
            differ.push({ case: `${c.file}: ${c.name}`, crdlint: mine, apiserver: theirs });
        }
      } finally {
        oracle.stop();
      }
      assert.deepEqual(differ, []);
      assert.ok(release !== "1.37" || compared >= 50, `${compared} cases compared`);
    },
  );
}
