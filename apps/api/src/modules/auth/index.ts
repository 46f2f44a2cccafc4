/**
 * The auth module's public face: who is calling (app.requireUser, currentUserOf), password
 * hashing (the seed's accounts) and the admin role (the `npm run admin` command).
 */
export { default as authContext, currentUserOf, type CurrentUser } from './auth-context.js';
export { hashPassword } from './passwords.js';
export { grantAdmin, revokeAdmin, type RoleChange } from './roles.js';
