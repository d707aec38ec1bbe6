//go:build oracle_1_29

package main

import (
	apiextensionsinternal "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apiextensions-apiserver/pkg/crdserverscheme"
	"k8s.io/apiextensions-apiserver/pkg/registry/customresource"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/registry/rest"
)

// newCRStrategy is the custom-resource strategy (and its /status strategy) getOrCreateServingInfoFor builds for one version:
// in 1.29 it takes the version's structural schema; selectableFields came in 1.30 (the 1.29 CRD
// type has no such field, so the strict CRD decoding reports it as unknown, as that apiserver does).
func newCRStrategy(s *crdServing, kind schema.GroupVersionKind, v *apiextensionsv1.CustomResourceDefinitionVersion, validator, statusValidator apiservervalidation.SchemaValidator, statusSpec *apiextensionsinternal.CustomResourceSubresourceStatus, scaleSpec *apiextensionsinternal.CustomResourceSubresourceScale) (rest.RESTCreateUpdateStrategy, rest.RESTCreateUpdateStrategy) {
	strategy := customresource.NewStrategy(
		crdserverscheme.NewUnstructuredObjectTyper(),
		s.namespaced,
		kind,
		validator,
		statusValidator,
		s.structural[v.Name],
		statusSpec,
		scaleSpec,
	)
	// The /status subresource's strategy over it, as the handler builds it for a version with status.
	if statusSpec != nil {
		return strategy, customresource.NewStatusStrategy(strategy)
	}
	return strategy, nil
}
