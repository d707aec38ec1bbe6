/** Kubernetes CIDR library declarations (kubernetes/apiserver pkg/cel/library/cidr.go). */
import { BOOL, CIDR_TYPE, INT, IP_TYPE, STRING } from "../core/typeutil.js";
import { g, m, type Lib } from "../core/checker/decls.js";

export const cidrLib: Lib = {
  fns: [
    ["cidr", [g("string_to_cidr", [STRING], CIDR_TYPE)]],
    [
      "containsIP",
      [
        m("cidr_contains_ip_string", [CIDR_TYPE, STRING], BOOL),
        m("cidr_contains_ip_ip", [CIDR_TYPE, IP_TYPE], BOOL),
      ],
    ],
    [
      "containsCIDR",
      [
        m("cidr_contains_cidr_string", [CIDR_TYPE, STRING], BOOL),
        m("cidr_contains_cidr", [CIDR_TYPE, CIDR_TYPE], BOOL),
      ],
    ],
    ["ip", [m("cidr_ip", [CIDR_TYPE], IP_TYPE)]],
    ["prefixLength", [m("cidr_prefix_length", [CIDR_TYPE], INT)]],
    ["masked", [m("cidr_masked", [CIDR_TYPE], CIDR_TYPE)]],
    ["isCIDR", [g("is_cidr", [STRING], BOOL)]],
    ["string", [g("cidr_to_string", [CIDR_TYPE], STRING)]],
  ],
};
