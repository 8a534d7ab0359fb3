// express-gateway plugin of ceilings C2/C3: one policy calling the handler stack.mjs registered.
const KEY = Symbol.for('parley.bench.ceilingHandler');
module.exports = {
  version: '1.2.0',
  policies: ['ceiling'],
  schema: { $id: 'http://express-gateway.io/schemas/plugins/ceiling.json', type: 'object', properties: {} },
  init(pluginContext) {
    pluginContext.registerPolicy({
      name: 'ceiling',
      schema: { $id: 'http://express-gateway.io/schemas/policies/ceiling.json', type: 'object', properties: {} },
      policy: () => (req, res, next) => globalThis[KEY](req, res).catch(next),
    });
  },
};
