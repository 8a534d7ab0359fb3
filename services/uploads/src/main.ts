import { startTelemetry } from '@parley/common/telemetry';
startTelemetry('parley-uploads');

import { createLogger, runMain } from '@parley/common';
import { readUploadsConfig } from './config';
import { startUploadsService } from './server';

runMain(createLogger('uploads'), () => startUploadsService(readUploadsConfig(process.env)));
