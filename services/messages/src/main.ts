import { startTelemetry } from '@parley/common/telemetry';
startTelemetry('parley-messages');

import { createLogger, runMain } from '@parley/common';
import { readMessagesConfig } from './config';
import { startMessagesService } from './server';

runMain(createLogger('messages'), () => startMessagesService(readMessagesConfig(process.env)));
