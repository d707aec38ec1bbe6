/**
 * resource.Quantity's syntax (kube-openapi strfmt quantity.go, k8s.io/apimachinery resource.ParseQuantity).
 */

/** resource.ParseQuantity's syntax: [+-]digits[.digits][suffix], suffix a binary/decimal SI unit or an e/E exponent. */
export function isQuantity(str: string): boolean {
  if (str.length === 0) return false;
  if (str === "0") return true;
  let pos = 0;
  const end = str.length;
  if (str[0] === "-" || str[0] === "+") pos++;
  while (pos < end && str[pos] === "0") pos++;
  if (pos >= end) return true;
  while (pos < end && str[pos]! >= "0" && str[pos]! <= "9") pos++;
  if (pos >= end) return true;
  if (str[pos] === ".") {
    pos++;
    while (pos < end && str[pos]! >= "0" && str[pos]! <= "9") pos++;
    if (pos >= end) return true;
  }
  const suffixStart = pos;
  while (pos < end && "eEinumkKMGTP".includes(str[pos]!)) pos++;
  if (pos < end && (str[pos] === "-" || str[pos] === "+")) pos++;
  while (pos < end && str[pos]! >= "0" && str[pos]! <= "9") pos++;
  if (pos < end) return false;
  const suffix = str.slice(suffixStart);
  if (["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "n", "u", "m", "k", "M", "G", "T", "P", "E"].includes(suffix))
    return true;
  if (suffix.length > 1 && (suffix[0] === "e" || suffix[0] === "E"))
    return /^[+-]?[0-9]+$/.test(suffix.slice(1)) && Math.abs(Number(suffix.slice(1))) < 2 ** 63;
  return false;
}
