package main

import (
	"context"
	"math"
	"sort"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/registry/customresourcedefinition"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
)

// celCost reports, for every x-kubernetes-validations rule and messageExpression of a CRD, the
// cost the CRD validation charges it (pkg/apis/apiextensions/validation/validation.go, in
// ValidateCustomResourceDefinitionOpenAPISchema): cel.Compile's per-call MaxCost times the
// cardinality from the CELSchemaContext chain (RootCELContext, Child*Context), or times the
// compiler's own MaxCardinality when the chain is unbounded. The walk follows the same children
// as the validation (properties, additionalProperties, items; not allOf/anyOf/oneOf/not, which get
// no CEL context). errors are the CRD create validation's own errors, for the verdict.
func (o *oracle) celCost(crdText string) (answer, error) {
	crd, problems, err := o.decodeCRD(crdText, false)
	if err != nil {
		return nil, err
	}
	if crd == nil {
		return &CELCostAnswer{DecodeErrors: problems, DecodeFailed: true, Errors: []FieldError{}, Expressions: []CELCostExpression{}}, nil
	}
	// The create validation, and the rules it compiles, see the object after PrepareForCreate
	// (status reset, fields of disabled gates dropped: optionalOldSelf with CRDValidationRatcheting
	// off is not there to make oldSelf an optional).
	ctx := context.Background()
	strategy := customresourcedefinition.NewStrategy(o.scheme)
	strategy.PrepareForCreate(ctx, crd)
	envSet := baseEnvSet()
	var expressions []CELCostExpression
	visit := func(version string, versions []string, schema *apiextensions.JSONSchemaProps, path *field.Path) {
		if schema == nil {
			return
		}
		ss, err := structuralschema.NewStructural(schema)
		if err != nil || len(structuralschema.ValidateStructural(path, ss)) > 0 {
			return // the validation compiles no rule of a non-structural schema
		}
		walkCEL(validation.RootCELContext(schema), schema, path, func(ctx *validation.CELSchemaContext, s *apiextensions.JSONSchemaProps, p *field.Path) {
			typeInfo, err := ctx.TypeInfo()
			if err != nil || typeInfo == nil {
				return
			}
			results, err := cel.Compile(typeInfo.Schema, typeInfo.DeclType, celconfig.PerCallLimit, envSet, cel.NewExpressionsEnvLoader())
			if err != nil {
				return
			}
			for i, cr := range results {
				card := cr.MaxCardinality
				if ctx.MaxCardinality != nil {
					card = *ctx.MaxCardinality
				}
				rule := CELCostExpression{
					Version:        version,
					Versions:       versions,
					Field:          p.Child("x-kubernetes-validations").Index(i).Child("rule").String(),
					EstimatedCost:  celCost(multiplyWithOverflowGuard(cr.MaxCost, card)),
					MaxCost:        celCost(cr.MaxCost),
					MaxCardinality: celCost(card),
				}
				if cr.Error != nil {
					rule.CompileError = &cr.Error.Detail
				}
				expressions = append(expressions, rule)
				if cr.MessageExpression != nil && cr.MessageExpressionError == nil {
					// The validation charges a messageExpression its per-call cost, not
					// multiplied by the cardinality.
					expressions = append(expressions, CELCostExpression{
						Version:        version,
						Versions:       versions,
						Field:          p.Child("x-kubernetes-validations").Index(i).Child("messageExpression").String(),
						EstimatedCost:  celCost(cr.MessageExpressionMaxCost),
						MaxCost:        celCost(cr.MessageExpressionMaxCost),
						MaxCardinality: celCost(card),
					})
				}
			}
		})
	}
	var names []string
	for _, v := range crd.Spec.Versions {
		names = append(names, v.Name)
	}
	specPath := field.NewPath("spec")
	if crd.Spec.Validation != nil && len(names) > 0 {
		// All versions share one schema: the internal type (and so the validation's paths) has
		// it at spec.validation.
		visit(names[0], names, crd.Spec.Validation.OpenAPIV3Schema, specPath.Child("validation").Child("openAPIV3Schema"))
	}
	for i, v := range crd.Spec.Versions {
		if v.Schema != nil {
			visit(v.Name, []string{v.Name}, v.Schema.OpenAPIV3Schema, specPath.Child("versions").Index(i).Child("schema").Child("openAPIV3Schema"))
		}
	}
	if expressions == nil {
		expressions = []CELCostExpression{}
	}
	errs := strategy.Validate(ctx, crd)
	return &CELCostAnswer{DecodeErrors: nonNil(problems), Errors: errorsJSON(errs), Expressions: expressions}, nil
}

func walkCEL(ctx *validation.CELSchemaContext, s *apiextensions.JSONSchemaProps, p *field.Path, onRules func(*validation.CELSchemaContext, *apiextensions.JSONSchemaProps, *field.Path)) {
	if s == nil || ctx == nil {
		return
	}
	if len(s.XValidations) > 0 {
		onRules(ctx, s, p)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		walkCEL(ctx.ChildAdditionalPropertiesContext(s.AdditionalProperties.Schema), s.AdditionalProperties.Schema, p.Child("additionalProperties"), onRules)
	}
	names := make([]string, 0, len(s.Properties))
	for name := range s.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		prop := s.Properties[name]
		walkCEL(ctx.ChildPropertyContext(&prop, name), &prop, p.Child("properties").Key(name), onRules)
	}
	if s.Items != nil {
		if s.Items.Schema != nil {
			walkCEL(ctx.ChildItemsContext(s.Items.Schema), s.Items.Schema, p.Child("items"), onRules)
		}
		for i := range s.Items.JSONSchemas {
			item := s.Items.JSONSchemas[i]
			walkCEL(ctx.ChildItemsContext(&item), &item, p.Child("items").Index(i), onRules)
		}
	}
}

// multiplyWithOverflowGuard is validation.go's (unexported there): the product, or MaxUint64
// when it overflows.
func multiplyWithOverflowGuard(baseCost, cardinality uint64) uint64 {
	if baseCost == 0 {
		return 0
	} else if math.MaxUint64/baseCost < cardinality {
		return math.MaxUint64
	}
	return baseCost * cardinality
}
