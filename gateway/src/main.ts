import { startTelemetry } from '@parley/common/telemetry';
startTelemetry('parley-gateway');

import { createLogger, runMain } from '@parley/common';
import { readGatewayConfig } from './config';
import { startGateway } from './shell';

const log = createLogger('gateway');
runMain(log, () => startGateway(readGatewayConfig(process.env), log));
