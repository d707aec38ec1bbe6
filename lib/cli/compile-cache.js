/**
 * Runs the CLI bundle (dist/bin/crdlint.cjs) as a script compiled with V8's code cache, so that a run after the
 * first one skips parsing and compiling about 1.5 MB of JavaScript (a third of a one-file lint's time). Node 20 has
 * no compile cache of its own (module.enableCompileCache() arrived in Node 22.1, for files the module loader
 * reads); this does for one script what that does, on every Node version crdlint supports.
 *
 * The cache lives in <tmpdir>/crdlint-compile-cache-<uid>/ (where Node keeps its own compile cache), one file per
 * bundle build and Node version, whose key is checked on reading; V8 checks its version and flags itself and
 * rejects data that does not fit. NODE_DISABLE_COMPILE_CACHE=1 (Node's switch) or CRDLINT_NO_COMPILE_CACHE=1 turn
 * it off; CRDLINT_COMPILE_CACHE_DIR moves it. Any failure to read or write it only costs speed.
 *
 * The launcher also sets V8's tier-up flags here (tuneTierUp), before the bundle is compiled.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
/** FNV-1a, twice with different seeds: a cache file name, not a security boundary (the full key is checked). */
function hash(text) {
    let a = 0x811c9dc5;
    let b = 0x01000193 ^ 0x5bd1e995;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        a = Math.imul(a ^ c, 0x01000193) >>> 0;
        b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
    }
    return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}
function cacheDir(env) {
    if (env.NODE_DISABLE_COMPILE_CACHE || env.CRDLINT_NO_COMPILE_CACHE)
        return null;
    if (env.CRDLINT_COMPILE_CACHE_DIR)
        return env.CRDLINT_COMPILE_CACHE_DIR;
    return join(tmpdir(), `crdlint-compile-cache-${process.getuid?.() ?? "user"}`);
}
/**
 * The cache file: a header (UTF-8, length-prefixed: the key and the SHA-1 of the data), then V8's cached data.
 * The digest matters: V8 does not checksum cached data in release builds, and damaged bytecode would run.
 */
function readCache(path, key) {
    let buf;
    try {
        buf = readFileSync(path);
    }
    catch {
        return undefined;
    }
    if (buf.length < 4)
        return undefined;
    const headerLength = buf.readUInt32LE(0);
    if (buf.length < 4 + headerLength)
        return undefined;
    const data = buf.subarray(4 + headerLength);
    return buf.toString("utf8", 4, 4 + headerLength) === header(key, data) ? data : undefined;
}
function header(key, data) {
    return `${key}\n${createHash("sha1").update(data).digest("hex")}`;
}
function writeCache(path, key, data) {
    const keyBytes = Buffer.from(header(key, data), "utf8");
    const head = Buffer.alloc(4);
    head.writeUInt32LE(keyBytes.length, 0);
    const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
        // Not recursive: Node's recursive mkdir never returns under /proc, and the default's parent (tmpdir) exists.
        if (!existsSync(dirname(path)))
            mkdirSync(dirname(path), { mode: 0o700 });
        writeFileSync(tmp, Buffer.concat([head, keyBytes, data]), { mode: 0o600 });
        // Atomic: a concurrent run reads the old file or the new one, never half of one.
        renameSync(tmp, path);
    }
    catch {
        try {
            rmSync(tmp, { force: true });
        }
        catch {
            // No temporary file where the directory cannot be: nothing to remove.
        }
    }
}
function cacheFileExists(path) {
    try {
        return statSync(path).isFile();
    }
    catch {
        return false;
    }
}
/** Compiles and runs a CommonJS bundle, with the code cache when there is one; returns its exports. */
export function loadBundle(file, env = process.env) {
    const source = readFileSync(file, "utf8");
    const st = statSync(file);
    const dir = cacheDir(env);
    const key = JSON.stringify([file, st.size, st.mtimeMs, process.version, process.arch, process.execArgv]);
    const cachePath = dir ? join(dir, `${hash(key)}.cache`) : null;
    const cachedData = cachePath ? readCache(cachePath, key) : undefined;
    const wrapper = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
    const script = new vm.Script(wrapper, { filename: file, cachedData });
    // A damaged file (its digest differs) counts as rejected: it is rewritten like one V8 refuses.
    const cacheState = !cachePath
        ? "off"
        : !cachedData
            ? cacheFileExists(cachePath)
                ? "rejected"
                : "miss"
            : script.cachedDataRejected
                ? "rejected"
                : "hit";
    const module = { exports: {} };
    script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
    return {
        exports: module.exports,
        cacheState,
        saveCache() {
            if (cachePath && cacheState !== "hit")
                writeCache(cachePath, key, script.createCachedData());
        },
    };
}
/**
 * V8's flags that make a function wait longer before TurboFan optimizes it, by V8 major version (the flag's name
 * changed in V8 12; a flag V8 does not know prints an error, so only versions checked to have it are listed).
 *
 * Why: V8's defaults suit a page that runs for minutes. A lint runs for seconds over code that meets new shapes
 * file after file, so TurboFan compiled functions before they had seen enough, and compiled them again after each
 * deoptimization: linting the 509 corpus CRDs on Node 20, 418 functions were compiled 593 times, the recompiles
 * 1.28 of the 2.70 s of compiling (--trace-opt), on V8's threads, which take 2 of the run's 5 CPU s. Waiting about six
 * times longer cut the run's CPU by 12% on Node 20 (4.35 s against 4.92, median of 6 alternating rounds) and 15% on
 * Node 22 (4.22 against 4.96), with the same wall time; a one-file lint was no slower and the 2.7 MiB Workflow CRD
 * 15% faster. Node 24 (V8 13) was the same within noise, with or without.
 */
const TIER_UP_FLAGS = {
    "11": "--interrupt-budget=400000",
    "12": "--invocation-count-for-turbofan=12000",
    "13": "--invocation-count-for-turbofan=12000",
};
/**
 * The flags above for this Node, unless the user set the flag (node's options or NODE_OPTIONS) or CRDLINT_V8_DEFAULTS=1
 * asks for V8's defaults.
 */
export function tierUpFlags(env, execArgv, v8Version) {
    const flags = TIER_UP_FLAGS[v8Version.split(".")[0]];
    if (!flags || env.CRDLINT_V8_DEFAULTS === "1")
        return undefined;
    const name = flags.slice(0, flags.indexOf("="));
    // V8 reads --interrupt-budget and --interrupt_budget alike, with its value after `=` or a space.
    const mentions = (text) => text.replace(/_/g, "-").split(/[\s=]/).includes(name);
    return execArgv.some(mentions) || mentions(env.NODE_OPTIONS ?? "") ? undefined : flags;
}
/** Sets tierUpFlags for this process (its lint threads too), before the bundle is compiled; returns them, if any. */
export function tuneTierUp(env = process.env) {
    const flags = tierUpFlags(env, process.execArgv, process.versions.v8);
    if (flags)
        v8.setFlagsFromString(flags);
    return flags;
}
