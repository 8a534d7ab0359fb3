export { startSystem } from './system';
export type { RunningSystem } from './system';
export { letOthersReach, startEmbeddedPostgres } from './embedded-postgres';
export type { EmbeddedPostgres } from './embedded-postgres';
