/** cel-go bindings extension (ext.Bindings): not part of the Kubernetes environment. */
import type { MacroKey } from "../checker/decls.js";

/** ext.Bindings() — not part of the Kubernetes environment; available for tests/other embedders. */
export const BINDINGS_MACROS: readonly MacroKey[] = ["bind:3:m"];
