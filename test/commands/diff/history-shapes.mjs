// Repository shapes for test/commands/diff/history.test.mjs, written by hand in the form kubebuilder, gateway-api-style
// channel layouts and Helm charts give them (no upstream file is copied).
import { spawnSync } from "node:child_process";
import assert from "node:assert/strict";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** A CRD as controller-gen writes it: one kind, versions [name, served, storage, extra spec properties]. */
export function kubebuilderCrd({ group = "example.com", kind, versions, channel }) {
  const plural = `${kind.toLowerCase()}s`;
  const version = ([name, served, storage, props = {}]) => {
    const spec = Object.entries(props)
      .map(([k, t]) => `\n                ${k}:\n                  type: ${t}`)
      .join("");
    return `  - name: ${name}
    served: ${served}
    storage: ${storage}
    schema:
      openAPIV3Schema:
        description: ${kind} is the Schema for the ${plural} API.
        type: object
        properties:
          apiVersion:
            type: string
          kind:
            type: string
          metadata:
            type: object
          spec:
            description: ${kind}Spec defines the desired state of ${kind}.
            type: object${spec ? `\n            properties:${spec}` : ""}
          status:
            type: object
    subresources:
      status: {}
`;
  };
  return `---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  annotations:
    controller-gen.kubebuilder.io/version: v0.16.4${channel ? `\n    api-approved.kubernetes.io: https://github.com/kubernetes-sigs/gateway-api/pull/2466\n    gateway.networking.k8s.io/bundle-version: v1.0.0\n    gateway.networking.k8s.io/channel: ${channel}` : ""}
  name: ${plural}.${group}
spec:
  group: ${group}
  names:
    kind: ${kind}
    listKind: ${kind}List
    plural: ${plural}
    singular: ${kind.toLowerCase()}
  scope: Namespaced
  versions:
${versions.map(version).join("")}`;
}

export { caInjectionPatch, webhookPatch } from "../../helpers/kubebuilder.mjs";

export function kustomization(resources, patches) {
  return `# This kustomization.yaml is not intended to be run by itself,
# since it depends on service name and namespace that are out of this kustomize package.
resources:
${resources.map((r) => `- ${r}`).join("\n")}
patches:
${patches.map((p) => `- path: ${p}`).join("\n")}
configurations:
- kustomizeconfig.yaml
`;
}

const ENV = {
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@example.com",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@example.com",
  GIT_CONFIG_NOSYSTEM: "1",
  HOME: "/nonexistent",
};

export function git(dir, ...args) {
  const r = spawnSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, ...ENV } });
  assert.equal(r.status, 0, `git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout;
}

/** Whether git can be run: the tests that build repositories skip without it. */
export const hasGit = spawnSync("git", ["--version"]).status === 0;

/** Writes files (null deletes), commits them, and tags the commit when `tag` is given. */
export function commit(dir, files, message, tag) {
  for (const [name, content] of Object.entries(files)) {
    const p = join(dir, name);
    if (content === null) rmSync(p, { force: true });
    else {
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, content);
    }
  }
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", message);
  if (tag) git(dir, "tag", tag);
}
