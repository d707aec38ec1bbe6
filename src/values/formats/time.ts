/**
 * Dates, date-times and durations as kube-openapi's strfmt checks them (strfmt time.go, date.go, duration.go;
 * golang/go src/time/format.go Parse("2006-01-02")).
 */
import { parseGoDuration } from "../../k8s/duration.js";

function daysIn(month: number, year: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

/** time.Parse("2006-01-02", s). */
export function isDate(s: string): boolean {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12) return false;
  return day >= 1 && day <= daysIn(month, year);
}

const rxDateTime = /^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/;

/** strfmt IsDateTime: a date, a `t`, then hh:mm:ss[.frac](z|±hh:mm), case-insensitive. */
export function isDateTime(str: string): boolean {
  if (str.length < 4) return false;
  const s = str.toLowerCase().split("t");
  if (s.length < 2 || !isDate(s[0]!)) return false;
  const m = rxDateTime.exec(s[1]!);
  if (!m) return false;
  return m[1]! <= "23" && m[2]! <= "59" && m[3]! <= "59";
}

const SCALA_UNITS: string[][] = [
  ["ns", "nano"],
  ["us", "\u00b5s", "micro"],
  ["ms", "milli"],
  ["s", "sec"],
  ["m", "min"],
  ["h", "hr", "hour"],
  ["d", "day"],
  ["w", "wk", "week"],
];

/** strfmt ParseDuration: Go's syntax, else the Scala-style "<n> <unit>" pieces found anywhere in the string. */
export function isDuration(str: string): boolean {
  if (parseGoDuration(str) !== null) return true;
  const re = /((?:-[\t\n\f\r ]?)?[0-9]+)[\t\n\f\r ]*([A-Za-z\u00b5]+)/g;
  let ok = false;
  for (let m = re.exec(str); m !== null; m = re.exec(str)) {
    const value = m[1]!.startsWith("-") ? m[1]!.slice(1) : m[1]!;
    const digits = value.trim();
    if (!/^[0-9]+$/.test(digits) || BigInt(digits) > 9223372036854775807n) return false; // strconv.Atoi error
    const unit = m[2]!.trim().toLowerCase();
    for (const variants of SCALA_UNITS) {
      const last = variants.length - 1;
      variants.forEach((variant, i) => {
        if ((i === last && unit.startsWith(variant)) || variant.toLowerCase() === unit) ok = true;
      });
    }
  }
  return ok;
}
