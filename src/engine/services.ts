/** Loads the heavy modules (CEL, the ajv-based decoder) on demand, once per engine, so light commands never pay for them. */
import type { EngineServices } from "../rules/define-rule.js";
import type { DecodedVerdicts } from "../crd/decode.js";
import type { CompileShare } from "../cel/index.js";
import { GoRegexpSyntaxCache } from "../k8s/re2-syntax.js";
import { SchemaValidatorCache } from "../values/value.js";

/**
 * What the engines of a run over several releases share: the strict decoder's verdict on each CRD object (releases
 * that agree on the fields the object sets decode it alike), so most CRDs are decoded once, and what does not depend
 * on the release.
 */
export interface ReleaseShared {
  readonly decoded: DecodedVerdicts;
  /** Go's regexp syntax verdicts: crdlint reads patterns the same way at every release. */
  readonly regexSyntax: GoRegexpSyntaxCache;
  /**
   * The CEL compilers' declaration types and each rule's compilation with what it read of its release's environment
   * (src/cel/schema/compile.ts): made by the first engine, which loads the CEL modules.
   */
  readonly cel: { compile?: CompileShare };
  /** Compiled value validators: keyed by what a node holds of its release, so the releases that agree share them. */
  readonly schemaValidators: SchemaValidatorCache;
}

export function createReleaseShared(): ReleaseShared {
  return {
    decoded: new WeakMap(),
    regexSyntax: new GoRegexpSyntaxCache(),
    cel: {},
    schemaValidators: new SchemaValidatorCache(),
  };
}

export async function loadServices(minor: number, shared?: ReleaseShared): Promise<EngineServices> {
  // Literal specifiers, so that the bundler puts each in a chunk of its own that only a lint loads.
  const [celModule, decodeModule, celRuntime] = await Promise.all([
    import("../cel/index.js"),
    import("../crd/decode.js"),
    import("../cel/index.js").then((cel) => cel.loadCelRuntime()),
  ]);
  // One compiler per engine: every CRD of the run shares its caches, and so do the CEL validators rules build.
  const compileShare = shared ? (shared.cel.compile ??= celModule.createCompileShare()) : undefined;
  const cel = celModule.createCelCompiler(minor, "new", compileShare);
  let registry: ReturnType<typeof celRuntime.createFunctionRegistry> | undefined;
  let storedRegistry: ReturnType<typeof celRuntime.createFunctionRegistry> | undefined;
  let celStored: ReturnType<typeof celModule.createCelCompiler> | undefined;
  const runtime: typeof celRuntime = {
    ...celRuntime,
    // The run's registries go with the run's compilers (new rules', and stored expressions' that defaults are
    // validated with): building one per validator was most of a CRD's default checks.
    createCelValidator: (schema, isResourceRoot, options) => {
      const compiler = options.compiler ?? cel;
      if (compiler === cel)
        return celRuntime.createCelValidator(schema, isResourceRoot, {
          ...options,
          compiler,
          registry: (registry ??= celRuntime.createFunctionRegistry(cel.env)),
        });
      if (compiler === celStored)
        return celRuntime.createCelValidator(schema, isResourceRoot, {
          ...options,
          registry: (storedRegistry ??= celRuntime.createFunctionRegistry(celStored.env)),
        });
      return celRuntime.createCelValidator(schema, isResourceRoot, options);
    },
  };
  return {
    cel,
    get celStored() {
      return (celStored ??= celModule.createCelCompiler(minor, "stored", compileShare));
    },
    decoder: await decodeModule.createDecoder(minor, shared?.decoded),
    celRuntime: runtime,
    // Per-run caches: created here, once per engine, so no module holds state between runs.
    regexSyntax: shared?.regexSyntax ?? new GoRegexpSyntaxCache(),
    schemaValidators: shared?.schemaValidators ?? new SchemaValidatorCache(),
  };
}
