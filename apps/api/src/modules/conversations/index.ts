/** The conversations module's public face: the messages module opens conversations through `app.conversations`. */
export { ConversationsService } from './service.js';
