import { MAX_ADDRESSES } from '../../../../shared/schemas/settings';
import { PlusIcon } from '../../../components/icons';
import { errorMessage } from '../../../lib/trpc';
import { useAddresses } from '../api/use-addresses';
import { useAddressEditor } from '../hooks/use-address-editor';
import { AddressActions, AddressDetails } from './address-card';
import { AddressForm, EMPTY_ADDRESS, formValuesOf } from './address-form';

/**
 * The signed-in shopper's saved delivery addresses to look after outside the checkout (the
 * account page): each with Edit and Delete, and "Add a new address". Nothing is chosen here;
 * the checkout's AddressBook is where one is picked for an order.
 */
export function SavedAddresses() {
  const addresses = useAddresses(true);
  const { editor, open, confirming, askDelete, saveNew, saveEdit, deleteAddress, creating, updating, deleting } = useAddressEditor();

  if (addresses.isPending) {
    return (
      <div className="flex flex-col gap-3" role="status">
        <span className="sr-only">Loading your addresses</span>
        <div className="skeleton h-24" />
      </div>
    );
  }
  if (addresses.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(addresses.error, 'Could not load your addresses. Please try again.')}
      </p>
    );
  }

  const saved = addresses.data;

  return (
    <div className="flex flex-col gap-4">
      {saved.length === 0 && editor?.kind !== 'new' ? (
        <p className="text-sm text-zinc-700">You have no saved addresses yet. Addresses you add at the checkout appear here too.</p>
      ) : null}
      {saved.length > 0 ? (
        <ul className="grid gap-3 md:grid-cols-2">
          {saved.map((address) =>
            editor?.kind === 'edit' && editor.addressId === address._id ? (
              <li key={address._id} className="rounded-xl border border-zinc-200 p-4 md:col-span-2">
                <AddressForm
                  initial={formValuesOf(address)}
                  title="Edit address"
                  submitLabel="Save changes"
                  pending={updating}
                  onSubmit={saveEdit(address._id)}
                  onCancel={() => open(null)}
                  focusOnOpen
                />
              </li>
            ) : (
              <li key={address._id} className="flex flex-col justify-between gap-3 rounded-xl border border-zinc-200 p-4" data-testid="saved-address">
                <p className="text-sm text-zinc-700">
                  <AddressDetails address={address} />
                </p>
                <div className="-ml-3 flex flex-wrap items-center gap-2">
                  <AddressActions
                    address={address}
                    confirming={confirming === address._id}
                    deleting={deleting}
                    onEdit={() => open({ kind: 'edit', addressId: address._id })}
                    onAskDelete={() => askDelete(address._id)}
                    onDelete={() => deleteAddress(address._id)}
                    onKeep={() => askDelete(null)}
                  />
                </div>
              </li>
            ),
          )}
        </ul>
      ) : null}

      {editor?.kind === 'new' ? (
        <div className="rounded-xl border border-zinc-200 p-4">
          <AddressForm initial={EMPTY_ADDRESS} title="Add a new address" submitLabel="Save address" pending={creating} onSubmit={saveNew} onCancel={() => open(null)} focusOnOpen />
        </div>
      ) : saved.length >= MAX_ADDRESSES ? (
        <p className="text-sm text-zinc-700">You have {MAX_ADDRESSES} saved addresses, the most you can keep: delete one to add another.</p>
      ) : (
        <button type="button" className="btn-outline min-h-11 w-full border-dashed sm:w-fit" onClick={() => open({ kind: 'new' })}>
          <PlusIcon className="size-4" />
          Add a new address
        </button>
      )}
    </div>
  );
}
