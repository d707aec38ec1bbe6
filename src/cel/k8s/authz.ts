/** Kubernetes authorizer library declarations, with the selectors extension (kubernetes/apiserver pkg/cel/library/authz.go). */
import { AUTHORIZER_TYPE, BOOL, DECISION_TYPE, GROUP_CHECK_TYPE, PATH_CHECK_TYPE, RESOURCE_CHECK_TYPE, STRING } from "../core/typeutil.js";
import { m, type Lib } from "../core/checker/decls.js";

export const authzLib: Lib = {
  fns: [
    ["path", [m("authorizer_path", [AUTHORIZER_TYPE, STRING], PATH_CHECK_TYPE)]],
    ["group", [m("authorizer_group", [AUTHORIZER_TYPE, STRING], GROUP_CHECK_TYPE)]],
    ["serviceAccount", [m("authorizer_serviceaccount", [AUTHORIZER_TYPE, STRING, STRING], AUTHORIZER_TYPE)]],
    ["resource", [m("groupcheck_resource", [GROUP_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
    ["subresource", [m("resourcecheck_subresource", [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
    ["namespace", [m("resourcecheck_namespace", [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
    ["name", [m("resourcecheck_name", [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
    [
      "check",
      [
        m("pathcheck_check", [PATH_CHECK_TYPE, STRING], DECISION_TYPE),
        m("resourcecheck_check", [RESOURCE_CHECK_TYPE, STRING], DECISION_TYPE),
      ],
    ],
    ["errored", [m("decision_errored", [DECISION_TYPE], BOOL)]],
    ["error", [m("decision_error", [DECISION_TYPE], STRING)]],
    ["allowed", [m("decision_allowed", [DECISION_TYPE], BOOL)]],
    ["reason", [m("decision_reason", [DECISION_TYPE], STRING)]],
  ],
};

export const authzSelectorsLib: Lib = {
  fns: [
    ["fieldSelector", [m("resourcecheck_fieldselector", [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
    ["labelSelector", [m("resourcecheck_labelselector", [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
  ],
};
