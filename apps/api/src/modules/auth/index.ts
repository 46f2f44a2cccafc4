/** The auth module's public face: who is calling (app.requireUser, currentUserOf) and password hashing (the seed's accounts). */
export { default as authContext, currentUserOf, type CurrentUser } from './auth-context.js';
export { hashPassword } from './passwords.js';
