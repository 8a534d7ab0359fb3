import type pg from 'pg';
import { createPool, serviceDatabaseUrl, ServiceName } from '@parley/common';
import { testDatabaseUrl } from './servers';

/**
 * A service's pool on the test run's database, connecting as the service itself does (its
 * own role, its schema first on the search path): for tests that read or write its tables.
 */
export const testServicePool = (service: ServiceName, secret: string, max: number): pg.Pool => createPool(serviceDatabaseUrl(process.env, testDatabaseUrl(), service, secret), service, max);
