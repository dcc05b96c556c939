import { PencilIcon, TrashIcon } from '../../../components/icons';
import { addressLines, formatPhone } from '../../../lib/format-address';
import type { SavedAddress } from '../api/use-addresses';

/** A saved address as lines of text (spans, so it can sit inside a radio's label). */
export function AddressDetails({ address }: { address: SavedAddress }) {
  return (
    <>
      <span className="block text-base font-semibold text-zinc-900">{address.name}</span>
      {addressLines(address).map((line, i) => (
        <span key={i} className="block break-words">
          {line}
        </span>
      ))}
      <span className="mt-1 block">Phone: {formatPhone(address.phone)}</span>
      {address.gstin ? <span className="block">GSTIN: {address.gstin}</span> : null}
    </>
  );
}

export interface AddressActionsProps {
  address: SavedAddress;
  /** "Delete this address?" is asked of this address. */
  confirming: boolean;
  deleting: boolean;
  onEdit: () => void;
  onAskDelete: () => void;
  onDelete: () => void;
  onKeep: () => void;
}

/** Edit and Delete for one saved address; Delete asks first. */
export function AddressActions({ address, confirming, deleting, onEdit, onAskDelete, onDelete, onKeep }: AddressActionsProps) {
  if (confirming) {
    return (
      <>
        <span className="text-sm font-medium text-zinc-800">Delete this address?</span>
        <button type="button" className="btn min-h-9 bg-red-700 px-3 text-white hover:bg-red-800" onClick={onDelete} disabled={deleting}>
          {deleting ? 'Deleting…' : 'Yes, delete'}
        </button>
        <button type="button" className="btn-ghost min-h-9 px-3" onClick={onKeep} disabled={deleting}>
          Keep
        </button>
      </>
    );
  }
  return (
    <>
      <button type="button" className="btn-ghost min-h-9 px-3" onClick={onEdit}>
        <PencilIcon className="size-4" />
        Edit
        <span className="sr-only">
          {' '}
          the address of {address.name}, {address.line1}
        </span>
      </button>
      <button type="button" className="btn-ghost min-h-9 px-3 text-red-700 hover:bg-red-50" onClick={onAskDelete}>
        <TrashIcon className="size-4" />
        Delete
        <span className="sr-only">
          {' '}
          the address of {address.name}, {address.line1}
        </span>
      </button>
    </>
  );
}
