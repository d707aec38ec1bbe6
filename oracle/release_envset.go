//go:build !(oracle_1_30 || oracle_1_31 || oracle_1_32 || oracle_1_33 || oracle_1_34)

package main

import "k8s.io/apiserver/pkg/cel/environment"

// baseEnvSet is the CEL environment set the CRD validation compiles with
// (ValidateCustomResourceDefinition's celEnvironmentSet). Up to 1.29 and from 1.35 on,
// MustBaseEnvSet takes only the compatibility version (1.30–1.34: release_envset_strictcost.go).
func baseEnvSet() *environment.EnvSet {
	return environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion())
}
