/** cel-go strings extension declarations (ext.Strings), enabled by Kubernetes. */
import { INT, LIST_DYN, LIST_STRING, STRING } from "../typeutil.js";
import { g, m, type OverloadDecl, type Lib } from "../checker/decls.js";

/** ext.Strings(version). */
export function stringsLib(version: number): Lib {
  const fns: [string, OverloadDecl[]][] = [
    ["charAt", [m("string_char_at_int", [STRING, INT], STRING)]],
    [
      "indexOf",
      [m("string_index_of_string", [STRING, STRING], INT), m("string_index_of_string_int", [STRING, STRING, INT], INT)],
    ],
    [
      "lastIndexOf",
      [
        m("string_last_index_of_string", [STRING, STRING], INT),
        m("string_last_index_of_string_int", [STRING, STRING, INT], INT),
      ],
    ],
    ["lowerAscii", [m("string_lower_ascii", [STRING], STRING)]],
    [
      "replace",
      [
        m("string_replace_string_string", [STRING, STRING, STRING], STRING),
        m("string_replace_string_string_int", [STRING, STRING, STRING, INT], STRING),
      ],
    ],
    [
      "split",
      [
        m("string_split_string", [STRING, STRING], LIST_STRING),
        m("string_split_string_int", [STRING, STRING, INT], LIST_STRING),
      ],
    ],
    [
      "substring",
      [m("string_substring_int", [STRING, INT], STRING), m("string_substring_int_int", [STRING, INT, INT], STRING)],
    ],
    ["trim", [m("string_trim", [STRING], STRING)]],
    ["upperAscii", [m("string_upper_ascii", [STRING], STRING)]],
  ];
  if (version >= 1) {
    fns.push(["format", [m("string_format", [STRING, LIST_DYN], STRING)]]);
    fns.push(["strings.quote", [g("strings_quote", [STRING], STRING)]]);
  }
  fns.push(["join", [m("list_join", [LIST_STRING], STRING), m("list_join_string", [LIST_STRING, STRING], STRING)]]);
  if (version >= 3) fns.push(["reverse", [m("string_reverse", [STRING], STRING)]]);
  return { fns };
}
