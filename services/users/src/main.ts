import { startTelemetry } from '@parley/common/telemetry';
startTelemetry('parley-users');

import { createLogger, runMain } from '@parley/common';
import { readUsersConfig } from './config';
import { startUsersService } from './server';

runMain(createLogger('users'), () => startUsersService(readUsersConfig(process.env)));
