import { startTelemetry } from '@parley/common/telemetry';
startTelemetry('parley-events');

import { createLogger, runMain } from '@parley/common';
import { readEventsConfig } from './config';
import { startEventsService } from './server';

runMain(createLogger('events'), () => startEventsService(readEventsConfig(process.env)));
