import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Confirm } from 'react-admin';

interface Pending {
  key: string;
  pos: number;
  resolve: (deleted: boolean) => void;
}

/**
 * Deleting a saved order row asks first (react-admin's <Confirm>): a row is gone for everyone once deleted, and the
 * delete button sits beside save in a dense grid. Answers the same promise as the plain delete (true when deleted).
 */
type DeletableDraft = { key: string; item: { itemIndex: number } | null };

export function useConfirmedDelete(remove: (key: string) => Promise<boolean>, drafts: DeletableDraft[]): { requestDelete: (key: string) => Promise<boolean>; confirmDialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const draftsRef = useRef(drafts);
  useEffect(() => {
    draftsRef.current = drafts;
  }, [drafts]);
  const requestDelete = useCallback(
    (key: string) =>
      new Promise<boolean>((resolve) => {
        const index = draftsRef.current.findIndex((draft) => draft.key === key);
        const pos = draftsRef.current[index]?.item?.itemIndex ?? index + 1;
        setPending({ key, pos, resolve });
      }),
    [],
  );
  const close = (deleted: boolean) => {
    pending?.resolve(deleted);
    setPending(null);
  };
  const confirmDialog = (
    <Confirm
      isOpen={pending !== null}
      title="ORDERS.DeleteConfirmTitle"
      content="ORDERS.DeleteConfirm"
      translateOptions={{ pos: pending?.pos ?? '' }}
      confirm="ORDERS.DeleteConfirmYes"
      confirmColor="warning"
      onConfirm={() => {
        if (!pending) return;
        const { key, resolve } = pending;
        setPending(null);
        void remove(key).then(resolve);
      }}
      onClose={() => close(false)}
    />
  );
  return { requestDelete, confirmDialog };
}
