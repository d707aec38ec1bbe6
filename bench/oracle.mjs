#!/usr/bin/env node
// Requests per second of the Go oracle (oracle/, issue 16) on one process, requests pipelined:
// crd-create of one CRD, and cr-validate of custom resources against it (the per-CRD strategy is
// built once and cached, as the apiserver's handler caches it).
//
//   node bench/oracle.mjs [--release 1.37] [--crd file.yaml] [--object cr.yaml] [-n 2000]
//
// Without --crd it uses cert-manager's Certificate CRD and an example Certificate from the shared
// corpus (../shared/corpus), when present. Needs oracle/bin/oracle-<release> (node scripts/build-oracle.mjs).
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const release = opt("--release", "1.37");
const n = Number(opt("-n", "2000"));
const corpus = join(root, "..", "shared", "corpus");
const crdFile = opt("--crd", join(corpus, "crds", "cert-manager__cert-manager", "cert-manager.io_certificates.yaml"));
const binary = join(root, "oracle", "bin", `oracle-${release}`);
if (!existsSync(binary)) {
  console.error(`bench/oracle: ${binary} is not built (node scripts/build-oracle.mjs --release ${release})`);
  process.exit(2);
}
if (!existsSync(crdFile)) {
  console.error(`bench/oracle: no CRD file ${crdFile} (pass --crd)`);
  process.exit(2);
}
const crd = readFileSync(crdFile, "utf8");
const defaultObject = `apiVersion: cert-manager.io/v1
kind: Certificate
metadata:
  name: example
  namespace: default
spec:
  secretName: example-tls
  dnsNames: [example.com, www.example.com]
  duration: 2160h
  renewBefore: 360h
  privateKey: {algorithm: ECDSA, size: 256, rotationPolicy: Always}
  issuerRef: {name: letsencrypt, kind: ClusterIssuer, group: cert-manager.io}
`;
const object = opt("--object") ? readFileSync(opt("--object"), "utf8") : defaultObject;

async function run(requests) {
  const child = spawn(binary, [], { stdio: ["pipe", "pipe", "inherit"] });
  const answers = [];
  createInterface({ input: child.stdout }).on("line", (l) => answers.push(JSON.parse(l)));
  const started = process.hrtime.bigint();
  for (const r of requests) child.stdin.write(`${JSON.stringify(r)}\n`);
  child.stdin.end();
  await new Promise((resolve) => child.on("close", resolve));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { answers, seconds };
}

// Process start and scheme set-up, measured apart so that the rates below are per request.
const warm = await run([{ id: 0, op: "version" }]);
console.log(`oracle ${release}: start + version answer ${(warm.seconds * 1000).toFixed(0)} ms`);

for (const [label, make] of [
  ["crd-create", (i) => ({ id: i, op: "crd-create", object: crd })],
  ["cr-validate (create)", (i) => ({ id: i, op: "cr-validate", crd, object, fieldValidation: "Strict" })],
  ["cr-validate (update)", (i) => ({ id: i, op: "cr-validate", crd, object, old: object, fieldValidation: "Strict" })],
]) {
  const requests = Array.from({ length: n }, (_, i) => make(i));
  const { answers, seconds } = await run(requests);
  const fatal = answers.find((a) => a.fatal);
  if (fatal) throw new Error(`${label}: ${fatal.fatal}`);
  const first = answers[0];
  const verdict = `${first.errors.length} error(s), ${first.decodeErrors?.length ?? 0} decode error(s)`;
  console.log(
    `${label.padEnd(22)} ${n} requests in ${seconds.toFixed(2)} s: ${(n / seconds).toFixed(0)} req/s (answer: ${verdict})`,
  );
}
