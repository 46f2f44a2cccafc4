import { useState } from 'react';

interface DeleteMutation {
  mutate: (id: string, options: { onError: () => void; onSettled: () => void }) => void;
  isPending: boolean;
}

/**
 * A delete that asks first (a row's Delete opens the ConfirmDialog): the item waiting for
 * confirmation, whether the last delete failed, and the dialog's busy / confirm / cancel props.
 */
export function useConfirmedDelete<Item extends { id: string }>(deletion: DeleteMutation) {
  const [pending, setPending] = useState<Item | null>(null);
  const [failed, setFailed] = useState(false);

  const onConfirm = () => {
    if (!pending) return;
    setFailed(false);
    deletion.mutate(pending.id, {
      onError: () => {
        setFailed(true);
      },
      onSettled: () => {
        setPending(null);
      },
    });
  };

  return {
    /** The item the dialog asks about, or null when it is closed. */
    pending,
    /** Opens the dialog for `item`. */
    ask: setPending,
    failed,
    dialogProps: {
      busy: deletion.isPending,
      onConfirm,
      onCancel: () => {
        setPending(null);
      },
    },
  };
}
