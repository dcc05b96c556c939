import { useState } from 'react';
import toast from 'react-hot-toast';
import { clearTabDraft } from '../../../lib/tab-draft';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useCreateAddress } from '../api/use-create-address';
import { useRemoveAddress } from '../api/use-remove-address';
import { useUpdateAddress } from '../api/use-update-address';
import { addressDraft, type AddressFormValues } from '../components/address-form';

export const ADDRESS_SAVED_MESSAGE = 'Address saved';
export const ADDRESS_UPDATED_MESSAGE = 'Address updated';
export const ADDRESS_DELETED_MESSAGE = 'Address deleted';

/** Which form is open: a new address, or one saved address being edited. */
export type AddressEditor = { kind: 'new' } | { kind: 'edit'; addressId: string } | null;

/**
 * Adding, editing and deleting saved addresses as the address lists share it: one form open at a
 * time, one "Delete this address?" question at a time, a toast for each outcome. The save
 * functions resolve to the server's field errors for AddressForm ({} once saved); `onSaved`
 * hears of each address saved (the checkout selects it). With `newDraftKey` the new address's
 * form keeps its draft for the tab under that key (AddressForm's draftKey): a draft left by a
 * reload opens the form again, and saving or cancelling the new address forgets it.
 */
export function useAddressEditor({ onSaved, newDraftKey }: { onSaved?: (addressId: string) => void; newDraftKey?: string } = {}) {
  const [editor, setEditor] = useState<AddressEditor>(() => (newDraftKey && addressDraft(newDraftKey) ? { kind: 'new' } : null));
  const [confirming, setConfirming] = useState<string | null>(null);
  const create = useCreateAddress({
    onSaved: () => {
      if (newDraftKey) clearTabDraft(newDraftKey);
    },
  });
  const update = useUpdateAddress();
  const remove = useRemoveAddress();

  const saveNew = async (values: AddressFormValues): Promise<Record<string, string>> => {
    try {
      const saved = await create.mutateAsync(values);
      toast.success(ADDRESS_SAVED_MESSAGE);
      setEditor(null);
      onSaved?.(saved._id);
      return {};
    } catch (error) {
      toast.error(errorMessage(error));
      return fieldErrors(error);
    }
  };

  const saveEdit =
    (addressId: string) =>
    async (values: AddressFormValues): Promise<Record<string, string>> => {
      try {
        await update.mutateAsync({ addressId, ...values });
        toast.success(ADDRESS_UPDATED_MESSAGE);
        setEditor(null);
        onSaved?.(addressId);
        return {};
      } catch (error) {
        toast.error(errorMessage(error));
        return fieldErrors(error);
      }
    };

  const deleteAddress = (addressId: string) => {
    remove.mutate(
      { addressId },
      {
        onSuccess: () => toast.success(ADDRESS_DELETED_MESSAGE),
        onError: (error) => toast.error(errorMessage(error)),
        onSettled: () => setConfirming(null),
      },
    );
  };

  return {
    editor,
    /** Opens a form (or closes it with null); any open delete question goes. */
    open: (next: AddressEditor) => {
      setConfirming(null);
      // Closing the new address's form without saving it (Cancel, or opening another) drops its draft.
      if (newDraftKey && editor?.kind === 'new' && next?.kind !== 'new') clearTabDraft(newDraftKey);
      setEditor(next);
    },
    /** The key the new address's form keeps its draft under (AddressForm's draftKey), if any. */
    newDraftKey,
    confirming,
    askDelete: setConfirming,
    saveNew,
    saveEdit,
    deleteAddress,
    creating: create.isPending,
    updating: update.isPending,
    deleting: remove.isPending,
  };
}
