/**
 * What other features read and claim of user accounts (sign-in, sessions, API keys, the live
 * handshake): the users feature's surface for them, so none reaches into its repository.
 */
export { claimTotpStep, findUserById, findUserByUsername, rolesOf, toUser } from './user.repository.js';
