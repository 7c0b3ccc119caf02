/** The session rows other features read (the session list, password changes, the live handshake). */
export { findSessionById, findSessionWithUser, listSessions } from './session.repository.js';
