import { startTelemetry } from '@parley/common/telemetry';
startTelemetry('parley-uploads');

import { createLogger, readBaseConfig, runMain } from '@parley/common';
import { startUploadsService } from './server';

runMain(createLogger('uploads'), () => startUploadsService(readBaseConfig('uploads', process.env)));
