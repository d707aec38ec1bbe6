/** cel-go two-variable comprehensions extension (ext.TwoVarComprehensions), enabled by Kubernetes. */
import { mapOf } from "../typeutil.js";
import { K, V, g, type Lib } from "../checker/decls.js";

/** ext.TwoVarComprehensions(). */
export const twoVarLib: Lib = {
  fns: [
    [
      "cel.@mapInsert",
      [
        g("@mapInsert_map_key_value", [mapOf(K, V), K, V], mapOf(K, V)),
        g("@mapInsert_map_map", [mapOf(K, V), mapOf(K, V)], mapOf(K, V)),
      ],
    ],
  ],
  macros: [
    "all:3:m",
    "exists:3:m",
    "existsOne:3:m",
    "exists_one:3:m",
    "transformList:3:m",
    "transformList:4:m",
    "transformMap:3:m",
    "transformMap:4:m",
    "transformMapEntry:3:m",
    "transformMapEntry:4:m",
  ],
};
