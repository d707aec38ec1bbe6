// kubectl as the reference reader of YAML: `kubectl create --dry-run=client --validate=false -o json` against a tiny
// discovery server on loopback, so kubectl resolves the CRD kind without a cluster and prints the JSON it would send.
import { createServer } from "node:http";
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** null when kubectl is installed, else why the kubectl tests are skipped. */
export function kubectlMissing() {
  const r = spawnSync("kubectl", ["version", "--client"], { encoding: "utf8", timeout: 30_000 });
  if (r.error) return `kubectl is not installed (${r.error.code ?? r.error.message})`;
  if (r.status !== 0) return `kubectl version --client failed: ${r.stderr.trim()}`;
  return null;
}

const GROUP = "apiextensions.k8s.io";
const VERSION = "v1";

function discovery(url) {
  switch (url.split("?")[0]) {
    case "/api":
      return {
        kind: "APIVersions",
        versions: ["v1"],
        serverAddressByClientCIDRs: [{ clientCIDR: "0.0.0.0/0", serverAddress: "127.0.0.1" }],
      };
    case "/api/v1":
      return { kind: "APIResourceList", groupVersion: "v1", resources: [] };
    case "/apis":
      return {
        kind: "APIGroupList",
        apiVersion: "v1",
        groups: [
          {
            name: GROUP,
            versions: [{ groupVersion: `${GROUP}/${VERSION}`, version: VERSION }],
            preferredVersion: { groupVersion: `${GROUP}/${VERSION}`, version: VERSION },
          },
        ],
      };
    case `/apis/${GROUP}/${VERSION}`:
      return {
        kind: "APIResourceList",
        apiVersion: "v1",
        groupVersion: `${GROUP}/${VERSION}`,
        resources: [
          {
            name: "customresourcedefinitions",
            singularName: "customresourcedefinition",
            namespaced: false,
            kind: "CustomResourceDefinition",
            verbs: ["create", "get", "list"],
            shortNames: ["crd"],
          },
        ],
      };
    default:
      return null;
  }
}

/**
 * Starts the discovery server and returns `read(yamlText)` → { json: string } | { error: string }, and `close()`.
 * The server also closes itself after `lifetimeMs`, so a test that dies early leaves nothing running.
 */
export async function startKubectlReader({ lifetimeMs = 10 * 60_000 } = {}) {
  const server = createServer((req, res) => {
    const body = discovery(req.url ?? "");
    res.writeHead(body ? 200 : 404, { "content-type": "application/json" });
    res.end(JSON.stringify(body ?? { kind: "Status", apiVersion: "v1", status: "Failure", code: 404 }));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = server.address().port;
  const dir = mkdtempSync(join(tmpdir(), "crdlint-kubectl-"));
  const timer = setTimeout(() => server.close(), lifetimeMs);
  timer.unref();
  let n = 0;
  return {
    /** Asynchronous: the discovery server answers kubectl from this same process. */
    read(text) {
      const file = join(dir, `doc-${n++}.yaml`);
      writeFileSync(file, text);
      const args = [
        "create",
        "--dry-run=client",
        "--validate=false",
        "-o",
        "json",
        "-f",
        file,
        "--server",
        `http://127.0.0.1:${port}`,
        "--cache-dir",
        join(dir, "cache"),
      ];
      // No kubeconfig: nothing of the user's (contexts, credentials, exec plugins) takes part.
      const env = { ...process.env, KUBECONFIG: join(dir, "no-kubeconfig") };
      return new Promise((resolve) =>
        execFile(
          "kubectl",
          args,
          { encoding: "utf8", timeout: 60_000, env, maxBuffer: 1 << 26 },
          (err, stdout, stderr) => resolve(err ? { error: (stderr || err.message).trim() } : { json: stdout }),
        ),
      );
    },
    close() {
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
