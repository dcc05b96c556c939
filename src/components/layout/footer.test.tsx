import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { StorefrontInfo } from '../../../shared/schemas/settings';
import { FooterContent, footerYears, SHOP_SINCE } from './footer';

const INFO: StorefrontInfo = {
  seller: {
    legalName: 'Voltmart Retail Private Limited',
    tradeName: 'Voltmart',
    gstin: '29AAACV1234F1Z5',
    address: '42 Residency Road, Bengaluru, Karnataka 560025',
    email: 'accounts@voltmart.example',
    phone: '+918041234567',
  },
  grievanceOfficer: { name: 'Meera Iyer', email: 'grievance@voltmart.example', phone: '+919845012345' },
  policies: { returns: 'Returns within 7 days.', shipping: 'Ships in 2 days.' },
  shipping: { standardPaise: 4900, expressPaise: 14900, freeAbovePaise: null, standardDays: '3–5', expressDays: '1–2', allIndia: true },
  timeZone: 'Asia/Kolkata',
};

describe('Footer', () => {
  afterEach(cleanup);

  it('shows a year range from the opening year to the current year', () => {
    expect(footerYears(new Date('2026-03-01T00:00:00Z'))).toBe(`${SHOP_SINCE}–2026`);
    expect(footerYears(new Date(`${SHOP_SINCE}-06-01T00:00:00Z`))).toBe(String(SHOP_SINCE));
    // 20:00 UTC on 31 December is already the new year in India, not yet in London.
    expect(footerYears(new Date('2026-12-31T20:00:00Z'))).toBe(`${SHOP_SINCE}–2027`);
    expect(footerYears(new Date('2026-12-31T20:00:00Z'), 'Europe/London')).toBe(`${SHOP_SINCE}–2026`);
  });

  it('renders the shop line and the range before the settings are filled in', () => {
    render(<FooterContent info={null} />, { wrapper: MemoryRouter });
    expect(screen.getByText(/^Voltmart · /)).toBeTruthy();
    expect(screen.getByText(new RegExp(`© ${SHOP_SINCE}–${new Date().getFullYear()} Voltmart`))).toBeTruthy();
    expect(screen.queryByText('Grievance officer')).toBeNull();
  });

  it('names the seller, its GSTIN and address, the grievance officer and the policies', () => {
    render(<FooterContent info={INFO} />, { wrapper: MemoryRouter });
    expect(screen.getByText('Voltmart Retail Private Limited')).toBeTruthy();
    expect(screen.getByText('GSTIN 29AAACV1234F1Z5')).toBeTruthy();
    expect(screen.getByText('42 Residency Road, Bengaluru, Karnataka 560025')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Grievance officer' })).toBeTruthy();
    expect(screen.getByText('Meera Iyer')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'grievance@voltmart.example' }).getAttribute('href')).toBe('mailto:grievance@voltmart.example');
    expect(screen.getByRole('link', { name: 'Returns and refunds' }).getAttribute('href')).toBe('/policies#returns');
  });
});
