import { useCallback, useState } from 'react';
import { Alert } from '@/components/ui/alert';

interface NoticeState {
  text: string;
  /** Each new notice is a new message (remounted, so it takes the focus again). */
  key: number;
}

/**
 * The success message of a console action, shown at the top of the page's content. It takes
 * the keyboard focus when it appears (after the action's dialog closes), so it is read out and
 * the keyboard carries on from it.
 */
export function useNotice() {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const show = useCallback((text: string) => {
    setNotice((current) => ({ text, key: (current?.key ?? 0) + 1 }));
  }, []);
  const clear = useCallback(() => {
    setNotice(null);
  }, []);
  const element = notice ? (
    <Alert key={notice.key} tone="success" focusOnShow className="mb-6">
      {notice.text}
    </Alert>
  ) : null;
  return { show, clear, element };
}
