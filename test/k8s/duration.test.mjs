// Go's time.ParseDuration, shared by CEL duration literals and the `duration` format.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseGoDuration } from "../../dist/k8s/duration.js";

test("parseGoDuration accepts what Go accepts, in nanoseconds", () => {
  const ok = {
    0: 0n,
    "1h2m3s4ms": 3723004000000n,
    ".5s": 500000000n,
    "1.5h": 5400000000000n,
    "-1s": -1000000000n,
    "+2us": 2000n,
    "3µs": 3000n,
    "9223372036854775807ns": 9223372036854775807n,
    "-9223372036854775808ns": -9223372036854775808n,
  };
  for (const [s, ns] of Object.entries(ok)) assert.equal(parseGoDuration(s), ns, s);
});

test("parseGoDuration rejects what Go rejects", () => {
  for (const s of ["", "1", "1x", "s", ".s", "1.h.", "9223372036854775808ns", "2562048h", "--1s"])
    assert.equal(parseGoDuration(s), null, s);
});
