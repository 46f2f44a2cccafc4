import { useLocation } from 'react-router';
import { LinkTabs } from '@/components/ui/link-tabs';
import { useNotice } from './notice';
import { usePageParam, useStatusParam, withParams } from './use-page-param';

interface StatusTab<Status extends string> {
  status: Status;
  label: string;
}

/**
 * The two views of a console list by status ('Open' / 'Done'): the first is the list's plain
 * address, the other adds `?status=`. Changing view drops the page and any other filter.
 */
export function StatusTabs<First extends string, Other extends string>({
  label,
  current,
  first,
  other,
}: {
  label: string;
  current: First | Other;
  first: StatusTab<First>;
  other: StatusTab<Other>;
}) {
  const { pathname } = useLocation();
  return (
    <LinkTabs
      label={label}
      className="mb-6"
      tabs={[
        { label: first.label, to: pathname, current: current === first.status },
        {
          label: other.label,
          to: withParams(pathname, new URLSearchParams(), { status: other.status }),
          current: current === other.status,
        },
      ]}
    />
  );
}

const OPEN: StatusTab<'open'> = { status: 'open', label: 'Open' };

/**
 * A console list of open items and closed ones (the inbox, the reports): the status and the
 * page from the URL, and the list's top — the tabs 'Open' and `other`, then the notice of the
 * last action.
 */
export function useStatusList<Other extends string>(label: string, other: StatusTab<Other>) {
  const first = OPEN;
  const status = useStatusParam(first.status, other.status);
  const page = usePageParam();
  const notice = useNotice();
  const top = (
    <>
      <StatusTabs label={label} current={status} first={first} other={other} />
      {notice.element}
    </>
  );
  return { status, page, showNotice: notice.show, top };
}
