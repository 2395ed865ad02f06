import type { FastifyInstance } from 'fastify';
import type { Transport } from './cashfree-gateway.js';

/**
 * HTTP to this same server, for the built-in simulator: the Cashfree adapter calls the
 * simulator, and the simulator posts webhooks to us, over a real socket once the server
 * listens. Before that (tests that only use app.inject) the request is injected instead,
 * through the same routing, hooks and parsers.
 */
export function selfTransport(app: FastifyInstance): Transport {
  return async (url, init) => {
    const target = new URL(url, 'http://self.invalid');
    const pathAndQuery = `${target.pathname}${target.search}`;
    const address = app.server.listening ? app.server.address() : null;
    if (address !== null && typeof address === 'object') {
      const host =
        address.family === 'IPv6'
          ? address.address === '::'
            ? '[::1]'
            : `[${address.address}]`
          : address.address === '0.0.0.0'
            ? '127.0.0.1'
            : address.address;
      return fetch(`http://${host}:${address.port}${pathAndQuery}`, init);
    }
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const injected = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: pathAndQuery,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(injected.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [String(value)]) responseHeaders.append(name, one);
    }
    const empty = injected.statusCode === 204 || injected.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(injected.rawPayload), {
      status: injected.statusCode,
      headers: responseHeaders,
    });
  };
}
