// Every --output-file is written on every exit, exit 2 included (crdlint could not do its job): a valid document of
// the format asked for that says why (docs/output-contract-additions.md), so that a CI step reading it after
// crdlint (upload-sarif, a test report) never fails on a missing file. Through the real CLI.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { crdlint } from "../helpers/cli.mjs";
import { tmp } from "../helpers/tmp.mjs";
import { BASELINE_CRD } from "../../dist/rules/examples.js";

const require = createRequire(import.meta.url);
const version = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version;

/** Runs until exit 2 with `-o`; returns the file's text, the stderr's one line and stdout. */
function stopped(format, args, dir) {
  const out = join(dir, "reports", `crdlint.${format}`);
  const r = crdlint(["lint", "-f", format, "-o", out, ...args], { cwd: dir });
  assert.equal(r.status, 2, r.stdout + r.stderr);
  assert.ok(existsSync(out), `${format}: ${out} was written on exit 2`);
  const message = r.stderr.split("\n")[0].replace(/^crdlint: /, "");
  assert.ok(message.length > 0);
  return { text: readFileSync(out, "utf8"), message, stdout: r.stdout };
}

// Three ways to stop: a path that matches nothing, a bad option value (commander), and a failure found after the
// arguments were read (a git ref that does not exist, in a directory that is no git repository).
const STOPS = [["no/such.yaml"], ["-k", "9.9", "crd.yaml"], ["--against", "no-such-ref", "crd.yaml"]];

test("SARIF -o on exit 2: a valid SARIF 2.1.0 run, executionSuccessful false, the error as a notification", async () => {
  const Ajv04 = (await import("ajv-draft-04")).default;
  const valid = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false }).compile(
    require("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"),
  );
  const dir = tmp({ "crd.yaml": BASELINE_CRD });
  for (const args of STOPS) {
    const { text, message, stdout } = stopped("sarif", args, dir);
    const log = JSON.parse(text);
    assert.ok(valid(log), JSON.stringify(valid.errors));
    assert.deepEqual(log.runs[0].results, []);
    assert.deepEqual(log.runs[0].invocations, [
      {
        executionSuccessful: false,
        exitCode: 2,
        toolExecutionNotifications: [{ level: "error", message: { text: message } }],
      },
    ]);
    assert.equal(stdout, "", "the report went to the file, not stdout");
  }
});

test("JSON, JUnit, GitHub and text -o on exit 2: the format's minimal document with the one-line error", () => {
  const dir = tmp({ "crd.yaml": BASELINE_CRD });
  for (const args of STOPS) {
    const json = stopped("json", args, dir);
    assert.deepEqual(JSON.parse(json.text), {
      tool: "crdlint",
      version,
      error: { message: json.message, exitCode: 2 },
    });

    const junit = stopped("junit", args, dir);
    const esc = junit.message
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;");
    assert.equal(
      junit.text,
      `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="crdlint" tests="1" failures="0" errors="1">\n  <testsuite name="crdlint" tests="1" failures="0" errors="1">\n    <testcase classname="crdlint" name="crdlint">\n      <error type="crdlint-exit-2" message="${esc}">${esc}</error>\n    </testcase>\n  </testsuite>\n</testsuites>\n`,
    );

    const github = stopped("github", args, dir);
    assert.equal(github.text, `::error title=crdlint::${github.message}\n`);

    const text = stopped("text", args, dir);
    assert.equal(text.text, `crdlint: ${text.message}\n`);
  }
});

test("without -o, JUnit and GitHub print their failure document on stdout, text prints only the stderr line", () => {
  const junit = crdlint(["lint", "-f", "junit", "no/such.yaml"]);
  assert.equal(junit.status, 2);
  assert.match(junit.stdout, /<error type="crdlint-exit-2" message="no such file or directory: no\/such\.yaml">/);
  const github = crdlint(["lint", "-f", "github", "no/such.yaml"]);
  assert.equal(github.stdout, "::error title=crdlint::no such file or directory: no/such.yaml\n");
  const text = crdlint(["lint", "no/such.yaml"]);
  assert.equal(text.stdout, "");
  assert.equal(text.stderr, "crdlint: no such file or directory: no/such.yaml\n");
});
