/**
 * CEL environments as the Kubernetes apiserver builds them for CRD x-kubernetes-validations rules
 * (kubernetes/apiserver pkg/cel/environment/base.go), per Kubernetes minor release 1.28..1.37.
 *
 * New CRD expressions are compiled with the "new expressions" environment of the server's
 * compatibility version, which is one minor below the server (crd-rules.md §12.1). A library is
 * available for a server at minor N when its introduced version <= N-1.
 *
 * The overload ids emitted by the checker are the cel-go / Kubernetes ids; `OVERLOAD_IDS` lists
 * them per function name (union over all releases) for the cost estimator.
 */
import type { CelType } from "./types.js";
import {
  AUTHORIZER_TYPE,
  BOOL,
  BYTES,
  CIDR_TYPE,
  collectTypeParams,
  DECISION_TYPE,
  DOUBLE,
  DURATION,
  DYN,
  FORMAT_TYPE,
  GROUP_CHECK_TYPE,
  INT,
  IP_TYPE,
  LIST_DYN,
  LIST_STRING,
  listOf,
  mapOf,
  NULL,
  optionalOf,
  PATH_CHECK_TYPE,
  QUANTITY_TYPE,
  RESOURCE_CHECK_TYPE,
  SEMVER_TYPE,
  STRING,
  TIMESTAMP,
  TYPE_TYPE,
  typeOf,
  typeParam,
  UINT,
  URL_TYPE,
} from "./typeutil.js";

export interface OverloadDecl {
  readonly id: string;
  /** Receiver-style (member) overload: args[0] is the receiver. */
  readonly member: boolean;
  readonly args: readonly CelType[];
  readonly result: CelType;
  /** Names of the type parameters used by args/result (empty for monomorphic overloads). */
  readonly typeParams: readonly string[];
}

export interface FunctionDecl {
  readonly name: string;
  readonly overloads: readonly OverloadDecl[];
}

/** Macro keys: `name:argCount:member` (member = "m", global = "g"). */
export type MacroKey = string;

export interface CelEnv {
  /** Kubernetes minor release of the server (e.g. 37 for 1.37). */
  readonly minor: number;
  /** Compatibility version minor used for new expressions (minor - 1). */
  readonly compat: number;
  readonly functions: ReadonlyMap<string, FunctionDecl>;
  /** Global identifiers (type names); rule variables are supplied separately to the checker. */
  readonly idents: ReadonlyMap<string, CelType>;
  readonly macros: ReadonlySet<MacroKey>;
  /** `.?`, `[?`, `{?k: v}`, `[?e]` syntax (cel.OptionalTypes). */
  readonly optionalSyntax: boolean;
  /** Cross-type numeric comparison overloads (cel.CrossTypeNumericComparisons). */
  readonly crossTypeNumericComparisons: boolean;
  /** AST validators for duration/timestamp/regex literals (1.29). */
  readonly literalValidators: boolean;
  /** cel.HomogeneousAggregateLiterals (an AST validator; always on in Kubernetes). */
  readonly homogeneousAggregateLiterals: boolean;
  /**
   * Schema fields named like CEL reserved words (`namespace`, ...) are stored escaped (`__namespace__`)
   * but may be selected by their plain name (DeclTypeProvider.SetRecognizeKeywordAsFieldName), 1.31.
   */
  readonly recognizeKeywordAsFieldName: boolean;
  /** Names of functions that exist in some supported release (for diagnostics/tests). */
  readonly libraries: ReadonlySet<string>;
}

// ---------------------------------------------------------------------------------------------
// Declaration helpers

const A = typeParam("A");
const B = typeParam("B");
const K = typeParam("K");
const V = typeParam("V");
const T = typeParam("T");
const LIST_A = listOf(A);
const MAP_AB = mapOf(A, B);

function ov(id: string, member: boolean, args: CelType[], result: CelType): OverloadDecl {
  const params = new Set<string>();
  for (const a of args) collectTypeParams(a, params);
  collectTypeParams(result, params);
  return Object.freeze({ id, member, args: Object.freeze(args), result, typeParams: Object.freeze([...params]) });
}
/** Global overload. */
function g(id: string, args: CelType[], result: CelType): OverloadDecl {
  return ov(id, false, args, result);
}
/** Member (receiver) overload; args[0] is the receiver type. */
function m(id: string, args: CelType[], result: CelType): OverloadDecl {
  return ov(id, true, args, result);
}

interface Lib {
  /** Function name → overloads contributed by this library. */
  fns: [string, OverloadDecl[]][];
  idents?: [string, CelType][];
  macros?: MacroKey[];
}

// ---------------------------------------------------------------------------------------------
// Standard library (cel-go common/stdlib/standard.go)

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

function stdLib(cross: boolean): Lib {
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

// ---------------------------------------------------------------------------------------------
// Kubernetes libraries (kubernetes/apiserver pkg/cel/library)

const COMPARABLE: [string, CelType][] = [
  ["int", INT],
  ["uint", UINT],
  ["double", DOUBLE],
  ["bool", BOOL],
  ["duration", DURATION],
  ["timestamp", TIMESTAMP],
  ["string", STRING],
  ["bytes", BYTES],
];
const SUMMABLE: [string, CelType][] = [
  ["int", INT],
  ["uint", UINT],
  ["double", DOUBLE],
  ["duration", DURATION],
];

function k8sListsLib(version: number): Lib {
  const fns: [string, OverloadDecl[]][] = [
    ["isSorted", COMPARABLE.map(([n, t]) => m(`list_${n}_is_sorted_bool`, [listOf(t)], BOOL))],
    ["sum", SUMMABLE.map(([n, t]) => m(`list_${n}_sum_${n}`, [listOf(t)], t))],
    ["max", COMPARABLE.map(([n, t]) => m(`list_${n}_max_${n}`, [listOf(t)], t))],
    ["min", COMPARABLE.map(([n, t]) => m(`list_${n}_min_${n}`, [listOf(t)], t))],
    ["indexOf", [m("list_a_index_of_int", [LIST_A, A], INT)]],
    ["lastIndexOf", [m("list_a_last_index_of_int", [LIST_A, A], INT)]],
  ];
  if (version >= 1) fns.push(["includes", [m("list_includes_dyn_dyn", [DYN, DYN], BOOL)]]);
  return { fns };
}

const regexLib: Lib = {
  fns: [
    ["find", [m("string_find_string", [STRING, STRING], STRING)]],
    [
      "findAll",
      [
        m("string_find_all_string", [STRING, STRING], LIST_STRING),
        m("string_find_all_string_int", [STRING, STRING, INT], LIST_STRING),
      ],
    ],
  ],
};

const urlsLib: Lib = {
  fns: [
    ["url", [g("string_to_url", [STRING], URL_TYPE)]],
    ["getScheme", [m("url_get_scheme", [URL_TYPE], STRING)]],
    ["getHost", [m("url_get_host", [URL_TYPE], STRING)]],
    ["getHostname", [m("url_get_hostname", [URL_TYPE], STRING)]],
    ["getPort", [m("url_get_port", [URL_TYPE], STRING)]],
    ["getEscapedPath", [m("url_get_escaped_path", [URL_TYPE], STRING)]],
    ["getQuery", [m("url_get_query", [URL_TYPE], mapOf(STRING, LIST_STRING))]],
    ["isURL", [g("is_url_string", [STRING], BOOL)]],
  ],
};

const authzLib: Lib = {
  fns: [
    ["path", [m("authorizer_path", [AUTHORIZER_TYPE, STRING], PATH_CHECK_TYPE)]],
    ["group", [m("authorizer_group", [AUTHORIZER_TYPE, STRING], GROUP_CHECK_TYPE)]],
    ["serviceAccount", [m("authorizer_serviceaccount", [AUTHORIZER_TYPE, STRING, STRING], AUTHORIZER_TYPE)]],
    ["resource", [m("groupcheck_resource", [GROUP_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
    ["subresource", [m("resourcecheck_subresource", [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
    ["namespace", [m("resourcecheck_namespace", [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
    ["name", [m("resourcecheck_name", [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
    [
      "check",
      [
        m("pathcheck_check", [PATH_CHECK_TYPE, STRING], DECISION_TYPE),
        m("resourcecheck_check", [RESOURCE_CHECK_TYPE, STRING], DECISION_TYPE),
      ],
    ],
    ["errored", [m("decision_errored", [DECISION_TYPE], BOOL)]],
    ["error", [m("decision_error", [DECISION_TYPE], STRING)]],
    ["allowed", [m("decision_allowed", [DECISION_TYPE], BOOL)]],
    ["reason", [m("decision_reason", [DECISION_TYPE], STRING)]],
  ],
};

const authzSelectorsLib: Lib = {
  fns: [
    ["fieldSelector", [m("resourcecheck_fieldselector", [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
    ["labelSelector", [m("resourcecheck_labelselector", [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
  ],
};

const quantityLib: Lib = {
  fns: [
    ["quantity", [g("string_to_quantity", [STRING], QUANTITY_TYPE)]],
    ["isQuantity", [g("is_quantity_string", [STRING], BOOL)]],
    // a member function in library/quantity.go (`quantity('1').sign()`)
    ["sign", [m("quantity_sign", [QUANTITY_TYPE], INT)]],
    ["isGreaterThan", [m("quantity_is_greater_than", [QUANTITY_TYPE, QUANTITY_TYPE], BOOL)]],
    ["isLessThan", [m("quantity_is_less_than", [QUANTITY_TYPE, QUANTITY_TYPE], BOOL)]],
    ["compareTo", [m("quantity_compare_to", [QUANTITY_TYPE, QUANTITY_TYPE], INT)]],
    ["asApproximateFloat", [m("quantity_get_float", [QUANTITY_TYPE], DOUBLE)]],
    ["asInteger", [m("quantity_get_int", [QUANTITY_TYPE], INT)]],
    ["isInteger", [m("quantity_is_integer", [QUANTITY_TYPE], BOOL)]],
    [
      "add",
      [
        m("quantity_add", [QUANTITY_TYPE, QUANTITY_TYPE], QUANTITY_TYPE),
        m("quantity_add_int", [QUANTITY_TYPE, INT], QUANTITY_TYPE),
      ],
    ],
    [
      "sub",
      [
        m("quantity_sub", [QUANTITY_TYPE, QUANTITY_TYPE], QUANTITY_TYPE),
        m("quantity_sub_int", [QUANTITY_TYPE, INT], QUANTITY_TYPE),
      ],
    ],
  ],
};

const ipLib: Lib = {
  fns: [
    ["ip", [g("string_to_ip", [STRING], IP_TYPE)]],
    ["family", [m("ip_family", [IP_TYPE], INT)]],
    ["ip.isCanonical", [g("ip_is_canonical", [STRING], BOOL)]],
    ["isUnspecified", [m("ip_is_unspecified", [IP_TYPE], BOOL)]],
    ["isLoopback", [m("ip_is_loopback", [IP_TYPE], BOOL)]],
    ["isLinkLocalMulticast", [m("ip_is_link_local_multicast", [IP_TYPE], BOOL)]],
    ["isLinkLocalUnicast", [m("ip_is_link_local_unicast", [IP_TYPE], BOOL)]],
    ["isGlobalUnicast", [m("ip_is_global_unicast", [IP_TYPE], BOOL)]],
    ["isIP", [g("is_ip", [STRING], BOOL)]],
    ["string", [g("ip_to_string", [IP_TYPE], STRING)]],
  ],
};

const cidrLib: Lib = {
  fns: [
    ["cidr", [g("string_to_cidr", [STRING], CIDR_TYPE)]],
    [
      "containsIP",
      [
        m("cidr_contains_ip_string", [CIDR_TYPE, STRING], BOOL),
        m("cidr_contains_ip_ip", [CIDR_TYPE, IP_TYPE], BOOL),
      ],
    ],
    [
      "containsCIDR",
      [
        m("cidr_contains_cidr_string", [CIDR_TYPE, STRING], BOOL),
        m("cidr_contains_cidr", [CIDR_TYPE, CIDR_TYPE], BOOL),
      ],
    ],
    ["ip", [m("cidr_ip", [CIDR_TYPE], IP_TYPE)]],
    ["prefixLength", [m("cidr_prefix_length", [CIDR_TYPE], INT)]],
    ["masked", [m("cidr_masked", [CIDR_TYPE], CIDR_TYPE)]],
    ["isCIDR", [g("is_cidr", [STRING], BOOL)]],
    ["string", [g("cidr_to_string", [CIDR_TYPE], STRING)]],
  ],
};

/** Named formats of the Kubernetes format library (`format.<name>()`). */
export const NAMED_FORMATS = [
  "dns1123Label",
  "dns1123Subdomain",
  "dns1035Label",
  "qualifiedName",
  "dns1123LabelPrefix",
  "dns1123SubdomainPrefix",
  "dns1035LabelPrefix",
  "labelValue",
  "uri",
  "uuid",
  "byte",
  "date",
  "datetime",
] as const;

const formatLib: Lib = {
  fns: [
    ["validate", [m("format-validate", [FORMAT_TYPE, STRING], optionalOf(LIST_STRING))]],
    ["format.named", [g("format-named", [STRING], optionalOf(FORMAT_TYPE))]],
    ...NAMED_FORMATS.map((n): [string, OverloadDecl[]] => [`format.${n}`, [g(`format.${n}`, [], FORMAT_TYPE)]]),
  ],
};

function semverLib(version: number): Lib {
  const semver = [g("string_to_semver", [STRING], SEMVER_TYPE)];
  const isSemver = [g("is_semver_string", [STRING], BOOL)];
  if (version >= 1) {
    semver.push(g("string_bool_to_semver", [STRING, BOOL], SEMVER_TYPE));
    isSemver.push(g("is_semver_string_bool", [STRING, BOOL], BOOL));
  }
  return {
    fns: [
      ["semver", semver],
      ["isSemver", isSemver],
      ["isGreaterThan", [m("semver_is_greater_than", [SEMVER_TYPE, SEMVER_TYPE], BOOL)]],
      ["isLessThan", [m("semver_is_less_than", [SEMVER_TYPE, SEMVER_TYPE], BOOL)]],
      ["compareTo", [m("semver_compare_to", [SEMVER_TYPE, SEMVER_TYPE], INT)]],
      ["major", [m("semver_major", [SEMVER_TYPE], INT)]],
      ["minor", [m("semver_minor", [SEMVER_TYPE], INT)]],
      ["patch", [m("semver_patch", [SEMVER_TYPE], INT)]],
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// cel-go libraries enabled by Kubernetes

/** cel.OptionalTypes() (latest version: optMap and optFlatMap). */
const optionalLib: Lib = {
  fns: [
    ["optional.of", [g("optional_of", [V], optionalOf(V))]],
    ["optional.ofNonZeroValue", [g("optional_ofNonZeroValue", [V], optionalOf(V))]],
    ["optional.none", [g("optional_none", [], optionalOf(V))]],
    ["value", [m("optional_value", [optionalOf(V)], V)]],
    ["hasValue", [m("optional_hasValue", [optionalOf(V)], BOOL)]],
    ["or", [m("optional_or_optional", [optionalOf(V), optionalOf(V)], optionalOf(V))]],
    ["orValue", [m("optional_orValue_value", [optionalOf(V), V], V)]],
    ["_?._", [g("select_optional_field", [DYN, STRING], optionalOf(V))]],
    [
      "_[?_]",
      [
        g("list_optindex_optional_int", [listOf(V), INT], optionalOf(V)),
        g("optional_list_optindex_optional_int", [optionalOf(listOf(V)), INT], optionalOf(V)),
        g("map_optindex_optional_value", [mapOf(K, V), K], optionalOf(V)),
        g("optional_map_optindex_optional_value", [optionalOf(mapOf(K, V)), K], optionalOf(V)),
      ],
    ],
    [
      "_[_]",
      [
        g("optional_list_index_int", [optionalOf(listOf(V)), INT], optionalOf(V)),
        g("optional_map_index_value", [optionalOf(mapOf(K, V)), K], optionalOf(V)),
      ],
    ],
  ],
  idents: [["optional_type", typeOf(optionalOf(V))]],
  macros: ["optMap:2:m", "optFlatMap:2:m"],
};

/** ext.Strings(version). */
function stringsLib(version: number): Lib {
  const fns: [string, OverloadDecl[]][] = [
    ["charAt", [m("string_char_at_int", [STRING, INT], STRING)]],
    [
      "indexOf",
      [
        m("string_index_of_string", [STRING, STRING], INT),
        m("string_index_of_string_int", [STRING, STRING, INT], INT),
      ],
    ],
    [
      "lastIndexOf",
      [
        m("string_last_index_of_string", [STRING, STRING], INT),
        m("string_last_index_of_string_int", [STRING, STRING, INT], INT),
      ],
    ],
    ["lowerAscii", [m("string_lower_ascii", [STRING], STRING)]],
    [
      "replace",
      [
        m("string_replace_string_string", [STRING, STRING, STRING], STRING),
        m("string_replace_string_string_int", [STRING, STRING, STRING, INT], STRING),
      ],
    ],
    [
      "split",
      [
        m("string_split_string", [STRING, STRING], LIST_STRING),
        m("string_split_string_int", [STRING, STRING, INT], LIST_STRING),
      ],
    ],
    [
      "substring",
      [m("string_substring_int", [STRING, INT], STRING), m("string_substring_int_int", [STRING, INT, INT], STRING)],
    ],
    ["trim", [m("string_trim", [STRING], STRING)]],
    ["upperAscii", [m("string_upper_ascii", [STRING], STRING)]],
  ];
  if (version >= 1) {
    fns.push(["format", [m("string_format", [STRING, LIST_DYN], STRING)]]);
    fns.push(["strings.quote", [g("strings_quote", [STRING], STRING)]]);
  }
  fns.push([
    "join",
    [m("list_join", [LIST_STRING], STRING), m("list_join_string", [LIST_STRING, STRING], STRING)],
  ]);
  if (version >= 3) fns.push(["reverse", [m("string_reverse", [STRING], STRING)]]);
  return { fns };
}

/** ext.Sets(). */
const setsLib: Lib = {
  fns: [
    ["sets.contains", [g("list_sets_contains_list", [listOf(T), listOf(T)], BOOL)]],
    ["sets.equivalent", [g("list_sets_equivalent_list", [listOf(T), listOf(T)], BOOL)]],
    ["sets.intersects", [g("list_sets_intersects_list", [listOf(T), listOf(T)], BOOL)]],
  ],
};

/** ext.TwoVarComprehensions(). */
const twoVarLib: Lib = {
  fns: [
    [
      "cel.@mapInsert",
      [
        g("@mapInsert_map_key_value", [mapOf(K, V), K, V], mapOf(K, V)),
        g("@mapInsert_map_map", [mapOf(K, V), mapOf(K, V)], mapOf(K, V)),
      ],
    ],
  ],
  macros: [
    "all:3:m",
    "exists:3:m",
    "existsOne:3:m",
    "exists_one:3:m",
    "transformList:3:m",
    "transformList:4:m",
    "transformMap:3:m",
    "transformMap:4:m",
    "transformMapEntry:3:m",
    "transformMapEntry:4:m",
  ],
};

const EXT_COMPARABLE: [string, CelType][] = [
  ["int", INT],
  ["uint", UINT],
  ["double", DOUBLE],
  ["bool", BOOL],
  ["google.protobuf.Duration", DURATION],
  ["google.protobuf.Timestamp", TIMESTAMP],
  ["string", STRING],
  ["bytes", BYTES],
];

/** ext.Lists(version). */
function extListsLib(version: number): Lib {
  const fns: [string, OverloadDecl[]][] = [["slice", [m("list_slice", [listOf(T), INT, INT], listOf(T))]]];
  const macros: MacroKey[] = [];
  if (version >= 1) {
    fns.push([
      "flatten",
      [m("list_flatten", [listOf(listOf(T))], listOf(T)), m("list_flatten_int", [LIST_DYN, INT], LIST_DYN)],
    ]);
  }
  if (version >= 2) {
    fns.push(["sort", EXT_COMPARABLE.map(([n, t]) => m(`list_${n}_sort`, [listOf(t)], listOf(t)))]);
    fns.push([
      "@sortByAssociatedKeys",
      EXT_COMPARABLE.map(([n, t]) => m(`list_${n}_sortByAssociatedKeys`, [listOf(T), listOf(t)], listOf(T))),
    ]);
    fns.push(["lists.range", [g("lists_range", [INT], listOf(INT))]]);
    fns.push(["reverse", [m("list_reverse", [listOf(T)], listOf(T))]]);
    fns.push(["distinct", [m("list_distinct", [listOf(T)], listOf(T))]]);
    macros.push("sortBy:2:m");
  }
  return { fns, macros };
}

/** ext.Bindings() — not part of the Kubernetes environment; available for tests/other embedders. */
export const BINDINGS_MACROS: readonly MacroKey[] = ["bind:3:m"];

// ---------------------------------------------------------------------------------------------
// Environment assembly

/** The compatibility version (minor) used to compile new CRD expressions on a server at `minor`. */
export function compatibilityVersion(minor: number): number {
  return minor - 1;
}

/** Libraries in registration order, with the compatibility version that introduces them (base.go). */
function librariesFor(compat: number, minor: number): Lib[] {
  const libs: Lib[] = [];
  const cross = compat >= 28;
  libs.push(stdLib(cross));
  libs.push(urlsLib, regexLib, k8sListsLib(compat >= 37 ? 1 : 0));
  if (compat >= 27) libs.push(authzLib);
  if (compat >= 28) libs.push(optionalLib, quantityLib);
  libs.push(stringsLib(compat >= 29 ? 2 : 0));
  if (compat >= 29) libs.push(setsLib);
  if (compat >= 30) libs.push(ipLib, cidrLib);
  if (compat >= 31) libs.push(formatLib);
  // Authz selectors: introduced 1.31 behind the AuthorizeWithSelectors gate (on by default from 1.32).
  if (compat >= 31 && minor >= 32) libs.push(authzSelectorsLib);
  if (compat >= 32) libs.push(twoVarLib);
  if (compat >= 33) libs.push(semverLib(1));
  if (compat >= 34) libs.push(extListsLib(3));
  return libs;
}

function buildEnv(minor: number): CelEnv {
  const compat = compatibilityVersion(minor);
  return assemble(librariesFor(compat, minor), {
    homogeneousAggregateLiterals: true,
    minor,
    compat,
    existsOneMacro: minor >= 32,
    optionalSyntax: compat >= 28,
    crossTypeNumericComparisons: compat >= 28,
    literalValidators: compat >= 29,
    recognizeKeywordAsFieldName: compat >= 31,
  });
}

interface EnvFlags {
  homogeneousAggregateLiterals: boolean;
  minor: number;
  compat: number;
  existsOneMacro: boolean;
  optionalSyntax: boolean;
  crossTypeNumericComparisons: boolean;
  literalValidators: boolean;
  recognizeKeywordAsFieldName: boolean;
}

function assemble(libs: Lib[], flags: EnvFlags): CelEnv {
  const functions = new Map<string, { name: string; overloads: OverloadDecl[] }>();
  const idents = new Map<string, CelType>();
  const macros = new Set<MacroKey>();
  for (const lib of libs) {
    for (const [name, overloads] of lib.fns) {
      let fn = functions.get(name);
      if (!fn) {
        fn = { name, overloads: [] };
        functions.set(name, fn);
      }
      for (const o of overloads) if (!fn.overloads.some((x) => x.id === o.id)) fn.overloads.push(o);
    }
    for (const [name, t] of lib.idents ?? []) idents.set(name, t);
    for (const mk of lib.macros ?? []) macros.add(mk);
  }
  // cel-go v0.22+ (Kubernetes 1.32+) also registers the `existsOne` spelling of exists_one.
  if (flags.existsOneMacro) macros.add("existsOne:2:m");
  const frozen = new Map<string, FunctionDecl>();
  for (const [k, v] of functions) frozen.set(k, Object.freeze({ name: v.name, overloads: Object.freeze(v.overloads) }));
  return Object.freeze({
    minor: flags.minor,
    compat: flags.compat,
    functions: frozen,
    idents,
    macros,
    optionalSyntax: flags.optionalSyntax,
    crossTypeNumericComparisons: flags.crossTypeNumericComparisons,
    literalValidators: flags.literalValidators,
    homogeneousAggregateLiterals: flags.homogeneousAggregateLiterals,
    recognizeKeywordAsFieldName: flags.recognizeKeywordAsFieldName,
    libraries: new Set(frozen.keys()),
  });
}

/** A plain cel-go environment (standard library, optionally optional types and two-variable comprehensions). */
export function standardCelEnvironment(
  options: {
    crossTypeNumericComparisons?: boolean;
    optionalTypes?: boolean;
    twoVarComprehensions?: boolean;
    bindings?: boolean;
    /** ext.Strings at this version. */
    strings?: number;
    homogeneousAggregateLiterals?: boolean;
    /** Additional function overloads (merged by name) and identifiers. */
    functions?: Iterable<[string, OverloadDecl[]]>;
    idents?: Iterable<[string, CelType]>;
  } = {},
): CelEnv {
  const libs: Lib[] = [stdLib(options.crossTypeNumericComparisons === true)];
  if (options.optionalTypes) libs.push(optionalLib);
  if (options.twoVarComprehensions) libs.push(twoVarLib);
  if (options.bindings) libs.push({ fns: [], macros: [...BINDINGS_MACROS] });
  if (options.strings !== undefined) libs.push(stringsLib(options.strings));
  libs.push({ fns: [...(options.functions ?? [])], idents: [...(options.idents ?? [])] });
  return assemble(libs, {
    homogeneousAggregateLiterals: options.homogeneousAggregateLiterals === true,
    minor: 0,
    compat: 0,
    existsOneMacro: true,
    optionalSyntax: options.optionalTypes === true,
    crossTypeNumericComparisons: options.crossTypeNumericComparisons === true,
    literalValidators: false,
    recognizeKeywordAsFieldName: false,
  });
}

/** An overload declaration (for standardCelEnvironment / tests). */
export function overload(id: string, member: boolean, args: CelType[], result: CelType): OverloadDecl {
  return ov(id, member, args, result);
}

const envCache = new Map<number, CelEnv>();

/** The CRD-rule CEL environment of a Kubernetes 1.`minor` server (cached; immutable). */
export function celEnvironment(minor: number): CelEnv {
  let env = envCache.get(minor);
  if (!env) {
    env = buildEnv(minor);
    envCache.set(minor, env);
  }
  return env;
}

/** Overload ids the checker can emit, per function name, over all supported releases (1.28..1.38). */
export const OVERLOAD_IDS: Readonly<Record<string, readonly string[]>> = (() => {
  const out: Record<string, string[]> = {};
  const all = librariesFor(40, 40);
  for (const lib of all) {
    for (const [name, overloads] of lib.fns) {
      const list = (out[name] ??= []);
      for (const o of overloads) if (!list.includes(o.id)) list.push(o.id);
    }
  }
  for (const k of Object.keys(out)) Object.freeze(out[k]);
  return Object.freeze(out);
})();
