// `npm run build` runs this: writes the description beside the built gateway
// (gateway/dist/openapi.json and .yaml), for generating clients without a running Parley.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiTexts } from './generate';

const dir = join(__dirname, '..');
const { json, yaml } = openApiTexts();
writeFileSync(join(dir, 'openapi.json'), `${JSON.stringify(JSON.parse(json), null, 2)}\n`);
writeFileSync(join(dir, 'openapi.yaml'), yaml);
