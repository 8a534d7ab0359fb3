import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How the express-gateway plugin finds the handler this process built. A global symbol,
 * not a module variable: the plugin file is loaded by express-gateway's own require and may
 * see another copy of this module (e.g. compiled dist/ beside TypeScript under jest).
 */
export type ApiHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const KEY = Symbol.for('parley.gateway.apiHandler');
type Holder = { [KEY]?: ApiHandler };

export function setApiHandler(handler: ApiHandler | undefined): void {
  (globalThis as Holder)[KEY] = handler;
}

export function currentApiHandler(): ApiHandler | undefined {
  return (globalThis as Holder)[KEY];
}
