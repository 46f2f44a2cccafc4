import { PromotionSettingBodySchema, type AdminSettings } from '@benchmarket/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { StatusPill } from '@/components/ui/status-pill';
import { TextField } from '@/components/ui/text-field';
import { useSettings, useUpdatePromotion } from '../api/settings';
import { ReasonField } from '../components/action-dialog';
import { consoleRoute } from '../components/console-page';
import { useNotice } from '../components/notice';
import { QueryView } from '../components/query-view';
import { useConsoleForm } from '../components/use-console-form';
import { formatDate } from '../format';

const PROMOTION_FIELDS = ['promo_free_until', 'reason'] as const;
type PromotionFormValues = { promo_free_until: string; reason: string };

/** A 'YYYY-MM-DD' day written out ('Jun 1, 2027'), read as that calendar day wherever the viewer is. */
const formatDay = (day: string) => formatDate(`${day}T12:00:00Z`);

function PromotionForm({ settings, onDone }: { settings: AdminSettings; onDone: (message: string) => void }) {
  const initial: PromotionFormValues = { promo_free_until: settings.promo_free_until, reason: '' };
  const { setValues, error, errorId, formRef, submitWith, fieldProps, failure } = useConsoleForm({
    schema: PromotionSettingBodySchema,
    initial,
    fieldOrder: PROMOTION_FIELDS,
  });
  const update = useUpdatePromotion();

  const submit = submitWith(
    async (request) => {
      const saved = await update.mutateAsync(request);
      setValues({ promo_free_until: saved.promo_free_until, reason: '' });
      onDone(
        saved.promo_active
          ? `The promotion now runs until ${formatDay(saved.promo_free_until)}.`
          : `The end date is now ${formatDay(saved.promo_free_until)}: the promotion has ended, and new listings are paid.`,
      );
    },
    { pending: update.isPending },
  );

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-6 max-w-xl space-y-4 border-t border-slate-100 pt-6">
      <h3 className="text-base font-semibold text-slate-900">Change the end date</h3>
      <TextField
        label="Free until"
        type="date"
        hint="The promotion ends at the start of this day (00:00 UTC): listings published from then on are paid."
        announceError={false}
        {...fieldProps('promo_free_until')}
      />
      <ReasonField {...fieldProps('reason')} />
      {error && <Alert id={errorId}>{error}</Alert>}
      {failure.alert('The promotion could not be changed.')}
      <Button type="submit" pending={update.isPending}>
        Save end date
      </Button>
    </form>
  );
}

function Promotion({ settings, onDone }: { settings: AdminSettings; onDone: (message: string) => void }) {
  return (
    <section aria-labelledby="promotion-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="promotion-title" className="text-xl font-semibold text-slate-900">
          Launch promotion
        </h2>
        {settings.promo_active ? <StatusPill tone="success">Active</StatusPill> : <StatusPill tone="neutral">Ended</StatusPill>}
      </div>
      <p className="mt-2 text-slate-700">
        {settings.promo_active ? (
          <>
            Listings are free until <strong>{formatDay(settings.promo_free_until)}</strong>. The landing page and the FAQ offer it until
            then.
          </>
        ) : (
          <>
            The promotion ended on <strong>{formatDay(settings.promo_free_until)}</strong>. The landing page and the FAQ no longer offer it.
          </>
        )}
      </p>
      <PromotionForm key={settings.promo_free_until} settings={settings} onDone={onDone} />
    </section>
  );
}

function Settings() {
  const settings = useSettings();
  const notice = useNotice();
  return (
    <>
      {notice.element}
      <QueryView query={settings} what="settings">
        {(data) => <Promotion settings={data} onDone={notice.show} />}
      </QueryView>
    </>
  );
}

/** /admin/settings: the promotion's end date, shown and editable with a reason. */
export default consoleRoute(
  { title: 'Settings', intro: 'Settings of the marketplace that administrators may change. Every change is in the audit log.' },
  Settings,
);
