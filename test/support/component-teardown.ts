import { releaseRunEnvironment } from './run-environment';

/** The component project's global teardown: lets go of the run's servers (run-environment.ts). */
export default async function componentTeardown(): Promise<void> {
  await releaseRunEnvironment();
}
