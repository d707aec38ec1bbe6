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
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
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
