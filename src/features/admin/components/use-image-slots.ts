import { useEffect, useRef, useState } from 'react';
import { PRODUCT_IMAGES_MAX } from '../../../../shared/schemas/catalog';
import { errorMessage } from '../../../lib/trpc';
import { uploadImage } from '../api/upload-image';

/**
 * One place in the product's image list. A picked file gets its slot at once, in the order it
 * was picked, and keeps it (wherever the owner drags it) while it uploads; the upload fills
 * that slot when it ends, so the order never depends on which upload finishes first.
 */
export type ImageSlot =
  | { key: string; status: 'done'; url: string }
  | { key: string; status: 'uploading'; name: string; preview: string; progress: number }
  | { key: string; status: 'failed'; name: string; preview: string; message: string };

/** What a picked file holds on to until its upload is done or its slot removed. */
type Pending = { file: File; preview: string; controller: AbortController };

let nextSlot = 0;
const newKey = () => `slot-${nextSlot++}`;

/** The stored URLs, in the order shown: what the product saves as `productImage` (the first is the cover). */
export function uploadedUrls(slots: readonly ImageSlot[]): string[] {
  return slots.flatMap((slot) => (slot.status === 'done' ? [slot.url] : []));
}

/** `slots` with the slot at `from` taken out and put back at `to` (both clamped to the list). */
export function moveSlot<T>(slots: readonly T[], from: number, to: number): T[] {
  const last = slots.length - 1;
  const source = Math.min(Math.max(from, 0), last);
  const target = Math.min(Math.max(to, 0), last);
  if (source === target || last < 0) return [...slots];
  const next = [...slots];
  const [moved] = next.splice(source, 1);
  if (moved !== undefined) next.splice(target, 0, moved);
  return next;
}

export interface ImageSlots {
  slots: ImageSlot[];
  /** The uploaded images' URLs in the order shown. */
  urls: string[];
  /** An upload is running: saving waits for it. */
  busy: boolean;
  /** An upload failed and its slot is still there (retry or remove it). */
  failed: boolean;
  /** Gives each file a slot after the others and starts its upload; returns how many fitted (at most PRODUCT_IMAGES_MAX slots). */
  add: (files: readonly File[]) => number;
  retry: (key: string) => void;
  /** Removes a slot, cancelling its upload if it is still running. */
  remove: (key: string) => void;
  /** Moves a slot to `index` in the list. */
  move: (key: string, index: number) => void;
}

/**
 * The product dialog's images: the stored ones first, then the files the owner picks, each
 * uploaded on its own (POST /api/upload-image) into its own slot. A picked file is shown from a
 * local object URL until its upload is done; that URL is revoked then, or when the slot is
 * removed, or when the dialog closes (which also cancels the uploads still running).
 */
export function useImageSlots(initial: readonly string[]): ImageSlots {
  const [slots, setSlots] = useState<ImageSlot[]>(() => initial.map((url, i) => ({ key: `stored-${i}`, status: 'done', url })));
  const pending = useRef(new Map<string, Pending>());
  // Previews let go of, revoked once the slot that showed one has been drawn without it: a
  // revoked URL still on an <img> that has not loaded it yet is a failed request in the console.
  const unused = useRef<string[]>([]);

  useEffect(() => {
    for (const preview of unused.current.splice(0)) URL.revokeObjectURL(preview);
  });

  useEffect(() => {
    const all = pending.current;
    const letGo = unused.current;
    return () => {
      for (const { controller, preview } of all.values()) {
        controller.abort();
        letGo.push(preview);
      }
      all.clear();
      for (const preview of letGo.splice(0)) URL.revokeObjectURL(preview);
    };
  }, []);

  const change = (key: string, update: (slot: ImageSlot) => ImageSlot) => setSlots((list) => list.map((slot) => (slot.key === key ? update(slot) : slot)));

  /** Lets go of a picked file: its local preview is revoked, and `cancel` stops its upload. */
  const release = (key: string, cancel: boolean) => {
    const held = pending.current.get(key);
    if (!held) return;
    if (cancel) held.controller.abort();
    unused.current.push(held.preview);
    pending.current.delete(key);
  };

  const start = (key: string, held: Pending) => {
    const { file, preview, controller } = held;
    uploadImage(file, (progress) => change(key, (slot) => (slot.status === 'uploading' ? { ...slot, progress } : slot)), controller.signal).then(
      (url) => {
        // A slot removed meanwhile stays removed: the update finds nothing to fill.
        change(key, () => ({ key, status: 'done', url }));
        release(key, false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        change(key, () => ({ key, status: 'failed', name: file.name, preview, message: errorMessage(failure) }));
      },
    );
  };

  const add = (files: readonly File[]) => {
    const accepted = files.slice(0, Math.max(0, PRODUCT_IMAGES_MAX - slots.length));
    const added = accepted.map((file) => {
      const held: Pending = { file, preview: URL.createObjectURL(file), controller: new AbortController() };
      const key = newKey();
      pending.current.set(key, held);
      return { key, held };
    });
    setSlots((list) => [...list, ...added.map(({ key, held }): ImageSlot => ({ key, status: 'uploading', name: held.file.name, preview: held.preview, progress: 0 }))]);
    for (const { key, held } of added) start(key, held);
    return accepted.length;
  };

  const retry = (key: string) => {
    const held = pending.current.get(key);
    if (!held) return;
    const again: Pending = { ...held, controller: new AbortController() };
    pending.current.set(key, again);
    change(key, (slot) => (slot.status === 'failed' ? { key, status: 'uploading', name: slot.name, preview: slot.preview, progress: 0 } : slot));
    start(key, again);
  };

  const remove = (key: string) => {
    release(key, true);
    setSlots((list) => list.filter((slot) => slot.key !== key));
  };

  const move = (key: string, index: number) =>
    setSlots((list) => {
      const from = list.findIndex((slot) => slot.key === key);
      return from === -1 ? list : moveSlot(list, from, index);
    });

  return {
    slots,
    urls: uploadedUrls(slots),
    busy: slots.some((slot) => slot.status === 'uploading'),
    failed: slots.some((slot) => slot.status === 'failed'),
    add,
    retry,
    remove,
    move,
  };
}
