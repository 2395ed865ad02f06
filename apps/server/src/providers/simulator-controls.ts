import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The test switches of a built-in simulator (payments, payouts) over HTTP, for the admin only:
 * anyone else could break every checkout or payout on a shared staging server. `GET {base}/controls`
 * reads them, `POST` changes the fields it names, `POST {base}/controls/reset` restores the start,
 * and `POST {base}/run-due` does what is due now, for scripts on a real clock that cannot wait
 * for the next tick. The switches live in the process that served the request.
 */
export function registerSimulatorControls<Controls>(
  app: FastifyInstance,
  options: {
    base: string;
    /** Throws unless the request may change the switches. */
    authorize: (request: FastifyRequest) => Promise<unknown>;
    current: () => Controls;
    /** Applies the known, well-typed fields of a request body; answers the switches after. */
    change: (body: unknown) => Controls;
    reset: () => Controls;
    runDue: () => Promise<unknown>;
  },
): void {
  app.get(`${options.base}/controls`, async (request) => {
    await options.authorize(request);
    return options.current();
  });
  app.post(`${options.base}/controls`, async (request) => {
    await options.authorize(request);
    return options.change(request.body);
  });
  app.post(`${options.base}/controls/reset`, async (request) => {
    await options.authorize(request);
    return options.reset();
  });
  app.post(`${options.base}/run-due`, async (request) => {
    await options.authorize(request);
    return options.runDue();
  });
}
