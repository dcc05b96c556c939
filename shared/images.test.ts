import { describe, expect, it } from 'vitest';
import { IMAGE_RENDITION_WIDTHS, imageRenditionUrl, imageSrcSet, ownImageHash } from './images';

const hash = '0123456789abcdef0123456789abcdef';

describe('image URL helpers', () => {
  it('lists every rendition of one of our own images in srcset', () => {
    expect(IMAGE_RENDITION_WIDTHS).toEqual([320, 640, 1280]);
    expect(imageSrcSet(`/images/${hash}.webp`)).toBe(`/images/${hash}-w320.webp 320w, /images/${hash}-w640.webp 640w, /images/${hash}-w1280.webp 1280w`);
  });

  it('leaves foreign, avatar and malformed URLs alone', () => {
    for (const url of [
      'https://res.cloudinary.com/demo/image/upload/a.jpg',
      `/images/avatar-${hash}.webp`,
      `/images/${hash}-w320.webp`,
      '/images/../etc/passwd',
      '',
      `/images/${hash.toUpperCase()}.webp`,
    ]) {
      expect(imageSrcSet(url)).toBeUndefined();
      expect(ownImageHash(url)).toBeUndefined();
      expect(imageRenditionUrl(url, 320)).toBe(url);
    }
  });

  it('builds one rendition URL', () => {
    expect(imageRenditionUrl(`/images/${hash}.webp`, 640)).toBe(`/images/${hash}-w640.webp`);
  });
});
