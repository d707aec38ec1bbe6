//go:build oracle_1_30 || oracle_1_31 || oracle_1_32 || oracle_1_33 || oracle_1_34

package main

import "k8s.io/apiserver/pkg/cel/environment"

// baseEnvSet is the CEL environment set the CRD validation compiles with
// (ValidateCustomResourceDefinition's celEnvironmentSet); from 1.30 to 1.34 it took the
// strict-cost flag, which the validation sets.
func baseEnvSet() *environment.EnvSet {
	return environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion(), true)
}
