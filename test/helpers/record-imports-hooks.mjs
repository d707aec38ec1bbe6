let port;
export function initialize(data) {
  port = data.port;
}
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  port.postMessage(r.url);
  return r;
}
