import { describe, expect, it } from 'vitest';
import { moveSlot, uploadedUrls, type ImageSlot } from './use-image-slots';

describe('moveSlot', () => {
  it('takes an item out and puts it back at the index given', () => {
    expect(moveSlot(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveSlot(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveSlot(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'b', 'c']);
  });

  it('keeps moves past either end at that end, and leaves an empty list alone', () => {
    expect(moveSlot(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveSlot(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveSlot([], 0, 1)).toEqual([]);
  });
});

describe('uploadedUrls', () => {
  it('lists the uploaded images in the order shown, leaving out those still uploading or failed', () => {
    const slots: ImageSlot[] = [
      { key: '1', status: 'uploading', name: 'a.png', preview: 'blob:a', progress: 0.5 },
      { key: '2', status: 'done', url: '/images/b.webp' },
      { key: '3', status: 'failed', name: 'c.png', preview: 'blob:c', message: 'Not an image' },
      { key: '4', status: 'done', url: '/images/d.webp' },
    ];
    expect(uploadedUrls(slots)).toEqual(['/images/b.webp', '/images/d.webp']);
  });
});
