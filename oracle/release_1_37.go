//go:build !oracle_1_33

package main

import "k8s.io/apiserver/pkg/cel/environment"

// baseEnvSet is the CEL environment set the CRD validation compiles with
// (ValidateCustomResourceDefinition's celEnvironmentSet).
func baseEnvSet() *environment.EnvSet {
	return environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion())
}
