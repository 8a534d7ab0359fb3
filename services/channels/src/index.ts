export { startChannelsService, MIGRATIONS_DIR } from './server';
// For tests that run the new realm's first step again, as a redelivery would.
export { createInitialChannels, INITIAL_CHANNELS } from './domain/initial-channels';
export { Peers } from './peers';
