// Release step (`npm run build:action`, after `npm run build:dist`): bundles the GitHub Action's entry (action/run.mjs)
// with the crdlint CLI into one CommonJS script, action/dist/run.cjs, committed with the release, so that the
// action runs a prebuilt crdlint on the runner's Node (action.yml: `runs.using: node24`) without `npm ci` or a
// build on every run. The first line names the crdlint version it was built from (test/repo/integrations.test.mjs
// checks that it is package.json's).
import { readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = fileURLToPath(new URL("../action/dist/run.cjs", import.meta.url));
const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

rmSync(out, { force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: ["action/run.mjs"],
  outfile: out,
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  // The bundle sits at action/dist/, two levels below the package root as dist/cli/main.js is, so the CLI's path to
  // package.json holds. Its lint worker threads run this same script (action/run.mjs serves them there).
  define: {
    "import.meta.url": "__crdlintBundleUrl",
    CRDLINT_BUNDLE_WORKER: JSON.stringify("./run.cjs"),
    CRDLINT_ACTION_BUNDLE: "true",
  },
  banner: {
    js: `// crdlint action bundle ${version} (npm run build:action)\nconst __crdlintBundleUrl = require("node:url").pathToFileURL(__filename).href;`,
  },
  minifyWhitespace: true,
  legalComments: "eof",
  metafile: true,
  logLevel: "warning",
});
const inputs = Object.keys(result.metafile.inputs);
if (inputs.some((i) => /node_modules\/(ajv|typescript|esbuild)\//.test(i)))
  throw new Error("a build-time tool went into the action bundle");
console.log(`action/dist/run.cjs: crdlint ${version}, ${inputs.length} modules`);
