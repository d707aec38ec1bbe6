/** cel-go optional types library declarations (cel.OptionalTypes), enabled by Kubernetes. */
import { BOOL, DYN, INT, listOf, mapOf, optionalOf, STRING, typeOf } from "../typeutil.js";
import { K, V, g, m, type Lib } from "../checker/decls.js";

/** cel.OptionalTypes() (latest version: optMap and optFlatMap). */
export const optionalLib: Lib = {
  fns: [
    ["optional.of", [g("optional_of", [V], optionalOf(V))]],
    ["optional.ofNonZeroValue", [g("optional_ofNonZeroValue", [V], optionalOf(V))]],
    ["optional.none", [g("optional_none", [], optionalOf(V))]],
    ["value", [m("optional_value", [optionalOf(V)], V)]],
    ["hasValue", [m("optional_hasValue", [optionalOf(V)], BOOL)]],
    ["or", [m("optional_or_optional", [optionalOf(V), optionalOf(V)], optionalOf(V))]],
    ["orValue", [m("optional_orValue_value", [optionalOf(V), V], V)]],
    ["_?._", [g("select_optional_field", [DYN, STRING], optionalOf(V))]],
    [
      "_[?_]",
      [
        g("list_optindex_optional_int", [listOf(V), INT], optionalOf(V)),
        g("optional_list_optindex_optional_int", [optionalOf(listOf(V)), INT], optionalOf(V)),
        g("map_optindex_optional_value", [mapOf(K, V), K], optionalOf(V)),
        g("optional_map_optindex_optional_value", [optionalOf(mapOf(K, V)), K], optionalOf(V)),
      ],
    ],
    [
      "_[_]",
      [
        g("optional_list_index_int", [optionalOf(listOf(V)), INT], optionalOf(V)),
        g("optional_map_index_value", [optionalOf(mapOf(K, V)), K], optionalOf(V)),
      ],
    ],
  ],
  idents: [["optional_type", typeOf(optionalOf(V))]],
  macros: ["optMap:2:m", "optFlatMap:2:m"],
};
