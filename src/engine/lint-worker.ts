/**
 * A lint worker thread (started by parallel.ts): builds its own engine from the plain data it is given, then takes
 * files from the shared queue until it is empty, and sends back each outcome. A linter that throws on a file becomes a
 * `crashed` outcome, which the parent thread raises as it would have raised the exception itself.
 */
import { isMainThread, parentPort, workerData, type MessagePort } from "node:worker_threads";
import { allRules } from "../rules/index.js";
import { makeLinter } from "./files.js";
import { LintFileCache } from "./lint-cache.js";
import { takeFiles, type LintWorkerData, type LintWorkerMessage } from "./parallel.js";

export async function serveLintWorker(port: Pick<MessagePort, "postMessage">, data: LintWorkerData): Promise<void> {
  const registry = new Map(allRules.map((r) => [r.id, r]));
  const linter = await makeLinter(
    data.ruleIds.map((id) => registry.get(id)!),
    {
      kubernetesVersion: data.options.kubernetesVersion,
      preset: data.options.preset,
      rules: data.options.rules,
      applyMethod: data.options.applyMethod,
      apiserverGates: data.options.apiserverGates,
    },
  );
  const options = { rules: data.options.rules, maxFileSizeBytes: data.options.maxFileSizeBytes, cwd: data.options.cwd };
  const cache = data.options.cache ? new LintFileCache(data.options.cache, data.options.cwd) : undefined;
  await takeFiles(
    linter,
    data.queue,
    data.next,
    options,
    (index, outcome) => port.postMessage({ index, outcome } satisfies LintWorkerMessage),
    undefined,
    cache,
  );
  port.postMessage({ done: true } satisfies LintWorkerMessage);
}

// Loaded on a worker thread that parallel.ts started (directly, or through the CLI bundle): serve.
if (!isMainThread && parentPort && (workerData as Partial<LintWorkerData> | null)?.crdlintLintWorker === true)
  void serveLintWorker(parentPort, workerData as LintWorkerData);
