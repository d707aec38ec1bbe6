// The YAML of a namespaced CRD in group example.com with one served, stored version v1: its openAPIV3Schema is
// `schema`, YAML lines written at the schema's own indentation (eight spaces, under `openAPIV3Schema:`).
export const oneVersionCrd = ({ plural, kind, schema }) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${plural}.example.com
spec:
  group: example.com
  names: {kind: ${kind}, plural: ${plural}}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
${schema}`;
