import type { ComponentType } from 'react';
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

/** What a list by status shows: its status and page from the URL, and how to tell of an action done. */
export interface StatusView<Other extends string> {
  status: 'open' | Other;
  page: number;
  showNotice: (text: string) => void;
}

/**
 * A console list of open items and closed ones (the inbox, the reports): the tabs 'Open' and
 * `other`, then the notice of the last action, then `Body` for the status and page in the URL.
 */
export function StatusList<Other extends string>({
  label,
  other,
  Body,
}: {
  label: string;
  other: StatusTab<Other>;
  Body: ComponentType<StatusView<Other>>;
}) {
  const status = useStatusParam(OPEN.status, other.status);
  const page = usePageParam();
  const notice = useNotice();
  return (
    <>
      <StatusTabs label={label} current={status} first={OPEN} other={other} />
      {notice.element}
      <Body status={status} page={page} showNotice={notice.show} />
    </>
  );
}
