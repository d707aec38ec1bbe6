/** Loads the heavy modules (CEL, ajv) on demand, once per engine, so light commands never pay for them. */
import type { EngineServices } from "../rules/define-rule.js";

async function optionalModule(relative: string): Promise<Record<string, unknown> | null> {
  try {
    return (await import(new URL(relative, import.meta.url).href)) as Record<string, unknown>;
  } catch (e) {
    if ((e as NodeJS.ErrnoException)?.code === "ERR_MODULE_NOT_FOUND" && String((e as Error).message).includes(relative.replace("../", "")))
      return null;
    throw e;
  }
}

export async function loadServices(minor: number): Promise<EngineServices> {
  const [celModule, decodeModule, celRuntime] = await Promise.all([
    optionalModule("../cel/compile.js"),
    optionalModule("../crd/decode.js"),
    optionalModule("../cel/runtime/index.js"),
  ]);
  const cel = celModule ? (celModule.createCelCompiler as (minor: number) => unknown)(minor) : null;
  const decoder = decodeModule ? (decodeModule.createDecoder as () => unknown)() : null;
  return { cel, decoder, celRuntime };
}
