import { OVERLOAD_IDS } from "../dist/cel/env.js";
import { STD_FUNCTIONS } from "../dist/cel/runtime/stdlib.js";
import { K8S_FUNCTIONS } from "../dist/cel/runtime/k8slib.js";
import { EXT_FUNCTIONS } from "../dist/cel/runtime/extlib.js";
const missing = [];
for (const [fn, ids] of Object.entries(OVERLOAD_IDS)) for (const id of ids) if (!STD_FUNCTIONS[id] && !K8S_FUNCTIONS[id] && !EXT_FUNCTIONS[id]) missing.push(`${fn}:${id}`);
console.log(missing.join("\n"));
