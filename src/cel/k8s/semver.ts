/** Kubernetes semver library declarations (kubernetes/apiserver pkg/cel/library/semverlib.go). */
import { BOOL, INT, SEMVER_TYPE, STRING } from "../core/typeutil.js";
import { g, m, type Lib } from "../core/checker/decls.js";

export function semverLib(version: number): Lib {
  const semver = [g("string_to_semver", [STRING], SEMVER_TYPE)];
  const isSemver = [g("is_semver_string", [STRING], BOOL)];
  if (version >= 1) {
    semver.push(g("string_bool_to_semver", [STRING, BOOL], SEMVER_TYPE));
    isSemver.push(g("is_semver_string_bool", [STRING, BOOL], BOOL));
  }
  return {
    fns: [
      ["semver", semver],
      ["isSemver", isSemver],
      ["isGreaterThan", [m("semver_is_greater_than", [SEMVER_TYPE, SEMVER_TYPE], BOOL)]],
      ["isLessThan", [m("semver_is_less_than", [SEMVER_TYPE, SEMVER_TYPE], BOOL)]],
      ["compareTo", [m("semver_compare_to", [SEMVER_TYPE, SEMVER_TYPE], INT)]],
      ["major", [m("semver_major", [SEMVER_TYPE], INT)]],
      ["minor", [m("semver_minor", [SEMVER_TYPE], INT)]],
      ["patch", [m("semver_patch", [SEMVER_TYPE], INT)]],
    ],
  };
}
