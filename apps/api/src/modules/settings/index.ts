/** The settings module's public face: others read settings through `app.settings` (the plugin). */
export { isPromotionActive, PROMO_FREE_UNTIL_KEY, SettingsService } from './service.js';
