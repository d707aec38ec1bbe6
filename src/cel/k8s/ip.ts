/** Kubernetes IP library declarations (kubernetes/apiserver pkg/cel/library/ip.go). */
import { BOOL, INT, IP_TYPE, STRING } from "../core/typeutil.js";
import { g, m, type Lib } from "../core/checker/decls.js";

export const ipLib: Lib = {
  fns: [
    ["ip", [g("string_to_ip", [STRING], IP_TYPE)]],
    ["family", [m("ip_family", [IP_TYPE], INT)]],
    ["ip.isCanonical", [g("ip_is_canonical", [STRING], BOOL)]],
    ["isUnspecified", [m("ip_is_unspecified", [IP_TYPE], BOOL)]],
    ["isLoopback", [m("ip_is_loopback", [IP_TYPE], BOOL)]],
    ["isLinkLocalMulticast", [m("ip_is_link_local_multicast", [IP_TYPE], BOOL)]],
    ["isLinkLocalUnicast", [m("ip_is_link_local_unicast", [IP_TYPE], BOOL)]],
    ["isGlobalUnicast", [m("ip_is_global_unicast", [IP_TYPE], BOOL)]],
    ["isIP", [g("is_ip", [STRING], BOOL)]],
    ["string", [g("ip_to_string", [IP_TYPE], STRING)]],
  ],
};
