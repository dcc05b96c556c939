import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { MAX_ADDRESSES } from '../../../../shared/schemas/settings';
import { PencilIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { addressLines, formatPhone } from '../../../lib/format-address';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import type { SavedAddress } from '../api/use-addresses';
import { useCreateAddress } from '../api/use-create-address';
import { useRemoveAddress } from '../api/use-remove-address';
import { useUpdateAddress } from '../api/use-update-address';
import { AddressForm, EMPTY_ADDRESS, formValuesOf, type AddressFormValues } from './address-form';

export const ADDRESS_SAVED_MESSAGE = 'Address saved';
export const ADDRESS_UPDATED_MESSAGE = 'Address updated';
export const ADDRESS_DELETED_MESSAGE = 'Address deleted';

export interface AddressBookProps {
  addresses: readonly SavedAddress[];
  selectedId: string | null;
  onSelect: (addressId: string) => void;
  /** A refusal that belongs to one address (its PIN is not served), shown beside it. */
  problem: { addressId: string; message: string } | null;
  /** True while the payment page opens: the choice is made. */
  locked: boolean;
}

type Editor = { kind: 'new' } | { kind: 'edit'; addressId: string } | null;

/**
 * The shopper's saved addresses as one radio group, each with Edit and Delete, and "Add a new
 * address". A saved or edited address becomes the chosen one. With none saved yet, the form is
 * simply open.
 */
export function AddressBook({ addresses, selectedId, onSelect, problem, locked }: AddressBookProps) {
  const id = useId();
  const [editor, setEditor] = useState<Editor>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const remove = useRemoveAddress();

  const saveNew = async (values: AddressFormValues): Promise<Record<string, string>> => {
    try {
      const saved = await create.mutateAsync(values);
      toast.success(ADDRESS_SAVED_MESSAGE);
      setEditor(null);
      onSelect(saved._id);
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
        onSelect(addressId);
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

  if (addresses.length === 0) {
    return (
      <div className="card p-4 sm:p-6">
        <p className="mb-4 text-sm text-zinc-700">Where should we deliver your order?</p>
        <AddressForm initial={EMPTY_ADDRESS} title="Add a delivery address" submitLabel="Save address" pending={create.isPending} onSubmit={saveNew} />
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
                    pending={update.isPending}
                    onSubmit={saveEdit(address._id)}
                    onCancel={() => setEditor(null)}
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
                    <span className="block text-base font-semibold text-zinc-900">{address.name}</span>
                    {addressLines(address).map((line, i) => (
                      <span key={i} className="block break-words">
                        {line}
                      </span>
                    ))}
                    <span className="mt-1 block">Phone: {formatPhone(address.phone)}</span>
                    {address.gstin ? <span className="block">GSTIN: {address.gstin}</span> : null}
                  </label>
                </div>
                {problemHere ? (
                  <p id={`${radioId}-problem`} className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800" role="alert">
                    {problemHere}
                  </p>
                ) : null}
                <div className="mt-3 flex flex-wrap items-center gap-2 pl-8">
                  {confirming === address._id ? (
                    <>
                      <span className="text-sm font-medium text-zinc-800">Delete this address?</span>
                      <button
                        type="button"
                        className="btn min-h-9 bg-red-700 px-3 text-white hover:bg-red-800"
                        onClick={() => deleteAddress(address._id)}
                        disabled={remove.isPending}
                      >
                        {remove.isPending ? 'Deleting…' : 'Yes, delete'}
                      </button>
                      <button type="button" className="btn-ghost min-h-9 px-3" onClick={() => setConfirming(null)} disabled={remove.isPending}>
                        Keep
                      </button>
                    </>
                  ) : (
                    <>
                      <button
                        type="button"
                        className="btn-ghost min-h-9 px-3"
                        onClick={() => {
                          setConfirming(null);
                          setEditor({ kind: 'edit', addressId: address._id });
                        }}
                      >
                        <PencilIcon className="size-4" />
                        Edit
                        <span className="sr-only">
                          {' '}
                          the address of {address.name}, {address.line1}
                        </span>
                      </button>
                      <button type="button" className="btn-ghost min-h-9 px-3 text-red-700 hover:bg-red-50" onClick={() => setConfirming(address._id)}>
                        <TrashIcon className="size-4" />
                        Delete
                        <span className="sr-only">
                          {' '}
                          the address of {address.name}, {address.line1}
                        </span>
                      </button>
                    </>
                  )}
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
            pending={create.isPending}
            onSubmit={saveNew}
            onCancel={() => setEditor(null)}
            focusOnOpen
          />
        </div>
      ) : addresses.length >= MAX_ADDRESSES ? (
        <p className="text-sm text-zinc-700">You have {MAX_ADDRESSES} saved addresses, the most you can keep: delete one to add another.</p>
      ) : (
        <button
          type="button"
          className="btn-outline min-h-11 w-full border-dashed sm:w-fit"
          onClick={() => {
            setConfirming(null);
            setEditor({ kind: 'new' });
          }}
          disabled={locked}
        >
          <PlusIcon className="size-4" />
          Add a new address
        </button>
      )}
    </div>
  );
}
