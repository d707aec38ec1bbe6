// The families of generated cases, in the order a run takes them.
import { yamlFamily } from "./yaml.mjs";
import { crdCreateFamily } from "./crd-create.mjs";
import { celCostFamily } from "./cel-cost.mjs";
import { crValidateFamily } from "./cr-validate.mjs";
import { crdUpdateFamily } from "./crd-update.mjs";

export const families = [yamlFamily, crdCreateFamily, crValidateFamily, celCostFamily, crdUpdateFamily];
