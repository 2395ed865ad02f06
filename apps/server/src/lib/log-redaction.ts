/** Query parameters whose values are credentials: a reset link's token, and any like it later. */
const SECRET_PARAMETERS = /([?&](?:token|code|secret|password|key)=)[^&#]*/gi;

/** A URL fit for a log line: a reset token in a request log would let anyone reading the logs take over the account. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETERS, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number | undefined } | null;
}

/** Fastify's request serializer, with secrets taken out of the URL. */
export function serializeRequestForLog(request: LoggedRequest): object {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
