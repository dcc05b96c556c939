import { useId } from 'react';
import { MAX_ADDRESSES } from '../../../../shared/schemas/settings';
import { PlusIcon } from '../../../components/icons';
import type { SavedAddress } from '../api/use-addresses';
import { useAddressEditor } from '../hooks/use-address-editor';
import { AddressActions, AddressDetails } from './address-card';
import { AddressForm, EMPTY_ADDRESS, formValuesOf } from './address-form';

export interface AddressBookProps {
  addresses: readonly SavedAddress[];
  selectedId: string | null;
  onSelect: (addressId: string) => void;
  /** A refusal that belongs to one address (its PIN is not served), shown beside it. */
  problem: { addressId: string; message: string } | null;
  /** True while the payment page opens: the choice is made. */
  locked: boolean;
  /** Where a half-typed new address is kept for the tab, so a reload does not lose it (per signed-in user). */
  draftKey?: string;
}

/**
 * The shopper's saved addresses as one radio group, each with Edit and Delete, and "Add a new
 * address". A saved or edited address becomes the chosen one. With none saved yet, the form is
 * simply open.
 */
export function AddressBook({ addresses, selectedId, onSelect, problem, locked, draftKey }: AddressBookProps) {
  const id = useId();
  const { editor, open, confirming, askDelete, saveNew, saveEdit, deleteAddress, creating, updating, deleting } = useAddressEditor({
    onSaved: onSelect,
    ...(draftKey ? { newDraftKey: draftKey } : {}),
  });

  if (addresses.length === 0) {
    return (
      <div className="card p-4 sm:p-6">
        <p className="mb-4 text-sm text-zinc-700">Where should we deliver your order?</p>
        <AddressForm initial={EMPTY_ADDRESS} title="Add a delivery address" submitLabel="Save address" pending={creating} onSubmit={saveNew} draftKey={draftKey} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-3" disabled={locked}>
        <legend className="sr-only">Deliver to</legend>
        <ul className="flex flex-col gap-3">
          {addresses.map((address) => {
            const radioId = `${id}-${address._id}`;
            const selected = address._id === selectedId;
            const problemHere = problem?.addressId === address._id ? problem.message : null;
            if (editor?.kind === 'edit' && editor.addressId === address._id) {
              return (
                <li key={address._id} className="card p-4 sm:p-6">
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
              );
            }
            return (
              <li
                key={address._id}
                className={`rounded-2xl border bg-white p-4 shadow-sm transition-colors ${selected ? 'border-brand-700 ring-1 ring-brand-700' : 'border-zinc-200 hover:border-zinc-400'}`}
                data-testid="saved-address"
              >
                <div className="flex gap-3">
                  <input
                    id={radioId}
                    type="radio"
                    name={`${id}-address`}
                    value={address._id}
                    checked={selected}
                    onChange={() => onSelect(address._id)}
                    className="mt-1 size-5 shrink-0 accent-brand-700"
                    aria-invalid={problemHere ? true : undefined}
                    aria-describedby={problemHere ? `${radioId}-problem` : undefined}
                  />
                  <label htmlFor={radioId} className="min-w-0 flex-1 cursor-pointer text-sm text-zinc-700">
                    <AddressDetails address={address} />
                  </label>
                </div>
                {problemHere ? (
                  <p id={`${radioId}-problem`} className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800" role="alert">
                    {problemHere}
                  </p>
                ) : null}
                <div className="mt-3 flex flex-wrap items-center gap-2 pl-8">
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
            );
          })}
        </ul>
      </fieldset>

      {editor?.kind === 'new' ? (
        <div className="card p-4 sm:p-6">
          <AddressForm
            initial={EMPTY_ADDRESS}
            title="Add a new address"
            submitLabel="Save address"
            pending={creating}
            onSubmit={saveNew}
            onCancel={() => open(null)}
            focusOnOpen
            draftKey={draftKey}
          />
        </div>
      ) : addresses.length >= MAX_ADDRESSES ? (
        <p className="text-sm text-zinc-700">You have {MAX_ADDRESSES} saved addresses, the most you can keep: delete one to add another.</p>
      ) : (
        <button type="button" className="btn-outline min-h-11 w-full border-dashed sm:w-fit" onClick={() => open({ kind: 'new' })} disabled={locked}>
          <PlusIcon className="size-4" />
          Add a new address
        </button>
      )}
    </div>
  );
}
