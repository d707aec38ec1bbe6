package main

import (
	"context"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/registry/customresourcedefinition"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
)

// capturingStrategy wraps a registry strategy so that the oracle can run the generic
// rest.BeforeCreate / rest.BeforeUpdate sequence (namespace, PrepareFor*, Validate*, the generic
// metadata checks, Warnings*) exactly as the apiserver's registry store does, and still see the
// strategy's field errors whole (rest returns them folded into a StatusError) and its warnings
// (which rest sends to the request's warning recorder).
type capturingStrategy struct {
	rest.RESTCreateUpdateStrategy
	errs     field.ErrorList
	warnings []string
}

func (c *capturingStrategy) Validate(ctx context.Context, obj runtime.Object) field.ErrorList {
	errs := c.RESTCreateUpdateStrategy.Validate(ctx, obj)
	c.errs = append(c.errs, errs...)
	return errs
}

func (c *capturingStrategy) ValidateUpdate(ctx context.Context, obj, old runtime.Object) field.ErrorList {
	errs := c.RESTCreateUpdateStrategy.ValidateUpdate(ctx, obj, old)
	c.errs = append(c.errs, errs...)
	return errs
}

func (c *capturingStrategy) WarningsOnCreate(ctx context.Context, obj runtime.Object) []string {
	w := c.RESTCreateUpdateStrategy.WarningsOnCreate(ctx, obj)
	c.warnings = append(c.warnings, w...)
	return nil
}

func (c *capturingStrategy) WarningsOnUpdate(ctx context.Context, obj, old runtime.Object) []string {
	w := c.RESTCreateUpdateStrategy.WarningsOnUpdate(ctx, obj, old)
	c.warnings = append(c.warnings, w...)
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// crdCreate: decode as the apiserver does, then the CRD registry strategy through
// rest.BeforeCreate (PrepareForCreate, Validate, metadata checks, WarningsOnCreate).
func (o *oracle) crdCreate(text string) (answer, error) {
	crd, decodeErrors, err := o.decodeCRD(text, true)
	if err != nil {
		return nil, err
	}
	if crd == nil {
		return &CRDDecodeFailedAnswer{DecodeErrors: decodeErrors, DecodeFailed: true, Errors: []FieldError{}, Warnings: []string{}}, nil
	}
	strategy := &capturingStrategy{RESTCreateUpdateStrategy: customresourcedefinition.NewStrategy(o.scheme)}
	// The registry store fills these before BeforeCreate, which refuses an object without them.
	rest.FillObjectMetaSystemFields(crd)
	generateName(strategy, crd)
	ctx := genericapirequest.WithNamespace(context.Background(), metav1.NamespaceNone)
	err = rest.BeforeCreate(strategy, ctx, crd)
	errs, requestError := mergeRESTErrors(err, strategy.errs)
	resp := &CRDAnswer{DecodeErrors: nonNil(decodeErrors), Errors: errs, Warnings: nonNil(strategy.warnings), RequestError: requestError}
	// The apiserver sends warnings only for an accepted object; strategyWarnings is what
	// WarningsOnCreate says about the object anyway, so warning checks can be compared on
	// rejected CRDs too.
	if err != nil {
		resp.StrategyWarnings = nonNil(strategy.RESTCreateUpdateStrategy.WarningsOnCreate(ctx, crd))
	} else {
		resp.StrategyWarnings = nonNil(strategy.warnings)
	}
	return resp, nil
}

// crdUpdate: OLD as stored (with the status the apiserver would have given it unless the
// request keeps it as-is), NEW decoded strictly, then rest.BeforeUpdate with the CRD strategy
// (PrepareForUpdate, metadata update checks, ValidateUpdate, WarningsOnUpdate).
func (o *oracle) crdUpdate(oldText, newText string, oldStatusAsIs bool) (answer, error) {
	old, oldProblems, err := o.decodeCRD(oldText, false)
	if err != nil {
		return nil, err
	}
	if old == nil {
		return &FatalAnswer{Fatal: "old: " + oldProblems[0]}, nil
	}
	crd, decodeErrors, err := o.decodeCRD(newText, true)
	if err != nil {
		return nil, err
	}
	if crd == nil {
		return &CRDDecodeFailedAnswer{DecodeErrors: decodeErrors, DecodeFailed: true, Errors: []FieldError{}, Warnings: []string{}}, nil
	}
	rest.FillObjectMetaSystemFields(old)
	if old.ResourceVersion == "" {
		old.ResourceVersion = "1"
	}
	if old.Generation == 0 {
		old.Generation = 1
	}
	if !oldStatusAsIs && isZeroStatus(&old.Status) {
		stored := old.Status.StoredVersions
		old.Status = storedStatus(old)
		if len(stored) > 0 {
			old.Status.StoredVersions = stored
		}
	}
	// The client sends back what it read: the same identity and resourceVersion as OLD.
	if crd.ResourceVersion == "" {
		crd.ResourceVersion = old.ResourceVersion
	}
	strategy := &capturingStrategy{RESTCreateUpdateStrategy: customresourcedefinition.NewStrategy(o.scheme)}
	ctx := genericapirequest.WithNamespace(context.Background(), metav1.NamespaceNone)
	err = rest.BeforeUpdate(strategy, ctx, crd, old)
	errs, requestError := mergeRESTErrors(err, strategy.errs)
	resp := &CRDAnswer{DecodeErrors: nonNil(decodeErrors), Errors: errs, Warnings: nonNil(strategy.warnings), RequestError: requestError}
	if err != nil {
		resp.StrategyWarnings = nonNil(strategy.RESTCreateUpdateStrategy.WarningsOnUpdate(ctx, crd, old))
	} else {
		resp.StrategyWarnings = nonNil(strategy.warnings)
	}
	return resp, nil
}

// generateName is what the registry store does before BeforeCreate for an object with
// metadata.generateName and no name (the suffix is random, as the apiserver's).
func generateName(strategy rest.RESTCreateStrategy, obj metav1.Object) {
	if obj.GetGenerateName() != "" && obj.GetName() == "" {
		obj.SetName(strategy.GenerateName(obj.GetGenerateName()))
	}
}

// isZeroStatus: OLD came without a status. storedVersions does not count: v1 defaulting
// (SetDefaults_CustomResourceDefinition) fills it from the storage version while decoding, so a
// decoded OLD always has it; the controllers' conditions and accepted names are what it lacks.
func isZeroStatus(s *apiextensions.CustomResourceDefinitionStatus) bool {
	return len(s.Conditions) == 0 && s.AcceptedNames.Plural == "" && s.AcceptedNames.Kind == ""
}

// storedStatus is the status a CRD has once the apiserver created it and its controllers ran:
// storedVersions holds the storage version (PrepareForCreate), the naming controller accepted
// the names and set NamesAccepted and Established.
func storedStatus(crd *apiextensions.CustomResourceDefinition) apiextensions.CustomResourceDefinitionStatus {
	st := apiextensions.CustomResourceDefinitionStatus{AcceptedNames: crd.Spec.Names}
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			st.StoredVersions = []string{v.Name}
			break
		}
	}
	st.Conditions = []apiextensions.CustomResourceDefinitionCondition{
		{Type: apiextensions.NamesAccepted, Status: apiextensions.ConditionTrue, Reason: "NoConflicts", Message: "no conflicts found"},
		{Type: apiextensions.Established, Status: apiextensions.ConditionTrue, Reason: "InitialNamesAccepted", Message: "the initial names have been accepted"},
	}
	return st
}
