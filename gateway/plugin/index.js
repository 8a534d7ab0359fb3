// express-gateway plugin: Parley's one policy, a thin adapter over gateway/src (app.ts).
// It holds no logic, so the HTTP shell can be swapped without touching the gateway's rules.
const KEY = Symbol.for('parley.gateway.apiHandler');

module.exports = {
  version: '1.2.0',
  policies: ['parley'],
  schema: { $id: 'http://express-gateway.io/schemas/plugins/parley.json', type: 'object', properties: {} },
  init(pluginContext) {
    pluginContext.registerPolicy({
      name: 'parley',
      schema: { $id: 'http://express-gateway.io/schemas/policies/parley.json', type: 'object', properties: {} },
      policy: () => (req, res, next) => {
        const handler = globalThis[KEY];
        if (!handler) return next(new Error('Parley gateway handler not registered'));
        handler(req, res).catch(next);
      },
    });
  },
};
