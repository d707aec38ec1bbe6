// A tiny Kubernetes discovery server on 127.0.0.1, enough for `kubectl create --dry-run=client -f <crd>` to map the
// CustomResourceDefinition kind (kubectl needs /api, /apis and the group's resource list, nothing else).
import { createServer } from "node:http";

const GROUP = "apiextensions.k8s.io";
const responses = {
  "/api": {
    kind: "APIVersions",
    versions: ["v1"],
    serverAddressByClientCIDRs: [{ clientCIDR: "0.0.0.0/0", serverAddress: "127.0.0.1" }],
  },
  "/api/v1": { kind: "APIResourceList", groupVersion: "v1", resources: [] },
  "/apis": {
    kind: "APIGroupList",
    apiVersion: "v1",
    groups: [
      {
        name: GROUP,
        versions: [{ groupVersion: `${GROUP}/v1`, version: "v1" }],
        preferredVersion: { groupVersion: `${GROUP}/v1`, version: "v1" },
      },
    ],
  },
  [`/apis/${GROUP}/v1`]: {
    kind: "APIResourceList",
    apiVersion: "v1",
    groupVersion: `${GROUP}/v1`,
    resources: [
      {
        name: "customresourcedefinitions",
        singularName: "customresourcedefinition",
        namespaced: false,
        kind: "CustomResourceDefinition",
        verbs: ["create", "delete", "get", "list", "patch", "update", "watch"],
        shortNames: ["crd", "crds"],
      },
    ],
  },
};

/** Starts the server; resolves to { url, close }. */
export function startDiscoveryServer() {
  const server = createServer((req, res) => {
    const body = responses[new URL(req.url, "http://127.0.0.1").pathname];
    res.writeHead(body ? 200 : 404, { "content-type": "application/json" });
    res.end(
      JSON.stringify(body ?? { kind: "Status", apiVersion: "v1", status: "Failure", reason: "NotFound", code: 404 }),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
