package main

import (
	"context"
	"fmt"
	"sync"

	"k8s.io/apiextensions-apiserver/pkg/apihelpers"
	apiextensionsinternal "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	structuralpruning "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apiextensions-apiserver/pkg/crdserverscheme"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	kjsonserializer "k8s.io/apimachinery/pkg/runtime/serializer/json"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
)

// crdServing is what the custom-resource handler builds once per CRD
// (crdHandler.getOrCreateServingInfoFor in pkg/apiserver/customresource_handler.go): the
// structural schemas with pruned defaults, and one custom-resource strategy per served or
// stored version (its CEL validator compiles the rules once, here).
type crdServing struct {
	group                 string
	kind                  string
	namespaced            bool
	preserveUnknownFields bool
	structural            map[string]*structuralschema.Structural
	strategies            map[string]rest.RESTCreateUpdateStrategy
	// statusStrategies: the /status subresource's strategy of each version that has one
	// (customresource.NewStatusStrategy over the version's strategy, as the handler builds it).
	statusStrategies map[string]rest.RESTCreateUpdateStrategy
}

// crCache keeps the serving info of recently used CRDs, keyed by the CRD's text, so that a run
// of custom resources against one CRD compiles its schema and CEL rules once.
type crCache struct {
	mu      sync.Mutex
	entries map[string]*crdServing
}

const crCacheSize = 256

func newCRCache() *crCache { return &crCache{entries: map[string]*crdServing{}} }

func (o *oracle) servingFor(crdText string) (*crdServing, error) {
	o.crs.mu.Lock()
	s, ok := o.crs.entries[crdText]
	o.crs.mu.Unlock()
	if ok {
		return s, nil
	}
	// Built outside the lock: two workers meeting a new CRD at once may both build it.
	s, err := o.buildServing(crdText)
	if err != nil {
		return nil, err
	}
	o.crs.mu.Lock()
	if len(o.crs.entries) >= crCacheSize {
		o.crs.entries = map[string]*crdServing{}
	}
	o.crs.entries[crdText] = s
	o.crs.mu.Unlock()
	return s, nil
}

func (o *oracle) buildServing(crdText string) (*crdServing, error) {
	body, err := requestBody(crdText)
	if err != nil {
		return nil, fmt.Errorf("crd: %v", err)
	}
	obj, _, err := o.crdV1.Decode(body, nil, nil)
	if err != nil {
		return nil, fmt.Errorf("crd: %v", err)
	}
	crd, ok := obj.(*apiextensionsv1.CustomResourceDefinition)
	if !ok {
		return nil, fmt.Errorf("crd: not a CustomResourceDefinition: decoded %T", obj)
	}
	s := &crdServing{
		group:                 crd.Spec.Group,
		kind:                  crd.Spec.Names.Kind,
		namespaced:            crd.Spec.Scope == apiextensionsv1.NamespaceScoped,
		preserveUnknownFields: crd.Spec.PreserveUnknownFields,
		structural:            map[string]*structuralschema.Structural{},
		strategies:            map[string]rest.RESTCreateUpdateStrategy{},
		statusStrategies:      map[string]rest.RESTCreateUpdateStrategy{},
	}
	// As getOrCreateServingInfoFor: structural schemas, defaults pruned.
	for _, v := range crd.Spec.Versions {
		val, err := apihelpers.GetSchemaForVersion(crd, v.Name)
		if err != nil {
			return nil, fmt.Errorf("crd: %v", err)
		}
		if val == nil {
			continue
		}
		internalValidation := &apiextensionsinternal.CustomResourceValidation{}
		if err := apiextensionsv1.Convert_v1_CustomResourceValidation_To_apiextensions_CustomResourceValidation(val, internalValidation, nil); err != nil {
			return nil, fmt.Errorf("crd: converting validation of %s: %v", v.Name, err)
		}
		ss, err := structuralschema.NewStructural(internalValidation.OpenAPIV3Schema)
		if !crd.Spec.PreserveUnknownFields && err != nil {
			return nil, fmt.Errorf("crd: schema of %s is not structural (the apiserver would not have accepted this CRD): %v", v.Name, err)
		}
		if !crd.Spec.PreserveUnknownFields {
			ss = ss.DeepCopy()
			if err := structuraldefaulting.PruneDefaults(ss); err != nil {
				return nil, fmt.Errorf("crd: pruning defaults of %s: %v", v.Name, err)
			}
		}
		s.structural[v.Name] = ss
	}
	for _, v := range crd.Spec.Versions {
		if !v.Storage && !v.Served {
			continue
		}
		kind := schema.GroupVersionKind{Group: crd.Spec.Group, Version: v.Name, Kind: crd.Spec.Names.Kind}
		validationSchema, err := apihelpers.GetSchemaForVersion(crd, v.Name)
		if err != nil {
			return nil, fmt.Errorf("crd: %v", err)
		}
		var internalSchemaProps *apiextensionsinternal.JSONSchemaProps
		var internalValidationSchema *apiextensionsinternal.CustomResourceValidation
		if validationSchema != nil {
			internalValidationSchema = &apiextensionsinternal.CustomResourceValidation{}
			if err := apiextensionsv1.Convert_v1_CustomResourceValidation_To_apiextensions_CustomResourceValidation(validationSchema, internalValidationSchema, nil); err != nil {
				return nil, fmt.Errorf("crd: %v", err)
			}
			internalSchemaProps = internalValidationSchema.OpenAPIV3Schema
		}
		validator, _, err := apiservervalidation.NewSchemaValidator(internalSchemaProps)
		if err != nil {
			return nil, fmt.Errorf("crd: schema validator of %s: %v", v.Name, err)
		}
		subresources, err := apihelpers.GetSubresourcesForVersion(crd, v.Name)
		if err != nil {
			return nil, fmt.Errorf("crd: %v", err)
		}
		var statusSpec *apiextensionsinternal.CustomResourceSubresourceStatus
		var statusValidator apiservervalidation.SchemaValidator
		if subresources != nil && subresources.Status != nil {
			statusSpec = &apiextensionsinternal.CustomResourceSubresourceStatus{}
			if err := apiextensionsv1.Convert_v1_CustomResourceSubresourceStatus_To_apiextensions_CustomResourceSubresourceStatus(subresources.Status, statusSpec, nil); err != nil {
				return nil, fmt.Errorf("crd: %v", err)
			}
			if internalValidationSchema != nil && internalValidationSchema.OpenAPIV3Schema != nil && internalValidationSchema.OpenAPIV3Schema.Properties != nil {
				if statusSchema, ok := internalValidationSchema.OpenAPIV3Schema.Properties["status"]; ok {
					statusValidator, _, err = apiservervalidation.NewSchemaValidator(&statusSchema)
					if err != nil {
						return nil, fmt.Errorf("crd: %v", err)
					}
				}
			}
		}
		var scaleSpec *apiextensionsinternal.CustomResourceSubresourceScale
		if subresources != nil && subresources.Scale != nil {
			scaleSpec = &apiextensionsinternal.CustomResourceSubresourceScale{}
			if err := apiextensionsv1.Convert_v1_CustomResourceSubresourceScale_To_apiextensions_CustomResourceSubresourceScale(subresources.Scale, scaleSpec, nil); err != nil {
				return nil, fmt.Errorf("crd: %v", err)
			}
		}
		main, status := newCRStrategy(s, kind, &v, validator, statusValidator, statusSpec, scaleSpec)
		s.strategies[v.Name] = main
		if status != nil {
			s.statusStrategies[v.Name] = status
		}
	}
	return s, nil
}

// coerce is the body of the handler's unstructuredSchemaCoercer.apply (unexported upstream, in
// pkg/apiserver/customresource_handler.go) for a request: ObjectMeta is decoded and checked,
// unknown fields are pruned (and their paths collected), non-nullable nulls without default
// dropped, embedded ObjectMeta coerced. Every step is the upstream function.
func coerce(u *unstructured.Unstructured, s *crdServing, trackUnknown bool) ([]string, error) {
	kind, foundKind, err := unstructured.NestedString(u.UnstructuredContent(), "kind")
	if err != nil {
		return nil, err
	}
	apiVersion, foundAPIVersion, err := unstructured.NestedString(u.UnstructuredContent(), "apiVersion")
	if err != nil {
		return nil, err
	}
	objectMeta, foundObjectMeta, unknown, err := schemaobjectmeta.GetObjectMetaWithOptions(u.Object, schemaobjectmeta.ObjectMetaOptions{
		ReturnUnknownFieldPaths: trackUnknown,
	})
	if err != nil {
		return nil, err
	}
	gv, err := schema.ParseGroupVersion(apiVersion)
	if err != nil {
		return nil, err
	}
	if gv.Group == s.group && kind == s.kind {
		if !s.preserveUnknownFields {
			opts := structuralschema.UnknownFieldPathOptions{TrackUnknownFieldPaths: trackUnknown}
			unknown = append(unknown, structuralpruning.PruneWithOptions(u.Object, s.structural[gv.Version], true, opts)...)
			structuraldefaulting.PruneNonNullableNullsWithoutDefaults(u.Object, s.structural[gv.Version])
		}
		ferr, paths := schemaobjectmeta.CoerceWithOptions(nil, u.Object, s.structural[gv.Version], false, schemaobjectmeta.CoerceOptions{
			ReturnUnknownFieldPaths: trackUnknown,
		})
		if ferr != nil {
			return nil, ferr
		}
		unknown = append(unknown, paths...)
	}
	if foundKind {
		u.SetKind(kind)
	}
	if foundAPIVersion {
		u.SetAPIVersion(apiVersion)
	}
	if foundObjectMeta {
		if err := schemaobjectmeta.SetObjectMeta(u.Object, objectMeta); err != nil {
			return nil, err
		}
	}
	return unknown, nil
}

// decodeCR decodes a custom resource's JSON as the handler's negotiated serializer does: JSON
// (strict unless the field validation is Ignore), schema coercion (coerce), then the
// unstructuredDefaulter (structural defaulting). strictProblems are the texts the handler
// turns into a 400 (Strict) or warnings (Warn).
func (o *oracle) decodeCR(body []byte, s *crdServing, strict bool) (u *unstructured.Unstructured, version string, unknown, strictProblems []string, err error) {
	ser := o.crLenient
	if strict {
		ser = o.crStrict
	}
	u = &unstructured.Unstructured{}
	_, _, err = ser.Decode(body, nil, u)
	if err != nil {
		se, ok := runtime.AsStrictDecodingError(err)
		if !ok {
			return nil, "", nil, nil, err
		}
		for _, e := range se.Errors() {
			strictProblems = append(strictProblems, e.Error())
		}
	}
	gvk := u.GroupVersionKind()
	if gvk.Group != s.group || s.strategies[gvk.Version] == nil {
		return nil, "", nil, nil, fmt.Errorf("the server could not find the requested resource: no served version %q of group %q", gvk.Version, s.group)
	}
	unknown, err = coerce(u, s, true)
	if err != nil {
		return nil, "", nil, nil, err
	}
	if strict {
		for _, p := range unknown {
			strictProblems = append(strictProblems, fmt.Sprintf(`unknown field "%s"`, p))
		}
	}
	if gvk.GroupKind() == (schema.GroupKind{Group: s.group, Kind: s.kind}) {
		structuraldefaulting.Default(u.UnstructuredContent(), s.structural[gvk.Version])
	}
	return u, gvk.Version, unknown, strictProblems, nil
}

// crValidate: a create (or, with old, an update) of one custom resource as the custom-resource
// handler and strategy do it, the strategy being assembled as kubectl-validate and the handler
// assemble it.
func (o *oracle) crValidate(crdText, objText string, oldText *string, mode, subresource string) (answer, error) {
	if subresource != "" && (subresource != "status" || oldText == nil) {
		return nil, fmt.Errorf(`subresource must be "status", with old (an update through /status), not %q`, subresource)
	}
	switch mode {
	case "":
		mode = "Strict" // what kubectl sends by default
	case "Strict", "Warn", "Ignore":
	default:
		return nil, fmt.Errorf("fieldValidation must be Strict, Warn or Ignore, not %q", mode)
	}
	s, err := o.servingFor(crdText)
	if err != nil {
		return nil, err
	}
	body, err := requestBody(objText)
	if err != nil {
		return nil, err
	}
	strict := mode != "Ignore"
	u, version, unknown, strictProblems, err := o.decodeCR(body, s, strict)
	if err != nil {
		return &CRRefusedAnswer{RequestError: err.Error(), DecodeErrors: []string{}, Errors: []FieldError{}, Warnings: []string{}, UnknownFields: []string{}}, nil
	}
	resp := &CRValidateAnswer{UnknownFields: nonNil(unknown)}
	var warnings []string
	decodeErrors := []string{}
	switch mode {
	case "Strict":
		// The apiserver answers 400 "strict decoding error: ..." and validates nothing; the
		// validation below still runs so that a harness sees both.
		decodeErrors = nonNil(strictProblems)
	case "Warn":
		warnings = append(warnings, strictProblems...)
	}
	resp.DecodeErrors = decodeErrors

	requestNamespace := metav1.NamespaceNone
	if s.namespaced {
		requestNamespace = u.GetNamespace()
		if requestNamespace == "" {
			requestNamespace = metav1.NamespaceDefault // kubectl's default namespace
		}
	}
	ctx := genericapirequest.WithNamespace(context.Background(), requestNamespace)
	chosen := s.strategies[version]
	if subresource == "status" {
		if chosen = s.statusStrategies[version]; chosen == nil {
			return &CRRefusedAnswer{RequestError: "the server could not find the requested resource", DecodeErrors: []string{}, Errors: []FieldError{}, Warnings: []string{}, UnknownFields: []string{}}, nil
		}
	}
	strategy := &capturingStrategy{RESTCreateUpdateStrategy: chosen}
	hadUID, hadCreation := u.GetUID() != "", u.GetCreationTimestamp() != metav1.Time{}

	if oldText == nil {
		rest.FillObjectMetaSystemFields(u)
		generateName(strategy, u)
		err = rest.BeforeCreate(strategy, ctx, u)
		if err != nil {
			resp.StrategyWarnings = nonNil(strategy.RESTCreateUpdateStrategy.WarningsOnCreate(ctx, u))
		}
	} else {
		oldBody, berr := requestBody(*oldText)
		if berr != nil {
			return nil, fmt.Errorf("old: %v", berr)
		}
		old, _, _, _, derr := o.decodeCR(oldBody, s, false)
		if derr != nil {
			return nil, fmt.Errorf("old: %v", derr)
		}
		// OLD as stored: it has identity, a resourceVersion and a generation.
		if old.GetUID() == "" {
			rest.FillObjectMetaSystemFields(old)
		}
		if old.GetResourceVersion() == "" {
			old.SetResourceVersion("1")
		}
		if old.GetGeneration() == 0 {
			old.SetGeneration(1)
		}
		if s.namespaced && old.GetNamespace() == "" {
			old.SetNamespace(requestNamespace)
		}
		if u.GetResourceVersion() == "" {
			u.SetResourceVersion(old.GetResourceVersion())
		}
		err = rest.BeforeUpdate(strategy, ctx, u, old)
		if err != nil {
			resp.StrategyWarnings = nonNil(strategy.RESTCreateUpdateStrategy.WarningsOnUpdate(ctx, u, old))
		}
	}
	if err == nil {
		resp.StrategyWarnings = nonNil(strategy.warnings)
	}
	errs, requestError := mergeRESTErrors(err, strategy.errs)
	resp.RequestError = requestError
	warnings = append(warnings, strategy.warnings...)
	resp.Errors = errs
	resp.Warnings = nonNil(warnings)
	// Identity the oracle filled in (random uid, the current time) is not part of the answer.
	if !hadUID {
		unstructured.RemoveNestedField(u.Object, "metadata", "uid")
	}
	if !hadCreation {
		unstructured.RemoveNestedField(u.Object, "metadata", "creationTimestamp")
	}
	resp.Result = u.Object
	return resp, nil
}

func newCRSerializers(scheme *runtime.Scheme) (strict, lenient runtime.Decoder) {
	typer := crdserverscheme.NewUnstructuredObjectTyper()
	strict = kjsonserializer.NewSerializerWithOptions(kjsonserializer.DefaultMetaFactory, scheme, typer, kjsonserializer.SerializerOptions{Strict: true})
	lenient = kjsonserializer.NewSerializerWithOptions(kjsonserializer.DefaultMetaFactory, scheme, typer, kjsonserializer.SerializerOptions{})
	return strict, lenient
}
