// Build step: bundles the CLI (dist/cli/bundle.js as tsc wrote it, with its dependencies) into one CommonJS script,
// dist/bin/crdlint.cjs, which bin/crdlint.js compiles with V8's code cache (src/cli/compile-cache.ts).
//
// Why one script and not ~900 ES modules: loading the modules cost about 100 ms of a one-file lint, and Node 20 has
// no compile cache for ES modules; a script compiled from cached data skips parsing and bytecode generation.
// Modules imported lazily stay lazy inside the bundle (esbuild wraps each in an init function that
// runs on first import), so `crdlint --version` never runs CEL's or the decoder's module code
// (test/cli/startup.test.mjs checks it with V8's coverage). The library entry (dist/index.js) stays unbundled.
import { rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = (p) => fileURLToPath(new URL(`../dist/${p}`, import.meta.url));

rmSync(dist("bin"), { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: [dist("cli/bundle.js")],
  outfile: dist("bin/crdlint.cjs"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  // The bundle sits at dist/cli/main.js's depth (dist/<dir>/), so main.js's paths to package.json and
  // dist/rules-meta.json hold; its import.meta.url becomes the bundle's own URL.
  // A lint worker thread runs the bundle too, through dist/cli/bundle-worker.js (src/engine/parallel.ts).
  define: { "import.meta.url": "__crdlintBundleUrl", CRDLINT_BUNDLE_WORKER: JSON.stringify("../cli/bundle-worker.js") },
  banner: { js: 'const __crdlintBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
  // Whitespace and comments out: less to read, and an ASCII-only source (comments carry →, §, …), which V8 scans
  // faster than a two-byte one. Names stay, for --debug stack traces.
  minifyWhitespace: true,
  legalComments: "eof",
  metafile: true,
  logLevel: "warning",
  // An import() of a computed specifier is left for run time, where the vm.Script has no loader: fail the build.
  logOverride: { "unsupported-dynamic-import": "error" },
});
// The bundle runs as a vm.Script, which has no loader for import(): every import() must be resolved into the bundle.
const unbundled = Object.values(result.metafile.outputs)
  .flatMap((o) => o.imports)
  .filter((i) => i.external && i.kind === "dynamic-import");
if (unbundled.length)
  throw new Error(
    `the CLI bundle cannot import() at run time: ${unbundled.map((i) => i.path).join(", ")} (import it statically)`,
  );
// What went into the bundle, for test/cli/startup.test.mjs (ajv, a build-time tool, must not).
writeFileSync(
  dist("bin/crdlint.inputs.json"),
  JSON.stringify(Object.keys(result.metafile.inputs).sort(), null, 1) + "\n",
);
