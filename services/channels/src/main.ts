import { startTelemetry } from '@parley/common/telemetry';
startTelemetry('parley-channels');

import { createLogger, readBaseConfig, runMain } from '@parley/common';
import { startChannelsService } from './server';

runMain(createLogger('channels'), () => startChannelsService(readBaseConfig('channels', process.env)));
