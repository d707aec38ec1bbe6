/** Kubernetes URLs library declarations (kubernetes/apiserver pkg/cel/library/urls.go). */
import { BOOL, LIST_STRING, mapOf, STRING, URL_TYPE } from "../core/typeutil.js";
import { g, m, type Lib } from "../core/checker/decls.js";

export const urlsLib: Lib = {
  fns: [
    ["url", [g("string_to_url", [STRING], URL_TYPE)]],
    ["getScheme", [m("url_get_scheme", [URL_TYPE], STRING)]],
    ["getHost", [m("url_get_host", [URL_TYPE], STRING)]],
    ["getHostname", [m("url_get_hostname", [URL_TYPE], STRING)]],
    ["getPort", [m("url_get_port", [URL_TYPE], STRING)]],
    ["getEscapedPath", [m("url_get_escaped_path", [URL_TYPE], STRING)]],
    ["getQuery", [m("url_get_query", [URL_TYPE], mapOf(STRING, LIST_STRING))]],
    ["isURL", [g("is_url_string", [STRING], BOOL)]],
  ],
};
