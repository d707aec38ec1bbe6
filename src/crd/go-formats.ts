/**
 * metav1.Time and []byte, which Go decodes with their own parsers. The decoder's generated validators call these
 * (the `goTime` and `goBase64` keywords), and the decoder calls them again for the message.
 */
import { goQuote } from "../k8s/validation.js";

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/;
const RFC3339_LAYOUT = '"2006-01-02T15:04:05Z07:00"';

/** null when Go's time.Parse(time.RFC3339, s) succeeds; else (best effort) its error text. */
export function rfc3339Error(s: string): string | null {
  const m = RFC3339.exec(s);
  if (!m) return `parsing time ${goQuote(s)} as ${RFC3339_LAYOUT}: cannot parse ${goQuote(s)} as "2006"`;
  const [year, month, day, hour, min, sec] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysIn = [
    31,
    year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ];
  const range = (what: string) => `parsing time ${goQuote(s)}: ${what} out of range`;
  if (month < 1 || month > 12) return range("month");
  if (day < 1 || day > daysIn[month - 1]!) return range("day");
  if (hour > 23) return range("hour");
  if (min > 59) return range("minute");
  if (sec > 59) return range("second");
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return range("time zone offset");
  return null;
}

const B64 = /[A-Za-z0-9+/]/;

/** -1 when Go's base64.StdEncoding accepts s (\r and \n are ignored); else the byte offset Go reports. */
export function base64ErrorOffset(s: string): number {
  let inQuantum = 0;
  let quantumStart = 0;
  let padding = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "\r" || c === "\n") continue;
    if (padding > 0) {
      // Only `=` may follow the first `=`, and only to complete the quantum.
      if (c !== "=" || inQuantum >= 4) return i;
      padding++;
      inQuantum++;
      continue;
    }
    if (inQuantum === 4) inQuantum = 0;
    if (inQuantum === 0) quantumStart = i;
    if (c === "=") {
      if (inQuantum < 2) return i;
      padding = 1;
      inQuantum++;
      continue;
    }
    if (!B64.test(c)) return i;
    inQuantum++;
  }
  if (inQuantum === 0 || inQuantum === 4) return -1;
  return quantumStart;
}
