/**
 * Dates, date-times and durations as kube-openapi's strfmt checks them (strfmt time.go, date.go, duration.go;
 * golang/go src/time/format.go Parse("2006-01-02")).
 */
import { parseStrfmtDuration } from "../../k8s/duration.js";

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

/** strfmt IsDuration: ParseDuration without an error. */
export function isDuration(str: string): boolean {
  return parseStrfmtDuration(str).error === undefined;
}
