/** What other packages (the management CLI, the all-in-one runner) use of the users service. */
export { readUsersConfig } from './config';
export type { UsersConfig } from './config';
export { startUsersService, MIGRATIONS_DIR } from './server';
export { createRealm, setRealmActive } from './domain/realms';
export { doCreateUser, checkEmail } from './domain/users';
export { realmUrl } from './domain/server-settings';
export { confirmEmailChange } from './domain/email-change';
export { apiEmail } from './domain/format';
export * as realmStore from './store/realms';
export * as userStore from './store/users';
export { checkResettable, doSetPassword } from './domain/password-reset';
export { checkNewPassword, hashPassword } from './domain/passwords';
export * as mailStore from './store/mail';
export { describeMail, queueTestMail } from './mail/operator';
export { requestDigests } from './domain/digest';
export { digestRequest as digestRequestStatus } from './store/digests';
