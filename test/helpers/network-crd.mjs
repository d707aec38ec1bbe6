// A CRD of kind Network (plural `name`) whose spec has a `cidr` string and one CEL rule on spec: the release-range
// tests' CRD. With isCIDR the rule compiles for new expressions from 1.31 only (k-orc PR#336's breakage).
export const networkCrd = (rule, name = "networks") => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${name}.example.com
spec:
  group: example.com
  names: {kind: Network, plural: ${name}}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              cidr:
                type: string
                maxLength: 64
            x-kubernetes-validations:
            - rule: "${rule}"
`;
