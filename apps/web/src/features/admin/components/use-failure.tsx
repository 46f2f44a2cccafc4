import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { answerDetail } from '@/lib/api-client';
import { OFFLINE } from './query-view';

/**
 * A console action's refusal: the API's detail under a title. Each failed try gets a new key,
 * so the alert is shown and focused again even when the text is the same.
 */
export function useFailure() {
  const [failure, setFailure] = useState<{ text: string; key: number } | null>(null);
  return {
    clear: () => {
      setFailure(null);
    },
    show: (cause: unknown) => {
      setFailure((current) => ({ text: answerDetail(cause, 'Please try again.', OFFLINE), key: (current?.key ?? 0) + 1 }));
    },
    alert: (title: string, className?: string) =>
      failure && (
        <Alert key={failure.key} title={title} focusOnShow className={className}>
          <p className="mt-1">{failure.text}</p>
        </Alert>
      ),
  };
}
