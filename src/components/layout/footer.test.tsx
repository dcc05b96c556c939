import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Footer, footerYears, SHOP_SINCE } from './footer';

describe('Footer', () => {
  afterEach(cleanup);

  it('shows a year range from the opening year to the current year', () => {
    expect(footerYears(new Date('2026-03-01T00:00:00Z'))).toBe(`${SHOP_SINCE}–2026`);
    expect(footerYears(new Date(`${SHOP_SINCE}-06-01T00:00:00Z`))).toBe(String(SHOP_SINCE));
  });

  it('renders the shop line and the range', () => {
    render(<Footer />);
    expect(screen.getByText(/^Voltmart · /)).toBeTruthy();
    expect(screen.getByText(new RegExp(`© ${SHOP_SINCE}–${new Date().getFullYear()} Voltmart`))).toBeTruthy();
  });
});
