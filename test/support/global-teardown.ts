export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__parley;
  if (!state) return;
  await state.system.stop();
  await state.environment.stop();
}
