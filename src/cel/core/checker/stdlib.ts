/** The CEL standard library declarations (cel-go common/stdlib/standard.go). */
import type { CelType } from "../types.js";
import {
  BOOL,
  BYTES,
  DOUBLE,
  DURATION,
  DYN,
  INT,
  NULL,
  STRING,
  TIMESTAMP,
  TYPE_TYPE,
  typeOf,
  UINT,
} from "../typeutil.js";
import { A, B, LIST_A, MAP_AB, g, m, type OverloadDecl, type Lib } from "./decls.js";

function comparisonOverloads(prefix: string, cross: boolean): OverloadDecl[] {
  const out: OverloadDecl[] = [];
  const add = (suffix: string, l: CelType, r: CelType, isCross: boolean) => {
    if (isCross && !cross) return;
    out.push(g(`${prefix}_${suffix}`, [l, r], BOOL));
  };
  add("bool", BOOL, BOOL, false);
  add("int64", INT, INT, false);
  add("int64_double", INT, DOUBLE, true);
  add("int64_uint64", INT, UINT, true);
  add("uint64", UINT, UINT, false);
  add("uint64_double", UINT, DOUBLE, true);
  add("uint64_int64", UINT, INT, true);
  add("double", DOUBLE, DOUBLE, false);
  add("double_int64", DOUBLE, INT, true);
  add("double_uint64", DOUBLE, UINT, true);
  add("string", STRING, STRING, false);
  add("bytes", BYTES, BYTES, false);
  add("timestamp", TIMESTAMP, TIMESTAMP, false);
  add("duration", DURATION, DURATION, false);
  return out;
}

function timeAccessor(name: string, ts: string, tsTz: string, dur?: string): [string, OverloadDecl[]] {
  const o = [m(ts, [TIMESTAMP], INT), m(tsTz, [TIMESTAMP, STRING], INT)];
  if (dur) o.push(m(dur, [DURATION], INT));
  return [name, o];
}

export function stdLib(cross: boolean): Lib {
  return {
    fns: [
      ["_?_:_", [g("conditional", [BOOL, A, A], A)]],
      ["_&&_", [g("logical_and", [BOOL, BOOL], BOOL)]],
      ["_||_", [g("logical_or", [BOOL, BOOL], BOOL)]],
      ["!_", [g("logical_not", [BOOL], BOOL)]],
      ["@not_strictly_false", [g("not_strictly_false", [BOOL], BOOL)]],
      ["_==_", [g("equals", [A, A], BOOL)]],
      ["_!=_", [g("not_equals", [A, A], BOOL)]],
      [
        "_+_",
        [
          g("add_bytes", [BYTES, BYTES], BYTES),
          g("add_double", [DOUBLE, DOUBLE], DOUBLE),
          g("add_duration_duration", [DURATION, DURATION], DURATION),
          g("add_duration_timestamp", [DURATION, TIMESTAMP], TIMESTAMP),
          g("add_timestamp_duration", [TIMESTAMP, DURATION], TIMESTAMP),
          g("add_int64", [INT, INT], INT),
          g("add_list", [LIST_A, LIST_A], LIST_A),
          g("add_string", [STRING, STRING], STRING),
          g("add_uint64", [UINT, UINT], UINT),
        ],
      ],
      [
        "_/_",
        [
          g("divide_double", [DOUBLE, DOUBLE], DOUBLE),
          g("divide_int64", [INT, INT], INT),
          g("divide_uint64", [UINT, UINT], UINT),
        ],
      ],
      ["_%_", [g("modulo_int64", [INT, INT], INT), g("modulo_uint64", [UINT, UINT], UINT)]],
      [
        "_*_",
        [
          g("multiply_double", [DOUBLE, DOUBLE], DOUBLE),
          g("multiply_int64", [INT, INT], INT),
          g("multiply_uint64", [UINT, UINT], UINT),
        ],
      ],
      ["-_", [g("negate_double", [DOUBLE], DOUBLE), g("negate_int64", [INT], INT)]],
      [
        "_-_",
        [
          g("subtract_double", [DOUBLE, DOUBLE], DOUBLE),
          g("subtract_duration_duration", [DURATION, DURATION], DURATION),
          g("subtract_int64", [INT, INT], INT),
          g("subtract_timestamp_duration", [TIMESTAMP, DURATION], TIMESTAMP),
          g("subtract_timestamp_timestamp", [TIMESTAMP, TIMESTAMP], DURATION),
          g("subtract_uint64", [UINT, UINT], UINT),
        ],
      ],
      ["_<_", comparisonOverloads("less", cross)],
      ["_<=_", comparisonOverloads("less_equals", cross)],
      ["_>_", comparisonOverloads("greater", cross)],
      ["_>=_", comparisonOverloads("greater_equals", cross)],
      ["_[_]", [g("index_list", [LIST_A, INT], A), g("index_map", [MAP_AB, A], B)]],
      ["@in", [g("in_list", [A, LIST_A], BOOL), g("in_map", [A, MAP_AB], BOOL)]],
      [
        "size",
        [
          g("size_bytes", [BYTES], INT),
          m("bytes_size", [BYTES], INT),
          g("size_list", [LIST_A], INT),
          m("list_size", [LIST_A], INT),
          g("size_map", [MAP_AB], INT),
          m("map_size", [MAP_AB], INT),
          g("size_string", [STRING], INT),
          m("string_size", [STRING], INT),
        ],
      ],
      ["type", [g("type", [A], typeOf(A))]],
      ["bool", [g("bool_to_bool", [BOOL], BOOL), g("string_to_bool", [STRING], BOOL)]],
      ["bytes", [g("bytes_to_bytes", [BYTES], BYTES), g("string_to_bytes", [STRING], BYTES)]],
      [
        "double",
        [
          g("double_to_double", [DOUBLE], DOUBLE),
          g("int64_to_double", [INT], DOUBLE),
          g("string_to_double", [STRING], DOUBLE),
          g("uint64_to_double", [UINT], DOUBLE),
        ],
      ],
      [
        "duration",
        [
          g("duration_to_duration", [DURATION], DURATION),
          g("int64_to_duration", [INT], DURATION),
          g("string_to_duration", [STRING], DURATION),
        ],
      ],
      ["dyn", [g("to_dyn", [A], DYN)]],
      [
        "int",
        [
          g("int64_to_int64", [INT], INT),
          g("double_to_int64", [DOUBLE], INT),
          g("duration_to_int64", [DURATION], INT),
          g("string_to_int64", [STRING], INT),
          g("timestamp_to_int64", [TIMESTAMP], INT),
          g("uint64_to_int64", [UINT], INT),
        ],
      ],
      [
        "string",
        [
          g("string_to_string", [STRING], STRING),
          g("bool_to_string", [BOOL], STRING),
          g("bytes_to_string", [BYTES], STRING),
          g("double_to_string", [DOUBLE], STRING),
          g("duration_to_string", [DURATION], STRING),
          g("int64_to_string", [INT], STRING),
          g("timestamp_to_string", [TIMESTAMP], STRING),
          g("uint64_to_string", [UINT], STRING),
        ],
      ],
      [
        "timestamp",
        [
          g("timestamp_to_timestamp", [TIMESTAMP], TIMESTAMP),
          g("int64_to_timestamp", [INT], TIMESTAMP),
          g("string_to_timestamp", [STRING], TIMESTAMP),
        ],
      ],
      [
        "uint",
        [
          g("uint64_to_uint64", [UINT], UINT),
          g("double_to_uint64", [DOUBLE], UINT),
          g("int64_to_uint64", [INT], UINT),
          g("string_to_uint64", [STRING], UINT),
        ],
      ],
      ["contains", [m("contains_string", [STRING, STRING], BOOL)]],
      ["endsWith", [m("ends_with_string", [STRING, STRING], BOOL)]],
      ["startsWith", [m("starts_with_string", [STRING, STRING], BOOL)]],
      ["matches", [g("matches", [STRING, STRING], BOOL), m("matches_string", [STRING, STRING], BOOL)]],
      timeAccessor("getFullYear", "timestamp_to_year", "timestamp_to_year_with_tz"),
      timeAccessor("getMonth", "timestamp_to_month", "timestamp_to_month_with_tz"),
      timeAccessor("getDayOfYear", "timestamp_to_day_of_year", "timestamp_to_day_of_year_with_tz"),
      timeAccessor("getDayOfMonth", "timestamp_to_day_of_month", "timestamp_to_day_of_month_with_tz"),
      timeAccessor("getDate", "timestamp_to_day_of_month_1_based", "timestamp_to_day_of_month_1_based_with_tz"),
      timeAccessor("getDayOfWeek", "timestamp_to_day_of_week", "timestamp_to_day_of_week_with_tz"),
      timeAccessor("getHours", "timestamp_to_hours", "timestamp_to_hours_with_tz", "duration_to_hours"),
      timeAccessor("getMinutes", "timestamp_to_minutes", "timestamp_to_minutes_with_tz", "duration_to_minutes"),
      timeAccessor("getSeconds", "timestamp_to_seconds", "timestamp_to_seconds_with_tz", "duration_to_seconds"),
      timeAccessor(
        "getMilliseconds",
        "timestamp_to_milliseconds",
        "timestamp_to_milliseconds_with_tz",
        "duration_to_milliseconds",
      ),
    ],
    idents: [
      ["bool", typeOf(BOOL)],
      ["bytes", typeOf(BYTES)],
      ["double", typeOf(DOUBLE)],
      ["google.protobuf.Duration", typeOf(DURATION)],
      ["int", typeOf(INT)],
      ["list", typeOf(LIST_A)],
      ["map", typeOf(MAP_AB)],
      ["null_type", typeOf(NULL)],
      ["string", typeOf(STRING)],
      ["google.protobuf.Timestamp", typeOf(TIMESTAMP)],
      ["type", typeOf(TYPE_TYPE)],
      ["uint", typeOf(UINT)],
    ],
    macros: ["has:1:g", "all:2:m", "exists:2:m", "exists_one:2:m", "map:2:m", "map:3:m", "filter:2:m"],
  };
}
