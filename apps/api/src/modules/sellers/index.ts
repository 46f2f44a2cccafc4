/** The sellers module's public face: others change profiles through `app.sellers` (the plugin). */
export { SellersService } from './service.js';
