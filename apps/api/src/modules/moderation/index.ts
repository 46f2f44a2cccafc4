/** The moderation module's public face: the plugin (app.moderation) and which listings wait for an operator. */
export { default as moderationModule } from './plugin.js';
export { reviewQueueSql } from './service.js';
