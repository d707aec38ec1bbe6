/** Kubernetes quantity library declarations (kubernetes/apiserver pkg/cel/library/quantity.go). */
import { BOOL, DOUBLE, INT, QUANTITY_TYPE, STRING } from "../core/typeutil.js";
import { g, m, type Lib } from "../core/checker/decls.js";

export const quantityLib: Lib = {
  fns: [
    ["quantity", [g("string_to_quantity", [STRING], QUANTITY_TYPE)]],
    ["isQuantity", [g("is_quantity_string", [STRING], BOOL)]],
    // a member function in library/quantity.go (`quantity('1').sign()`)
    ["sign", [m("quantity_sign", [QUANTITY_TYPE], INT)]],
    ["isGreaterThan", [m("quantity_is_greater_than", [QUANTITY_TYPE, QUANTITY_TYPE], BOOL)]],
    ["isLessThan", [m("quantity_is_less_than", [QUANTITY_TYPE, QUANTITY_TYPE], BOOL)]],
    ["compareTo", [m("quantity_compare_to", [QUANTITY_TYPE, QUANTITY_TYPE], INT)]],
    ["asApproximateFloat", [m("quantity_get_float", [QUANTITY_TYPE], DOUBLE)]],
    ["asInteger", [m("quantity_get_int", [QUANTITY_TYPE], INT)]],
    ["isInteger", [m("quantity_is_integer", [QUANTITY_TYPE], BOOL)]],
    [
      "add",
      [
        m("quantity_add", [QUANTITY_TYPE, QUANTITY_TYPE], QUANTITY_TYPE),
        m("quantity_add_int", [QUANTITY_TYPE, INT], QUANTITY_TYPE),
      ],
    ],
    [
      "sub",
      [
        m("quantity_sub", [QUANTITY_TYPE, QUANTITY_TYPE], QUANTITY_TYPE),
        m("quantity_sub_int", [QUANTITY_TYPE, INT], QUANTITY_TYPE),
      ],
    ],
  ],
};
