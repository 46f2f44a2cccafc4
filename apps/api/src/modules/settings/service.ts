import type { AdminSettings } from '@benchmarket/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { appSettings } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { adminActor, type AuditLog } from '../audit/index.js';
import type { CurrentUser } from '../auth/index.js';

/** app_settings key of the promotion's end date (a JSON string 'YYYY-MM-DD'). */
export const PROMO_FREE_UNTIL_KEY = 'promo_free_until';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The promotion runs while now is before that day at 00:00 UTC (spec §9: 'List Free Until June'). */
export function isPromotionActive(freeUntil: string, now: Date): boolean {
  return now.getTime() < Date.parse(`${freeUntil}T00:00:00Z`);
}

export interface SettingsDeps {
  db: Db;
  clock: Clock;
  audit: Pick<AuditLog, 'record'>;
  /** PROMO_FREE_UNTIL, or DEFAULT_PROMO_FREE_UNTIL without it (config.ts). */
  configuredPromoFreeUntil: string;
}

/**
 * Run-time settings an admin may change (issue 14), in `app_settings`: the promotion's end
 * date. An admin's value wins over PROMO_FREE_UNTIL, which wins over the default. Read on
 * every use (one primary-key lookup), so every API process agrees at once after a change.
 */
export class SettingsService {
  constructor(private readonly deps: SettingsDeps) {}

  async promoFreeUntil(): Promise<string> {
    const [row] = await this.deps.db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, PROMO_FREE_UNTIL_KEY));
    // A value that is not a day (written by hand) is ignored, never trusted.
    return typeof row?.value === 'string' && ISO_DAY.test(row.value) ? row.value : this.deps.configuredPromoFreeUntil;
  }

  /** GET /admin/settings */
  async current(): Promise<AdminSettings> {
    const freeUntil = await this.promoFreeUntil();
    return { promo_free_until: freeUntil, promo_active: isPromotionActive(freeUntil, this.deps.clock.now()) };
  }

  /** PUT /admin/settings/promotion: the new end date and its audit entry, in one transaction. */
  async setPromoFreeUntil(admin: CurrentUser, freeUntil: string, reason: string): Promise<AdminSettings> {
    const before = await this.promoFreeUntil();
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await tx
        .insert(appSettings)
        .values({ key: PROMO_FREE_UNTIL_KEY, value: freeUntil, updatedAt: now })
        .onConflictDoUpdate({ target: appSettings.key, set: { value: freeUntil, updatedAt: now } });
      await this.deps.audit.record(
        {
          actor: adminActor(admin),
          action: 'setting.promotion',
          objectType: 'setting',
          objectId: PROMO_FREE_UNTIL_KEY,
          before: { promo_free_until: before },
          after: { promo_free_until: freeUntil },
          reason,
        },
        tx,
      );
    });
    return this.current();
  }
}
