import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StarRating } from './star-rating';

describe('StarRating', () => {
  afterEach(cleanup);

  it('draws four full stars and one half star, named for assistive tech', () => {
    const { container } = render(<StarRating />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    expect(container.querySelectorAll('[data-star="full"]')).toHaveLength(4);
    expect(container.querySelectorAll('[data-star="half"]')).toHaveLength(1);
  });
});
