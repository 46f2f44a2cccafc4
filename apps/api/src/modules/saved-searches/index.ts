/** The saved-searches module's public face (issue 16): nothing but its plugin is used elsewhere yet. */
export { ALERTS_TASK } from './alerts.js';
