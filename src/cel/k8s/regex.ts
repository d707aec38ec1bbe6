/** Kubernetes regex library declarations (kubernetes/apiserver pkg/cel/library/regex.go). */
import { INT, LIST_STRING, STRING } from "../core/typeutil.js";
import { m, type Lib } from "../core/checker/decls.js";

export const regexLib: Lib = {
  fns: [
    ["find", [m("string_find_string", [STRING, STRING], STRING)]],
    [
      "findAll",
      [
        m("string_find_all_string", [STRING, STRING], LIST_STRING),
        m("string_find_all_string_int", [STRING, STRING, INT], LIST_STRING),
      ],
    ],
  ],
};
