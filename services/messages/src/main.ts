import { startTelemetry } from '@parley/common/telemetry';
startTelemetry('parley-messages');

import { createLogger, readBaseConfig, runMain } from '@parley/common';
import { startMessagesService } from './server';

runMain(createLogger('messages'), () => startMessagesService(readBaseConfig('messages', process.env)));
