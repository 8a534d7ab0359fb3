import { startTelemetry } from '@parley/common/telemetry';
startTelemetry('parley-events');

import { createLogger, readBaseConfig, runMain } from '@parley/common';
import { startEventsService } from './server';

runMain(createLogger('events'), () => startEventsService(readBaseConfig('events', process.env)));
