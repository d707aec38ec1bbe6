// A CRD of kind Network (plural `name`) whose spec has a `cidr` string and one CEL rule on spec: the release-range
// tests' CRD. With isCIDR the rule compiles for new expressions from 1.31 only (k-orc PR#336's breakage).
import { oneVersionCrd } from "./crd-yaml.mjs";

export const networkCrd = (rule, name = "networks") =>
  oneVersionCrd({
    plural: name,
    kind: "Network",
    schema: `        type: object
        properties:
          spec:
            type: object
            properties:
              cidr:
                type: string
                maxLength: 64
            x-kubernetes-validations:
            - rule: "${rule}"
`,
  });
