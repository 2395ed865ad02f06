// autocannon as the load generator. Latencies are collected from its per-response events, in
// fractions of a millisecond: its own histogram keeps whole milliseconds, too coarse for a bare
// route that answers in a fraction of one.
import autocannon from 'autocannon';

function percentile(sorted, fraction) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/**
 * Load on one URL for `seconds`: as fast as `connections` allow, or at `rate` requests/s in
 * total. Resolves with requests/s and the latency of the 2xx answers (ms); any non-2xx answer
 * or connection error fails the run, since a fast error page is not a result.
 */
export async function load({ url, headers = {}, connections = 10, seconds, rate }) {
  const latencies = [];
  const instance = autocannon({
    url,
    headers,
    connections,
    duration: seconds,
    ...(rate === undefined ? {} : { overallRate: rate }),
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts under load`,
    );
  }
  latencies.sort((a, b) => a - b);
  const mean = latencies.reduce((sum, value) => sum + value, 0) / latencies.length;
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / result.duration,
    meanMs: mean,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
}
