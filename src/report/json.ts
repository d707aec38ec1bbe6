/** JSON text of reports that carry costs as bigints. */

/** Pretty JSON (and a newline) with bigints as exact integers: values past 2^53 (saturated costs) must not lose digits. */
export function jsonWithExactIntegers(body: unknown): string {
  const marker = "\u0000bigint:";
  const text = JSON.stringify(
    body,
    (_k, v: unknown) =>
      typeof v === "bigint" ? (v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : marker + v.toString()) : v,
    2,
  );
  return text.replace(new RegExp(`"${marker.replace("\u0000", "\\\\u0000")}(\\d+)"`, "g"), "$1") + "\n";
}
